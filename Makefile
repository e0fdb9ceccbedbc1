# lunmark: GNU make, no autotools. `make help` lists the targets.
PREFIX ?= /usr/local
MAKEFLAGS += --no-print-directory
DESTDIR ?=
CC ?= cc
PKG_CONFIG ?= pkg-config

SANITIZE ?=
WERROR ?= 0
ifeq ($(SANITIZE),)
BUILD ?= build
else
BUILD ?= build/san-$(subst $(comma),-,$(SANITIZE))
endif
comma := ,

PKGS := liburing libiscsi json-c blkid libxxhash
# What the code needs is added with override, so that `make CFLAGS=-O0`
# changes the optimisation and nothing else.
override CPPFLAGS += -I.
CFLAGS ?= -O2 -g
override CFLAGS += -std=gnu11 -Wall -Wextra -Wshadow -Wformat=2 -Wvla \
	-Wno-missing-field-initializers -pthread -D_GNU_SOURCE \
	$(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
ifeq ($(WERROR),1)
override CFLAGS += -Werror
endif
ifneq ($(SANITIZE),)
override CFLAGS += -fsanitize=$(SANITIZE) -fno-sanitize-recover=all -fno-omit-frame-pointer
override LDFLAGS += -fsanitize=$(SANITIZE)
endif
override LDLIBS += $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null || echo -luring -liscsi -ljson-c -lblkid -lxxhash) \
	-laio -lm -pthread

# kmod-free/: the user-space iSCSI initiator, a static library of its own
# that includes nothing from src/. src/ and fio-compat/: lunmark.
KMF_SRCS := $(wildcard kmod-free/*.c)
KMF_OBJS := $(KMF_SRCS:%.c=$(BUILD)/%.o)
KMF_LIB := $(BUILD)/libkmodfree.a
LIB_SRCS := $(filter-out src/main.c src/mpi/%,$(wildcard src/*.c src/*/*.c)) \
	$(wildcard fio-compat/*.c)
LIB_OBJS := $(LIB_SRCS:%.c=$(BUILD)/%.o)
LIBS := $(BUILD)/liblunmark.a $(KMF_LIB)
BIN := $(BUILD)/lunmark

# lunmark-mpi (src/mpi/, doc/ARCHITECTURE.md): lunmark's mark and run on
# many hosts under mpirun, built with mpicc against the same libraries;
# part of `make all` when mpicc is there, and lunmark never needs MPI.
MPICC ?= mpicc
MPI_SRCS := $(wildcard src/mpi/*.c)
MPI_OBJS := $(MPI_SRCS:%.c=$(BUILD)/%.o)
MPI_BIN := $(BUILD)/lunmark-mpi
HAVE_MPICC := $(shell command -v $(MPICC) 2>/dev/null)

UNIT_SRCS := $(wildcard tests/unit/*.c)
UNIT_OBJS := $(UNIT_SRCS:%.c=$(BUILD)/%.o)
UNIT_BIN := $(BUILD)/tests/unit-tests
CUNIT_CFLAGS := $(shell $(PKG_CONFIG) --cflags cunit 2>/dev/null)
CUNIT_LIBS := $(shell $(PKG_CONFIG) --libs cunit 2>/dev/null || echo -lcunit)

HELPERS := $(BUILD)/tests/lm-noring $(BUILD)/tests/lm-datacheck \
	   $(BUILD)/tests/lm-clockcost

.PHONY: all mpi deps test test-sanitize test-tsan unit unit-bin helpers integration lint fio-profiles \
	demo bench install uninstall clean help fuzz fuzz-bin

all: $(BIN)
ifneq ($(HAVE_MPICC),)
all: $(MPI_BIN)
endif

$(BIN): $(BUILD)/src/main.o $(LIBS)
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

mpi: $(MPI_BIN)

# mpicc runs $(CC) (OMPI_CC), so CC=clang builds it with clang too
$(MPI_BIN): $(MPI_OBJS) $(LIBS)
	OMPI_CC=$(CC) $(MPICC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/src/mpi/%.o: src/mpi/%.c
	@mkdir -p $(dir $@)
	OMPI_CC=$(CC) $(MPICC) $(CFLAGS) $(CPPFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/liblunmark.a: $(LIB_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

$(KMF_LIB): $(KMF_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(CPPFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/tests/unit/%.o: tests/unit/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(CUNIT_CFLAGS) $(CPPFLAGS) -MMD -MP -c -o $@ $<

$(UNIT_BIN): $(UNIT_OBJS) $(LIBS)
	$(CC) $(LDFLAGS) -o $@ $^ $(CUNIT_LIBS) $(LDLIBS)

$(BUILD)/tests/lm-%: tests/helpers/%.c $(LIBS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(CPPFLAGS) -o $@ $^ $(LDLIBS)

-include $(LIB_OBJS:.o=.d) $(KMF_OBJS:.o=.d) $(UNIT_OBJS:.o=.d) $(MPI_OBJS:.o=.d) \
	$(BUILD)/src/main.d

deps:
	bash scripts/deps.sh

unit: $(UNIT_BIN)
	$(UNIT_BIN) $(if $(UNIT_SUITE),"$(UNIT_SUITE)")

integration: $(BIN) $(HELPERS)
	LUNMARK=$(abspath $(BIN)) LM_HELPERS=$(abspath $(BUILD)/tests) \
		bash tests/integration/run.sh

# Everything CI runs (tests/all.sh says how): the plain build through unit
# and integration tests, the ASan+UBSan build through them too, the
# ThreadSanitizer build through the unit tests and TSAN_TESTS, and the
# fuzzers for FUZZ_SECONDS (60) each.
# make test SANITIZE=thread, or =address,undefined (or another): that
# build's pass alone, through every integration test.
ifeq ($(SANITIZE),)
test: deps
	MAKE="$(MAKE)" TSAN_TESTS="$(TSAN_TESTS)" bash tests/all.sh
else ifeq ($(SANITIZE),thread)
test: deps
	$(MAKE) test-tsan TSAN_TESTS=
else
test: deps
	$(MAKE) test-sanitize
endif

# libFuzzer (clang): the fio job-file reader, the iSCSI URL parser, the
# command line and the saved-result reader, each FUZZ_SECONDS from its seed
# corpus in tests/fuzz/corpus/NAME (make -j2 fuzz: two at a time). The code
# under test is built instrumented into each; the rest from the library.
FUZZ_SECONDS ?= 60
FUZZERS := jobfile url cli result
FUZZ_SRCS_jobfile := fio-compat/jobfile.c fio-compat/keywords.c fio-compat/options.c \
	fio-compat/place.c fio-compat/durable.c src/job/place.c \
	fio-compat/values.c src/cli/options.c src/cli/values.c
FUZZ_SRCS_url := kmod-free/url.c
FUZZ_SRCS_cli := src/cli/cli.c src/cli/fiocmd.c src/cli/options.c src/cli/cache.c \
	src/cli/compare.c src/cli/values.c src/units.c fio-compat/values.c
FUZZ_SRCS_result := src/result/load.c src/result/schema.c
FUZZ_BINS := $(FUZZERS:%=$(BUILD)/fuzz/fuzz-%)

fuzz-bin: $(FUZZ_BINS)

.SECONDEXPANSION:
$(BUILD)/fuzz/fuzz-%: tests/fuzz/fuzz_%.c $$(FUZZ_SRCS_$$*) $(LIBS)
	@mkdir -p $(dir $@)
	clang -g -O1 -std=gnu11 -D_GNU_SOURCE -I. \
		$(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null) \
		-fsanitize=fuzzer,address,undefined -o $@ $^ $(LDLIBS)

fuzz: $(FUZZERS:%=fuzz-run-%)

fuzz-run-%: $(BUILD)/fuzz/fuzz-%
	@mkdir -p $(BUILD)/fuzz/corpus-$*
	cp -n tests/fuzz/corpus/$*/* $(BUILD)/fuzz/corpus-$*/ 2>/dev/null || true
	$< -max_total_time=$(FUZZ_SECONDS) -timeout=5 -rss_limit_mb=1024 \
		-print_final_stats=1 $(BUILD)/fuzz/corpus-$* \
		>$(BUILD)/fuzz/$*.log 2>&1 || { tail -40 $(BUILD)/fuzz/$*.log; exit 1; }
	@echo "fuzz-$*: $$(grep -m1 -o 'stat::number_of_executed_units: [0-9]*' $(BUILD)/fuzz/$*.log) in $(FUZZ_SECONDS) s, no crash, leak or hang"

# ASan+UBSan, or the SANITIZE given (make test SANITIZE=address)
ASAN_DEFAULT := address,undefined
ASAN_WITH = $(or $(SANITIZE),$(ASAN_DEFAULT))
test-sanitize:
	$(MAKE) SANITIZE=$(ASAN_WITH) WERROR=1 all unit-bin helpers
	ASAN_OPTIONS=detect_leaks=1 \
		LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp \
		LM_SANITIZED=1 $(MAKE) SANITIZE=$(ASAN_WITH) unit integration

# ThreadSanitizer: the unit tests, and the integration tests whose runs
# have several worker threads, several targets, a signal, a reconnect or
# one write_iolog file written by several threads
# (TSAN_TESTS= for all of them)
TSAN_TESTS ?= t-faults t-engines-data t-iscsi-multi t-sigint t-iscsi-faults \
	t-verify-io t-fio-iolog
test-tsan:
	$(MAKE) SANITIZE=thread WERROR=1 all unit-bin helpers
	TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" LM_SANITIZED=1 \
		LM_TESTS="$(TSAN_TESTS)" $(MAKE) SANITIZE=thread unit integration

unit-bin: $(UNIT_BIN)
helpers: $(HELPERS)

# The main job on a built-in default: the CrystalDiskMark matrix on a test
# file in build/, short enough to watch (override with DEMO_ARGS).
DEMO_DIR ?= $(BUILD)/demo
DEMO_ARGS ?= --size=256m --runs=3 --runtime=2 --interval=1
demo: $(BIN)
	@mkdir -p $(DEMO_DIR)
	$(BIN) mark $(DEMO_DIR) $(DEMO_ARGS)
	bash scripts/demo-iscsi.sh $(BIN) $(DEMO_ARGS)

bench: $(BIN)
	bash scripts/bench-uring.sh

# the checked-in fio job file of every profile (tests/integration/t-fio.sh
# checks that they match --export-fio)
fio-profiles: $(BIN)
	for p in $$($(BIN) profiles | sed -n 's/^\([a-z+]*\): .*/\1/p'); do \
		$(BIN) mark --profile=$$p --export-fio >fio-compat/profiles/$$p.fio; \
	done

LINT_C := $(wildcard src/*.[ch] src/*/*.[ch] kmod-free/*.[ch] \
	fio-compat/*.[ch] tests/unit/*.[ch] tests/helpers/*.c tests/fuzz/*.c)
lint:
	clang-format --dry-run --Werror $(LINT_C)
	cppcheck --quiet --error-exitcode=1 --enable=warning,performance \
		--inline-suppr --std=c11 -D__GNUC__ -I. src kmod-free \
		fio-compat tests/unit tests/helpers tests/fuzz
	shellcheck -x -P SCRIPTDIR scripts/*.sh tests/*.sh tests/integration/*.sh .ci/run
	bash scripts/limits.sh
	@help=$$($(MAKE) -s help); \
	for t in $$(sed -n '/^\.PHONY:/,/[^\\]$$/p' Makefile | tr -d '\\' | \
		sed 's/^\.PHONY://'); do \
		printf '%s\n' "$$help" | grep -q "make \[\?$$t\b" || \
		{ echo "make help does not list '$$t'"; exit 1; }; \
	done

install: $(BIN)
	install -D -m 0755 $(BIN) $(DESTDIR)$(PREFIX)/bin/lunmark
	if [ -x $(MPI_BIN) ]; then install -D -m 0755 $(MPI_BIN) $(DESTDIR)$(PREFIX)/bin/lunmark-mpi; fi
	install -D -m 0644 man/lunmark.1 $(DESTDIR)$(PREFIX)/share/man/man1/lunmark.1

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/lunmark $(DESTDIR)$(PREFIX)/bin/lunmark-mpi \
		$(DESTDIR)$(PREFIX)/share/man/man1/lunmark.1

# BUILD's objects; plain `make clean` removes build/ and every sanitized
# build inside it
clean:
	rm -rf $(BUILD)

help:
	@echo "make [all]        build $(BIN) (and $(KMF_LIB), the kmod-free initiator)"
	@echo "make mpi          build $(MPI_BIN) (mpicc; part of make all when mpicc is found)"
	@echo "make deps         install missing build/test packages (apt-get)"
	@echo "make demo         build and run the CrystalDiskMark matrix on a test file"
	@echo "make test         deps, then every test CI runs (tests/all.sh; as root)"
	@echo "make test-sanitize  the ASan+UBSan pass only"
	@echo "make test-tsan    the ThreadSanitizer pass only (unit, TSAN_TESTS)"
	@echo "make test SANITIZE=thread|address,undefined  that pass only"
	@echo "make unit         CUnit suites only (UNIT_SUITE=NAME: that suite)"
	@echo "make unit-bin     build the CUnit runner only"
	@echo "make helpers      build the integration tests' helper programs"
	@echo "make integration  integration tests only (as root; LM_TESTS=\"t-x t-y\": those)"
	@echo "make bench        lunmark vs fio on a loop device (scripts/bench-uring.sh)"
	@echo "make fuzz         libFuzzer: job files, iSCSI URLs, command line, results (FUZZ_SECONDS=60 each)"
	@echo "make fuzz-bin     build the fuzzers only; make fuzz-run-NAME runs one"
	@echo "make lint         clang-format check, cppcheck, shellcheck, size limits, suppressions"
	@echo "make fio-profiles rewrite fio-compat/profiles/*.fio from --export-fio"
	@echo "make install      to \$$(DESTDIR)\$$(PREFIX) (default /usr/local); make uninstall"
	@echo "make clean        remove \$$(BUILD) (default build/, every sanitized build in it)"
	@echo "make help         this list"
	@echo "switches: WERROR=1, CC=clang, CFLAGS=-O0, BUILD=DIR, SANITIZE=address,undefined (objects in build/san-*)"

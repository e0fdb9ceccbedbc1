#!/usr/bin/env bash
# make test: everything CI runs, stopping at the first stage that fails.
#  0. make lint (clang-format, cppcheck, shellcheck, make help's list);
#  1. the plain -Werror build and its unit tests;
#  2. its integration tests: those whose timing checks another test would
#     disturb (PLAIN_ALONE) one at a time, then the others two at a time
#     (they mostly wait on the clock: one at a time they use a quarter of
#     two cores);
#  3. the ASan+UBSan, ThreadSanitizer and libFuzzer builds;
#  4. the ASan+UBSan unit and integration tests, two at a time (they leave
#     the timing checks out), while the four fuzzers run for FUZZ_SECONDS
#     (60) each, two at a time, at the lowest CPU priority;
#  5. the ThreadSanitizer unit tests and TSAN_TESTS, two at a time.
# Run by the Makefile's test target, which passes MAKE and TSAN_TESTS.
set -u
make=${MAKE:-make}
log=build/fuzz-all.log
mkdir -p build

stage() { echo "=== $* ($(date +%T))"; }

stage "lint"
"$make" lint || exit 1
"$make" WERROR=1 all unit-bin helpers || exit 1
stage "unit tests, plain build"
"$make" unit || exit 1

stage "integration tests, plain build"
LM_ALONE=${PLAIN_ALONE:-"t-fio t-fio-logs t-compare"} LM_PARALLEL=2 "$make" integration || exit 1

stage "ASan+UBSan, ThreadSanitizer and libFuzzer builds"
"$make" -j2 SANITIZE=address,undefined WERROR=1 all unit-bin helpers || exit 1
"$make" -j2 SANITIZE=thread WERROR=1 all unit-bin helpers || exit 1
"$make" -j2 fuzz-bin || exit 1

stage "the fuzzers, in the background at nice 19 (log: $log)"
# their own process group, so that a failure elsewhere stops them all
setsid nice -n 19 "$make" -j2 fuzz >"$log" 2>&1 &
fz=$!
stop_fz() { kill -- -"$fz" 2>/dev/null; wait "$fz" 2>/dev/null; }

stage "ASan+UBSan: unit and integration tests"
LM_PARALLEL=2 "$make" test-sanitize || { stop_fz; exit 1; }

stage "waiting for the fuzzers"
if ! wait "$fz"; then
	tail -40 "$log"
	echo "a fuzzer failed (whole log: $log)"
	exit 1
fi
grep '^fuzz-' "$log"

stage "ThreadSanitizer: unit tests and ${TSAN_TESTS:-TSAN_TESTS}"
LM_PARALLEL=2 "$make" test-tsan || exit 1
stage "all passed"

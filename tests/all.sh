#!/usr/bin/env bash
# make test: everything CI runs, stopping at the first stage that fails.
#  1. the plain -Werror build and its unit tests;
#  2. its integration tests, one at a time, as some compare timings.
#     Meanwhile, at the lowest CPU priority, the ASan+UBSan, ThreadSanitizer
#     and libFuzzer builds, then the four fuzzers for FUZZ_SECONDS each,
#     two at a time: the integration tests mostly wait on the clock (they
#     use about a quarter of two cores), so these take what they leave;
#  3. the ASan+UBSan unit and integration tests, two tests at a time;
#  4. the ThreadSanitizer unit tests and TSAN_TESTS, two at a time.
# Run by the Makefile's test target, which passes MAKE.
set -u
make=${MAKE:-make}
log=build/test-background.log
mkdir -p build

stage() { echo "=== $* ($(date +%T))"; }

$make WERROR=1 all unit-bin helpers || exit 1
stage "unit tests, plain build"
$make unit || exit 1

stage "in the background (nice 19, log in $log): sanitizer and fuzzer builds, then the fuzzers"
# its own process group, so that a failure here can stop all of it
setsid bash -c "nice -n 19 $make SANITIZE=address,undefined WERROR=1 all unit-bin helpers &&
	nice -n 19 $make SANITIZE=thread WERROR=1 all unit-bin helpers &&
	nice -n 19 $make -j2 fuzz" >"$log" 2>&1 &
bg=$!
stop_bg() { kill -- -"$bg" 2>/dev/null; wait "$bg" 2>/dev/null; }

stage "integration tests, plain build"
$make integration || { stop_bg; exit 1; }

stage "waiting for the background builds and fuzzers"
if ! wait "$bg"; then
	tail -40 "$log"
	echo "the sanitizer or fuzzer builds, or a fuzzer, failed (whole log: $log)"
	exit 1
fi
grep '^fuzz-' "$log"

stage "ASan+UBSan: unit and integration tests"
LM_PARALLEL=2 $make test-sanitize || exit 1
stage "ThreadSanitizer: unit tests and ${TSAN_TESTS:-TSAN_TESTS}"
LM_PARALLEL=2 $make test-tsan || exit 1
stage "all passed"

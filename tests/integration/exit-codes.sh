#!/usr/bin/env bash
# The exit codes the integration tests speak of, in one place (lib.sh and
# run.sh source this file, and check it against src/lunmark.h before any
# test runs): lunmark's, named as enum lm_exit in src/lunmark.h names
# them, and a test's own.
# shellcheck disable=SC2034

# lunmark's: what each means is said in src/lunmark.h.
LM_EXIT_OK=0
LM_EXIT_IO=1
LM_EXIT_USAGE=2
LM_EXIT_TARGET=3
LM_EXIT_FIT=4
LM_EXIT_ENGINE=5
LM_EXIT_GUARD=6
LM_EXIT_VERIFY=7
LM_EXIT_INTERRUPTED=130

# lm_exit_of_signal SIG: what lunmark exits with when signal SIG (TERM,
# HUP) stops it: 128 + its number, as a shell reports a death by SIG
lm_exit_of_signal() { echo $((128 + $(kill -l "$1"))); }

# A test's own, the convention automake and liburing use (run.sh counts
# them): passed, failed, skipped (with the reason printed).
LM_PASS=0
LM_FAIL=1
LM_SKIP=77

# lm_exit_codes_check HEADER: do the LM_EXIT_ names above and enum lm_exit
# in HEADER (src/lunmark.h) name the same codes, each both sides? Prints
# what differs and returns 1 if not, so that the two cannot drift apart.
lm_exit_codes_check() {
	local h=$1 name code bad="" n=0
	while read -r name code; do
		n=$((n + 1))
		[ "${!name:-}" = "$code" ] ||
			bad+=" $name is $code in $h but ${!name:-unset} here;"
	done < <(sed -n 's/^[[:space:]]*\(LM_EXIT_[A-Z_]*\) = \([0-9]*\),.*/\1 \2/p' "$h")
	[ "$n" -gt 0 ] || bad+=" no LM_EXIT_ code found in $h;"
	for name in "${!LM_EXIT_@}"; do
		grep -q "^[[:space:]]*$name = " "$h" ||
			bad+=" $name is not in $h;"
	done
	[ -z "$bad" ] && return 0
	echo "exit codes: tests/integration/exit-codes.sh and $h differ:$bad" >&2
	return 1
}

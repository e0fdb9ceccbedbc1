#!/usr/bin/env bash
# Run every integration test, or those LM_TESTS names ("t-mark t-sigint"),
# LM_PARALLEL at a time (default 1: one after the other, each reported as
# it ends; with more, all are reported in order once all have ended).
# Those LM_ALONE names run first, one at a time with nothing beside them:
# the tests whose timing checks another test would disturb (the plain
# pass; the sanitized passes leave those checks out, lm_sanitized). The
# last line is "N passed, N failed, N skipped".
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/exit-codes.sh"
lm_exit_codes_check "$(cd "$here/../.." && pwd)/src/lunmark.h" || exit 1
par=${LM_PARALLEL:-1}
pass=0 failed=0 skipped=0
tests=("$here"/t-*.sh)
if [ -n "${LM_TESTS:-}" ]; then
	tests=()
	for n in $LM_TESTS; do tests+=("$here/$n.sh"); done
fi
res=$(mktemp -d)
trap 'rm -rf "$res"' EXIT

# run_one TEST I: its output, exit code and seconds into $res/I.*
run_one() {
	local start out rc
	start=$(date +%s)
	# a hang is a failure, not a stuck CI run
	out=$(timeout -k 10 600 bash "$1" 2>&1)
	rc=$?
	[ "$rc" -eq 124 ] && out="$out
(timed out after 600 s)"
	printf '%s\n' "$out" >"$res/$2.out"
	echo "$rc $(($(date +%s) - start))" >"$res/$2.rc"
}

# report TEST I
report() {
	local name rc secs
	name=$(basename "$1" .sh)
	read -r rc secs <"$res/$2.rc"
	case $rc in
	"$LM_PASS") pass=$((pass + 1)); echo "PASS $name (${secs}s)" ;;
	"$LM_SKIP") skipped=$((skipped + 1)); echo "SKIP $name: $(grep -m1 '^SKIP' "$res/$2.out")" ;;
	*)
		failed=$((failed + 1))
		echo "FAIL $name (exit $rc, ${secs}s)"
		# the failure's own line first: a long message (a whole report)
		# once pushed it out of the tail below
		grep -m3 'FAIL:' "$res/$2.out" | cut -c1-300 | sed 's/^/  > /'
		tail -30 "$res/$2.out" | sed 's/^/    /'
		;;
	esac
}

# is test I one LM_ALONE names?
alone() { [[ " ${LM_ALONE:-} " == *" $(basename "${tests[$1]}" .sh) "* ]]; }

for i in "${!tests[@]}"; do
	if [ "$par" -le 1 ]; then
		run_one "${tests[$i]}" "$i"
		report "${tests[$i]}" "$i"
	elif alone "$i"; then
		run_one "${tests[$i]}" "$i"
	fi
done
for i in "${!tests[@]}"; do
	if [ "$par" -le 1 ] || alone "$i"; then continue; fi
	while [ "$(jobs -rp | wc -l)" -ge "$par" ]; do wait -n; done
	run_one "${tests[$i]}" "$i" &
done
wait
if [ "$par" -gt 1 ]; then
	for i in "${!tests[@]}"; do report "${tests[$i]}" "$i"; done
fi
echo "$pass passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]

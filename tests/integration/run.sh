#!/usr/bin/env bash
# Run every integration test, or those LM_TESTS names ("t-mark t-sigint");
# the last line is "N passed, N failed, N skipped".
set -u
here=$(cd "$(dirname "$0")" && pwd)
pass=0 failed=0 skipped=0
tests=("$here"/t-*.sh)
if [ -n "${LM_TESTS:-}" ]; then
	tests=()
	for n in $LM_TESTS; do tests+=("$here/$n.sh"); done
fi
for t in "${tests[@]}"; do
	name=$(basename "$t" .sh)
	start=$(date +%s)
	# a hang is a failure, not a stuck CI run
	out=$(timeout -k 10 600 bash "$t" 2>&1)
	rc=$?
	[ "$rc" -eq 124 ] && out="$out
(timed out after 600 s)"
	secs=$(($(date +%s) - start))
	case $rc in
	0) pass=$((pass + 1)); echo "PASS $name (${secs}s)" ;;
	77) skipped=$((skipped + 1)); echo "SKIP $name: $(grep -m1 '^SKIP' <<<"$out")" ;;
	*) failed=$((failed + 1)); echo "FAIL $name (exit $rc, ${secs}s)"; printf '%s\n' "$out" | tail -30 | sed 's/^/    /' ;;
	esac
done
echo "$pass passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]

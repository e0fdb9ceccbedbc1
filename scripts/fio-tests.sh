#!/usr/bin/env bash
# fio's own test jobs (t/jobs/t0001 .. t0026 of fio 3.33's source, each
# checked by fio's t/run-fio-tests.py: its return code, its stderr, and
# for most its JSON or its logs) run with lunmark in fio's place.
#
#   scripts/fio-tests.sh [-q] [-f] [-k] [-s] [TEST...]  (as root: t0006
#   and t0018 run io_uring and libaio on files)
#
# The harness calls a run with anything on stderr failed: lunmark's
# notes go where fio's go (its normal output), but what it does otherwise
# than fio is said there: -q sends lunmark's stderr to a file instead, so
# that the table shows what fails on other grounds. -f runs fio itself first, for
# reference. -k keeps the work directory (under /var/tmp: t0002 and t0006
# write files of up to 5 GiB, sparse where not written). -s also runs
# fio's own test scripts with lunmark as their fio, each in a copy:
# t/readonly.py, t/strided.py (its typo --filesize=N), which fio reads
# as N, mended), t/jsonplus2csv_test.py, t/latency_percentiles.py (6
# min), and t/steadystate_tests.py's workloads (its parse checks read
# fio's --debug output; it needs scipy: python3-scipy).
#
# Left out unless named: t0009 (4 CPUs), t0010 and t0013 (fio's
# io_submit_mode=offload, which lunmark refuses and which hangs fio 3.33
# here). Exits 1 when a test failed. fio's tree comes from
# build/bench/fio-libiscsi (built from Debian's source package by
# scripts/bench-lib.sh, as bench-iscsi.sh does), or $FIO_SRC.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/bench-lib.sh
. "$top/scripts/bench-lib.sh" # lm_bench_fio
quiet=
withfio=
keep=
scripts=
while getopts qfks o; do
	case $o in
	q) quiet=1 ;;
	f) withfio=1 ;;
	k) keep=1 ;;
	s) scripts=1 ;;
	*) sed -n '2,/^set/p' "$0" | sed '$d;s/^# \{0,1\}//' >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ "$(id -u)" -eq 0 ] || { echo "fio-tests: run as root" >&2; exit 2; }
command -v python3 >/dev/null || { echo "fio-tests: python3 missing (run scripts/deps.sh)" >&2; exit 2; }
lunmark=${LUNMARK:-$top/build/lunmark}
[ -x "$lunmark" ] || make -C "$top" -s all || exit 2
lm_bench_fio "$top" # $fio, $fio_src
tests=("$@")
[ ${#tests[@]} -gt 0 ] || tests=(1 2 3 4 5 6 7 8 11 12 14 15 16 17 18 19 20 21 22 23 24 25 26)

work=$(mktemp -d /var/tmp/lunmark-fio-tests.XXXXXX)
cleanup() {
	if [ -n "$keep" ]; then
		echo "fio-tests: kept $work" >&2
	else
		rm -rf "$work"
	fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM
# the harness reads t/jobs and config-host.h under the root it is given
mkdir -p "$work/root/t"
cp -r "$fio_src/t/jobs" "$fio_src/t/run-fio-tests.py" "$work/root/t/"
cp "$fio_src/config-host.h" "$work/root/"
tool=$lunmark
if [ -n "$quiet" ]; then
	tool=$work/lunmark-quiet
	printf '#!/bin/sh\nexec %q "$@" 2>>%q\n' "$lunmark" "$work/lunmark.stderr" >"$tool"
	chmod +x "$tool"
fi
harness() {
	(cd "$work" && python3 "$work/root/t/run-fio-tests.py" -r "$work/root" -f "$1" \
		-a "$work/$2" -o "${tests[@]}") 2>&1 | grep -Ev 'SKIPPED \(User request\)|^(fio root|fio path|Artifact) '
}
if [ -n "$withfio" ]; then
	echo "== fio 3.33 ($fio)"
	harness "$fio" fio
fi
echo "== lunmark ($lunmark)${quiet:+, its stderr set aside}"
harness "$tool" lunmark | tee "$work/lunmark.table"
[ -z "$quiet" ] || echo "(lunmark's stderr: $(wc -l <"$work/lunmark.stderr" 2>/dev/null || echo 0) lines)"
# fio's test scripts (-s): each one's last line, PASSED or FAILED
fio_scripts() {
	local t=$work/root/t py=python3 s flag out rc
	cp "$fio_src"/t/{readonly,strided,jsonplus2csv_test,latency_percentiles,steadystate_tests}.py "$t/"
	mkdir -p "$work/root/tools" "$work/scripts"
	cp "$fio_src/tools/fio_jsonplus_clat2csv" "$work/root/tools/"
	sed -i "s/--filesize={filesize})'/--filesize={filesize}'/; s/--filesize={size})'/--filesize={size}'/" "$t/strided.py"
	sed -i 's/^    parsing = \[ {/    parsing = [] and [ {/' "$t/steadystate_tests.py"
	for s in readonly.py:-f strided.py: jsonplus2csv_test.py:-f latency_percentiles.py:-f steadystate_tests.py:; do
		flag=${s#*:} s=${s%%:*} py=python3
		if [ "$s" = steadystate_tests.py ] && ! python3 -c 'import scipy' 2>/dev/null; then
			py=/usr/bin/python3
			"$py" -c 'import scipy' 2>/dev/null || { echo "$s SKIPPED: no scipy (apt-get install python3-scipy)"; continue; }
		fi
		# shellcheck disable=SC2086 # $flag: none, or the one flag
		# its exit status (its failures, or timeout's 124) apart
		(cd "$work/scripts" && timeout 1800 "$py" "$t/$s" $flag "$1") >"$work/scripts/$s.log" 2>&1
		rc=$?
		out=$(grep -E '^(Test [0-9]+|\*+Test [0-9]+) (PASSED|FAILED)|^(PASSED|FAILED) |passed|FAILED' \
			"$work/scripts/$s.log" | tail -n 1)
		if [ "$rc" -ne 0 ]; then
			echo "$s FAILED: exit $rc: $out (log: $work/scripts/$s.log)"
		elif grep -qE '^FAILED |Test [0-9]+ FAILED|Traceback|(^|[^0-9])[1-9][0-9]* (test\(s\) )?(FAILED|failed)' \
			"$work/scripts/$s.log"; then
			echo "$s FAILED: $out (log: $work/scripts/$s.log)"
		else
			echo "$s PASSED: $out"
		fi
	done
}
if [ -n "$scripts" ]; then
	echo "== fio's test scripts, with lunmark"
	fio_scripts "$lunmark" | tee -a "$work/lunmark.table"
fi
# the exit code: 0 when every test run passed, 1 when one failed
! grep -qE '^Test [0-9]* FAILED|^[a-z_0-9]+\.py FAILED' "$work/lunmark.table"

#!/usr/bin/env bash
# Shared by the benchmark scripts (sourced): options, CPU accounting and
# medians. Sets $rounds and $secs from -r and -t.
# shellcheck disable=SC2034

rounds=3
secs=10
lm_bench_opts() {
	local o OPTIND=1
	while getopts "r:t:" o; do
		case $o in
		r) rounds=$OPTARG ;;
		t) secs=$OPTARG ;;
		*) echo "usage: $0 [-r ROUNDS] [-t SECONDS]" >&2; exit 2 ;;
		esac
	done
}

# cpu_of CMD...: run CMD; print its user+system CPU seconds. Call it in a
# fresh $(...) subshell, whose only child is CMD, so `times`' second line
# (children's user and system time) is CMD's. Needs $work.
cpu_of() {
	"$@" >/dev/null 2>&1
	times >"${work:?}/times"
	awk 'function s(t,  m, x) { split(t, m, "m"); x = m[2]; sub("s", "", x); return m[1] * 60 + x }
		NR == 2 { printf "%.3f", s($1) + s($2) }' "$work/times"
}

# median of the numbers on stdin, one a line; 0 for none
median() { sort -g | awk '{ v[NR] = $1 } END { if (!NR) print 0; else print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

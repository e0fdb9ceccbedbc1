#!/usr/bin/env bash
# How lunmark compare's verdict rule behaves on samples with known
# answers (scripts/compare-calib.c): the share of comparisons called
# "faster or slower" with B equal to A (false alarms, per cell) and with B
# shifted (power), for a cell alone (family 1) and among 20 comparisons
# (a default-profile report: 4 cells x 5 metrics), 5 and 10 runs a side,
# lognormal run-to-run noise of 5% to 40%.
#
#   scripts/compare-calib.sh [TRIALS]        (default 2000 per line)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
trials=${1:-2000}
make -C "$top" -s all
bin=$top/build/compare-calib
cc -O2 -I"$top" -o "$bin" "$top/scripts/compare-calib.c" \
	"$top/build/liblunmark.a" -lm
printf '%5s %7s %6s %7s %12s %12s\n' runs noise ratio family "called diff" "equivalent"
for fam in 1 20; do
	for n in 5 10; do
		for spec in "0.05 1" "0.20 1" "0.40 1" "0.10 1.2" "0.10 1.5"; do
			read -r sd ratio <<<"$spec"
			"$bin" "$n" "$sd" "$ratio" "$fam" "$trials" |
				awk '{ printf "%5d %6.0f%% %6.2f %7d %11.1f%% %11.1f%%\n", $1, $2 * 100, $3, $4, $5 * 100, $6 * 100 }'
		done
	done
done
echo "(ratio 1: called diff is the false-alarm rate; ratio > 1: the power; delta 5%)"

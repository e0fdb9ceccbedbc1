#!/usr/bin/env bash
# How lunmark compare's verdicts behave on samples with known answers
# (scripts/compare-calib.c): for 3, 5 and 10 runs a side and run-to-run
# CVs of 2%, 5%, 10% and 30%, in a table of two configurations of the
# default profile (a family of 16 comparisons, Holm's step-down):
#   - A/A: the share of whole tables with any cell called different;
#   - the power to call a cell faster by 5%, 10%, 2x and 10x, among 15
#     unchanged cells (the hardest case for Holm: its first step);
#   - the power for a 2x change in every cell at once (a setting that
#     slows everything: Holm's later steps ease).
# Prints a Markdown table (the one in README.md).
#
#   scripts/compare-calib.sh [TRIALS]        (default 2000 tables a line)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
trials=${1:-2000}
family=16
make -C "$top" -s all
bin=$top/build/compare-calib
cc -O2 -I"$top" -o "$bin" "$top/scripts/compare-calib.c" \
	"$top/build/liblunmark.a" -lm
echo "| runs a side | CV | A/A tables called different | power 1.05x | power 1.10x | power 2x | power 10x | power 2x, every cell |"
echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for n in 3 5 10; do
	for cv in 0.02 0.05 0.10 0.30; do
		row="| $n | $(awk -v c="$cv" 'BEGIN { printf "%.0f%%", c * 100 }')"
		for ratio in 1 1.05 1.10 2 10; do
			r=$("$bin" "$n" "$cv" "$ratio" "$family" "$trials" | awk '{ printf "%.1f%%", $5 * 100 }')
			row="$row | $r"
		done
		r=$("$bin" "$n" "$cv" 2 "$family" "$trials" "$family" | awk '{ printf "%.1f%%", $5 * 100 }')
		echo "$row | $r |"
	done
done
echo
echo "($trials simulated tables a cell; delta 5%; lognormal noise)"

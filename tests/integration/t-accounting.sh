#!/usr/bin/env bash
# lunmark's byte counts agree with the kernel's: for each engine, the
# bytes lunmark reports equal the sectors the block layer counted for the
# device (/sys/block/loopN/stat), give or take the IOs in flight when the
# measured window opened and closed.
. "$(dirname "$0")/lib.sh"
lm_need_root
lm_sanitized && skip "under the sanitizers: byte counts against the kernel's, checked by the plain pass"

lm_loop 256 512
dev=$LM_DEV
stat=/sys/block/$(basename "$dev")/stat
[ -r "$stat" ] || skip "no $stat"
"$LUNMARK" run "$dev" --rw=write --bs=1m --iodepth=8 --allow-write >/dev/null ||
	fail "prefill write failed"

# kernel_bytes FIELD: sectors read (3) or written (7), in bytes
kernel_bytes() { awk -v f="$1" '{ printf "%.0f\n", $f * 512 }' "$stat"; }

# check ENGINE RW BS QD THREADS DIRFIELD DIRNAME
check() {
	local before after kb lb slack
	before=$(kernel_bytes "$6")
	expect_exit "$LM_EXIT_OK" "$LM_WORK/o" "$LUNMARK" run "$dev" --engine="$1" \
		--rw="$2" --bs="$3" --iodepth="$4" --numjobs="$5" --runtime=2 \
		--time_based --no-prefill --allow-write
	after=$(kernel_bytes "$6")
	kb=$(awk -v a="$after" -v b="$before" 'BEGIN { printf "%.0f", a - b }')
	lb=$(awk -v d="$7" '$1 == d ":" || $1 == d { for (i = 1; i <= NF; i++) if ($i == "MB" && $(i + 1) == "in") { printf "%.0f", $(i - 1) * 1e6; exit } }' "$LM_WORK/o")
	awk -v l="${lb:-0}" 'BEGIN { exit !(l > 0) }' || fail "$1 $2: no byte count in $(cat "$LM_WORK/o")"
	# in flight at each end of the window, plus the 1 kB rounding
	slack=$(awk -v b="$3" -v q="$4" -v t="$5" 'BEGIN {
		m = substr(b, length(b)); n = b + 0
		if (m == "k") n *= 1024; if (m == "m") n *= 1048576
		printf "%.0f", 2 * n * q * t + 1000 }')
	note "$1 $2 bs=$3 QD$4 T$5: lunmark $lb B, kernel $kb B"
	awk -v l="$lb" -v k="$kb" -v s="$slack" 'BEGIN { d = k - l; if (d < 0) d = -d; exit !(d <= s + 0.002 * k) }' ||
		fail "$1 $2: lunmark counted $lb bytes, the kernel $kb"
}

for eng in uring aio; do
	check $eng randread 4k 32 2 3 read
	check $eng read 128k 8 1 3 read
	check $eng randwrite 4k 16 1 7 write
done
check psync randread 4k 1 2 3 read
check psync write 64k 1 1 7 write

# a run too short for a share of a core says so, not "sys=0.00 s (3548.6%)"
expect_exit "$LM_EXIT_OK" "$LM_WORK/short" "$LUNMARK" run --engine=null --size=64k --bs=4k
expect_grep "(too short a run for a share of a core)" "$LM_WORK/short"
exit "$LM_PASS"

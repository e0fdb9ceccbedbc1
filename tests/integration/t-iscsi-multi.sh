#!/usr/bin/env bash
# Several targets at once (two portals, as with two NICs): each target is
# reported, and the sum equals the parts.
. "$(dirname "$0")/lib.sh"
lm_tgt -s 32
a=$URL_RDWR
lm_tgt -s 32 # a second tgtd: a second portal
b=$URL_RDWR

# parts: the IOPS= and "MB in" figures of each block, in order
figs() { grep -E "^  $1 *: IOPS=" "$2" | sed -E 's/.*IOPS=([0-9.]+).* ([0-9.]+) MB in.*/\1 \2/'; }

expect_exit "$LM_EXIT_OK" "$LM_WORK/o" "$LUNMARK" run "$a" "$b" --rw=randrw \
	--bs=4k --iodepth=8 --numjobs=2 --size=16m --runtime=2 --time_based --allow-write
for dir in read write; do
	figs "$dir" "$LM_WORK/o" >"$LM_WORK/f"
	[ "$(wc -l <"$LM_WORK/f")" -eq 3 ] || fail "expected 2 targets and a sum: $(cat "$LM_WORK/o")"
	awk 'NR < 3 { i += $1; m += $2 } NR == 3 {
		# the parts are rounded to 0.1 IOPS and 0.001 MB
		if ($1 - i > 0.2 || i - $1 > 0.2 || $2 - m > 0.003 || m - $2 > 0.003) exit 1
		if ($1 <= 0) exit 1 }' "$LM_WORK/f" ||
		fail "$dir: the sum is not the sum of the parts: $(cat "$LM_WORK/f")"
done
expect_grep "sum of 2 targets, run at once:" "$LM_WORK/o"
[ "$(grep -c '^lunmark .* run: iscsi://' "$LM_WORK/o")" -eq 2 ] || fail "a target block is missing"

# --target repeated, sequential: both targets get the full pass
expect_exit "$LM_EXIT_OK" "$LM_WORK/s" "$LUNMARK" run --target="$a" --target="$b" \
	--rw=write --bs=64k --iodepth=4 --size=16m --allow-write
[ "$(grep -c '16.777 MB in' "$LM_WORK/s")" -eq 2 ] || fail "each target should take 16 MiB: $(cat "$LM_WORK/s")"
expect_grep "33.554 MB in" "$LM_WORK/s"
for u in "$a" "$b"; do
	"$LM_HELPERS/lm-datacheck" iscsi "$u" 16m >/dev/null || fail "$u: blocks astray"
done

# a fio job with both URLs in its filename (':' in a URL written '\:'):
# a session each, the job's IOs and bytes their sum, half each
printf '[m]\nfilename=%s:%s\nrw=write\nbs=64k\niodepth=8\nsize=16m\n' \
	"${a//:/\\:}" "${b//:/\\:}" >"$LM_WORK/m.fio"
expect_exit "$LM_EXIT_OK" "$LM_WORK/m" "$LUNMARK" "$LM_WORK/m.fio" --allow-write \
	--output-format=normal,json
[ "$(grep -c '8.389 MB in' "$LM_WORK/m")" -eq 2 ] || fail "each URL should take 8 MiB: $(cat "$LM_WORK/m")"
expect_grep "sum of 2 targets, run at once:" "$LM_WORK/m"
expect_grep '"total_ios":256' <(tr -d ' \n' <"$LM_WORK/m")

# a file and a loop device at once work the same way
lm_need_root
lm_loop 32 512
truncate -s 32m "$LM_WORK/f.img"
expect_exit "$LM_EXIT_OK" "$LM_WORK/k" "$LUNMARK" run "$LM_DEV" "$LM_WORK/f.img" \
	--rw=read --size=16m --bs=64k --no-prefill
[ "$(grep -c '16.777 MB in' "$LM_WORK/k")" -eq 2 ] || fail "kernel targets: $(cat "$LM_WORK/k")"
exit "$LM_PASS"

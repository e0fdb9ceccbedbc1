#!/usr/bin/env bash
# Every IO is timed on its own: a per-IO latency log of real io_uring at
# QD32 on a loop device, where a batch of completions is reaped at once,
# has few consecutive lines alike. With one clock read per reaped batch,
# the IOs of one submitted and reaped batch shared their time and their
# latency: 83.5% of consecutive lines were identical.
. "$(dirname "$0")/lib.sh"
lm_need_root

lm_loop 256 512
"$LUNMARK" run "$LM_DEV" --rw=write --bs=1m --iodepth=8 --allow-write >/dev/null ||
	fail "prefill write failed"
mkdir "$LM_WORK/log"
printf '[q]\nfilename=%s\ndirect=1\nioengine=io_uring\nrw=randread\nbs=4k\niodepth=32\nruntime=2\ntime_based\nwrite_lat_log=%s/q\n' \
	"$LM_DEV" "$LM_WORK/log" >"$LM_WORK/q.fio"
expect_exit "$LM_EXIT_OK" "$LM_WORK/o" "$LUNMARK" "$LM_WORK/q.fio" --no-prefill
log=$LM_WORK/log/q_clat.1.log
[ -s "$log" ] || fail "no per-IO log $log: $(ls "$LM_WORK/log")"
# lines, and consecutive lines alike (time, latency, direction, size)
read -r n same < <(awk '$0 == prev { s++ } { prev = $0 } END { print NR, s + 0 }' "$log")
note "io_uring QD32: $same of $n consecutive per-IO lines alike"
[ "$n" -ge 1000 ] || fail "only $n IOs logged in 2 s: $(head -3 "$log")"
awk -v s="$same" -v n="$n" 'BEGIN { exit !(s <= 0.05 * n) }' ||
	fail "$same of $n consecutive per-IO log lines alike: IOs share a clock read"
# and the log's times go forward
awk -F, '$1 < t { bad++ } { t = $1 } END { exit bad > 0 }' "$log" ||
	fail "per-IO log times go backwards: $(head -3 "$log")"
exit "$LM_PASS"

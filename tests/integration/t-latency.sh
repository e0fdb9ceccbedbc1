#!/usr/bin/env bash
# fio's latency_target on a real loop device through libaio:
# - A target every depth meets: the depth doubles to the iodepth, one
#   more window at it is measured and reported alone (the device counted
#   the search's IOs too), and the job ends long before its runtime; fio
#   (Debian's) finds the same depth and also reports one window.
# - During a search at QD 1 (a target no IO meets, latency_run=1) the
#   device never has more than one of the job's IOs in flight, and the
#   JSON's iodepth_level, measured, says depth 1, as fio's.
# - One IO over the target at QD 1 with latency_percentile=100 fails the
#   job with fio's ETIMEDOUT (error 110) and says so.
. "$(dirname "$0")/lib.sh"
lm_need_root
command -v jq >/dev/null || skip "jq is not installed (bash scripts/deps.sh)"

lm_loop 64 512
dd if=/dev/urandom of="$LM_DEV" bs=1M count=64 oflag=direct status=none
stat=/sys/block/$(basename "$LM_DEV")/stat
job() { # TARGET PERCENTILE [OPTION...]
	printf '[lt]\nfilename=%s\ndirect=1\nrw=randread\nbs=4k\nioengine=libaio\niodepth=16\nruntime=60\ntime_based\nlatency_target=%s\nlatency_window=250ms\nlatency_percentile=%s\n' \
		"$LM_DEV" "$1" "$2"
	shift 2
	printf '%s\n' "$@"
}

job 500ms 99.9 "write_iops_log=$LM_WORK/lt" >"$LM_WORK/met.fio"
r0=$(awk '{ print $1 }' "$stat")
t0=$(date +%s)
expect_exit "$LM_EXIT_OK" "$LM_WORK/o" "$LUNMARK" "$LM_WORK/met.fio" --no-prefill \
	--output-format=json --output="$LM_WORK/met.json"
secs=$(($(date +%s) - t0))
dev=$(($(awk '{ print $1 }' "$stat") - r0))
read -r depth rt ios err < <(jq -r '.jobs[0] | "\(.latency_depth) \(.job_runtime) \(.read.total_ios) \(.error)"' "$LM_WORK/met.json")
note "met: depth $depth, $ios reads in $rt ms reported, $dev read by the device, $secs s in all"
[ "$depth" = 16 ] || fail "a target every depth meets found depth $depth, not the iodepth 16"
[ "$err" = 0 ] || fail "error $err"
# measured over the window alone, as fio resets its stats for it: the
# search's shallower IOs left out (a last few of its end at most)
jq -e '.jobs[0].iodepth_level["16"] > 99' "$LM_WORK/met.json" >/dev/null ||
	fail "iodepth_level at depth 16: $(jq -c '.jobs[0].iodepth_level' "$LM_WORK/met.json")"
[ "$secs" -lt 40 ] || fail "the job ran $secs s: it did not end after its measured window"
{ [ "$rt" -ge 200 ] && [ "$rt" -le 5000 ]; } || fail "a measured window of $rt ms, not about 250"
[ "$ios" -gt 0 ] || fail "no IO reported"
# and its iops samples, one per IO with a log of every IO, are of the
# window's IOs alone, as fio starts its bw and iops stats again there
n=$(jq -r '.jobs[0].read.iops_samples' "$LM_WORK/met.json")
[ "$n" = "$ios" ] || fail "iops samples of each IO: $n, of $ios reads reported"
awk -v d="$dev" -v n="$ios" 'BEGIN { exit !(d > 1.3 * n) }' ||
	fail "the device read $dev, the report says $ios: the search's IOs were not left out"
[ "$(jq -r '.jobs[0] | "\(.latency_target) \(.latency_window) \(.latency_percentile)"' "$LM_WORK/met.json")" = "500000000 250000 99.9" ] ||
	fail "latency_target, _window, _percentile as fio prints them: $(jq -c '.jobs[0] | [.latency_target, .latency_window, .latency_percentile]' "$LM_WORK/met.json")"
if command -v fio >/dev/null; then
	fio "$LM_WORK/met.fio" --output-format=json --output="$LM_WORK/fio.json" >/dev/null 2>&1 ||
		fail "fio could not run the job"
	read -r fdepth frt < <(jq -r '.jobs[0] | "\(.latency_depth) \(.job_runtime)"' "$LM_WORK/fio.json")
	note "fio: depth $fdepth, $frt ms reported"
	[ "$fdepth" = 16 ] || fail "fio found depth $fdepth here"
	[ "$frt" -le 5000 ] || fail "fio reported $frt ms"
fi

# the search's depth is the device's: at QD 1, one IO in flight
job 1us 99 latency_run=1 runtime=3 >"$LM_WORK/qd1.fio"
"$LUNMARK" "$LM_WORK/qd1.fio" --no-prefill --output-format=json \
	--output="$LM_WORK/qd1.json" >"$LM_WORK/qd1.out" 2>&1 &
pid=$!
max=0
n=0
# a pause without a fork (read times out on a FIFO nobody writes): a
# forked sleep took 80 ms a turn on a loaded machine, 37 samples in 3 s
mkfifo "$LM_WORK/tick"
exec 9<>"$LM_WORK/tick"
inflight=/sys/block/$(basename "$LM_DEV")/inflight
while kill -0 "$pid" 2>/dev/null; do
	read -r a b <"$inflight"
	[ $((a + b)) -le "$max" ] || max=$((a + b))
	n=$((n + 1))
	read -r -t 0.01 -u 9 _ || true
done
exec 9>&-
wait "$pid" || fail "the QD 1 search failed: $(tail -3 "$LM_WORK/qd1.out")"
note "QD 1 search: at most $max in flight over $n samples"
[ "$n" -ge 50 ] || fail "only $n samples of the device's in-flight count"
[ "$max" -le 1 ] || fail "$max IOs in flight during a search at QD 1"
[ "$(jq -c '.jobs[0] | [.latency_depth, .iodepth_level["1"]]' "$LM_WORK/qd1.json")" = "[1,100]" ] ||
	fail "a search at QD 1 reported latency_depth, iodepth_level: $(jq -c '.jobs[0] | [.latency_depth, .iodepth_level]' "$LM_WORK/qd1.json")"

# one IO over it at QD 1, latency_percentile=100: fio's ETIMEDOUT
job 1us 100 >"$LM_WORK/fail.fio"
expect_exit "$LM_EXIT_IO" "$LM_WORK/o" "$LUNMARK" "$LM_WORK/fail.fio" --no-prefill \
	--output-format=json --output="$LM_WORK/fail.json"
[ "$(jq '.jobs[0].error' "$LM_WORK/fail.json")" = 110 ] ||
	fail "error $(jq '.jobs[0].error' "$LM_WORK/fail.json"), not 110"
expect_grep "latency_target=1 us not met at QD 1: an IO took" "$LM_WORK/o"
exit "$LM_PASS"

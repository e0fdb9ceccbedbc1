#!/usr/bin/env bash
# fio's bw and iops samples in the JSON: each thread's rate every
# bwavgtime and iopsavgtime (500 ms by default), over the whole ms
# since the last, summed over a group_reporting job's threads as fio
# sums them; a job under 1 s has its one sample, one under 500 ms none,
# as in fio. The same jobs run by fio and by lunmark on one loop device.
# And each job's usr_cpu, sys_cpu and ctx its own threads', as fio's.
. "$(dirname "$0")/lib.sh"
lm_need_root
command -v jq >/dev/null || skip "jq is not installed (bash scripts/deps.sh)"
lm_fio
lm_loop 64 512
cd "$LM_WORK" || fail "no work directory"

job() { # runtime, extra lines: a QD8 randread alone and a group_reporting pair
	printf '[a]\nfilename=%s\nioengine=libaio\niodepth=8\ndirect=1\nrw=randread\nbs=4k\nruntime=%s\ntime_based\n%s\n[g]\nnew_group\nfilename=%s\nioengine=libaio\niodepth=8\ndirect=1\nrw=randread\nbs=4k\nruntime=%s\ntime_based\nnumjobs=2\ngroup_reporting\n%s\n' \
		"$LM_DEV" "$1" "${2:-}" "$LM_DEV" "$1" "${2:-}" >s.fio
}
counts() { jq -r '[.jobs[] | .read.bw_samples, .read.iops_samples] | map(tostring) | join(" ")' "$1"; }
runs() { # both tools on s.fio
	"$fio" s.fio --output-format=json --output=f.json >f.out 2>&1 || fail "fio: $(head -c 300 f.out)"
	expect_exit "$LM_EXIT_OK" l.out "$LUNMARK" s.fio --output-format=json --output=l.json --no-prefill
}

# 3 s: a sample each 500 ms, none at the end (fio's threads are done by
# then): 5, or 4 if a loaded machine wakes the main thread a period late;
# the pair's are both threads' (fio adds their counts, mins, maxes, means)
job 3
runs
read -r a ai g gi < <(counts l.json)
note "3 s: bw and iops samples of [a] and of [g]'s two threads: fio $(counts f.json), lunmark $a $ai $g $gi"
{ [ "$a" = "$ai" ] && [ "$a" -ge 4 ] && [ "$a" -le 5 ]; } ||
	fail "3 s: $a bw and $ai iops samples, where fio takes 5"
{ [ "$g" -ge $((2 * 4)) ] && [ "$g" -le $((2 * 5)) ]; } || fail "group_reporting of 2 threads: $g samples"
read -r fa _ fg _ < <(counts f.json)
{ [ $((a - fa)) -le 1 ] && [ $((fa - a)) -le 1 ] && [ $((g - fg)) -le 2 ] && [ $((fg - g)) -le 2 ]; } ||
	fail "3 s: fio $(counts f.json), lunmark $(counts l.json)"
# what the samples say: min <= mean <= max, the mean near the job's own
# rate (the samples cover all but the last part second)
jq -e '.jobs[] | .read | .bw_min <= .bw_mean and .bw_mean <= .bw_max and .iops_min <= .iops_mean and
	.iops_mean <= .iops_max and .bw_mean > 0.7 * .bw and .bw_mean < 1.4 * .bw and .bw_dev >= 0 and
	.iops_mean > 0.7 * .iops and .iops_mean < 1.4 * .iops and .bw_agg > 0 and .bw_agg <= 100' l.json >/dev/null ||
	fail "the samples' figures: $(jq -c '[.jobs[].read | {bw, bw_min, bw_max, bw_mean, bw_dev, bw_agg, iops, iops_min, iops_max, iops_mean}]' l.json)"
# terse carries the same bw_min, bw_max and bw_mean (fields 42, 43, 45 of
# a read)
expect_exit "$LM_EXIT_OK" l.out "$LUNMARK" s.fio --minimal --no-prefill --output=l.terse
t=$(awk -F';' 'NR == 1 { print ($42 + 0 <= $45 + 0 && $45 + 0 <= $43 + 0 && $43 + 0 > 0) }' l.terse)
[ "$t" = 1 ] || fail "terse bw min, mean, max: $(awk -F';' 'NR == 1 { print $42, $45, $43 }' l.terse)"

# under 1 s: one sample at 500 ms, taken if the main thread wakes before
# the job's end; a loaded machine may wake it late, so one of three runs
job 900ms
for k in 1 2 3; do
	runs
	[ "$(counts l.json)" = "1 1 2 2" ] && break
	note "900 ms, run $k: lunmark $(counts l.json) (a late wake-up?)"
done
note "900 ms: fio $(counts f.json), lunmark $(counts l.json)"
[ "$(counts l.json)" = "1 1 2 2" ] || fail "900 ms: lunmark $(counts l.json) samples in 3 runs, not 1 1 2 2"
job 400ms
runs
note "400 ms: fio $(counts f.json), lunmark $(counts l.json)"
{ [ "$(counts l.json)" = "0 0 0 0" ] && [ "$(counts f.json)" = "0 0 0 0" ]; } ||
	fail "400 ms: fio $(counts f.json), lunmark $(counts l.json), where neither takes a sample"
jq -e '.jobs[0].read | .bw_min == 0 and .bw_max == 0 and .bw_agg == 0 and .iops_mean == 0' l.json >/dev/null ||
	fail "no samples, yet figures: $(jq -c '.jobs[0].read | [.bw_min, .bw_max, .bw_agg, .iops_mean]' l.json)"

# bwavgtime and iopsavgtime: their own periods
job 2 $'bwavgtime=250\niopsavgtime=1000'
runs
read -r a ai _ < <(counts l.json)
note "2 s, bwavgtime=250, iopsavgtime=1000: fio $(counts f.json), lunmark $(counts l.json)"
# (a second sample at the end, 2 s in, where a loaded machine ends the
# job late: 1 or 2 of 1000 ms, never the 6 or more of 250 ms)
{ [ "$a" -ge 6 ] && [ "$a" -le 7 ] && [ "$ai" -ge 1 ] && [ "$ai" -le 2 ]; } ||
	fail "bwavgtime=250: $a bw samples in 2 s; iopsavgtime=1000: $ai"
# an averaged log's window is the samples' period where none was given
# (fio's log setup sets it), and a given one stays
job 2 $'write_bw_log=lg\nwrite_iops_log=lg\nlog_avg_msec=250\niopsavgtime=1000'
runs
read -r a ai _ < <(counts l.json)
read -r fa fai _ < <(counts f.json)
note "2 s, logs of 250 ms windows, iopsavgtime=1000: fio $(counts f.json), lunmark $(counts l.json)"
{ [ "$a" -ge 6 ] && [ "$a" -le 7 ] && [ "$ai" -ge 1 ] && [ "$ai" -le 2 ] && [ "$fa" -ge 6 ] &&
	[ "$fai" -ge 1 ] && [ "$fai" -le 2 ]; } ||
	fail "log_avg_msec=250: fio $fa bw samples in 2 s, lunmark $a; iopsavgtime=1000: fio $fai, lunmark $ai"

# usr_cpu, sys_cpu and ctx are each job's own threads', as fio's: a job
# that spins (the null engine at QD32) and one held to 50 IOPS, at once
# in one process, do not show the same (the process's) figures
printf '[global]\nioengine=null\nsize=1g\nbs=4k\nrw=randread\ntime_based\nruntime=1\n[busy]\niodepth=32\n[idle]\nrate_iops=50\n' >c.fio
cpu() { jq -r '[.jobs[] | .usr_cpu + .sys_cpu, .ctx] | map(tostring) | join(" ")' "$1"; }
"$fio" c.fio --output-format=json --output=cf.json >f.out 2>&1 || fail "fio: $(head -c 300 f.out)"
expect_exit "$LM_EXIT_OK" l.out "$LUNMARK" c.fio --output-format=json --output=cl.json
read -r busy _ idle ictx < <(cpu cl.json)
note "CPU % and ctx of a spinning job and a 50 IOPS one: fio $(cpu cf.json), lunmark $busy _ $idle $ictx"
awk -v b="$busy" -v i="$idle" 'BEGIN { exit !(b > 10 * i && i < 5) }' ||
	fail "the spinning job's CPU ($busy %) is not far above the 50 IOPS job's ($idle %)"
{ [ "$ictx" -ge 10 ] && [ "$ictx" -le 500 ]; } ||
	fail "the 50 IOPS job's own context switches: $ictx (fio's: about 50)"
exit "$LM_PASS"

#!/usr/bin/env bash
# The logs of every IO fit in memory: all of a run's records of every IO,
# its threads' and jobs' together, take at most half the memory the run
# finds free at its start (MemAvailable, capped by the room its memory
# cgroups leave, their page cache that can be dropped left out). A
# null-engine job logging every IO makes millions of 40-byte records a
# second; in a memory cgroup of 192 MiB, two threads of 4 Mi IOs each must
# end with their logs cut short and say so, not be killed by the kernel's
# OOM killer, as they were with a cap per thread alone (32 Mi IOs, 1.25
# GiB). So must a log averaged over windows that are not whole seconds,
# which is made from the same record.
. "$(dirname "$0")/lib.sh"
[ "$(id -u)" -eq 0 ] || skip "needs root (a memory cgroup)"
lm_sanitized && skip "ASan's shadow memory and quarantine count against the cgroup's limit; the plain pass checks the budget"
lm_memcg $((192 << 20))
# the logs on disk: on tmpfs they would take their size in the cgroup too
logs=$(mktemp -d /var/tmp/lunmark-test.XXXXXX)
lm_dirs+=("$logs")
# in_cg NAME LUNMARK-ARG...: lunmark in the cgroup, its stderr in
# $LM_WORK/NAME.err, its exit status in $LM_WORK/NAME.rc
in_cg() {
	local name=$1
	shift
	(
		echo "$BASHPID" >"$LM_CG_PROCS"
		exec "$LUNMARK" "$@"
	) 2>"$LM_WORK/$name.err" || echo $? >"$LM_WORK/$name.rc"
	rc=$(cat "$LM_WORK/$name.rc" 2>/dev/null || echo 0)
	[ "$rc" = 0 ] || fail "$name: exit $rc in a cgroup of 192 MiB$([ "$rc" = 137 ] && echo ' (killed: out of memory)'): $(head -c 600 "$LM_WORK/$name.err")"
	note "$name: $(cat "$LM_WORK/$name.err")"
}
job=(--ioengine=null --rw=read --bs=4k --size=1g --io_size=16g --numjobs=2)
in_cg every --name=j "${job[@]}" --write_iops_log="$logs/j" \
	--output-format=json --output="$LM_WORK/o.json"
# the budget the note names: half the cgroup's room or less
mib=$(sed -n 's/.*(the run.s \([0-9]*\) MiB for such records.*/\1/p' "$LM_WORK/every.err" | head -1)
[ -n "$mib" ] || fail "no note of the logs cut by the run's budget: $(head -c 600 "$LM_WORK/every.err")"
if [ "$mib" -gt 96 ] || [ "$mib" -lt 32 ]; then
	fail "a budget of $mib MiB in a cgroup of 192 MiB (half its room: 96 MiB at most)"
fi
ios=$(jq '[.jobs[].read.total_ios] | add' "$LM_WORK/o.json")
lines=$(cat "$logs"/j_iops.[12].log | wc -l)
note "budget $mib MiB: $lines of $ios IOs logged"
[ "$ios" -eq $((2 * 4 << 20)) ] || fail "$ios IOs done, not 2 x 4 Mi"
# 40 bytes a record, chunks of 64 Ki records: the logs hold the budget
# less a chunk a thread at most, and no more than the budget
chunk=$((64 << 10))
if [ "$lines" -gt $((mib * (1 << 20) / 40)) ] ||
	[ "$lines" -lt $((mib * (1 << 20) / 40 - 3 * chunk)) ]; then
	fail "$lines records logged under a budget of $mib MiB ($((mib * (1 << 20) / 40)) records)"
fi
# a log of 250 ms windows is made from the record of every IO: cut too,
# and said so; its windows stop where the record stopped
in_cg avg --name=a "${job[@]}" --write_bw_log="$logs/a" --log_avg_msec=250 \
	--output-format=json --output="$LM_WORK/a.json"
grep -q "job 'a': logs numbered 2 stop after [0-9]* IOs" "$LM_WORK/avg.err" ||
	fail "no note of the averaged log cut short: $(head -c 600 "$LM_WORK/avg.err")"
exit "$LM_PASS"

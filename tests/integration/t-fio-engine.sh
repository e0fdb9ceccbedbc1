#!/usr/bin/env bash
# fio's io_uring and libaio engines' own options, against fio 3.33 on a
# direct-IO loop device:
# - sqthread_poll_cpu=1: the SQPOLL thread (iou-sqp-PID, a thread of the
#   process) may run on CPU 1 alone (its Cpus_allowed_list), as fio's;
#   without it on every CPU;
# - force_async=1: io_uring's workers (iou-wrk-PID) take the IOs, as
#   fio's; none without it;
# - nowait=1 (io_uring and libaio): a buffered read of a device whose page
#   cache the job dropped fails with EAGAIN in both tools (error 11, exit
#   1), and lunmark says why; a direct read does what fio does;
# - hipri on the loop device, which does not poll: each tool's IOs fail
#   with EOPNOTSUPP (error 95), and lunmark says why;
# - fixedbufs, registerfiles, nonvectored, cmd_type, userspace_reap:
#   taken, the IOs and "job options" as fio's; an engine's option in a
#   job of another engine refused as fio refuses it ("Bad option"), and
#   uncached on a buffered job refused (fio's IOs fail with EOPNOTSUPP);
# and two more that ask the kernel for something: fadvise_hint (the
# requests a buffered read makes of the device, as fio's) and nice (the
# job's threads' niceness; below 0 refused to a user without
# CAP_SYS_NICE).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fio-lib.sh"
lm_fio_setup
[ "$(nproc)" -ge 2 ] || skip "one CPU: sqthread_poll_cpu=1 needs a second"

# threads TOOL ARG...: the io_uring threads (iou-sqp, iou-wrk) TOOL's run
# of ARG... had, looked for every 0.2 s while it ran (a loaded host may
# start its job late): a line each, "iou-sqp CPUS", in $thr
threads() {
	local t=$1 p pid i c cpus seen=
	shift
	if [ "$t" = fio ]; then
		"$fio" "$@" --output-format=terse >f.out 2>&1 &
	else
		"$LUNMARK" "$@" --output-format=terse >f.out 2>&1 &
	fi
	p=$!
	while kill -0 "$p" 2>/dev/null; do
		# fio's job is a process of its own, lunmark's a thread; an
		# idle io_uring worker may be gone between listing and read
		for pid in "$p" $(pgrep -P "$p"); do
			for i in /proc/"$pid"/task/*; do
				c=$(cat "$i/comm" 2>/dev/null) || continue
				cpus=$(awk '/^Cpus_allowed_list/ { print $2 }' "$i/status" 2>/dev/null) || continue
				case $c in
				iou-sqp-* | iou-wrk-*) seen="$seen${c%-*} $cpus"$'\n' ;;
				esac
			done
		done
		sleep 0.2
	done
	wait "$p" || fail "$t $*: $(head -c 300 f.out)"
	thr=$(printf '%s' "$seen" | sort -u | sed '/^$/d')
}
ring=(--name=a --ioengine=io_uring --filename="$LM_DEV" --direct=1 --rw=randread --iodepth=8 --time_based --runtime=3)
all=$(awk '/^Cpus_allowed_list/ { print $2 }' /proc/self/status)
while IFS='|' read -r what opts want; do
	for t in fio lunmark; do
		# shellcheck disable=SC2086 # the options, word by word
		threads "$t" "${ring[@]}" $opts
		note "$what, $t: $(echo "$thr" | tr '\n' ',')"
		[ "$thr" = "${want//ALL/$all}" ] ||
			fail "$what: $t's io_uring threads '$thr', expected '${want//ALL/$all}'"
	done
	ok "$what: fio's io_uring threads"
done <<'EOF'
sqthread_poll_cpu=1|--sqthread_poll --sqthread_poll_cpu=1|iou-sqp 1
sqthread_poll|--sqthread_poll|iou-sqp ALL
force_async=1|--force_async=1|iou-wrk ALL
no engine option||
EOF

# one TOOL ARG...: TOOL's run of ARG..., its terse line's error (field 5)
# and KiB read (field 6) in $res, its exit in $rc, what it said in o.TOOL
one() {
	local t=$1
	shift
	rc=0
	if [ "$t" = fio ]; then
		timeout -k 5 60 "$fio" "$@" --output-format=terse >o.fio 2>&1 || rc=$?
	else
		"$LUNMARK" "$@" --output-format=terse >o.lunmark 2>&1 || rc=$?
	fi
	res=$(grep -h '^3;' "o.$t" | cut -d';' -f5,6)
}
base=(--name=a --filename="$LM_DEV" --rw=read --size=8m)
while IFS='|' read -r what opts want why; do
	# shellcheck disable=SC2086
	one fio "${base[@]}" $opts
	f="$res $rc"
	# shellcheck disable=SC2086
	one lunmark "${base[@]}" $opts
	note "$what: error;KiB read, exit: fio $f, lunmark $res $rc"
	[ "$f" = "$want" ] || fail "$what: fio gives $f, where this test expects $want"
	[ "$res $rc" = "$f" ] || fail "$what: lunmark $res $rc, fio $f"
	[ -z "$why" ] || expect_grep "$why" o.lunmark
	ok "$what as fio's"
done <<'EOF'
nowait=1 buffered, io_uring|--ioengine=io_uring --nowait=1|11;0 1|(nowait: the IO would have waited
nowait=1 buffered, libaio|--ioengine=libaio --nowait=1|11;0 1|(nowait: the IO would have waited
nowait=1 direct, libaio|--ioengine=libaio --nowait=1 --direct=1|0;8192 0|
hipri, io_uring|--ioengine=io_uring --hipri --direct=1|95;0 1|(hipri: polled completions need a device that polls them
EOF

# the taken ones: the same IOs, the same options in the JSON
both "${base[@]}" --ioengine=io_uring --fixedbufs --registerfiles --nonvectored=0 --cmd_type=nvme --direct=1
same '.jobs[0].read.total_ios' '.jobs[0]."job options"'
both "${base[@]}" --ioengine=libaio --userspace_reap --iodepth=4 --direct=1
same '.jobs[0].read.total_ios' '.jobs[0]."job options"'
ok "fixedbufs, registerfiles, nonvectored, cmd_type, userspace_reap taken"

# another engine's option: refused by both, lunmark with file:line
printf '[a]\nioengine=libaio\nfilename=%s\nsize=1m\nfixedbufs\n' "$LM_DEV" >bad.fio
"$fio" --parse-only bad.fio >f.out 2>&1 && fail "fio took fixedbufs with libaio"
expect_grep "Bad option <fixedbufs>" f.out
expect_exit "$LM_EXIT_USAGE" l.out "$LUNMARK" --parse-only bad.fio
expect_grep "bad.fio:5: fixedbufs= is an option of ioengine=io_uring, and [a] runs on libaio" l.out
expect_exit "$LM_EXIT_USAGE" l.out "$LUNMARK" "${base[@]}" --ioengine=psync --nowait=1
expect_grep "nowait= is an option of ioengine=io_uring and libaio, and [a] runs on psync" l.out
# a job of another engine than its [global]'s starts from that engine's
# defaults (fio's ioengine_load()): [a] on libaio reads, [b] on the
# inherited io_uring keeps nowait and fails, in both tools
printf '[global]\nioengine=io_uring\nsqthread_poll\nnowait=1\nfilename=%s\nsize=4m\nrw=read\n[a]\nioengine=libaio\n[b]\nstonewall\n' \
	"$LM_DEV" >reload.fio
q='[.jobs[] | [.jobname, .error, .read.total_ios]]'
"$fio" reload.fio --output-format=json --output=fio.json >/dev/null 2>&1 || : # b fails, exit 1
"$LUNMARK" reload.fio --output-format=json --output=lm.json >/dev/null 2>&1 || :
sed -i -n '/^{/,/^}/p' fio.json
[ "$(jq -c "$q" fio.json)" = '[["a",0,1024],["b",11,1]]' ] || fail "reload.fio: fio gives $(jq -c "$q" fio.json)"
same "$q"
ok "another engine than the [global]'s: its own options' defaults, as fio's"

# pvsync2's own hipri, which fio takes: lunmark says it runs pvsync2 as psync
"$fio" --parse-only "${base[@]}" --ioengine=pvsync2 --hipri >f.out 2>&1 || fail "fio refused pvsync2's hipri: $(head -c 300 f.out)"
expect_exit "$LM_EXIT_USAGE" l.out "$LUNMARK" "${base[@]}" --ioengine=pvsync2 --hipri
expect_grep "hipri= is an option of ioengine=io_uring, and of fio's pvsync2, which lunmark runs as psync" l.out
# uncached on a buffered job: fio's IOs fail, lunmark refuses it
one fio "${base[@]}" --ioengine=io_uring --uncached=1
[ "$res" = "95;0" ] || fail "fio's buffered uncached=1: $res, expected its IOs to fail (95)"
expect_exit "$LM_EXIT_USAGE" l.out "$LUNMARK" "${base[@]}" --ioengine=io_uring --uncached=1
expect_grep "uncached= on a buffered job" l.out
both "${base[@]}" --ioengine=io_uring --uncached=1 --direct=1
same '.jobs[0].read.total_ios'
ok "engine options where fio refuses them, or fails"

# fadvise_hint on a buffered sequential read of the device: what reaches
# it (/sys/block/loopN/stat: reads, sectors) is fio's; random turns the
# readahead off (a 4 KiB request a read), the others read ahead
dev=${LM_DEV#/dev/}
for h in 1 random 0 sequential; do
	for t in fio lunmark; do
		read -r r0 _ s0 _ <"/sys/block/$dev/stat"
		one "$t" "${base[@]}" --fadvise_hint="$h"
		read -r r1 _ s1 _ <"/sys/block/$dev/stat"
		[ "$rc" = 0 ] || fail "fadvise_hint=$h: $t exited $rc"
		eval "${t}_at=\"$((r1 - r0)) $((s1 - s0))\""
	done
	# shellcheck disable=SC2154 # set by the eval above
	note "fadvise_hint=$h: requests, sectors at the device: fio $fio_at, lunmark $lunmark_at"
	[ "$lunmark_at" = "$fio_at" ] || fail "fadvise_hint=$h: the device saw $lunmark_at under lunmark, $fio_at under fio"
	case $h in
	random) [ "$lunmark_at" = "2048 16384" ] ;;
	*) [ "${lunmark_at%% *}" -lt 200 ] ;;
	esac || fail "fadvise_hint=$h: $lunmark_at requests and sectors"
done
ok "fadvise_hint: the device sees fio's requests"

# nice: the job's thread (fio's job process) at that niceness; below 0
# without CAP_SYS_NICE an error in both
nices() {
	local p=$1 pid i seen=
	while kill -0 "$p" 2>/dev/null; do
		for pid in "$p" $(pgrep -P "$p"); do
			for i in /proc/"$pid"/task/*; do
				seen="$seen $(awk '{ print $19 }' "$i/stat" 2>/dev/null || :)"
			done
		done
		sleep 0.2
	done
	echo "$seen" | tr ' ' '\n' | sed '/^$/d' | sort -un | tr '\n' ' '
}
for t in fio lunmark; do
	if [ "$t" = fio ]; then tool=$fio; else tool=$LUNMARK; fi
	"$tool" --name=a --ioengine=null --size=1g --time_based --runtime=2 --nice=7 --output-format=terse >n.out 2>&1 &
	got=$(nices $!)
	wait $! || fail "$t nice=7: $(head -c 300 n.out)"
	note "nice=7, $t: the niceness of its threads: $got"
	[ "$got" = "0 7 " ] || fail "nice=7: $t's threads at $got, expected the job's at 7"
	rc=0
	setpriv --reuid=65534 --regid=65534 --clear-groups "$tool" --name=a --ioengine=null --size=1m \
		--nice=-5 --output-format=terse >n.out 2>&1 || rc=$?
	[ "$rc" != 0 ] || fail "nice=-5 as nobody: $t exited 0"
done
expect_grep "nice: setting the thread's niceness: Operation not permitted (a nice below 0 needs root or CAP_SYS_NICE)" n.out
ok "nice: the job's threads' niceness, as fio's"

echo "$passed passed, 0 failed"

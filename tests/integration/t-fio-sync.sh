#!/usr/bin/env bash
# fio's fsync, fdatasync, end_fsync, fsync_on_close and sync, against fio
# 3.33:
# - a direct-IO loop device, whose write cache makes each fsync a flush
#   request (counted in /sys/block/loopN/stat): with psync, libaio at QD 8,
#   fdatasync, both at once, end_fsync, fsync_on_close, gtod_reduce and
#   sync= (O_SYNC: two flushes a direct write), the flushes that reach
#   the device, the JSON's sync total_ios and N and
#   the writes are fio's, and at QD 1 its iodepth_level shares (which add
#   up past 100 with the syncs, as fio's);
# - the "sync" key tree with and without syncs, json+'s bins with them;
# - end_fsync inside the job's runtime: the runtime spans the first write
#   to the fsync's return (strace -ttt -T), where a sync after the runtime
#   would leave the fsync's time out;
# - a tgtd LUN through lunmark's own initiator: each sync a SYNCHRONIZE
#   CACHE, which tgtd's rdwr store turns into an fdatasync of its backing
#   file (strace on tgtd), as many as fio-libiscsi's at QD 1; sync=1's
#   writes carry FUA, which tgtd follows with an fdatasync each;
# - etcd's disk check verbatim (bs=2300, fdatasync=1): fio's counts;
# - sync=1 on a file lunmark makes: its prefill written without O_SYNC,
#   the job's writes with it (strace); buffered --verify in blocks
#   smaller than a 4K-sector device's refused;
# - the text report's sync line; bad values refused with file:line.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fio-lib.sh"
command -v strace >/dev/null || skip "strace is not installed (bash scripts/deps.sh)"
lm_fio_setup
dev=${LM_DEV#/dev/}
[ "$(cat "/sys/block/$dev/queue/write_cache")" = "write back" ] ||
	skip "$LM_DEV has no write cache: an fsync sends it no flush to count"
[ "$(wc -w <"/sys/block/$dev/stat")" -ge 17 ] || skip "this kernel counts no flush requests (/sys/block/$dev/stat)"
flushes() { awk '{ print $16 }' "/sys/block/$dev/stat"; }

# run TOOL NAME OPTIONS...: the job on the device; its JSON in NAME.TOOL.json
# and the flushes it sent in $fl
run() {
	local t=$1 n=$2 a
	shift 2
	a=$(flushes)
	if [ "$t" = fio ]; then
		timeout -k 5 120 "$fio" --name=w --filename="$LM_DEV" "$@" --output-format=json \
			--output="$n.fio.json" >f.out 2>&1 || fail "fio $n: $(head -c 300 f.out)"
	else
		expect_exit "$LM_EXIT_OK" l.out "$LUNMARK" --name=w --filename="$LM_DEV" "$@" \
			--allow-write --output-format=json --output="$n.lunmark.json"
	fi
	fl=$(($(flushes) - a))
}
common=(--rw=write --bs=4k --size=1m --ioengine=psync --direct=1)
sig='.jobs[0] | "\(.sync.total_ios) \(.sync.lat_ns.N) \(.write.total_ios)"'
depths='.jobs[0].iodepth_level | [.[]] | map(tostring) | join(" ")'
# name, its options, what fio gives (fsyncs, syncs timed, writes; flushes)
while IFS='|' read -r name opts want; do
	# shellcheck disable=SC2086 # the options, word by word
	run fio "$name" "${common[@]}" $opts
	ffl=$fl
	# shellcheck disable=SC2086
	run lunmark "$name" "${common[@]}" $opts
	f=$(jq -r "$sig" "$name.fio.json") l=$(jq -r "$sig" "$name.lunmark.json")
	note "$name ($opts): fsyncs, syncs timed, writes: fio $f, lunmark $l; flushes: fio $ffl, lunmark $fl"
	[ "$f $ffl" = "$want" ] || fail "$name: fio gives $f $ffl, where this test expects $want"
	[ "$l $fl" = "$f $ffl" ] || fail "$name: lunmark $l with $fl flushes, fio $f with $ffl"
	case $opts in
	*libaio*) ;; # at QD 8 the depth of each sync depends on the reaps
	*)
		f=$(jq -r "$depths" "$name.fio.json") l=$(jq -r "$depths" "$name.lunmark.json")
		[ "$f" = "$l" ] || fail "$name: iodepth_level fio $f, lunmark $l"
		;;
	esac
	ok "$name as fio's"
done <<'EOF'
fsync16|--fsync=16|15 15 256 15
fsync1|--fsync=1|255 255 256 255
fdatasync16|--fdatasync=16|0 15 256 15
both|--fsync=16 --fdatasync=8|15 31 256 31
end|--end_fsync=1|0 0 256 1
endsync|--fsync=16 --end_fsync=1|15 15 256 16
close|--fsync_on_close=1|0 0 256 1
aio|--fsync=16 --ioengine=libaio --iodepth=8|15 15 256 15
reduce|--fsync=16 --gtod_reduce=1|15 0 256 15
read|--fsync=16 --end_fsync=1 --rw=read|0 0 0 0
osync|--sync=1|0 0 256 512
odsync|--sync=dsync|0 0 256 512
oread|--sync=1 --rw=read|0 0 0 0
obuf|--sync=1 --direct=0|0 0 256 256
trimw|--rw=trimwrite --fsync=5 --end_fsync=1|0 0 256 1
rest|--size=1026k --fsync=1|256 256 257 256
EOF
jq -e '.jobs[0].iodepth_level["1"] > 105' fsync16.lunmark.json >/dev/null ||
	fail "fsync=16: iodepth_level does not count the syncs over the writes alone, as fio's"
for n in fsync16 end; do
	same_keys "$n" "$n.fio.json" "$n.lunmark.json" pct
done
jq -e '.jobs[0].sync.lat_ns | .percentile["50.000000"] > 0 and .min > 0 and .max >= .mean' fsync16.lunmark.json \
	>/dev/null || fail "fsync=16: no sync latencies: $(jq -c .jobs[0].sync fsync16.lunmark.json)"
expect_exit "$LM_EXIT_OK" l.out "$LUNMARK" --name=w --filename="$LM_DEV" "${common[@]}" --fsync=16 \
	--allow-write --output-format=json+ --output=plus.json
jq -e '.jobs[0].sync.lat_ns | (.bins | add) == 15' plus.json >/dev/null ||
	fail "json+: the syncs' bins do not hold 15: $(jq -c .jobs[0].sync.lat_ns.bins plus.json)"
ok "the sync keys, percentiles and json+ bins"

# etcd's disk check, as its documentation gives it: buffered writes of
# 2300 bytes, an fdatasync after each, and one more where fio's loop
# finds the last 1972 bytes of 22 MiB fit no block
mkdir etcd
e='.jobs[0] | "\(.write.total_ios) \(.write.io_bytes) \(.sync.total_ios) \(.sync.lat_ns.N) \(.iodepth_level["1"])"'
timeout -k 5 120 "$fio" --rw=write --ioengine=sync --fdatasync=1 --directory="$LM_WORK/etcd" --size=22m --bs=2300 \
	--name=mytest --output-format=json --output=etcd.fio.json >f.out 2>&1 || fail "fio, etcd's check: $(head -c 300 f.out)"
rm -f etcd/*
expect_exit "$LM_EXIT_OK" l.out "$LUNMARK" --rw=write --ioengine=sync --fdatasync=1 --directory="$LM_WORK/etcd" \
	--size=22m --bs=2300 --name=mytest --output-format=json --output=etcd.lunmark.json
f=$(jq -r "$e" etcd.fio.json) l=$(jq -r "$e" etcd.lunmark.json)
note "etcd's check: writes, bytes, fsyncs, syncs timed, iodepth_level 1: fio $f, lunmark $l"
[ "$f" = "10029 23066700 0 10029 200" ] || fail "fio's etcd check gave $f"
[ "$l" = "$f" ] || fail "etcd's check: lunmark $l, fio $f"
expect_exit "$LM_EXIT_USAGE" l.out "$LUNMARK" --rw=write --direct=1 --bs=2300 --size=1m --name=d \
	--filename="$LM_DEV" --allow-write
expect_grep "bs=2300: direct IO needs a multiple of 512 bytes; use one, or --direct=0" l.out
ok "etcd's check: its 2300-byte buffered writes and their syncs as fio's; direct IO refuses them"

# sync=1 on a mixed job whose file lunmark makes: the prefill is written
# without O_SYNC, as fio lays a file out, and the job's writes with it
mkdir mx
printf '[m]\ndirectory=%s/mx\nrw=randrw\nbs=4k\nsize=4m\nioengine=psync\nsync=1\nnumber_ios=64\n' \
	"$LM_WORK" >mx.fio
lm_strace -f -e trace=openat,pwrite64 -o mx.st "$LUNMARK" mx.fio >mx.out 2>&1 ||
	fail "sync=1 on a made file: $(head -c 300 mx.out)"
read -r last_fill reopen first_io < <(awk '/pwrite64\(.*, 1048576, [0-9]+\)/ { f = NR }
	/openat\(.*"\/proc\/self\/fd\/[0-9]+", .*O_SYNC/ && !o { o = NR }
	/pwrite64\(.*, 4096, [0-9]+\)/ && !w { w = NR } END { printf "%d %d %d\n", f, o, w }' mx.st)
note "made file, sync=1: last prefill write at strace line $last_fill, the O_SYNC open at $reopen, the first 4k write at $first_io"
if [ "$last_fill" -eq 0 ] || [ "$reopen" -le "$last_fill" ] || [ "$first_io" -le "$reopen" ]; then
	fail "sync=1: the prefill is not written before the target is opened O_SYNC, or the job's writes not after"
fi
ok "sync=1: the prefill without it, the job's writes with it"
# fsync=4 on io_uring, its writes handed on in batches: each thread's
# writes queued before a sync are in the kernel before the fsync starts
# (with a worker on every CPU, io_uring keeps a batch for the wait's
# enter, and once kept it back past the sync). Per thread (strace -f):
# the IOs its io_uring_enters submitted, at its k-th fsync at least 4k.
printf '[f]\nfilename=%s/fs.dat\nioengine=io_uring\nrw=randwrite\nbs=4k\nsize=1m\niodepth=8\niodepth_batch_submit=0\nfsync=4\nnumjobs=%s\n' \
	"$LM_WORK" "$(nproc)" >fs.fio
lm_strace -f -qq -e trace=io_uring_enter,fsync -o fs.st "$LUNMARK" fs.fio >fs.out 2>&1 ||
	fail "fsync=4 on io_uring: $(head -c 300 fs.out)"
read -r syncs early < <(awk '/io_uring_enter\(.*\) += [0-9]+$|<\.\.\. io_uring_enter resumed>.* = [0-9]+$/ { in_[$1] += $NF }
	/ fsync\(/ { k[$1]++; n++; if (in_[$1] + 0 < 4 * k[$1]) bad++ }
	END { printf "%d %d\n", n, bad }' fs.st)
note "fsync=4 on io_uring, $(nproc) threads: $syncs fsyncs, $early before the writes queued ahead of them were submitted"
[ "$syncs" -ge 64 ] || fail "fsync=4 over 1m of 4k writes made $syncs fsyncs"
[ "$early" = 0 ] || fail "$early fsyncs ran before the writes queued ahead of them were in the kernel"
ok "a sync waits for the writes queued before it to be submitted"

# end_fsync inside the runtime: buffered writes, 32 MiB dirty for the
# fsync to write back
lm_strace -f -y -ttt -T -e trace=pwrite64,fsync -o st.txt "$LUNMARK" --name=w --filename="$LM_DEV" \
	--rw=write --bs=1m --size=32m --ioengine=psync --direct=0 --end_fsync=1 --allow-write \
	--output-format=json --output=e.json >e.out 2>&1 || fail "end_fsync buffered: $(head -c 300 e.out)"
# the first write's start, and the device's fsync's start and time (the
# output file's own fsyncs come after)
read -r t0 t1 took < <(awk -v d="<$LM_DEV>)" '/pwrite64\(/ && !s { s = $2 }
	/fsync\(/ && index($0, d) && !e { e = $2; t = $NF; gsub(/[<>]/, "", t) }
	END { printf "%s %s %s\n", s, e, t }' st.txt)
[ -n "$took" ] || fail "strace saw no fsync: $(tail -3 st.txt)"
span=$(awk -v a="$t0" -v b="$t1" -v d="$took" 'BEGIN { printf "%d", (b + d - a) * 1000 }')
half=$(awk -v d="$took" 'BEGIN { printf "%d", d * 500 }')
rt=$(jq '.jobs[0].write.runtime' e.json)
note "end_fsync: the fsync took $took s; first write to its return ${span} ms, the job's runtime $rt ms"
# a runtime without the fsync is the span less all of it; strace's own
# stops (a loaded machine: 6 ms once) may take some of the span too
[ "$half" -ge 2 ] || fail "end_fsync: the fsync took $took s, too short to tell it in the runtime"
[ "$rt" -ge $((span - half)) ] || fail "end_fsync: a runtime of $rt ms leaves out the end's fsync (${span} ms from the first write)"
ok "end_fsync within the runtime"

# the text report
expect_exit "$LM_EXIT_OK" t.out "$LUNMARK" --name=w --filename="$LM_DEV" "${common[@]}" --fsync=16 --allow-write
expect_grep "  sync : 15 (15 fsync)" t.out
ok "the text report's sync line"

# bad values, refused by name with file:line
for v in fsync=-1 fsync=x fdatasync=1.5 end_fsync=2 fsync_on_close=yes2 sync=2; do
	printf '[w]\nrw=write\nsize=1m\n%s\n' "$v" >bad.fio
	expect_exit "$LM_EXIT_USAGE" b.out "$LUNMARK" --filename="$LM_DEV" bad.fio --allow-write
	expect_grep "bad.fio:4: $v" b.out
done
ok "bad values refused with file:line"

# a tgtd LUN: SYNCHRONIZE CACHE, which tgtd's rdwr store makes an
# fdatasync of its backing file
lm_tgt -s 16
esc=$(printf '%s' "$URL_RDWR" | sed 's/:/\\:/g')
pid=$(cat "$LM_TGT/tgtd.pid" 2>/dev/null || pgrep -n tgtd)
# syncs "OPTIONS" TOOL...: what tgtd synced for TOOL's 256 writes with
# OPTIONS into $ts, TOOL's JSON in s.json
syncs() {
	local sp opts=$1
	shift
	strace -f -p "$pid" -e trace=fdatasync,fsync -o tgt.st 2>/dev/null &
	sp=$!
	sleep 1
	# shellcheck disable=SC2086 # the options, word by word
	timeout -k 5 120 "$@" --name=w --filename="$esc" --ioengine=libiscsi --rw=write --bs=4k --size=1m \
		$opts --output-format=json --output=s.json >s.out 2>&1 ||
		fail "$1 on the LUN: $(head -c 300 s.out)"
	sleep 0.5
	kill "$sp"
	wait "$sp" 2>/dev/null || true
	ts=$(grep -c 'sync(' tgt.st || true)
}
n16="--iodepth=1 --fsync=16 --end_fsync=1"
syncs "$n16" "$LUNMARK" --allow-write
l=$(jq -r "$sig" s.json)
note "iSCSI: tgtd synced its file $ts times; lunmark's fsyncs, syncs timed, writes: $l"
[ "$ts $l" = "16 15 15 256" ] || fail "iSCSI: tgtd synced $ts times for $l (15 syncs and the end's)"
if "$fio" --enghelp 2>/dev/null | grep -qw libiscsi; then
	syncs "$n16" "$fio"
	f=$(jq -r "$sig" s.json)
	note "fio-libiscsi: tgtd synced $ts times; $f"
	[ "$ts $f" = "16 15 15 256" ] || fail "fio-libiscsi: tgtd synced $ts times for $f"
else
	note "this fio has no libiscsi engine: lunmark's counts alone"
fi
# at QD 8 each sync waits for the writes in flight: as many syncs
syncs "--iodepth=8 --fsync=16 --end_fsync=1" "$LUNMARK" --allow-write
l=$(jq -r "$sig" s.json)
note "iSCSI at QD 8: tgtd synced $ts times; $l; iodepth_level $(jq -c .jobs[0].iodepth_level s.json)"
[ "$ts $l" = "16 15 15 256" ] || fail "iSCSI at QD 8: tgtd synced $ts times for $l"
# sync=1: each write with FUA, which tgtd's rdwr store follows with an
# fdatasync (fio's libiscsi engine sends no FUA: none there)
for v in 1 0; do
	syncs "--iodepth=4 --sync=$v" "$LUNMARK" --allow-write
	note "iSCSI sync=$v: tgtd synced $ts times for $(jq -r .jobs[0].write.total_ios s.json) writes"
	[ "$ts" = $((v * 256)) ] || fail "iSCSI sync=$v: tgtd synced $ts times for 256 writes"
done
ok "iSCSI: each sync a SYNCHRONIZE CACHE"

# the target lost under a job that syncs after every write: an error in
# words, and what was measured, syncs too, printed
( sleep 2 && "$LM_ROOT/scripts/tgt-target.sh" kill -d "$LM_TGT" ) &
expect_exit "$LM_EXIT_IO" k.out "$LUNMARK" --name=w --filename="$esc" --ioengine=libiscsi \
	--rw=randwrite --bs=4k --size=8m --iodepth=8 --fsync=1 --time_based --runtime=60 \
	--iscsi-timeout=3 --allow-write
wait
expect_grep "connection lost" k.out
grep -Eq '^  sync : [1-9][0-9]* \(' k.out || fail "the syncs done before the loss are not reported: $(head -c 600 k.out)"
ok "a lost target: an error, and the syncs measured before it"
# --verify's headers are the logical block's, buffered or not
lm_loop 16 4096
expect_exit "$LM_EXIT_FIT" v.out "$LUNMARK" --name=v --filename="$LM_DEV" --rw=write --bs=2k \
	--direct=0 --size=1m --verify=crc32c --allow-write
expect_grep "not a multiple of the target's logical block size (4096 bytes)" v.out
ok "buffered verify in blocks smaller than the device's refused"
echo "$passed passed, 0 failed"

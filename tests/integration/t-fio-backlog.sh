#!/usr/bin/env bash
# fio's verify_backlog, and a mixed job's verify, against fio 3.33 on a
# loop device:
# - psync writes with verify_backlog (and verify_backlog_batch under,
#   over and at it): each tool's per-IO log has the same directions and
#   offsets in the same order (writes, then the reads of the backlog, in
#   the pass, not after it);
# - io_uring at QD 16: every write read back once, the read figures as
#   many as fio's, every block checked;
# - a mixed job on a device full of other data: fio checks only the reads
#   of its own writes (read back at the pass's end) and passes; so does
#   lunmark, which before checked every read and failed (exit 7), and
#   buffered, where it once read nothing back ("cut short"); a buffered
#   job's read-back reads the device, not the cache;
# - a time-based job with verify_backlog is read back as it goes (without
#   it, no read-back, and a note says why); do_verify=0 reads nothing;
# - a write lost over a block an earlier run wrote is caught; a bad
#   block is the job's error (84) in fio's JSON; the null engine's reads
#   are not checked (fio's find their own buffer).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fio-lib.sh"
lm_fio_setup

# seq_of LOG: the directions and blocks of a per-IO log, in its order
seq_of() { awk -F', ' '{ printf "%s%d ", ($3 == 0 ? "R" : "W"), $5 / 4096 }' "$1"; }
# each tool's psync pass of 16 writes of 4k, verify_backlog=B (batch)
for bb in 4: 4:2 3:5 1: 16:; do
	b=${bb%:*} batch=${bb#*:}
	{
		printf '[q]\nfilename=%s\nioengine=psync\ndirect=1\nrw=write\nbs=4k\nsize=64k\n' "$LM_DEV"
		printf 'verify=crc32c\nverify_backlog=%s\nwrite_lat_log=q\nlog_offset=1\n' "$b"
		[ -n "$batch" ] && printf 'verify_backlog_batch=%s\n' "$batch"
	} >q.fio
	timeout -k 5 120 "$fio" q.fio >fio.out 2>&1 || fail "fio q.fio: $(head -c 300 fio.out)"
	f=$(seq_of q_lat.1.log)
	rm -f q_*.log
	expect_exit "$LM_EXIT_OK" lm.out "$LUNMARK" q.fio --allow-write
	l=$(seq_of q_lat.1.log)
	rm -f q_*.log
	[ "$f" = "$l" ] || fail "verify_backlog=$b batch=${batch:-none}: fio $f, lunmark $l"
	case $b in 16) want='^W0 W1 [^R]* W15 R0 R1 ' ;; *) want='R0 .*W15 ' ;; esac
	[[ $l =~ $want ]] || fail "verify_backlog=$b: not read back as it goes: $l"
done
ok "psync: the order of writes and backlog reads is fio's (backlog 4, 4 batch 2, 3 batch 5, 1, 16)"

# io_uring at QD 16, random: every write read back once, as fio
printf '[u]\nfilename=%s\nioengine=io_uring\niodepth=16\ndirect=1\nrw=randwrite\nbs=4k\nsize=4m\nverify=crc32c\nverify_backlog=32\nverify_backlog_batch=8\n' \
	"$LM_DEV" >u.fio
both u.fio
same '.jobs[0].read.total_ios' '.jobs[0].write.total_ios'
[ "$(jq '.jobs[0].read.total_ios' lm.json)" -eq 1024 ] || fail "u.fio: not 1024 reads: $(jq -c '.jobs[0].read' lm.json | head -c 200)"
same_keys "u.fio" fio.json lm.json
# (the verify line is in the text output)
expect_exit "$LM_EXIT_OK" lm.out "$LUNMARK" u.fio --allow-write
expect_grep "  verify: 8192 blocks read, all as written" lm.out
grep -q "read-back is not run" lm.out && fail "u.fio: a read-back note: $(cat lm.out)"
ok "io_uring QD 16: 1024 writes, each read back in the pass, as fio"

# a mixed job on other data: only its own writes' reads are checked
other() { dd if=/dev/urandom of="$LM_DEV" bs=1M count=4 oflag=direct status=none; }
# (buffered: its read-back once ended the job, "cut short", unread)
for more in '' verify_backlog=8 direct=0; do
	printf '[m]\nfilename=%s\nioengine=io_uring\niodepth=4\ndirect=1\nrw=randrw\nbs=4k\nsize=4m\nverify=md5\n%s\n' \
		"$LM_DEV" "$more" >m.fio
	other
	timeout -k 5 120 "$fio" m.fio --output-format=json --output=fio.json >fio.out 2>&1 ||
		fail "fio m.fio $more: $(head -c 300 fio.out)"
	other
	expect_exit "$LM_EXIT_OK" lm.out "$LUNMARK" m.fio --allow-write --output-format=json,normal --output=lm.out
	sed -n '/^{/,/^}/p' lm.out >lm.json
	w=$(jq '.jobs[0].write.total_ios' lm.json)
	# its 1024 - w reads, and its w writes read back, as fio's
	same '.jobs[0].read.total_ios'
	{ [ "$w" -gt 0 ] && [ "$(jq '.jobs[0].read.total_ios' lm.json)" -eq 1024 ]; } ||
		fail "m.fio $more: not the job's reads and its $w writes read back: $(jq -c '.jobs[0].read.total_ios' lm.json)"
	expect_grep "  verify: $((w * 8)) blocks read, all as written" lm.out
done
ok "randrw on other data: passes as fio's, only its own writes checked (with and without a backlog, buffered)"

# buffered, the writes left for the pass's end are synced and dropped
# from the cache before they are read: every read reaches the device
# (read from the cache, the device would see none of them)
stat=/sys/block/$(basename "$LM_DEV")/stat
printf '[b]\nfilename=%s\nioengine=psync\ndirect=0\nrw=randwrite\nbs=4k\nsize=4m\nverify=crc32c\nverify_backlog=100000\n' \
	"$LM_DEV" >b.fio
read -r -a s0 <"$stat"
expect_exit "$LM_EXIT_OK" lm.out "$LUNMARK" b.fio --allow-write
read -r -a s1 <"$stat"
expect_grep "  verify: 8192 blocks read, all as written" lm.out
[ $((s1[2] - s0[2])) -ge 8192 ] || fail "buffered read-back: the device read $((s1[2] - s0[2])) sectors of 8192"
ok "buffered: the read-back reads the device, after the writes reach it"

# time-based: read back as it goes; without a backlog, a note says why not
printf '[t]\nfilename=%s\nioengine=libaio\niodepth=8\ndirect=1\nrw=randwrite\nbs=4k\nsize=4m\nverify=crc32c\nverify_backlog=64\ntime_based\nruntime=1\n' \
	"$LM_DEV" >t.fio
expect_exit "$LM_EXIT_OK" lm.out "$LUNMARK" t.fio --allow-write --output-format=json,normal --output=lm.out
sed -n '/^{/,/^}/p' lm.out >lm.json
w=$(jq '.jobs[0].write.total_ios' lm.json)
r=$(jq '.jobs[0].read.total_ios' lm.json)
{ [ "$w" -gt 64 ] && [ "$r" -le "$w" ] && [ "$r" -ge $((w - 64 - 8)) ]; } ||
	fail "t.fio: $r reads for $w writes (a backlog of 64, depth 8)"
grep -qE "^  verify: [1-9][0-9]* blocks read, all as written" lm.out || fail "t.fio: no verify line: $(cat lm.out)"
sed -i '/verify_backlog/d' t.fio
expect_exit "$LM_EXIT_OK" lm.out "$LUNMARK" t.fio --allow-write --output-format=json --output=lm.json
[ "$(jq '.jobs[0].read.total_ios' lm.json)" -eq 0 ] || fail "t.fio without a backlog read"
# fio skips it too, and says nothing in JSON: neither does lunmark (the
# note is in the normal output, t-fio.sh)
! grep -q "read-back is not run" lm.out || fail "a note with JSON alone: $(cat lm.out)"
printf 'verify_backlog=4\ndo_verify=0\n' >>t.fio
expect_exit "$LM_EXIT_OK" lm.out "$LUNMARK" t.fio --allow-write --output-format=json --output=lm.json
[ "$(jq '.jobs[0].read.total_ios' lm.json)" -eq 0 ] || fail "do_verify=0 read back"
ok "time-based: read back as it goes ($r of $w), not without verify_backlog, nor with do_verify=0"

# a lost write: the block still holds what an earlier run wrote there
# (put back under the run, after lunmark wrote it); the read of the
# backlog finds a header of another run, and says so (fio: "bad header
# numberio"). If the run overwrote it after all (a slow start), the
# device does not hold the old block, and that case cannot judge.
printf '[o]\nfilename=%s\nioengine=psync\ndirect=1\nrw=randwrite\nbs=4k\nsize=1m\nverify=crc32c\ndo_verify=0\n' \
	"$LM_DEV" >o.fio
expect_exit "$LM_EXIT_OK" lm.out "$LUNMARK" o.fio --allow-write
dd if="$LM_DEV" of=old.bin bs=64k count=1 iflag=direct status=none
printf '[n]\nfilename=%s\nioengine=psync\ndirect=1\nrw=write\nbs=4k\nsize=1m\nverify=crc32c\nverify_backlog=100000\nrate_iops=64\n' \
	"$LM_DEV" >n.fio
(sleep 2 && dd if=old.bin of="$LM_DEV" bs=64k count=1 oflag=direct conv=notrunc status=none) &
"$LUNMARK" n.fio --allow-write >lm.out 2>&1 && rc=0 || rc=$?
wait
if cmp -s -n 65536 old.bin "$LM_DEV"; then
	[ "$rc" = "$LM_EXIT_VERIFY" ] || fail "a lost write was not caught (exit $rc): $(grep verify lm.out)"
	grep -q "not what was written there: a block of run [0-9a-f]*, not [0-9a-f]*" lm.out ||
		fail "a lost write: $(grep verify lm.out)"
	ok "a write lost over an earlier run's block is caught"
else
	note "the run overwrote the old block after it was put back: the lost write was not tried"
fi

# a block not as written is the job's error in fio's JSON (EILSEQ, 84)
printf '[r]\nfilename=%s\nioengine=psync\ndirect=1\nrw=read\nbs=4k\nsize=1m\nverify=crc32c\n' \
	"$LM_DEV" >r.fio
expect_exit "$LM_EXIT_OK" lm.out "$LUNMARK" o.fio --allow-write
dd if=/dev/zero of="$LM_DEV" bs=4k seek=3 count=1 oflag=direct conv=notrunc status=none
expect_exit "$LM_EXIT_VERIFY" lm.out "$LUNMARK" r.fio --output-format=json --output=lm.json
[ "$(jq '.jobs[0].error' lm.json)" = 84 ] || fail "a bad block: error $(jq '.jobs[0].error' lm.json) in the JSON"
# the null engine moves no data: nothing to check, as fio
printf '[z]\nioengine=null\nrw=randwrite\nbs=4k\nsize=1m\nverify=crc32c\nverify_backlog=4\n' >z.fio
both z.fio
same '.jobs[0].read.total_ios' '.jobs[0].write.total_ios' '.jobs[0].error'
ok "a bad block is error 84 in the JSON; the null engine's reads are not checked"

echo "$passed passed, 0 failed"

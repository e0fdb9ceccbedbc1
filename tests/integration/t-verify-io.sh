#!/usr/bin/env bash
# --verify in run and mark: every block written carries a verify header,
# every block read is checked; a block that does not read back as written
# is named by offset with what was found, and the run exits 7. The blocks
# of lunmark verify and of --verify are one format.
. "$(dirname "$0")/lib.sh"
lm_need_root
o=$LM_WORK/out
vbad() { # the "N of M blocks" of a run's verify line
	sed -n 's/^  verify: \([0-9]*\) of [0-9]* blocks read not as written.*/\1/p' "$1"
}

lm_loop 64 512
dev=$LM_DEV
# a mixed run on a fresh device: the prefill writes verify blocks, four
# threads write and read them at QD 8, every read is checked
expect_exit "$LM_EXIT_OK" "$o" "$LUNMARK" run "$dev" --size=32m --rw=randrw --bs=4k \
	--iodepth=8 --numjobs=4 --runtime=2 --time_based --allow-write --verify
grep -qE '^  verify: [1-9][0-9]* blocks read, all as written$' "$o" ||
	fail "no clean verify line: $(cat "$o")"
expect_exit "$LM_EXIT_OK" "$o" "$LUNMARK" run "$dev" --size=32m --rw=read --bs=1m \
	--iodepth=4 --verify
expect_grep "  verify: 65536 blocks read, all as written" "$o"

# writes only: nothing read, and the report says so
expect_exit "$LM_EXIT_OK" "$o" "$LUNMARK" run "$dev" --offset=48m --size=8m --rw=randwrite \
	--bs=4k --iodepth=8 --runtime=1 --time_based --allow-write --verify
expect_grep "  verify: no block read; the blocks written carry headers" "$o"

# a byte changed and a block zeroed: LM_EXIT_VERIFY, the offsets named
lm_flip "$dev" $((512 * 800 + 300))
dd if=/dev/zero of="$dev" bs=512 seek=30000 count=1 conv=notrunc status=none
sync
expect_exit "$LM_EXIT_VERIFY" "$o" "$LUNMARK" run "$dev" --size=32m --rw=read --bs=64k \
	--iodepth=1 --verify
expect_grep "  verify: 2 of 65536 blocks read not as written; the first at byte 409600: its header (run " "$o"
expect_grep "lunmark: $dev: verify: 2 of 65536 blocks read did not read back as written; the first, read by job, at byte 409600: not what was written there: its header" "$o"
# the results are still printed
expect_grep "read : IOPS=" "$o"
# random reads find them too, from four threads (uniform draws: one or
# both; a time-based run reads each block many times)
expect_exit "$LM_EXIT_VERIFY" "$o" "$LUNMARK" run "$dev" --size=32m --rw=randread --bs=4k \
	--iodepth=16 --numjobs=4 --runtime=1 --time_based --verify
[ "$(vbad "$o")" -ge 2 ] || fail "random reads found $(vbad "$o") bad blocks, not 2 or more: $(cat "$o")"
grep -qE "there: (zeros|its header)" "$o" || fail "the first bad block not named: $(cat "$o")"
# without --verify nothing is checked
expect_exit "$LM_EXIT_OK" "$o" "$LUNMARK" run "$dev" --size=32m --rw=read --bs=1m
if grep -q "verify" "$o"; then fail "a run without --verify checked: $(cat "$o")"; fi

# a region lunmark verify wrote reads clean with --verify, without
# --allow-write (nothing is written)
expect_exit "$LM_EXIT_OK" "$o" "$LUNMARK" verify "$dev" --offset=40m --size=8m --bs=64k \
	--iodepth=8 --allow-write
expect_exit "$LM_EXIT_OK" "$o" "$LUNMARK" run "$dev" --offset=40m --size=8m \
	--rw=randread --bs=8k --iodepth=8 --verify
expect_grep "  verify: 16384 blocks read, all as written" "$o"

# a mark: every test's writes carry headers, its reads are checked; the
# JSON says so, and so does report
expect_exit "$LM_EXIT_OK" "$o" "$LUNMARK" mark "$dev" --size=16m --runs=1 --runtime=1 \
	--interval=0 --no-warmup --allow-write --verify --json="$LM_WORK/m.json"
grep -qE '^ Verify: [1-9][0-9]* blocks read, all as written$' "$o" ||
	fail "no clean verify line in the mark: $(cat "$o")"
python3 - "$LM_WORK/m.json" <<'EOF' || fail "the mark's JSON lacks its verify outcome"
import json, sys
v = json.load(open(sys.argv[1]))["outcome"]["verify"]
assert v["blocks"] > 0 and v["bad"] == 0, v
EOF
expect_exit "$LM_EXIT_OK" "$o" "$LUNMARK" report "$LM_WORK/m.json"
expect_grep " Verify: " "$o"
# a bad block under the mark's region: the read tests find it, LM_EXIT_VERIFY
dd if=/dev/zero of="$dev" bs=512 seek=100 count=1 conv=notrunc status=none
sync
expect_exit "$LM_EXIT_VERIFY" "$o" "$LUNMARK" mark "$dev" --size=16m --runs=1 --runtime=1 \
	--interval=0 --no-warmup --read-only --verify --no-prefill \
	--json="$LM_WORK/m2.json"
expect_grep "blocks read not as written; the first, read by SEQ1M Q8T1 read, at byte 51200: zeros" "$o"
python3 - "$LM_WORK/m2.json" <<'EOF' || fail "the mark's JSON lacks the bad block"
import json, sys
v = json.load(open(sys.argv[1]))["outcome"]["verify"]
assert v["bad"] >= 1 and v["first_bad_offset"] == 51200, v
assert v["first_bad_test"] == "SEQ1M Q8T1 read", v
EOF
# the copy profiles check nothing: refused
expect_exit "$LM_EXIT_USAGE" "$o" "$LUNMARK" mark "$dev" --profile=copy --verify --allow-write
expect_grep "--verify: the copy profile copies files" "$o"

# iSCSI: lunmark's own data path, checked; a block zeroed in tgtd's
# backing file is found
command -v tgtd >/dev/null || { echo "no tgtd: iSCSI part left out"; exit "$LM_PASS"; }
lm_tgt -s 64
expect_exit "$LM_EXIT_OK" "$o" "$LUNMARK" run "$URL_RDWR" --size=16m --rw=randrw \
	--bs=16k --iodepth=8 --runtime=2 --time_based --allow-write --verify
grep -qE '^  verify: [1-9][0-9]* blocks read, all as written$' "$o" ||
	fail "no clean iSCSI verify line: $(cat "$o")"
# one 16 KiB block, two threads of 8 mixed IOs on it: no read is let
# overlap a write in flight, nor a write another IO (tgtd tears such a
# read inside a page, which the check would call a bad block); reads may
# share it, and the run goes on
expect_exit "$LM_EXIT_OK" "$o" "$LUNMARK" run "$URL_RDWR" --size=16k --rw=randrw \
	--bs=16k --iodepth=8 --numjobs=2 --runtime=2 --time_based --allow-write --verify
grep -qE '^  verify: [1-9][0-9]{3,} blocks read, all as written$' "$o" ||
	fail "overlapping IOs in flight: $(cat "$o")"
# fio's verify phase in a job file: a write job reads back what it wrote;
# a LUN that acknowledges writes and keeps nothing (tgtd's null store) is
# caught, as fio catches it; a LUN that keeps them reads back clean
rbjob() { # URL: a write job with verify on it
	printf '[w]\nioengine=libiscsi\nfilename=%s\nrw=write\nbs=64k\nsize=4m\nverify=crc32c\n' \
		"$(printf %s "$1" | sed 's/:/\\:/g')" >"$LM_WORK/rb.fio"
}
rbjob "$URL_NULL"
expect_exit "$LM_EXIT_VERIFY" "$o" "$LUNMARK" "$LM_WORK/rb.fio" --allow-write
# (tgtd's null store answers a read with a buffer of its own, often
# one a write left: how many blocks match by chance varies)
grep -qE "verify: [1-9][0-9]* of 8192 blocks read did not read back as written; the first, read by w \(verify\)" "$o" ||
	fail "a null LUN read back: $(grep verify "$o")"
# with verify_backlog, within the pass: a time-based job too, which has
# no read-back after it (fio: "verify: bad magic header")
printf 'verify_backlog=16\ntime_based\nruntime=2\n' >>"$LM_WORK/rb.fio"
expect_exit "$LM_EXIT_VERIFY" "$o" "$LUNMARK" "$LM_WORK/rb.fio" --allow-write
grep -qE "verify: [1-9][0-9]* of [0-9]+ blocks read did not read back as written; the first, read by w," "$o" ||
	fail "verify_backlog on a null LUN: $(grep verify "$o")"
rbjob "$URL_RDWR"
expect_exit "$LM_EXIT_OK" "$o" "$LUNMARK" "$LM_WORK/rb.fio" --allow-write
expect_grep "  verify: 8192 blocks read, all as written" "$o"
dd if=/dev/zero of="$LM_BACKING/lun1.img" bs=512 seek=2048 count=1 \
	conv=notrunc status=none
expect_exit "$LM_EXIT_VERIFY" "$o" "$LUNMARK" run "$URL_RDWR" --size=16m --rw=read --bs=128k \
	--iodepth=4 --verify
expect_grep "the first at byte 1048576: zeros" "$o"
exit "$LM_PASS"

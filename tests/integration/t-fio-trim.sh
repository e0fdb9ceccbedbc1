#!/usr/bin/env bash
# fio's trim, randtrim and trimwrite on real targets, against fio itself:
# - a direct-IO loop device on tmpfs: BLKDISCARD, which punches holes in
#   the backing file. fio and lunmark run the same job files; the counts
#   per direction, the JSON key trees and the holes punched are the same,
#   and trimwrite's per-IO log (ddir, offset) is fio's, IO by IO;
# - the write guard: no trim of a device without --allow-write, nor under
#   --readonly; --verify with a trim is refused by name;
# - a file: a punched hole per trim (fio 3.33 fails there: BLKDISCARD is a
#   block device's ioctl);
# - a tgtd LUN, thin-provisioned: SCSI UNMAP from lunmark's own
#   initiator, holes in the backing file; trimwrite's data lands after its
#   trims; a LUN without thin provisioning refuses UNMAP, said in words.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fio-lib.sh"
lm_fio_setup
q='[.jobs[] | "\(.read.total_ios) \(.write.total_ios) \(.trim.total_ios) \(.trim.io_bytes)"] | join(" ")'
# the backing file's 4 KiB blocks that hold data
held() { echo $(($(stat -c %b "$1") * $(stat -c %B "$1") / 4096)); }
back=$(losetup -nO BACK-FILE "$LM_DEV")
fill() { dd if=/dev/urandom of="$LM_DEV" bs=1M count=64 oflag=direct status=none; }
for mode in trim randtrim trimwrite randtrimwrite; do
	printf '[global]\nioengine=io_uring\ndirect=1\nbs=64k\nsize=32m\niodepth=4\n[t]\nrw=%s\n' "$mode" >"$mode.fio"
	fill
	"$fio" --filename="$LM_DEV" "$mode.fio" --output-format=json --output=f.json >f.out 2>&1 ||
		fail "fio $mode: $(head -c 300 f.out)"
	fh=$(held "$back")
	fill
	expect_exit "$LM_EXIT_OK" l.out "$LUNMARK" --filename="$LM_DEV" "$mode.fio" \
		--output-format=json --output=l.json --allow-write
	lh=$(held "$back")
	f=$(jq -r "$q" f.json) l=$(jq -r "$q" l.json)
	note "$mode: reads writes trims trim-bytes: fio $f, lunmark $l; 4k blocks held after: fio $fh, lunmark $lh"
	[ "$f" = "$l" ] || fail "$mode: fio $f, lunmark $l"
	same_keys "$mode" f.json l.json
	# the sequential modes punch the whole region: 8192 of 16384 held
	case $mode in
	trim) [ "$lh" = 8192 ] || fail "trim: $lh blocks held, where 32 MiB of 64 are trimmed" ;;
	trimwrite) [ "$lh" = 16384 ] || fail "trimwrite: $lh blocks held, where every block trimmed is written again" ;;
	esac
	[ "$lh" = "$fh" ] || fail "$mode: fio left $fh blocks held, lunmark $lh"
	ok "$mode as fio's"
done
"$LUNMARK" --filename="$LM_DEV" trim.fio --allow-write >text.out 2>&1 || fail "text report: $(head -c 300 text.out)"
grep -Eq '^  trim *: IOPS=' text.out || fail "the text report has no trim line: $(head -c 400 text.out)"
! grep -Eq '^  (read|write) *: IOPS=' text.out || fail "a trim job's report shows reads or writes: $(head -c 400 text.out)"
ok "the text report's trim line"

# a randtrimwrite of several sizes trims its size and writes each block
# again, as fio's (fio's t0023): the writes are not of the pass's size
# (lunmark's stopped at half of it, 16 MiB of trims and of writes), nor
# of number_ios (100 trims, 100 writes); its random map covers the region
tq='"\(.trim.io_bytes) \(.write.io_bytes) \(.trim.total_ios - .write.total_ios)"'
for o in "" "number_ios=100"; do
	printf '[t]\nioengine=io_uring\ndirect=1\nbsrange=4k-64k\nsize=32m\niodepth=4\nrw=randtrimwrite\n%s\n' "$o" >trw.fio
	for t in "$fio" "$LUNMARK"; do
		a=() && [ "$t" = "$LUNMARK" ] && a=(--allow-write)
		"$t" --filename="$LM_DEV" trw.fio --output-format=json --output=t.json "${a[@]}" >t.out 2>&1 ||
			fail "$t randtrimwrite bsrange $o: $(head -c 300 t.out)"
		r=$(jq -r ".jobs[0] | $tq" t.json)
		n=$(jq -r '.jobs[0].trim.total_ios' t.json)
		note "$(basename "$t"): randtrimwrite, bsrange=4k-64k $o: trim and write bytes, trims less writes: $r (trims $n)"
		case $o in
		"") [ "$r" = "33554432 33554432 0" ] || fail "$(basename "$t"): randtrimwrite of several sizes: $r" ;;
		*) [ "$n.${r##* }" = 100.0 ] || fail "$(basename "$t"): randtrimwrite, $o: $r, trims $n" ;;
		esac
	done
done
ok "randtrimwrite of several sizes trims its size, and number_ios trims, as fio's"

# trimwrite IO by IO: each block trimmed, then written, then the next, as
# fio's own per-IO log has it (QD 1, log_offset: ddir and offset)
printf '[t]\nioengine=psync\ndirect=1\nbs=64k\nsize=2m\nrw=trimwrite\nwrite_lat_log=tw\nlog_offset=1\n' >tw.fio
"$fio" --filename="$LM_DEV" tw.fio >f.out 2>&1 || fail "fio trimwrite log: $(head -c 300 f.out)"
awk -F', ' '{ print $3, $5 }' tw_lat.1.log >f.seq
rm -f tw_*.log
expect_exit "$LM_EXIT_OK" l.out "$LUNMARK" --filename="$LM_DEV" tw.fio --allow-write
awk -F', ' '{ print $3, $5 }' tw_lat.1.log >l.seq
note "trimwrite log: fio $(wc -l <f.seq) IOs, lunmark $(wc -l <l.seq); first: $(head -2 l.seq | tr '\n' ' ')"
[ "$(head -2 f.seq | tr '\n' ' ')" = "2 0 1 0 " ] || fail "fio's trimwrite log begins $(head -2 f.seq | tr '\n' ' ')"
cmp -s f.seq l.seq || fail "trimwrite's IOs differ from fio's: $(diff f.seq l.seq | head -4 | tr '\n' ' ')"
ok "trimwrite's IOs in fio's order"

# the write guard: no --allow-write, nothing trimmed
fill
before=$(lm_sum "$LM_DEV" 64)
expect_exit "$LM_EXIT_GUARD" g.out "$LUNMARK" --filename="$LM_DEV" trim.fio
expect_grep "write or trim test would overwrite it" g.out
[ "$(lm_sum "$LM_DEV" 64)" = "$before" ] || fail "a trim refused by the guard changed the device"
expect_exit "$LM_EXIT_USAGE" g.out "$LUNMARK" --filename="$LM_DEV" trim.fio --readonly --allow-write
expect_grep "writes or trims, and --readonly forbids it" g.out
expect_exit "$LM_EXIT_USAGE" g.out "$LUNMARK" run "$LM_DEV" --rw=trimwrite --verify --allow-write
expect_grep "a trimmed block holds no header to check" g.out
[ "$(lm_sum "$LM_DEV" 64)" = "$before" ] || fail "a refused trim job changed the device"
ok "the guard, --readonly and --verify refuse trims"

# a file: a hole per trim, where fio 3.33 fails (BLKDISCARD on a file)
head -c 16M /dev/urandom >f.img
printf '[t]\nioengine=io_uring\ndirect=1\nbs=64k\nsize=8m\nrw=trim\n' >ft.fio
rc=0
"$fio" --filename="$LM_WORK/f.img" ft.fio >f.out 2>&1 || rc=$?
note "fio on a file: exit $rc, $(grep -m1 -o 'error=[^)]*' f.out || head -c 100 f.out)"
head -c 16M /dev/urandom >f.img
expect_exit "$LM_EXIT_OK" l.out "$LUNMARK" --filename="$LM_WORK/f.img" ft.fio --allow-write
[ "$(held f.img)" = 2048 ] || fail "a file trimmed over 8 of its 16 MiB holds $(held f.img) 4k blocks, not 2048"
cmp -s -n 8388608 f.img /dev/zero || fail "a trimmed file's region does not read as zeros"
[ "$(stat -c %s f.img)" = 16777216 ] || fail "trimming a file changed its size"
ok "a file's trims punch holes, its size kept"

# an iSCSI LUN: UNMAP from lunmark's own initiator, on a thin LUN
lm_tgt -s 64 -t
lun1=$LM_BACKING/lun1.img
dd if=/dev/urandom of="$lun1" bs=1M count=64 conv=notrunc status=none
expect_exit "$LM_EXIT_OK" l.out "$LUNMARK" run "$URL_RDWR" --rw=trim --bs=64k --size=32m \
	--iodepth=8 --allow-write --output-format=json --output=l.json
n=$(jq -r '.jobs[0].trim.total_ios' l.json)
note "iSCSI UNMAP: $n trims, backing file holds $(held "$lun1") 4k blocks"
[ "$n" = 512 ] || fail "iSCSI trim: $n trims, not 512"
[ "$(held "$lun1")" = 8192 ] || fail "iSCSI trim of 32 MiB of 64 leaves $(held "$lun1") 4k blocks held"
cmp -s -n 33554432 "$lun1" /dev/zero || fail "the LUN's trimmed region does not read as zeros"
ok "iSCSI UNMAP punches the LUN's backing file"
expect_exit "$LM_EXIT_OK" l.out "$LUNMARK" run "$URL_RDWR" --rw=trimwrite --bs=64k --size=32m \
	--iodepth=8 --allow-write --output-format=json --output=l.json
[ "$(jq -r '.jobs[0] | "\(.trim.total_ios) \(.write.total_ios)"' l.json)" = "512 512" ] ||
	fail "iSCSI trimwrite: $(jq -r "$q" l.json)"
[ "$(held "$lun1")" = 16384 ] || fail "iSCSI trimwrite leaves $(held "$lun1") 4k blocks held: a write lost to its trim"
z=$(python3 -c 'import sys
d = open(sys.argv[1], "rb").read(32 << 20)
print(sum(d[i:i + 65536] == bytes(65536) for i in range(0, len(d), 65536)))' "$lun1")
[ "$z" = 0 ] || fail "iSCSI trimwrite: $z blocks of 64 KiB read as zeros, their write before their trim"
ok "iSCSI trimwrite: every write after its trim"
# a LUN that is not thin-provisioned refuses UNMAP, said in words
lm_tgt_do stop >/dev/null
lm_tgt -s 64
expect_exit "$LM_EXIT_IO" l.out "$LUNMARK" run "$URL_RDWR" --rw=trim --bs=64k --size=1m --allow-write
expect_grep "ILLEGAL REQUEST" l.out
expect_grep "a LUN takes it only when thin-provisioned" l.out
ok "a thick LUN's refusal of UNMAP, in words"
echo "$passed passed, 0 failed"

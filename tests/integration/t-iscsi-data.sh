#!/usr/bin/env bash
# The iscsi engine against a real tgtd on loopback: every rw mode and the
# matrix on a 512-byte LUN and a 4Kn LUN; what lunmark writes through iSCSI
# reads back equal and equals what tgtd's backing file holds; a block size
# below the LUN's block size is refused.
. "$(dirname "$0")/lib.sh"
lm_tgt -s 64

for url in "$URL_RDWR" "$URL_4KN"; do
	for rw in read write randread randwrite rw randrw; do
		note "$url $rw"
		expect_exit "$LM_EXIT_OK" "$LM_WORK/o" "$LUNMARK" run "$url" --rw=$rw \
			--bs=8k --iodepth=8 --numjobs=2 --size=16m --runtime=1 \
			--time_based --allow-write
		expect_grep "engine=iscsi" "$LM_WORK/o"
		case $rw in
		*read) grep -q "read : IOPS=[1-9]" "$LM_WORK/o" ||
			fail "$rw measured no reads: $(cat "$LM_WORK/o")" ;;
		*write) grep -q "write: IOPS=[1-9]" "$LM_WORK/o" ||
			fail "$rw measured no writes: $(cat "$LM_WORK/o")" ;;
		*) if ! grep -q "read : IOPS=[1-9]" "$LM_WORK/o" ||
			! grep -q "write: IOPS=[1-9]" "$LM_WORK/o"; then
			fail "$rw did not mix: $(cat "$LM_WORK/o")"
		fi ;;
		esac
	done
done

# one sequential pass of 32 MiB: every block lands at its offset, reads
# back through iSCSI as written, and is what tgtd stored in its file
for lun in 1 2; do
	url=$URL_RDWR
	[ $lun = 2 ] && url=$URL_4KN
	expect_exit "$LM_EXIT_OK" "$LM_WORK/w" "$LUNMARK" run "$url" --rw=write --bs=64k \
		--iodepth=8 --size=32m --allow-write
	expect_grep "33.554 MB in" "$LM_WORK/w"
	"$LM_HELPERS/lm-datacheck" iscsi "$url" 32m "$LM_WORK/dump" >"$LM_WORK/c" ||
		fail "LUN $lun: blocks read through iSCSI do not carry their offsets: $(cat "$LM_WORK/c")"
	expect_grep "zero=0" "$LM_WORK/c"
	head -c 32M "$LM_BACKING/lun$lun.img" | cmp -s - "$LM_WORK/dump" ||
		fail "LUN $lun: what iSCSI read differs from tgtd's backing file"
	# nothing beyond the region was written
	[ "$(tail -c +33554433 "$LM_BACKING/lun$lun.img" | tr -d '\0' | wc -c)" -eq 0 ] ||
		fail "LUN $lun: lunmark wrote beyond --size"
	# again in 4 KiB reads at QD32: the engine reads each answer's data
	# with its header into the read it guesses comes next, and moves it
	# where it belongs when another came (tgtd answers out of order)
	LM_DATACHECK_BS=4k LM_DATACHECK_QD=32 "$LM_HELPERS/lm-datacheck" iscsi \
		"$url" 32m "$LM_WORK/dump4k" >"$LM_WORK/c" ||
		fail "LUN $lun: 4 KiB reads through iSCSI do not carry their offsets: $(cat "$LM_WORK/c")"
	cmp -s "$LM_WORK/dump" "$LM_WORK/dump4k" ||
		fail "LUN $lun: 4 KiB reads at QD32 differ from 256 KiB reads"
	# and in 1 MiB reads at QD8: tgtd sends each in four 256 KiB Data-In
	# PDUs, which the engine reads into place with one receive, guessing
	# each next PDU's header and offset (kmod-free/README.md, step 6)
	LM_DATACHECK_BS=1m LM_DATACHECK_QD=8 "$LM_HELPERS/lm-datacheck" iscsi \
		"$url" 32m "$LM_WORK/dump1m" >"$LM_WORK/c" ||
		fail "LUN $lun: 1 MiB reads through iSCSI do not carry their offsets: $(cat "$LM_WORK/c")"
	cmp -s "$LM_WORK/dump" "$LM_WORK/dump1m" ||
		fail "LUN $lun: 1 MiB reads at QD8 differ from 256 KiB reads"
done

# header digests (CRC32C on every PDU header, both ways): writes through
# R2Ts and reads read back what tgtd stored; a wrong digest would make
# tgtd drop the connection
dg="$URL_RDWR?header_digest=crc32c"
expect_exit "$LM_EXIT_OK" "$LM_WORK/p" "$LUNMARK" probe "$dg"
grep -qE "iSCSI login: +HeaderDigest=CRC32C DataDigest=None" "$LM_WORK/p" ||
	fail "no header digests negotiated: $(cat "$LM_WORK/p")"
expect_exit "$LM_EXIT_OK" "$LM_WORK/p" "$LUNMARK" probe "$URL_RDWR" --json
[ "$(jq -r .iscsi_login.header_digest "$LM_WORK/p")" = None ] ||
	fail "a session that asked for no digest got one: $(cat "$LM_WORK/p")"
expect_exit "$LM_EXIT_OK" "$LM_WORK/d" "$LUNMARK" run "$dg" --rw=write --bs=64k \
	--iodepth=8 --size=8m --offset=32m --allow-write
expect_grep "8.389 MB in" "$LM_WORK/d"
expect_exit "$LM_EXIT_OK" "$LM_WORK/d" "$LUNMARK" run "$dg" --rw=randrw --bs=4k \
	--iodepth=16 --size=8m --offset=32m --runtime=1 --time_based --allow-write
if ! grep -q "read : IOPS=[1-9]" "$LM_WORK/d" ||
	! grep -q "write: IOPS=[1-9]" "$LM_WORK/d"; then
	fail "randrw with header digests: $(cat "$LM_WORK/d")"
fi
expect_exit "$LM_EXIT_OK" "$LM_WORK/d" "$LUNMARK" run "$dg" --rw=write --bs=64k \
	--iodepth=8 --size=8m --offset=32m --allow-write
LM_DATACHECK_BS=4k LM_DATACHECK_QD=32 "$LM_HELPERS/lm-datacheck" iscsi "$dg" \
	40m "$LM_WORK/dumpd" >"$LM_WORK/c" ||
	fail "header digests: blocks do not carry their offsets: $(cat "$LM_WORK/c")"
head -c 40M "$LM_BACKING/lun1.img" | cmp -s - "$LM_WORK/dumpd" ||
	fail "header digests: what iSCSI read differs from tgtd's backing file"

# the copy profile flushes each file with SYNCHRONIZE CACHE
expect_exit "$LM_EXIT_OK" "$LM_WORK/cp" "$LUNMARK" mark "$URL_RDWR" --profile=copy \
	--size=8m --runs=1 --no-warmup --interval=0 --quiet --allow-write
grep -qE '^1 x 2GiB +1 x 8MiB +[0-9]+\.[0-9]+ +[0-9]+\.[0-9]+' "$LM_WORK/cp" ||
	fail "the copy profile over iSCSI has no figures: $(cat "$LM_WORK/cp")"

# a block size below the LUN's logical block size is refused
expect_exit "$LM_EXIT_FIT" "$LM_WORK/b" "$LUNMARK" run "$URL_4KN" --bs=512 --rw=randread
expect_grep "--bs=512 is not a multiple of the target's logical block size (4096 bytes)" "$LM_WORK/b"

# the matrix, read and write, on both LUNs
for url in "$URL_RDWR" "$URL_4KN"; do
	expect_exit "$LM_EXIT_OK" "$LM_WORK/m" "$LUNMARK" mark "$url" --size=16m --runs=1 \
		--runtime=1 --interval=0 --no-warmup --allow-write
	for t in "SEQ +1MiB \(Q= +8, T= 1\)" "SEQ +1MiB \(Q= +1, T= 1\)" \
		"RND +4KiB \(Q= 32, T= 1\)" "RND +4KiB \(Q= +1, T= 1\)"; do
		[ "$(grep -cE "$t: +[1-9][0-9.]* MB/s" "$LM_WORK/m")" -eq 2 ] ||
			fail "$url: the matrix lacks a read and a write '$t': $(cat "$LM_WORK/m")"
	done
	expect_grep "Engine: iscsi" "$LM_WORK/m"
done

# writes without --allow-write are refused, naming the LUN
expect_exit "$LM_EXIT_GUARD" "$LM_WORK/g" "$LUNMARK" run "$URL_RDWR" --rw=write
expect_grep "is an iSCSI LUN that may hold data" "$LM_WORK/g"
exit "$LM_PASS"

#!/usr/bin/env bash
# The write guard: no write to a block device, an existing file or an
# iSCSI LUN without --allow-write; nothing over a filesystem, partition
# table, swap or LUKS volume without --destroy=NAME; nothing at all to a
# mounted device or with --read-only; the contents stay unchanged.
. "$(dirname "$0")/lib.sh"
lm_need_root
o=$LM_WORK/out

lm_loop 64 512
dd if=/dev/urandom of="$LM_DEV" bs=1M count=64 oflag=direct status=none
before=$(lm_sum "$LM_DEV" 64)

expect_exit "$LM_EXIT_GUARD" "$o" "$LUNMARK" run "$LM_DEV" --rw=randwrite --runtime=1
expect_grep "$LM_DEV is a block device that may hold data" "$o"
expect_grep "pass --allow-write to let lunmark write to $LM_DEV" "$o"
expect_exit "$LM_EXIT_GUARD" "$o" "$LUNMARK" run "$LM_DEV" --rw=randrw --runtime=1
expect_exit "$LM_EXIT_GUARD" "$o" "$LUNMARK" mark "$LM_DEV" --size=16m --runs=1 --runtime=1
expect_grep "--allow-write" "$o"
expect_grep "or --read-only to run the read tests only" "$o"

# reads need no flag, and do not prefill a device they may not write
expect_exit "$LM_EXIT_OK" "$o" "$LUNMARK" mark "$LM_DEV" --read-only --size=16m \
	--runs=1 --runtime=1 --interval=0 --no-warmup
expect_grep "reads are of data lunmark did not write on $LM_DEV" "$o"
expect_grep "not prefilled" "$o"
[ "$(lm_sum "$LM_DEV" 64)" = "$before" ] || fail "the device changed"

# an existing regular file holds data too
f=$LM_WORK/data.bin
head -c 8M /dev/urandom >"$f"
fsum=$(sha256sum <"$f")
expect_exit "$LM_EXIT_GUARD" "$o" "$LUNMARK" run "$f" --rw=write
expect_grep "is a file that may hold data" "$o"
[ "$(sha256sum <"$f")" = "$fsum" ] || fail "the file changed"

# with the flag the write happens (random bytes are no signature)
expect_exit "$LM_EXIT_OK" "$o" "$LUNMARK" run "$LM_DEV" --rw=write --size=8m --allow-write
[ "$(lm_sum "$LM_DEV" 64)" != "$before" ] || fail "--allow-write wrote nothing"

# The full guard: what a device holds is named, and only --destroy=NAME
# writes over it; --allow-write is not enough.
lm_loop 64 512
dev=$LM_DEV
name=${dev#/dev/}
mkfs.ext4 -q -L backup "$dev" || fail "mkfs.ext4 failed on $dev"
before=$(lm_sum "$dev" 64)
expect_exit "$LM_EXIT_GUARD" "$o" "$LUNMARK" run "$dev" --rw=randwrite --runtime=1 --allow-write
expect_grep "$dev holds an ext4 filesystem labelled 'backup', and a write test would destroy it" "$o"
expect_grep "pass --destroy=$name (this target's name), or --rw=read or randread" "$o"
# a read job's prefill is a write too
expect_exit "$LM_EXIT_GUARD" "$o" "$LUNMARK" run "$dev" --rw=randread --runtime=1 --allow-write
expect_grep "or --no-prefill to read it as it is" "$o"
expect_exit "$LM_EXIT_GUARD" "$o" "$LUNMARK" mark "$dev" --allow-write --size=16m --runs=1 --runtime=1
expect_grep "holds an ext4 filesystem labelled 'backup'" "$o"
# and read as it is, it needs nothing
expect_exit "$LM_EXIT_OK" "$o" "$LUNMARK" run "$dev" --rw=randread --runtime=1 --size=16m --no-prefill
# --destroy naming another target writes nothing
expect_exit "$LM_EXIT_GUARD" "$o" "$LUNMARK" run "$dev" --rw=write --size=8m --destroy=sdz
expect_grep "--destroy=sdz does not name $dev (its name is $name)" "$o"
# --read-only refuses every write; with --destroy or --allow-write beside
# it, the command line contradicts itself and is refused as it stands
expect_exit "$LM_EXIT_GUARD" "$o" "$LUNMARK" run "$dev" --rw=write --size=8m --read-only
expect_grep "--read-only: lunmark will not write to $dev" "$o"
expect_exit "$LM_EXIT_USAGE" "$o" "$LUNMARK" run "$dev" --rw=write --size=8m --destroy="$name" --read-only
expect_grep "--read-only and --destroy contradict each other: drop one" "$o"
expect_exit "$LM_EXIT_USAGE" "$o" "$LUNMARK" mark "$dev" --allow-write --read-only
expect_grep "--read-only and --allow-write contradict each other: drop one" "$o"
# (reads go ahead without their prefill)
expect_exit "$LM_EXIT_OK" "$o" "$LUNMARK" run "$dev" --rw=read --size=8m --read-only
[ "$(lm_sum "$dev" 64)" = "$before" ] || fail "a refused write changed $dev"
# mounted, the device cannot be opened O_EXCL: not even --destroy writes
mnt=$LM_WORK/mnt
mkdir "$mnt"
mount "$dev" "$mnt" || fail "cannot mount $dev"
lm_mounts+=("$mnt")
expect_exit "$LM_EXIT_GUARD" "$o" "$LUNMARK" run "$dev" --rw=write --size=8m --destroy="$name"
expect_grep "$dev is in use (mounted, or held by LVM, md, dm" "$o"
umount "$mnt"
# other signatures, each named
mkswap -q -L scratch "$dev" >/dev/null || fail "mkswap failed"
expect_exit "$LM_EXIT_GUARD" "$o" "$LUNMARK" run "$dev" --rw=write --size=8m --allow-write
expect_grep "$dev holds a swap area labelled 'scratch'" "$o"
if command -v sfdisk >/dev/null; then
	wipefs -q -a "$dev" 2>/dev/null
	echo 'label: gpt
,32M' | sfdisk -q --no-reread "$dev" >/dev/null 2>&1 || fail "sfdisk failed"
	expect_exit "$LM_EXIT_GUARD" "$o" "$LUNMARK" run "$dev" --rw=write --size=8m --allow-write
	expect_grep "$dev holds a GPT partition table" "$o"
fi
if command -v cryptsetup >/dev/null; then
	wipefs -q -a "$dev" 2>/dev/null
	echo -n pw | cryptsetup -q luksFormat --type luks2 --pbkdf pbkdf2 \
		--pbkdf-force-iterations 1000 --key-file - "$dev" ||
		fail "cryptsetup luksFormat failed"
	expect_exit "$LM_EXIT_GUARD" "$o" "$LUNMARK" run "$dev" --rw=write --size=8m --allow-write
	expect_grep "$dev holds a LUKS encrypted volume" "$o"
fi
# by its name the write goes ahead, and holds the device while it runs
before=$(lm_sum "$dev" 64)
"$LUNMARK" run "$dev" --rw=randwrite --size=16m --runtime=3 --time_based \
	--destroy="$name" >"$LM_WORK/bg" 2>&1 &
bg=$!
sleep 1
expect_exit "$LM_EXIT_GUARD" "$o" "$LUNMARK" run "$dev" --rw=write --size=8m --destroy="$name"
expect_grep "$dev is in use" "$o"
wait $bg || fail "the write with --destroy=$name failed: $(cat "$LM_WORK/bg")"
[ "$(lm_sum "$dev" 64)" != "$before" ] || fail "--destroy=$name wrote nothing"
# and by its path
expect_exit "$LM_EXIT_OK" "$o" "$LUNMARK" run "$dev" --rw=write --size=8m --destroy="$dev"

# a file holding a filesystem image is named by its path
img=$LM_WORK/disk.img
truncate -s 32M "$img"
mkfs.ext4 -q -F -L img "$img" || fail "mkfs.ext4 failed on $img"
expect_exit "$LM_EXIT_GUARD" "$o" "$LUNMARK" run "$img" --rw=write --size=8m --allow-write
expect_grep "$img holds an ext4 filesystem labelled 'img'" "$o"
expect_grep "pass --destroy=$img" "$o"
expect_exit "$LM_EXIT_OK" "$o" "$LUNMARK" run "$img" --rw=write --size=8m --destroy="$img"

# an iSCSI LUN is looked at through a session of its own, and named by
# its serial
if [ -x "$(command -v tgtd)" ]; then
	lm_tgt -s 64
	mkfs.ext4 -q -F -L onlun "$LM_BACKING/lun1.img" || fail "mkfs.ext4 on the LUN's file failed"
	serial=$("$LUNMARK" probe "$URL_RDWR" --json | jq -r .serial)
	case $serial in "" | null) fail "the LUN has no serial" ;; esac
	expect_exit "$LM_EXIT_GUARD" "$o" "$LUNMARK" run "$URL_RDWR" --rw=write --size=8m --allow-write
	expect_grep "holds an ext4 filesystem labelled 'onlun'" "$o"
	expect_grep "pass --destroy=$serial (this target's name)" "$o"
	expect_exit "$LM_EXIT_OK" "$o" "$LUNMARK" run "$URL_RDWR" --rw=write --size=8m --destroy="$serial"
	# the filesystem is gone now: --allow-write alone will do
	expect_exit "$LM_EXIT_OK" "$o" "$LUNMARK" run "$URL_RDWR" --rw=write --size=8m --allow-write
fi
exit "$LM_PASS"

#!/usr/bin/env bash
# The guard sees what libblkid sees, wherever its probers look: a VMFS
# signature past the first MiB refuses the write. And a loop device is
# refused, --destroy or not, while its backing file is held elsewhere: a
# second loop device over a mounted filesystem's image, a process that
# has the image open.
. "$(dirname "$0")/lib.sh"
lm_need_root
o=$LM_WORK/out

# VMFS volume member: magic 0xc001d00d at 1 MiB (libblkid's vmfs prober)
lm_loop 64 512
dev=$LM_DEV
printf '\x0d\xd0\x01\xc0' | dd of="$dev" bs=1 seek=$((1 << 20)) conv=notrunc status=none
sync
[ "$(blkid -p -o value -s TYPE "$dev")" = VMFS_volume_member ] ||
	skip "this libblkid does not know VMFS at 1 MiB: $(blkid -p "$dev")"
before=$(lm_sum "$dev" 64)
expect_exit "$LM_EXIT_GUARD" "$o" "$LUNMARK" run "$dev" --rw=write --size=8m --allow-write
expect_grep "$dev holds a VMware VMFS volume" "$o"
# the VMFS filesystem's own superblock, at 2 MiB, alone
dd if=/dev/zero of="$dev" bs=1M count=2 seek=1 conv=notrunc status=none
printf '\x5e\xf1\xab\x2f' | dd of="$dev" bs=1 seek=$((2 << 20)) conv=notrunc status=none
sync
[ "$(blkid -p -o value -s TYPE "$dev")" = VMFS ] || fail "blkid: $(blkid -p "$dev")"
before=$(lm_sum "$dev" 64)
expect_exit "$LM_EXIT_GUARD" "$o" "$LUNMARK" run "$dev" --rw=write --size=8m --allow-write
expect_grep "$dev holds a VMware VMFS filesystem" "$o"
[ "$(lm_sum "$dev" 64)" = "$before" ] || fail "the guard let a write through to VMFS"

# a second loop device over the image of a mounted ext4
command -v mkfs.ext4 >/dev/null || skip "no mkfs.ext4"
img=$LM_WORK/fs.img
truncate -s 32M "$img"
mkfs.ext4 -q -F -L mounted "$img"
a=$(flock -s "$LM_LOOP_LOCK" losetup -f --show "$img") || skip "cannot attach a loop device"
lm_loops+=("$a")
mkdir "$LM_WORK/mnt"
mount "$a" "$LM_WORK/mnt" 2>/dev/null || skip "cannot mount ext4 here"
lm_mounts+=("$LM_WORK/mnt")
b=$(flock -s "$LM_LOOP_LOCK" losetup -f --show "$img") || skip "cannot attach a second loop device"
lm_loops+=("$b")
expect_exit "$LM_EXIT_GUARD" "$o" "$LUNMARK" run "$b" --rw=write --size=8m \
	--destroy="$(basename "$b")"
expect_grep "$b is a loop device and its backing file $img is also $a's, which is mounted or held" "$o"
expect_grep "not even with --destroy" "$o"
umount "$LM_WORK/mnt"
# (its own unmount writes the superblock: a clean fsck is the check)
e2fsck -fn "$img" >"$LM_WORK/fsck" 2>&1 || fail "the mounted filesystem was damaged: $(cat "$LM_WORK/fsck")"

# the image open in another process (as a VM or a target daemon has it)
lm_unloop "$a"
# shellcheck disable=SC2217 # the fd is the point: sleep holds the image open
sleep 30 <"$img" &
holder=$!
for _ in $(seq 100); do
	[ "$(readlink "/proc/$holder/fd/0")" = "$img" ] && break
	sleep 0.05
done
expect_exit "$LM_EXIT_GUARD" "$o" "$LUNMARK" run "$b" --rw=write --size=8m \
	--destroy="$(basename "$b")"
expect_grep "$b is a loop device and its backing file $img is open in process $holder" "$o"
kill "$holder"
wait "$holder" 2>/dev/null || true
# held by no one: --destroy writes
expect_exit "$LM_EXIT_OK" "$o" "$LUNMARK" run "$b" --rw=write --size=8m \
	--destroy="$(basename "$b")"
exit "$LM_PASS"

#!/usr/bin/env bash
# Each error gets one clear message and its documented exit code.
. "$(dirname "$0")/lib.sh"
lm_need_root
o=$LM_WORK/out

expect_exit "$LM_EXIT_TARGET" "$o" "$LUNMARK" run /nonexistent/lunmark-target
expect_grep "lunmark: /nonexistent/lunmark-target: no such file or directory" "$o"

expect_exit "$LM_EXIT_TARGET" "$o" "$LUNMARK" run /dev/null
expect_grep "neither a block device, a regular file nor a directory" "$o"

secret=$LM_WORK/rootonly
truncate -s 16m "$secret"
chmod 600 "$secret"
chmod 755 "$LM_WORK"
command -v setpriv >/dev/null || skip "setpriv (util-linux) missing"
expect_exit "$LM_EXIT_TARGET" "$o" setpriv --reuid=65534 --regid=65534 --clear-groups \
	"$LUNMARK" run "$secret" --no-prefill
expect_grep "permission denied" "$o"

# threads that cannot be created (RLIMIT_NPROC of an unprivileged user):
# a clean error, no hang; the binary is copied where that user may run it
cp "$LUNMARK" "$LM_WORK/lunmark" && chmod 755 "$LM_WORK/lunmark"
expect_exit "$LM_EXIT_ENGINE" "$o" setpriv --reuid=65534 --regid=65534 --clear-groups \
	bash -c "ulimit -u 4; exec '$LM_WORK/lunmark' run --engine=null --numjobs=16 --runtime=1 --time_based"
expect_grep "cannot start thread" "$o"
expect_grep "lower --numjobs" "$o"

lm_loop 64 4096
expect_exit "$LM_EXIT_FIT" "$o" "$LUNMARK" run "$LM_DEV" --bs=512 --no-prefill
expect_grep "--bs=512 is not a multiple of the target's logical block size (4096 bytes)" "$o"

expect_exit "$LM_EXIT_FIT" "$o" "$LUNMARK" run "$LM_DEV" --size=1g --no-prefill
expect_grep "larger than the target (64MiB)" "$o"

expect_exit "$LM_EXIT_FIT" "$o" "$LUNMARK" mark "$LM_DEV" --read-only --size=1g
expect_grep "larger than the target" "$o"

expect_exit "$LM_EXIT_USAGE" "$o" "$LUNMARK" run "$LM_DEV" --engine=psync --iodepth=8
expect_grep "the psync engine does one IO at a time" "$o"

expect_exit "$LM_EXIT_USAGE" "$o" "$LUNMARK" run "$LM_DEV" --bs=4x
expect_grep "--bs=4x: a block size from 512 to 64m" "$o"

expect_exit "$LM_EXIT_USAGE" "$o" "$LUNMARK" frobnicate
expect_grep "unknown command" "$o"

# O_DIRECT refused: ramfs has no direct IO
mnt=$LM_WORK/ramfs
mkdir "$mnt"
if mount -t ramfs none "$mnt" 2>/dev/null; then
	lm_mounts+=("$mnt")
	expect_exit "$LM_EXIT_ENGINE" "$o" "$LUNMARK" mark "$mnt" --size=8m --runs=1 --runtime=1
	expect_grep "refuses O_DIRECT; use --direct=0" "$o"
	[ -z "$(ls -A "$mnt")" ] || fail "test file left on ramfs"
	expect_exit "$LM_EXIT_OK" "$o" "$LUNMARK" run "$mnt" --direct=0 --size=8m --rw=randread
	expect_grep "read : IOPS=" "$o"
else
	note "ramfs cannot be mounted here; O_DIRECT refusal not checked"
fi

# io_uring unavailable (seccomp, as in a container): suggest aio
expect_exit "$LM_EXIT_ENGINE" "$o" "$LM_HELPERS/lm-noring" 1 "$LUNMARK" run "$LM_DEV" --no-prefill
expect_grep "io_uring is unavailable here" "$o"
expect_grep "use --engine=aio" "$o"
expect_exit "$LM_EXIT_ENGINE" "$o" "$LM_HELPERS/lm-noring" 38 "$LUNMARK" run "$LM_DEV" --no-prefill
expect_grep "use --engine=aio" "$o"
expect_exit "$LM_EXIT_OK" "$o" "$LM_HELPERS/lm-noring" 1 "$LUNMARK" run "$LM_DEV" \
	--no-prefill --engine=aio --size=8m
expect_grep "read : IOPS=" "$o"

# an IO error during a run (injected): LM_EXIT_IO, the error is named
expect_exit "$LM_EXIT_IO" "$o" "$LUNMARK" run --engine=null --rw=randwrite --size=1m \
	--fail-every=10 --fail-errno=ENOSPC
expect_grep "No space left on device" "$o"
# a region past 64 bits: said plainly, and no test file made for it
mkdir "$LM_WORK/od"
expect_exit "$LM_EXIT_FIT" "$o" "$LUNMARK" run "$LM_WORK/od" --offset=1m \
	--size=18446744073709551615
expect_grep "--offset, offset_increment and --size add up to more than 16EiB" "$o"
[ -z "$(find "$LM_WORK/od" -mindepth 1)" ] || fail "a test file was made for an impossible region"
lm_loop 8 512
expect_exit "$LM_EXIT_FIT" "$o" "$LUNMARK" run "$LM_DEV" --offset=1m --size=16m
expect_grep "the region (offset 1MiB + size 16MiB) is larger than the target (8MiB)" "$o"
# a verify that failed while writing does not say it read
expect_exit "$LM_EXIT_IO" "$o" "$LUNMARK" verify --engine=null --size=1m \
	--fail-every=10 --fail-errno=EIO
expect_grep "stopped while writing, nothing read" "$o"
# and without faults the null engine has nothing to verify: said, not
# every block "misplaced"
expect_exit "$LM_EXIT_USAGE" "$o" "$LUNMARK" verify --engine=null --size=1m
expect_grep "--engine=null stores nothing, so verify has nothing to read back" "$o"
# a range says what is taken: not "from 0" where 0 is refused
expect_exit "$LM_EXIT_USAGE" "$o" "$LUNMARK" mark --engine=null --max-rounds=abc
expect_grep "--max-rounds=abc: not a number from 5 to 100" "$o"
# a URL too long to keep is said to be, not cut into "no LUN number"
long=$(printf 'a%.0s' $(seq 5000))
expect_exit "$LM_EXIT_USAGE" "$o" "$LUNMARK" probe "iscsi://127.0.0.1/iqn.2000-01.x:$long/1"
expect_grep "the target's name is longer than 4095 bytes (an iSCSI target name is at most 223 bytes)" "$o"
# fio's form: an engine that cannot reach an iscsi:// URL is refused up
# front (no connection: the port is closed), in a later job too
expect_exit "$LM_EXIT_USAGE" "$o" "$LUNMARK" --name=a --ioengine=null --size=1m \
	--name=b --ioengine=io_uring --stonewall --size=1m \
	'--filename=iscsi\://127.0.0.1\:1/iqn.2000-01.x\:y/1'
expect_grep "job 'b': ioengine=io_uring cannot reach an iscsi:// URL; use ioengine=libiscsi" "$o"
grep -q '^a:' "$o" && fail "job a ran before the refusal: $(cat "$o")"
exit "$LM_PASS"

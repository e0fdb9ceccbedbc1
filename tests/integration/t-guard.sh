#!/usr/bin/env bash
# The first write guard: no write to a block device or an existing file
# without --allow-write; the device's contents are unchanged.
. "$(dirname "$0")/lib.sh"
lm_need_root
o=$LM_WORK/out

lm_loop 64 512
dd if=/dev/urandom of="$LM_DEV" bs=1M count=64 oflag=direct status=none
before=$(lm_sum "$LM_DEV" 64)

expect_exit 6 "$o" "$LUNMARK" run "$LM_DEV" --rw=randwrite --runtime=1
expect_grep "$LM_DEV is a block device that may hold data" "$o"
expect_grep "pass --allow-write to let lunmark write to $LM_DEV" "$o"
expect_exit 6 "$o" "$LUNMARK" run "$LM_DEV" --rw=randrw --runtime=1
expect_exit 6 "$o" "$LUNMARK" mark "$LM_DEV" --size=16m --runs=1 --runtime=1
expect_grep "--allow-write" "$o"
expect_grep "or --read-only to run the read tests only" "$o"

# reads need no flag, and do not prefill a device they may not write
expect_exit 0 "$o" "$LUNMARK" mark "$LM_DEV" --read-only --size=16m \
	--runs=1 --runtime=1 --interval=0 --no-warmup
expect_grep "reads are of data lunmark did not write on $LM_DEV" "$o"
expect_grep "not prefilled" "$o"
[ "$(lm_sum "$LM_DEV" 64)" = "$before" ] || fail "the device changed"

# an existing regular file holds data too
f=$LM_WORK/data.bin
head -c 8M /dev/urandom >"$f"
fsum=$(sha256sum <"$f")
expect_exit 6 "$o" "$LUNMARK" run "$f" --rw=write
expect_grep "is a file that may hold data" "$o"
[ "$(sha256sum <"$f")" = "$fsum" ] || fail "the file changed"

# with the flag the write happens
expect_exit 0 "$o" "$LUNMARK" run "$LM_DEV" --rw=write --size=8m --allow-write
[ "$(lm_sum "$LM_DEV" 64)" != "$before" ] || fail "--allow-write wrote nothing"
exit 0

#!/usr/bin/env bash
# Every engine reads and writes a real loop device (512 B and 4 KiB
# sectors): what lunmark writes lands where it should, stamped with its
# own offset, and what an engine reads equals what the device holds.
. "$(dirname "$0")/lib.sh"
lm_need_root

# two loop devices and a file on tmpfs (which takes O_DIRECT)
lm_loop 64 512
targets=("$LM_DEV")
lm_loop 64 4096
targets+=("$LM_DEV" "$LM_WORK/file.img")
truncate -s 64m "$LM_WORK/file.img"

for dev in "${targets[@]}"; do
	for eng in uring aio psync; do
		qd=8
		[ "$eng" = psync ] && qd=1
		note "$dev engine $eng"
		dd if=/dev/zero of="$dev" bs=1M count=64 conv=notrunc status=none
		expect_exit "$LM_EXIT_OK" "$LM_WORK/w" "$LUNMARK" run "$dev" --engine=$eng \
			--rw=write --bs=64k --iodepth=$qd --size=32m --allow-write
		expect_grep "write: IOPS=" "$LM_WORK/w"
		expect_grep "33.554 MB in" "$LM_WORK/w"
		"$LM_HELPERS/lm-datacheck" psync "$dev" 32m >"$LM_WORK/c" ||
			fail "$eng: written blocks do not carry their offsets: $(cat "$LM_WORK/c")"
		# the region after the job is untouched
		[ "$(dd if="$dev" bs=1M skip=32 count=32 status=none | tr -d '\0' | wc -c)" -eq 0 ] ||
			fail "$eng wrote beyond --size"
		"$LM_HELPERS/lm-datacheck" $eng "$dev" 32m "$LM_WORK/dump" >/dev/null ||
			fail "$eng: data read back differs from what was written"
		dd if="$dev" bs=1M count=32 status=none | cmp -s - "$LM_WORK/dump" ||
			fail "$eng: data read by the engine differs from the device"

		# random writes over a prefilled region: every block still
		# carries its own offset, so no write went astray
		expect_exit "$LM_EXIT_OK" "$LM_WORK/rw" "$LUNMARK" run "$dev" --engine=$eng \
			--rw=randrw --rwmixread=70 --bs=8k --iodepth=$qd --numjobs=2 \
			--size=16m --runtime=1 --time_based --allow-write
		expect_grep "read : IOPS=" "$LM_WORK/rw"
		expect_grep "write: IOPS=" "$LM_WORK/rw"
		"$LM_HELPERS/lm-datacheck" psync "$dev" 16m >/dev/null ||
			fail "$eng randrw: a block carries a wrong offset"

		for rw in read randread; do
			expect_exit "$LM_EXIT_OK" "$LM_WORK/r" "$LUNMARK" run "$dev" \
				--engine=$eng --rw=$rw --iodepth=$qd --size=16m \
				--runtime=1 --time_based --no-prefill
			grep -q "read : IOPS=[1-9]" "$LM_WORK/r" ||
				fail "$eng $rw measured nothing: $(cat "$LM_WORK/r")"
		done
	done
done

# io_uring with a submission polling thread
dd if=/dev/zero of="${targets[0]}" bs=1M count=64 status=none
expect_exit "$LM_EXIT_OK" "$LM_WORK/sq" "$LUNMARK" run "${targets[0]}" --sqpoll \
	--rw=write --bs=16k --iodepth=16 --size=16m --allow-write
expect_grep "write: IOPS=" "$LM_WORK/sq"
"$LM_HELPERS/lm-datacheck" psync "${targets[0]}" 16m >/dev/null ||
	fail "--sqpoll: a block carries a wrong offset"
exit "$LM_PASS"

#!/usr/bin/env bash
# The CrystalDiskMark matrix end to end with short settings: on a loop
# device (with --allow-write) and on a test file in a tmpfs directory.
# Every cell is filled and IOPS x block size agrees with MB/s.
. "$(dirname "$0")/lib.sh"
lm_need_root

# check_matrix FILE: 8 filled cells; MB/s = IOPS x bs within 1%.
check_matrix() {
	local n
	# a cell may be flagged: "... us> unstable (CV 7.1%)"
	n=$(grep -cE '^  (SEQ|RND) .*MB/s \[.*IOPS\] <.*us>( unstable \(CV [0-9.]+%\))?$' "$1")
	[ "$n" -eq 8 ] || fail "expected 8 filled cells, got $n: $(cat "$1")"
	awk '/^  (SEQ|RND) /{
		bs = ($2 == "1MiB") ? 1048576 : 4096
		split($0, a, ":"); split(a[2], f, " ")
		mb = f[1]; iops = $0; sub(/.*\[ */, "", iops); sub(/ IOPS.*/, "", iops)
		if (mb <= 0 || iops <= 0) { print "empty: " $0; bad = 1 }
		d = iops * bs / 1e6 / mb - 1; if (d < 0) d = -d
		if (d > 0.01) { print "IOPS x bs != MB/s: " $0; bad = 1 }
	} END { exit bad }' "$1" || fail "inconsistent cells in $(cat "$1")"
	expect_grep "[Read]" "$1"
	expect_grep "[Write]" "$1"
	expect_grep "* MB/s = 1,000,000 bytes/s" "$1"
}

lm_loop 96 4096
expect_exit "$LM_EXIT_OK" "$LM_WORK/m1" "$LUNMARK" mark "$LM_DEV" --allow-write \
	--size=64m --runs=2 --runtime=1 --interval=0
check_matrix "$LM_WORK/m1"
expect_grep "Target: $LM_DEV (block device, 4096-byte logical blocks)" "$LM_WORK/m1"
expect_grep "Test: 64MiB (x2) after 1 warm-up run, prefilled" "$LM_WORK/m1"
expect_grep "Profile: default (median of 2 runs)" "$LM_WORK/m1"
"$LM_HELPERS/lm-datacheck" psync "$LM_DEV" 64m >/dev/null ||
	fail "after mark, a block of the region carries a wrong offset"

# a directory: lunmark makes its own test file and removes it
dir="$LM_WORK/dir"
mkdir "$dir"
expect_exit "$LM_EXIT_OK" "$LM_WORK/m2" "$LUNMARK" mark "$dir" --size=32m --runs=1 \
	--runtime=1 --interval=0 --no-warmup --engine=aio --aggregate=max
check_matrix "$LM_WORK/m2"
grep -qE "^ Target: $dir/lunmark-[A-Za-z0-9]{12}\.tmp \(test file, " "$LM_WORK/m2" ||
	fail "the report does not name the test file: $(grep Target "$LM_WORK/m2")"
expect_grep "Engine: aio" "$LM_WORK/m2"
[ -z "$(ls -A "$dir")" ] || fail "test file left behind: $(ls "$dir")"

# --read-only / --write-only give one section; --read-only reads a file
# as it is (a directory, where lunmark would write its own, is refused:
# t-nowrite)
head -c 16777216 /dev/urandom >"$LM_WORK/ro"
ro_sum=$(sha256sum <"$LM_WORK/ro")
expect_exit "$LM_EXIT_OK" "$LM_WORK/m3" "$LUNMARK" mark "$LM_WORK/ro" --size=16m --runs=1 \
	--runtime=1 --interval=0 --no-warmup --read-only
grep -qF "[Write]" "$LM_WORK/m3" && fail "--read-only ran writes"
expect_grep "[Read]" "$LM_WORK/m3"
[ "$(sha256sum <"$LM_WORK/ro")" = "$ro_sum" ] || fail "--read-only wrote to the file"
exit "$LM_PASS"

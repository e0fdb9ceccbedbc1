#!/usr/bin/env bash
# Faults survived: IO errors injected at random points (the null engine),
# a filesystem that fills under a test file and under a loop device's
# backing file, a loop device detached under a run. Each ends with one
# clear message, the documented exit code and what was measured; under
# ASan (make test-sanitize) also with no leak and no double free.
. "$(dirname "$0")/lib.sh"
lm_need_root
o=$LM_WORK/out

# lm_once TEXT FILE: TEXT is said exactly once in FILE
lm_once() {
	local n
	n=$(grep -c -- "$1" "$2" || true)
	[ "$n" -eq 1 ] || fail "'$1' said $n times, not once: $(head -c 800 "$2")"
}

# lm_fails CMD...: LM_EXIT_IO, the failed IO named once in the report
# (stdout) and once in the error (stderr), with what was measured
lm_fails() {
	local rc=0
	"$@" >"$o" 2>"$o.err" || rc=$?
	[ "$rc" -eq "$LM_EXIT_IO" ] ||
		fail "'$*' exited $rc, expected $LM_EXIT_IO: $(head -c 600 "$o.err")"
	lm_once "Input/output error" "$o"
	lm_once "Input/output error" "$o.err"
}

# EIO at random points, at many depths and thread counts
for seed in 1 2 3 4 5 6; do
	qd=$(((seed * 13) % 64 + 1))
	nj=$((seed % 4 + 1))
	note "EIO at random, QD$qd, $nj threads"
	lm_fails "$LUNMARK" run --engine=null --rw=randrw --bs=4k --size=64m \
		--iodepth=$qd --numjobs=$nj --fail-prob=0.2 --fail-errno=EIO \
		--randseed=$seed --runtime=2 --time_based
	grep -qE "(read |write): IOPS=" "$o" || fail "no results printed: $(cat "$o")"
	expect_grep "lunmark: (none): " "$o.err"
done
# and in a mark, where a failing test ends the suite
lm_fails "$LUNMARK" mark --engine=null --size=16m --runs=2 --runtime=1 \
	--interval=0 --no-warmup --fail-prob=1 --fail-errno=EIO

# a full filesystem under lunmark's test file: refused before any IO, the
# file gone
small=$LM_WORK/small
mkdir "$small"
mount -t tmpfs -o size=8m none "$small" || skip "cannot mount a tmpfs"
lm_mounts+=("$small")
expect_exit "$LM_EXIT_TARGET" "$o" "$LUNMARK" mark "$small" --size=32m --runs=1 --runtime=1
expect_grep "No space left on device" "$o"
[ -z "$(ls -A "$small")" ] || fail "test file left on the full filesystem: $(ls "$small")"

# a loop device whose backing file's filesystem fills during the run:
# the write fails with the kernel's error, the run stops with LM_EXIT_IO and
# prints what it measured
truncate -s 64m "$small/backing.img"
dev=$(flock -s "$LM_LOOP_LOCK" losetup -f --show "$small/backing.img") || skip "cannot attach a loop device"
lm_loops+=("$dev")
expect_exit "$LM_EXIT_IO" "$o" "$LUNMARK" run "$dev" --rw=write --bs=1m --iodepth=4 \
	--size=64m --allow-write
grep -qE "No space left on device|Input/output error" "$o" ||
	fail "the full backing store gave no error: $(cat "$o")"
grep -q "write: IOPS=[1-9]" "$o" || fail "what was written is not reported: $(cat "$o")"
lm_unloop "$dev"
rm -f "$small/backing.img"

# a loop device detached under a run: the kernel lets the open device go
# on until lunmark closes it; the run ends normally, and then it is gone.
# No other test attaches a loop device meanwhile (lib.sh's lock): it
# would get this one's number under lunmark's reads.
lm_loop 64 512
dev=$LM_DEV
exec 8>"$LM_LOOP_LOCK"
flock -x 8
"$LUNMARK" run "$dev" --rw=randread --iodepth=8 --runtime=3 --time_based \
	--no-prefill >"$o" 2>&1 &
pid=$!
sleep 1
lm_unloop "$dev" || fail "losetup -d failed under the run"
wait $pid || fail "the run failed after its device was detached: $(cat "$o")"
grep -q "read : IOPS=[1-9]" "$o" || fail "no results: $(cat "$o")"
for _ in $(seq 20); do
	losetup "$dev" >/dev/null 2>&1 || break
	sleep 0.1
done
! losetup "$dev" >/dev/null 2>&1 || fail "$dev is still attached after the run"
exit "$LM_PASS"

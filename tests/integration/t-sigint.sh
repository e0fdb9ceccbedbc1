#!/usr/bin/env bash
# SIGINT, SIGTERM and SIGHUP mid-run: what was measured is printed (and
# saved, marked interrupted), the exit code is 128+N and lunmark's test
# file is gone; a second SIGINT ends a run stuck draining at once.
. "$(dirname "$0")/lib.sh"
lm_need_root

dir=$LM_WORK/dir
mkdir "$dir"
"$LUNMARK" mark "$dir" --size=32m --runs=3 --runtime=20 --no-warmup \
	>"$LM_WORK/m" 2>&1 &
pid=$!
for _ in $(seq 50); do
	ls "$dir"/lunmark-*.tmp >/dev/null 2>&1 && break
	sleep 0.1
done
ls "$dir"/lunmark-*.tmp >/dev/null 2>&1 || fail "no test file appeared"
sleep 3
kill -INT "$pid"
rc=0
wait "$pid" || rc=$?
[ "$rc" -eq "$LM_EXIT_INTERRUPTED" ] ||
	fail "mark exited $rc after SIGINT, expected $LM_EXIT_INTERRUPTED: $(cat "$LM_WORK/m")"
expect_grep "Interrupted: the results above are partial." "$LM_WORK/m"
grep -qE '^  SEQ    1MiB \(Q=  8, T= 1\): +[0-9.]+ MB/s' "$LM_WORK/m" ||
	fail "the partial run was not printed: $(cat "$LM_WORK/m")"
expect_grep "(not measured)" "$LM_WORK/m"
[ -z "$(ls -A "$dir")" ] || fail "test file left behind: $(ls "$dir")"

lm_loop 64 512
"$LUNMARK" run "$LM_DEV" --rw=randread --iodepth=16 --runtime=60 \
	--time_based --no-prefill >"$LM_WORK/r" 2>&1 &
pid=$!
sleep 2
kill -INT "$pid"
rc=0
wait "$pid" || rc=$?
[ "$rc" -eq "$LM_EXIT_INTERRUPTED" ] ||
	fail "run exited $rc after SIGINT, expected $LM_EXIT_INTERRUPTED"
grep -q "read : IOPS=[1-9]" "$LM_WORK/r" || fail "no partial result: $(cat "$LM_WORK/r")"
expect_grep "Interrupted" "$LM_WORK/r"

# SIGTERM and SIGHUP stop a run the same way, with 128+N
for sig in TERM HUP; do
	"$LUNMARK" run "$LM_DEV" --rw=randread --iodepth=16 --runtime=60 \
		--time_based --no-prefill >"$LM_WORK/r" 2>&1 &
	pid=$!
	sleep 1.5
	kill -$sig "$pid"
	rc=0
	wait "$pid" || rc=$?
	want=$(lm_exit_of_signal $sig)
	[ "$rc" -eq "$want" ] || fail "run exited $rc after SIG$sig, expected $want"
	grep -q "read : IOPS=[1-9]" "$LM_WORK/r" || fail "SIG$sig: no partial result: $(cat "$LM_WORK/r")"
done

# a mark stopped by SIGHUP saves what it has, marked interrupted, and
# removes its test file
"$LUNMARK" mark "$dir" --size=32m --runs=3 --runtime=20 --no-warmup \
	--json="$LM_WORK/m.json" >"$LM_WORK/m" 2>&1 &
pid=$!
sleep 4
kill -HUP "$pid"
rc=0
wait "$pid" || rc=$?
want=$(lm_exit_of_signal HUP)
[ "$rc" -eq "$want" ] || fail "mark exited $rc after SIGHUP, expected $want: $(cat "$LM_WORK/m")"
[ "$(jq -r .outcome.interrupted "$LM_WORK/m.json")" = true ] ||
	fail "the saved result is not marked interrupted: $(head -c 300 "$LM_WORK/m.json")"
[ -z "$(ls -A "$dir")" ] || fail "test file left behind: $(ls "$dir")"

# against a stalled iSCSI target the first SIGINT drains, bounded by
# --timeout; a second leaves at once, with what was measured
if command -v tgtd >/dev/null; then
	lm_tgt -s 16
	"$LUNMARK" run "$URL_RDWR" --rw=randread --iodepth=8 --runtime=60 \
		--time_based --no-prefill --size=16m --timeout=30 >"$LM_WORK/i" 2>&1 &
	pid=$!
	sleep 2
	lm_tgt_do pause >/dev/null
	sleep 1
	kill -INT "$pid"
	sleep 2
	kill -0 "$pid" 2>/dev/null || fail "the first SIGINT did not wait for the stalled IO: $(cat "$LM_WORK/i")"
	t0=$(date +%s%N)
	kill -INT "$pid"
	rc=0
	wait "$pid" || rc=$?
	el=$((($(date +%s%N) - t0) / 1000000))
	lm_tgt_do resume >/dev/null
	[ "$rc" -eq "$LM_EXIT_INTERRUPTED" ] ||
		fail "exit $rc after a second SIGINT, expected $LM_EXIT_INTERRUPTED: $(cat "$LM_WORK/i")"
	[ "$el" -lt 3000 ] || fail "a second SIGINT took $el ms to end the run"
	grep -q "read : IOPS=[1-9]" "$LM_WORK/i" || fail "no partial result: $(cat "$LM_WORK/i")"
fi
exit "$LM_PASS"

#!/usr/bin/env bash
# SIGINT mid-run: what was measured is printed, the exit code is 130 and
# lunmark's test file is gone.
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
[ "$rc" -eq 130 ] || fail "mark exited $rc after SIGINT, expected 130: $(cat "$LM_WORK/m")"
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
[ "$rc" -eq 130 ] || fail "run exited $rc after SIGINT, expected 130"
grep -q "read : IOPS=[1-9]" "$LM_WORK/r" || fail "no partial result: $(cat "$LM_WORK/r")"
expect_grep "Interrupted" "$LM_WORK/r"
exit 0

#!/usr/bin/env bash
# The copy profile: in a directory it makes real files and removes them;
# on a raw device it writes extents, each followed by a cache flush the
# block layer sees.
. "$(dirname "$0")/lib.sh"
lm_need_root
mkdir "$LM_WORK/dir"

# a directory: files appear while it runs, none are left after
( for _ in $(seq 400); do
	find "$LM_WORK/dir" -name 'lunmark-copy-*' | grep -m1 . && break
	sleep 0.01
done >"$LM_WORK/seen" ) &
watcher=$!
expect_exit "$LM_EXIT_OK" "$LM_WORK/d" "$LUNMARK" mark "$LM_WORK/dir" --profile=copy \
	--size=8m --runs=1 --no-warmup --interval=0 --quiet
wait $watcher || true
[ -s "$LM_WORK/seen" ] || fail "no lunmark-copy file seen while it ran"
left() { find "$LM_WORK/dir" -mindepth 1 | head -3; }
[ -z "$(left)" ] || fail "files left behind: $(left)"
expect_grep "real files in the directory" "$LM_WORK/d"
expect_grep "4096 x 2KiB" "$LM_WORK/d"
grep -qE '^1 x 2GiB +1 x 8MiB +[0-9]+\.[0-9]+ +[0-9]+\.[0-9]+' "$LM_WORK/d" ||
	fail "no figures for 1 x 2GiB: $(cat "$LM_WORK/d")"

# interrupted mid-copy: the files go too
( sleep 1; pkill -INT -f "lunmark mark $LM_WORK/dir" ) &
"$LUNMARK" mark "$LM_WORK/dir" --profile=copy --size=64m --runs=20 \
	--interval=0 --quiet >"$LM_WORK/i" 2>&1 || true
wait
[ -z "$(left)" ] || fail "an interrupted copy left files: $(left)"

# its CSV in the method's words: files/s, and no percentiles (a copy
# times whole files), empty rather than 0
expect_exit "$LM_EXIT_OK" "$LM_WORK/c" "$LUNMARK" mark "$LM_WORK/dir" --profile=copy --size=4m \
	--runs=1 --no-warmup --interval=0 --quiet --json="$LM_WORK/c.json"
"$LUNMARK" report "$LM_WORK/c.json" --format=csv >"$LM_WORK/c.csv"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
	$4 == "iops" { n++; if ($5 != "files/s" || $col["p50_us"] != "" || $col["p99_us"] != "") bad = 1 }
	END { exit !(n == 6 && !bad) }' "$LM_WORK/c.csv" ||
	fail "copy CSV: files/s, empty percentiles: $(cut -d, -f1-16 "$LM_WORK/c.csv")"

# a raw device: extents, and a flush the block layer counts for each file
lm_loop 64 512
name=$(basename "$LM_DEV")
flushes() { awk '{ print $16 }' "/sys/block/$name/stat"; }
[ -n "$(flushes)" ] || skip "this kernel's /sys/block/*/stat has no flush counter"
before=$(flushes)
expect_exit "$LM_EXIT_OK" "$LM_WORK/r" "$LUNMARK" mark "$LM_DEV" --profile=copy \
	--size=4m --runs=1 --no-warmup --interval=0 --quiet --allow-write
after=$(flushes)
# one set each: 1 + 2 + 2048 files written, each flushed
[ $((after - before)) -ge 2051 ] || fail "expected >= 2051 flushes, the block layer saw $((after - before))"
expect_grep "block level: consecutive extents" "$LM_WORK/r"
# and without --allow-write nothing is written
expect_exit "$LM_EXIT_GUARD" "$LM_WORK/g" "$LUNMARK" mark "$LM_DEV" --profile=copy --size=4m
expect_exit "$LM_EXIT_USAGE" "$LM_WORK/g" "$LUNMARK" mark "$LM_WORK/dir" --profile=copy --read-only
expect_grep "needs both halves" "$LM_WORK/g"
exit "$LM_PASS"

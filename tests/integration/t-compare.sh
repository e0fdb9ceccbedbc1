#!/usr/bin/env bash
# lunmark compare on real runs of a loop device:
#  - A/A: ten marks of one configuration, tagged side=a and side=b in turn
#    (so a drift of the machine falls on both sides), five runs a side:
#    no cell may be called faster or slower;
#  - a real difference: the same device with its reads throttled to 2000
#    IOPS by the blkio cgroup is called slower where the throttle bites;
#  - every format renders: text, Markdown, CSV, JSON, self-contained HTML;
#  - labels and tags are saved and shown; bad input is refused.
. "$(dirname "$0")/lib.sh"
lm_need_root
command -v jq >/dev/null || skip "jq is not installed (bash scripts/deps.sh)"

lm_loop 64 512
mkdir "$LM_WORK/r"
# the region written once, so the read-only marks read data, not holes
"$LUNMARK" run "$LM_DEV" --rw=write --bs=1m --iodepth=4 --size=16m \
	--allow-write >/dev/null 2>&1 || fail "cannot fill $LM_DEV"
mark() {
	"$LUNMARK" mark "$LM_DEV" --read-only --size=16m \
		--runs="$1" --runtime=300ms --interval=0 --no-warmup --quiet \
		--json="$2" "${@:3}" >/dev/null 2>"$LM_WORK/mark.err" ||
		fail "mark $*: $(cat "$LM_WORK/mark.err")"
}

for i in 1 2 3 4 5; do
	mark 1 "$LM_WORK/r/a$i.json" --tag side=a --label "A/A a"
	mark 1 "$LM_WORK/r/b$i.json" --tag side=b --label "A/A b"
done
aa=("$LM_WORK"/r/a?.json "$LM_WORK"/r/b?.json)
"$LUNMARK" compare --by side "${aa[@]}" --format=json >"$LM_WORK/aa.json" ||
	fail "compare --by side failed"
jq -e '.mode == "pair" and (.configurations | length) == 2 and
	([.cells[].values[].runs] | all(. == 5))' "$LM_WORK/aa.json" >/dev/null ||
	fail "A/A: not 2 configurations of 5 runs: $(head -c 600 "$LM_WORK/aa.json")"
n=$(jq '[.cells[] | select(.metric == "mb_s")] | length' "$LM_WORK/aa.json")
[ "$n" -eq 4 ] || fail "A/A: $n MB/s cells, expected the 4 read tests"
diff=$(jq -r '.cells[] | . as $c | .values[] | select(.verdict == "faster" or .verdict == "slower") |
	"\($c.test) \($c.way) \($c.metric): \(.verdict) \(.ratio)"' "$LM_WORK/aa.json")
[ -z "$diff" ] || fail "A/A called different: $diff"
note "A/A verdicts: $(jq -r '[.cells[].values[] | select(.verdict) | .verdict] | group_by(.) | map("\(.[0]) \(length)") | join(", ")' "$LM_WORK/aa.json")"

# a real difference: reads throttled by the blkio cgroup (v1). Not under
# the sanitizers, whose speeds spread widely: once in CI the throttled side
# came out "inconclusive" there against a baseline 185x faster (not seen
# again in 4 sanitized runs). The plain pass checks the verdict
cg=/sys/fs/cgroup/blkio/lunmark-test.$$
if lm_sanitized; then
	note "under the sanitizers: the throttled comparison is left to the plain pass"
elif [ -e /sys/fs/cgroup/blkio/blkio.throttle.read_iops_device ] && mkdir "$cg" 2>/dev/null; then
	echo "$(lsblk -dno MAJ:MIN "$LM_DEV" | tr -d ' ') 2000" >"$cg/blkio.throttle.read_iops_device"
	(echo "$BASHPID" >"$cg/cgroup.procs" &&
		mark 3 "$LM_WORK/slow.json" --tag side=slow) || { rmdir "$cg"; fail "throttled mark failed"; }
	rmdir "$cg" 2>/dev/null || true
	"$LUNMARK" compare --by side --baseline a "$LM_WORK"/r/a?.json "$LM_WORK/slow.json" \
		--format=json >"$LM_WORK/slow-cmp.json" || fail "compare --baseline failed"
	v=$(jq -r '.cells[] | select(.test == "RND4K Q32T1" and .metric == "iops") | .values[1].verdict' "$LM_WORK/slow-cmp.json")
	[ "$v" = slower ] || fail "2000 IOPS against $(jq '.cells[] | select(.test == "RND4K Q32T1" and .metric == "iops") | .values[0].median' "$LM_WORK/slow-cmp.json"): '$v', expected slower; the cell: $(jq -c '.cells[] | select(.test == "RND4K Q32T1" and .metric == "iops")' "$LM_WORK/slow-cmp.json")"
	jq -e '.mode == "baseline" and .configurations[0].name == "side=a"' "$LM_WORK/slow-cmp.json" >/dev/null ||
		fail "--baseline a is not the first configuration"
else
	note "no blkio cgroup (v1) here: the throttled comparison is left out"
fi

# formats
expect_exit "$LM_EXIT_OK" "$LM_WORK/t.txt" "$LUNMARK" compare "$LM_WORK/r/a1.json" "$LM_WORK/r/b1.json" "$LM_WORK/r/a2.json"
expect_grep "* the best in the column, = no significant" "$LM_WORK/t.txt"
grep -qE '^A/A a +[0-9.]+ [*= ]' "$LM_WORK/t.txt" || fail "no row for 'A/A a': $(cat "$LM_WORK/t.txt")"
expect_grep "A/A a #2" "$LM_WORK/t.txt"
expect_exit "$LM_EXIT_OK" "$LM_WORK/t.md" "$LUNMARK" compare --by side "${aa[@]}" --format=md
expect_grep "| Test | Way | Metric | A | B | B/A | 95% CI | p | Verdict |" "$LM_WORK/t.md"
expect_grep "| RND4K Q1T1 | read | MB/s |" "$LM_WORK/t.md"
"$LUNMARK" compare --by side "${aa[@]}" --format=csv >"$LM_WORK/t.csv"
# a row per configuration and cell: 4 tests x 1 way x 5 metrics x 2
[ "$(wc -l <"$LM_WORK/t.csv")" -eq 41 ] || fail "CSV: $(wc -l <"$LM_WORK/t.csv") lines, expected 41"
head -1 "$LM_WORK/t.csv" | grep -q ',p50_us,p90_us,p99_us,p99.9_us,p99.99_us,' || fail "CSV lacks the percentiles"
"$LUNMARK" compare --by side "${aa[@]}" --format=html >"$LM_WORK/t.html"
xmllint --noout "$LM_WORK/t.html" || fail "the HTML is not well-formed"
[ "$(grep -c '<svg' "$LM_WORK/t.html")" -ge 8 ] || fail "HTML: fewer than 8 charts"
grep -qE '(src|href)=|@import|url\(' "$LM_WORK/t.html" && fail "HTML fetches something"
expect_grep "<polyline" "$LM_WORK/t.html"
"$LUNMARK" report "$LM_WORK/r/a1.json" --format=json | jq -e '.mode == "single"' >/dev/null ||
	fail "report --format=json"
expect_exit "$LM_EXIT_OK" "$LM_WORK/r.txt" "$LUNMARK" report "$LM_WORK/r/a1.json"
expect_grep "  Label: A/A a" "$LM_WORK/r.txt"
expect_grep "   Tags: side=a" "$LM_WORK/r.txt"
jq -e '.label == "A/A a" and .tags.side == "a" and (.tests[0].cells.read.runs[0].host_cpu_s >= 0)' \
	"$LM_WORK/r/a1.json" >/dev/null || fail "label, tags or CPU not saved"

# bad input
expect_exit "$LM_EXIT_USAGE" "$LM_WORK/e1" "$LUNMARK" compare "$LM_WORK/r/a1.json"
expect_grep "needs two results or more" "$LM_WORK/e1"
jq '.schema_version = 99' "$LM_WORK/r/a1.json" >"$LM_WORK/new.json"
expect_exit "$LM_EXIT_USAGE" "$LM_WORK/e2" "$LUNMARK" compare "$LM_WORK/r/a1.json" "$LM_WORK/new.json"
expect_grep "new.json: schema version 99; this lunmark reads version 1" "$LM_WORK/e2"
head -c 100 "$LM_WORK/r/a1.json" >"$LM_WORK/broken.json"
expect_exit "$LM_EXIT_USAGE" "$LM_WORK/e3" "$LUNMARK" compare "$LM_WORK/r/a1.json" "$LM_WORK/broken.json"
expect_grep "broken.json: ends before its JSON does" "$LM_WORK/e3"
mark 1 "$LM_WORK/demo.json" --profile=demo --runtime=200ms
expect_exit "$LM_EXIT_USAGE" "$LM_WORK/e4" "$LUNMARK" compare "$LM_WORK/r/a1.json" "$LM_WORK/demo.json"
expect_grep "a1.json is profile default, $LM_WORK/demo.json is demo: compare results of one profile" "$LM_WORK/e4"
expect_exit "$LM_EXIT_USAGE" "$LM_WORK/e5" "$LUNMARK" compare --by raid "$LM_WORK/r/a1.json" "$LM_WORK/r/b1.json"
expect_grep "has no tag 'raid' (give it at run time: lunmark mark --tag raid=VALUE)" "$LM_WORK/e5"
expect_exit "$LM_EXIT_USAGE" "$LM_WORK/e6" "$LUNMARK" compare --format=pdf "$LM_WORK/r/a1.json" "$LM_WORK/r/b1.json"
expect_grep "--format=pdf: one of: text md csv json html" "$LM_WORK/e6"
expect_exit "$LM_EXIT_USAGE" "$LM_WORK/e7" "$LUNMARK" compare --delta=0 "$LM_WORK/r/a1.json" "$LM_WORK/r/b1.json"
expect_exit "$LM_EXIT_USAGE" "$LM_WORK/e8" "$LUNMARK" mark "$LM_DEV" --tag "no value"
expect_grep "NAME=VALUE" "$LM_WORK/e8"
expect_exit "$LM_EXIT_USAGE" "$LM_WORK/e9" "$LUNMARK" compare --by side --baseline c "${aa[@]}"
expect_grep "--baseline=c: no file has the tag side=c" "$LM_WORK/e9"
exit "$LM_PASS"

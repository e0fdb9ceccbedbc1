#!/usr/bin/env bash
# Reports as a person reads them (the text, Markdown, CSV and JSON parts
# of the HTML-free report; t-html.sh has the page):
#  - every profile kind's text report fits 80 columns, and no line of it
#    starts with "lunmark:" (that is how messages start);
#  - the progress line fits a 40-column terminal (a pty from script(1))
#    and shows the warm-up as 1/1;
#  - a figure faster than --link is called that, not "network-bound";
#  - `run A B`: each target's note names that target;
#  - what was not measured is a dash (text, md) or null (JSON), not 0;
#  - Markdown renders as meant under cmark-gfm: the method's table, the
#    comparison's headings on one line, warnings as a list;
#  - CSV long and wide, the device (a tgtd LUN's vendor and model) and
#    the link in every export.
. "$(dirname "$0")/lib.sh"
lm_need_root
command -v jq >/dev/null || skip "jq is not installed (bash scripts/deps.sh)"
command -v cmark-gfm >/dev/null || skip "cmark-gfm is not installed (bash scripts/deps.sh)"

lm_loop 64 512
"$LUNMARK" run "$LM_DEV" --rw=write --bs=1m --iodepth=4 --size=16m \
	--allow-write >/dev/null 2>&1 || fail "cannot fill $LM_DEV"
mark() {
	local out=$1
	shift
	"$LUNMARK" mark "$LM_DEV" --size=16m --runs=1 --runtime=200ms --interval=0 \
		--no-warmup "$@" >"$LM_WORK/$out.txt" 2>"$LM_WORK/$out.err" ||
		fail "mark $*: $(cat "$LM_WORK/$out.err")"
}
mark def --read-only --link=1g --json="$LM_WORK/def.json"
mark iom --profile=iometer --allow-write --destroy="$(basename "$LM_DEV")" --json="$LM_WORK/iom.json"
mark atto --profile=atto --read-only --json="$LM_WORK/atto.json"
mark cache --profile=cache --working-set=4m --max-rounds=6 --json="$LM_WORK/cache.json"

# text: 80 columns, no line that reads like a message
for r in def iom atto cache; do
	wide=$(awk 'length($0) > 80' "$LM_WORK/$r.txt")
	[ -z "$wide" ] || fail "$r: lines over 80 columns: $wide"
	grep -q '^lunmark:' "$LM_WORK/$r.txt" && fail "$r: a line starts with 'lunmark:': $(grep '^lunmark:' "$LM_WORK/$r.txt")"
	"$LUNMARK" report "$LM_WORK/$r.json" | cmp -s - "$LM_WORK/$r.txt" ||
		fail "$r: report does not reprint the mark's text"
done
expect_grep "Version: lunmark " "$LM_WORK/def.txt"
# a loop device runs far beyond 1 Gb/s: the link named is not the path
expect_grep "faster than the link named: check --link or the path" "$LM_WORK/def.txt"
grep -q "network-bound" "$LM_WORK/def.txt" && fail "a figure beyond the link called network-bound"
jq -e '[.outcome.warnings[].kind] | index("beyond_link")' "$LM_WORK/def.json" >/dev/null ||
	fail "no beyond_link warning saved"
# dashes for the unmeasured: iometer's 100% read spec writes nothing
grep -qE '^Max Throughput-100%Read +[0-9.]+ +- +[0-9.]+ +- +[0-9.]+ +-$' "$LM_WORK/iom.txt" ||
	fail "iometer: write columns of a 100% read spec: $(cat "$LM_WORK/iom.txt")"
grep -qE '^ +512B +- +[0-9.]+ +- +[0-9.]+ ' "$LM_WORK/atto.txt" ||
	fail "atto --read-only: write columns are not dashes: $(cat "$LM_WORK/atto.txt")"

# run A B: each target's note names that target
dev1=$LM_DEV
lm_loop 16 512
expect_exit "$LM_EXIT_OK" "$LM_WORK/two.txt" "$LUNMARK" run "$dev1" "$LM_DEV" --rw=randread --bs=4k \
	--size=8m --runtime=200ms
for d in "$dev1" "$LM_DEV"; do
	[ "$(lm_unwrap "$LM_WORK/two.txt" | grep -c "note: reads are of data lunmark did not write on $d;")" -eq 1 ] ||
		fail "run A B: no note of its own for $d: $(grep -A1 note: "$LM_WORK/two.txt" || true)"
done
LM_DEV=$dev1

# the progress line on a 40-column terminal, with a warm-up
script -qec "stty cols 40; $LUNMARK mark $LM_DEV --profile=demo --read-only --size=8m --runs=2 --runtime=300ms --interval=0 2>&1 >/dev/null" \
	"$LM_WORK/pty.log" >/dev/null || fail "mark under script(1) failed: $(cat "$LM_WORK/pty.log")"
tr '\r' '\n' <"$LM_WORK/pty.log" | sed 's/\x1b\[K//g' | grep -v '^Script \(started\|done\) on ' >"$LM_WORK/pty.lines"
long=$(awk 'length($0) > 39' "$LM_WORK/pty.lines")
[ -z "$long" ] || fail "progress wider than 39 columns on a 40-column terminal: $long"
grep -q "warm-up 1/1" "$LM_WORK/pty.lines" || fail "no 'warm-up 1/1': $(sort -u "$LM_WORK/pty.lines" | head -5)"
grep -q "run 2/2" "$LM_WORK/pty.lines" || fail "no 'run 2/2': $(sort -u "$LM_WORK/pty.lines" | head -5)"
grep -q "warm-up 0/" "$LM_WORK/pty.lines" && fail "a warm-up shown as 0/N"

# Markdown through cmark-gfm
"$LUNMARK" report "$LM_WORK/iom.json" --format=md >"$LM_WORK/iom.md"
cmark-gfm -e table "$LM_WORK/iom.md" >"$LM_WORK/iom.html"
grep -q '<h3>IOmeter access specifications' "$LM_WORK/iom.html" || fail "md: no method heading: $(cat "$LM_WORK/iom.html")"
[ "$(grep -c '<table>' "$LM_WORK/iom.html")" -ge 3 ] || fail "md: fewer than 3 tables: $(cat "$LM_WORK/iom.html")"
grep -qE '<td>Max Throughput-100%Read</td>' "$LM_WORK/iom.html" || fail "md: no access spec row"
grep -A7 '<td>Max Throughput-100%Read</td>' "$LM_WORK/iom.html" | grep -q '<td align="right">-</td>' ||
	fail "md: the unmeasured write is not a dash"
"$LUNMARK" report "$LM_WORK/def.json" --format=md >"$LM_WORK/def.md"
cmark-gfm -e table "$LM_WORK/def.md" >"$LM_WORK/def.html"
grep -q '<li>Warning: .*faster than the link named' "$LM_WORK/def.html" ||
	fail "md: the warning is not a list item: $(cat "$LM_WORK/def.html")"
grep -q '<th align="right">Read % link</th>' "$LM_WORK/def.html" || fail "md: no link share column"
"$LUNMARK" compare "$LM_WORK/def.json" "$LM_WORK/def.json" "$LM_WORK/def.json" --format=md >"$LM_WORK/three.md"
cmark-gfm -e table "$LM_WORK/three.md" >"$LM_WORK/three.html"
grep -q '<h3>MB/s, geometric mean of the runs, each against the best of its cell</h3>' "$LM_WORK/three.html" ||
	fail "md: the side-by-side heading is split: $(grep -A2 '<h3' "$LM_WORK/three.html")"
grep -q '<p>[a-z]' "$LM_WORK/three.html" && fail "md: a heading's tail became a paragraph: $(grep '<p>[a-z]' "$LM_WORK/three.html")"

# JSON: the method's tables, null for the unmeasured
"$LUNMARK" report "$LM_WORK/iom.json" --format=json >"$LM_WORK/iom.cmp.json"
jq -e '.configurations[0].method[0] | .columns[1] == "Read IOPS" and (.rows[0][2] == null) and (.rows[0][1] > 0)' \
	"$LM_WORK/iom.cmp.json" >/dev/null || fail "JSON method: $(jq -c '.configurations[0].method' "$LM_WORK/iom.cmp.json")"
"$LUNMARK" report "$LM_WORK/def.json" --format=json |
	jq -e '.configurations[0].link_gbit == 1 and (.cells[] | select(.metric == "mb_s") | .values[0].link_pct > 0)' >/dev/null ||
	fail "JSON: no link"

# CSV long and wide
"$LUNMARK" report "$LM_WORK/def.json" --format=csv >"$LM_WORK/def.csv"
head -1 "$LM_WORK/def.csv" | grep -q ',link_pct,device,read_iops,write_iops,' || fail "CSV long: no link_pct, device, read/write columns"
[ "$(awk -F, '{ print NF }' "$LM_WORK/def.csv" | sort -u | wc -l)" -eq 1 ] || fail "CSV long: ragged rows"
# iometer's read and write apart, the unmeasured write empty
"$LUNMARK" report "$LM_WORK/iom.json" --format=csv >"$LM_WORK/iom.csv"
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
	$2 == "Max Throughput-100%Read" && $4 == "iops" { ok = $col["read_iops"] > 0 && $col["write_iops"] == "" }
	$2 == "RealLife-60%Rand-65%Read" && $4 == "iops" { ok2 = $col["read_iops"] > 0 && $col["write_iops"] > 0 }
	END { exit !(ok && ok2) }' "$LM_WORK/iom.csv" || fail "CSV: iometer read/write apart: $(cut -d, -f1-4,32-37 "$LM_WORK/iom.csv")"
# a comparison of two IOmeter results: each mix's reads and writes apart
mark iom2 --profile=iometer --allow-write --destroy="$(basename "$LM_DEV")" --json="$LM_WORK/iom2.json"
"$LUNMARK" compare "$LM_WORK/iom.json" "$LM_WORK/iom2.json" >"$LM_WORK/iomc.txt"
expect_grep "Reads and writes of each mix apart" "$LM_WORK/iomc.txt"
grep -qE '^Max Throughput-100%Read +iom +[0-9]+ +[0-9.]+ +[0-9.]+ +- +- +-$' "$LM_WORK/iomc.txt" ||
	fail "compare: the 100% read spec's reads and writes: $(cat "$LM_WORK/iomc.txt")"
grep -qE '^RealLife-60%Rand-65%Read +iom2( +[0-9.]+){6}$' "$LM_WORK/iomc.txt" ||
	fail "compare: RealLife's reads and writes: $(cat "$LM_WORK/iomc.txt")"
# one run a side: the directions' IOPS add up to the mix's
"$LUNMARK" compare "$LM_WORK/iom.json" "$LM_WORK/iom2.json" --format=json |
	jq -e '[.cells[] | select(.metric == "iops" and .test == "RealLife-60%Rand-65%Read") | .values[] |
		((.geomean_read + .geomean_write) / .geomean - 1) | fabs < 0.001] | length == 2 and all' >/dev/null ||
	fail "JSON: reads and writes apart do not add up to the mix: $("$LUNMARK" compare "$LM_WORK/iom.json" "$LM_WORK/iom2.json" --format=json | jq -c '.cells[] | select(.metric == "iops") | .values[] | [.geomean, .geomean_read, .geomean_write]')"
"$LUNMARK" compare "$LM_WORK/iom.json" "$LM_WORK/iom2.json" --format=md | cmark-gfm -e table >"$LM_WORK/iomc.html"
grep -q '<h3>Reads and writes of each mix apart</h3>' "$LM_WORK/iomc.html" || fail "md: no reads-and-writes heading"
grep -q '<th align="right">write IOPS</th>' "$LM_WORK/iomc.html" || fail "md: no write IOPS column"
"$LUNMARK" compare "$LM_WORK/iom.json" "$LM_WORK/iom2.json" --format=html >"$LM_WORK/iomc.page"
[ "$(grep -o '<tr><td>mix: write</td>' "$LM_WORK/iomc.page" | wc -l)" -eq 9 ] ||
	fail "html: $(grep -o '<tr><td>mix: write</td>' "$LM_WORK/iomc.page" | wc -l) rows of a mix's writes, expected 9 (3 specs that write, 3 metrics)"
"$LUNMARK" compare "$LM_WORK/def.json" "$LM_WORK/def.json" --format=csv-wide >"$LM_WORK/wide.csv"
[ "$(wc -l <"$LM_WORK/wide.csv")" -eq 3 ] || fail "CSV wide: $(wc -l <"$LM_WORK/wide.csv") lines, expected 3"
head -1 "$LM_WORK/wide.csv" | grep -q '^configuration,SEQ1M Q8T1 read MB/s,SEQ1M Q8T1 read IOPS,' ||
	fail "CSV wide header: $(head -1 "$LM_WORK/wide.csv")"
[ "$(awk -F, '{ print NF }' "$LM_WORK/wide.csv" | sort -u | wc -l)" -eq 1 ] || fail "CSV wide: ragged rows"

# the device: a tgtd LUN's identity in text, md, csv and json
lm_tgt -s 32
expect_exit "$LM_EXIT_OK" "$LM_WORK/lun.txt" "$LUNMARK" mark "$URL_RDWR" --profile=demo --read-only --size=8m \
	--runs=1 --runtime=200ms --interval=0 --no-warmup --json="$LM_WORK/lun.json"
expect_grep " Device: IET VIRTUAL-DISK" "$LM_WORK/lun.txt"
"$LUNMARK" report "$LM_WORK/lun.json" --format=md | grep -q "^Device: IET VIRTUAL-DISK" || fail "md: no device"
"$LUNMARK" report "$LM_WORK/lun.json" --format=csv | sed -n 2p | grep -q ',IET VIRTUAL-DISK' || fail "CSV: no device"
"$LUNMARK" report "$LM_WORK/lun.json" --format=json | jq -e '.configurations[0].device.vendor == "IET"' >/dev/null ||
	fail "JSON: no device"
exit "$LM_PASS"

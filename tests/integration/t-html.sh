#!/usr/bin/env bash
# The HTML report as a person sees it: real results on a loop device, one
# per profile kind (short runs), each report and a three-way compare
# rendered by headless Chromium to a PNG and to its DOM, and checked:
#  - the method's own first screen: CrystalDiskMark's tiles, IOmeter's
#    reads and writes apart (a dash where not measured), ATTO's one sweep
#    chart of 2 series over 512 B to 64 MiB (compared: one a way), a copy's files/s and
#    upload/download (no IOPS, no p99), the cache's cold/warm/miss;
#  - every chart has its units and round (1-2-5) ticks, bars have value
#    labels, and a comparison a verdict beside each bar;
#  - the warm-up curve dashes the steady window only where steady;
#  - nothing wider than the page: the screenshot's right margin is blank;
#  - the target's vendor, model and serial when saved; a PDF when printed;
#  - one self-contained file: no script, nothing fetched, well-formed;
#    and the browser logs no script error.
# LM_HTML_SHOTS=DIR keeps a full-size screenshot of each page there.
. "$(dirname "$0")/lib.sh"
lm_need_root
command -v jq >/dev/null || skip "jq is not installed (bash scripts/deps.sh)"
command -v xmllint >/dev/null || skip "xmllint is not installed (bash scripts/deps.sh)"
command -v python3 >/dev/null || skip "python3 is not installed (it reads the screenshots)"
command -v chromium >/dev/null || skip "chromium is not installed (bash scripts/deps.sh)"
chromium --headless --no-sandbox --dump-dom about:blank >/dev/null 2>&1 ||
	skip "chromium does not run headless here"

# render NAME: NAME.html to NAME.png (1200 px wide) and NAME.dom, the
# browser's log in NAME.log
render() {
	xmllint --noout "$LM_WORK/$1.html" 2>"$LM_WORK/xml" || fail "$1: not well-formed: $(head -c 300 "$LM_WORK/xml")"
	! grep -qiE '<script|src=|href=|@import|url\(' "$LM_WORK/$1.html" ||
		fail "$1: not self-contained: $(grep -oiE '.{20}(<script|src=|href=|@import|url\().{20}' "$LM_WORK/$1.html" | head -3)"
	# at half scale: 600 px for the page's 1200, 4000 px of it, few
	# enough pixels for python to read
	chromium --headless --no-sandbox --hide-scrollbars --enable-logging=stderr --v=0 \
		--window-size=1200,4000 --force-device-scale-factor=0.5 --screenshot="$LM_WORK/$1.png" \
		"file://$LM_WORK/$1.html" >/dev/null 2>"$LM_WORK/$1.log" ||
		fail "$1: chromium could not render it: $(tail -3 "$LM_WORK/$1.log")"
	[ -z "${LM_HTML_SHOTS:-}" ] || chromium --headless --no-sandbox --hide-scrollbars \
		--window-size=1200,2000 --screenshot="$LM_HTML_SHOTS/$1.png" \
		"file://$LM_WORK/$1.html" >/dev/null 2>&1
	chromium --headless --no-sandbox --enable-logging=stderr --v=0 --dump-dom \
		"file://$LM_WORK/$1.html" >"$LM_WORK/$1.dom" 2>>"$LM_WORK/$1.log" ||
		fail "$1: chromium could not read it"
	! grep -q "Uncaught" "$LM_WORK/$1.log" || fail "$1: a script error: $(grep Uncaught "$LM_WORK/$1.log")"
	python3 - "$LM_WORK/$1.png" "$LM_WORK/$1.dom" <<'EOF' || fail "$1: $(cat "$LM_WORK/py.err")"
import re, struct, sys, zlib

def png(path):
    d = open(path, "rb").read()
    assert d[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    i, idat = 8, b""
    while i < len(d):
        n, kind = struct.unpack(">I4s", d[i:i + 8])
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", d[i + 8:i + 18])
        elif kind == b"IDAT":
            idat += d[i + 8:i + 8 + n]
        i += 12 + n
    assert depth == 8 and ctype in (2, 6), "PNG of color type %d" % ctype
    bpp = 3 if ctype == 2 else 4
    raw, stride, rows, prev = zlib.decompress(idat), w * bpp, [], bytearray(w * bpp)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b, c = prev[x], prev[x - bpp] if x >= bpp else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return w, h, bpp, rows

def fail(msg):
    open(sys.argv[1].rsplit("/", 1)[0] + "/py.err", "w").write(msg)
    sys.exit(1)

w, h, bpp, rows = png(sys.argv[1])
# the page is at most 1100 px wide, centred in 1200 (at half scale: 550
# in 600): past x 1152 (576) only the background may show
edge = [(x, y) for y in range(h) for x in range(w * 96 // 100, w)
        if rows[y][x * bpp:x * bpp + 3] != b"\xff\xff\xff"]
if edge:
    fail("something reaches past the page's width, at x,y %d,%d of %dx%d" % (edge[0] + (w, h)))
ink = sum(1 for y in range(0, h, 2) for x in range(w // 20, w * 19 // 20, 2) if rows[y][x * bpp] < 128)
if ink < 500:
    fail("the screenshot is nearly blank")
dom = open(sys.argv[2]).read()
for svg in re.findall(r"<svg class=\"chart\".*?</svg>", dom, re.S):
    name = re.search(r'aria-label="([^"]*)"', svg).group(1)
    width = int(re.search(r'width="(\d+)"', svg).group(1))
    if width > 1068:
        fail("chart %s is %d px wide, the page 1068" % (name, width))
    if 'class="unit"' not in svg:
        fail("chart %s has no unit on its axis" % name)
    if 'class="bar"' in svg and 'class="value"' not in svg:
        fail("chart %s has bars without value labels" % name)
    ticks = [float(t) for t in re.findall(r'class="tick"[^>]*>(-?[0-9.]+)<', svg)]
    ys = ticks[:[i for i in range(1, len(ticks) + 1) if i == len(ticks) or ticks[i] <= ticks[i - 1]][0]]
    steps = {round(b - a, 9) for a, b in zip(ys, ys[1:])}
    if len(ys) < 2 or len(steps) != 1:
        fail("chart %s: ticks %s are not evenly stepped" % (name, ys))
    step = steps.pop()
    mant = step / 10 ** __import__("math").floor(__import__("math").log10(step))
    if round(mant, 6) not in (1, 2, 5) or ys[0] != 0:
        fail("chart %s: ticks %s are not round (step %g)" % (name, ys, step))
EOF
}
# count FILE PATTERN: how many times the extended regex occurs
count() { grep -oE "$2" "$1" | wc -l; }

lm_loop 64 512
dev=$LM_DEV
short=(--size=16m --runs=1 --no-warmup --runtime=300ms --interval=0 --quiet --allow-write --link=10g)
for p in default+mix iometer iops atto throughput copy cache; do
	extra=()
	[ "$p" = cache ] && extra=(--working-set=12m --cache-size=4m --sustained)
	expect_exit "$LM_EXIT_OK" "$LM_WORK/out" "$LUNMARK" mark "$dev" --profile="$p" \
		"${short[@]}" --json="$LM_WORK/$p.json" "${extra[@]}"
	"$LUNMARK" report "$LM_WORK/$p.json" --format=html >"$LM_WORK/$p.html" ||
		fail "$p: report --format=html failed"
	render "$p"
	d=$LM_WORK/$p.dom
	expect_grep "/dev/loop" "$d"
	case $p in
	default+mix)
		[ "$(count "$d" 'class="tile"')" -eq 12 ] || fail "$p: not 12 tiles: $(count "$d" 'class="tile"')"
		expect_grep '<div class="head">Mix</div>' "$d"
		# the LUN's identity, as saved (a loop device has none: given)
		jq '.target.vendor = "ACME" | .target.model = "LUN-9" | .target.serial = "SN0042"' \
			"$LM_WORK/$p.json" >"$LM_WORK/named.json"
		"$LUNMARK" report "$LM_WORK/named.json" --format=html >"$LM_WORK/named.html" || fail "named: report failed"
		for v in "<th>Vendor</th><td>ACME</td>" "<th>Model</th><td>LUN-9</td>" "<th>Serial</th><td>SN0042</td>"; do
			expect_grep "$v" "$LM_WORK/named.html"
		done
		# readable when printed: the print style gives a PDF
		chromium --headless --no-sandbox --print-to-pdf="$LM_WORK/$p.pdf" \
			"file://$LM_WORK/$p.html" >/dev/null 2>&1 || fail "$p: chromium could not print it"
		head -c 5 "$LM_WORK/$p.pdf" | grep -q '%PDF' || fail "$p: printing gave no PDF" ;;
	iops)
		[ "$(count "$d" 'class="tile"><b>[0-9]+</b> IOPS')" -eq 2 ] || fail "$p: not read and write IOPS tiles" ;;
	throughput)
		[ "$(count "$d" '% of the link')" -eq 2 ] || fail "$p: no link share" ;;
	iometer)
		# 4 specs x read and write, less the writes at 100% read
		[ "$(count "$d" 'class="bar"')" -eq 7 ] || fail "$p: $(count "$d" 'class="bar"') bars, expected 7"
		grep -q '<td>Max Throughput-100%Read</td><td>[0-9]*</td><td>-</td><td>[0-9.]*</td><td>-</td><td>[0-9.]*</td><td>-</td>' "$d" ||
			fail "$p: the writes at 100% read are not a dash: $(grep -o '<td>Max Throughput-100%Read</td>.\{120\}' "$d")"
		expect_grep "<th>Read ms</th><th>Write ms</th>" "$d" ;;
	atto)
		sweep=$(awk '/aria-label="MB\/s over the block size"/,/<\/svg>/' "$d")
		[ "$(count "$d" 'aria-label="MB/s over the block size"')" -eq 1 ] || fail "$p: not one sweep chart"
		[ "$(grep -o 'class="line"' <<<"$sweep" | wc -l)" -eq 2 ] || fail "$p: the sweep has not 2 series"
		# 16 sizes run, 32 and 64 MiB do not fit the region
		[ "$(grep -o 'class="point"' <<<"$sweep" | wc -l)" -eq 32 ] || fail "$p: not 16 points a series"
		for s in 512B 1KiB 4KiB 1MiB 64MiB; do
			grep -q "class=\"tick\"[^>]*>$s<" <<<"$sweep" || fail "$p: no $s on the block-size axis"
		done
		[ "$(grep -o '>not run<' <<<"$sweep" | wc -l)" -eq 2 ] || fail "$p: the sizes not run are not marked"
		# compared, a sweep stays one chart a way, a line per
		# configuration, first: not a chart per block size
		cp "$LM_WORK/$p.json" "$LM_WORK/$p-again.json"
		"$LUNMARK" compare "$LM_WORK/$p.json" "$LM_WORK/$p-again.json" --format=html >"$LM_WORK/atto-cmp.html" ||
			fail "$p: compare --format=html failed"
		render atto-cmp
		[ "$(count "$LM_WORK/atto-cmp.dom" 'aria-label="(read|write) MB/s over the block size"')" -eq 2 ] ||
			fail "$p compared: not a sweep chart per way"
		[ "$(count "$LM_WORK/atto-cmp.dom" 'class="bar"')" -eq 0 ] || fail "$p compared: bar charts per block size"
		grep -o '<h2>[^<]*</h2>' "$LM_WORK/atto-cmp.dom" | head -1 | grep -q Sweep || fail "$p compared: the sweep is not first" ;;
	copy)
		! grep -q "IOPS" "$d" || fail "$p: a copy's files/s called IOPS: $(grep -o '.\{40\}IOPS.\{20\}' "$d" | head -2)"
		! grep -q "p99" "$d" || fail "$p: a p99 for copies"
		expect_grep "<th>Upload files/s</th><th>Download files/s</th>" "$d"
		expect_grep "1000 x 2MiB upload" "$d" ;;
	cache)
		expect_grep "<th>Cold MB/s</th><th>Warm MB/s</th><th>Warm/cold</th><th>Miss MB/s</th>" "$d"
		[ "$(count "$d" 'warm-up curve')" -eq 3 ] || fail "$p: not 3 warm-up curves"
		expect_grep "Sustained write" "$d"
		# dashed where steady with rounds before the window; then not
		# steady (its rounds' MB/s made to swing): no dash for it
		want=$(jq '[.tests[].cells.read.rounds | select(. != null and .steady and .window_first_round > 1)] | length' "$LM_WORK/$p.json")
		[ "$(count "$d" 'class="window"')" -eq "$want" ] || fail "$p: $(count "$d" 'class="window"') steady windows dashed, $want steady"
		jq '.tests[1].cells.read.runs |= (to_entries | map(if .key % 2 == 1 then .value.read.mb_s *= 4 | .value.all.mb_s *= 4 else . end | .value))' \
			"$LM_WORK/$p.json" >"$LM_WORK/swing.json"
		"$LUNMARK" report "$LM_WORK/swing.json" --format=html >"$LM_WORK/swing.html" || fail "swing: report failed"
		grep -A3 'RND8K Q32T1 read: warm-up curve' "$LM_WORK/swing.html" | grep -q "Not steady: no window is marked" ||
			fail "$p: a NOT steady window is marked: $(grep -A3 'RND8K Q32T1 read: warm-up' "$LM_WORK/swing.html")"
		want=$(jq '[.tests | del(.[1]) | .[].cells.read.rounds | select(. != null and .steady and .window_first_round > 1)] | length' "$LM_WORK/$p.json")
		[ "$(count "$LM_WORK/swing.html" 'class="window"')" -eq "$want" ] || fail "$p: a NOT steady window is dashed" ;;
	esac
done

# a three-way compare: the overview first, a verdict beside every bar
for s in a b c; do
	"$LUNMARK" mark "$dev" --profile=peak --size=16m --runs=3 --no-warmup --runtime=300ms \
		--interval=0 --quiet --allow-write --json="$LM_WORK/cmp-$s.json" --label "side $s" \
		>/dev/null 2>"$LM_WORK/mark.err" || fail "compare mark: $(cat "$LM_WORK/mark.err")"
done
"$LUNMARK" compare "$LM_WORK"/cmp-{a,b,c}.json --format=html >"$LM_WORK/cmp.html" || fail "compare --format=html failed"
render cmp
d=$LM_WORK/cmp.dom
grep -o '<h2>[^<]*</h2>' "$d" | head -1 | grep -q Overview || fail "compare: the overview is not first"
# 2 tests x read and write x 3 configurations, MB/s
[ "$(count "$d" 'class="bar"')" -eq 12 ] || fail "compare: $(count "$d" 'class="bar"') bars, expected 12"
[ "$(count "$d" 'class="note ')" -eq 12 ] || fail "compare: $(count "$d" 'class="note ') verdicts beside the bars, expected 12"
[ "$(count "$d" '<i class="sw"')" -ge 3 ] || fail "compare: no legend of the 3 configurations"
exit "$LM_PASS"

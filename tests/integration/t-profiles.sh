#!/usr/bin/env bash
# Every built-in profile end to end on a loop device, with short settings:
# every row of its report is filled, IOPS x block size = MB/s within 1%,
# the saved result re-renders the same report, the progress line shows on
# a terminal and not in a pipe, and an ATTO sweep on a 4Kn device skips
# the sizes below its block size.
. "$(dirname "$0")/lib.sh"
lm_need_root
command -v jq >/dev/null || skip "jq is not installed (bash scripts/deps.sh)"
lm_loop 64 512
dev=$LM_DEV
short=(--size=16m --runs=1 --no-warmup --runtime=500ms --interval=0 --quiet)

mapfile -t profiles < <("$LUNMARK" profiles | sed -n 's/^\([a-z+]*\): .*/\1/p')
[ "${#profiles[@]}" -eq 16 ] || fail "expected 16 profiles, got: ${profiles[*]}"

for p in "${profiles[@]}"; do
	# under the sanitizers one +mix profile stands for them all: they
	# differ in their tests only, not in code
	case $p in *+mix) lm_sanitized && [ "$p" != default+mix ] && continue ;; esac
	note "$p"
	extra=()
	# the cache profile: three working sets, a miss region, a sustained
	# write; its cells run in rounds (5 or more)
	[ "$p" = cache ] && extra=(--working-set=12m --cache-size=4m --sustained)
	expect_exit "$LM_EXIT_OK" "$LM_WORK/out" "$LUNMARK" mark "$dev" --profile="$p" \
		"${short[@]}" --allow-write --link=10g --json="$LM_WORK/r.json" "${extra[@]}"
	! grep -q "not measured" "$LM_WORK/out" || fail "$p left a cell empty: $(cat "$LM_WORK/out")"
	# the saved result re-renders the same report
	"$LUNMARK" report "$LM_WORK/r.json" >"$LM_WORK/again" ||
		fail "$p: lunmark report failed"
	grep -v '^lunmark: prefilling' "$LM_WORK/out" | cmp -s - "$LM_WORK/again" ||
		fail "$p: the re-rendered report differs: $(diff <(grep -v '^lunmark: prefilling' "$LM_WORK/out") "$LM_WORK/again")"
	# every wanted cell measured, and IOPS x bs = MB/s within 1%
	# (a copy's "IO" is a file)
	jq -e '[.tests[] | .bs_bytes as $bs | .cells[] | select(.wanted)
		| (if .file_bytes > 0 then .file_bytes else $bs end) as $b
		| .headline | (.read, .write) | select(.ios > 0 or .iops > 0)
		| ((.iops * $b / 1e6) / .mb_s - 1) | fabs < 0.01] | all' \
		"$LM_WORK/r.json" >/dev/null || fail "$p: IOPS x bs differs from MB/s by 1% or more"
	jq -e --arg p "$p" '[.tests[].cells[] | select(.wanted) | .runs | length as $n
		| $n == 1 or ($p == "cache" and $n >= 1)] | all and length > 0' \
		"$LM_WORK/r.json" >/dev/null || fail "$p: a wanted cell has no run"
	case $p in
	*+mix) grep -q '^\[Mix\] 70% read' "$LM_WORK/out" || fail "$p: no [Mix] section" ;;
	iometer) [ "$(grep -cE '%Read( +([0-9.]+|-)){6}$' "$LM_WORK/out")" -eq 4 ] ||
		fail "iometer rows: $(cat "$LM_WORK/out")"
		# a 100% read spec measured no write: a dash, not 0
		grep -qE '^Max Throughput-100%Read +[0-9.]+ +- +[0-9.]+ +- +[0-9.]+ +-$' "$LM_WORK/out" ||
			fail "iometer: the 100% read row's write columns are not dashes: $(cat "$LM_WORK/out")"
		cp "$LM_WORK/r.json" "$LM_WORK/iometer.json" ;;
	atto) [ "$(grep -cE 'W\|#* *\| R\|' "$LM_WORK/out")" -eq 16 ] || fail "atto rows: $(cat "$LM_WORK/out")"
		# 32 and 64 MiB do not fit a 16 MiB region
		[ "$(grep -c "larger than the region" "$LM_WORK/out")" -eq 2 ] || fail "atto: $(cat "$LM_WORK/out")" ;;
	copy) expect_grep "block level: consecutive extents" "$LM_WORK/out"
		expect_grep "8192 x 2KiB" "$LM_WORK/out"
		# in the method's words: upload and download, files/s, and no
		# latency it did not measure
		"$LUNMARK" report "$LM_WORK/r.json" --format=md >"$LM_WORK/copy.md"
		expect_grep "| Set | Files | File size | Upload MB/s | Download MB/s | Upload files/s | Download files/s |" "$LM_WORK/copy.md"
		expect_grep "| Test | Way | MB/s | files/s |" "$LM_WORK/copy.md"
		grep -qE '^\| [^|]+ \| upload \|' "$LM_WORK/copy.md" || fail "copy md: no upload row: $(cat "$LM_WORK/copy.md")"
		grep -qE '\| (read|write) \|' "$LM_WORK/copy.md" && fail "copy md: read/write for upload/download"
		grep -qE '^\| 1000 x 2MiB \| upload \| [0-9.]+ \| [0-9.]+ \| [0-9.]+ \| - \|' "$LM_WORK/copy.md" ||
			fail "copy md: a p99 it did not measure is not a dash: $(cat "$LM_WORK/copy.md")" ;;
	cache) expect_grep "* miss: random reads for 0.5 s over 12MiB after the working sets" "$LM_WORK/out"
		expect_grep "[Sustained write] Sustained SEQ1M Q8T1, 8MiB in one run" "$LM_WORK/out"
		jq -e '[.tests[0,1,2].cells.read | .rounds.window_rounds == 5 and .miss.read.ios > 0] | all' \
			"$LM_WORK/r.json" >/dev/null || fail "cache: $(cat "$LM_WORK/out")" ;;
	throughput) grep -q "% of the link" "$LM_WORK/out" || fail "no link share: $(cat "$LM_WORK/out")"
		expect_grep "10 Gb/s carries 1176.9 MB/s of TCP payload" "$LM_WORK/out" ;;
	esac
done

# iometer's mixes are the ones asked for: 100, 65, 50 and 70% reads
for t in "0 1.00" "1 0.65" "2 0.50" "3 0.70"; do
	read -r i want <<<"$t"
	jq -e --argjson i "$i" --argjson w "$want" '.tests[$i].cells.mix.headline
		| (.read.iops / (.read.iops + .write.iops) - $w) | fabs < 0.03' \
		"$LM_WORK/iometer.json" >/dev/null || fail "iometer test $i: not $want reads"
done

# the progress line: on a terminal, redrawn with an ETA; never in a pipe
script -qec "$LUNMARK mark $dev --profile=demo --size=16m --runs=2 --runtime=2 --interval=0 --read-only --no-prefill" \
	"$LM_WORK/tty" >/dev/null
grep -q "demo: test 1/1 SEQ1M Q8T1 read, run 1/2: .* MB/s, .* IOPS, ETA 0m0" "$LM_WORK/tty" ||
	fail "no progress line on a terminal: $(tr '\r' '\n' <"$LM_WORK/tty" | head -5)"
"$LUNMARK" mark "$dev" --profile=demo --size=16m --runs=1 --runtime=1 --interval=0 \
	--read-only --no-prefill 2>"$LM_WORK/pipe" >/dev/null
! grep -q "ETA" "$LM_WORK/pipe" || fail "a progress line went into a pipe"
script -qec "$LUNMARK mark $dev --profile=demo --size=16m --runs=1 --runtime=1 --interval=0 --read-only --no-prefill --quiet" \
	"$LM_WORK/tty2" >/dev/null
! grep -q "ETA" "$LM_WORK/tty2" || fail "--quiet still drew the progress line"

# ATTO on 4Kn: the sizes below 4 KiB are skipped, said so
lm_loop 64 4096
expect_exit "$LM_EXIT_OK" "$LM_WORK/a4" "$LUNMARK" mark "$LM_DEV" --profile=atto "${short[@]}" --allow-write
[ "$(grep -c "below the target's block size" "$LM_WORK/a4")" -eq 3 ] || fail "4Kn atto: $(cat "$LM_WORK/a4")"

# broken and foreign result files get a clear error
echo '{"schema": "lunmark-result", "schema_version": 99}' >"$LM_WORK/new.json"
expect_exit "$LM_EXIT_USAGE" "$LM_WORK/e" "$LUNMARK" report "$LM_WORK/new.json"
expect_grep "schema version 99; this lunmark reads version 1" "$LM_WORK/e"
echo '{"tests": [' >"$LM_WORK/bad.json"
expect_exit "$LM_EXIT_USAGE" "$LM_WORK/e" "$LUNMARK" report "$LM_WORK/bad.json"
expect_grep "bad.json: ends before its JSON does" "$LM_WORK/e"
echo '{"tests": ]' >"$LM_WORK/bad.json"
expect_exit "$LM_EXIT_USAGE" "$LM_WORK/e" "$LUNMARK" report "$LM_WORK/bad.json"
expect_grep "not JSON" "$LM_WORK/e"
exit "$LM_PASS"

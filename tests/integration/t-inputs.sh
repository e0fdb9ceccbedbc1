#!/usr/bin/env bash
# report and compare read only what a saved result can be: a regular file
# of bounded size. A device, /dev/zero or a FIFO is refused at once (not
# read without end), a huge file is refused by its size, a file cut short
# is said to be so.
. "$(dirname "$0")/lib.sh"
lm_need_root
o=$LM_WORK/out
good=$LM_WORK/good.json
expect_exit "$LM_EXIT_OK" "$o" "$LUNMARK" mark --engine=null --runtime=100ms \
	--runs=1 --no-warmup --interval=0 --quiet --json="$good"
lm_loop 16 512
mkfifo "$LM_WORK/fifo"
for f in /dev/zero "$LM_DEV" "$LM_WORK/fifo"; do
	for cmd in report compare; do
		args=("$f")
		[ "$cmd" = compare ] && args=("$good" "$f")
		# a bounded wait: before the fix /dev/zero grew without end
		expect_exit "$LM_EXIT_USAGE" "$o" timeout -k 5 20 "$LUNMARK" "$cmd" "${args[@]}"
		expect_grep "$f: not a regular file (give a result saved with 'lunmark mark --json=FILE')" "$o"
	done
done
truncate -s 300M "$LM_WORK/huge.json"
expect_exit "$LM_EXIT_USAGE" "$o" timeout -k 5 20 "$LUNMARK" report "$LM_WORK/huge.json"
expect_grep "huge.json: larger than the 256 MiB a saved result may hold" "$o"
head -c 700 "$good" >"$LM_WORK/cut.json"
expect_exit "$LM_EXIT_USAGE" "$o" "$LUNMARK" report "$LM_WORK/cut.json"
expect_grep "cut.json: ends before its JSON does (cut short? save it again)" "$o"
expect_exit "$LM_EXIT_OK" "$o" "$LUNMARK" report "$good"

# labels and tags: printable UTF-8 only, refused at input without echoing
# the bad bytes; a file holding them is refused by report and compare
mark=("$LUNMARK" mark --engine=null --runtime=100ms --runs=1 --no-warmup --interval=0 --quiet)
expect_exit "$LM_EXIT_USAGE" "$o" "${mark[@]}" --label=$'RAID\e[2J1'
expect_grep "--label: byte 5 of the text (0x1b) is a control character or not UTF-8; give printable UTF-8 text" "$o"
! grep -q $'\e' "$o" || fail "the ESC was echoed to the terminal"
expect_exit "$LM_EXIT_USAGE" "$o" "${mark[@]}" --tag=$'disk=\xff\xfe'
expect_grep "--tag: byte 1 of the text (0xff)" "$o"
expect_exit "$LM_EXIT_USAGE" "$o" "${mark[@]}" --label=$'a\xc0\xafb'
expect_exit "$LM_EXIT_OK" "$o" "${mark[@]}" --label="café RAID1 — 日本" \
	--tag=cache=écrit --json="$LM_WORK/utf8.json"
expect_exit "$LM_EXIT_OK" "$o" "$LUNMARK" report "$LM_WORK/utf8.json"
expect_grep "café RAID1 — 日本" "$o"
jq '.label = "x\u001b[2Jy"' "$LM_WORK/utf8.json" >"$LM_WORK/esc.json"
expect_exit "$LM_EXIT_USAGE" "$o" "$LUNMARK" report "$LM_WORK/esc.json"
expect_grep "holds a control character or a byte that is not UTF-8" "$o"
! grep -q $'\e' "$o" || fail "report echoed the ESC"
jq '.tags.cache = "a\u009bb"' "$LM_WORK/utf8.json" >"$LM_WORK/c1.json"
expect_exit "$LM_EXIT_USAGE" "$o" "$LUNMARK" compare "$LM_WORK/utf8.json" "$LM_WORK/c1.json"
expect_grep "holds a control character" "$o"
exit "$LM_PASS"

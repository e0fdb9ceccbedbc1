#!/usr/bin/env bash
# fio's offset modifiers (rw=MODE:N), against fio 3.33, from each tool's
# log of every IO's offset (log_offset=1):
# - rw=read:N: the same blocks in the same order as fio's on a loop device
#   (a skip forward ends the pass at the region's end; one back wraps to
#   its end plus the skip);
# - rw=randread:N with rw_sequencer=sequential and identical, with and
#   without the random map (null engine, 256 IOs): every Nth IO drawn
#   (the first too), the N-1 after it the blocks after it (sequential;
#   one past the region's end drawn) or it again (identical), in both
#   tools; fio's draws are its own, so the runs' shape is compared, not
#   their blocks;
# - a job's rw= without :N has none, though its [global]'s had one;
# - N with a unit, or 0, after a random mode refused with file:line.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fio-lib.sh"
lm_fio_setup

mkdir om
for m in read:8k read:-8k read:-12k; do
	printf '[b]\nbs=4k\nrw=%s\nfilename=%s\nsize=40k\nnumber_ios=14\nwrite_iops_log=om/x\nlog_offset=1\n' \
		"$m" "$LM_DEV" >om.fio
	blocks() { cut -d, -f5 om/x_iops.1.log | awk '{ printf "%d ", $1 / 4096 }'; }
	"$fio" om.fio >/dev/null 2>&1 || fail "fio could not run rw=$m"
	f=$(blocks)
	rm -f om/*
	"$LUNMARK" om.fio --no-prefill >/dev/null 2>&1 || fail "lunmark could not run rw=$m"
	l=$(blocks)
	note "rw=$m, 4k blocks of 10: fio $f, lunmark $l"
	{ [ -n "$f" ] && [ "$f" = "$l" ]; } || fail "rw=$m: fio's blocks $f, lunmark's $l"
done
ok "rw=read:N: fio's blocks, in fio's order"

# shape LOG N: of the IOs k = 0, 1, ... in LOG, "IOS AFTER SAME OTHER":
# the IOs, then of those with k % N != 0 how many are the block after the
# IO before, the same block, or neither (a draw past the region's end);
# then of those with k % N == 0 (drawn) how many are the block after
shape() {
	awk -F', ' -v n="$2" '{ b = $5 / 4096 }
		NR > 1 && (NR - 1) % n { if (b == p + 1) a++; else if (b == p) s++; else o++ }
		NR > 1 && !((NR - 1) % n) && b == p + 1 { d++ }
		{ p = b } END { printf "%d %d %d %d %d", NR, a, s, o, d }' "$1"
}
while IFS='|' read -r what opts; do
	for t in fio lunmark; do
		rm -f om/*
		# shellcheck disable=SC2086 # the options, word by word
		set -- --name=a --ioengine=null --size=1m --bs=4k --rw=randread:4 $opts \
			--write_lat_log=om/x --log_offset=1 --output-format=terse
		if [ "$t" = fio ]; then "$fio" "$@" >o.out 2>&1; else "$LUNMARK" "$@" >o.out 2>&1; fi ||
			fail "$t $what: $(head -c 300 o.out)"
		read -r ios after same other drawn <<<"$(shape om/x_lat.1.log 4)"
		note "$what, $t: $ios IOs; of the 192 between draws $after the block after, $same the same, $other drawn past the end; of the 64 draws $drawn the block after"
		[ "$ios" = 256 ] || fail "$what: $t did $ios IOs, not 256"
		case $what in
		sequential*) [ "$after" -ge 180 ] && [ "$same" = 0 ] && [ $((after + other)) = 192 ] ;;
		identical*) [ "$same" = 192 ] ;;
		esac || fail "$what: $t's IOs between draws: $after after, $same same, $other other"
		[ "$drawn" -le 8 ] || fail "$what: $t's drawn IOs were the block after the one before $drawn times of 64"
	done
	ok "rw=randread:4, $what: runs as fio's"
done <<'EOF2'
sequential|
sequential, norandommap|--norandommap
identical|--rw_sequencer=identical
identical, norandommap|--rw_sequencer=identical --norandommap
EOF2

# a job's own rw= has no :N of its [global]'s, as fio's str_rw_cb() resets
for g in read:8k randread:4; do
	printf '[global]\nioengine=null\nsize=1m\nbs=4k\nrw=%s\nwrite_lat_log=om/x\nlog_offset=1\n[a]\nrw=%s\n' \
		"$g" "${g%%:*}" >reset.fio
	for t in fio lunmark; do
		rm -f om/*
		if [ "$t" = fio ]; then "$fio" reset.fio >o.out 2>&1; else "$LUNMARK" reset.fio >o.out 2>&1; fi ||
			fail "$t reset.fio ($g): $(head -c 300 o.out)"
		read -r ios after _ <<<"$(shape om/x_lat.1.log 1000)"
		note "[global] rw=$g, [a] rw=${g%%:*}, $t: $ios IOs, $after the block after the one before"
		case $g in
		read:*) [ "$ios $after" = "256 255" ] ;;
		*) [ "$ios" = 256 ] && [ "$after" -le 10 ] ;;
		esac || fail "[global] rw=$g then rw=${g%%:*}: $t did $ios IOs, $after of them the block after"
	done
done
ok "a job's rw= without :N drops its [global]'s"

for v in randread:4k randread:0 randread:-4; do
	printf '[a]\nioengine=null\nsize=64k\nrw=%s\n' "$v" >bad.fio
	expect_exit "$LM_EXIT_USAGE" l.out "$LUNMARK" --parse-only bad.fio
	expect_grep "bad.fio:4: rw=$v" l.out
	expect_grep "N a count of IOs from 1" l.out
done
ok "randread:N with a unit, 0 or a sign refused"

echo "$passed passed, 0 failed"

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
#   their blocks; randrw:N's runs each go on from their own direction's
#   IO; randread:1 keeps the random map; a run past the end of a region
#   smaller than the device ends the pass;
# - a job's rw= without :N has none, though its [global]'s had one;
# - N with a unit, or 0, after a random mode refused with file:line;
# - zonemode=strided: a random job's IOs each in its zone, each block
#   once a round with a map (fio's t/strided.py's rules, on both tools'
#   logs); a sequential job's blocks as fio's.
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

# logged TOOL ARG...: TOOL's run of ARG... on the null engine, 4 KiB
# blocks, every IO's offset logged in om/x_lat.1.log
logged() {
	local t=$1
	shift
	rm -f om/*
	set -- --name=a --ioengine=null --bs=4k "$@" --write_lat_log=om/x --log_offset=1 --output-format=terse
	if [ "$t" = fio ]; then "$fio" "$@" >o.out 2>&1; else "$LUNMARK" "$@" >o.out 2>&1; fi ||
		fail "$t $*: $(head -c 300 o.out)"
}

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
		# shellcheck disable=SC2086 # the options, word by word
		logged "$t" --size=1m --rw=randread:4 $opts
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

# randrw:4: a run goes on from its own direction's IO before (fio's
# last_pos per direction), not from the other direction's
for t in fio lunmark; do
	logged "$t" --size=1m --rw=randrw:4
	own=$(awk -F', ' 'BEGIN { p[0] = p[1] = -1 } { b = $5 / 4096 }
		(NR - 1) % 4 && b == p[$3] + 1 { n++ } { p[$3] = b } END { print n + 0 }' om/x_lat.1.log)
	note "randrw:4, $t: of 192 IOs between draws, $own the block after their direction's IO before"
	[ "$own" -ge 180 ] || fail "randrw:4: $t's runs went on from their own direction $own times of 192"
done
ok "randrw:4: a position per direction, as fio's"

# randread:1 is randread, its random map kept: every block once
for t in fio lunmark; do
	logged "$t" --size=256k --rw=randread:1
	n=$(cut -d, -f5 om/x_lat.1.log | sort -u | wc -l)
	[ "$n" = 64 ] || fail "randread:1: $t read $n distinct blocks of 64"
done
ok "randread:1: the random map, as fio's"

# a run past the end of a region that ends before the device's ends the
# pass, as fio's ("offset past io_size"): of 16 IOs, fewer by seed
for t in fio lunmark; do
	short=0
	for seed in 1 2 3 4 5 6 7 8; do
		set -- --name=a --filename="$LM_DEV" --size=64k --rw=randread:4 --randseed="$seed" --output-format=json
		if [ "$t" = fio ]; then "$fio" "$@" >o.json 2>o.err; else "$LUNMARK" "$@" >o.json 2>o.err; fi ||
			fail "$t randread:4 seed $seed: $(head -c 300 o.err)"
		n=$(jq '.jobs[0].read.total_ios' o.json)
		[ "$n" -le 16 ] || fail "randread:4 over 64k: $t did $n IOs"
		[ "$n" = 16 ] || short=$((short + 1))
	done
	note "randread:4 over 64k of the device, 8 seeds: $t ended $short passes early"
	[ "$short" -ge 1 ] || fail "randread:4 over 64k of the device: $t never ended a pass at the region's end"
done
ok "randread:4: a run past the region's end ends the pass, as fio's"

# time-based, a run past the region's end wraps to its start (fio's
# get_next_seq_offset()): no IO past 64k, and block 0 after block 15
for t in fio lunmark; do
	rm -f om/*
	set -- --name=a --filename="$LM_DEV" --size=64k --rw=randread:4 --time_based --runtime=1 \
		--rate_iops=2000 --write_lat_log=om/x --log_offset=1 --output-format=terse
	if [ "$t" = fio ]; then "$fio" "$@" >o.out 2>&1; else "$LUNMARK" "$@" >o.out 2>&1; fi ||
		fail "$t time-based randread:4: $(head -c 300 o.out)"
	read -r n past ends wraps <<<"$(awk -F', ' '{ b = $5 / 4096 } b >= 16 { x++ }
		(NR - 1) % 4 && p == 15 { e++; if (b == 0) w++ } { p = b } END { print NR, x + 0, e + 0, w + 0 }' \
		om/x_lat.1.log)"
	note "time-based randread:4 over 64k, $t: $n IOs, $past past the region; of $ends runs at its end, $wraps went on at its start"
	{ [ "$past" = 0 ] && [ "$ends" -ge 10 ] && [ "$wraps" = "$ends" ]; } ||
		fail "time-based randread:4: $t: $past IOs past 64k; of $ends runs at the end, $wraps wrapped"
done
ok "time-based randread:4: a run wraps to the region's start, as fio's"

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

# zonemode=strided in a random job, checked as fio's own t/strided.py
# checks it (each IO in the zone of its place: zonesize moved in a zone
# zonerange long, then the next, from offset again past the file's end;
# with the random map or lfsr each of the zone's blocks once a round of
# zonerange) on both tools' logs of every IO's offset (null engine).
# lunmark once ignored the zones of a random job, and its map with them
# strided RANGE SIZE FILESIZE OFFSET MAP [ARG...]: both tools' runs (bytes)
strided() {
	local zr=$1 zs=$2 fs=$3 at=$4 map=$5 t out
	shift 5
	for t in "$fio" "$LUNMARK"; do
		rm -f om/*
		"$t" --name=strided --zonemode=strided --log_offset=1 --rw=randread \
			--write_iops_log=om/s --zonerange="$zr" --zonesize="$zs" --bs=4096 \
			--offset="$at" --ioengine=null --size="$fs" --io_size="$fs" --filesize="$fs" \
			"$@" >om.out 2>&1 || fail "$t strided $*: $(head -c 300 om.out)"
		out=$(awk -F', ' -v zr="$zr" -v zs="$zs" -v fs="$fs" -v at="$at" -v map="$map" '
			BEGIN { z = at; perzone = zs / 4096; perround = zr / 4096 }
			{
				if (n == perzone) { n = 0; z += zr; if (z >= fs) z = at; split("", seen) }
				n++; off = $5 + 0
				if (off < z || off >= z + zr) { print "IO " NR " at " off ", outside the zone at " z; exit 1 }
				if (!map) next
				if (off in seen) { print "IO " NR " at " off ", twice in a round of its zone"; exit 1 }
				seen[off] = 1
				if (n % perround == 0) split("", seen)
			}
			END { if (NR < 2 * perzone) { print "only " NR " IOs"; exit 1 } }' om/s_iops.1.log) ||
			fail "zonemode=strided zonerange=$zr zonesize=$zs offset=$at $*: $t: $out"
	done
}
# (in bytes: the checker's numbers)
strided 4096 4096 65536 0 1
strided 4096 4096 65536 32768 1
strided 4096 16384 65536 0 1
strided 16384 4096 65536 0 1
strided 65536 262144 1048576 0 1 --norandommap --random_generator=lfsr
strided 32768 16384 1048576 0 1 --norandommap --random_generator=lfsr
strided 4096 8192 65536 0 0 --norandommap
strided 32768 16384 1048576 0 0 --norandommap
ok "zonemode=strided in a random job: each IO in its zone, each block once a round with a map, in both tools"
# and in a sequential one, fio's blocks in fio's order: a zonesize past
# zonerange goes round the zone again (lunmark once read on past it)
for z in "--zonerange=8192 --zonesize=16384" "--zonerange=16384 --zonesize=4096 --zoneskip=4096" \
	"--zonerange=8192 --zonesize=8192 --zoneskip=8192"; do
	for t in "$fio" "$LUNMARK"; do
		rm -f om/*
		# shellcheck disable=SC2086 # $z: the options, split
		"$t" --name=s --zonemode=strided $z --log_offset=1 --rw=read --write_iops_log=om/s --bs=4096 \
			--ioengine=null --size=65536 --io_size=65536 --filesize=65536 >om.out 2>&1 ||
			fail "$t strided $z: $(head -c 300 om.out)"
		awk -F', ' '{ printf "%d ", $5 / 4096 }' om/s_iops.1.log >"om.$([ "$t" = "$fio" ] && echo f || echo l)"
	done
	note "rw=read $z: fio $(cat om.f), lunmark $(cat om.l)"
	{ [ -s om.f ] && cmp -s om.f om.l; } || fail "rw=read $z: fio's blocks $(cat om.f), lunmark's $(cat om.l)"
done
ok "zonemode=strided in a sequential job: fio's blocks, in fio's order"
# fio counts a zone in bytes, lunmark in blocks: a zone of no whole
# blocks is refused (it once turned the zones off), as is a mix of
# random and sequential IOs, whose sequential ones would leave the zone
expect_exit "$LM_EXIT_USAGE" om.out "$LUNMARK" --name=s --zonemode=strided --zonesize=6k --bs=4k \
	--rw=read --ioengine=null --size=64k
expect_grep "zonesize, zonerange and zoneskip must be multiples of the block size" om.out
expect_exit "$LM_EXIT_USAGE" om.out "$LUNMARK" --name=s --zonemode=strided --zonesize=8k --bs=4k \
	--rw=randread --percentage_random=50 --ioengine=null --size=64k
expect_grep "with percentage_random below 100" om.out
ok "zonemode=strided: zones of no whole blocks, and percentage_random, refused"

echo "$passed passed, 0 failed"

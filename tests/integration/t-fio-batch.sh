#!/usr/bin/env bash
# What the device sees: the block layer merges the adjacent IOs of one
# submitted batch, so a sequential job whose IOs go in batches reaches
# the device in larger requests than it asked for. fio hands each IO on
# alone (iodepth_batch_submit=1), and so does lunmark, in fio's job files
# and in its own sequential runs; a batch merges only when it is asked
# for. Judged by the loop device's own counters (/sys/block/loopN/stat:
# reads completed and sectors read), fio's and lunmark's side by side.
# And where a mixed sequential job's IOs go: a position per direction;
# where rw=read:N goes at the target's end, as fio's logs have it; that
# a read job in a job file writes nothing to a device, and clones lay a
# file made for them out once. Polling reaps
# (iodepth_batch_complete_min=0) on io_uring, libaio and iSCSI; lunmark
# run's --iodepth_batch_* as the job files'. io_uring's enters with a
# worker on every CPU (strace).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fio-lib.sh"
lm_fio_setup
stat=/sys/block/$(basename "$LM_DEV")/stat
[ -r "$stat" ] || skip "no $stat"
# "requests mean-bytes" of what CMD... read from the device
seen() {
	local a b
	read -r -a a <"$stat"
	"$@" >run.out 2>&1 || fail "'$*': $(head -c 300 run.out)"
	read -r -a b <"$stat"
	local n=$((b[0] - a[0]))
	[ "$n" -gt 0 ] || fail "'$*' read nothing from $LM_DEV"
	echo "$n $(((b[2] - a[2]) * 512 / n))"
}
# the blocks (of 4k) fio's write_iolog read, in order: the offset follows
# the action in its version 2 and 3 formats alike
blocks_of() { awk '{ for (i = 1; i < NF; i++) if ($i == "read") printf "%d ", $(i + 1) / 4096 }' "$1"; }
job() { printf '[s]\nioengine=%s\ndirect=1\nrw=read\nbs=4k\nsize=32m\niodepth=32\n%s' "$1" "${2:-}" >s.fio; }
# fio's IO depth distributions of a result: each one's largest bucket
# (iodepth_level, iodepth_submit, iodepth_complete)
depths() {
	jq -r '.jobs[0] | [.iodepth_level, .iodepth_submit, .iodepth_complete] |
		map(to_entries | max_by(.value) | .key) | join(" ")' "$1"
}
for e in io_uring libaio; do
	job "$e"
	f=$(seen "$fio" --filename="$LM_DEV" s.fio --output-format=json --output=f.json)
	l=$(seen "$LUNMARK" --filename="$LM_DEV" s.fio --output-format=json --output=l.json --no-prefill)
	note "$e, fio's default batch: requests and mean bytes: fio $f, lunmark $l"
	[ "$l" = "8192 4096" ] || fail "$e: the device saw '$l' (requests, mean bytes), not 8192 of 4096"
	[ "$f" = "$l" ] || fail "$e: fio's device saw '$f', lunmark's '$l'"
	# measured as fio measures them: at QD 32 one IO a submit and a reap
	# (lunmark once put them all at the iodepth: submit 32)
	# shellcheck disable=SC2015 # both must hold, else fail
	[ "$(depths l.json)" = "32 4 4" ] && [ "$(depths f.json)" = "32 4 4" ] ||
		fail "$e: the depths' largest buckets: fio $(depths f.json), lunmark $(depths l.json)"
	job "$e" "iodepth_batch_submit=32"
	l=$(seen "$LUNMARK" --filename="$LM_DEV" s.fio --output-format=json --output=l.json --no-prefill)
	note "$e, iodepth_batch_submit=32: lunmark $l"
	[ "${l%% *}" -lt 8192 ] || fail "$e: batches of 32 sequential reads were not merged ($l): the option does nothing"
	# reaps of 16 at least, then submits of 16: both tools' depths
	# (16 in flight and more: the 16-31 bucket, or 32-63 before a reap)
	job "$e" "iodepth_batch_submit=16
iodepth_batch_complete_min=16
"
	for t in "$fio" "$LUNMARK"; do
		"$t" --filename="$LM_DEV" s.fio --output-format=json --output="$(basename "$t").json" \
			>run.out 2>&1 || fail "$t, batches of 16: $(head -c 300 run.out)"
	done
	# shellcheck disable=SC2015 # both must hold, else fail
	[ "$(depths lunmark.json)" = "$(depths fio.json)" ] && [ "$(depths fio.json | cut -d' ' -f2-)" = "16 16" ] ||
		fail "$e, batches of 16: the depths' largest buckets: fio $(depths fio.json), lunmark $(depths lunmark.json)"
	ok "$e: each IO alone by default, batches when asked"
done
# iodepth_batch_complete_min=0 polls: every IO still completes (io_uring
# once spun forever there, its completions never run without an enter)
for e in io_uring libaio; do
	job "$e" "iodepth_batch_complete_min=0
iodepth_batch_complete_max=4
"
	expect_exit "$LM_EXIT_OK" p.out timeout -k 5 60 "$LUNMARK" --filename="$LM_DEV" s.fio \
		--output-format=json --output=p.json --no-prefill
	n=$(jq '.jobs[0].read.total_ios' p.json)
	[ "$n" = 8192 ] || fail "$e, iodepth_batch_complete_min=0: $n reads of 8192"
done
ok "iodepth_batch_complete_min=0 polls to the end on io_uring and libaio"
l=$(seen "$LUNMARK" run "$LM_DEV" --rw=read --bs=4k --iodepth=32 --size=32m --no-prefill)
note "lunmark run, sequential 4k QD32: $l"
[ "$l" = "8192 4096" ] || fail "lunmark run's sequential reads reached the device as '$l'"
l=$(seen "$LUNMARK" run "$LM_DEV" --rw=read --bs=4k --iodepth=32 --size=32m --no-prefill \
	--iodepth_batch_submit=32 --iodepth_batch_complete_min=8)
note "lunmark run, --iodepth_batch_submit=32: $l"
[ "${l%% *}" -lt 8192 ] || fail "lunmark run --iodepth_batch_submit=32: not merged ($l): the option does nothing"
expect_exit "$LM_EXIT_OK" e.fio "$LUNMARK" run "$LM_DEV" --iodepth=32 --iodepth_batch_submit=32 \
	--iodepth_batch_complete_min=8 --export-fio
for k in iodepth_batch_submit=32 iodepth_batch_complete_min=8 iodepth_batch_complete_max=32; do
	grep -qx "$k" e.fio || fail "--export-fio left $k out: $(cat e.fio)"
done
"$fio" --parse-only e.fio >e.out 2>&1 || fail "fio refuses the exported batches: $(head -c 300 e.out)"
# with none asked, the export says what lunmark's own defaults did:
# random IOs all at once and every completion there is reaped; a
# sequential job's IOs one by one (fio's default: no line)
expect_exit "$LM_EXIT_OK" e.fio "$LUNMARK" run "$LM_DEV" --rw=randread --iodepth=16 --export-fio
for k in iodepth_batch_submit=0 iodepth_batch_complete_max=16; do
	grep -qx "$k" e.fio || fail "--export-fio of run's defaults left $k out: $(cat e.fio)"
done
expect_exit "$LM_EXIT_OK" e.fio "$LUNMARK" run "$LM_DEV" --rw=read --iodepth=16 --export-fio
{ grep -qx iodepth_batch_complete_max=16 e.fio && ! grep -q iodepth_batch_submit e.fio; } ||
	fail "--export-fio of a sequential run: $(grep iodepth e.fio)"
expect_exit "$LM_EXIT_USAGE" b.out "$LUNMARK" run "$LM_DEV" --iodepth_batch_submit=-1
expect_grep "iodepth_batch_submit" b.out
ok "lunmark run's sequential IOs reach the device as asked, in batches when asked"
# rw=rw: the reads and the writes each walk the device from its start on
# a position of their own (fio's last_pos per direction), so each
# direction's offsets in the per-IO log run 0, 4k, 8k, ... (with one
# position for both, each direction skips the blocks the other took)
printf '[m]\nioengine=psync\ndirect=1\nrw=rw\nrwmixread=60\nbs=4k\nsize=1m\nwrite_lat_log=m\nlog_offset=1\n' >m.fio
steps() { awk -F', ' '{ if ($5 != next_[$3] + 0) bad++; next_[$3] = $5 + 4096; n[$3]++ }
	END { printf "%d %d %d", n[0], n[1], bad }' m_lat.1.log; }
"$fio" --filename="$LM_DEV" m.fio >m.out 2>&1 || fail "fio rw=rw: $(head -c 300 m.out)"
f=$(steps)
rm -f m_*.log
expect_exit "$LM_EXIT_OK" m.out "$LUNMARK" --filename="$LM_DEV" m.fio --allow-write --no-prefill
l=$(steps)
note "rw=rw reads, writes, out-of-step offsets: fio $f, lunmark $l"
[ "${f##* }" = 0 ] || fail "fio's rw=rw log is not one position per direction ($f): the check is wrong"
[ "${l##* }" = 0 ] || fail "lunmark's rw=rw reads and writes do not each walk from the start ($l)"
ok "rw=rw: a position per direction, as fio's"
# fio reaps one completion at a time unless iodepth_batch_complete_max
# asks for more (init.c: _max is _min unless larger): each io_getevents
# returns at most 1. With _max=16 some return more (strace slows the
# submissions, so completions gather), which shows the check can fail.
# "most" is the largest count an io_getevents returned.
command -v strace >/dev/null || skip "strace is not installed (bash scripts/deps.sh)"
most() {
	printf '[r]\nioengine=libaio\ndirect=1\nrw=randread\nbs=4k\nsize=2m\niodepth=16\n%b' "$1" >r.fio
	lm_strace -f -qq -e trace=io_getevents -o ge.txt "$LUNMARK" --filename="$LM_DEV" r.fio >r.out 2>&1 ||
		fail "lunmark under strace: $(head -c 300 r.out)"
	sed -nE 's/.*\) += ([0-9]+).*/\1/p' ge.txt | sort -n | tail -1
}
d=$(most '')
m=$(most 'iodepth_batch_complete_max=16\n')
note "completions a reap took at most: by default $d, with iodepth_batch_complete_max=16 $m"
[ "$d" = 1 ] || fail "a reap took $d completions where fio's default takes 1"
[ "${m:-0}" -gt 1 ] || fail "with iodepth_batch_complete_max=16 no reap took more than 1: the check cannot tell"
ok "a reap takes one completion by default, as fio's"
# io_uring at a depth over 1 hands a batch on at once and waits in a
# second io_uring_enter, so a spare CPU can start the IO meanwhile; with
# a worker on every CPU this process may use there is none, and the one
# enter that waits submits the batch too. Counted: the enters that only
# submit (IOs to submit, no IORING_ENTER_GETEVENTS).
submits() {
	lm_strace -f -qq -e trace=io_uring_enter -o ue.txt "$LUNMARK" run "$LM_DEV" --rw=randread \
		--bs=4k --iodepth=8 --numjobs="$1" --size=4m --no-prefill >r.out 2>&1 ||
		fail "lunmark run under strace: $(head -c 300 r.out)"
	grep -E 'io_uring_enter\([0-9]+, [1-9][0-9]*, ' ue.txt | grep -vc GETEVENTS || true
}
ncpu=$(nproc)
nb=$(submits "$ncpu")
note "io_uring enters that only submit, $ncpu workers on $ncpu CPUs: $nb"
[ "$nb" = 0 ] || fail "a worker on every CPU still made $nb enters that only submit"
if [ "$ncpu" -gt 1 ]; then
	s=$(submits 1)
	note "the same with 1 worker: $s"
	[ "$s" -gt 0 ] || fail "1 worker of $ncpu CPUs submitted in its waits only: the check cannot tell"
fi
ok "io_uring: one enter a batch when every CPU has a worker"
# a random job of several sizes (bssplit): fio's random map covers each
# 512-byte block once and cuts an IO at the first block an earlier one
# covered, so its IOs come out far smaller than bssplit's mean (22118
# bytes here) and none overlaps; lunmark's log must say the same. From
# the per-IO log (log_offset=1: size in the 4th field, offset in the 5th):
# "IOs bytes mean overlaps"
printf '[b]\nioengine=psync\ndirect=1\nrw=randread\nbssplit=512/10:4k/60:64k/30\nsize=8m\nwrite_lat_log=b\nlog_offset=1\n' >b.fio
cover() { sort -t, -k5,5n b_lat.1.log | awk -F', ' '{ if ($5 + 0 < end) bad++; end = $5 + $4; n++; sum += $4 }
	END { printf "%d %d %d %d", n, sum, n ? sum / n : 0, bad }'; }
# f and l: what FN says of job N's per-IO log, after fio's run, then
# after lunmark's
logs_by() {
	"$fio" --filename="$LM_DEV" "$1.fio" >"$1.out" 2>&1 || fail "fio $1.fio: $(head -c 300 "$1.out")"
	f=$($2)
	rm -f "$1"_*.log
	expect_exit "$LM_EXIT_OK" "$1.out" "$LUNMARK" --filename="$LM_DEV" "$1.fio"
	l=$($2)
}
logs_by b cover
note "bssplit randread, IOs bytes mean-bytes overlaps: fio $f, lunmark $l"
read -r _ fb fm fo <<<"$f"
read -r _ lb lm lo <<<"$l"
if [ "$fb" != 8388608 ] || [ "$fo" != 0 ] || [ "$fm" -ge 16384 ]; then
	fail "fio's bssplit log is not one cover of 8m in cut IOs ($f): the check is wrong"
fi
[ "$lb" = 8388608 ] || fail "lunmark's bssplit reads moved $lb bytes, not 8m once"
[ "$lo" = 0 ] || fail "lunmark's bssplit reads overlap $lo times: no random map"
# the cuts come from random draws, each tool its own: their means agree
# to 25% (9720 and 9631 bytes when this was written; 25434 without the
# map, with 140 overlaps)
if [ $((lm * 4)) -lt $((fm * 3)) ] || [ $((lm * 4)) -gt $((fm * 5)) ]; then
	fail "lunmark's bssplit IOs average $lm bytes, fio's $fm: not cut as fio's map cuts them"
fi
ok "bssplit randread: fio's random map, IOs cut as fio's ($lm and $fm bytes a read)"
# a smallest size of no share near the map's end: no size drawn fits, and
# after 64 draws the IO is cut at the region's end (fio 3.33 draws for
# ever here); 1 MiB in IOs of 64k, but the last ones cut
printf '[z]\nioengine=psync\ndirect=1\nrw=randread\nbssplit=4k/0:64k/100\nsize=1m\n' >z.fio
expect_exit "$LM_EXIT_OK" z.out timeout -k 5 60 "$LUNMARK" --filename="$LM_DEV" z.fio \
	--output-format=json --output=z.json
[ "$(jq '.jobs[0].read.io_bytes' z.json)" = 1048576 ] ||
	fail "bssplit with a size of no share: $(jq -c '.jobs[0].read | [.io_bytes, .total_ios]' z.json)"
# a sequential job of several sizes: fio draws a size again until it
# fits the rest of the region, so 2 loops over 1m move 2m, each pass
# from 0 to 1m with no gap or overlap, every IO of a size the job has
# (lunmark once ran its last IO over and pulled it back: 1081344 bytes a
# pass; then cut it to any size). At QD 1 the per-IO log is in offset
# order: "bytes breaks sizes-not-the-job's"
for sizes in "bsrange=8k-64k" "bssplit=8k/50:24k/50"; do
	printf '[q]\nioengine=psync\ndirect=1\nrw=read\n%s\nsize=1m\nloops=2\nwrite_lat_log=q\nlog_offset=1\n' "$sizes" >q.fio
	# shellcheck disable=SC2016 # awk's fields
	if [ "${sizes%%=*}" = bsrange ]; then ok_len='$4 % 8192 == 0 && $4 <= 65536'; else ok_len='$4 == 8192 || $4 == 24576'; fi
	walk() { awk -F', ' "{ if (\$5 + 0 != at % 1048576) bad++; if (!($ok_len)) odd++; at = \$5 + \$4; sum += \$4 }
		END { printf \"%d %d %d\", sum, bad, odd }" q_lat.1.log; }
	logs_by q walk
	note "$sizes read, bytes breaks odd-sizes: fio $f, lunmark $l"
	[ "$f" = "2097152 0 0" ] || fail "fio's $sizes passes are not two covers of 1m in its sizes ($f): the check is wrong"
	[ "$l" = "2097152 0 0" ] || fail "lunmark's $sizes passes are not two covers of 1m in its sizes ($l), fio's are"
done
# a region below the largest size but not the smallest: fio runs it in
# the sizes that fit (one read of 8k here), lunmark too (it once refused)
printf '[g]\nioengine=psync\ndirect=1\nrw=randread\nbsrange=8k-16k\nsize=12k\n' >g.fio
for t in "$fio" "$LUNMARK"; do
	"$t" --filename="$LM_DEV" g.fio --output-format=json --output=g.json >g.out 2>&1 ||
		fail "$t, bsrange=8k-16k size=12k: $(head -c 300 g.out)"
	r=$(jq -c '.jobs[0].read | [.io_bytes, .total_ios]' g.json)
	[ "$r" = "[8192,1]" ] || fail "$t, bsrange=8k-16k size=12k: read [bytes, IOs] $r, not [8192,1]"
done
# below the smallest size: refused, as fio refuses it, with the job's line
sed 's/^bsrange=8k-16k$/bsrange=16k-32k/' g.fio >g2.fio
"$fio" --filename="$LM_DEV" g2.fio >g.out 2>&1 && fail "fio ran bsrange=16k-32k size=12k: the check is wrong"
expect_exit "$LM_EXIT_USAGE" g.out "$LUNMARK" --filename="$LM_DEV" g2.fio
expect_grep "g2.fio:1: job 'g': size=12KiB is smaller than the smallest block (16KiB); use size=16KiB or more" g.out
ok "bsrange: each pass covers the region once, the sizes that fit it drawn"
# rw=read:N over the first 40k of files of 40k, 44k and 80k: where the
# next IO would start past the file's end fio wraps to 0 and goes on to
# size=, elsewhere the pass ends; the offsets of fio's write_iolog and of
# lunmark's per-IO log, side by side (lunmark once ended every pass);
# skips of part of a block too (fio steps by bs + skip: read:2k reads at
# 0, 6k, 12k ...; lunmark once refused them), back, and of 100 bytes
for sk in 4k 8k 12k 2k 6k -6k -10k 100; do
	for sz in 40k 44k 80k; do
		rm -f t.img io.log k_lat.1.log
		truncate -s "$sz" t.img
		"$fio" --name=k --filename=t.img --rw=read:$sk --bs=4k --size=40k --ioengine=psync \
			--write_iolog=io.log >k.out 2>&1 || fail "fio rw=read:$sk: $(head -c 300 k.out)"
		f=$(awk '$3 == "read" { printf "%d ", $4 }' io.log)
		expect_exit "$LM_EXIT_OK" k.out "$LUNMARK" --name=k --filename=t.img --rw=read:$sk \
			--bs=4k --size=40k --ioengine=psync --write_lat_log=k --log_offset=1 --no-prefill
		l=$(awk -F', ' '{ printf "%d ", $5 }' k_lat.1.log)
		if [ -z "$f" ] || [ "$f" != "$l" ]; then fail "rw=read:$sk on a $sz file: fio read at $f, lunmark at $l"; fi
	done
done
# loops=2: two passes of the skipping walk, as fio's (4 IOs each over
# 40k of an 80k file; lunmark once moved the region's 10 blocks a loop)
rm -f t.img io.log k_lat.1.log
truncate -s 80k t.img
"$fio" --name=k --filename=t.img --rw=read:8k --bs=4k --size=40k --loops=2 --ioengine=psync \
	--write_iolog=io.log >k.out 2>&1 || fail "fio loops=2: $(head -c 300 k.out)"
expect_exit "$LM_EXIT_OK" k.out "$LUNMARK" --name=k --filename=t.img --rw=read:8k --bs=4k \
	--size=40k --loops=2 --ioengine=psync --write_lat_log=k --log_offset=1 --no-prefill
f=$(blocks_of io.log)
l=$(awk -F', ' '{ printf "%d ", $5 / 4096 }' k_lat.1.log)
[ "$f" = "$l" ] || fail "rw=read:8k, loops=2: fio read blocks $f, lunmark $l"
# from an offset, a read that starts in the region and ends past it
# where the file has room; clones' regions by offset_increment (the
# clones' logs as a set: the tools number them apart); back past the
# region's start, one read at 0; loops (each clone's reads, in order);
# back from an offset, where fio starts at the region's end less the
# offset, plus the skip (lunmark once started at the region's start);
# sizes of part of a block, whose IOs start below the size as asked,
# and whose wrapped pass moves it (lunmark once walked the whole blocks)
while IFS='|' read -r sz args; do
	rm -f t.img f_lat.*.log l_lat.*.log
	truncate -s "$sz" t.img
	# shellcheck disable=SC2086
	"$fio" --name=k --filename=t.img --bs=4k --ioengine=psync $args --write_lat_log=f --log_offset=1 \
		>k.out 2>&1 || fail "fio $args: $(head -c 300 k.out)"
	# shellcheck disable=SC2086
	expect_exit "$LM_EXIT_OK" k.out "$LUNMARK" --name=k --filename=t.img --bs=4k --ioengine=psync $args \
		--write_lat_log=l --log_offset=1 --no-prefill
	f=$(for x in f_lat.*.log; do awk -F', ' '{ printf "%d ", $5 } END { print "" }' "$x"; done | sort)
	l=$(for x in l_lat.*.log; do awk -F', ' '{ printf "%d ", $5 } END { print "" }' "$x"; done | sort)
	[ "$f" = "$l" ] || fail "$args on a $sz file: fio read at $f, lunmark at $l"
done <<'CASES'
64k|--offset=16k --size=32k --rw=read:1k
256k|--size=64k --rw=read:3k --numjobs=3 --offset_increment=64k
64k|--size=64k --rw=read:-65k
44k|--offset=4k --size=36k --rw=read:100 --loops=2
64k|--offset=16k --size=32k --rw=read:-8k
64k|--offset=16k --rw=read:-8k
64k|--offset=8k --size=32k --rw=read:-6k
64k|--offset=4k --size=32k --rw=read:-8k --loops=2
64k|--size=41k --rw=read:2k
64k|--size=40k --rw=read:4k --bs=6k
42k|--rw=read:2k
62k|--rw=read:4k
CASES
# what lunmark's walk does not take is refused, not run with another
# stride: back by less than a block (fio's IOs move forward, overlapping),
# rw=rw:N's two walks, part of a block with several sizes, skips in
# zones, and a skip that direct IO cannot take on the device (fio would
# fail each read)
while IFS='|' read -r args needle; do
	# shellcheck disable=SC2086
	expect_exit "$LM_EXIT_USAGE" k.out "$LUNMARK" --name=k --filename=t.img --size=40k $args
	expect_grep "$needle" k.out
done <<'CASES'
--rw=read:-2k --bs=4k|rw=read:-2KiB (--bs=4096): back by less than a block
--rw=rw:8k --bs=4k|does not walk the reads' and writes' skips apart
--rw=read:2k --bsrange=4k-8k|a skip with several block sizes
--rw=read:4k --bs=4k,8k|a skip with several block sizes, bs=r,w included: fio steps by each IO's own size
--rw=read:4k --bs=4k --zonemode=strided --zonesize=8k --zonerange=16k|does not walk skips within strided zones
--rw=read:2p --bs=4k|a skip of more than 1 PiB
CASES
expect_exit "$LM_EXIT_FIT" k.out "$LUNMARK" --name=k --filename=t.img --rw=read:-8k --size=62k --no-prefill
expect_grep "rw=read:-8192 over a region of part of a block (63488 bytes: --size, or the target past --offset; --bs=4096)" k.out
expect_exit "$LM_EXIT_FIT" k.out "$LUNMARK" --name=k --filename="$LM_DEV" --rw=read:100 --size=40k --direct=1
expect_grep "rw=read:100: direct IO and --verify's headers need a skip of whole logical blocks of the target (512 bytes); give a multiple of 512, or --direct=0 without --verify" k.out
ok "rw=read:N wraps at the target's end as fio's, by part of a block too"
# zonemode=strided whose next zone would begin past the end: fio starts
# over at the region's start (disk-zone-profile.fio's zoneskip=2g on a
# smaller device); lunmark once went on at the skip modulo the size, so
# read other blocks. Zones of 12k every 24k over 64k: at 0, 24k and 48k,
# then 0 again, 16 reads in all
rm -f t.img io.log k_lat.1.log
truncate -s 64k t.img
z='--zonemode=strided --zonesize=12k --zoneskip=12k'
# shellcheck disable=SC2086 # $z: three options
"$fio" --name=k --filename=t.img --rw=read --bs=4k --size=64k $z --ioengine=psync \
	--write_iolog=io.log >k.out 2>&1 || fail "fio zonemode=strided: $(head -c 300 k.out)"
# shellcheck disable=SC2086
expect_exit "$LM_EXIT_OK" k.out "$LUNMARK" --name=k --filename=t.img --rw=read --bs=4k \
	--size=64k $z --ioengine=psync --write_lat_log=k --log_offset=1 --no-prefill
f=$(blocks_of io.log)
l=$(awk -F', ' '{ printf "%d ", $5 / 4096 }' k_lat.1.log)
note "strided zones past the end, blocks read: fio $f, lunmark $l"
[ "$f" = "$l" ] || fail "zonemode=strided past the end: fio read blocks $f, lunmark $l"
ok "strided zones start over at the region's start, as fio's"
# fio never writes for a read job: with --allow-write (which a job
# file's write jobs need) its read jobs read the device as it is, not
# prefilled over. A write job and a read job elsewhere on the device:
# only the write job's 4 MiB are written (lunmark once wrote the read
# job's 64 MiB first too), judged by the device's sectors written
printf '[w]\nioengine=psync\ndirect=1\nrw=write\nbs=64k\nsize=4m\n[r]\nioengine=psync\ndirect=1\nrw=randread\nbs=4k\noffset=32m\nsize=32m\nnumjobs=3\nio_size=64k\n' >c.fio
read -r -a a <"$stat"
expect_exit "$LM_EXIT_OK" c.out "$LUNMARK" --filename="$LM_DEV" c.fio --allow-write
read -r -a b <"$stat"
w=$(((b[6] - a[6]) * 512))
note "a 4 MiB write job and 3 clones of a 32 MiB read job: $w bytes written"
[ "$w" = $((4 << 20)) ] || fail "the job file wrote $w bytes of the device, not its write job's 4 MiB"
! grep -q "prefilling" c.out || fail "a read job prefilled a device in a fio job file: $(cat c.out)"
ok "a read job in a job file writes nothing, as fio's"
# a file made for a read job is laid out first, as fio lays it out; its
# clones on the one file lay it out once, not once a clone
printf '[c]\nioengine=psync\nrw=randread\nbs=4k\nfilename=made.img\nsize=8m\nnumjobs=3\nio_size=64k\n' >c.fio
expect_exit "$LM_EXIT_OK" c.out "$LUNMARK" c.fio
n=$(grep -c "prefilling 8MiB of made.img" c.out)
[ "$n" = 1 ] || fail "3 clones laid their one file out $n times: $(cat c.out)"
ok "clones of a read job lay their made file out once"
# last: a machine without tgtd skips from here, after the rest has run
# and on the iSCSI engine, whose reap read nothing when it waited for
# nothing: a time-based run did no IO at all, a size-limited one spun
lm_tgt -s 64
printf '[s]\nioengine=libiscsi\nfilename=%s\nrw=randread\nbs=4k\nsize=16m\niodepth=8\niodepth_batch_complete_min=0\n' \
	"$(printf %s "$URL_NULL" | sed 's/:/\\:/g')" >s.fio
expect_exit "$LM_EXIT_OK" p.out timeout -k 5 60 "$LUNMARK" s.fio --output-format=json --output=p.json
n=$(jq '.jobs[0].read.total_ios' p.json)
[ "$n" = 4096 ] || fail "libiscsi, iodepth_batch_complete_min=0: $n reads of 4096"
# a target that stops answering: after a second of peeks that found
# nothing a wait takes over, and --iscsi-timeout fails the IOs (a polling
# reap once spun on for ever, the timeout checked only in a wait)
printf '[s]\nioengine=libiscsi\nfilename=%s\nrw=randread\nbs=4k\niodepth=8\niodepth_batch_complete_min=0\nruntime=60\ntime_based\n' \
	"$(printf %s "$URL_NULL" | sed 's/:/\\:/g')" >st.fio
(
	sleep 2
	lm_tgt_do pause
) &
expect_exit "$LM_EXIT_IO" st.out timeout -k 5 40 "$LUNMARK" st.fio --iscsi-timeout=2
wait
lm_tgt_do resume
expect_grep "no answer for 2 s (target stalled or unreachable; --iscsi-timeout sets the wait)" st.out
ok "iodepth_batch_complete_min=0 polls to the end on iSCSI, and times out"

# bssplit beats bsrange beats bs, whatever the order or section they
# come in, as fio's: the largest and smallest IO of each tool's per-IO
# log (lunmark let the last one given win: a [global] bssplit=4k/50:64k/50
# under a job's bs=8k ran 8k IOs alone)
sizes() { awk -F', ' '{ print $4 }' "$1" | sort -n | sed -n '1p;$p' | tr '\n' ' '; }
for b in "[global]\nbssplit=4k/50:64k/50\n[a]\nbs=8k" "[a]\nbsrange=4k-16k\nbs=8k" \
	"[a]\nbs=8k\nbsrange=4k-16k" "[a]\nbsrange=4k-16k\nbssplit=4k/50:64k/50"; do
	printf "%b\nioengine=null\nsize=16m\nrw=randread\nwrite_lat_log=z\n" "$b" >z.fio
	"$fio" z.fio >z.out 2>&1 || fail "fio $b: $(head -c 300 z.out)"
	f=$(sizes z_lat.1.log)
	rm -f z_*.log
	"$LUNMARK" z.fio >z.out 2>&1 || fail "lunmark $b: $(head -c 300 z.out)"
	[ "$(sizes z_lat.1.log)" = "$f" ] || fail "$(echo "$b" | tr '\n' ' '): IO sizes $(sizes z_lat.1.log), fio's $f"
	rm -f z_*.log
done
ok "bssplit over bsrange over bs, in any order, as fio"
echo "$passed passed, 0 failed"

#!/usr/bin/env bash
# fio's write_iolog against fio 3.33: lunmark's log of the IOs it issues
# is fio's iolog version 3, line for line the same as fio's own (times
# aside) where both tools do the same IOs in the same order: sequential
# writes with fsync, fdatasync and end_fsync (a sync's line at the last
# IO's offset, as fio's at a depth of 1), read:8k's holes, a write pass and its verify phase, trims on
# a loop device, passes cut by offset modifiers (of part of a block
# too: fio's t0007); ramp IOs are in
# it. fio replays lunmark's log (read_iolog) and does the IOs it names,
# in order (fio's own log of every IO, with offsets). What the file held
# is kept before it (fio appends); a symlink at the name is replaced,
# its target untouched, and one to stdout written through; a name that
# cannot be written is refused before any IO; two clones naming one file
# share it, each line whole; a file is added once, however many files.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fio-lib.sh"
lm_fio_setup
"$LUNMARK" run "$LM_DEV" --rw=write --bs=1m --iodepth=8 --allow-write >/dev/null ||
	fail "prefill write failed"

# trace NAME ARG...: each tool's write_iolog of a job of ARG..., made
# comparable: the header, then each line without its time, the file
# named FILE
trace() {
	local name=$1 t
	shift
	for t in fio lm; do
		rm -f "$name.$t.log"
		if [ $t = fio ]; then
			timeout -k 5 120 "$fio" --name=j "$@" --write_iolog="$name.$t.log" \
				--output-format=json --output="$name.$t.json" >"$name.$t.out" 2>&1
		else
			"$LUNMARK" --name=j "$@" --write_iolog="$name.$t.log" --allow-write \
				--output-format=json --output="$name.$t.json" >"$name.$t.out" 2>&1
		fi || fail "$t $*: $(head -c 400 "$name.$t.out")"
		awk -v f="$LM_DEV" 'NR == 1 { print; next }
			{ $1 = ""; if ($2 == f) $2 = "FILE"; print }' "$name.$t.log" >"$name.$t.n"
	done
}
# same NAME ARG...: the two logs of a job of ARG... are the same
same_trace() {
	local name=$1
	trace "$@"
	head -1 "$name.lm.log" | grep -qx 'fio version 3 iolog' ||
		fail "$name: not fio's iolog version 3: $(head -1 "$name.lm.log")"
	diff "$name.fio.n" "$name.lm.n" >"$name.diff" ||
		fail "$name: lunmark's iolog is not fio's (fio <, lunmark >): $(head -12 "$name.diff")"
	note "$name: $(wc -l <"$name.lm.n") lines, as fio's"
}
dev=(--filename="$LM_DEV" --ioengine=psync --direct=1)
same_trace fsync "${dev[@]}" --rw=write --bs=8k --size=64k --fsync=3
same_trace fdatasync "${dev[@]}" --rw=write --bs=4k --size=32k --fdatasync=2
same_trace endfsync "${dev[@]}" --rw=write --bs=4k --size=16k --end_fsync=1
same_trace holes "${dev[@]}" --rw=read:8k --bs=4k --size=64k
same_trace verify "${dev[@]}" --rw=write --bs=4k --size=32k --do_verify=1 --verify=crc32c
same_trace trim "${dev[@]}" --rw=trim --bs=64k --size=1m
grep -q ' trim ' trim.lm.n || fail "no trim in the log of a trim job: $(head -3 trim.lm.n)"
# a pass with an offset modifier over a whole device of 64 MiB, which
# wraps to its start as fio's does; fio's t0007, which steps by 512k,
# part of a block (lunmark once refused it); a write pass by part of a
# block and its verify phase
same_trace skip "${dev[@]}" --rw=read:1m --bs=1m --size=64m --norandommap
same_trace t0007 "${dev[@]}" --rw=read:512k --bs=1m --size=64m --norandommap
same_trace partverify "${dev[@]}" --rw=write:2k --bs=4k --size=40k --do_verify=1 --verify=crc32c
[ "$(jq '.jobs[0].read.io_kbytes' skip.lm.json)" = "$(jq '.jobs[0].read.io_kbytes' skip.fio.json)" ] ||
	fail "read:1m: $(jq '.jobs[0].read.io_kbytes' skip.lm.json) KiB read, fio $(jq '.jobs[0].read.io_kbytes' skip.fio.json)"

# ramp IOs are in it: a rate-held ramp of 1 s at 20 IOPS and 1 s after
trace ramp "${dev[@]}" --rw=randread --bs=4k --size=1m --ramp_time=1 \
	--runtime=1 --time_based --rate_iops=20
n=$(grep -c ' read ' ramp.lm.n)
ios=$(jq '.jobs[0].read.total_ios' ramp.lm.json)
note "ramp: $n reads in the log, $ios measured"
[ "$n" -ge $((ios + 15)) ] || fail "ramp: $n reads logged for $ios measured after a ramp of 1 s at 20 IOPS"

# fio replays lunmark's log: the reads and writes it names, in order (a
# random mix of both with syncs), fio's log of every IO with offsets
"$LUNMARK" --name=j "${dev[@]}" --rw=randrw --bs=4k --size=1m --fsync=5 \
	--write_iolog=mix.log --allow-write --output-format=json --output=mix.json >mix.out 2>&1 ||
	fail "lunmark randrw: $(head -c 400 mix.out)"
timeout -k 5 120 "$fio" --name=r --filename="$LM_DEV" --ioengine=psync --direct=1 \
	--read_iolog=mix.log --write_iops_log=replay --log_offset=1 \
	--output-format=json --output=replay.json >replay.out 2>&1 ||
	fail "fio --read_iolog of lunmark's log: $(head -c 400 replay.out)"
awk '$3 == "read" || $3 == "write" { print ($3 == "read" ? 0 : 1), $4, $5 }' mix.log >mix.ios
tr -d ',' <replay_iops.1.log | awk '{ print $3, $5, $4 }' >replay.ios
[ -s mix.ios ] || fail "no IOs in lunmark's log: $(head -3 mix.log)"
cmp -s mix.ios replay.ios ||
	fail "fio's replay of lunmark's log did other IOs: $(diff mix.ios replay.ios | head -6)"
note "fio replayed lunmark's $(wc -l <mix.ios) reads and writes, in order; syncs: $(grep -c ' sync ' mix.log) logged, fio's $(jq '.jobs[0].sync.total_ios' replay.json)"
[ "$(grep -c ' sync ' mix.log)" = "$(jq '.jobs[0].sync.total_ios' replay.json)" ] ||
	fail "fio's replay did $(jq '.jobs[0].sync.total_ios' replay.json) syncs of the log's $(grep -c ' sync ' mix.log)"

# the null engine's lines name the job, where there is no file: fio
# replays them (before, they named nothing, and fio refused each line)
"$LUNMARK" --name=n --ioengine=null --rw=read --bs=4k --size=16k --write_iolog=null.log >/dev/null 2>&1 ||
	fail "lunmark, null engine, with write_iolog failed"
timeout -k 5 120 "$fio" --name=r --ioengine=null --size=16k --read_iolog=null.log \
	--output-format=json --output=null.json >null.out 2>&1 || fail "fio --read_iolog of a null log: $(head -c 300 null.out)"
[ "$(jq '.jobs[0].read.total_ios' null.json)" = 4 ] ||
	fail "fio replayed $(jq '.jobs[0].read.total_ios' null.json) of a null log's 4 reads: $(head -c 300 null.out)"

# kept, as fio appends; a symlink replaced, its target untouched; an
# unwritable name refused before any IO
echo "an earlier run's line" >kept.log
"$LUNMARK" --name=j "${dev[@]}" --rw=read --bs=4k --size=16k --write_iolog=kept.log >/dev/null 2>&1 ||
	fail "lunmark with write_iolog of an existing file failed"
if [ "$(head -1 kept.log)" != "an earlier run's line" ] || [ "$(sed -n 2p kept.log)" != 'fio version 3 iolog' ]; then
	fail "what the file held is not kept before the log: $(head -3 kept.log)"
fi
echo "the victim's" >victim
ln -s victim link.log
"$LUNMARK" --name=j "${dev[@]}" --rw=read --bs=4k --size=16k --write_iolog=link.log >/dev/null 2>&1 ||
	fail "lunmark with write_iolog of a symlink failed"
[ "$(cat victim)" = "the victim's" ] || fail "the symlink's target was written: $(head -3 victim)"
if [ -L link.log ] || ! grep -q ' read ' link.log; then
	fail "the symlink was not replaced by the log"
fi
expect_exit "$LM_EXIT_USAGE" "$LM_WORK/bad.out" "$LUNMARK" --name=j "${dev[@]}" --rw=read --bs=4k \
	--size=16k --write_iolog="$LM_WORK/no/such/dir/x.log"
grep -q "write_iolog=.*no/such/dir/x.log: cannot write it" "$LM_WORK/bad.out" ||
	fail "no clear refusal of an unwritable write_iolog: $(cat "$LM_WORK/bad.out")"
# a file that takes no line (/dev/full): refused at its first, before any IO
expect_exit "$LM_EXIT_USAGE" "$LM_WORK/full.out" "$LUNMARK" --name=j "${dev[@]}" --rw=read --bs=4k \
	--size=16k --write_iolog=/dev/full
grep -q "write_iolog=/dev/full: cannot write it: No space left on device" "$LM_WORK/full.out" ||
	fail "no clear refusal of write_iolog=/dev/full: $(cat "$LM_WORK/full.out")"

# a link of the user's to the process's stdout (as /dev/stdout is), and
# /dev/fd/1, with stdout redirected to a file: written through, into
# that file, the link kept. Before, the link was replaced by a file: with
# /dev/stdout, a file in /dev for everyone
ln -s /proc/self/fd/1 out.link
"$LUNMARK" --name=j "${dev[@]}" --rw=read --bs=4k --size=16k --write_iolog=out.link \
	--output-format=json --output=/dev/fd/1 >redirected 2>redirected.err ||
	fail "lunmark with its logs to stdout: $(head -c 300 redirected.err)"
[ -L out.link ] || fail "the link to stdout was replaced by a file: $(head -c 200 out.link)"
if ! grep -qx 'fio version 3 iolog' redirected || ! grep -q '"jobs"' redirected; then
	fail "the log and the JSON did not reach the file stdout went to: $(head -c 300 redirected)"
fi

# two clones, one file: both clones' lines, each whole, one add; 4096
# reads each, some 150 KB of lines, so each writes its buffer of 64 KiB
# out while the other runs
"$LUNMARK" --name=c "${dev[@]}" --rw=randread --bs=4k --size=16m --numjobs=2 \
	--write_iolog=two.log --output-format=json --output=two.json >two.out 2>&1 ||
	fail "lunmark numjobs=2: $(head -c 400 two.out)"
bad=$(awk 'NR > 1 && !(NF == 3 || (NF == 5 && $3 == "read" && $4 % 4096 == 0 && $5 == 4096))' two.log | head -3)
[ -z "$bad" ] || fail "lines cut or mixed in a shared log: $bad"
[ "$(grep -c ' read ' two.log)" = "$(jq '[.jobs[].read.total_ios] | add' two.json)" ] ||
	fail "$(grep -c ' read ' two.log) reads logged of $(jq '[.jobs[].read.total_ios] | add' two.json)"
if [ "$(grep -c ' add$' two.log)" != 1 ] || [ "$(grep -c ' open$' two.log)" != 2 ]; then
	fail "a shared log's file actions: $(grep -v ' read ' two.log | head -8)"
fi
# 70 null jobs in turn, then the same 70 again, into one log: each
# file's add once, each job's open (lunmark once remembered 64 names and
# said add again of the rest)
many=()
for _ in 1 2; do
	for i in $(seq 1 70); do
		many+=(--name="j$i" --ioengine=null --size=4k --bs=4k --write_iolog=many.log --stonewall)
	done
done
"$LUNMARK" "${many[@]}" >many.out 2>&1 || fail "140 null jobs into one log: $(head -c 300 many.out)"
if [ "$(grep -c ' add$' many.log)" != 70 ] || [ "$(grep -c ' open$' many.log)" != 140 ] ||
	[ "$(awk '$3 == "add" { print $2 }' many.log | sort -u | wc -l)" != 70 ]; then
	fail "70 files opened twice: $(grep -c ' add$' many.log) adds, $(grep -c ' open$' many.log) opens"
fi
note "kept what the file held, replaced a symlink, refused an unwritable name; two clones' $(grep -c ' read ' two.log) reads in one log; 70 files' adds once"
exit "$LM_PASS"

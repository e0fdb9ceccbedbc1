#!/usr/bin/env bash
# What the device sees: the block layer merges the adjacent IOs of one
# submitted batch, so a sequential job whose IOs go in batches reaches
# the device in larger requests than it asked for. fio hands each IO on
# alone (iodepth_batch_submit=1), and so does lunmark, in fio's job files
# and in its own sequential runs; a batch merges only when it is asked
# for. Judged by the loop device's own counters (/sys/block/loopN/stat:
# reads completed and sectors read), fio's and lunmark's side by side.
. "$(dirname "$0")/lib.sh"
lm_need_root
command -v jq >/dev/null || skip "jq is not installed (bash scripts/deps.sh)"
lm_fio
cd "$LM_WORK" || fail "no work directory"
lm_loop 64 512
stat=/sys/block/$(basename "$LM_DEV")/stat
[ -r "$stat" ] || skip "no $stat"
passed=0
ok() {
	note "ok: $*"
	passed=$((passed + 1))
}
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
job() { printf '[s]\nioengine=%s\ndirect=1\nrw=read\nbs=4k\nsize=32m\niodepth=32\n%s' "$1" "${2:-}" >s.fio; }
for e in io_uring libaio; do
	job "$e"
	f=$(seen "$fio" --filename="$LM_DEV" s.fio --output-format=json --output=f.json)
	l=$(seen "$LUNMARK" --filename="$LM_DEV" s.fio --output-format=json --output=l.json --no-prefill)
	note "$e, fio's default batch: requests and mean bytes: fio $f, lunmark $l"
	[ "$l" = "8192 4096" ] || fail "$e: the device saw '$l' (requests, mean bytes), not 8192 of 4096"
	[ "$f" = "$l" ] || fail "$e: fio's device saw '$f', lunmark's '$l'"
	job "$e" "iodepth_batch_submit=32"
	l=$(seen "$LUNMARK" --filename="$LM_DEV" s.fio --output-format=json --output=l.json --no-prefill)
	note "$e, iodepth_batch_submit=32: lunmark $l"
	[ "${l%% *}" -lt 8192 ] || fail "$e: batches of 32 sequential reads were not merged ($l): the option does nothing"
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
ok "iodepth_batch_complete_min=0 polls to the end"
l=$(seen "$LUNMARK" run "$LM_DEV" --rw=read --bs=4k --iodepth=32 --size=32m --no-prefill)
note "lunmark run, sequential 4k QD32: $l"
[ "$l" = "8192 4096" ] || fail "lunmark run's sequential reads reached the device as '$l'"
ok "lunmark run's sequential IOs reach the device as asked"
echo "$passed passed, 0 failed"

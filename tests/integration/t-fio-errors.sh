#!/usr/bin/env bash
# fio's continue_on_error, ignore_error and error_dump on real failing IO:
# writes past the end of a full 8 MiB tmpfs (ENOSPC), the same job run by
# fio and by lunmark with psync, libaio and io_uring, the same counts,
# errors, exit status and JSON keys; and reads past the end of a tgtd
# LUN's backing file, which tgtd answers with MEDIUM ERROR (EIO): counted
# and gone on past, or ending the run, as each option says.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fio-lib.sh"
lm_need_root
command -v jq >/dev/null || skip "jq is not installed (bash scripts/deps.sh)"
lm_fio
cd "$LM_WORK" || fail "no work directory"
q='.jobs[0] | "\(.error) \(.total_err) \(.first_error) \(.read.total_ios) \(.read.io_bytes) \(.write.total_ios) \(.write.io_bytes)"'

# ENOSPC: the tmpfs holds 128 of the job's 256 writes of 64 KiB; the
# file is sparse, made anew before each run
mkdir full
mount -t tmpfs -o size=8m lunmark-test "$LM_WORK/full" || skip "cannot mount an 8 MiB tmpfs"
lm_mounts+=("$LM_WORK/full")
printf '[w]\nfilename=%s/full/f\nioengine=psync\niodepth=1\ndirect=1\nrw=write\nbs=64k\nsize=16m\ncontinue_on_error=write\nignore_error=,ENOSPC\n' \
	"$LM_WORK" >w.fio
fresh() { rm -f full/f && truncate -s 16m full/f; }
for e in psync libaio io_uring; do
	d=8
	[ $e = psync ] && d=1
	sed "s/ioengine=psync/ioengine=$e/; s/iodepth=1/iodepth=$d/" w.fio >"w-$e.fio"
	fresh
	rc=0
	"$fio" "w-$e.fio" --output-format=json --output=f.json >f.out 2>&1 || rc=$?
	[ "$rc" = 0 ] || fail "fio $e: exit $rc: $(head -c 300 f.out)"
	fresh
	expect_exit "$LM_EXIT_OK" l.out "$LUNMARK" "w-$e.fio" --output-format=json --output=l.json --allow-write
	f=$(jq -r "$q" f.json) l=$(jq -r "$q" l.json)
	note "$e ENOSPC: error total_err first_error reads bytes writes bytes: fio $f, lunmark $l"
	[ "$l" = "28 128 28 0 0 256 8388608" ] || fail "$e: lunmark $l, where 128 of 256 writes fail with ENOSPC"
	[ "$f" = "$l" ] || fail "$e: fio $f, lunmark $l"
	same_keys "$e" f.json l.json
	# a failed IO gone on past is not said, as fio says none
	! grep -q "No space" l.out || fail "$e: lunmark said a failed IO it went on past: $(head -3 l.out)"
done
# without ignore_error's ENOSPC the defaults (EIO, EILSEQ) hold: the
# first ENOSPC ends the run
sed '/ignore_error/d' w.fio >w-none.fio
fresh
expect_exit "$LM_EXIT_IO" l.out "$LUNMARK" w-none.fio --output-format=json --output=l.json --allow-write
expect_grep "No space left on device" l.out
[ "$(jq -r '.jobs[0] | "\(.error) \(.total_err) \(.write.io_bytes)"' l.json)" = "28 0 8388608" ] ||
	fail "continue_on_error=write without ENOSPC listed: $(jq -r "$q" l.json)"
# fio's terse line: total_err and first_error last (after disk_util,
# which a tmpfs has none of), the error in field 5
terse() { grep '^3;' "$1" | awk -F';' '{ print NF, $(NF - 1), $NF, $5 }'; }
fresh
"$fio" w.fio --minimal >f.out 2>&1 || fail "fio --minimal: $(head -c 300 f.out)"
fresh
expect_exit "$LM_EXIT_OK" l.out "$LUNMARK" w.fio --minimal --allow-write
note "terse: fields, total_err, first_error, error: fio $(terse f.out), lunmark $(terse l.out)"
{ [ "$(terse l.out)" = "123 128 28 28" ] && [ "$(terse f.out)" = "$(terse l.out)" ]; } ||
	fail "terse: fio $(terse f.out), lunmark $(terse l.out)"

# bad lists, refused as fio refuses them, naming file:line
printf '[x]\nfilename=%s/full/f\nrw=write\ncontinue_on_error=write\nignore_error=,ENOSPACE\n' "$LM_WORK" >bad.fio
expect_exit "$LM_EXIT_USAGE" l.out "$LUNMARK" bad.fio --allow-write
expect_grep "bad.fio:5: ignore_error=,ENOSPACE: unknown error \"ENOSPACE\"" l.out
sed 's/ignore_error=.*/ignore_error=EIO,EIO,EIO,EIO/' bad.fio >bad4.fio
expect_exit "$LM_EXIT_USAGE" l.out "$LUNMARK" bad4.fio --allow-write
expect_grep "three lists at most" l.out
sed 's/ignore_error=.*/continue_on_error=most/' bad.fio >bad5.fio
expect_exit "$LM_EXIT_USAGE" l.out "$LUNMARK" bad5.fio --allow-write
expect_grep "continue_on_error=most" l.out

# MEDIUM ERROR: a 64 MiB LUN whose backing file ends at 32 MiB; reads
# from 28 MiB to 36 MiB, 1024 good and 1024 failed
command -v tgtd >/dev/null || skip "tgtd is not installed (bash scripts/deps.sh)"
lm_tgt -s 64
truncate -s 32m "$LM_BACKING/lun1.img"
esc=${URL_RDWR//:/\\:}
printf '[r]\nioengine=libiscsi\nfilename=%s\nrw=read\nbs=4k\niodepth=4\noffset=28m\nsize=8m\n' "$esc" >r.fio
run() { # exit code, extra job lines; the JSON to l.json
	local want=$1
	shift
	printf '%s\n' "$@" | cat r.fio - >rx.fio
	expect_exit "$want" l.out "$LUNMARK" rx.fio --output-format=json --output=l.json
}
run "$LM_EXIT_OK" continue_on_error=read
[ "$(jq -r "$q" l.json)" = "5 1024 5 2048 4194304 0 0" ] ||
	fail "continue_on_error=read: $(jq -r "$q" l.json)"
run "$LM_EXIT_IO"
expect_grep "medium error (sense key MEDIUM ERROR, ASC/ASCQ 0x1100)" l.out
read -r err tot ios < <(jq -r '.jobs[0] | "\(.error) \(.total_err) \(.read.total_ios)"' l.json)
note "no continue_on_error: error $err after $ios reads, total_err $tot (no such key: null)"
{ [ "$err" = 5 ] && [ "$tot" = null ] && [ "$ios" -le $((1024 + 4)) ]; } ||
	fail "without continue_on_error: error $err, total_err $tot, $ios reads"
# a kind not named, an error not listed: the first error ends the run
run "$LM_EXIT_IO" continue_on_error=write
run "$LM_EXIT_IO" continue_on_error=read ignore_error=ENOSPC
# a list alone turns its kind on, as fio's
run "$LM_EXIT_OK" ignore_error=ENOSPC:EIO
[ "$(jq -r "$q" l.json)" = "5 1024 5 2048 4194304 0 0" ] ||
	fail "ignore_error=ENOSPC:EIO: $(jq -r "$q" l.json)"
# error_dump says each one
run "$LM_EXIT_OK" continue_on_error=all error_dump=1
n=$(grep -c "read Input/output error at offset" l.out)
[ "$n" = 1024 ] || fail "error_dump=1 said $n of 1024 failed reads: $(head -2 l.out)"
# fio's libiscsi engine, where built, fails these reads with EPERM: the
# same job, its list naming that, counts as lunmark's
if "$fio" --enghelp 2>/dev/null | grep -qx '[[:space:]]*libiscsi'; then
	printf 'continue_on_error=read\nignore_error=EPERM\n' | cat r.fio - >rf.fio
	"$fio" rf.fio --output-format=json --output=f.all >f.out 2>&1 ||
		fail "fio: $(head -c 300 f.out)"
	# libiscsi's own words on each failed read go into fio's file too,
	# before the JSON and into its first line ("i{")
	awk '/"fio version"/ && !s { print "{"; s = 1 } s' f.all >f.json
	run "$LM_EXIT_OK" continue_on_error=read
	f=$(jq -r "$q" f.json | cut -d' ' -f2,4-) l=$(jq -r "$q" l.json | cut -d' ' -f2,4-)
	note "MEDIUM ERROR: total_err reads bytes writes bytes: fio $f, lunmark $l"
	[ "$f" = "$l" ] || fail "fio $f, lunmark $l"
else
	note "fio has no libiscsi engine here: the MEDIUM ERROR runs are lunmark's alone"
fi
exit "$LM_PASS"

#!/usr/bin/env bash
# fio's command line and job files as fio 3.33 reads them, each case run
# by fio itself and by lunmark on one loop device: options before and after
# job files (the file's own values win), filename= adding to a job's
# files, --section, --readonly, --showcmd, --parse-only, what fio refuses,
# numjobs clones with their own jobs[] entries and logs, group_reporting's
# entries, psync as the default engine, fio's on/off values and reserved
# words, verify with no bs=, wait_for's cache drop, CPU and NUMA
# placement, lunmark run's JSON, a size past the device's end, --output.
# How a job paces its IO (rate, startdelay, thinktime, flow, exitall) and
# what the device saw (invalidate, disk_util) is t-fio-pace's.
# fio: $FIO, else the one scripts/bench-iscsi.sh builds, else fio on PATH
# (lm_fio).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fio-lib.sh"
lm_fio_setup

cat >a.fio <<'JOB'
[global]
direct=1
size=8m
bs=64k
runtime=1
time_based

[r]
rw=read

[w]
stonewall
rw=write
JOB

# options before and after the job file are defaults the file overrides:
# --bs=4k loses to bs=64k, --runtime=3 to runtime=1
for form in "--filename=$LM_DEV --bs=4k --runtime=3 a.fio" "a.fio --filename=$LM_DEV --bs=4k --runtime=3"; do
	# shellcheck disable=SC2086
	both $form
	same '[.jobs[].jobname]' '[.jobs[].groupid]' '."global options"' '[.jobs[]."job options"]'
	for t in fio lm; do
		jq -e '[.jobs[] | .job_runtime < 2500] | all' "$t.json" >/dev/null ||
			fail "$t: --runtime=3 shortened or lengthened the file's runtime=1: $(jq -c '[.jobs[].job_runtime]' "$t.json")"
		jq -e '.jobs[0].read.io_kbytes / .jobs[0].read.total_ios == 64' "$t.json" >/dev/null ||
			fail "$t: --bs=4k beat the file's bs=64k"
	done
done

# --section picks one job; --readonly refuses a file with a write job
both --filename="$LM_DEV" --section=w a.fio
same '[.jobs[].jobname]'
# the command line's jobs too, as fio (lunmark ran them whatever it said)
both --section=w --name=c --ioengine=null --size=1m --filename="$LM_DEV" a.fio
same '[.jobs[].jobname]'
both --section=d --name=c --ioengine=null --size=1m --name=d --ioengine=null --size=1m
same '[.jobs[].jobname]'
[ "$(jq -c '[.jobs[].jobname]' lm.json)" = '["d"]' ] || fail "--section=d: $(jq -c '[.jobs[].jobname]' lm.json)"
# a --section leaves out the --name jobs after it, not those before, and
# a job left out gives its options to the jobs after it, as fio's
# (lunmark filtered every job, wherever the --section stood)
both --name=c --ioengine=null --size=1m --name=d --ioengine=null --size=1m --section=d
same '[.jobs[].jobname]'
[ "$(jq -c '[.jobs[].jobname]' lm.json)" = '["c","d"]' ] || fail "--section after c: $(jq -c '[.jobs[].jobname]' lm.json)"
both --ioengine=null --size=1m --section=d --name=c --bs=8k --name=d --name=e --section=e --name=f
same '[.jobs[] | [.jobname, .read.total_ios]]' '."global options"'
[ "$(jq -c '[.jobs[] | [.jobname, .read.total_ios]]' lm.json)" = '[["d",128]]' ] ||
	fail "c's bs=8k for d: $(jq -c '[.jobs[] | [.jobname, .read.total_ios]]' lm.json)"
expect_grep "argument 4: --name=c: no --section before it names it" lm.out
# job names up to 127 characters, as fio keeps them: two that differ
# past the 63rd make two files (lunmark cut both to 63: one file, two
# jobs writing it); a longer one is refused
p=$(printf 'p%.0s' $(seq 63))
mkdir -p names && rm -f names/*
both --directory="$PWD/names" --size=64k --rw=write --name="${p}AAAA" --name="${p}BBBB"
same '[.jobs[].jobname]'
[ "$(jq -c '[.jobs[].jobname | length]' lm.json)" = '[67,67]' ] || fail "long names: $(jq -c '[.jobs[].jobname]' lm.json)"
rm -f names/*
expect_exit "$LM_EXIT_OK" err "$LUNMARK" --directory="$PWD/names" --size=64k --rw=write --name="${p}AAAA" --name="${p}BBBB"
[ "$(find names -name "${p}*.0.0" | wc -l)" = 2 ] || fail "long names: lunmark made $(ls names)"
# and wait_for takes such a name whole (it held 63 characters)
printf '[%sAAAA]\nioengine=null\nsize=1m\n[b]\nioengine=null\nsize=1m\nwait_for=%sAAAA\n' "$p" "$p" >wl.fio
both wl.fio
same '[.jobs[].jobname]'
expect_exit "$LM_EXIT_USAGE" err "$LUNMARK" --name="$p$p$p" --ioengine=null --size=1m
expect_grep "a job's name of more than 127 characters" err
# time_based with no runtime: fio says so and runs by the size (lunmark
# refused it); an empty file: no offset in the message, a size asked for
both --name=p --ioengine=null --size=1m --time_based
same '.jobs[0].read.total_ios'
expect_grep "time_based requires a runtime/timeout setting" lm.out
: >empty.img
expect_exit "$LM_EXIT_FIT" err "$LUNMARK" --name=z --filename=empty.img --rw=read
expect_grep "the target is empty (0 bytes; lunmark does not extend a file that is there)" err
# --append-terse adds the terse line to the normal output, as fio's
# (lunmark did not know it)
for t in "$fio" "$LUNMARK"; do
	"$t" --name=a --ioengine=null --size=64k --append-terse=1 >at.out 2>&1 || fail "$t --append-terse: $(head -c 300 at.out)"
	if [ "$(grep -c '^3;' at.out)" != 1 ] || [ "$(wc -l <at.out)" -le 3 ]; then
		fail "$t --append-terse: $(head -c 300 at.out)"
	fi
done
# the terse line's first us slot (field 100) takes the IOs under 1 us,
# as fio's (null engine: nearly all of them; lunmark gave it 0.1%)
for t in "$fio" "$LUNMARK"; do
	u=$("$t" --name=a --ioengine=null --size=4m --output-format=terse 2>/dev/null | cut -d';' -f100)
	[ "${u%%.*}" -ge 90 ] || fail "$t: the terse line's first us slot is $u"
done
# fio's terse versions 2, 4 and 5 (lunmark wrote 3 alone): each line's
# fields as many as fio's, the version first; 6 refused by both
for v in 2 4 5; do
	for t in "$fio" "$LUNMARK"; do
		"$t" --name=a --ioengine=null --size=1m --rw=randrw --description=d --terse-version=$v \
			--output-format=terse 2>/dev/null | awk -F';' '{ printf "%s:%d ", $1, NF }' >"tv-$(basename "$t")"
	done
	cmp -s tv-fio tv-lunmark || fail "--terse-version=$v: lunmark $(cat tv-lunmark), fio $(cat tv-fio)"
done
expect_exit "$LM_EXIT_USAGE" err "$LUNMARK" --name=a --ioengine=null --size=1m --terse-version=6
"$fio" --name=a --ioengine=null --size=1m --terse-version=6 >fio.out 2>&1 && fail "fio took --terse-version=6"
# the normal report's sum of clones says jobs on one target (it said
# "sum of 2 targets" for one device)
expect_exit "$LM_EXIT_OK" err "$LUNMARK" --name=a --filename="$LM_DEV" --size=1m --numjobs=2 --group_reporting
expect_grep "sum of 2 jobs on one target, run at once:" err
# a command line's kb_base counts from where it stands (fio parses the
# command line as given, a job file's kb_base first): size=1m before it
# is 1048576 bytes, bs=4k after it 4000 (lunmark read 1m as 10^6)
both --name=p --ioengine=null --size=1m --kb_base=1000 --bs=4k
same '.jobs[0].read.io_bytes'
[ "$(jq '.jobs[0].read.io_bytes' lm.json)" = 1048000 ] || fail "--size=1m --kb_base=1000: $(jq '.jobs[0].read.io_bytes' lm.json) bytes"
# --max-jobs is taken and dropped, as fio 3.33's getopt drops it
both --max-jobs=1 --name=c --ioengine=null --size=1m --name=d --ioengine=null --size=1m
same '[.jobs[].jobname]'
expect_exit "$LM_EXIT_USAGE" err "$LUNMARK" --section=zz --name=c --ioengine=null --size=1m
expect_grep "no job that --section names" err
expect_exit "$LM_EXIT_USAGE" err "$LUNMARK" --readonly --filename="$LM_DEV" a.fio
expect_grep "a.fio:11: job 'w' writes" err
expect_exit "$LM_EXIT_OK" err "$LUNMARK" --readonly --filename="$LM_DEV" a.fio --section=r \
	--output-format=terse

# --showcmd prints what fio prints; --parse-only runs nothing
[ "$("$fio" --showcmd --bs=4k a.fio)" = "$("$LUNMARK" --showcmd --bs=4k a.fio)" ] ||
	fail "--showcmd: fio '$("$fio" --showcmd --bs=4k a.fio)', lunmark '$("$LUNMARK" --showcmd --bs=4k a.fio)'"
expect_exit "$LM_EXIT_OK" err "$LUNMARK" --parse-only a.fio
[ ! -s err ] || fail "--parse-only printed: $(cat err)"
expect_exit "$LM_EXIT_USAGE" err "$LUNMARK" --parse-only a.fio --bs=4q
expect_grep "command line, argument:3: bs=4q" err
# what fio refuses, lunmark refuses, naming file:line: an option or an
# include before a file's first section (in the second file too, where
# it would change the first file's last job), an empty value (also one
# that an unset ${VAR} left), no size= for the null engine or
# /dev/zero, which have none of their own; a [section] in an included
# file, "include  f" (fio opens " f"), and io_uring's own option in a
# [global] that runs on psync (lunmark once took each)
printf 'bs=16k\n[s]\nioengine=null\nsize=1m\n' >pre.fio
printf 'size=1m\n[x]\n' >sec.inc
printf 'size=1m\n' >ok.inc
printf '[a]\nioengine=null\ninclude sec.inc\n' >incsec.fio
printf '[a]\nioengine=null\ninclude  ok.inc\n' >incsp.fio
# shellcheck disable=SC2016 # $ncpus is fio's word
printf '[a]\nioengine=null\nsize=1m\nbs=$ncpus*4096%s\n' "$(printf '+0%.0s' $(seq 50))" >bc.fio
printf '[global]\ncmdprio_percentage=50\n[a]\nioengine=io_uring\nfilename=ok.inc\nsize=4k\n' >gprio.fio
# shellcheck disable=SC2016 # the ${VAR} is the job file's
printf '[e]\nioengine=null\nsize=1m\nbs=${LM_T_NOPE}\n' >empty.fio
printf '[e]\nioengine=null\nsize=1m\ndescription=\n' >desc.fio
printf '[n]\nioengine=null\nsize=10%%\n' >nosize.fio
printf '[z]\nfilename=/dev/zero\n' >zero.fio
# a blank after '=' before a word: fio matches " read" against its words
printf '[w]\nioengine=null\nsize=1m\nrw= read\n' >wblank.fio
printf '[w]\nioengine=null\nsize=1m\nverify =\tmd5\n' >vblank.fio
printf '[w]\nsize=1m\nioengine= null\n' >eblank.fio
printf '[w]\nioengine=null\nsize=1m\nignore_error= EIO\n' >iblank.fio
printf '[w]\nioengine=null\nsize=1m\nverify_pattern= 0xff\n' >pblank.fio
while IFS='|' read -r args needle; do
	# shellcheck disable=SC2086
	"$fio" $args >fio.out 2>&1 && fail "fio took $args: the check is wrong"
	# shellcheck disable=SC2086
	expect_exit "$LM_EXIT_USAGE" err "$LUNMARK" $args
	expect_grep "$needle" err
done <<'CASES'
pre.fio|pre.fio:1: an option before the file's first [section]
a.fio pre.fio|pre.fio:1: an option before the file's first [section]
empty.fio|empty.fio:4: bs=: an empty value
desc.fio|desc.fio:4: description=: an empty value
nosize.fio|nosize.fio:1: job 'n': you need to specify size=
zero.fio|zero.fio:1: job 'z': you need to specify size=
wblank.fio|wblank.fio:4: rw= read: fio takes the value as written, blank and all, and refuses the job
vblank.fio|vblank.fio:4: verify= md5: fio takes the value as written, blank and all, and refuses the job
eblank.fio|eblank.fio:3: ioengine= null: fio takes the value as written
iblank.fio|iblank.fio:4: ignore_error= EIO: after a blank fio reads only a decimal number
pblank.fio|pblank.fio:4: verify_pattern= 0xff: after a blank fio reads only a decimal number
incsec.fio|sec.inc:2: a [section] in an included file
incsp.fio|incsp.fio:3: include ' ok.inc'
gprio.fio|gprio.fio:2: cmdprio_percentage= is an option of ioengine=io_uring and libaio
CASES
# a number with a unit after a blank: fio takes it, and reads the
# digits alone (bs= 8k is 8 bytes: 128 reads of 1k are 131072 of it);
# lunmark refuses it; without a unit (in its first part, or the time's
# own unit), or any text, both take it alike
printf '[n]\nioengine=null\nrw=read\nsize=1k\nbs= 8\n' >n8.fio
printf '[n]\nioengine=null\nrw=read\nsize=1k\nbs= 8k\n' >nk.fio
f8=$("$fio" --output-format=json n8.fio | jq '.jobs[0].read.total_ios')
fk=$("$fio" --output-format=json nk.fio | jq '.jobs[0].read.total_ios')
{ [ "$f8" = 128 ] && [ "$fk" = 128 ]; } || fail "fio read 'bs= 8' as $f8 IOs, 'bs= 8k' as $fk: the check is wrong"
expect_exit "$LM_EXIT_USAGE" err "$LUNMARK" nk.fio
expect_grep "nk.fio:5: bs= 8k: after a blank fio reads the number alone and drops its unit: write bs=8k" err
printf '[n]\nioengine=null\nrw=read\nsize=1m\nbs= 4096,8k\nruntime= 60s\ndescription= two disks\n' >n4.fio
[ "$("$fio" --output-format=json n4.fio | jq '.jobs[0].read.total_ios')" = 256 ] ||
	fail "fio did not read 'bs= 4096,8k' as 4096: the check is wrong"
expect_exit "$LM_EXIT_OK" err "$LUNMARK" --output-format=json --output=n4.json n4.fio
[ "$(jq '.jobs[0].read.total_ios' n4.json)" = 256 ] || fail "bs= 4096: $(jq '.jobs[0].read.total_ios' n4.json) reads of 1m"
# fio's command line: a job's name keeps the blank
[ "$("$fio" --name=' j' --ioengine=null --size=1m --output-format=json | jq -r '.jobs[0].jobname')" = " j" ] ||
	fail "fio's --name=' j' is not job ' j': the check is wrong"
expect_exit "$LM_EXIT_USAGE" err "$LUNMARK" --name=' j' --ioengine=null --size=1m
expect_grep "argument 1: --name= j: fio keeps the blank in the job's name: write --name=j" err
ok "a blank after '=': refused where fio refuses or drops the unit"
# a value in the next argument, as fio's getopt takes it: the same jobs
# and options as fio's (lunmark made 'randread' a job file), but for an
# option fio sets by its name alone, whose next argument is a job file
both --name a --filename "$LM_DEV" --rw randread --bs 8k --size 1m --name b --filename="$LM_DEV" \
	--numjobs 2 --time_based --runtime 1
same '[.jobs[] | [.jobname, ."job options"]]' '.jobs[0].read.total_ios'
[ "$(jq '.jobs[0].read.total_ios' lm.json)" = 128 ] || fail "--bs 8k --size 1m: $(jq '.jobs[0].read.total_ios' lm.json) reads"
expect_exit "$LM_EXIT_USAGE" err "$LUNMARK" --name=a --ioengine=null --size=1m --time_based 1
expect_grep "1: cannot open this job file" err
expect_exit "$LM_EXIT_OK" err "$LUNMARK" --name=a --ioengine=null --size=1m --output-format terse --eta-newline 1 --terse-version 3
[ "$(cut -d';' -f1,3 err)" = "3;a" ] || fail "--output-format terse: $(head -c 200 err)"
ok "a value in the next argument, as fio's getopt takes it"
# percentages of the device as fio's filesetup.c takes them: an offset
# up to a whole block (10% of 64 MiB with bs=1m: 7 MiB; lunmark started
# at 6710784, 512-aligned), a size down to one (33% with bs=4k: 5406
# reads; lunmark 5407); the first offset of each tool's per-IO log
# first TOOL LOG ARG...: TOOL's job p on the device with ARG..., its reads'
# count, then the first offset of each of its per-IO logs LOG_lat.K.log
first() {
	local t=$1 log=$2 k
	shift 2
	rm -f "$log"_*.log
	"$t" --name=p --filename="$LM_DEV" --direct=1 --rw=read "$@" --write_lat_log="$log" --log_offset=1 \
		--output-format=json --output="$log.json" >"$log.out" 2>&1 || fail "$t $*: $(head -c 300 "$log.out")"
	printf '%s' "$(jq '[.jobs[].read.total_ios] | add' "$log.json")"
	for k in 1 2; do
		[ -f "$log"_lat.$k.log ] && printf ' %s' "$(head -1 "$log"_lat.$k.log | cut -d, -f5 | tr -d ' ')"
	done
	echo
}
for pct in "--bs=1m --offset=10% --size=4m" "--bs=4k --size=33%" "--bs=4k --offset=33% --size=80%" \
	"--bs=4k --size=1m --numjobs=2 --offset_increment=25%" "--bs=4k --size=1m --offset=10% --numjobs=2 --offset_increment=1m" \
	"--bs=1m --size=0% --offset=0% --io_size=0%" "--bs=1m --size=4m --numjobs=2 --offset_increment=0%"; do
	# shellcheck disable=SC2086 # the options, one a word
	f=$(first "$fio" pf $pct) l=$(first "$LUNMARK" pl $pct)
	[ "$l" = "$f" ] || fail "$pct: reads and first offsets $l, fio's $f"
	case $pct in *offset=10%*--size=4m) [ "$f" = "4 7340032" ] || fail "fio's $pct: $f (the check is wrong)" ;; esac
done
# 0% is the option's default, as fio's (lunmark refused it); an io_size
# share under one block is refused, as fio fails the job
expect_exit "$LM_EXIT_FIT" err "$LUNMARK" --name=p --filename="$LM_DEV" --size=64k --io_size=1%
expect_grep "io_size=1% is 655 bytes of the 65536-byte region, less than one block" err
"$fio" --name=p --filename="$LM_DEV" --size=64k --io_size=1% >fio.out 2>&1 && fail "fio ran io_size=1% of 64k"
expect_grep "blocksize is larger than data set range" fio.out
# fio reads N.M% as N bytes (size=1.5%: "size too small"): refused
expect_exit "$LM_EXIT_USAGE" err "$LUNMARK" --name=p --filename="$LM_DEV" --size=1.5%
expect_grep "size=1.5%: a whole percentage" err
"$fio" --name=p --filename="$LM_DEV" --size=1.5% >fio.out 2>&1 && fail "fio ran size=1.5%"
ok "offset=N%, size=N%, io_size=N% and offset_increment=N% as fio takes them"
# fio's percentile options: which latencies have percentiles, and which
# (its list, sorted, ended by a 0), in the JSON and the terse line's 20
# slots; lunmark refused them all
pq='[.jobs[0].read | (.slat_ns|has("percentile")), (.clat_ns|has("percentile")),
	(.lat_ns|has("percentile")), (.clat_ns.percentile // {} | keys_unsorted),
	(.lat_ns.percentile // {} | keys_unsorted)]'
for p in "--percentile_list=99.9:50:99 --lat_percentiles=1" "--percentile_list=50:0:99" \
	"--slat_percentiles=1 --clat_percentiles=0" "--clat_percentiles=0 --lat_percentiles=1"; do
	# shellcheck disable=SC2086 # the options, one a word
	both --name=p --filename="$LM_DEV" --direct=1 --ioengine=libaio --size=1m $p
	same "$pq"
	for t in "$fio" "$LUNMARK"; do
		# shellcheck disable=SC2086
		"$t" --name=p --filename="$LM_DEV" --direct=1 --ioengine=libaio --size=1m $p \
			--minimal 2>/dev/null | cut -d';' -f18-37 | sed 's/=[0-9]*//g' >"terse-$(basename "$t")"
	done
	[ -s terse-lunmark ] || fail "$p: no terse line"
	cmp -s terse-fio terse-lunmark || fail "$p: terse slots $(cat terse-lunmark), fio's $(cat terse-fio)"
done
expect_exit "$LM_EXIT_USAGE" err "$LUNMARK" --name=p --ioengine=null --size=1m --percentile_list=101
expect_grep "percentile_list=101: percentiles from 0 to 100" err
ok "percentile_list, clat_, lat_ and slat_percentiles as fio's"
# a size-limited job done within its ramp_time measured nothing: said so,
# not left as silent zeros (fio reports the ramp's IOs then)
expect_exit "$LM_EXIT_OK" err "$LUNMARK" --name=r --ioengine=null --size=1m --ramp_time=2 --output-format=json
expect_grep "job 'r': its pass ended within its ramp_time, so nothing was measured" err
expect_exit "$LM_EXIT_OK" err "$LUNMARK" --name=r --ioengine=null --size=1m --ramp_time=1 --time_based --runtime=1
! grep -q "within its ramp_time" err || fail "a time-based job's ramp: $(cat err)"
ok "a pass done within ramp_time is said"
# a job refused before any IO: the error alone, no empty JSON document
# on stdout, and an --output file there already is left as it was
echo kept >kept.json
expect_exit "$LM_EXIT_USAGE" err "$LUNMARK" --output-format=json nosize.fio
expect_grep "nosize.fio:1: job 'n': you need to specify size=" err
grep -q '"jobs"' err && fail "a refused job wrote a JSON document: $(head -c 200 err)"
expect_exit "$LM_EXIT_USAGE" err "$LUNMARK" --output-format=json --output=kept.json nosize.fio
[ "$(cat kept.json)" = kept ] || fail "a refused job overwrote --output: $(head -c 200 kept.json)"
# a sum with $ncpus over 100 characters: fio hands it to no bc and
# reads the number it begins with (bs=2 here); lunmark refuses it
"$fio" --output-format=json bc.fio 2>&1 | sed -n '/^{/,/^}/p' |
	jq -e '.jobs[0].read.io_bytes == 1048576 and (.jobs[0].read.total_ios | . > 256)' >/dev/null ||
	fail "fio read bc.fio's sum another way: the check is wrong"
expect_exit "$LM_EXIT_USAGE" err "$LUNMARK" bc.fio
expect_grep "bc.fio:4: bs=" err
expect_grep "where fio works out 100 at most" err
# and what fio takes: "include=f", as "include f"
printf '[a]\nioengine=null\ninclude=ok.inc\n' >inceq.fio
both inceq.fio
same '.jobs[0].read.io_bytes'
# a --name job runs beside the first job file's jobs, in one group; a
# second job file waits for the first (a group of its own), as in fio
printf '[t]\nioengine=null\nsize=1m\n' >t1.fio
printf '[u]\nioengine=null\nsize=1m\n' >u1.fio
both --name=c --ioengine=null --size=1m t1.fio u1.fio
same '[.jobs[] | [.jobname, .groupid]]'
# a summed entry of command-line jobs shows its last job's options, name
# and all, as fio (lunmark named them by its first job)
both --name a --rw read --ioengine null --size 1m --name b --rw write --ioengine null --size 1m \
	--group_reporting --numjobs 2
same '.jobs[0].jobname' '.jobs[0]."job options"'
# a job file's options in the order fio parses them (its sort_options():
# kb_base and cpus_allowed_policy first, filename and filename_format
# last), a command line's as given (lunmark kept the file's order)
printf '[global]\nfilename=%s\nrw=read\n[j]\nfilename=%s\nkb_base=1024\nbs=4k\nrw=read\nfilename_format=x\nsize=64k\ncpus_allowed_policy=shared\n' \
	"$LM_DEV" "$LM_DEV" >order.fio
both order.fio
same '[."global options", .jobs[0]."job options"] | tostring'
[ "$(jq -c '.jobs[0]."job options" | keys_unsorted' lm.json)" = '["kb_base","cpus_allowed_policy","bs","rw","size","filename","filename_format"]' ] ||
	fail "job options' order: $(jq -c '.jobs[0]."job options" | keys_unsorted' lm.json)"
both --filename="$LM_DEV" --rw=read --name=j --size=64k --filename="$LM_DEV" --kb_base=1024
same '[."global options", .jobs[0]."job options"] | tostring'
# of several job files, the JSON's "global options" is the last one's
# [global] (lunmark left it out)
printf '[global]\nioengine=null\nsize=1m\nbs=8k\n[a]\n' >g1.fio
printf '[global]\nioengine=null\nsize=2m\nrw=randread\n[b]\n' >g2.fio
both --bs=16k g1.fio g2.fio
same '."global options"'
[ "$(jq -c '."global options".size' lm.json)" = '"2m"' ] || fail "two job files: global options $(jq -c '."global options"' lm.json)"
# a job with no options of its own has no "job options", as in fio
printf '[global]\nioengine=null\nsize=1m\n[j]\n[k]\nbs=8k\n' >noopt.fio
both noopt.fio
same '[.jobs[] | has("job options")]' '.jobs[1]."job options"'

# filename= adds to the job's files: the command line's device and the
# job's own file, each half of size
cat >f.fio <<'JOB'
[f]
filename=f.dat
size=8m
rw=write
bs=64k
JOB
truncate -s 8m f.dat
both --filename="$LM_DEV" f.fio
same '.jobs[0].write.io_bytes'

# numjobs: clones, an entry each, logs numbered among all clones; with
# group_reporting one entry per group; no ioengine= is psync, and sync is
# its one IO at a time too
cat >n.fio <<'JOB'
[global]
size=4m
bs=64k
write_bw_log=nb

[a]
rw=read
numjobs=2

[b]
rw=write
numjobs=2
ioengine=sync
JOB
rm -f nb_bw.*.log
both --filename="$LM_DEV" n.fio
same '[.jobs[].jobname]' '[.jobs[].groupid]' '[.jobs[]."job options"]' \
	'[.jobs[] | .read.io_bytes + .write.io_bytes]'
for k in 1 2 3 4; do [ -s "nb_bw.$k.log" ] || fail "no nb_bw.$k.log (one per clone, as fio)"; done
both --filename="$LM_DEV" n.fio --group_reporting
same '[.jobs[].jobname]' '[.jobs[]."job options"]' '[.jobs[] | .read.io_bytes, .write.io_bytes]'
jq -e '.jobs | length == 1' lm.json >/dev/null || fail "group_reporting: not one entry"
# its job_runtime: the clones' runtimes added up, as fio's stat.c adds
# them (4 clones of 1 s: about 4000 ms, where each one's window is 1000)
printf '[t]\nrw=read\nbs=64k\nnumjobs=4\ngroup_reporting\nruntime=1\ntime_based\n' >t.fio
both --filename="$LM_DEV" t.fio
for f in fio.json lm.json; do
	jq -e '.jobs[0].job_runtime >= 3600 and .jobs[0].job_runtime <= 4800' "$f" >/dev/null ||
		fail "group_reporting's job_runtime in $f: $(jq -c '[.jobs[0].job_runtime, .jobs[0].read.runtime]' "$f"), not 4 clones' 1 s added up"
done
# iodepth=4 on psync: fio caps the queue at 1 and says so, and so does
# lunmark (which refused it once); latency_depth says 4 in both
printf '[d]\nrw=read\nbs=64k\nsize=1m\niodepth=4\n' >d4.fio
both --filename="$LM_DEV" d4.fio
same '.jobs[0] | [.read.total_ios, .latency_depth, .iodepth_level, .iodepth_submit]'
# fio says it in its normal output, not in JSON: lunmark too (t-fio-files)
! grep -q "capped at 1" lm.out || fail "a note with JSON alone: $(cat lm.out)"
expect_exit "$LM_EXIT_OK" lm.out "$LUNMARK" --filename="$LM_DEV" d4.fio
expect_grep "d4.fio:5: job 'd': iodepth=4 on psync, a synchronous engine: the queue depth is capped at 1" lm.out
# group_reporting on some jobs only: a job with it joins the entry before
# it in its group, as fio's stat.c does. Clones a.0, a.1 then b with it:
# a.0 alone, a.1 and b summed (fio 3.33 adds an empty entry after them,
# left out here). Then a summed pair, b alone, and c on its own again.
# lunmark once gave a.0 no IO and dropped a.1; and summed all of the second
# entries JOBFILE-TEXT [KEY]: both tools run it on the device; their named
# entries' names, groups, bytes (and KEY) are the same
entries() {
	printf '%b' "$1" >gp.fio
	both --filename="$LM_DEV" gp.fio
	same "[.jobs[] | select(.jobname) | [.jobname, .groupid, ${2:+$2, }.read.io_bytes]]"
}
entries '[a]\nrw=read\nsize=2m\nnumjobs=2\n[b]\nrw=read\nsize=4m\ngroup_reporting\n'
entries '[a]\nrw=read\nsize=2m\nnumjobs=2\ngroup_reporting\n[b]\nrw=read\nsize=4m\n[c]\nrw=read\nsize=1m\ngroup_reporting\n'
# group_reporting in every placement, and "job options" as fio has it:
# {} for a section of options fio does not show (new_group, stonewall),
# none for a section with no option line
entries '[global]\nbs=4k\nrw=read\nsize=256k\n[a]\nnumjobs=2\n[b]\ngroup_reporting\n[c]\ngroup_reporting\nnumjobs=2\n[d]\nnew_group\n[e]\ngroup_reporting\n[f]\nstonewall\n[g]\n' \
	'."job options"'
# fio's on/off values: stonewall=0 and group_reporting=0 are off, a
# count's k is 1024 (lunmark once took both flags as on, iodepth=1k as
# 1000); and what fio's fixup_options() refuses, both tools refuse
entries '[a]\nrw=read\nsize=256k\n[b]\nrw=read\nsize=1m\nbs=512\nstonewall=0\nnumjobs=2\ngroup_reporting=0\nnumber_ios=1k\n'
for v in 'zonesize=64k' 'rate=1m\nrate_iops=100' 'rate=1m\nrate_min=2m' 'direct'; do
	printf "[a]\nrw=read\nsize=256k\n%b\n" "$v" >fx.fio
	expect_exit "$LM_EXIT_USAGE" fx.out "$LUNMARK" --filename="$LM_DEV" fx.fio
	expect_grep "fx.fio:" fx.out
	if "$fio" --filename="$LM_DEV" fx.fio >fx.out 2>&1; then
		fail "fio took $v: $(head -c 300 fx.out)"
	fi
done
# fio's reserved words and the sums fio has bc work out: the clones,
# the bytes and the "job options" fio shows (the numbers, not the words)
printf "[k]\nrw=read\nbs=\$pagesize\nsize=(\$pagesize*64+4096)*2\nnumjobs=\$ncpus/2+1\n" >kw.fio
both --filename="$LM_DEV" kw.fio
same '[.jobs[] | [.jobname, .read.io_bytes, ."job options"]]'
# what bc cannot work out fio fails, and lunmark refuses with file:line
printf "[k]\nrw=read\nsize=1m\nbsrange=4k-\$pagesize\n" >kw.fio
expect_exit "$LM_EXIT_USAGE" kw.out "$LUNMARK" --filename="$LM_DEV" kw.fio
expect_grep "kw.fio:4: bsrange=4k-" kw.out
# on fio's command line a value is taken as given: no reserved word, no
# ${VAR} (fio: "failed parsing numjobs=$ncpus"), no ';' or '#' comment
# shellcheck disable=SC2016
for v in '$ncpus' '${LM_T_JOBS}'; do
	LM_T_JOBS=2 expect_exit "$LM_EXIT_USAGE" kw.out "$LUNMARK" --name=k \
		--filename="$LM_DEV" --rw=read --size=64k --numjobs="$v"
	expect_grep "argument:5: numjobs=$v: not a number" kw.out
	if LM_T_JOBS=2 "$fio" --name=k --filename="$LM_DEV" --rw=read \
		--size=64k --numjobs="$v" >kw.out 2>&1; then
		fail "fio took numjobs=$v on its command line"
	fi
	expect_grep "failed parsing numjobs=$v" kw.out
done
# a write job with verify= and no bs=: its read-back at the job's one
# size, as fio's verify phase (lunmark once refused it: "--bs=0")
printf '[v]\nrw=write\nsize=1m\nverify=md5\n' >vb.fio
both --filename="$LM_DEV" vb.fio
same '[.jobs[] | [.jobname, .read.total_ios, .write.total_ios]]'
# a buffered job that waits (wait_for) drops the cache when it starts,
# as fio opens its file then: it reads from the device what the job
# before it wrote (lunmark once dropped it at the phase's start only, and
# read 4096 blocks from the cache with 12 device reads)
printf '[global]\ngroup_reporting\nfilesize=16m\n[w]\nrw=write\nbs=128k\n[r]\nnew_group\nwait_for=w\nrw=randread\nbs=4k\n' >wf.fio
devreads() { awk '{ print $1 }' "/sys/block/${LM_DEV#/dev/}/stat"; }
r0=$(devreads)
"$fio" --filename="$LM_DEV" wf.fio --output-format=json --output=fio.json >fio.out 2>&1 ||
	fail "fio wf.fio: $(head -c 300 fio.out)"
r1=$(devreads)
"$LUNMARK" --filename="$LM_DEV" wf.fio --output-format=json --output=lm.json --allow-write >lm.out 2>&1 ||
	fail "lunmark wf.fio: $(head -c 300 lm.out)"
r2=$(devreads)
same '[.jobs[] | [.jobname, .groupid, .read.total_ios, .write.io_bytes]]'
fr=$((r1 - r0)) lr=$((r2 - r1))
echo "  wait_for, buffered: device reads fio $fr, lunmark $lr"
{ [ "$fr" -ge 2048 ] && [ "$lr" -ge $((fr / 2)) ]; } ||
	fail "the waiting reader's device reads: fio $fr, lunmark $lr"
# cpus_allowed, split, cpumask, numa_cpu_nodes and numa_mem_policy: each
# thread's CPU sets and memory policy, as strace sees both tools set them
# (fio's clones are processes; its first pass lays out nothing here)
if command -v strace >/dev/null && [ "$(nproc)" -ge 2 ]; then
	printf '[global]\nrw=read\nsize=256k\n[a]\ncpus_allowed=0-1\ncpus_allowed_policy=split\nnumjobs=2\nnuma_mem_policy=bind:0\n[b]\ncpumask=0x2\nnuma_cpu_nodes=0\n' >pl.fio
	placed() { # NAME TOOL: TOOL's system calls into NAME.st
		lm_strace -f -qq -e trace=sched_setaffinity,set_mempolicy -o "$1.st" \
			"${@:2}" --filename="$LM_DEV" pl.fio --output-format=terse >"$1.out" 2>&1 ||
			fail "$*: $(head -c 300 "$1.out")"
	}
	sets() { # NAME: the CPU sets set, then how many binds to node 0
		sed -n 's/.*sched_setaffinity([0-9]*, [0-9]*, \(\[[0-9 ]*\]\).*/\1/p' "$1.st" |
			sort -u | tr '\n' ' '
		{ grep -c 'set_mempolicy(MPOL_BIND, \[0x0*1,' "$1.st" || :; } | tr '\n' ' '
	}
	placed f "$fio"
	placed l "$LUNMARK"
	fset=$(sets f)
	lset=$(sets l)
	echo "  thread placement (CPU sets, binds): fio $fset, lunmark $lset"
	[ "$lset" = "[0 1] [0] [1] 2 " ] || fail "lunmark's thread placement: $lset"
	[ "$fset" = "$lset" ] || fail "fio's thread placement: $fset"
	printf '[a]\nrw=read\nsize=64k\nnuma_mem_policy=interleave:0-%s\n' "$(nproc)" >pl.fio
	expect_exit "$LM_EXIT_USAGE" pl.out "$LUNMARK" --filename="$LM_DEV" pl.fio
	expect_grep "pl.fio:4: numa_mem_policy=interleave:0-" pl.out
fi
both --name=k --filename="$LM_DEV" --rw=read --size=64k --description='a ; b # c'
same '.jobs[0].desc' '.jobs[0]."job options".description'
jq -e '.jobs[0].desc == "a ; b # c"' lm.json >/dev/null ||
	fail "the description on the command line: $(jq -c '.jobs[0].desc' lm.json)"

# lunmark run --output-format=json --output: fio's jobs[] keys (its own
# options are not a job file's, so "job options" is left out) and
# disk_util (at fio's depth, 1: at 32 a loaded machine's slow loop
# device once merged two queued reads into one request, 127 of 128)
expect_exit "$LM_EXIT_OK" err "$LUNMARK" run "$LM_DEV" --rw=read --bs=64k --size=8m \
	--iodepth=1 --output-format=json --output=run.json
[ ! -s err ] || fail "run --output wrote to stdout: $(head -c 300 err)"
"$fio" --name=job --filename="$LM_DEV" --direct=1 --rw=read --bs=64k --size=8m \
	--output-format=json --output=frun.json >/dev/null 2>&1 || fail "fio could not run the job"
jkeys() {
	jq -r '[.jobs[] | del(."job options") | paths(scalars) as $p | ($p | map(if type == "number"
		then "#" else . end) | join(".")) + " " + (getpath($p) | type)] | unique | .[]' "$1"
}
diff <(jkeys frun.json) <(jkeys run.json) >keydiff || fail "run's JSON keys differ from fio's: $(head -5 keydiff)"
# and its device's disk_util, as fio's: the 128 reads of 64k it made
[ "$(jq -r '.disk_util[0].name' run.json)" = "$(jq -r '.disk_util[0].name' frun.json)" ] ||
	fail "run's disk_util: $(jq -c '.disk_util' run.json | head -c 300)"
jq -e '.disk_util[0].read_ios >= 128' run.json >/dev/null ||
	fail "run's disk_util counted $(jq '.disk_util[0].read_ios' run.json) reads of 128"



# a size past the device's end: fio cuts the region at it (a job file
# written for a larger LUN), so does lunmark, and says so; lunmark's own
# run refuses it (t-errors)
printf '[s]\nrw=read\nbs=1m\ndirect=1\nsize=4g\n[t]\nstonewall\nrw=read\nbs=1m\ndirect=1\nsize=4g\noffset=16m\n' >cut.fio
both --filename="$LM_DEV" cut.fio
same '[.jobs[].read | .io_bytes, .total_ios]'
expect_grep "size=4GiB goes past the end of $LM_DEV: cut to the 48MiB from its offset to the end, as fio cuts it" lm.out
note "size=4g on the 64 MiB device: fio and lunmark $(jq -c '[.jobs[].read.io_bytes]' lm.json)"
# a file that was there: fio would extend it and write it out; lunmark
# cuts the job and says so, not "as fio cuts it"
truncate -s 1m small.img
expect_exit "$LM_EXIT_OK" small.out "$LUNMARK" --name=r --filename=small.img --rw=read --bs=4k --size=4m
expect_grep "cut to the 1MiB from its offset to the end, where fio would extend the file" small.out

# --output takes the normal format too, as fio's: nothing on stdout, the
# reports and the JSON in the file (fio puts its JSON before its final
# report, lunmark its reports first)
for t in fio lunmark; do
	cmd=("$fio")
	[ $t = lunmark ] && cmd=("$LUNMARK" --no-prefill)
	for fmt in normal normal,json; do
		rm -f "o-$t"
		"${cmd[@]}" --name=x --filename="$LM_DEV" --rw=read --bs=64k --size=4m \
			--output="$LM_WORK/o-$t" --output-format=$fmt >so 2>&1 || fail "$t --output, $fmt: $(head -c 300 so)"
		[ ! -s so ] || fail "$t --output-format=$fmt --output: stdout has $(head -c 200 so)"
		grep -q 'x: ' "o-$t" || grep -q 'job x:' "o-$t" || fail "$t --output-format=$fmt: no report in the file: $(head -c 200 "o-$t")"
		if [ $fmt = normal,json ]; then
			sed -n '/^{/,/^}/p' "o-$t" | jq -e '.jobs[0].jobname == "x"' >/dev/null ||
				fail "$t --output-format=normal,json: no JSON after the report"
		else
			! grep -q '"jobs"' "o-$t" || fail "$t --output-format=normal: JSON in the file"
		fi
	done
done
note "--output with normal and normal,json: the file holds it all, stdout nothing, as fio's"

# fio's JSON as fio lays it out: line for line the same but for the
# numbers and version ("iops" : 1.0, two blanks a level; lunmark once
# wrote "iops":1.0, and a line-based parser broke); each job's elapsed
# is the run's seconds rounded up, and a direction's runtime its
# milliseconds rounded up, never 0 where it did IO (a 64 KiB null job:
# runtime 0 and a bandwidth of 4 GB/s)
a=(--name=a --ioengine=null --size=64k --description=first --name=b --ioengine=null --size=1m --rw=write
	--time_based --runtime=1200ms --stonewall)
both "${a[@]}"
norm() { sed -e 's/[0-9][0-9.]*/N/g' -e 's/"fio version" : ".*"/V/' "$1"; }
[ "$(norm fio.json)" = "$(norm lm.json)" ] ||
	fail "JSON layout: $(diff <(norm fio.json) <(norm lm.json) | head -5 | tr '\n' ' ')"
same '[.jobs[].elapsed]'
# the 64 KiB job's milliseconds are the machine's (fio took 2 where
# lunmark took 1 under CI's load): both round up to 1 or more
for f in fio.json lm.json; do
	[ "$(jq '.jobs[0].read.runtime' "$f")" -ge 1 ] || fail "a 64 KiB job's read runtime is 0 in $f"
done
jq -e '(.timestamp_ms / 1000 | floor) == .timestamp' lm.json >/dev/null ||
	fail "timestamp_ms $(jq .timestamp_ms lm.json) is not timestamp $(jq .timestamp lm.json) in ms"
note "fio's JSON layout; elapsed, runtime rounded up, as fio's"

# bandwidth and IOPS over the runtime in whole ms, as fio's stat.c
# divides them (integer bytes/s, KiB/s from those, IOPS as a float; the
# terse line's all integers): a 64 KiB job of 1 ms is 64000 KiB/s, where
# lunmark once divided by its nanoseconds and wrote 3-6 million
for f in fio.json lm.json; do
	jq -e '[.jobs[] | .read, .write | select(.runtime > 0) |
		.bw_bytes == ((1000 * .io_bytes / .runtime) | floor) and
		.bw == ((.bw_bytes / 1024) | floor) and
		((.iops - 1000 * .total_ios / .runtime) | fabs) < 0.001] | length > 1 and all' "$f" >/dev/null ||
		fail "$f: bw/iops not over the runtime's ms: $(jq -c '[.jobs[] | .read, .write | [.io_bytes, .bw_bytes, .bw, .iops, .total_ios, .runtime]]' "$f")"
done
for t in "$fio" "$LUNMARK"; do
	"$t" "${a[@]}" --output-format=terse 2>/dev/null | awk -F';' -v t="$t" '
		function rate(kb, bw, iops, rt, ios) {
			return rt > 0 && bw == int(1000 * kb / rt) && iops == int(1000 * ios / rt)
		}
		# the read block is fields 6-9, the write block 47-50; 4 KiB IOs
		$3 == "a" && rate($6, $7, $8, $9, $6 / 4) { ok++ }
		$3 == "b" && rate($47, $48, $49, $50, $47 / 4) { ok++ }
		END { if (ok != 2) { print t ": terse bw/iops not over the runtime ms"; exit 1 } }' ||
		fail "terse rates: $("$t" "${a[@]}" --output-format=terse 2>/dev/null | cut -d';' -f3,6-9,47-50)"
done
note "JSON and terse bw and IOPS over the runtime's whole ms, as fio's"
exit "$LM_PASS"

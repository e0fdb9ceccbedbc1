#!/usr/bin/env bash
# The files fio makes for a job, made as fio makes them and safely:
# - A job without filename= (numjobs=2, nrfiles=2) and one whose
#   filename= is missing (in directory=): the same files as Debian's fio
#   makes for the same job file (jobname.N.M, of size / nrfiles), the same
#   JSON key tree and bytes; they stay afterwards, as fio's.
# - unlink=1 removes them after; a later write run without --allow-write
#   is refused (the file may hold data now), and the data stays.
# - A symlink planted at a name lunmark would make is refused, its target
#   untouched; nothing is made under /dev/ for a misspelt device; and
#   --readonly makes nothing.
# - fallocate=: the blocks of fio's files, a write job's sparse with none.
# - disk_util names the device a job's files are made on, as fio's (an
#   ext4 on a loop device).
# - file_service_type=sequential writes a job's files one after another,
#   each synced before the next (fsync_on_close), in the order Debian's
#   fio writes them (strace); roundrobin, the default, serves them at once
#   and they share the job's rate_iops, as fio's one thread does. Either
#   way the files are one fio thread's: its logs (one per clone, numbered
#   as fio's), its exitall.
# - A size past what a job's files hold (filesize= times nrfiles) is cut
#   to their total, as fio cuts it; io_size= still moves more.
. "$(dirname "$0")/lib.sh"
command -v jq >/dev/null || skip "jq is not installed (bash scripts/deps.sh)"

cat >"$LM_WORK/n.fio" <<'JOB'
[x]
rw=randwrite
bs=4k
size=8m
numjobs=2
nrfiles=2

[y]
stonewall
rw=read
filename=yfile
directory=sub
size=1m
JOB
keys() {
	jq -r '[.jobs[] | paths(scalars) as $p | ($p | map(if type == "number" then "#" else . end)
		| join(".")) + " " + (getpath($p) | type)] | unique | .[]' "$1" | grep -v '^disk_util'
}
files() { (cd "$1" && find . -type f ! -name '*.json' ! -name '*.fio' -printf '%p %s\n' | sort); }
mkdir -p "$LM_WORK/lm/sub"
cp "$LM_WORK/n.fio" "$LM_WORK/lm/"
(cd "$LM_WORK/lm" && "$LUNMARK" n.fio --output-format=json --output=l.json >../out 2>&1) ||
	fail "lunmark could not run a job without filename=: $(tail -3 "$LM_WORK/out")"
note "lunmark made: $(files "$LM_WORK/lm" | tr '\n' ' ')"
[ "$(files "$LM_WORK/lm")" = "$(printf '%s\n' './sub/yfile 1048576' './x.0.0 4194304' './x.0.1 4194304' './x.1.0 4194304' './x.1.1 4194304')" ] ||
	fail "not fio's files: $(files "$LM_WORK/lm" | tr '\n' ' ')"
[ "$(jq -c '[.jobs[] | .write.io_bytes + .read.io_bytes]' "$LM_WORK/lm/l.json")" = '[8388608,8388608,1048576]' ] ||
	fail "bytes moved: $(jq -c '[.jobs[] | .write.io_bytes + .read.io_bytes]' "$LM_WORK/lm/l.json")"
if command -v fio >/dev/null; then
	mkdir -p "$LM_WORK/fio/sub"
	cp "$LM_WORK/n.fio" "$LM_WORK/fio/"
	(cd "$LM_WORK/fio" && fio n.fio --output-format=json --output=f.json >/dev/null 2>&1) ||
		fail "fio could not run the job file"
	[ "$(files "$LM_WORK/fio")" = "$(files "$LM_WORK/lm")" ] ||
		fail "fio made $(files "$LM_WORK/fio" | tr '\n' ' '), lunmark $(files "$LM_WORK/lm" | tr '\n' ' ')"
	diff <(keys "$LM_WORK/fio/f.json") <(keys "$LM_WORK/lm/l.json") >"$LM_WORK/keydiff" ||
		fail "the JSON key trees differ: $(head -5 "$LM_WORK/keydiff")"
	note "fio made the same files; the same key tree"
fi

# the files stay, and are data now: a write without --allow-write is refused
sum=$(sha256sum "$LM_WORK/lm/x.0.0")
expect_exit "$LM_EXIT_GUARD" "$LM_WORK/o" sh -c "cd '$LM_WORK/lm' && '$LUNMARK' n.fio"
expect_grep "x.0.0 is a file that may hold data" "$LM_WORK/o"
[ "$(sha256sum "$LM_WORK/lm/x.0.0")" = "$sum" ] || fail "the refused run changed x.0.0"

# unlink=1: made, and removed after
mkdir "$LM_WORK/u"
printf '[u]\nrw=write\nbs=64k\nsize=2m\nunlink=1\n' >"$LM_WORK/u/u.fio"
expect_exit "$LM_EXIT_OK" "$LM_WORK/o" sh -c "cd '$LM_WORK/u' && '$LUNMARK' u.fio"
expect_grep "made u.0.0 (2MiB) for job 'u'" "$LM_WORK/o"
[ ! -e "$LM_WORK/u/u.0.0" ] || fail "unlink=1 left u.0.0"

# a file a job made is the run's: a later phase writes it and extends it
# (fio's t0004: a stonewall job at offset 1G of it), with no
# --allow-write; the next run finds it as data. With unlink=1 it goes
# after its phase, and the next phase makes it again
printf '[a]\nfilename=p\nrw=write\nbs=64k\nsize=1m\n[b]\nstonewall\nfilename=p\nrw=write\nbs=64k\noffset=1m\nsize=1m\n' \
	>"$LM_WORK/u/p.fio"
# and a read job after them reads what they wrote: laid out once, as
# fio lays out a file, not prefilled again over their data
printf '[c]\nstonewall\nfilename=p\nrw=read\nbs=64k\nsize=2m\n' >"$LM_WORK/u/c.fio"
expect_exit "$LM_EXIT_OK" "$LM_WORK/o" sh -c "cd '$LM_WORK/u' && '$LUNMARK' p.fio c.fio"
expect_grep "extended p to 2MiB for job 'b'" "$LM_WORK/o"
! grep -q prefilling "$LM_WORK/o" || fail "a read job prefilled p over the data the run wrote: $(grep prefilling "$LM_WORK/o")"
[ "$(stat -c %s "$LM_WORK/u/p")" = 2097152 ] || fail "the second phase's p: $(stat -c %s "$LM_WORK/u/p") bytes"
expect_exit "$LM_EXIT_GUARD" "$LM_WORK/o" sh -c "cd '$LM_WORK/u' && '$LUNMARK' p.fio"
rm "$LM_WORK/u/p"
sed -i 's/^size=1m$/size=1m\nunlink=1/' "$LM_WORK/u/p.fio"
expect_exit "$LM_EXIT_OK" "$LM_WORK/o" sh -c "cd '$LM_WORK/u' && '$LUNMARK' p.fio"
[ "$(grep -c "made p " "$LM_WORK/o").$(find "$LM_WORK/u" -name p)" = 2. ] ||
	fail "unlink=1 over two phases: $(grep -E "made|extended" "$LM_WORK/o" | tr '\n' ' ')"
# unlink=1 in a later job removes the file an earlier one made; and a
# verifying job's file goes after its read-back, not before it (which
# then read a new, empty file: exit 7)
printf '[a]\nfilename=p\nrw=write\nbs=64k\nsize=1m\n[b]\nstonewall\nfilename=p\nrw=read\nbs=64k\nsize=1m\nunlink=1\n' \
	>"$LM_WORK/u/p.fio"
expect_exit "$LM_EXIT_OK" "$LM_WORK/o" sh -c "cd '$LM_WORK/u' && '$LUNMARK' p.fio"
[ ! -e "$LM_WORK/u/p" ] || fail "a later job's unlink=1 left p"
printf '[v]\nrw=write\nbs=64k\nsize=1m\nunlink=1\nverify=crc32c\n' >"$LM_WORK/u/v.fio"
expect_exit "$LM_EXIT_OK" "$LM_WORK/o" sh -c "cd '$LM_WORK/u' && '$LUNMARK' v.fio --output-format=json --output=v.json"
[ "$(jq -r '.jobs[0].read.io_bytes' "$LM_WORK/u/v.json").$(find "$LM_WORK/u" -name 'v.0.0')" = 1048576. ] ||
	fail "unlink=1 with verify: read back $(jq -r '.jobs[0].read.io_bytes' "$LM_WORK/u/v.json") bytes, then $(ls "$LM_WORK/u")"
note "a file made in a run is the run's, over its phases"

# a planted symlink at a name lunmark would make: refused, not followed
echo precious >"$LM_WORK/victim"
ln -s "$LM_WORK/victim" "$LM_WORK/u/u.0.0"
expect_exit "$LM_EXIT_TARGET" "$LM_WORK/o" sh -c "cd '$LM_WORK/u' && '$LUNMARK' u.fio --allow-write"
expect_grep "u.0.0 is a symlink" "$LM_WORK/o"
[ "$(cat "$LM_WORK/victim")" = precious ] || fail "the symlink's target was written"
rm "$LM_WORK/u/u.0.0"
# one swapped in after that check, by a user racing lunmark: the file it
# made is opened through the fd that made it (/proc/self/fd), never by
# its name again, and a file at fio's name that was there is opened
# O_NOFOLLOW, so the swap is refused, not followed (a loop racing 150
# runs hit the window in 59, refused each; the build before wrote the
# victim)
if command -v strace >/dev/null; then
	printf '[n]\nrw=write\nbs=64k\nsize=1m\n' >"$LM_WORK/u/n.fio"
	for a in "" --allow-write; do
		lm_strace -f -e trace=openat -o "$LM_WORK/nf.st" sh -c "cd '$LM_WORK/u' && '$LUNMARK' n.fio $a" \
			>"$LM_WORK/o" 2>&1 || fail "n.fio $a: $(head -c 300 "$LM_WORK/o")"
		opens=$(grep -E 'openat\([^,]*, "n\.0\.0", ' "$LM_WORK/nf.st" | grep -v O_CREAT || true)
		if [ -z "$a" ]; then
			[ -z "$opens" ] || fail "n.fio: the file made opened by its name again: $(head -1 <<<"$opens")"
			grep -q 'openat(AT_FDCWD, "/proc/self/fd/[0-9]*", O_RDWR' "$LM_WORK/nf.st" ||
				fail "n.fio: the file made not opened through its fd"
			continue
		fi
		[ -n "$opens" ] || fail "n.fio $a: no open of n.0.0 traced"
		! grep -qv O_NOFOLLOW <<<"$opens" ||
			fail "n.fio $a: n.0.0 opened following a symlink: $(grep -v O_NOFOLLOW <<<"$opens" | head -1)"
	done
	note "a file lunmark made: opened through its fd; one at fio's name: O_NOFOLLOW"
fi

# nothing under /dev/, nothing with --readonly
printf '[z]\nfilename=/dev/lunmark-no-such-disk\nrw=read\nsize=1m\n' >"$LM_WORK/z.fio"
expect_exit "$LM_EXIT_TARGET" "$LM_WORK/o" "$LUNMARK" "$LM_WORK/z.fio"
expect_grep "lunmark makes no file under /dev/" "$LM_WORK/o"
[ ! -e /dev/lunmark-no-such-disk ] || fail "a file was made in /dev"
printf '[r]\nrw=read\nsize=1m\n' >"$LM_WORK/u/r.fio"
expect_exit "$LM_EXIT_GUARD" "$LM_WORK/o" sh -c "cd '$LM_WORK/u' && '$LUNMARK' r.fio --readonly"
expect_grep "--readonly makes no file" "$LM_WORK/o"
[ ! -e "$LM_WORK/u/r.0.0" ] || fail "--readonly made r.0.0"

# disk_util: the device the files a job makes land on, as fio names it
if [ "$(id -u)" -eq 0 ] && [ -e /dev/loop-control ] && command -v mkfs.ext4 >/dev/null; then
	lm_loop 64 512
	mkfs.ext4 -q -F "$LM_DEV" || fail "mkfs.ext4 failed on $LM_DEV"
	mkdir "$LM_WORK/mnt"
	mount "$LM_DEV" "$LM_WORK/mnt" || fail "cannot mount $LM_DEV"
	lm_mounts+=("$LM_WORK/mnt")
	mkdir "$LM_WORK/mnt/fio" "$LM_WORK/mnt/lm"
	printf '[d]\nrw=write\nbs=64k\nsize=2m\ndirect=1\n' >"$LM_WORK/mnt/d.fio"
	(cd "$LM_WORK/mnt/fio" && fio ../d.fio --output-format=json --output=f.json >/dev/null 2>&1) ||
		fail "fio could not run d.fio"
	(cd "$LM_WORK/mnt/lm" && "$LUNMARK" ../d.fio --output-format=json --output=l.json >../lm.out 2>&1) ||
		fail "lunmark could not run d.fio: $(tail -2 "$LM_WORK/mnt/lm.out")"
	f=$(jq -r '[.disk_util[]?.name] | join(" ")' "$LM_WORK/mnt/fio/f.json")
	l=$(jq -r '[.disk_util[]?.name] | join(" ")' "$LM_WORK/mnt/lm/l.json")
	note "disk_util of a file made on $LM_DEV: fio [$f], lunmark [$l]"
	{ [ "$l" = "${LM_DEV#/dev/}" ] && [ "$l" = "$f" ]; } || fail "disk_util of a file made on $LM_DEV: fio [$f], lunmark [$l]"
	umount "$LM_WORK/mnt"
else
	note "disk_util of a made file not checked: needs root, loop devices and mkfs.ext4"
fi

# file_service_type=sequential: each file written whole and synced
# before the next, in fio's order (fio syncs every file once more at its
# end, which lunmark does not)
mkdir "$LM_WORK/fs" "$LM_WORK/fs/fio" "$LM_WORK/fs/lm"
printf '[w]\nrw=write\nbs=64k\nnrfiles=3\nfilesize=1m\nfsync_on_close=1\nfile_service_type=sequential\n' \
	>"$LM_WORK/fs/s.fio"
order() { # WHAT: the files' IOs of WHAT in the order they came, runs folded
	grep -oE "($1)\([0-9]+<[^>]*/w\.0\.[0-9]" "$2" | sed -E 's/\([0-9]+<.*\//:/' | uniq -c |
		awk '{ print $1 "x" $2 }' | tr '\n' ' '
}
(cd "$LM_WORK/fs/fio" && strace -f -y -e trace=pwrite64,write,fsync -o ../f.tr fio ../s.fio >../fio.out 2>&1) ||
	fail "fio file_service_type=sequential: $(head -3 "$LM_WORK/fs/fio.out")"
(cd "$LM_WORK/fs/lm" && lm_strace -f -y -e trace=pwrite64,write,fsync -o ../l.tr "$LUNMARK" ../s.fio >../lm.out 2>&1) ||
	fail "lunmark file_service_type=sequential: $(head -3 "$LM_WORK/fs/lm.out")"
f=$(order 'pwrite64|write' "$LM_WORK/fs/f.tr") l=$(order 'pwrite64|write' "$LM_WORK/fs/l.tr")
note "file_service_type=sequential, writes in order: fio $f; lunmark $l"
[ "$f" = "16xpwrite64:w.0.0 16xpwrite64:w.0.1 16xpwrite64:w.0.2 " ] || fail "fio's sequential writes: $f"
[ "$l" = "$f" ] || fail "file_service_type=sequential: lunmark wrote $l, fio $f"
l=$(order 'pwrite64|fsync' "$LM_WORK/fs/l.tr")
[ "$l" = "16xpwrite64:w.0.0 1xfsync:w.0.0 16xpwrite64:w.0.1 1xfsync:w.0.1 16xpwrite64:w.0.2 1xfsync:w.0.2 " ] ||
	fail "file_service_type=sequential: each file is not synced before the next: $l"
grep -q "sum of 3 targets, run one after another" "$LM_WORK/fs/lm.out" ||
	fail "the text report of files in turn: $(grep 'sum of' "$LM_WORK/fs/lm.out")"
# a job that moves less than its files hold: fio's sequential service
# fills each file (from offset=) with whole blocks before the next, and
# its loops and io_size run on through the files, from the first again
# after the last; the writes per file (in order without loops and
# io_size: lunmark writes each file's share before the next, where fio
# comes back to a file)
per_file() { grep -oE "pwrite64\([0-9]+<[^>]*/w\.0\.[0-9]" "$1" | sed 's/.*\///' | sort | uniq -c | awk '{ print $1 "x" $2 }' | tr '\n' ' '; }
for v in "size=96k" "size=32k" "size=68k bs=12k" "offset=16k size=96k" "size=64k loops=2" \
	"size=96k loops=3" "io_size=192k size=128k"; do
	{
		printf '[w]\nrw=write\nbs=4k\nnrfiles=2\nfilesize=64k\nfile_service_type=sequential\n'
		tr ' ' '\n' <<<"$v"
	} >"$LM_WORK/fs/p.fio"
	rm -f "$LM_WORK"/fs/fio/w.* "$LM_WORK"/fs/lm/w.*
	(cd "$LM_WORK/fs/fio" && strace -f -y -e trace=pwrite64,write -o ../f.tr fio ../p.fio >../fio.out 2>&1) ||
		fail "fio $v: $(head -3 "$LM_WORK/fs/fio.out")"
	(cd "$LM_WORK/fs/lm" && lm_strace -f -y -e trace=pwrite64,write -o ../l.tr "$LUNMARK" ../p.fio >../lm.out 2>&1) ||
		fail "lunmark $v: $(head -3 "$LM_WORK/fs/lm.out")"
	if [ "${v#*loops}" = "$v" ] && [ "${v#*io_size}" = "$v" ]; then
		f=$(order 'pwrite64|write' "$LM_WORK/fs/f.tr") l=$(order 'pwrite64|write' "$LM_WORK/fs/l.tr")
	else
		f=$(per_file "$LM_WORK/fs/f.tr") l=$(per_file "$LM_WORK/fs/l.tr")
	fi
	[ "$l" = "$f" ] || fail "file_service_type=sequential, $v: lunmark wrote $l, fio $f"
	note "sequential, $v: $f"
done
[ "$f" = "32xw.0.0 16xw.0.1 " ] || fail "fio's sequential io_size=192k over 2 files of 64k: $f"
# a job's files are its fio thread's: a log per clone, numbered as fio
# numbers them (the next job's too), with a sequential job's IOs on one
# timeline; and its exitall once all its files are done (a's 10 writes,
# of which the first file has 5)
printf '[j]\nrw=write\nbs=4k\nsize=80k\nnrfiles=2\nnumjobs=2\nrate_iops=40\nwrite_iops_log=j\nfile_service_type=sequential\n[k]\nrw=write\nbs=4k\nsize=40k\nrate_iops=40\nwrite_iops_log=k\n' \
	>"$LM_WORK/fs/nj.fio"
mkdir "$LM_WORK/fs/fio/nj" "$LM_WORK/fs/lm/nj"
(cd "$LM_WORK/fs/fio/nj" && fio ../../nj.fio >/dev/null 2>&1) || fail "fio could not run nj.fio"
(cd "$LM_WORK/fs/lm/nj" && "$LUNMARK" ../../nj.fio >../nj.out 2>&1) || fail "lunmark nj.fio: $(tail -2 "$LM_WORK/fs/lm/nj.out")"
logs() { (cd "$1" && for x in *.log; do printf '%s:%s ' "$x" "$(wc -l <"$x")"; done); }
f=$(logs "$LM_WORK/fs/fio/nj") l=$(logs "$LM_WORK/fs/lm/nj")
note "the logs of 2 clones of 2 files and a job after: fio $f; lunmark $l"
[ "$f" = "$l" ] || fail "the logs of a job of 2 files: fio $f, lunmark $l"
# and summed (group_reporting): each clone's log all the same
printf '[g]\nrw=write\nbs=4k\nsize=40k\nnrfiles=2\nnumjobs=2\ngroup_reporting\nrate_iops=40\nwrite_iops_log=g\n' \
	>"$LM_WORK/fs/g.fio"
mkdir "$LM_WORK/fs/fio/g" "$LM_WORK/fs/lm/g"
(cd "$LM_WORK/fs/fio/g" && fio ../../g.fio >/dev/null 2>&1) || fail "fio could not run g.fio"
(cd "$LM_WORK/fs/lm/g" && "$LUNMARK" ../../g.fio >../g.out 2>&1) || fail "lunmark g.fio: $(tail -2 "$LM_WORK/fs/lm/g.out")"
f=$(logs "$LM_WORK/fs/fio/g") l=$(logs "$LM_WORK/fs/lm/g")
[ "$f" = "$l" ] || fail "the logs of a summed job of 2 clones of 2 files: fio $f, lunmark $l"
awk -F, 'NR > 1 && $1 + 0 < t { exit 1 } { t = $1 + 0 }' "$LM_WORK/fs/lm/nj/j_iops.1.log" ||
	fail "the log of a job's files in turn goes back in time: $(tr '\n' '|' <"$LM_WORK/fs/lm/nj/j_iops.1.log")"
printf '[global]\nrw=write\nbs=4k\nrate_iops=40\n[a]\nsize=40k\nnrfiles=2\nexitall\nfile_service_type=sequential\n[b]\nsize=160k\n' \
	>"$LM_WORK/fs/ex.fio"
(cd "$LM_WORK/fs/lm" && "$LUNMARK" ../ex.fio --output-format=json --output=ex.json >../lm.out 2>&1) ||
	fail "lunmark ex.fio: $(tail -2 "$LM_WORK/fs/lm.out")"
n=$(jq '.jobs[0].write.total_ios' "$LM_WORK/fs/lm/ex.json")
[ "$n" -eq 10 ] || fail "exitall on a job of 2 files in turn: it stopped after $n of its 10 writes"
# roundrobin: four files share the job's rate_iops=50, about 100 IOs in 2 s
# (each file at 50, before: about 400)
printf '[w]\nrw=randread\nbs=4k\nnrfiles=4\nfilesize=1m\nrate_iops=50\ntime_based\nruntime=2\n' >"$LM_WORK/fs/r.fio"
(cd "$LM_WORK/fs/lm" && "$LUNMARK" ../r.fio --output-format=json --output=r.json >../lm.out 2>&1) ||
	fail "lunmark rate_iops over 4 files: $(head -3 "$LM_WORK/fs/lm.out")"
n=$(jq '.jobs[0].read.total_ios' "$LM_WORK/fs/lm/r.json")
note "rate_iops=50 over 4 files for 2 s: $n reads"
{ [ "$n" -gt 0 ] && [ "$n" -le 150 ]; } || fail "rate_iops=50 of a job of 4 files: $n reads in 2 s, not the job's 100"

# fallocate=: a write job's file made sparse (none, truncate) or
# allocated (native, the default; posix; keep), as fio's: the same
# blocks; a read job's laid out in all; and the size of fio's where fio
# sets it (with none and keep fio leaves it at the last block written)
command -v fio >/dev/null || skip "Debian's fio is not installed (scripts/deps.sh)"
mkdir "$LM_WORK/fa" "$LM_WORK/fa/fio" "$LM_WORK/fa/lm"
for m in none truncate native posix keep; do
	printf '[x]\nrw=randwrite\nbs=4k\nsize=4m\nnumber_ios=8\nfallocate=%s\n[y]\nrw=randread\nbs=4k\nsize=4m\nnumber_ios=8\nfallocate=%s\n' \
		"$m" "$m" >"$LM_WORK/fa/j.fio"
	(cd "$LM_WORK/fa/fio" && fio ../j.fio >../fio.out 2>&1) || fail "fio fallocate=$m: $(head -3 "$LM_WORK/fa/fio.out")"
	(cd "$LM_WORK/fa/lm" && "$LUNMARK" ../j.fio >../lm.out 2>&1) || fail "lunmark fallocate=$m: $(head -3 "$LM_WORK/fa/lm.out")"
	f=$(cd "$LM_WORK/fa/fio" && stat -c '%b %s' x.0.0 y.0.0 | tr '\n' ' ')
	l=$(cd "$LM_WORK/fa/lm" && stat -c '%b %s' x.0.0 y.0.0 | tr '\n' ' ')
	note "fallocate=$m: blocks and bytes of x.0.0 (randwrite) and y.0.0 (randread): fio $f, lunmark $l"
	rm -f "$LM_WORK"/fa/*/[xy].0.0
	case $m in
	none | keep) f=$(echo "$f" | awk '{ print $1, $3, $4 }') l=$(echo "$l" | awk '{ print $1, $3, $4 }') ;;
	esac
	[ "$f" = "$l" ] || fail "fallocate=$m: fio $f, lunmark $l"
done
[ "$(echo "$l" | cut -d' ' -f1)" -ge 8192 ] || fail "fallocate=keep: x.0.0 of $l blocks, not allocated"

# a size past what the files hold (2 of filesize=64k, size=192k): fio
# cuts it to their total, 32 writes of 4k, served either way; io_size
# moves more (48)
if command -v fio >/dev/null; then
	mkdir "$LM_WORK/cap"
	for fst in roundrobin sequential; do
		for io in 0 192k; do
			a=(--name=j --directory="$LM_WORK/cap" --nrfiles=2 --filesize=64k --size=192k
				--file_service_type="$fst" --rw=write --bs=4k --ioengine=psync --output-format=json)
			[ "$io" = 0 ] || a+=(--io_size="$io")
			rm -f "$LM_WORK"/cap/j.*
			fio "${a[@]}" >"$LM_WORK/cap/f.json" 2>/dev/null || fail "fio ${a[*]}"
			rm -f "$LM_WORK"/cap/j.*
			"$LUNMARK" "${a[@]}" >"$LM_WORK/cap/l.json" 2>"$LM_WORK/cap/l.err" ||
				fail "lunmark ${a[*]}: $(head -c 300 "$LM_WORK/cap/l.err")"
			f=$(jq '.jobs[0].write.total_ios' "$LM_WORK/cap/f.json") l=$(jq '.jobs[0].write.total_ios' "$LM_WORK/cap/l.json")
			[ "$f" = "$([ "$io" = 0 ] && echo 32 || echo 48)" ] || fail "fio's writes, $fst io_size=$io: $f"
			[ "$l" = "$f" ] || fail "size past the files ($fst, io_size=$io): lunmark wrote $l times, fio $f"
		done
	done
fi
# lunmark's notes of what it does as fio does it (a file made and laid
# out, a queue capped at 1, its own verify, a time-based job's verify
# phase skipped) go where fio's "Laying out IO file" goes: into the
# normal output, --output's file too, none with JSON alone; stderr stays
# empty, as fio's own harness (t/run-fio-tests.py) wants of a clean run.
# What fio would do otherwise stays on stderr, JSON or not
mkdir "$LM_WORK/nt"
printf '[r]\nfilename=nt.img\nsize=1m\nrw=read\nbs=64k\niodepth=4\n[w]\nstonewall\nfilename=nt.img\nsize=1m\nrw=write\nbs=64k\nverify=md5\ntime_based\nruntime=1\n' \
	>"$LM_WORK/nt/nt.fio"
notes=("made nt.img (1MiB) for job 'r'" "prefilling 1MiB of nt.img" "nt.fio:6: job 'r': iodepth=4 on psync, a synchronous engine: the queue depth is capped at 1"
	"nt.fio:13: verify=md5: lunmark's own verify" "nt.fio:7: job 'w': verify's read-back is not run: a time-based job's writes end at no pass")
for how in normal file json; do
	rm -f "$LM_WORK"/nt/nt.img "$LM_WORK"/nt/o.*
	a=()
	case $how in
	file) a=(--output=o.txt) ;;
	json) a=(--output-format=json) ;;
	esac
	(cd "$LM_WORK/nt" && "$LUNMARK" nt.fio "${a[@]}" >o.out 2>o.err) ||
		fail "nt.fio ($how): $(head -c 300 "$LM_WORK/nt/o.err")"
	[ ! -s "$LM_WORK/nt/o.err" ] || fail "nt.fio ($how): on stderr: $(head -c 400 "$LM_WORK/nt/o.err")"
	for n in "${notes[@]}"; do
		case $how in
		normal) expect_grep "lunmark: $n" "$LM_WORK/nt/o.out" ;;
		file)
			expect_grep "lunmark: $n" "$LM_WORK/nt/o.txt"
			[ ! -s "$LM_WORK/nt/o.out" ] || fail "stdout with --output: $(head -c 300 "$LM_WORK/nt/o.out")"
			;;
		json) ! grep -qF "$n" "$LM_WORK/nt/o.out" || fail "a note with JSON alone: $n" ;;
		esac
	done
done
# --showcmd's stdout is the command line alone, --parse-only's nothing
for a in --showcmd --parse-only; do
	(cd "$LM_WORK/nt" && "$LUNMARK" "$a" nt.fio >s.out 2>s.err) || fail "$a: $(head -c 300 "$LM_WORK/nt/s.err")"
	{ [ ! -s "$LM_WORK/nt/s.err" ] && ! grep -q '^lunmark: ' "$LM_WORK/nt/s.out"; } ||
		fail "$a said: $(cat "$LM_WORK/nt/s.out" "$LM_WORK/nt/s.err" | head -c 300)"
done
[ ! -s "$LM_WORK/nt/o.out" ] || jq -e '.jobs | length == 2' "$LM_WORK/nt/o.out" >/dev/null ||
	fail "JSON alone is not JSON: $(head -c 300 "$LM_WORK/nt/o.out")"
grep -q '"jobs"' "$LM_WORK/nt/o.out" || fail "no JSON on stdout"
# a second write job with no verify: fio would read the first one's
# back, lunmark cannot (one read-back a phase); said on stderr
printf '[x]\nfilename=nt.img\nsize=1m\nrw=write\nbs=64k\n' >>"$LM_WORK/nt/nt.fio"
sed -i 's/^time_based$//; s/^runtime=1$//' "$LM_WORK/nt/nt.fio"
(cd "$LM_WORK/nt" && "$LUNMARK" nt.fio --output-format=json --allow-write >o.out 2>o.err) ||
	fail "nt.fio with x: $(head -c 300 "$LM_WORK/nt/o.err")"
expect_grep "verify's read-back is not run: another job of its phase writes no verify data" "$LM_WORK/nt/o.err"
note "notes as fio's: in the normal output and --output's file, none in JSON, stderr empty"
exit "$LM_PASS"

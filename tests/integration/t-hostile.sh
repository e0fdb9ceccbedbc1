#!/usr/bin/env bash
# A hostile user who may create entries in a shared directory plants, under
# every name lunmark would once have picked (the copy profile's files, the
# --json temporary, --output, fio's logs), symlinks to a loop device holding
# ext4 and to a plain file of someone else's, and pre-creates names. Nothing
# planted is written through, truncated or removed: the device's ext4
# (blkid, checksum) and the file (checksum) are as they were.
. "$(dirname "$0")/lib.sh"
lm_need_root
command -v mkfs.ext4 >/dev/null || skip "no mkfs.ext4"
command -v setpriv >/dev/null || skip "no setpriv to act as another user"
command -v strace >/dev/null || skip "no strace (bash scripts/deps.sh)"

lm_loop 32 512
mkfs.ext4 -q -F -L victim "$LM_DEV" || skip "mkfs.ext4 failed on $LM_DEV"
uuid=$(blkid -p -o value -s UUID "$LM_DEV")
dev_sum=$(lm_sum "$LM_DEV" 32)
victim=$LM_WORK/victim
head -c 1048576 /dev/urandom >"$victim"
file_sum=$(sha256sum <"$victim")
# the shared directory, writable by all and not sticky: the worst case
chmod 0711 "$LM_WORK"
shared=$LM_WORK/shared
mkdir -m 0777 "$shared"
as_hostile() { setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$@"; }

# plant LINK_PREFIX N: LINK_PREFIX0.tmp .. to the device, then the file
plant() {
	local i
	for i in $(seq 0 "$2"); do
		as_hostile ln -sf "$LM_DEV" "$1$i.tmp"
	done
	as_hostile ln -sf "$victim" "$1$(($2 + 1)).tmp"
}

unchanged() {
	[ "$(blkid -p -o value -s TYPE "$LM_DEV")" = ext4 ] ||
		fail "$1: $LM_DEV holds no ext4 any more"
	[ "$(blkid -p -o value -s UUID "$LM_DEV")" = "$uuid" ] ||
		fail "$1: $LM_DEV's ext4 UUID changed"
	[ "$(lm_sum "$LM_DEV" 32)" = "$dev_sum" ] || fail "$1: $LM_DEV was written to"
	[ "$(sha256sum <"$victim")" = "$file_sum" ] || fail "$1: $victim was written to"
	note "$1: nothing planted was written through"
}

# 1. the copy profile: the names of the old lunmark-copy-PID-N.tmp, the
# PID being the one the shell execs into
# shellcheck disable=SC2016
expect_exit "$LM_EXIT_OK" "$LM_WORK/c" bash -c '
	for i in $(seq 0 40); do
		setpriv --reuid=nobody --regid=nogroup --clear-groups -- \
			ln -sf "$1" "$3/lunmark-copy-$$-$i.tmp"
	done
	setpriv --reuid=nobody --regid=nogroup --clear-groups -- \
		ln -sf "$2" "$3/lunmark-copy-$$-41.tmp"
	exec "$4" mark "$3" --profile=copy --size=4m --runs=1 --no-warmup \
		--interval=0 --quiet --json="$3/r.json"' \
	x "$LM_DEV" "$victim" "$shared" "$LUNMARK"
unchanged "the copy profile"
[ "$(find "$shared" -name 'lunmark-copy-*' -type l | wc -l)" -eq 42 ] ||
	fail "the planted links were removed: $(find "$shared" -mindepth 1 | head -5)"
[ -z "$(find "$shared" -mindepth 1 ! -type l ! -name r.json)" ] ||
	fail "the copy left files: $(find "$shared" -mindepth 1 ! -type l)"

# 2. --json=FILE: the old temporary FILE.tmpPID, and FILE itself, planted
rm -f "$shared"/*
as_hostile ln -s "$victim" "$shared/r.json"
# shellcheck disable=SC2016
expect_exit "$LM_EXIT_OK" "$LM_WORK/j" bash -c '
	setpriv --reuid=nobody --regid=nogroup --clear-groups -- \
		ln -sf "$1" "$3/r.json.tmp$$"
	exec "$4" mark --engine=null --profile=default --runtime=200ms --runs=1 \
		--no-warmup --interval=0 --quiet --json="$3/r.json"' \
	x "$LM_DEV" "$victim" "$shared" "$LUNMARK"
unchanged "--json"
if [ ! -f "$shared/r.json" ] || [ -L "$shared/r.json" ]; then
	fail "--json=FILE is not a regular file of lunmark's"
fi
grep -q '"profile"' "$shared/r.json" || fail "--json wrote no result"
[ -n "$(find "$shared" -name 'r.json.tmp*' -type l)" ] ||
	fail "the planted temporary name was removed"

# 3. --output and fio's logs, names a job file chose, planted before
rm -f "$shared"/*
as_hostile ln -s "$LM_DEV" "$shared/out.json"
as_hostile ln -s "$victim" "$shared/lg_bw.1.log"
as_hostile ln -s "$LM_DEV" "$shared/lg_lat.1.log"
cat >"$LM_WORK/j.fio" <<EOF
[j]
ioengine=null
size=16m
rw=read
bs=64k
write_bw_log=$shared/lg
write_lat_log=$shared/lg
EOF
expect_exit "$LM_EXIT_OK" "$LM_WORK/o" "$LUNMARK" "$LM_WORK/j.fio" \
	--output-format=json --output="$shared/out.json"
unchanged "--output and fio's logs"
for f in out.json lg_bw.1.log lg_lat.1.log; do
	if [ ! -f "$shared/$f" ] || [ -L "$shared/$f" ]; then
		fail "$f is not a regular file of lunmark's"
	fi
done

# 4. a test file in the directory: made beside names planted in the old
# pattern, removed after, the planted ones left
rm -f "$shared"/*
plant "$shared/lunmark-" 3
expect_exit "$LM_EXIT_OK" "$LM_WORK/t" "$LUNMARK" run "$shared" --rw=randwrite \
	--size=4m --runtime=300ms --no-prefill
unchanged "a test file"
[ "$(find "$shared" -mindepth 1 | wc -l)" -eq 5 ] ||
	fail "the test file was left, or a planted name removed: $(ls "$shared")"

# 5. --json into a directory another user could swap: refused up front
# when it names a directory, before any IO
expect_exit "$LM_EXIT_USAGE" "$LM_WORK/d" "$LUNMARK" mark "$shared" --profile=copy \
	--size=4m --json="$shared"
expect_grep "--json=$shared: cannot write it" "$LM_WORK/d"

# 6. an output file that is a device or a FIFO: written as it is, never
# renamed over (--output=/dev/null once became a regular file); a block
# device is refused. A node of /dev/null's numbers of the test's own
# stands for /dev/null, so that a failure cannot break the machine's.
mknod "$LM_WORK/null" c 1 3 || skip "cannot make a character device node"
ln -s "$LM_WORK/null" "$LM_WORK/null-link"
for o in "$LM_WORK/null" "$LM_WORK/null-link"; do
	expect_exit "$LM_EXIT_OK" "$LM_WORK/n" "$LUNMARK" --name=n --ioengine=null --size=4m \
		--output-format=json --output="$o"
	expect_exit "$LM_EXIT_OK" "$LM_WORK/n" "$LUNMARK" mark --engine=null --profile=default \
		--runtime=100ms --runs=1 --no-warmup --interval=0 --quiet --json="$o"
done
[ -c "$LM_WORK/null" ] || fail "--output or --json turned a character device into $(stat -c %F "$LM_WORK/null")"
[ -L "$LM_WORK/null-link" ] || fail "a link to a character device was replaced"
# another user's link to a character device is not followed: replaced
rm -f "$shared"/*
as_hostile ln -s "$LM_WORK/null" "$shared/o.json"
expect_exit "$LM_EXIT_OK" "$LM_WORK/n" "$LUNMARK" --name=n --ioengine=null --size=4m \
	--output-format=json --output="$shared/o.json"
if [ ! -f "$shared/o.json" ] || [ -L "$shared/o.json" ] || [ ! -c "$LM_WORK/null" ]; then
	fail "another user's link to a device at --output was followed"
fi
mkfifo "$LM_WORK/fifo"
cat "$LM_WORK/fifo" >"$LM_WORK/fifo.out" &
expect_exit "$LM_EXIT_OK" "$LM_WORK/n" "$LUNMARK" --name=n --ioengine=null --size=4m \
	--output-format=json --output="$LM_WORK/fifo"
wait
jq -e '.jobs[0].jobname == "n"' "$LM_WORK/fifo.out" >/dev/null || fail "--output=FIFO: the JSON did not come through it"
[ -p "$LM_WORK/fifo" ] || fail "--output replaced a FIFO"
before=$(lm_sum "$LM_DEV" 32)
expect_exit "$LM_EXIT_USAGE" "$LM_WORK/n" "$LUNMARK" --name=n --ioengine=null --size=4m \
	--output-format=json --output="$LM_DEV"
expect_grep "it is a block device, which lunmark writes no output over" "$LM_WORK/n"
if [ ! -b "$LM_DEV" ] || [ "$(lm_sum "$LM_DEV" 32)" != "$before" ]; then
	fail "--output=DEVICE changed the device"
fi
# stdout redirected to a file, reached by a link of one's own to it (as
# /dev/stdout is: /proc/self/fd/1) or by /dev/fd/1: written through, the
# link kept (replacing /dev/stdout put a regular file in /dev); another
# user's link to it is replaced, not followed
ln -s /proc/self/fd/1 "$LM_WORK/stdout-link"
for o in "$LM_WORK/stdout-link" /dev/fd/1; do
	"$LUNMARK" --name=n --ioengine=null --size=4m --output-format=json \
		--output="$o" >"$LM_WORK/redirected" 2>"$LM_WORK/n" ||
		fail "--output=$o with stdout to a file: $(cat "$LM_WORK/n")"
	jq -e '.jobs[0].jobname == "n"' "$LM_WORK/redirected" >/dev/null ||
		fail "--output=$o: the JSON did not reach stdout's file: $(head -c 200 "$LM_WORK/redirected")"
done
[ -L "$LM_WORK/stdout-link" ] || fail "a link of one's own to stdout was replaced"
# but not an fd lunmark opened itself (here its --output's temporary
# file), nor another process's fd to a file or an fdinfo, which name
# lunmark's fd 1 only by its number
if "$LUNMARK" --name=n --ioengine=null --size=4m --output-format=json \
	--output="$LM_WORK/own.json" --write_iolog=/dev/fd/3 >/dev/null 2>"$LM_WORK/n"; then
	fail "--write_iolog=/dev/fd/3, an fd of lunmark's own, was taken"
fi
expect_grep "it names an fd lunmark opened itself" "$LM_WORK/n"
sleep 60 >"$LM_WORK/other.out" &
other=$!
for o in "/proc/$other/fd/1" "/proc/self/fdinfo/1"; do
	if "$LUNMARK" --name=n --ioengine=null --size=4m --output-format=json \
		--output="$o" >"$LM_WORK/redirected" 2>"$LM_WORK/n"; then
		fail "--output=$o was written"
	fi
	if [ -s "$LM_WORK/redirected" ] || [ -s "$LM_WORK/other.out" ]; then
		fail "--output=$o wrote into a process's stdout"
	fi
done
kill "$other"
rm -f "$shared"/*
as_hostile ln -s /proc/self/fd/1 "$shared/o.json"
"$LUNMARK" --name=n --ioengine=null --size=4m --output-format=json \
	--output="$shared/o.json" >"$LM_WORK/redirected" 2>"$LM_WORK/n" ||
	fail "--output=another user's link: $(cat "$LM_WORK/n")"
if [ -L "$shared/o.json" ] || [ -s "$LM_WORK/redirected" ]; then
	fail "another user's link to stdout at --output was followed"
fi
note "an output that is a device, a FIFO or a link of one's own: written as it is"

# 7. a file lunmark made for a job file's run, written by its later
# phase without --allow-write: that phase opens the file made (held
# open, through /proc/self/fd), never its name again, so a directory
# above it that its owner, the hostile user, swaps for a link to
# another's directory cannot put another file under the name. strace
# shows every open of the name's path, and the victim's checksum stays
as_hostile mkdir "$shared/h"
mkdir "$LM_WORK/vd"
head -c 1048576 /dev/urandom >"$LM_WORK/vd/p"
vd_sum=$(sha256sum <"$LM_WORK/vd/p")
printf '[a]\nfilename=%s/h/p\nrw=write\nbs=64k\nsize=1m\n[b]\nstonewall\nfilename=%s/h/p\nrw=write\nbs=64k\nsize=1m\n' \
	"$shared" "$shared" >"$LM_WORK/swap.fio"
expect_exit "$LM_EXIT_OK" "$LM_WORK/swap.out" lm_strace -f -o "$LM_WORK/swap.st" -e trace=openat,open \
	"$LUNMARK" "$LM_WORK/swap.fio"
n=$(grep -c "open[a-z]*(AT_FDCWD, \"$shared/h/p\"" "$LM_WORK/swap.st" || true)
[ "$n" = 0 ] || fail "a made file opened by its name again, $n times: $(grep "\"$shared/h/p\"" "$LM_WORK/swap.st" | head -3)"
grep -q 'openat(AT_FDCWD, "/proc/self/fd/[0-9]*", O_RDWR' "$LM_WORK/swap.st" ||
	fail "the later phase's open of the made file: $(grep -c openat "$LM_WORK/swap.st") openat calls, none through /proc/self/fd"
# and with the directory swapped between the phases' checks and opens
# (the take's check sees it first: another's file, the write guard)
rm -f "$shared/h/p"
printf '[c]\nstonewall\nfilename=%s/h/p\nrw=write\nbs=64k\nsize=1m\nstartdelay=2\n' "$shared" >>"$LM_WORK/swap.fio"
{ "$LUNMARK" "$LM_WORK/swap.fio" >"$LM_WORK/swap.out" 2>&1 || echo "$?" >"$LM_WORK/swap.rc"; } &
pid=$!
for _ in $(seq 1 100); do
	grep -q "job 'b'" "$LM_WORK/swap.out" 2>/dev/null && break
	sleep 0.05
done
as_hostile mv "$shared/h" "$shared/h.old"
as_hostile ln -s "$LM_WORK/vd" "$shared/h"
wait "$pid"
rc=$(cat "$LM_WORK/swap.rc" 2>/dev/null || echo 0)
[ "$(sha256sum <"$LM_WORK/vd/p")" = "$vd_sum" ] ||
	fail "a directory swapped above a made file: another's file written through (exit $rc)"
note "a made file: opened through its held fd in later phases, never by its name; a swapped directory (exit $rc) wrote nothing of another's"
exit "$LM_PASS"

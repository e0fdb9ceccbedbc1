#!/usr/bin/env bash
# How much a size-limited job moves, as fio 3.33 counts it, where loops
# and io_size meet (src/job/loops.h): each tool runs the same job on a
# file of its own making, and the writes and reads of its JSON are the
# same.
# - A pass that ends at the region's end (sequential, random over the
#   map, randrw) is a loop: at least `loops` of them, then more until
#   io_size is reached (size=256k, io_size=2M: 512 4k IOs for loops=5,
#   576 for loops=9). lunmark moved io_size times loops (2560). A part
#   block of io_size is a whole one (io_size=30k: 8 4k IOs, not 7).
# - One that does not end there (rw=write:N, norandommap, zipf) moves
#   io_size each loop.
# - A verifying write job's read-back counts in io_size, as fio's
#   io_bytes counts its verify reads (io_size=2M: 256 writes, 256
#   reads), with a backlog too, and with a job's files in turn; lunmark
#   wrote io_size and read it all back (512 and 512).
# - number_ios is times loops, as fio's (lunmark stopped at number_ios).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fio-lib.sh"
command -v jq >/dev/null || skip "jq is not installed (bash scripts/deps.sh)"
lm_fio
cd "$LM_WORK" || fail "no work directory"

# counts WANT ARG...: fio and lunmark run job j (size=256k of 4k psync
# IOs) with ARG... on a file each makes; both move [writes,reads] WANT
counts() {
	local want=$1 f l
	shift
	local a=(--name=j --bs=4k --size=256k --ioengine=psync "$@")
	[[ " $* " == *" --nrfiles="* ]] || a+=(--filename="$LM_WORK/j.img")
	rm -f "$LM_WORK"/j.*
	timeout -k 5 120 "$fio" "${a[@]}" --output-format=json --output=fio.json >fio.out 2>&1 ||
		fail "fio ${a[*]}: $(head -c 300 fio.out)"
	rm -f "$LM_WORK"/j.*
	"$LUNMARK" "${a[@]}" --output-format=json --output=lm.json >lm.out 2>&1 ||
		fail "lunmark ${a[*]}: $(head -c 300 lm.out)"
	f=$(jq -c '[.jobs[0].write.total_ios, .jobs[0].read.total_ios]' fio.json)
	l=$(jq -c '[.jobs[0].write.total_ios, .jobs[0].read.total_ios]' lm.json)
	[ "$f" = "$want" ] || fail "$*: fio moved $f, this test expects $want (another fio?)"
	[ "$l" = "$f" ] || fail "$*: lunmark moved $l, fio $f"
}

counts '[512,0]' --rw=write --io_size=2M --loops=5
counts '[576,0]' --rw=write --io_size=2M --loops=9
counts '[192,0]' --rw=write --io_size=600k --loops=2
counts '[75,0]' --rw=write --io_size=100k --loops=3
# a part block is issued whole, as fio issues while under io_size (7)
counts '[0,8]' --rw=read --io_size=30k
counts '[0,15]' --rw=randread --io_size=30k --loops=2
counts '[0,576]' --rw=read --io_size=2M --loops=9
counts '[512,0]' --rw=randwrite --io_size=2M --loops=5
ok "a pass that ends at the region's end: loops, then io_size (write, read, randwrite)"

counts '[1024,0]' --rw=write:4k --io_size=2M --loops=2
counts '[0,1024]' --rw=randread --norandommap --io_size=2M --loops=2
counts '[1024,0]' --rw=randwrite --random_distribution=zipf:1.2 --io_size=2M --loops=2
ok "a pass that goes on (a skip, norandommap, zipf): io_size each loop"

counts '[256,256]' --rw=write --io_size=2M --verify=crc32c
counts '[128,128]' --rw=randwrite --io_size=640k --verify=crc32c
counts '[320,320]' --rw=write --io_size=2M --loops=5 --verify=crc32c
counts '[256,256]' --rw=write --io_size=2M --loops=3 --verify=crc32c --verify_backlog=8
counts '[128,128]' --rw=write --nrfiles=2 --filesize=64k --file_service_type=sequential \
	--io_size=1M --verify=crc32c
ok "verify: the read-back counts in io_size (its phase, a backlog, files in turn)"

# randrw's counts of each direction are its random mix's; their sum is
# the job's
rm -f "$LM_WORK"/j.*
a=(--name=j --filename="$LM_WORK/j.img" --bs=4k --size=256k --ioengine=psync --rw=randrw
	--io_size=600k --loops=3 --output-format=json)
"$LUNMARK" "${a[@]}" --output=lm.json >lm.out 2>&1 || fail "lunmark ${a[*]}: $(head -c 300 lm.out)"
[ "$(jq '.jobs[0].write.total_ios + .jobs[0].read.total_ios' lm.json)" = 192 ] ||
	fail "randrw io_size=600k loops=3: $(jq -c '[.jobs[0].write.total_ios, .jobs[0].read.total_ios]' lm.json), not 192 in all, as fio"
ok "randrw: loops, then io_size"

# number_ios counts over the loops, as fio's exceeds_number_ios() (10)
counts '[0,30]' --rw=read --number_ios=10 --loops=3
counts '[0,12]' --rw=read --size=16k --number_ios=10 --loops=3
ok "number_ios times loops"

# io_size=N% is of the job's size, and loops=0 is once, as fio's
counts '[0,32]' --rw=read --io_size=50%
counts '[0,64]' --rw=read --loops=0
ok "io_size=50%, loops=0"
echo "$passed passed, 0 failed"

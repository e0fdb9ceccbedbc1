#!/usr/bin/env bash
# fio's verify_pattern, against fio 3.33 on a loop device:
# - verify=pattern (no header): what lunmark writes is byte for byte what
#   fio writes, for a hex pattern, a string with %o (the IO's offset) and
#   a negative number, and a pattern of 11 bytes (no divisor of a block);
# - each reads the other's writes back, every byte checked: all as
#   written; one byte flipped on the device, both name it (its offset,
#   the byte read and the pattern's) and fail (lunmark exit 7);
# - verify_pattern alone (a header per 512 bytes, then the pattern, as
#   surface-scan.fio): past each block's 40-byte header, the bytes are
#   fio's; the write and read phases of the example pass;
# - a flipped byte in a header is named, as fio's header check does;
# - writes of several sizes that overlap, and mixed jobs: no block
#   called bad that fio (which skips those checks) takes;
# - verify=null reads a write job's blocks back and checks none, as fio;
# - verify= decides when given, before or after verify_pattern=, as in
#   fio, and with verify off the writes carry the pattern; verify=
#   pattern without a pattern, and patterns fio cannot read, are refused
#   with file:line, and one fio reads after a long decimal is taken.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/fio-lib.sh"
command -v python3 >/dev/null || skip "python3 is not installed (bash scripts/deps.sh)"
lm_fio_setup

# job NAME RW VERIFY PATTERN [MORE...]: NAME.fio, 1 MiB of 64k psync IOs
job() {
	local n=$1 rw=$2 v=$3 p=$4
	shift 4
	{
		printf '[%s]\nfilename=%s\nrw=%s\nbs=64k\nsize=1m\ndirect=1\nioengine=psync\n' "$n" "$LM_DEV" "$rw"
		[ -n "$v" ] && printf 'verify=%s\n' "$v"
		printf 'verify_pattern=%s\n' "$p"
		printf '%s\n' "$@"
	} >"$n.fio"
}
zero() { dd if=/dev/zero of="$LM_DEV" bs=1M count=1 oflag=direct status=none; }
sum1m() { lm_sum "$LM_DEV" 1; }
# past_headers: the bytes of each 512-byte block after its 40-byte header
past_headers() {
	python3 -c 'import sys, hashlib
d = open(sys.argv[1], "rb").read(1 << 20)
print(hashlib.sha256(b"".join(d[i + 40:i + 512] for i in range(0, len(d), 512))).hexdigest())' "$LM_DEV"
}
# as_fio SUM WHAT: w.fio run by fio, then by lunmark, on a zeroed device;
# SUM (a function) of what each wrote is the same, else WHAT fails
as_fio() {
	local f
	zero
	timeout -k 5 120 "$fio" w.fio >fio.out 2>&1 || fail "fio w.fio ($2): $(head -c 300 fio.out)"
	f=$("$1")
	zero
	expect_exit "$LM_EXIT_OK" lm.out "$LUNMARK" w.fio --allow-write
	[ "$("$1")" = "$f" ] || fail "$2: lunmark's bytes differ from fio's"
}

for p in 0xaa555aa5 '"ab"%o-3' 0x0102030405060708090a0b; do
	job w write pattern "$p" do_verify=0
	as_fio sum1m "verify=pattern verify_pattern=$p"
	# fio checks lunmark's writes, and lunmark fio's
	job r read pattern "$p" do_verify=1
	timeout -k 5 120 "$fio" r.fio >fio.out 2>&1 || fail "fio could not verify lunmark's writes ($p): $(head -c 300 fio.out)"
	timeout -k 5 120 "$fio" w.fio >fio.out 2>&1 || fail "fio w.fio ($p): $(head -c 300 fio.out)"
	expect_exit "$LM_EXIT_OK" lm.out "$LUNMARK" r.fio
	expect_grep "verify: 2048 blocks read, all as written" lm.out
	ok "verify=pattern verify_pattern=$p: fio's bytes, each tool checks the other's"
done
# a flipped byte: both name it
lm_flip "$LM_DEV" 70000
expect_exit "$LM_EXIT_VERIFY" lm.out "$LUNMARK" r.fio
expect_grep "1 of 2048 blocks read not as written; the first at byte 69632: byte 368 is" lm.out
expect_grep ", the pattern's 0x0a" lm.out
timeout -k 5 120 "$fio" r.fio >fio.out 2>&1 && fail "fio took the flipped byte"
expect_grep "wanted '0a'" fio.out
expect_grep "bad pattern block offset 4464" fio.out
ok "a flipped byte: at 70000 (block 69632, byte 368) in both"

# verify_pattern alone: lunmark's header per 512 bytes, then fio's bytes
# (11 bytes: the pattern after each header starts at 40 % 11)
job w write "" 0x0102030405060708090a0b verify_interval=512 do_verify=0
as_fio past_headers "verify_pattern alone, past the headers"
head -c 8 "$LM_DEV" | grep -q LMVERIFY || fail "verify_pattern alone: no header at byte 0"
job r read "" 0x0102030405060708090a0b do_verify=1
expect_exit "$LM_EXIT_OK" lm.out "$LUNMARK" r.fio
expect_grep "verify: 2048 blocks read, all as written" lm.out
lm_flip "$LM_DEV" 1000
expect_exit "$LM_EXIT_VERIFY" lm.out "$LUNMARK" r.fio
expect_grep "the first at byte 512: its header (run " lm.out
expect_grep "over other data: byte 488 is 0x" lm.out
# a header's own bytes are checked too (its write number here)
lm_flip "$LM_DEV" 1000
lm_flip "$LM_DEV" 2074
expect_exit "$LM_EXIT_VERIFY" lm.out "$LUNMARK" r.fio
expect_grep "a header whose own XXH64 does not match: torn, overwritten" lm.out
ok "verify_pattern alone: a header, then fio's bytes; a flipped byte named"

# writes that overlap at other boundaries (several sizes, no random map)
# with a pattern whose bytes depend on where a write began: not read
# back, where a check would find good blocks bad; a mixed job's reads
# are not checked, as fio's; both run clean in fio too
job o randwrite pattern '"abc"' bsrange=4k-16k norandommap=1
expect_exit "$LM_EXIT_OK" lm.out "$LUNMARK" o.fio --allow-write
expect_grep "verify's read-back is not run: verify_pattern's bytes depend on where each write began" lm.out
job o randrw pattern '"abc"%o' bsrange=4k-16k
expect_exit "$LM_EXIT_OK" lm.out "$LUNMARK" o.fio --allow-write
if grep -q "not as written" lm.out; then fail "a mixed job's reads were checked: $(cat lm.out)"; fi
# reads of several sizes: not checked, and said so
job o randread pattern '"abc"%o' bsrange=4k-16k
expect_exit "$LM_EXIT_OK" lm.out "$LUNMARK" o.fio
expect_grep "this job reads in several sizes: its reads are not checked" lm.out
ok "overlapping writes and mixed jobs with a pattern: no false bad blocks"

# surface-scan.fio (fio's example, sizes cut): its write then verify phase
printf '[global]\nthread\nbs=64k\ndirect=1\nioengine=sync\nverify=meta\nverify_pattern=0xaa555aa5\nverify_interval=512\nfilename=%s\nsize=4m\n[write-phase]\nrw=write\nfill_device=1\ndo_verify=0\n[verify-phase]\nstonewall\ncreate_serialize=0\nrw=read\ndo_verify=1\n' \
	"$LM_DEV" >s.fio
expect_exit "$LM_EXIT_OK" lm.out "$LUNMARK" s.fio --allow-write
expect_grep "verify: 8192 blocks read, all as written" lm.out
[ "$(dd if="$LM_DEV" bs=1 skip=40 count=4 status=none | od -An -tx1 | tr -d ' ')" = aa555aa5 ] ||
	fail "surface-scan: the pattern is not after the first header"
ok "surface-scan.fio: written with headers and the pattern, all read back"

# verify= decides when it is given, before or after verify_pattern=, as
# in fio; verify_pattern alone turns verify on. With verify off the
# writes still carry the pattern, as fio's
zero
job v write 0 0xaa do_verify=1
expect_exit "$LM_EXIT_OK" lm.out "$LUNMARK" v.fio --allow-write
if grep -q "verify:" lm.out; then fail "verify=0 then verify_pattern: verified: $(cat lm.out)"; fi
[ "$(dd if="$LM_DEV" bs=1 skip=4096 count=2 status=none | od -An -tx1 | tr -d ' ')" = aaaa ] ||
	fail "verify=0 with verify_pattern: the data is not the pattern"
# (and a %o stays zeros, as fio's data without verify)
job v write 0 '"ab"%o'
expect_exit "$LM_EXIT_OK" lm.out "$LUNMARK" v.fio --allow-write
[ "$(dd if="$LM_DEV" bs=1 skip=65536 count=10 status=none | od -An -tx1 | tr -d ' ')" = 61620000000000000000 ] ||
	fail "verify=0 with a %o pattern: not fio's zeros where the offset would go"
printf '[v]\nfilename=%s\nrw=write\nbs=64k\nsize=1m\nverify_pattern=0xbb\nverify=pattern\n' "$LM_DEV" >v.fio
expect_exit "$LM_EXIT_OK" lm.out "$LUNMARK" v.fio --allow-write
expect_grep "verify: 2048 blocks read, all as written" lm.out
head -c 1 "$LM_DEV" | od -An -tx1 | grep -q bb || fail "verify_pattern, then verify=pattern: a header at byte 0"
job v write md5 0xaa do_verify=1
expect_exit "$LM_EXIT_OK" lm.out "$LUNMARK" v.fio --allow-write
expect_grep "verify: 2048 blocks read, all as written" lm.out
expect_grep "verify=md5: lunmark's own verify (an XXH64 header per block" lm.out
[ "$(dd if="$LM_DEV" bs=1 skip=40 count=2 status=none | od -An -tx1 | tr -d ' ')" = aaaa ] ||
	fail "verify=md5 with verify_pattern: the data is not the pattern"
ok "verify= before verify_pattern= decides the method; the data is the pattern"

# verify=null: fio reads a write job's blocks back and checks nothing,
# and its writes carry no header (lunmark took it as verify off, and
# read nothing back); a read job's reads of anything pass
printf '[n]\nfilename=%s\nrw=randwrite\nbs=64k\nsize=1m\ndirect=1\nioengine=psync\nverify=null\n' "$LM_DEV" >n.fio
both n.fio
same '[.jobs[0] | .read.total_ios, .write.total_ios]'
[ "$(jq -c '[.jobs[0] | .read.total_ios, .write.total_ios]' lm.json)" = '[16,16]' ] ||
	fail "verify=null read back $(jq -c '[.jobs[0] | .read.total_ios, .write.total_ios]' lm.json)"
if head -c 1048576 "$LM_DEV" | grep -aq LMVERIFY; then fail "verify=null: the writes carry lunmark's headers"; fi
# (and read back in the pass, with verify_backlog: all 16 blocks)
for b in 0 4; do
	expect_exit "$LM_EXIT_OK" lm.out "$LUNMARK" n.fio --allow-write --verify_backlog=$b
	if grep -q "verify:" lm.out; then fail "verify=null, verify_backlog=$b: checked: $(cat lm.out)"; fi
done
both n.fio --verify_backlog=4
same '[.jobs[0] | .read.total_ios, .write.total_ios]'
[ "$(jq -c '[.jobs[0] | .read.total_ios, .write.total_ios]' lm.json)" = '[16,16]' ] ||
	fail "verify=null, verify_backlog=4: $(jq -c '[.jobs[0] | .read.total_ios, .write.total_ios]' lm.json)"
sed -i 's/randwrite/randread/' n.fio
head -c 1048576 /dev/urandom | dd of="$LM_DEV" bs=1M oflag=direct status=none
both n.fio
same '.jobs[0].read.total_ios' '.jobs[0].error'
if grep -q "verify_pattern's bytes" lm.out; then fail "verify=null read job: a note of a pattern it has not: $(cat lm.out)"; fi
# no header, so neither a block size of 512s nor a job without trims is
# asked of it (lunmark refused bs=1000 and trimwrite, as for a hash)
printf '[n]\nfilename=%s\nbs=1000\nsize=100k\nrw=write\nverify=null\n[t]\nstonewall\nfilename=%s\nbs=4k\nsize=1m\nrw=trimwrite\nverify=null\n' \
	"$LM_DEV" "$LM_DEV" >n2.fio
both n2.fio
same '[.jobs[] | .read.total_ios, .write.total_ios, .trim.total_ios]'
ok "verify=null: written blocks read back, none checked, as fio's"

# refused: verify=pattern without one (fio aborts), a pattern fio cannot read
printf '[p]\nfilename=%s\nrw=write\nsize=1m\nverify=pattern\n' "$LM_DEV" >bad.fio
expect_exit "$LM_EXIT_USAGE" lm.out "$LUNMARK" bad.fio --allow-write
expect_grep "bad.fio:1: verify=pattern needs verify_pattern=" lm.out
# (fio's job process aborts on its assertion; fio itself exits 0)
timeout -k 5 60 "$fio" bad.fio >fio.out 2>&1
expect_grep "Assertion \`pattern_size != 0' failed" fio.out
for p in zz '"open' '0x' "'/nonexistent'" 4294967296 '5"abcdefghijklmnopqrstu"0x12'; do
	job bad write pattern "$p"
	expect_exit "$LM_EXIT_USAGE" lm.out "$LUNMARK" bad.fio --allow-write
	expect_grep "bad.fio:9: verify_pattern=$p: fio cannot read it" lm.out
	timeout -k 5 60 "$fio" --parse-only bad.fio >fio.out 2>&1 && fail "fio took verify_pattern=$p"
done
ok "verify=pattern alone and six patterns fio refuses: refused with file:line"
# a decimal before a long text: fio takes it, so does lunmark
job w write pattern '5"abcdefghijklmnopqrstuvwxyz0123456789ABCD"' do_verify=0
as_fio sum1m "a decimal before 40 characters of text"
ok "a decimal before a long text: fio's bytes"
# experimental_verify (fio's t0025): taken, the writes read back as
# without it; a value past 1 refused, as fio refuses it
job ev write md5 0x55 experimental_verify=1
for t in "$fio" "$LUNMARK"; do
	a=() && [ "$t" = "$LUNMARK" ] && a=(--allow-write)
	"$t" ev.fio "${a[@]}" --output-format=json --output=ev.json >ev.out 2>&1 || fail "$t experimental_verify: $(head -c 300 ev.out)"
	r=$(jq -r '.jobs[0] | "\(.write.io_bytes) \(.read.io_bytes)"' ev.json)
	[ "$r" = "1048576 1048576" ] || fail "$(basename "$t") experimental_verify: written, read back: $r"
done
job ev write md5 0x55 experimental_verify=2
expect_exit "$LM_EXIT_USAGE" lm.out "$LUNMARK" ev.fio --allow-write
timeout -k 5 60 "$fio" --parse-only ev.fio >fio.out 2>&1 && fail "fio took experimental_verify=2"
ok "experimental_verify: taken, its writes read back; 2 refused as fio"

echo "$passed passed, 0 failed"

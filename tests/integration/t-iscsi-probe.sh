#!/usr/bin/env bash
# lunmark probe agrees with libiscsi's own tools (iscsi-readcapacity16,
# iscsi-inq) on a tgtd LUN, and with blockdev on a loop device.
. "$(dirname "$0")/lib.sh"
command -v iscsi-inq >/dev/null || skip "iscsi-inq is not installed (libiscsi-bin; bash scripts/deps.sh)"
lm_tgt -s 32

field() { sed -n "s/^$1:\\[* *\\(.*[^] ]\\) *\\]*\$/\\1/p" "$2" | head -1; }

for url in "$URL_RDWR" "$URL_4KN" "$URL_NULL"; do
	note "$url"
	expect_exit "$LM_EXIT_OK" "$LM_WORK/p" "$LUNMARK" probe --json "$url"
	iscsi-readcapacity16 "$url" >"$LM_WORK/rc16"
	iscsi-inq "$url" >"$LM_WORK/inq"
	iscsi-inq -e 1 -c 128 "$url" >"$LM_WORK/usn"
	lbs=$(field "LOGICAL BLOCK LENGTH IN BYTES" "$LM_WORK/rc16")
	total=$(field "Total size" "$LM_WORK/rc16")
	exp=$(sed -n 's/.*LOGICAL BLOCKS PER PHYSICAL BLOCK EXPONENT:\([0-9]*\).*/\1/p' "$LM_WORK/rc16")
	lbpme=$(sed -n 's/^LBPME:\([01]\).*/\1/p' "$LM_WORK/rc16")
	[ "$(jq -r .size_bytes "$LM_WORK/p")" = "$total" ] || fail "size: $(cat "$LM_WORK/p") vs $total"
	[ "$(jq -r .logical_block_bytes "$LM_WORK/p")" = "$lbs" ] || fail "block size vs $lbs"
	[ "$(jq -r .physical_block_bytes "$LM_WORK/p")" = $((lbs << exp)) ] || fail "physical block vs 2^$exp"
	[ "$(jq -r .thin_provisioned "$LM_WORK/p")" = "$([ "$lbpme" = 1 ] && echo true || echo false)" ] ||
		fail "LBPME $lbpme vs $(jq .thin_provisioned "$LM_WORK/p")"
	[ "$(jq -r .vendor "$LM_WORK/p")" = "$(field Vendor "$LM_WORK/inq")" ] || fail "vendor"
	[ "$(jq -r .model "$LM_WORK/p")" = "$(field Product "$LM_WORK/inq")" ] || fail "product"
	[ "$(jq -r .revision "$LM_WORK/p")" = "$(field Revision "$LM_WORK/inq")" ] || fail "revision"
	[ "$(jq -r .serial "$LM_WORK/p")" = "$(field "Unit Serial Number" "$LM_WORK/usn")" ] ||
		fail "serial: $(jq -r .serial "$LM_WORK/p") vs $(cat "$LM_WORK/usn")"
done

# the text form says the same
expect_exit "$LM_EXIT_OK" "$LM_WORK/t" "$LUNMARK" probe "$URL_4KN"
expect_grep "logical block:     4096 bytes" "$LM_WORK/t"
expect_grep "size:              33554432 bytes (32MiB)" "$LM_WORK/t"

# a block device: size and sector sizes as the kernel reports them
if [ -e /dev/loop-control ]; then
	lm_loop 16 4096
	expect_exit "$LM_EXIT_OK" "$LM_WORK/b" "$LUNMARK" probe --json "$LM_DEV"
	[ "$(jq -r .size_bytes "$LM_WORK/b")" = "$(blockdev --getsize64 "$LM_DEV")" ] || fail "loop size"
	[ "$(jq -r .logical_block_bytes "$LM_WORK/b")" = "$(blockdev --getss "$LM_DEV")" ] || fail "loop sector"
	[ "$(jq -r .physical_block_bytes "$LM_WORK/b")" = "$(blockdev --getpbsz "$LM_DEV")" ] || fail "loop physical"
	[ "$(jq -r .kind "$LM_WORK/b")" = "block device" ] || fail "loop kind"
fi
expect_exit "$LM_EXIT_TARGET" "$LM_WORK/d" "$LUNMARK" probe "$LM_WORK"
expect_grep "a directory" "$LM_WORK/d"
exit "$LM_PASS"

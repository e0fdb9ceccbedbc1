#!/usr/bin/env bash
# Long reads over the iscsi engine with a real NIC's TCP segments (a
# network namespace of the test's own, loopback at MTU 1500) and with
# loopback's own: a wait for the rest of a long read (SO_RCVLOWAT and a
# poll) wakes when the data is in, at every queue depth, and never waits
# out the one-second wait; the data read is what was written.
. "$(dirname "$0")/lib.sh"

# lm_nostall NAME OUT: the run in OUT never waited long for a read: none
# of the reads it completed took half a second, and it completed 20 a
# second (a stalled read left in flight at the end is in no latency)
lm_nostall() {
	local max iops
	max=$(sed -n 's/^ *lat (us): .*max=\([0-9.]*\),.*/\1/p' "$2" | head -1)
	iops=$(sed -n 's/^ *read : IOPS=\([0-9.]*\),.*/\1/p' "$2" | head -1)
	if [ -z "$max" ] || ! awk -v m="$max" 'BEGIN { exit !(m < 500000) }'; then
		fail "$1: a read stalled (max latency ${max:-?} us): $(cat "$2")"
	fi
	awk -v i="${iops:-0}" 'BEGIN { exit !(i >= 20) }' ||
		fail "$1: reads stalled (${iops:-no} IOPS): $(cat "$2")"
}

for mtu in 1500 65536; do
	if [ $mtu = 1500 ]; then
		lm_netns 1500
	else
		LM_IN=()
	fi
	lm_tgt -s 64
	"${LM_IN[@]}" "$LUNMARK" run "$URL_RDWR" --rw=write --bs=1m --iodepth=4 \
		--size=32m --allow-write >"$LM_WORK/w" 2>&1 ||
		fail "MTU $mtu: writing the LUN failed: $(cat "$LM_WORK/w")"
	for bs in 1m 128k; do
		for qd in 1 2 8; do
			note "MTU $mtu: $bs reads at QD$qd"
			"${LM_IN[@]}" "$LUNMARK" run "$URL_RDWR" --rw=read --bs=$bs \
				--iodepth=$qd --size=32m --runtime=1 --time_based \
				>"$LM_WORK/r" 2>&1 ||
				fail "MTU $mtu: $bs reads at QD$qd: $(cat "$LM_WORK/r")"
			lm_nostall "MTU $mtu, bs=$bs, QD$qd" "$LM_WORK/r"
		done
	done
	# every block read in 1 MiB reads at QD8 carries its own offset and
	# is what tgtd's backing file holds
	LM_DATACHECK_BS=1m LM_DATACHECK_QD=8 "${LM_IN[@]}" \
		"$LM_HELPERS/lm-datacheck" iscsi "$URL_RDWR" 32m "$LM_WORK/dump" \
		>"$LM_WORK/c" 2>&1 ||
		fail "MTU $mtu: 1 MiB reads do not carry their offsets: $(cat "$LM_WORK/c")"
	expect_grep "zero=0" "$LM_WORK/c"
	head -c 32M "$LM_BACKING/lun1.img" | cmp -s - "$LM_WORK/dump" ||
		fail "MTU $mtu: what 1 MiB reads returned differs from tgtd's backing file"
	lm_tgt_do stop >/dev/null
done
echo "PASS: long reads wake when their data is in, at MTU 1500 and 65536"

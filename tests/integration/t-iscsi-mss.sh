#!/usr/bin/env bash
# Long reads over the iscsi engine with a real NIC's TCP segments (a
# network namespace of the test's own, loopback at MTU 1500) and with
# loopback's own: a wait for the rest of a long read (SO_RCVLOWAT and a
# poll) wakes when the data is in, at every queue depth, and never waits
# out the one-second wait; the data read is what was written.
. "$(dirname "$0")/lib.sh"

# lm_stalled OUT: did the run in OUT wait long for a read? Says how when
# one of the reads it completed took half a second, or it completed
# under 20 a second (a stalled read left in flight at the end is in no
# latency)
lm_stalled() {
	local max iops
	max=$(sed -n 's/^ *lat (us): .*max=\([0-9.]*\),.*/\1/p' "$1" | head -1)
	iops=$(sed -n 's/^ *read : IOPS=\([0-9.]*\),.*/\1/p' "$1" | head -1)
	if [ -z "$max" ] || ! awk -v m="$max" 'BEGIN { exit !(m < 500000) }'; then
		echo "a read stalled (max latency ${max:-?} us)"
	elif ! awk -v i="${iops:-0}" 'BEGIN { exit !(i >= 20) }'; then
		echo "reads stalled (${iops:-no} IOPS)"
	else
		return 1
	fi
}

# lm_reads BS QD: a second of reads into $LM_WORK/r; one that stalled is
# run once more before it fails, since a loaded machine (another job's
# CPU) delays reads too, where the bug waits out its one-second wait
# every time
lm_reads() {
	local why try
	for try in 1 2; do
		"${LM_IN[@]}" "$LUNMARK" run "$URL_RDWR" --rw=read --bs="$1" \
			--iodepth="$2" --size=32m --runtime=1 --time_based \
			>"$LM_WORK/r" 2>&1 ||
			fail "MTU $mtu: $1 reads at QD$2: $(cat "$LM_WORK/r")"
		why=$(lm_stalled "$LM_WORK/r") || return 0
		note "MTU $mtu, bs=$1, QD$2, try $try: $why"
	done
	fail "MTU $mtu, bs=$1, QD$2: $why twice: $(cat "$LM_WORK/r")"
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
			lm_reads $bs $qd
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

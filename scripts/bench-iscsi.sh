#!/usr/bin/env bash
# lunmark's iscsi engine vs fio's libiscsi engine vs libiscsi's iscsi-perf:
# the same jobs against a local tgtd (a null LUN and a tmpfs LUN),
# interleaved A B C A B C. Prints the median IOPS, MB/s and initiator CPU
# microseconds per IO (whole process, user + system) of each tool, and the
# ratios of each round's pair lunmark / fio as median (min-max).
#
#   scripts/bench-iscsi.sh [-r ROUNDS] [-t SECONDS] [-H NS]     (as root)
#
# -H NS sets the VM guest's halt polling (guest_halt_poll_ns) to NS
# for the run and puts it back after (bench-lib.sh says why).
# LUNMARK=BIN runs that lunmark; LUNMARK_BASE=BIN adds a second lunmark
# (an older build) to the interleaving and the ratios lunmark / base.
#
# Debian's fio has no libiscsi engine, so one is built from Debian's own
# source package at the first run (bench-lib.sh's lm_bench_fio; FIO_SRC=DIR
# reuses a built tree).
# tgtd runs on the same two cores and bounds the IOPS; the CPU per IO is
# the initiator's own figure. Timings drift: only ratios from one run mean
# much.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/bench-lib.sh
. "$top/scripts/bench-lib.sh"
lm_bench_opts "$@"
lunmark=${LUNMARK:-$top/build/lunmark}
[ "$(id -u)" -eq 0 ] || { echo "bench: run as root (tgtd)" >&2; exit 2; }
for c in tgtd iscsi-perf jq bc apt-get dpkg-source; do
	command -v $c >/dev/null || { echo "bench: $c missing (run scripts/deps.sh)" >&2; exit 2; }
done
[ -x "$lunmark" ] || make -C "$top" -s all

lm_bench_fio "$top" # fio with --enable-libiscsi, from the distribution's source

work=$(mktemp -d /tmp/lunmark-bench-iscsi.XXXXXX)
port=
for p in $(shuf -i 3300-3999 -n 50); do
	[ -z "$(ss -Hltn "sport = :$p")" ] && { port=$p; break; }
done
cleanup() {
	"$top/scripts/tgt-target.sh" stop -d "$work/tgt" >/dev/null 2>&1 || true
	rm -rf "$work"
	lm_haltpoll_restore
}
trap cleanup EXIT
lm_haltpoll_set
"$top/scripts/tgt-target.sh" start -d "$work/tgt" -p "$port" -s 1024 >"$work/urls"
url_of() { awk -v k="$1" '$1 == k { print $2 }' "$work/urls"; }
"$lunmark" run "$(url_of rdwr)" --rw=write --bs=1m --iodepth=8 --allow-write >/dev/null

# Each prints "IOS BYTES CPU_S". Args: URL RW BS QD
run_lm() {
	local out=$work/lm.out cpu lm=$1
	shift
	cpu=$(cpu_of sh -c "\"$lm\" run $1 --rw=$2 --bs=$3 --iodepth=$4 --size=1g --runtime=$secs --time_based --no-prefill >$out")
	awk -v c="$cpu" '/^  read : IOPS=/ { i = $3; sub("IOPS=", "", i); sub(",", "", i)
		printf "%.0f %.0f %s\n", i * $(NF-1), $(NF-4) * 1e6, c }' "$out"
}

run_fio() {
	local out=$work/fio.json cpu u
	# fio's libiscsi filename escapes its colons
	u=${1//:/\\:}
	cpu=$(cpu_of "$fio" --name=b --ioengine=libiscsi --filename="$u" \
		--rw="$2" --bs="$3" --iodepth="$4" --size=1g --time_based \
		--runtime="$secs" --output-format=json --output="$out")
	echo "$(jq '.jobs[0].read.total_ios' "$out") $(jq '.jobs[0].read.io_bytes' "$out") $cpu"
}

run_perf() {
	local out=$work/perf.out cpu blocks rnd=
	blocks=$(($(numfmt --from=iec "${3^^}") / 512))
	[ "$2" = randread ] && rnd=-r
	cpu=$(cpu_of sh -c "timeout $((secs + 10)) iscsi-perf -m $4 -b $blocks -t $secs $rnd $1 >$out 2>&1")
	tr '\r' '\n' <"$out" | sed -n 's/^ *iops average \([0-9]*\) .*/\1/p' | tail -1 |
		awk -v s="$secs" -v b="$((blocks * 512))" -v c="$cpu" '{ printf "%.0f %.0f %s\n", $1 * s, $1 * s * b, c }'
}

tools="lunmark fio perf"
pairs=fio
if [ -n "${LUNMARK_BASE:-}" ]; then
	tools="$tools base"
	pairs="fio base"
fi
printf '%-26s %-10s %10s %10s %12s\n' "job" "tool" "IOPS" "MB/s" "CPU us/IO"
for lun in null rdwr; do
	for spec in "randread 4k 32" "read 1m 8"; do
		read -r rw bs qd <<<"$spec"
		for t in $tools; do : >"$work/$t.iops"; : >"$work/$t.mbs"; : >"$work/$t.cpu"; done
		for p in $pairs; do : >"$work/r.iops.$p"; : >"$work/r.cpu.$p"; done
		for _ in $(seq "$rounds"); do
			for t in $tools; do
				: >"$work/$t.now"
				read -r ios bytes cpu < <(run_"$t" "$(url_of "$lun")" "$rw" "$bs" "$qd") ||
					{ echo "bench: $t failed on $lun $spec" >&2; continue; }
				[ "${ios:-0}" -gt 0 ] || continue
				echo "$ios / $secs" | bc -l >>"$work/$t.iops"
				echo "$bytes / $secs / 1000000" | bc -l >>"$work/$t.mbs"
				echo "$cpu * 1000000 / $ios" | bc -l >>"$work/$t.cpu"
				echo "$ios $cpu" >"$work/$t.now"
			done
			# this round's pairs, lunmark / fio (/ base), when both did IO
			read -r l_ios l_cpu <"$work/lunmark.now" || continue
			for p in $pairs; do
				read -r f_ios f_cpu <"$work/$p.now" || continue
				awk -v a="$l_ios" -v b="$f_ios" 'BEGIN { print a / b }' >>"$work/r.iops.$p"
				awk -v a="$l_cpu" -v b="$f_cpu" -v x="$l_ios" -v y="$f_ios" 'BEGIN { print (a / x) / (b / y) }' >>"$work/r.cpu.$p"
			done
		done
		name="$lun LUN: $bs $rw Q${qd}T1"
		for t in $tools; do
			printf '%-26s %-10s %10.0f %10.1f %12.2f\n' "$name" \
				"$([ "$t" = perf ] && echo iscsi-perf || echo "$t")" \
				"$(median <"$work/$t.iops")" "$(median <"$work/$t.mbs")" "$(median <"$work/$t.cpu")"
			name=
		done
		for p in $pairs; do
			printf '%-26s %-10s IOPS %-20s CPU/IO %s\n' "" "lm/$p" \
				"$(spread <"$work/r.iops.$p")" "$(spread <"$work/r.cpu.$p")"
		done
	done
done
echo "($rounds rounds of ${secs}s each, interleaved; tools' medians; ratios: median (min-max) of each round's pair, lunmark / fio)"
echo "(goals: 4k IOPS >= 1.2 x fio at CPU per IO <= 0.5 x; 1M IOPS >= 1.1 x at CPU <= 0.45 x)"

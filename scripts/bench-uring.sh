#!/usr/bin/env bash
# lunmark vs fio (io_uring, fixedbufs + registerfiles), the same jobs on a
# tmpfs-backed direct-IO loop device, interleaved A B A B. Prints the
# median IOPS and the CPU-seconds per million IOs of each tool (whole
# process, user + system, as the kernel accounts it), and the ratios.
#
#   scripts/bench-uring.sh [-r ROUNDS] [-t SECONDS]     (as root)
#
# Timings on shared machines drift; only the ratios from one run mean much.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/bench-lib.sh
. "$top/scripts/bench-lib.sh"
lm_bench_opts "$@"
lunmark=${LUNMARK:-$top/build/lunmark}
[ "$(id -u)" -eq 0 ] || { echo "bench: run as root (loop devices)" >&2; exit 2; }
for c in fio jq losetup; do
	command -v $c >/dev/null || { echo "bench: $c missing (run scripts/deps.sh)" >&2; exit 2; }
done
[ -x "$lunmark" ] || make -C "$top" -s all

work=$(mktemp -d /dev/shm/lunmark-bench.XXXXXX)
dev=
cleanup() {
	[ -n "$dev" ] && losetup -d "$dev"
	rm -rf "$work"
}
trap cleanup EXIT
truncate -s 2G "$work/img"
dev=$(losetup -f --show --direct-io=on "$work/img")
"$lunmark" run "$dev" --rw=write --bs=1m --iodepth=8 --allow-write >/dev/null

# run_lunmark RW BS QD T: prints "IOS CPU_S"
run_lunmark() {
	local out=$work/lm.out cpu ios
	cpu=$(cpu_of sh -c "\"$lunmark\" run $dev --rw=$1 --bs=$2 --iodepth=$3 --numjobs=$4 --runtime=$secs --time_based --no-prefill >$out")
	ios=$(awk '/^  read : IOPS=/{ v = $3; sub("IOPS=", "", v); sub(",", "", v); print v }' "$out")
	local t
	t=$(awk '/^  read : IOPS=/{ print $(NF-1) }' "$out")
	awk -v i="$ios" -v t="$t" -v c="$cpu" 'BEGIN { printf "%.0f %.3f\n", i * t, c }'
}

run_fio() {
	local out=$work/fio.json cpu
	cpu=$(cpu_of fio --name=b --filename="$dev" --ioengine=io_uring --fixedbufs \
		--registerfiles --direct=1 --rw="$1" --bs="$2" --iodepth="$3" \
		--numjobs="$4" --thread --group_reporting --time_based \
		--runtime="$secs" --output-format=json --output="$out")
	echo "$(jq '.jobs[0].read.total_ios' "$out") $cpu"
}

printf '%-22s %-8s %12s %14s\n' "job" "tool" "IOPS" "CPU-s per MIO"
for spec in "randread 4k 32 1" "randread 4k 32 2" "read 1m 8 1"; do
	read -r -a words <<<"$spec"
	set -- "${words[@]}"
	: >"$work/lm.iops"; : >"$work/lm.cpu"; : >"$work/fio.iops"; : >"$work/fio.cpu"
	for _ in $(seq "$rounds"); do
		read -r ios cpu < <(run_lunmark "$@")
		echo "$ios / $secs" | bc -l >>"$work/lm.iops"
		echo "$cpu * 1000000 / $ios" | bc -l >>"$work/lm.cpu"
		read -r ios cpu < <(run_fio "$@")
		echo "$ios / $secs" | bc -l >>"$work/fio.iops"
		echo "$cpu * 1000000 / $ios" | bc -l >>"$work/fio.cpu"
	done
	li=$(median <"$work/lm.iops"); lc=$(median <"$work/lm.cpu")
	fi=$(median <"$work/fio.iops"); fc=$(median <"$work/fio.cpu")
	name="$2 $1 Q$3T$4"
	printf '%-22s %-8s %12.0f %14.3f\n' "$name" lunmark "$li" "$lc"
	printf '%-22s %-8s %12.0f %14.3f\n' "" fio "$fi" "$fc"
	printf '%-22s %-8s %11.2fx %13.2fx\n' "" "ratio" \
		"$(echo "$li / $fi" | bc -l)" "$(echo "$lc / $fc" | bc -l)"
done
echo "($rounds rounds of ${secs}s each, interleaved; medians; ratio = lunmark / fio)"

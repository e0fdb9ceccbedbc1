#!/usr/bin/env bash
# lunmark vs fio (io_uring, fixedbufs + registerfiles) vs fio's own limit
# tool t/io_uring, the same jobs on a tmpfs-backed direct-IO loop device,
# interleaved A B C A B C. Prints each tool's median IOPS and CPU-seconds
# per million IOs (whole process, user + system, as the kernel accounts
# it), then the ratios of each round's pair, lunmark / fio and lunmark /
# t/io_uring, as "median (min-max)", and what lunmark's clock reads cost.
# "lm batch" is lunmark with t/io_uring's batches (a quarter of the depth
# submitted and reaped at a time; fio's iodepth_batch_submit and
# _complete_min), the same depth, batch and block size as t/io_uring:
# its pair with t/io_uring is the like-for-like one.
#
#   scripts/bench-uring.sh [-r ROUNDS] [-t SECONDS] [-H NS]     (as root)
#
# -H NS sets the VM guest's halt polling (guest_halt_poll_ns) to NS
# for the run and puts it back after (bench-lib.sh says why).
# LUNMARK=BIN runs that lunmark; LUNMARK_BASE=BIN adds a second lunmark
# (an older build) to the interleaving and the ratios lunmark / base.
# LM_SCALE=1 runs the scaling table instead: 4k randread at T1, T2 and T4
# by QD1, 32 and 128. Either way it ends with the peak RSS of lunmark and
# of fio at T16 QD32 (GNU time's maximum resident set, in MiB).
#
# fio and t/io_uring are built from the distribution's fio source package
# at the first run (bench-lib.sh's lm_bench_fio; FIO_SRC=DIR reuses a
# built tree). t/io_uring runs with the job's depth, block size and
# threads, submitting and reaping in batches of a quarter of the depth.
# Timings on shared machines drift; only the ratios from one run mean much.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/bench-lib.sh
. "$top/scripts/bench-lib.sh"
lm_bench_opts "$@"
# t/io_uring prints a second's IOPS only after each whole second, and
# with -r1 it ends before the first: it would count none
[ "$secs" -ge 2 ] 2>/dev/null || { echo "bench: -t takes 2 seconds or more (t/io_uring reports each whole second), not '$secs'" >&2; exit 2; }
lunmark=${LUNMARK:-$top/build/lunmark}
[ "$(id -u)" -eq 0 ] || { echo "bench: run as root (loop devices)" >&2; exit 2; }
for c in jq losetup bc apt-get dpkg-source; do
	command -v $c >/dev/null || { echo "bench: $c missing (run scripts/deps.sh)" >&2; exit 2; }
done
[ -x "$lunmark" ] || make -C "$top" -s all
clockcost=$top/build/tests/lm-clockcost
[ -x "$clockcost" ] || make -C "$top" -s helpers
lm_bench_fio "$top"
tio=$fio_src/t/io_uring

work=$(mktemp -d /dev/shm/lunmark-bench.XXXXXX)
dev=
cleanup() {
	[ -n "$dev" ] && losetup -d "$dev"
	rm -rf "$work"
	lm_haltpoll_restore
}
trap cleanup EXIT
lm_haltpoll_set
truncate -s 2G "$work/img"
dev=$(losetup -f --show --direct-io=on "$work/img")
"$lunmark" run "$dev" --rw=write --bs=1m --iodepth=8 --allow-write >/dev/null

# Each prints "IOS CPU_S". Args: RW BS QD T
run_lm() {
	local out=$work/lm.out cpu lm=$1
	shift
	cpu=$(cpu_of sh -c "\"$lm\" run $dev --rw=$1 --bs=$2 --iodepth=$3 --numjobs=$4 --runtime=$secs --time_based --no-prefill >$out")
	awk -v c="$cpu" '/^  read : IOPS=/ { i = $3; sub("IOPS=", "", i); sub(",", "", i)
		printf "%.0f %s\n", i * $(NF-1), c }' "$out"
}

run_fio() {
	local out=$work/fio.json cpu
	cpu=$(cpu_of "$fio" --name=b --filename="$dev" --ioengine=io_uring --fixedbufs \
		--registerfiles --direct=1 --rw="$1" --bs="$2" --iodepth="$3" \
		--numjobs="$4" --thread --group_reporting --time_based \
		--runtime="$secs" --output-format=json --output="$out")
	echo "$(jq '.jobs[0].read.total_ios' "$out") $cpu"
}

# lunmark with t/io_uring's batches (fio's command-line form, where
# iodepth_batch_submit and _complete_min are options): a quarter of the
# depth submitted and reaped at a time
run_lmb() {
	local out=$work/lmb.json cpu batch=$(($3 / 4))
	[ "$batch" -ge 1 ] || batch=1
	cpu=$(cpu_of "$lunmark" --name=b --filename="$dev" --ioengine=io_uring --direct=1 \
		--rw="$1" --bs="$2" --iodepth="$3" --numjobs="$4" --thread --group_reporting \
		--iodepth_batch_submit="$batch" --iodepth_batch_complete_min="$batch" \
		--time_based --runtime="$secs" --output-format=json --output="$out")
	echo "$(jq '.jobs[0].read.total_ios' "$out") $cpu"
}

# t/io_uring prints the IOPS of each second: their mean times the seconds
run_tio() {
	local out=$work/tio.out cpu rnd=1 batch=$(($3 / 4))
	[ "$1" = randread ] || rnd=0
	[ "$batch" -ge 1 ] || batch=1
	cpu=$(cpu_of sh -c "\"$tio\" -d$3 -s$batch -c$batch -b$(numfmt --from=iec "${2^^}") -p0 -B1 -F1 -O1 -R$rnd -n$4 -r$secs $dev >$out 2>&1")
	# "IOPS=204.26K," or "IOPS=5659,"
	sed -n 's/^IOPS=\([0-9.]*\)\([KM]\?\),.*/\1 \2/p' "$out" |
		awk -v s="$secs" -v c="$cpu" '{ v = $1 * ($2 == "K" ? 1e3 : $2 == "M" ? 1e6 : 1); t += v; n++ }
			END { printf "%.0f %s\n", n ? t / n * s : 0, c }'
}

# each pair: NUMERATOR:DENOMINATOR, lunmark's tools first
tools="lunmark fio tio lmb"
pairs="lunmark:fio lunmark:tio lmb:tio"
if [ -n "${LUNMARK_BASE:-}" ]; then
	tools="$tools base"
	pairs="$pairs lunmark:base"
fi
# a tool's name in the tables
label() {
	case $1 in
	tio) echo t/io_uring ;;
	lmb) echo "lm batch" ;;
	*) echo "$1" ;;
	esac
}
short() { if [ "$1" = lunmark ]; then echo lm; else label "$1"; fi; }
printf '%-20s %-10s %10s %14s\n' "job" "tool" "IOPS" "CPU-s per MIO"
specs=("randread 4k 32 1" "randread 4k 32 2" "read 1m 8 1")
if [ "${LM_SCALE:-0}" = 1 ]; then
	specs=()
	for t in 1 2 4; do for q in 1 32 128; do specs+=("randread 4k $q $t"); done; done
fi
for spec in "${specs[@]}"; do
	read -r -a words <<<"$spec"
	set -- "${words[@]}"
	for t in $tools; do : >"$work/$t.iops"; : >"$work/$t.cpu"; done
	for p in $pairs; do : >"$work/r.$p"; : >"$work/c.$p"; done
	for _ in $(seq "$rounds"); do
		for t in $tools; do
			read -r ios cpu < <(run_"$t" "$@") || ios=0
			[ "${ios:-0}" -gt 0 ] || { echo "bench: $t did no IO on $spec" >&2; ios=0; }
			echo "$ios / $secs" | bc -l >"$work/$t.now"
			cat "$work/$t.now" >>"$work/$t.iops"
			[ "$ios" -gt 0 ] && echo "$cpu * 1000000 / $ios" | bc -l >"$work/$t.cnow" ||
				echo 0 >"$work/$t.cnow"
			cat "$work/$t.cnow" >>"$work/$t.cpu"
		done
		# this round's pairs
		for p in $pairs; do
			awk -v a="$(cat "$work/${p%:*}.now")" -v b="$(cat "$work/${p#*:}.now")" \
				'BEGIN { if (b > 0) print a / b }' >>"$work/r.$p"
			awk -v a="$(cat "$work/${p%:*}.cnow")" -v b="$(cat "$work/${p#*:}.cnow")" \
				'BEGIN { if (b > 0) print a / b }' >>"$work/c.$p"
		done
	done
	name="$2 $1 Q$3T$4"
	for t in $tools; do
		printf '%-20s %-10s %10.0f %14.3f\n' "$name" "$(label "$t")" \
			"$(median <"$work/$t.iops")" "$(median <"$work/$t.cpu")"
		name=
	done
	for p in $pairs; do
		printf '%-20s %-23s IOPS %-20s CPU/IO %s\n' "" "$(short "${p%:*}")/$(label "${p#*:}")" \
			"$(spread <"$work/r.$p")" "$(spread <"$work/c.$p")"
	done
	lc=$(median <"$work/lunmark.cpu")
	ck=$("$clockcost")
	# CPU-s per MIO is us per IO: k ns over c us, in percent, for one
	# clock read per IO (each completion) and for two (a read job adds
	# one per submitted batch, a write one per IO)
	awk -v k="$ck" -v c="$lc" 'BEGIN { p = c > 0 ? k / (c * 10) : 0
		printf "%-20s clock: %.1f ns a read; 1 to 2 reads per IO = %.2f%% to %.2f%% of lunmark'"'"'s CPU per IO\n", "", k, p, 2 * p }'
done
# peak RSS at T16 QD32 (issue: under 64 MiB); GNU time's %M is KiB
if [ -x /usr/bin/time ]; then
	/usr/bin/time -f %M -o "$work/rss.lm" "$lunmark" run "$dev" --rw=randread --bs=4k \
		--iodepth=32 --numjobs=16 --runtime=2 --time_based --no-prefill >/dev/null 2>&1
	/usr/bin/time -f %M -o "$work/rss.fio" "$fio" --name=b --filename="$dev" --ioengine=io_uring \
		--direct=1 --rw=randread --bs=4k --iodepth=32 --numjobs=16 --thread \
		--group_reporting --time_based --runtime=2 >/dev/null 2>&1
	awk -v l="$(tail -1 "$work/rss.lm")" -v f="$(tail -1 "$work/rss.fio")" \
		'BEGIN { printf "peak RSS at T16 QD32: lunmark %.1f MiB, fio %.1f MiB (goal: lunmark < 64 MiB)\n", l / 1024, f / 1024 }'
fi
echo "($rounds rounds of ${secs}s each, interleaved; tools' medians; ratios: median (min-max) of each round's pair, lunmark / other)"
echo "(goals: IOPS >= 1.0 x fio and >= 0.95 x t/io_uring, CPU per IO <= 0.7 x fio; clock reads <= 2%)"

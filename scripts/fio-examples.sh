#!/usr/bin/env bash
# fio's own examples/*.fio that are in lunmark's scope (files and block
# devices; the io_uring, libaio, psync/sync, null and libiscsi engines),
# each run by fio 3.33 and by lunmark on one tmpfs-backed loop device, and
# a table of which run and whose jobs[] key tree matches fio's.
#
#   scripts/fio-examples.sh [-t SECONDS] [-k] [-c DIR] [-r ROUNDS] [-p CPUS] [-H NS] [EXAMPLE...]  (as root)
#
# Each example is run as fio's users run one on a device of their own: a
# copy whose filename= and directory= lines are dropped (but for an
# iscsi:// URL, /dev/null and /dev/zero), run as
# `TOOL --filename=DEV --runtime=S COPY` (fio takes those as defaults the
# job file may override; a copy that keeps a filename= gets no --filename,
# which fio would add to the job's files). So that a run takes seconds, the copy's runtime,
# timeout, startdelay, ss_dur and ss_ramp are capped at S (default 2), and
# its size and filesize at 16 MiB, io_size at 1 MiB, offset_increment at
# 8 MiB (30 clones fit), loops at 2; xnvme-compare.fio's ${FIO_RW},
# ${FIO_IODEPTH} and ${FIO_BS} are randread, 1 and 4k.
# libiscsi.fio runs on a local tgtd LUN (scripts/tgt-target.sh). fio comes
# from $FIO, else build/bench/fio-libiscsi/fio (bash scripts/bench-iscsi.sh
# builds it from Debian's source package), else fio on PATH; its
# examples/ from $FIO_EXAMPLES, else beside that build.
#
# A row is PASS when both ran and the jobs[] key trees (paths of every
# scalar, array indices as #, with types) and the job names match; DIFF
# when both ran and they differ; FAIL when lunmark refused or failed (its
# last "lunmark:" line follows); FIO when fio itself failed. -k keeps the work
# directory; -c DIR keeps fio's results in DIR and reuses them on the next
# run (fio's half is the slow one; the copies must not have changed).
#
# -r ROUNDS: then each example that passed runs ROUNDS more times with
# each tool, interleaved (fio, lunmark, fio, ...), and a second table
# gives each tool's median IOPS (reads and writes of all its jobs), their
# ratio and the spread of the pairs' ratios (min-max), and whether the
# median ratio is within 10%; a round where either tool failed is left
# out, and said so on stderr. These rounds run copies whose sizes are
# capped at 128 MiB, not 16, so that a job that ends with its size runs
# long enough to measure the device, not its start. The loop device (512
# MiB) is backed by /dev/shm.
#
# -p CPUS: the IOPS rounds run both tools under `taskset -c CPUS`. Where
# the scheduler puts a QD 1 job and the loop device's worker moves IOPS
# by half on a 2-vCPU VM, for fio, lunmark and a bare loop of write()
# calls alike (fio-compat/README.md, "IOPS against fio's"); one CPU set
# for both takes that lottery out of the pairs.
#
# -H NS: the guest's halt polling (guest_halt_poll_ns) is NS while the
# script runs, and is put back at the end. A VM guest with it at 0 halts
# its vCPU at every idle moment, and waking it takes an exit to the host:
# at QD 1 that costs more than the IO, and which tool lets its vCPU idle
# more then decides a pair, not its IO path (fio-compat/README.md, "IOPS
# against fio's"). 200000 is the kernel's default.
#
# The IOPS table also gives each tool's CPU time per IO (user + system of
# the whole process, as the kernel accounts it, over all its IOs) and the
# ratio lunmark / fio of each pair's, as median (min-max).
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=scripts/bench-lib.sh
. "$top/scripts/bench-lib.sh" # cpu_of, lm_haltpoll_*
secs=2
keep=
cache=
rounds=0
pin=()
while getopts t:kc:r:p:H: o; do
	case $o in
	H) hpoll=$OPTARG ;;
	r) rounds=$OPTARG ;;
	p) pin=(taskset -c "$OPTARG") ;;
	t) secs=$OPTARG ;;
	k) keep=1 ;;
	c) cache=$OPTARG ;;
	*) sed -n '2,/^set/p' "$0" | sed '$d;s/^# \{0,1\}//' >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ "$(id -u)" -eq 0 ] || { echo "fio-examples: run as root (loop devices)" >&2; exit 2; }
command -v jq >/dev/null || { echo "fio-examples: jq missing (run scripts/deps.sh)" >&2; exit 2; }
lunmark=${LUNMARK:-$top/build/lunmark}
[ -x "$lunmark" ] || make -C "$top" -s all || exit 2
bench=$top/build/bench/fio-libiscsi
fio=${FIO:-}
[ -n "$fio" ] || { [ -x "$bench/fio" ] && fio=$bench/fio; }
[ -n "$fio" ] || fio=$(command -v fio) ||
	{ echo "fio-examples: no fio (set FIO=, or bash scripts/bench-iscsi.sh builds one)" >&2; exit 2; }
ex=${FIO_EXAMPLES:-$(dirname "$fio")/src/fio/examples}
[ -d "$ex" ] || ex=$(dirname "$fio")/examples
[ -d "$ex" ] || { echo "fio-examples: no examples/ beside $fio (set FIO_EXAMPLES=)" >&2; exit 2; }

# in scope: only these engines; zbd and xnvme-zoned need a zoned device
inscope() {
	local e
	case $(basename "$1") in zbd-* | xnvme-zoned.fio) return 1 ;; esac
	while read -r e; do
		case $e in sync | psync | vsync | pvsync | pvsync2 | io_uring | libaio | null | libiscsi) ;;
		*) return 1 ;;
		esac
	done < <(sed -n 's/^[[:space:]]*ioengine[[:space:]]*=[[:space:]]*\([^[:space:];#]*\).*/\1/p' "$1")
}

# a tmpfs-backed loop device: the device is memory, the tools are measured
shm=/dev/shm
[ -d "$shm" ] && [ -w "$shm" ] || shm=/tmp
work=$(mktemp -d "$shm/lunmark-fio-examples.XXXXXX")
dev=
tgt=
cleanup() {
	lm_haltpoll_restore
	[ -n "$dev" ] && losetup -d "$dev"
	[ -n "$tgt" ] && bash "$top/scripts/tgt-target.sh" stop -d "$work/tgt" >/dev/null 2>&1
	if [ -n "$keep" ]; then echo "fio-examples: kept $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT
lm_haltpoll_set
truncate -s 512M "$work/loop.img"
dev=$(losetup -f --show --direct-io=on "$work/loop.img") ||
	{ echo "fio-examples: cannot attach a loop device" >&2; exit 2; }

# the example as a short run on $dev (see above)
shorten() {
	LM_URL=${2:-} awk -v s="$secs" -v cap="${3:-16}" '
	function bytes(v,  n, u) {
		n = v + 0; u = tolower(substr(v, length(v)))
		if (u == "k") n *= 1024; else if (u == "m") n *= 1048576
		else if (u == "g") n *= 1073741824; else if (u == "t") n *= 1099511627776
		return n
	}
	{ line = $0; k = line; sub(/[[:space:]]*=.*/, "", k); gsub(/^[[:space:]]+/, "", k)
	  v = line; if (!sub(/^[^=]*=[[:space:]]*/, "", v)) v = ""
	  sub(/[[:space:]]*[;#].*/, "", v) }
	k == "filename" && v ~ /^iscsi/ && ENVIRON["LM_URL"] != "" { print "filename=" ENVIRON["LM_URL"]; next }
	k == "filename" && (v == "/dev/null" || v == "/dev/zero") { print; next }
	k == "filename" || k == "directory" { next }
	(k == "runtime" || k == "timeout" || k == "startdelay" || k == "ss_dur" || k == "ss_ramp") && v !~ /%/ { print k "=" s; next }
	(k == "size" || k == "filesize") && v !~ /%/ && bytes(v) > cap * 1048576 { print k "=" cap "m"; next }
	k == "offset_increment" && bytes(v) > 8388608 { print k "=8m"; next }
	k == "io_size" && bytes(v) > 1048576 { print k "=1m"; next }
	k == "loops" && v + 0 > 2 { print "loops=2"; next }
	{ print }' "$1"
}

# fio's job processes start sessions of their own (setsid), so the
# timeout that ends a hung fio does not reach them: what is left of fio
# in example directory @1 is killed, so that it does not hold the loop
# device (one outlived its parent by an hour)
fio_orphans() {
	local p
	for p in $(pgrep -f -- "^$fio " || :); do
		[ "$(readlink "/proc/$p/cwd" 2>/dev/null)" = "$1" ] && kill -KILL "$p" 2>/dev/null
	done
	return 0
}

keys() {
	jq -r '[.jobs[] | paths(scalars) as $p | ($p | map(if type == "number" then "#" else . end)
		| join(".")) + " " + (getpath($p) | type)] | unique | .[]' "$1" 2>/dev/null
}
names() { jq -c '[.jobs[].jobname]' "$1" 2>/dev/null; }

# -r: ROUNDS interleaved runs of example @2 in @1 by each tool, each's
# IOPS (reads and writes of all its jobs), CPU µs per IO and the bytes
# the device moved per IO kept in $work/iops as "EXAMPLE FIO_IOPS
# LM_IOPS FIO_CPU LM_CPU FIO_DEVB LM_DEVB"
iops() { jq '[.jobs[] | .read.iops + .write.iops] | add // 0' "$1" 2>/dev/null || echo 0; }
ios() { jq '[.jobs[] | .read.total_ios + .write.total_ios + (.trim.total_ios // 0)] | add // 0' "$1" 2>/dev/null || echo 0; }
# CPU µs per IO: CPU seconds @1 over the IOs of result @2
per_io() { awk -v c="$1" -v n="$(ios "$2")" 'BEGIN { printf "%.3f", (n > 0 ? c * 1e6 / n : 0) }'; }
# the sectors the loop device has read and written so far
sectors() { awk '{ printf "%.0f\n", $3 + $7 }' "/sys/block/${dev##*/}/stat"; }
# the bytes the device moved per IO of result @3, from sectors @1 to @2
dev_per_io() { awk -v a="$1" -v b="$2" -v n="$(ios "$3")" 'BEGIN { printf "%.0f", (n > 0 ? (b - a) * 512 / n : 0) }'; }
iops_rounds() {
	local d=$1 b=$2 k f l cf cl s0 s1 s2
	for ((k = 1; k <= rounds; k++)); do
		s0=$(sectors)
		cf=$(cd "$d" && cpu_of timeout -k 5 60 "${pin[@]}" "$fio" "${dv[@]}" --runtime="$secs" iops.fio \
			--output-format=json --output=rf.json)
		fio_orphans "$d"
		sed -i -n '/^{/,$p' "$d/rf.json" 2>/dev/null
		s1=$(sectors)
		cl=$(cd "$d" && cpu_of timeout -k 5 60 "${pin[@]}" "$lunmark" "${dv[@]}" --runtime="$secs" iops.fio \
			--output-format=json --output=rl.json --allow-write)
		s2=$(sectors)
		f=$(iops "$d/rf.json")
		l=$(iops "$d/rl.json")
		# a round where either tool failed (fio's offload mode can
		# hang until the timeout) is no pair
		if awk -v f="$f" -v l="$l" 'BEGIN { exit !(f > 0 && l > 0) }'; then
			echo "$b $f $l $(per_io "$cf" "$d/rf.json") $(per_io "$cl" "$d/rl.json")" \
				"$(dev_per_io "$s0" "$s1" "$d/rf.json") $(dev_per_io "$s1" "$s2" "$d/rl.json")" >>"$work/iops"
		else
			echo "fio-examples: $b: round $k left out (fio: ${f:-no} IOPS, lunmark: ${l:-no})" >&2
		fi
	done
}
# the second table, from $work/iops
iops_table() {
	printf '\n| example | fio IOPS | lunmark IOPS | ratio | pairs | within 10%% | CPU µs/IO fio, lunmark | CPU ratio | device KiB/IO fio, lunmark |\n'
	printf '| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n'
	awk '
	function median(a, n,  i, j, t) {
		for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
		return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
	}
	# "MEDIAN (MIN-MAX)" of v[1..n]
	function spread(v, n,  i, lo, hi) {
		lo = v[1]; hi = v[1]
		for (i = 2; i <= n; i++) { if (v[i] < lo) lo = v[i]; if (v[i] > hi) hi = v[i] }
		return sprintf("%.2f (%.2f-%.2f)", median(v, n), lo, hi)
	}
	{ if (!($1 in n)) order[++m] = $1; k = ++n[$1]; F[$1, k] = $2; L[$1, k] = $3; CF[$1, k] = $4; CL[$1, k] = $5; DF[$1, k] = $6; DL[$1, k] = $7 }
	END {
		within = 0; counted = 0
		for (e = 1; e <= m; e++) {
			x = order[e]; c = n[x]; lo = ""; hi = ""; nc = 0
			for (k = 1; k <= c; k++) {
				f[k] = F[x, k]; l[k] = L[x, k]; cf[k] = CF[x, k]; cl[k] = CL[x, k]; df[k] = DF[x, k]; dl[k] = DL[x, k]
				r = F[x, k] > 0 ? L[x, k] / F[x, k] : 0
				if (lo == "" || r < lo) lo = r
				if (hi == "" || r > hi) hi = r
				if (CF[x, k] > 0) cr[++nc] = CL[x, k] / CF[x, k]
			}
			mf = median(f, c); ml = median(l, c)
			cpu = sprintf("%.2f, %.2f", median(cf, c), median(cl, c))
			crs = nc ? spread(cr, nc) : "-"
			dev = sprintf("%.1f, %.1f", median(df, c) / 1024, median(dl, c) / 1024)
			if (mf <= 0) { printf "| %s.fio | %.0f | %.0f | - | - | no IO | %s | %s | %s |\n", x, mf, ml, cpu, crs, dev; continue }
			q = ml / mf; ok = q >= 0.9 && q <= 1.1; counted++; within += ok
			printf "| %s.fio | %.0f | %.0f | %.2f | %.2f-%.2f | %s | %s | %s | %s |\n", x, mf, ml, q, lo, hi, ok ? "yes" : "no", cpu, crs, dev
		}
		printf "\n%d of %d within 10%% of fio (medians of %d interleaved runs, fewer where a round failed%s%s)\n", within, counted, rounds, pin, hp
	}' rounds="$rounds" pin="${pin[*]:+; both under ${pin[*]}}" hp="${hpoll:+; guest halt polling $hpoll ns}" "$work/iops"
}

pass=0
total=0
printf '| example | result | why |\n| --- | --- | --- |\n'
[ $# -gt 0 ] || set -- "$ex"/*.fio
for f in "$@"; do
	[ -f "$f" ] || f=$ex/$f
	inscope "$f" || continue
	b=$(basename "$f" .fio)
	d=$work/$b
	mkdir -p "$d"
	url=
	if [ "$b" = libiscsi ]; then
		[ -n "$tgt" ] || { bash "$top/scripts/tgt-target.sh" start -d "$work/tgt" -s 64 >/dev/null 2>&1 && tgt=1; }
		url=$(awk '$1 == "rdwr" { print $2 }' "$work/tgt/urls" 2>/dev/null | sed 's/:/\\:/g')
	fi
	shorten "$f" "$url" >"$d/job.fio"
	# the IOPS rounds' copy: sizes up to 128 MiB, so that a run that
	# ends when its size is done lasts long enough to measure the device
	# rather than the start (16 MiB of 4 KiB writes take milliseconds)
	shorten "$f" "$url" 128 >"$d/iops.fio"
	export FIO_RW=randread FIO_IODEPTH=1 FIO_BS=4k
	# fio adds a command line's filename= to a job file's own (both are
	# used), so the device is given only to copies that have none left
	dv=(--filename="$dev")
	! grep -q '^[[:space:]]*filename[[:space:]]*=' "$d/job.fio" || dv=()
	total=$((total + 1))
	frc=0
	if [ -n "$cache" ] && [ -f "$cache/$b.json" ]; then
		cp "$cache/$b.json" "$d/fio.json" && cp "$cache/$b.out" "$d/fio.out"
	else
		(cd "$d" && timeout -k 5 60 "$fio" "${dv[@]}" --runtime="$secs" job.fio \
			--output-format=json --output=fio.json >fio.out 2>&1) || frc=$?
		fio_orphans "$d"
		# fio writes its warnings into the file, before the JSON
		sed -i -n '/^{/,$p' "$d/fio.json" 2>/dev/null
		if [ -n "$cache" ]; then
			mkdir -p "$cache" && cp "$d/fio.out" "$cache/$b.out"
			cp "$d/fio.json" "$cache/$b.json" 2>/dev/null || : >"$cache/$b.json"
		fi
	fi
	(cd "$d" && timeout -k 5 60 "$lunmark" "${dv[@]}" --runtime="$secs" job.fio \
		--output-format=json --output=lm.json --allow-write >lm.out 2>&1)
	rc=$?
	why=
	if [ "$frc" -ge 124 ]; then
		# a killed fio's JSON is cut short: fio's failure, not a DIFF
		res=FIO why="fio did not finish within 60 s (killed by timeout; rc $frc)"
	elif ! jq -e '.jobs | length > 0' "$d/fio.json" >/dev/null 2>&1; then
		res=FIO why=$(grep -m1 . "$d/fio.out")
	elif [ $rc -ne 0 ] || ! jq -e . "$d/lm.json" >/dev/null 2>&1; then
		# lunmark's last word is its error; notes may come first
		res=FAIL why=$(grep '^lunmark: ' "$d/lm.out" | tail -1)
		[ -n "$why" ] || why=$(grep -m1 . "$d/lm.out")
	elif [ "$(names "$d/fio.json")" != "$(names "$d/lm.json")" ]; then
		res=DIFF why="jobs $(names "$d/fio.json") vs $(names "$d/lm.json")"
	elif ! diff <(keys "$d/fio.json") <(keys "$d/lm.json") >"$d/keydiff"; then
		res=DIFF why="$(grep -c '^[<>]' "$d/keydiff") key lines differ, first: $(grep -m1 '^[<>]' "$d/keydiff")"
	else
		res=PASS
		pass=$((pass + 1))
	fi
	why=${why//|/\\|}
	printf '| %s | %s | %s |\n' "$b.fio" "$res" "${why:0:160}"
	[ "$res" = PASS ] && [ "$rounds" -gt 0 ] && iops_rounds "$d" "$b"
done
printf '\n%d of %d in-scope examples pass\n' "$pass" "$total"
[ "$rounds" -gt 0 ] && iops_table

#!/usr/bin/env bash
# Shared by the benchmark scripts (sourced): options, CPU accounting,
# medians, the guest's halt polling. Sets $rounds, $secs and $hpoll from
# -r, -t and -H.
# shellcheck disable=SC2034

rounds=3
secs=10
hpoll=
lm_bench_opts() {
	local o OPTIND=1
	while getopts "r:t:H:" o; do
		case $o in
		r) rounds=$OPTARG ;;
		t) secs=$OPTARG ;;
		H) hpoll=$OPTARG ;;
		*) echo "usage: $0 [-r ROUNDS] [-t SECONDS] [-H NS]" >&2; exit 2 ;;
		esac
	done
}

# -H NS: the guest's halt polling, guest_halt_poll_ns, at NS while the
# script runs. A VM guest that has it at 0 (this machine's kernel is
# booted with haltpoll.guest_halt_poll_ns=0) halts its vCPU at every idle
# moment, and waking it takes an exit to the host: at a low queue depth
# that costs more than the IO, and which tool lets its vCPU idle more
# then decides a pair (fio-compat/README.md, "IOPS against fio's").
# 200000 is the kernel's default. lm_haltpoll_set sets it (exit 2 where
# there is no haltpoll); lm_haltpoll_restore, from the script's EXIT
# trap, puts the old value back.
hp_file=/sys/module/haltpoll/parameters/guest_halt_poll_ns
hp_old=
lm_haltpoll_set() {
	[ -n "$hpoll" ] || return 0
	[[ $hpoll =~ ^[0-9]+$ ]] || { echo "bench: -H takes nanoseconds, not '$hpoll'" >&2; exit 2; }
	[ -w "$hp_file" ] || { echo "bench: -H: no $hp_file here (not a VM guest with cpuidle-haltpoll)" >&2; exit 2; }
	hp_old=$(cat "$hp_file")
	echo "$hpoll" >"$hp_file"
}
lm_haltpoll_restore() {
	[ -z "$hp_old" ] || echo "$hp_old" >"$hp_file"
}

# cpu_of CMD...: run CMD; print its user+system CPU seconds. Call it in a
# fresh $(...) subshell, whose only child is CMD, so `times`' second line
# (children's user and system time) is CMD's. Needs $work.
cpu_of() {
	"$@" >/dev/null 2>&1
	times >"${work:?}/times"
	awk 'function s(t,  m, x) { split(t, m, "m"); x = m[2]; sub("s", "", x); return m[1] * 60 + x }
		NR == 2 { printf "%.3f", s($1) + s($2) }' "$work/times"
}

# median of the numbers on stdin, one a line; 0 for none
median() { sort -g | awk '{ v[NR] = $1 } END { if (!NR) print 0; else print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# lm_bench_fio TOP: set $fio to a fio 3.33 with the libiscsi engine and
# $fio_src to its built source tree (with t/io_uring), built from the
# distribution's source package at the first run (about a minute) into
# TOP/build/bench/fio-libiscsi with a private deb-src list: the system's
# apt configuration is not touched. FIO_SRC=DIR reuses a tree already
# built there (its fio and t/io_uring).
lm_bench_fio() {
	local d=$1/build/bench/fio-libiscsi a
	if [ -n "${FIO_SRC:-}" ]; then
		fio_src=$FIO_SRC
		fio=$fio_src/fio
		[ -x "$fio" ] || { echo "bench: no fio in FIO_SRC=$FIO_SRC" >&2; exit 2; }
		[ -x "$fio_src/t/io_uring" ] || make -C "$fio_src" t/io_uring >/dev/null
		return 0
	fi
	fio=$d/fio
	fio_src=$d/src/fio
	if [ -x "$fio" ] && "$fio" --enghelp 2>/dev/null | grep -q libiscsi; then
		[ -x "$fio_src/t/io_uring" ] || make -C "$fio_src" t/io_uring >/dev/null
		return 0
	fi
	echo "bench: building fio with libiscsi from the distribution's source package (once)" >&2
	rm -rf "$d" && mkdir -p "$d/apt/lists/partial" "$d/apt/parts" "$d/src"
	a=$d/apt/parts
	if [ -f /etc/apt/sources.list.d/debian.sources ]; then
		sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources >"$a/src.sources"
	elif [ -f /etc/apt/sources.list.d/ubuntu.sources ]; then
		sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/ubuntu.sources >"$a/src.sources"
	else
		sed -n 's/^deb /deb-src /p' /etc/apt/sources.list >"$a/src.list"
	fi
	local opts=(-o Dir::Etc::SourceList=/dev/null -o "Dir::Etc::SourceParts=$a"
		-o "Dir::State::Lists=$d/apt/lists")
	apt-get "${opts[@]}" update >"$d/build.log" 2>&1
	(cd "$d/src" && apt-get "${opts[@]}" source --download-only fio) >>"$d/build.log" 2>&1
	(cd "$d/src" && dpkg-source -x ./fio_*.dsc fio) >>"$d/build.log" 2>&1
	(cd "$fio_src" && ./configure --enable-libiscsi && make -j"$(nproc)" && make t/io_uring) >>"$d/build.log" 2>&1 ||
		{ echo "bench: building fio failed; see $d/build.log" >&2; exit 1; }
	cp "$fio_src/fio" "$fio"
	"$fio" --enghelp | grep -q libiscsi ||
		{ echo "bench: the fio built has no libiscsi engine; see $d/build.log" >&2; exit 1; }
}

# spread of the numbers on stdin: "MEDIAN (MIN-MAX)", each as %.2f
spread() { sort -g | awk '{ v[NR] = $1 } END { if (!NR) { print "-"; exit }
	m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
	printf "%.2f (%.2f-%.2f)\n", m, v[1], v[NR] }'; }

# The lunmark under test and LUNMARK_BASE's older build, each run by the
# script's own run_lm BIN ARGS... (the job's arguments are the script's)
run_lunmark() { run_lm "${lunmark:?}" "$@"; }
run_base() { run_lm "${LUNMARK_BASE:?}" "$@"; }

#!/usr/bin/env bash
# Shared by the integration tests: each test is a script that exits
# LM_PASS, LM_FAIL or LM_SKIP (with the reason printed); exit-codes.sh
# names those and lunmark's own exit codes.
# shellcheck disable=SC2034

set -u
. "$(dirname "${BASH_SOURCE[0]}")/exit-codes.sh"
LUNMARK=${LUNMARK:?set LUNMARK to the lunmark binary}
LM_HELPERS=${LM_HELPERS:?set LM_HELPERS to the test helpers directory}
LM_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
lm_exit_codes_check "$LM_ROOT/src/lunmark.h" || exit "$LM_FAIL"
LM_WORK=$(mktemp -d /dev/shm/lunmark-test.XXXXXX)
lm_loops=()
lm_mounts=()
lm_tgts=()
lm_netns=()
lm_cgroups=()
lm_dirs=() # removed at exit
LM_IN=() # the prefix that runs a command in the test's namespace, if any

lm_cleanup() {
	local l m
	trap - ERR
	for l in "${lm_tgts[@]}"; do
		"$LM_ROOT/scripts/tgt-target.sh" stop -d "$l" >/dev/null 2>&1 || true
	done
	for l in "${lm_netns[@]}"; do ip netns del "$l" 2>/dev/null || true; done
	for l in "${lm_loops[@]}"; do losetup -d "$l" 2>/dev/null || true; done
	for m in "${lm_mounts[@]}"; do umount "$m" 2>/dev/null || true; done
	for m in "${lm_ports[@]}"; do rm -rf "${LM_PORTS:?}/$m"; done
	for m in "${lm_cgroups[@]}"; do rmdir "$m" 2>/dev/null || true; done
	for m in "${lm_dirs[@]}"; do rm -rf "$m"; done
	rm -rf "$LM_WORK"
}
trap lm_cleanup EXIT

skip() { echo "SKIP: $*"; exit "$LM_SKIP"; }
fail() { echo "FAIL: $*"; exit "$LM_FAIL"; }

# An unexpected failure of any command not tested with || or if fails the
# test, rather than letting it go on to pass.
# (a jq -e that fails is named as called, not by the wrapper's return)
lm_jq_call=
lm_err() {
	local c=$2
	# shellcheck disable=SC2016 # the wrapper's own text
	[ "$c" != 'return "$rc"' ] || [ -z "$lm_jq_call" ] || c=$lm_jq_call
	fail "line $1: a command failed unexpectedly: $c"
}
set -o errtrace
trap 'lm_err "$LINENO" "$BASH_COMMAND"' ERR
note() { echo "  $*"; }

# jq, but with -e (also in -er, -se, --exit-status) no result at all is
# a failure, as jq 1.7 has it (exit 4); Debian 12's jq 1.6 exits 0 there,
# so a check of a file lunmark left empty would pass. Its output is
# passed on byte for byte.
jq() {
	local a t rc
	for a in "$@"; do
		case $a in
		--exit-status | -e* | -[!-]*e*) ;;
		*) continue ;;
		esac
		lm_jq_call="jq $*"
		t=$(mktemp "$LM_WORK/jq.XXXXXX")
		command jq "$@" >"$t" && rc=0 || rc=$?
		[ -s "$t" ] || [ "$rc" != 0 ] || rc=4
		cat "$t"
		rm -f "$t"
		return "$rc"
	done
	command jq "$@"
}

# Under ASan and UBSan (make test-sanitize sets LM_SANITIZED=1) the parts
# that only compare speeds or kernel counters, which the plain pass checks
# and the sanitizers add nothing to, are left out.
lm_sanitized() { [ "${LM_SANITIZED:-0}" = 1 ]; }

# lm_strace STRACE-ARG...: strace running a command (lunmark, under the
# sanitizers too: LeakSanitizer's check at exit needs ptrace, which strace
# holds, so it is off)
lm_strace() {
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" strace "$@"
}

# lm_memcg BYTES: a new memory cgroup limited to BYTES (v2's memory.max,
# or v1's memory.limit_in_bytes, swap left out), removed at exit; sets
# LM_CG_PROCS to the file that a process writes its pid into to join it.
# Skips the test where no memory controller can be had.
lm_memcg() {
	local d
	if grep -qw memory /sys/fs/cgroup/cgroup.subtree_control 2>/dev/null; then
		d=/sys/fs/cgroup/lunmark-test.$$
		mkdir "$d" && lm_cgroups+=("$d")
		echo "$1" >"$d/memory.max"
		echo 0 >"$d/memory.swap.max" 2>/dev/null || true
		LM_CG_PROCS=$d/cgroup.procs
	elif [ -w /sys/fs/cgroup/memory/cgroup.procs ]; then
		d=/sys/fs/cgroup/memory/lunmark-test.$$
		mkdir "$d" && lm_cgroups+=("$d")
		echo "$1" >"$d/memory.limit_in_bytes"
		echo 0 >"$d/memory.swappiness" 2>/dev/null || true
		LM_CG_PROCS=$d/cgroup.procs
	else
		skip "no memory cgroup controller to limit a run with (cgroup v2's memory in /sys/fs/cgroup/cgroup.subtree_control, or v1's /sys/fs/cgroup/memory)"
	fi
}

lm_need_root() {
	[ "$(id -u)" -eq 0 ] || skip "needs root (loop devices)"
	[ -e /dev/loop-control ] || skip "no /dev/loop-control on this machine"
}

# lm_loop SIZE_MIB SECTOR_BYTES: a zeroed direct-IO loop device on tmpfs,
# named in $LM_DEV (not echoed: a subshell would lose it for cleanup).
lm_loop() {
	local img
	img=$(mktemp "$LM_WORK/loop.XXXXXX")
	truncate -s "$1M" "$img" || fail "cannot make $img"
	LM_DEV=$(flock -s "$LM_LOOP_LOCK" losetup -f --show --direct-io=on --sector-size "$2" "$img") ||
		skip "cannot attach a loop device (losetup failed)"
	lm_loops+=("$LM_DEV")
}

# Tests run two at a time, and t-faults detaches a loop device under a
# run: a number it frees must not become another test's meanwhile (CI
# saw a test's device read by another test's run, and a test's cleanup
# detach a number another had taken since). lm_loop attaches under this
# lock, shared; a test that detaches a device still in use holds it
# alone until the device is gone, and lm_unloop drops a device it
# detached from its cleanup.
LM_LOOP_LOCK=/dev/shm/lunmark-test-loops.lock

# lm_unloop DEV: DEV detached, and no longer this test's to detach at its
# end (its number may be another test's by then)
lm_unloop() {
	local l keep=()
	losetup -d "$1" || return 1
	for l in "${lm_loops[@]}"; do [ "$l" = "$1" ] || keep+=("$l"); done
	lm_loops=("${keep[@]}")
}

# expect_exit CODE OUTFILE CMD...: run CMD, stdout+stderr to OUTFILE.
expect_exit() {
	local want=$1 out=$2 rc=0
	shift 2
	"$@" >"$out" 2>&1 || rc=$?
	[ "$rc" -eq "$want" ] ||
		fail "'$*' exited $rc, expected $want; output: $(head -c 400 "$out")$([ "$(wc -c <"$out")" -gt 400 ] && printf ' [...] %s' "$(tail -c 600 "$out")")"
}

# expect_grep PATTERN FILE: FILE contains the fixed string PATTERN.
# lm_unwrap FILE: the text reports' notes and warnings, wrapped at words
# under a lead of 8 or 9 columns, each joined back into one line
lm_unwrap() {
	awk 'NR > 1 && /^        ( )?[^ ]/ && buf ~ /^(Warning|   Note|  note): / { sub(/^ +/, ""); buf = buf " " $0; next }
		{ if (NR > 1) print buf; buf = $0 } END { if (NR) print buf }' "$1"
}

# expect_grep TEXT FILE: TEXT is in FILE, a wrapped note or warning read
# as one line
expect_grep() {
	grep -qF -- "$1" "$2" || lm_unwrap "$2" | grep -qF -- "$1" ||
		fail "expected '$1' in: $(head -c 600 "$2")"
}

# lm_flip FILE OFFSET: the byte at OFFSET of FILE (or device) inverted, so
# that it surely changes
lm_flip() {
	local b
	b=$(dd if="$1" bs=1 skip="$2" count=1 status=none | od -An -tu1 | tr -d ' ')
	# shellcheck disable=SC2059
	printf "\\$(printf %o $((255 - b)))" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none
}

lm_sum() { dd if="$1" bs=1M count="$2" status=none | sha256sum | cut -d' ' -f1; }

# lm_free_port: a TCP port nothing listens on, in $LM_PORT.
# The port is also reserved for this test (a directory under
# $LM_PORTS, made atomically, removed at exit): tests run two at a time,
# and a test that restarts its tgtd leaves the port free for a moment,
# where another test's lm_free_port once took it.
LM_PORTS=/dev/shm/lunmark-ports
lm_ports=()
lm_free_port() {
	local p owner
	mkdir -p "$LM_PORTS"
	for p in $(shuf -i 3300-3999 -n 50); do
		if [ -d "$LM_PORTS/$p" ]; then
			owner=$(cat "$LM_PORTS/$p/pid" 2>/dev/null || true)
			# a reservation whose test is gone is stale
			[ -n "$owner" ] && kill -0 "$owner" 2>/dev/null && continue
			rm -rf "${LM_PORTS:?}/$p"
		fi
		[ -z "$(ss -Hltn "sport = :$p")" ] || continue
		mkdir "$LM_PORTS/$p" 2>/dev/null || continue
		echo "$$" >"$LM_PORTS/$p/pid"
		lm_ports+=("$p")
		LM_PORT=$p
		return 0
	done
	skip "no free TCP port in 3300-3999"
}

# lm_netns MTU: a network namespace of this test's own, its loopback up
# with MTU bytes a frame (1500: a real NIC's TCP segments, not loopback's
# 64 KiB); lm_tgt then starts tgtd in it, and "${LM_IN[@]}" CMD runs CMD
# there. Deleted at exit.
lm_netns() {
	[ "$(id -u)" -eq 0 ] || skip "needs root (network namespaces)"
	local ns=lunmark-test-$$
	ip netns add "$ns" 2>/dev/null || skip "cannot create a network namespace"
	lm_netns+=("$ns")
	# in a chroot the namespace may be made but not entered: skip
	ip netns exec "$ns" true 2>/dev/null ||
		skip "cannot run a command in network namespace $ns (a chroot?)"
	ip -n "$ns" link set lo mtu "$1" up ||
		fail "cannot bring up loopback in namespace $ns at MTU $1"
	LM_IN=(ip netns exec "$ns")
}

# lm_tgt [tgt-target.sh start options]: a tgtd of this test's own on
# 127.0.0.1, stopped at exit. Sets LM_TGT (its work directory), LM_PORT,
# LM_BACKING (lun1.img, lun2.img) and URL_RDWR, URL_4KN, URL_NULL, URL_CHAP.
lm_tgt() {
	[ "$(id -u)" -eq 0 ] || skip "needs root (tgtd)"
	command -v tgtd >/dev/null || skip "tgtd is not installed (bash scripts/deps.sh)"
	lm_free_port
	LM_TGT=$LM_WORK/tgt-$LM_PORT
	LM_BACKING=$LM_WORK/backing-$LM_PORT
	lm_tgts+=("$LM_TGT")
	"${LM_IN[@]}" "$LM_ROOT/scripts/tgt-target.sh" start -d "$LM_TGT" -p "$LM_PORT" \
		-b "$LM_BACKING" "$@" >"$LM_WORK/urls" ||
		fail "tgt-target.sh could not start tgtd: $(tail -5 "$LM_TGT/tgtd.log" 2>/dev/null)"
	URL_RDWR=$(awk '$1 == "rdwr" { print $2 }' "$LM_WORK/urls")
	URL_4KN=$(awk '$1 == "4kn" { print $2 }' "$LM_WORK/urls")
	URL_NULL=$(awk '$1 == "null" { print $2 }' "$LM_WORK/urls")
	URL_CHAP=$(awk '$1 == "chap" { print $2 }' "$LM_WORK/urls")
}

# lm_fio: $fio, a fio 3: $FIO, else the one scripts/bench-iscsi.sh builds
# (build/bench/fio-libiscsi, with the libiscsi engine), else fio on PATH
# (Debian's); skips without one
lm_fio() {
	fio=${FIO:-$LM_ROOT/build/bench/fio-libiscsi/fio}
	[ -x "$fio" ] || fio=$(command -v fio) ||
		skip "no fio: bash scripts/bench-iscsi.sh builds one, or install Debian's (scripts/deps.sh)"
	"$fio" --version | grep -q '^fio-3\.' || skip "$fio is not fio 3 ($("$fio" --version))"
}

lm_tgt_do() { "$LM_ROOT/scripts/tgt-target.sh" "$1" -d "$LM_TGT"; }

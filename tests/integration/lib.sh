#!/usr/bin/env bash
# Shared by the integration tests: each test is a script that exits 0
# (pass), 1 (fail) or 77 (skip, with the reason printed).
# shellcheck disable=SC2034

set -u
LUNMARK=${LUNMARK:?set LUNMARK to the lunmark binary}
LM_HELPERS=${LM_HELPERS:?set LM_HELPERS to the test helpers directory}
LM_WORK=$(mktemp -d /dev/shm/lunmark-test.XXXXXX)
lm_loops=()
lm_mounts=()

lm_cleanup() {
	local l m
	trap - ERR
	for l in "${lm_loops[@]}"; do losetup -d "$l" 2>/dev/null || true; done
	for m in "${lm_mounts[@]}"; do umount "$m" 2>/dev/null || true; done
	rm -rf "$LM_WORK"
}
trap lm_cleanup EXIT

skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*"; exit 1; }

# An unexpected failure of any command not tested with || or if fails the
# test, rather than letting it go on to pass.
set -o errtrace
trap 'fail "line $LINENO: a command failed unexpectedly: $BASH_COMMAND"' ERR
note() { echo "  $*"; }

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
	LM_DEV=$(losetup -f --show --direct-io=on --sector-size "$2" "$img") ||
		skip "cannot attach a loop device (losetup failed)"
	lm_loops+=("$LM_DEV")
}

# expect_exit CODE OUTFILE CMD...: run CMD, stdout+stderr to OUTFILE.
expect_exit() {
	local want=$1 out=$2 rc=0
	shift 2
	"$@" >"$out" 2>&1 || rc=$?
	[ "$rc" -eq "$want" ] ||
		fail "'$*' exited $rc, expected $want; output: $(head -c 600 "$out")"
}

# expect_grep PATTERN FILE: FILE contains the fixed string PATTERN.
expect_grep() {
	grep -qF -- "$1" "$2" || fail "expected '$1' in: $(head -c 600 "$2")"
}

lm_sum() { dd if="$1" bs=1M count="$2" status=none | sha256sum | cut -d' ' -f1; }

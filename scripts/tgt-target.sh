#!/usr/bin/env bash
# A real iSCSI target on loopback for lunmark's tests, demo and benchmarks:
# one tgtd listening on 127.0.0.1:PORT only, with its own control number and
# control socket under a work directory.
#
#   tgt-target.sh start  [-d DIR] [-p PORT] [-C N] [-s SIZE_MIB] [-b DIR]
#                        [-o BSOFLAGS] [-c USER:SECRET] [-f] [-t]
#   tgt-target.sh stop   [-d DIR]      delete targets, stop tgtd (SIGKILL last)
#   tgt-target.sh status [-d DIR]      tgtd's state and the LUN URLs
#   tgt-target.sh kill   [-d DIR]      SIGKILL tgtd, keep the backing files
#   tgt-target.sh restart [-d DIR]     start again after kill, same LUNs/data
#   tgt-target.sh pause|resume [-d DIR]  SIGSTOP / SIGCONT tgtd
#
# Target IQN iqn.2026-11.io.lunmark:test, LUNs:
#   1 rdwr  a file of SIZE_MIB (default 256) in the backing directory
#           (default a tmpfs directory under /dev/shm), 512-byte blocks
#   2 4kn   the same kind of file, 4096-byte logical blocks
#   3 null  tgtd's null backing store: 1 TiB that does no IO
# A session that asks for CRC32C header digests gets them (HeaderDigest).
# The LUN files are sparse unless -f fills them with random data (reads
# of holes never reach a disk: a cache test needs -f and a disk-backed -b).
# With -c, a second target iqn.2026-11.io.lunmark:chap (one null LUN, 1)
# needs CHAP with that account. The secret is written to DIR/chap (mode 600)
# and never printed. With -t the rdwr LUNs are thin-provisioned: they take
# UNMAP (a trim), which punches a hole in the backing file.
#
# The URLs go to stdout and to DIR/urls, one "KIND URL" per line.
set -euo pipefail

IQN=iqn.2026-11.io.lunmark:test
IQN_CHAP=iqn.2026-11.io.lunmark:chap
cmd=${1:-}
[ $# -gt 0 ] && shift
dir=${LM_TGT_DIR:-/tmp/lunmark-tgt}
port=3261
ctl=
size=256
backing=
bsoflags=
chap=
fill=0
thin=0

die() { echo "tgt-target: $*" >&2; exit 1; }

while getopts "d:p:C:s:b:o:c:ft" o; do
	case $o in
	d) dir=$OPTARG ;;
	p) port=$OPTARG ;;
	C) ctl=$OPTARG ;;
	s) size=$OPTARG ;;
	b) backing=$OPTARG ;;
	o) bsoflags=$OPTARG ;;
	c) chap=$OPTARG ;;
	f) fill=1 ;;
	t) thin=1 ;;
	*) die "unknown option; see the comment at the top of $0" ;;
	esac
done

state=$dir/state
if ! [[ $port =~ ^[0-9]+$ ]] || [ "$port" -lt 1 ] || [ "$port" -gt 65535 ]; then
	die "-p $port: not a TCP port"
fi
if ! [[ $size =~ ^[0-9]+$ ]] || [ "$size" -lt 1 ]; then
	die "-s $size: not a size in MiB"
fi
# a control number of its own, so several targets (and a system tgtd) coexist
ctl=${ctl:-$((port % 1000 + 100))}

adm() { TGT_IPC_SOCKET=$dir/tgtd.sock tgtadm -C "$ctl" "$@"; }

load_state() {
	[ -f "$state" ] || die "no target in $dir (start one first)"
	# shellcheck disable=SC1090
	. "$state"
}

port_taken() { [ -n "$(ss -Hltn "sport = :$1")" ]; }

# tgtd falls back to 0.0.0.0:3260 when the port is taken: make sure it
# listens on 127.0.0.1:PORT and nowhere else.
check_listen() {
	local pid=$1 l bad=
	for _ in $(seq 50); do
		port_taken "$port" && break
		sleep 0.1
	done
	while read -r l; do
		case $l in
		*" 127.0.0.1:$port "*) ;;
		*) bad="$bad${l:+ $l}" ;;
		esac
	done < <(ss -Hltnp | grep "pid=$pid," || true)
	[ -z "$bad" ] || die "tgtd (pid $pid) listens where it must not:$bad"
	ss -Hltnp "sport = :$port" | grep -q "pid=$pid," ||
		die "tgtd (pid $pid) does not listen on 127.0.0.1:$port; see $dir/tgtd.log"
}

wait_adm() {
	for _ in $(seq 50); do
		adm --mode system --op show >/dev/null 2>&1 && return 0
		kill -0 "$1" 2>/dev/null || break
		sleep 0.1
	done
	die "tgtd did not answer on control $ctl; see $dir/tgtd.log"
}

run_tgtd() {
	port_taken "$port" &&
		die "port $port is already taken (ss -ltnp 'sport = :$port'); choose another with -p"
	TGT_IPC_SOCKET=$dir/tgtd.sock setsid tgtd -f \
		--iscsi "portal=127.0.0.1:$port" -C "$ctl" \
		>"$dir/tgtd.log" 2>&1 </dev/null &
	pid=$!
	echo "$pid" >"$dir/tgtd.pid"
	wait_adm "$pid"
	check_listen "$pid"
}

lun() { # tid lun backing bstype [extra tgtadm args]
	local tid=$1 n=$2 store=$3 type=$4
	shift 4
	adm --lld iscsi --mode logicalunit --op new --tid "$tid" --lun "$n" \
		--backing-store "$store" --bstype "$type" \
		${bsoflags:+--bsoflags "$bsoflags"} "$@"
}

configure() {
	adm --lld iscsi --mode target --op new --tid 1 --targetname "$IQN"
	lun 1 1 "$backing/lun1.img" rdwr
	lun 1 2 "$backing/lun2.img" rdwr --blocksize 4096
	if [ "$thin" = 1 ]; then
		local n
		for n in 1 2; do
			adm --lld iscsi --mode logicalunit --op update --tid 1 --lun "$n" \
				--params thin_provisioning=1
		done
	fi
	adm --lld iscsi --mode logicalunit --op new --tid 1 --lun 3 \
		--backing-store /dev/null --bstype null
	adm --lld iscsi --mode target --op bind --tid 1 --initiator-address 127.0.0.1
	# header digests when a session asks (tgtd's default answers None)
	adm --lld iscsi --mode target --op update --tid 1 --name HeaderDigest --value CRC32C
	if [ -f "$dir/chap" ]; then
		local user secret
		IFS=: read -r user secret <"$dir/chap"
		adm --lld iscsi --mode target --op new --tid 2 --targetname "$IQN_CHAP"
		adm --lld iscsi --mode logicalunit --op new --tid 2 --lun 1 \
			--backing-store /dev/null --bstype null
		adm --lld iscsi --mode target --op bind --tid 2 --initiator-address 127.0.0.1
		adm --lld iscsi --mode account --op new --user "$user" --password "$secret" >/dev/null
		adm --lld iscsi --mode account --op bind --tid 2 --user "$user"
	fi
}

write_urls() {
	local base=iscsi://127.0.0.1:$port
	{
		echo "rdwr $base/$IQN/1"
		echo "4kn $base/$IQN/2"
		echo "null $base/$IQN/3"
		if [ -f "$dir/chap" ]; then
			echo "chap iscsi://$(cut -d: -f1 "$dir/chap")@127.0.0.1:$port/$IQN_CHAP/1"
		fi
	} >"$dir/urls"
	cat "$dir/urls"
}

stop_tgtd() {
	local pid
	pid=$(cat "$dir/tgtd.pid" 2>/dev/null || true)
	if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
		kill -CONT "$pid" 2>/dev/null || true
		adm --lld iscsi --mode target --op delete --force --tid 2 >/dev/null 2>&1 || true
		adm --lld iscsi --mode target --op delete --force --tid 1 >/dev/null 2>&1 || true
		adm --mode system --op delete >/dev/null 2>&1 || true
		for _ in $(seq 30); do
			kill -0 "$pid" 2>/dev/null || break
			sleep 0.1
		done
		kill -KILL "$pid" 2>/dev/null || true
		for _ in $(seq 30); do
			kill -0 "$pid" 2>/dev/null || break
			sleep 0.1
		done
	fi
	rm -f "$dir/tgtd.pid"
}

case $cmd in
start)
	command -v tgtd >/dev/null || die "tgtd is not installed (bash scripts/deps.sh installs it)"
	mkdir -p "$dir"
	[ -f "$state" ] && [ -f "$dir/tgtd.pid" ] && kill -0 "$(cat "$dir/tgtd.pid")" 2>/dev/null &&
		die "a target already runs from $dir (tgt-target.sh stop -d $dir)"
	if [ -z "$backing" ]; then
		backing=$(mktemp -d /dev/shm/lunmark-tgt.XXXXXX)
		owned=1
	else
		mkdir -p "$backing"
		owned=0
	fi
	truncate -s "${size}M" "$backing/lun1.img" "$backing/lun2.img"
	if [ "$fill" = 1 ]; then
		for f in "$backing/lun1.img" "$backing/lun2.img"; do
			dd if=/dev/urandom of="$f" bs=1M count="$size" conv=notrunc,fsync status=none
		done
	fi
	rm -f "$dir/chap"
	if [ -n "$chap" ]; then
		[[ $chap == ?*:?* ]] || die "-c needs USER:SECRET"
		(umask 077 && printf '%s\n' "$chap" >"$dir/chap")
	fi
	printf 'port=%q\nctl=%q\nsize=%q\nbacking=%q\nowned=%q\nbsoflags=%q\nthin=%q\n' \
		"$port" "$ctl" "$size" "$backing" "$owned" "$bsoflags" "$thin" >"$state"
	run_tgtd || { stop_tgtd; exit 1; }
	configure || { stop_tgtd; die "configuring the target failed; see $dir/tgtd.log"; }
	write_urls
	;;
restart)
	load_state
	stop_tgtd
	run_tgtd
	configure || { stop_tgtd; die "configuring the target failed; see $dir/tgtd.log"; }
	write_urls >/dev/null
	;;
kill)
	load_state
	kill -KILL "$(cat "$dir/tgtd.pid")" 2>/dev/null || true
	;;
pause | resume)
	load_state
	kill "-$([ "$cmd" = pause ] && echo STOP || echo CONT)" "$(cat "$dir/tgtd.pid")"
	;;
stop)
	[ -f "$state" ] || exit 0
	load_state
	stop_tgtd
	[ "${owned:-0}" = 1 ] && rm -rf "$backing"
	rm -f "$state" "$dir/urls" "$dir/chap" "$dir/tgtd.sock"*
	;;
status)
	load_state
	pid=$(cat "$dir/tgtd.pid" 2>/dev/null || true)
	if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
		echo "tgtd pid $pid, control $ctl, 127.0.0.1:$port, backing $backing"
		cat "$dir/urls"
	else
		echo "tgtd is not running (work directory $dir)"
		exit 1
	fi
	;;
*)
	die "usage: tgt-target.sh start|stop|status|kill|restart|pause|resume [-d DIR] [-p PORT] ..."
	;;
esac

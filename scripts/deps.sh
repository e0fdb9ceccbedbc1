#!/usr/bin/env bash
# Install what lunmark needs to build, test and benchmark, on Debian 12 or
# Ubuntu. Idempotent: only missing packages are installed, and the package
# lists are refreshed only when something is missing.
set -euo pipefail

lm_pkgs=(
	build-essential pkg-config make
	liburing-dev libaio-dev libiscsi-dev libiscsi-bin
	libcunit1-dev libjson-c-dev libblkid-dev libxxhash-dev
	tgt fio util-linux mount diffutils iproute2 coreutils procps jq bc
	clang clang-format cppcheck shellcheck
)

lm_missing=()
for p in "${lm_pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
		grep -q 'install ok installed' || lm_missing+=("$p")
done

if [ ${#lm_missing[@]} -eq 0 ]; then
	echo "deps: all ${#lm_pkgs[@]} packages present"
	exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
	echo "deps: missing: ${lm_missing[*]}" >&2
	echo "deps: run as root (or: sudo $0) to install them" >&2
	exit 1
fi

echo "deps: installing: ${lm_missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# policy-rc.d keeps the tgt package from starting a system tgtd on
# 0.0.0.0:3260; lunmark's tests start their own on loopback.
lm_rcd=/usr/sbin/policy-rc.d
lm_rcd_made=0
if [ ! -e "$lm_rcd" ]; then
	printf '#!/bin/sh\nexit 101\n' >"$lm_rcd"
	chmod 755 "$lm_rcd"
	lm_rcd_made=1
fi
rc=0
apt-get install -y -qq --no-install-recommends "${lm_missing[@]}" || rc=$?
[ "$lm_rcd_made" -eq 1 ] && rm -f "$lm_rcd"
exit $rc

#!/usr/bin/env bash
# Install what lunmark needs to build, test and benchmark, on Debian 12 or
# Ubuntu. Idempotent: only missing packages are installed, and the package
# lists are refreshed only when something is missing.
set -euo pipefail

lm_pkgs=(
	build-essential pkg-config make
	liburing-dev libaio-dev libiscsi-dev libiscsi-bin
	libcunit1-dev libjson-c-dev libblkid-dev libxxhash-dev
	tgt fio util-linux mount diffutils iproute2 coreutils procps jq bc libxml2-utils
	chromium python3 # t-html: the HTML report rendered, its screenshots read
	python3-six # t-fio-tools: Debian fio's readers import it and do not depend on it
	python3-pandas # t-fio-tools: fio's hist/fiologparser_hist.py imports it
	gnuplot-nox # t-fio-tools: fio_generate_plots draws lunmark's logs with it
	strace # t-fio-batch: how many completions each reap takes
	e2fsprogs fdisk cryptsetup-bin
	clang clang-format cppcheck shellcheck valgrind cmark-gfm bsdutils
	openmpi-bin libopenmpi-dev
)

lm_missing=()
for p in "${lm_pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
		grep -q 'install ok installed' || lm_missing+=("$p")
done

# libFuzzer's runtime (make fuzz, in make test): only a recommendation of
# clang's on Debian 12, which --no-install-recommends leaves out
lm_fuzzer_rt() {
	command -v clang >/dev/null &&
		[ -f "$(clang -print-file-name="libclang_rt.fuzzer-$(uname -m).a")" ]
}
lm_fuzzer_missing=0
lm_fuzzer_rt || lm_fuzzer_missing=1

if [ ${#lm_missing[@]} -eq 0 ] && [ "$lm_fuzzer_missing" -eq 0 ]; then
	echo "deps: all ${#lm_pkgs[@]} packages present"
	exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
	[ "$lm_fuzzer_missing" -eq 1 ] && lm_missing+=("(libFuzzer runtime)")
	echo "deps: missing: ${lm_missing[*]}" >&2
	echo "deps: run as root (or: sudo $0) to install them" >&2
	exit 1
fi

echo "deps: installing: ${lm_missing[*]} $([ "$lm_fuzzer_missing" -eq 1 ] && echo "(libFuzzer runtime)")"
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
if [ ${#lm_missing[@]} -gt 0 ]; then
	apt-get install -y -qq --no-install-recommends "${lm_missing[@]}" || rc=$?
fi
# the runtime's package: libclang-rt-dev (Debian 12, newer Ubuntu), else
# the one of this clang's version
if [ "$rc" -eq 0 ] && ! lm_fuzzer_rt; then
	apt-get install -y -qq --no-install-recommends libclang-rt-dev ||
		apt-get install -y -qq --no-install-recommends \
			"libclang-rt-$(clang -dumpversion | cut -d. -f1)-dev" || rc=$?
	lm_fuzzer_rt || { echo "deps: the libFuzzer runtime is still missing" >&2; rc=1; }
fi
[ "$lm_rcd_made" -eq 1 ] && rm -f "$lm_rcd"
exit $rc

#!/usr/bin/env bash
# The second half of `make demo`: the same matrix on an iSCSI LUN of a
# local tgtd (tmpfs-backed, started here and stopped on every exit),
# reached through lunmark's own libiscsi engine, no kernel initiator.
#   demo-iscsi.sh LUNMARK [mark options]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
lunmark=${1:?usage: demo-iscsi.sh LUNMARK [mark options]}
shift

if [ "$(id -u)" -ne 0 ] || ! command -v tgtd >/dev/null; then
	echo "demo: the iSCSI half needs root and tgtd (bash scripts/deps.sh); skipped"
	exit 0
fi
dir=$(mktemp -d /tmp/lunmark-demo-tgt.XXXXXX)
port=
for p in $(shuf -i 3300-3999 -n 50); do
	[ -z "$(ss -Hltn "sport = :$p")" ] && { port=$p; break; }
done
[ -n "$port" ] || { echo "demo: no free TCP port for tgtd" >&2; exit 1; }
trap '"$here/tgt-target.sh" stop -d "$dir" >/dev/null 2>&1; rm -rf "$dir"' EXIT
"$here/tgt-target.sh" start -d "$dir" -p "$port" -s 320 >/dev/null
url=$(awk '$1 == "rdwr" { print $2 }' "$dir/urls")
echo
echo "demo: the same matrix on a local tgtd LUN, $url"
echo "demo: (tmpfs-backed; tgtd shares this machine's cores, so the target bounds these figures)"
# the LUN was made for this demo: writing to it destroys nothing
"$lunmark" mark "$url" --allow-write "$@"

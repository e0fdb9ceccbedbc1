#!/usr/bin/env bash
# The first screen of a saved result's HTML report as a PNG, by headless
# Chromium: what the README shows (doc/report-html.png).
#   scripts/html-screenshot.sh RESULT.json OUT.png [HEIGHT]
# HEIGHT is the window's, in px (default 760: the target and the tiles);
# the width is 1200. Needs chromium (bash scripts/deps.sh) and a built
# lunmark (make), or LUNMARK=path.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,7s/^# \{0,1\}//p' "$0" >&2; exit 2; }
lunmark=${LUNMARK:-$(dirname "$0")/../build/lunmark}
command -v chromium >/dev/null || { echo "html-screenshot: chromium is not installed (bash scripts/deps.sh)" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$lunmark" report "$1" --format=html >"$dir/report.html"
out=$(realpath -m "$2")
chromium --headless --no-sandbox --hide-scrollbars --window-size="1200,${3:-760}" \
	--screenshot="$out" "file://$dir/report.html" >/dev/null 2>&1
echo "html-screenshot: $out, $(stat -c %s "$out") bytes"

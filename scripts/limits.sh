#!/usr/bin/env bash
# The house's limits, checked by `make lint`:
#  - no C file over 600 lines;
#  - no function over 80 lines (kernel style, as clang-format leaves it: a
#    function's body opens with "{" and closes with "}" in column 0);
#  - every `leak:NAME` of tests/lsan.supp names a function of the tree, so
#    that a rename cannot leave a suppression matching nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
bad=0
files=$(git ls-files '*.c' '*.h' 2>/dev/null || find src kmod-free fio-compat tests -name '*.[ch]')
for f in $files; do
	n=$(wc -l <"$f")
	if [ "$n" -gt 600 ]; then
		echo "$f: $n lines (at most 600: cut the module by concept)"
		bad=1
	fi
	case $f in *.c) ;; *) continue ;; esac
	awk -v f="$f" '
		/^\{/ { start = NR; name = prev }
		/^\}/ && start { if (NR - start + 2 > 80) { printf "%s:%d: %s is %d lines (at most 80)\n", f, start, name, NR - start + 2; bad = 1 } start = 0 }
		{ prev = $0 }
		END { exit bad }' "$f" || bad=1
done
while read -r name; do
	grep -rqE "^[a-z].*[ *]$name\(" src kmod-free fio-compat tests ||
		{ echo "tests/lsan.supp: leak:$name names no function of the tree"; bad=1; }
done < <(sed -n 's/^leak:\([A-Za-z_0-9]*\)$/\1/p' tests/lsan.supp)
exit "$bad"

#!/usr/bin/env bash
# --read-only writes nothing anywhere: a directory target (where lunmark
# would make its own file) is refused with a clear message and stays
# empty; an existing file is read and left as it was. And a --json or
# --output that cannot be written is said before the first IO.
. "$(dirname "$0")/lib.sh"
lm_need_root
dir=$LM_WORK/dir
mkdir "$dir"
stamp=$(stat -c %Y.%y "$dir")
empty() {
	[ -z "$(find "$dir" -mindepth 1 | head -1)" ] ||
		fail "$1 wrote into $dir: $(ls -A "$dir")"
	[ "$(stat -c %Y.%y "$dir")" = "$stamp" ] || fail "$1 changed $dir"
}

for cmd in "mark $dir --read-only --size=4m --runs=1 --no-warmup" \
	"mark $dir --read-only --profile=copy --size=4m" \
	"run $dir --rw=write --read-only --size=4m --runtime=200ms" \
	"run $dir --rw=read --read-only --size=4m --runtime=200ms" \
	"verify $dir --read-only --size=4m"; do
	# shellcheck disable=SC2086
	"$LUNMARK" $cmd >"$LM_WORK/o" 2>&1 && fail "'$cmd' ran: $(cat "$LM_WORK/o")"
	grep -qE "read-only|--read-only" "$LM_WORK/o" ||
		fail "'$cmd' did not say why: $(cat "$LM_WORK/o")"
	empty "$cmd"
done
expect_exit "$LM_EXIT_GUARD" "$LM_WORK/o" "$LUNMARK" run "$dir" --rw=write --read-only
expect_grep "is a directory: lunmark would create its files there, and --read-only writes nothing" "$LM_WORK/o"

# an existing file: read, never written, not even its times
file=$LM_WORK/file
head -c 8388608 /dev/urandom >"$file"
sum=$(sha256sum <"$file")
mtime=$(stat -c %y "$file")
expect_exit "$LM_EXIT_OK" "$LM_WORK/o" "$LUNMARK" run "$file" --rw=randread \
	--read-only --runtime=200ms --no-prefill
expect_exit "$LM_EXIT_GUARD" "$LM_WORK/o" "$LUNMARK" run "$file" --rw=randwrite \
	--read-only --runtime=200ms
expect_exit "$LM_EXIT_GUARD" "$LM_WORK/o" "$LUNMARK" verify "$file" --read-only
[ "$(sha256sum <"$file")" = "$sum" ] || fail "--read-only wrote to $file"
[ "$(stat -c %y "$file")" = "$mtime" ] || fail "--read-only touched $file"

# --json and --output: a typo is found before the first IO, not after
expect_exit "$LM_EXIT_USAGE" "$LM_WORK/o" "$LUNMARK" mark --engine=null \
	--runtime=10s --runs=3 --json="$LM_WORK/no/such/dir/r.json"
expect_grep "--json=$LM_WORK/no/such/dir/r.json: cannot write it: No such file or directory" "$LM_WORK/o"
grep -qF "[Read]" "$LM_WORK/o" && fail "--json was checked after the runs: $(cat "$LM_WORK/o")"
expect_exit "$LM_EXIT_USAGE" "$LM_WORK/o" "$LUNMARK" --name=a --ioengine=null \
	--size=1g --time_based --runtime=10 --output-format=json \
	--output="$LM_WORK/no/out.json"
expect_grep "--output=$LM_WORK/no/out.json: cannot write it" "$LM_WORK/o"
grep -q '"jobs"' "$LM_WORK/o" && fail "--output was checked after the run"
[ -z "$(find "$LM_WORK" -name '.lunmark-*')" ] || fail "a temporary file was left"
exit "$LM_PASS"

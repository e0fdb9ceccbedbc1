# shellcheck shell=bash
# What the tests that run fio itself beside lunmark share (after lib.sh):
# their setup, both tools run with the same arguments, and their JSON
# compared key by key.

# lm_fio_setup: what such a test needs (root, jq and fio: lm_fio), its
# loop device of 64 MiB in LM_DEV, and the work directory as the current
# one
lm_fio_setup() {
	lm_need_root
	command -v jq >/dev/null || skip "jq is not installed (bash scripts/deps.sh)"
	lm_fio
	lm_loop 64 512
	cd "$LM_WORK" || fail "no work directory"
}

# both ARG...: fio, then lunmark, run ARG...; their JSON to fio.json and
# lm.json, what they say to fio.out and lm.out
both() {
	# fio 3.33 itself hangs now and then (io_submit_mode=offload did, at
	# a low rate): a bound, so that a hung fio fails here, not CI's clock
	timeout -k 5 120 "${fio:?lm_fio (lib.sh) sets it}" "$@" --output-format=json --output=fio.json >fio.out 2>&1 ||
		fail "fio $*: $(head -c 300 fio.out)"
	# fio writes what its processes say into the file, around the JSON
	# ("fio: terminating on signal 15" from a job exitall stopped before
	# it started, after an empty line)
	sed -i -n '/^{/,/^}/p' fio.json
	"$LUNMARK" "$@" --output-format=json --output=lm.json --allow-write >lm.out 2>&1 ||
		fail "lunmark $*: $(head -c 300 lm.out)"
}

# same JQ...: each jq query gives the same in fio.json and lm.json
same() {
	local q
	for q in "$@"; do
		[ "$(jq -Sc "$q" fio.json)" = "$(jq -Sc "$q" lm.json)" ] ||
			fail "$q: fio $(jq -Sc "$q" fio.json), lunmark $(jq -Sc "$q" lm.json)"
	done
}

# ok WHAT: a check passed, said and counted in $passed (the test's last
# line: echo "$passed passed, 0 failed")
passed=0
ok() {
	note "ok: $*"
	passed=$((passed + 1))
}

# jobs_keys FILE [pct]: the path of every scalar under jobs[] in fio's
# JSON FILE (an index as #), but disk_util's and job options' (which differ
# by design) and, without pct, the percentiles' (which depend on counts)
jobs_keys() {
	jq -r '[.jobs[] | paths(scalars) as $p | $p | map(if type == "number" then "#" else . end)
		| join(".")] | unique | .[]' "$1" | grep -v -e '^disk_util' -e '^job options' |
		if [ "${2:-}" = pct ]; then cat; else grep -v percentile; fi
}

# same_keys WHAT F L [pct]: F and L have the same jobs_keys, else WHAT fails
same_keys() {
	[ "$(jobs_keys "$2" "${4:-}")" = "$(jobs_keys "$3" "${4:-}")" ] ||
		fail "$1: JSON keys: $(diff <(jobs_keys "$2" "${4:-}") <(jobs_keys "$3" "${4:-}") | head -5 | tr '\n' ' ')"
}

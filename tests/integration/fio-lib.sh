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

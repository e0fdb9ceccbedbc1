#!/usr/bin/env bash
# CHAP against a real tgtd: the right secret works from the URL, a CHAP
# file and the environment; a wrong or missing one fails cleanly; the
# secret appears in no output.
. "$(dirname "$0")/lib.sh"
secret="Lm-Chap-$RANDOM$RANDOM"
lm_tgt -s 16 -c "alice:$secret"
url_secret="iscsi://alice%$secret@${URL_CHAP#iscsi://alice@}"
job=(--rw=randread --runtime=1 --time_based --size=16m --no-prefill)

expect_exit "$LM_EXIT_OK" "$LM_WORK/o1" "$LUNMARK" run "$url_secret" "${job[@]}"
grep -q "read : IOPS=[1-9]" "$LM_WORK/o1" || fail "no IO with CHAP: $(cat "$LM_WORK/o1")"
expect_grep "iscsi://alice@127.0.0.1" "$LM_WORK/o1"
# a secret on the command line is warned of, with where it belongs
expect_grep "warning: a CHAP secret on the command line is seen by other users" "$LM_WORK/o1"
expect_grep "--chap-file=FILE or LIBISCSI_CHAP_PASSWORD" "$LM_WORK/o1"

printf 'username = alice\npassword = %s\n' "$secret" >"$LM_WORK/chap"
chmod 600 "$LM_WORK/chap"
expect_exit "$LM_EXIT_OK" "$LM_WORK/o2" "$LUNMARK" run "${URL_CHAP/alice@/}" \
	--chap-file="$LM_WORK/chap" "${job[@]}"
! grep -q "warning: a CHAP secret" "$LM_WORK/o2" || fail "warned of a secret not on the command line"
LIBISCSI_CHAP_PASSWORD=$secret expect_exit "$LM_EXIT_OK" "$LM_WORK/o3" "$LUNMARK" run \
	"$URL_CHAP" "${job[@]}"
"$LUNMARK" probe --json "$url_secret" >"$LM_WORK/o4" 2>"$LM_WORK/o4e" ||
	fail "probe with CHAP failed: $(cat "$LM_WORK/o4e")"
jq -e '.target | test("alice@")' "$LM_WORK/o4" >/dev/null || fail "probe JSON: $(cat "$LM_WORK/o4")"

expect_exit "$LM_EXIT_TARGET" "$LM_WORK/o5" "$LUNMARK" run "iscsi://alice%wrong$secret@${URL_CHAP#iscsi://alice@}" "${job[@]}"
expect_grep "authentication failed" "$LM_WORK/o5"
expect_exit "$LM_EXIT_TARGET" "$LM_WORK/o6" "$LUNMARK" run "${URL_CHAP/alice@/}" "${job[@]}"
expect_grep "the target wants CHAP and none was given" "$LM_WORK/o6"
expect_exit "$LM_EXIT_USAGE" "$LM_WORK/o7" "$LUNMARK" mark "$url_secret?foo=1"
expect_grep "unknown parameter 'foo'" "$LM_WORK/o7"

chmod 644 "$LM_WORK/chap"
expect_exit "$LM_EXIT_OK" "$LM_WORK/o8" "$LUNMARK" probe "${URL_CHAP/alice@/}" \
	--chap-file="$LM_WORK/chap"
expect_grep "others may read this CHAP file" "$LM_WORK/o8"

# cmdline_of OUT ERR CMD...: CMD in the background, its /proc/PID/cmdline
# read while it runs into $LM_WORK/cmdline; fails when CMD fails
cmdline_of() {
	local out=$1 err=$2 pid
	shift 2
	"$@" >"$out" 2>"$err" &
	pid=$!
	sleep 1.5
	tr '\0' ' ' </proc/$pid/cmdline >"$LM_WORK/cmdline"
	wait $pid || fail "the background CHAP run failed: $(cat "$out" "$err")"
}

# once lunmark has its own copy, ps no longer shows the secret
cmdline_of "$LM_WORK/o9" "$LM_WORK/o9e" "$LUNMARK" run "$url_secret" --rw=randread \
	--runtime=3 --time_based --size=16m --no-prefill
expect_grep "iscsi://alice%xxx" "$LM_WORK/cmdline"
! grep -q -- "$secret" "$LM_WORK/cmdline" || fail "/proc/PID/cmdline shows the secret"

# fio's command line: its --filename=iscsi\://... argument is hidden too,
# and neither fio's JSON ("job options") nor --export-fio holds it
fio_url=$(printf '%s' "$url_secret" | sed 's/:/\\:/g')
cmdline_of "$LM_WORK/o10" "$LM_WORK/o10e" "$LUNMARK" --name=chap --ioengine=libiscsi \
	--filename="$fio_url" --rw=randread --runtime=3 --time_based --size=16m --output-format=json
expect_grep "alice%xxx" "$LM_WORK/cmdline"
! grep -q -- "$secret" "$LM_WORK/cmdline" || fail "/proc/PID/cmdline shows the fio form's secret"
jq -e '.jobs[0]["job options"].filename | test("alice@")' "$LM_WORK/o10" >/dev/null ||
	fail "fio JSON's filename: $(jq '.jobs[0]["job options"]' "$LM_WORK/o10")"
expect_exit "$LM_EXIT_OK" "$LM_WORK/o11" "$LUNMARK" run "$url_secret" "${job[@]}" --export-fio
expect_grep "filename=iscsi\://alice@127.0.0.1" "$LM_WORK/o11"
expect_grep "LIBISCSI_CHAP_PASSWORD" "$LM_WORK/o11"
expect_exit "$LM_EXIT_OK" "$LM_WORK/o12" "$LUNMARK" mark "$url_secret" --export-fio
expect_grep "filename=iscsi\://alice@127.0.0.1" "$LM_WORK/o12"
# the exported job runs, its secret from the environment
"$LUNMARK" run "$url_secret" "${job[@]}" --export-fio >"$LM_WORK/o13.fio" 2>/dev/null
LIBISCSI_CHAP_PASSWORD=$secret expect_exit "$LM_EXIT_OK" "$LM_WORK/o13" \
	"$LUNMARK" "$LM_WORK/o13.fio"

for f in "$LM_WORK"/o* "$LM_WORK"/cmdline*; do
	! grep -q -- "$secret" "$f" || fail "$(basename "$f") shows the CHAP secret"
done
exit "$LM_PASS"

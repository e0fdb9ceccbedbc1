#!/usr/bin/env bash
# valgrind memcheck of short jobs on every engine (io_uring, libaio, psync,
# null, iSCSI against a real tgtd), and of report and compare on a saved
# mark:
# no invalid access, no use of uninitialised memory, no definite leak.
# The plain build only: the sanitized pass already runs under ASan.
. "$(dirname "$0")/lib.sh"
lm_sanitized && skip "a sanitized build runs under its sanitizer, not valgrind"
command -v valgrind >/dev/null || skip "valgrind is not installed (bash scripts/deps.sh)"
lm_need_root

# lm_vg NAME WANT CMD...: CMD under memcheck exits WANT, with no error
# (memcheck's own errors exit 99)
lm_vg() {
	local name=$1 want=$2 rc=0 t0=$SECONDS
	shift 2
	valgrind --quiet --error-exitcode=99 --leak-check=full \
		--errors-for-leak-kinds=definite --show-leak-kinds=definite \
		"$@" >"$LM_WORK/vg.out" 2>"$LM_WORK/vg.err" || rc=$?
	[ "$rc" -eq "$want" ] || fail "$name: exit $rc (not $want) under valgrind: $(head -c 2000 "$LM_WORK/vg.err")"
	note "$name: clean ($((SECONDS - t0)) s)"
}

lm_loop 64 512
job=(--size=16m --runtime=1 --time_based --allow-write)
lm_vg "uring, randrw QD8, 2 threads" "$LM_EXIT_OK" "$LUNMARK" run "$LM_DEV" --rw=randrw \
	--iodepth=8 --numjobs=2 "${job[@]}"
lm_vg "aio, randread QD8" "$LM_EXIT_OK" "$LUNMARK" run "$LM_DEV" --engine=aio \
	--rw=randread --iodepth=8 "${job[@]}"
lm_vg "psync, write" "$LM_EXIT_OK" "$LUNMARK" run "$LM_DEV" --engine=psync --rw=write "${job[@]}"
lm_vg "null, EIO injected" "$LM_EXIT_IO" "$LUNMARK" run --engine=null --rw=randread \
	--iodepth=16 --runtime=1 --time_based --fail-every=1000
# a mark saved to JSON and read back: the null engine's, made without
# valgrind (under it, a mark took up to a minute in CI), then its report
"$LUNMARK" mark --engine=null --profile=demo --size=16m --runs=1 \
	--runtime=200ms --interval=0 --no-warmup --quiet --json="$LM_WORK/m.json" \
	>/dev/null 2>&1 || fail "the mark to report failed"
lm_vg "report of a saved mark" "$LM_EXIT_OK" "$LUNMARK" report "$LM_WORK/m.json"
lm_vg "compare of it with itself" "$LM_EXIT_OK" "$LUNMARK" compare "$LM_WORK/m.json" \
	"$LM_WORK/m.json"
if command -v tgtd >/dev/null; then
	lm_tgt -s 16
	lm_vg "iscsi, randrw QD16" "$LM_EXIT_OK" "$LUNMARK" run "$URL_RDWR" --rw=randrw \
		--iodepth=16 "${job[@]}"
	lm_vg "iscsi probe" "$LM_EXIT_OK" "$LUNMARK" probe "$URL_RDWR"
fi
exit "$LM_PASS"

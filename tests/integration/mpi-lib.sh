#!/usr/bin/env bash
# Shared by the t-mpi*.sh tests (after lib.sh): lunmark-mpi and mpirun,
# or a skip saying which is missing. LM_MPIRUN is mpirun with what root
# and a 2-core machine need, MPI on this test's own addresses (loopback
# unless a test says otherwise).
# shellcheck disable=SC2034

LUNMARK_MPI=${LUNMARK_MPI:-$(dirname "$LUNMARK")/lunmark-mpi}
command -v mpirun >/dev/null ||
	skip "Open MPI is not installed (bash scripts/deps.sh: openmpi-bin, libopenmpi-dev)"
[ -x "$LUNMARK_MPI" ] ||
	skip "$LUNMARK_MPI is not built (make mpi, with libopenmpi-dev installed)"
# Open MPI leaks in its own libraries and in the components it unloads
# at MPI_Finalize, where no suppression can name them: the sanitized
# pass keeps ASan's and UBSan's other checks for lunmark-mpi, and
# LeakSanitizer for lunmark (every other test)
if lm_sanitized; then
	export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
fi
LM_MPIRUN=(mpirun --oversubscribe --mca btl "self,tcp")
[ "$(id -u)" -eq 0 ] && LM_MPIRUN+=(--allow-run-as-root)

# lm_mpi_loopback: MPI's own traffic (the launch and the ranks') on 127.0.0.1
lm_mpi_loopback() {
	LM_MPIRUN+=(--mca btl_tcp_if_include lo --mca oob_tcp_if_include lo)
}

# lm_json_sum FILE EXPR: the sum over the ranks of EXPR in FILE's first
# counted run of the read cell of its first test, and the sum's own value
lm_json_sums() {
	jq -r "[([.tests[0].cells.read.runs[0].ranks[] | $2] | add),
		(.tests[0].cells.read.runs[0] | $2)] | @tsv" "$1"
}

#!/usr/bin/env bash
# What lunmark-mpi's gather costs as ranks grow: for 2, 4, 8 and 16 ranks
# (oversubscribed on this host, MPI over loopback), one time-based run per
# rank count on a small test file in tmpfs, several gathers each (a mark
# of RUNS runs), and rank 0's note of the gathers' mean and longest time.
# A gather is one gather of fixed-size rows to rank 0, an allreduce, and
# reduces of two latency histograms (about 19 KiB each) and of the
# per-second samples (doc/ARCHITECTURE.md says how that grows).
#
#   scripts/mpi-gather-cost.sh [LUNMARK_MPI] [RANKS...]
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-$here/../build/lunmark-mpi}
[ $# -gt 0 ] && shift
ranks=("$@")
[ ${#ranks[@]} -gt 0 ] || ranks=(2 4 8 16)
[ -x "$bin" ] || { echo "mpi-gather-cost: $bin is not built (make mpi)" >&2; exit 1; }
command -v mpirun >/dev/null ||
	{ echo "mpi-gather-cost: Open MPI is not installed (scripts/deps.sh)" >&2; exit 1; }
mpirun=(mpirun --oversubscribe --mca btl "self,tcp" --mca btl_tcp_if_include lo
	--mca oob_tcp_if_include lo)
[ "$(id -u)" -eq 0 ] && mpirun+=(--allow-run-as-root)
work=$(mktemp -d /dev/shm/lunmark-gather.XXXXXX)
trap 'rm -rf "$work"' EXIT

printf '%6s %10s %12s %12s\n' ranks gathers "mean ms" "longest ms"
for n in "${ranks[@]}"; do
	"${mpirun[@]}" -np "$n" "$bin" mark "$work" --profile=default \
		--read-only --size=4m --runs=3 --runtime=1 --interval=0 \
		--no-warmup >/dev/null 2>"$work/err" ||
		{ echo "mpi-gather-cost: $n ranks failed: $(tail -5 "$work/err")" >&2; exit 1; }
	sed -n 's/.*\([0-9][0-9]*\) ranks, \([0-9]*\) gathers of their results: \([0-9.]*\) ms each on average, \([0-9.]*\) ms the longest.*/\2 \3 \4/p' \
		"$work/err" | { read -r g mean max; printf '%6s %10s %12s %12s\n' "$n" "$g" "$mean" "$max"; }
done

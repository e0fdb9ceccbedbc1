/* SPDX-License-Identifier: MIT */
/*
 * Several hosts in one run (lunmark-mpi): the table of sides, and each
 * side's row of one run. A run's result (result.h) and a mark's counted
 * run (suite/cell.h) hold the rows when they are the sum of several
 * sides; the sum is their figures, its histogram the exact merge of the
 * sides'.
 */
#ifndef LM_RESULT_RANKS_H
#define LM_RESULT_RANKS_H

#include "src/stats/stats.h"

#define LM_RANK_HOST_MAX 64u

/* One side: its MPI rank, host and clock. */
struct lm_rank {
	unsigned int rank;
	char host[LM_RANK_HOST_MAX];
	/* its monotonic clock minus rank 0's, as measured, and the round
	 * trip of the best measurement (the offset is good to half of it) */
	double clock_offset_us;
	double rtt_us;
};

/* One side's part of one run. */
struct lm_rank_run {
	unsigned int rank;
	struct lm_summary s[LM_SUMS]; /* read, write, both */
	/* its measured window on rank 0's clock, from the earliest start
	 * of any side's */
	double start_us;
	double end_us;
	int io_errno; /* its first IO error, 0 if none */
	bool interrupted;
};

/* How far apart the sides' windows started and ended, in µs. */
struct lm_rank_skew {
	double start_us;
	double end_us;
};
void lm_rank_skew(const struct lm_rank_run *rows, unsigned int n,
		  struct lm_rank_skew *out);

/* Side @k's figure of summary @sum over @nruns counted runs, each with
 * @nrows rows (the row of rank k at index k): the median of its runs'
 * MB/s, IOPS and mean latency into @out's mb_s, iops and lat_mean_us. */
struct lm_cell_run;
void lm_rank_headline(const struct lm_cell_run *runs, unsigned int nruns,
		      unsigned int k, unsigned int sum, struct lm_summary *out);

#endif

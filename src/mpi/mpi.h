/* SPDX-License-Identifier: MIT */
/*
 * lunmark-mpi: lunmark's mark and run on many hosts at once, one MPI rank
 * each, through the clock and gather seam (src/run/clock.h). This folder
 * is the only code that includes <mpi.h>; it is built into lunmark-mpi
 * alone (mpicc), against the same liblunmark.a as lunmark.
 *
 * Only the main thread calls MPI (MPI_THREAD_FUNNELED): the workers never
 * see it. The ranks exchange their structs as bytes, so every rank must
 * run the same lunmark-mpi build on the same architecture.
 */
#ifndef LM_MPI_H
#define LM_MPI_H

#include "src/result/ranks.h"
#include "src/run/clock.h"

#include <stdbool.h>
#include <stdint.h>

struct lm_mpi {
	int rank;
	int size;
	struct lm_rank *ranks; /* every rank's host and clock, on every rank */
	int64_t offset_ns;     /* this rank's monotonic clock minus rank 0's */
	/* a peer was lost (a collective outlived a stop signal): no more
	 * collectives; each rank ends on its own */
	bool broken;
	struct lm_run_clock clock;
	/* what the gathers cost this rank: how many, their time together
	 * and the longest (rank 0 notes it at the end) */
	unsigned int gathers;
	uint64_t gather_ns;
	uint64_t gather_max_ns;
};

/* After MPI_Init: rank, size, every host's name, and each rank's clock
 * offset against rank 0 (measured from rank 0, a few round trips each).
 * 0 or -errno. */
int lm_mpi_init(struct lm_mpi *x);
void lm_mpi_free(struct lm_mpi *x);

/*
 * @in with %r as the rank, %h as the host's name and %% as %, into @out
 * of @size bytes; -ENAMETOOLONG when it does not fit, -EINVAL for a % of
 * anything else.
 */
int lm_mpi_expand(const struct lm_mpi *x, const char *in, char *out,
		  size_t size);

/* The gather (clock.h's): the ranks' rows to rank 0, the sum there. */
int lm_mpi_gather(struct lm_mpi *x, uint64_t t0_ns, uint64_t stop_ns,
		  struct lm_run_result *r);

/* Wait for @req, giving up when a stop signal has been seen for a few
 * seconds and the collective still has not completed (a peer is gone):
 * then x->broken. True when it completed. */
bool lm_mpi_wait(struct lm_mpi *x, void *req);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * A group of one run's workers (a target's, or a span of targets') and its
 * result: the per-second samples the main thread takes from the workers'
 * live counters while they run, and the merge of what they measured once
 * they are joined (run.c keeps the clock and the threads).
 */
#ifndef LM_RUN_GROUP_H
#define LM_RUN_GROUP_H

#include "src/result/result.h"
#include "src/run/worker.h"

#include <stdbool.h>
#include <stdint.h>

/* The workers of one target (or of all, for the sum) and their result. */
struct lm_group {
	struct lm_worker *w;
	unsigned int n;
	struct lm_run_result *r;
	uint64_t last[4][LM_DIRS]; /* counters at the previous sample */
	uint64_t delay_ns;	   /* measures this long after the clock's t0 */
};

/* A sample of the last @dur_ns into g->r's series (at most @cap of
 * them); 0 takes the baseline only. */
void lm_group_sample(struct lm_group *g, uint64_t dur_ns, unsigned int cap);

/* The joined workers' figures into g->r: latencies, counts, errors, the
 * verify tally, the IO records, and the series cut to the group's own
 * window (@t0: when the clock's window opened). */
void lm_group_merge(struct lm_group *g, uint64_t t0);

/* Are all the group's workers done with their loop? */
bool lm_group_done(const struct lm_group *g);

/* Stop the group's workers at once (fio's exitall), in any phase. */
void lm_group_halt(struct lm_group *g);

#endif

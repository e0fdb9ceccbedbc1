/* SPDX-License-Identifier: MIT */
/*
 * Latency per IO priority, for fio's prios[]: one histogram per priority
 * value (src/job/prio.h) of one direction. A worker's has its job's
 * priorities in its plan's order, set up before its IOs, and counts by
 * index in the loop (no allocation there); a result's merges its
 * workers' by value, as fio merges a group's.
 */
#ifndef LM_STATS_PRIOLAT_H
#define LM_STATS_PRIOLAT_H

#include "src/stats/hist.h"
#include "src/stats/stats.h"

#include <stdint.h>

#define LM_PRIOLAT_MAX 32u /* distinct priorities a result keeps */

struct lm_priolat {
	unsigned int n;
	uint16_t val[LM_PRIOLAT_MAX];
	struct lm_hist *h; /* n of them; owned */
	/* what a report prints of each, lm_priolat_summarize()'s (owned;
	 * NULL before) */
	struct lm_summary *sum;
};

/* @p with an empty histogram for each of the @n values @val (n at most
 * LM_PRIOLAT_MAX), in that order. Returns 0 or -ENOMEM. */
int lm_priolat_init(struct lm_priolat *p, const uint16_t *val, unsigned int n);

/* @h's latencies, of priority @val, merged into @p's of that value; a
 * value new to @p is added after the others (and left out past
 * LM_PRIOLAT_MAX). Returns 0 or -ENOMEM. */
int lm_priolat_add(struct lm_priolat *p, uint16_t val, const struct lm_hist *h);

/* How many of @p's priorities have an IO (fio prints prios[] from 2). */
unsigned int lm_priolat_used(const struct lm_priolat *p);

/* Each priority's latency summed up into p->sum, as direction @dir of a
 * run of @elapsed_ns. Returns 0 or -ENOMEM. */
int lm_priolat_summarize(struct lm_priolat *p, uint64_t elapsed_ns,
			 unsigned int dir);

/* Free what @p owns; it is empty after. */
void lm_priolat_free(struct lm_priolat *p);

#endif

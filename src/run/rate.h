/* SPDX-License-Identifier: MIT */
/*
 * A job's pace (fio's rate, rate_iops, rate_process): when its next IO
 * of each direction may be issued. The schedule counts from the pass's
 * start, so an IO the device held back is made up after, and the mean is
 * the rate asked, as fio's linear process; with poisson each gap is drawn
 * from the exponential law of the same mean. The job's own thread keeps
 * it: nothing here locks. A job without a rate is never held.
 */
#ifndef LM_RUN_RATE_H
#define LM_RUN_RATE_H

#include "src/job/job.h"
#include "src/job/offset.h"
#include "src/stats/stats.h"

#include <stdbool.h>
#include <stdint.h>

struct lm_rate {
	bool on;
	bool poisson;
	double ns_per_io[LM_DIRS];   /* 10^9 / rate_iops; 0: no cap */
	double ns_per_byte[LM_DIRS]; /* 10^9 / rate in bytes/s; 0: no cap */
	double next_ns[LM_DIRS];     /* the earliest the next IO may go */
	struct lm_rand r;
};

/* @j's caps into @p; the gaps of poisson are drawn from @seed. */
void lm_rate_init(struct lm_rate *p, const struct lm_job *j, uint64_t seed);

/* The schedule starts at @now: the first IO of each direction may go. */
void lm_rate_start(struct lm_rate *p, uint64_t now);

/* May an IO of @len bytes in direction @dir go at @now? If so, it is
 * booked, and the next one of @dir waits its gap. */
bool lm_rate_take(struct lm_rate *p, unsigned int dir, uint32_t len,
		  uint64_t now);

/* When the first held direction may go again (monotonic ns). */
uint64_t lm_rate_wake(const struct lm_rate *p);

/* Sleep until @at_ns (monotonic), a tenth of a second at most, so that a
 * stop is seen. */
void lm_rate_sleep(uint64_t at_ns);

#endif

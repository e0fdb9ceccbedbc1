/* SPDX-License-Identifier: MIT */
#ifndef LM_RUN_PLAN_H
#define LM_RUN_PLAN_H

#include "src/job/job.h"

#include <stdbool.h>
#include <stdint.h>

/*
 * When the jobs of one run (run at once) start to measure, and how long
 * the run's clock runs. A job leads in for its startdelay (no IO: its
 * workers wait) and its ramp_time (IO, not measured). The clock's
 * ramp_ns in @clock is the shortest lead; @delay[k] is how much later job
 * @k measures; the clock's runtime_ns covers the last job's end, or is 0
 * (until every job is done) when one has no runtime. A job that waits
 * for others (wait_mask, fio's wait_for; never @jobs[0]) starts when they
 * are done: its delay is LM_PLAN_WAIT until the run's main thread knows
 * it, it leads the clock in for nothing, and the clock runs until every
 * job is done. @clock is a copy of @jobs[0] otherwise.
 */
#define LM_PLAN_WAIT (UINT64_MAX / 4)

void lm_run_plan(const struct lm_job *const *jobs, unsigned int n,
		 struct lm_job *clock, uint64_t *delay);

/* IOs a thread moves in a size-limited run: io_size, or one pass (less
 * than the region's blocks with a skip forward, rw=read:8k). */
static inline uint64_t lm_plan_pass_ios(const struct lm_job *j)
{
	return j->io_bytes ? j->io_bytes / j->bs_bytes
			   : lm_dist_pass(&j->dist, j->size_bytes / j->bs_bytes,
					  j->bs_bytes);
}

/* Does a size-limited pass of @j's end at its cursor's limit (sequential,
 * or random on a map), its IOs counted by their claims? */
static inline bool lm_plan_cursor_limited(const struct lm_job *j)
{
	return !j->time_based && (!lm_rw_random(j->rw) || lm_job_mapped(j));
}

#endif

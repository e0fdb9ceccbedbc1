// SPDX-License-Identifier: MIT
/* When the jobs of a run measure (plan.h). */
#include "src/run/plan.h"

static uint64_t lm_lead(const struct lm_job *j)
{
	return j->startdelay_ns + j->ramp_ns;
}

void lm_run_plan(const struct lm_job *const *jobs, unsigned int n,
		 struct lm_job *clock, uint64_t *delay)
{
	unsigned int k;
	bool until_done = false;

	*clock = *jobs[0];
	clock->ramp_ns = lm_lead(jobs[0]);
	for (k = 1; k < n; k++)
		if (!jobs[k]->wait_mask && lm_lead(jobs[k]) < clock->ramp_ns)
			clock->ramp_ns = lm_lead(jobs[k]);
	/* each job leads in for its own time: the clock ramps for the
	 * shortest, the others measure later; it runs until the last ends */
	clock->runtime_ns = 0;
	for (k = 0; k < n; k++) {
		until_done |= jobs[k]->wait_mask != 0;
		delay[k] = jobs[k]->wait_mask
				   ? LM_PLAN_WAIT
				   : lm_lead(jobs[k]) - clock->ramp_ns;
		if (delay[k] + jobs[k]->runtime_ns > clock->runtime_ns)
			clock->runtime_ns = delay[k] + jobs[k]->runtime_ns;
	}
	for (k = 0; k < n; k++)
		until_done |= !jobs[k]->runtime_ns;
	if (until_done)
		clock->runtime_ns = 0; /* until every job is done */
}

// SPDX-License-Identifier: MIT
/* fio's groups and phases of a job file's jobs (groups.h). */
#include "fio-compat/groups.h"

#include <errno.h>
#include <stdio.h>

/* Do two steady states differ as fio tells them apart? */
static bool lm_fio_ss_differ(const struct lm_steady_conf *a,
			     const struct lm_steady_conf *b)
{
	if (!a->on || !b->on)
		return a->on != b->on;
	/* fio compares ss_dur in whole seconds */
	return a->metric != b->metric || a->slope != b->slope ||
	       a->pct != b->pct || a->limit != b->limit ||
	       a->dur_ns / 1000000000 != b->dur_ns / 1000000000 ||
	       a->ramp_ns != b->ramp_ns;
}

/* fio's steadystate.c: the jobs of one reporting group (groupid) have
 * one steady state, or none; a job that differs from one before it is
 * rejected. */
int lm_fio_groups_check(const struct lm_fio_jobs *out, char *msg, size_t len)
{
	const struct lm_fio_job *a, *b;
	unsigned int i, k;

	for (k = 1; k < out->n; k++) {
		b = &out->jobs[k];
		for (i = 0; i < k; i++) {
			a = &out->jobs[i];
			if (a->group != b->group ||
			    !lm_fio_ss_differ(&a->job.ss, &b->job.ss))
				continue;
			snprintf(
				msg, len,
				"%s:%u: job '%s': its steady state (ss, ss_dur, ss_ramp) differs from job '%s' of its group; fio rejects it too (\"steadystate options must be consistent within reporting groups\"): give them one, or a new_group",
				b->file, b->line, b->job.name, a->job.name);
			return -EINVAL;
		}
	}
	return 0;
}

void lm_fio_groups(struct lm_fio_jobs *out)
{
	unsigned int i, group = 0, phase = 0;
	bool exitall = false;

	for (i = 0; i < out->n; i++) {
		struct lm_fio_job *fj = &out->jobs[i];

		if (i && !fj->clone && (fj->stonewall || fj->new_group))
			group++;
		if (i && !fj->clone && fj->stonewall)
			phase++;
		fj->group = group;
		fj->phase = phase;
		fj->job.exit_group = group;
		/* fio's steady state: a thread's files summed, and a
		 * group_reporting group's jobs (steadystate.c) */
		fj->job.ss_span = true;
		exitall |= fj->job.exitall;
	}
	/* fio's exitall is the process's: any job's makes every job's end
	 * stop others, each by its own exit_what */
	for (i = 0; i < out->n; i++)
		out->jobs[i].job.exitall = exitall;
	out->ngroups = group + 1;
	out->nphases = phase + 1;
	/* group_reporting: as fio's, a job with it joins the entry before
	 * it in its group (with numjobs=2 and no group_reporting, then a
	 * job with it, the second clone and that job are one entry) */
	for (i = 0; i < out->n; i++)
		out->jobs[i].joins =
			i && out->jobs[i].group_reporting &&
			out->jobs[i - 1].group == out->jobs[i].group;
	for (i = 0; i < out->n; i++)
		out->jobs[i].summed =
			out->jobs[i].joins ||
			(i + 1 < out->n && out->jobs[i + 1].joins);
}

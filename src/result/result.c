// SPDX-License-Identifier: MIT
#include "src/result/result.h"

#include "src/lunmark.h"

#include <stdio.h>
#include <stdlib.h>

void lm_run_result_move(struct lm_run_result *to, struct lm_run_result *from)
{
	*to = *from;
	from->series = NULL;
	from->nseries = 0;
	from->ss.iops = from->ss.bw = NULL;
	from->ss.n = 0;
	from->iolog = NULL;
	from->niolog = 0;
	from->ranks = NULL;
	from->nranks = 0;
}

void lm_run_result_summarize(struct lm_run_result *r)
{
	struct lm_hist both;
	unsigned int d;
	uint64_t wall;

	for (d = 0; d < LM_DIRS; d++)
		lm_summarize(&r->sum[d], &r->lat[d], r->ios[d], r->bytes[d],
			     r->errors[d], r->elapsed_ns, r->series, r->nseries,
			     d);
	lm_hist_init(&both);
	lm_hist_merge(&both, &r->lat[LM_DIR_READ]);
	lm_hist_merge(&both, &r->lat[LM_DIR_WRITE]);
	lm_summarize(&r->sum[LM_SUM_ALL], &both, r->ios[0] + r->ios[1],
		     r->bytes[0] + r->bytes[1], r->errors[0] + r->errors[1],
		     r->elapsed_ns, r->series, r->nseries, LM_SUM_ALL);
	/* a share of the wall time the CPU was measured over: on a short
	 * run the teardown after the last IO is much of it */
	wall = r->cpu_wall_ns > r->elapsed_ns ? r->cpu_wall_ns : r->elapsed_ns;
	if (wall) {
		r->usr_pct = r->cpu.usr_s * 1e11 / (double)wall;
		r->sys_pct = r->cpu.sys_s * 1e11 / (double)wall;
	}
	/* under 0.1 s the clock ticks and the setup around it dominate */
	r->cpu_pct_known = wall >= 100000000ull;
}

void lm_run_result_free(struct lm_run_result *r)
{
	unsigned int i;

	free(r->series);
	r->series = NULL;
	lm_steady_state_free(&r->ss);
	for (i = 0; i < r->niolog; i++)
		lm_iolog_free(&r->iolog[i]);
	free(r->iolog);
	r->iolog = NULL;
	r->niolog = 0;
	r->nseries = 0;
	free(r->ranks);
	r->ranks = NULL;
	r->nranks = 0;
}

const char *lm_run_result_error(const struct lm_run_result *r, char *buf,
				size_t len)
{
	const char *text = lm_errtext(r->io_errno, r->io_errtext);

	if (r->io_err_offset == LM_ERR_NOT_IO)
		snprintf(buf, len, "%s", text);
	else
		snprintf(buf, len, "%s at offset %llu failed: %s",
			 r->io_err_write ? "write" : "read",
			 (unsigned long long)r->io_err_offset, text);
	return buf;
}

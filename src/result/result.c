// SPDX-License-Identifier: MIT
#include "src/result/result.h"

#include "src/lunmark.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	from->rb_series = NULL;
	from->nrb = 0;
	memset(from->prio, 0, sizeof(from->prio));
}

void lm_run_result_summarize(struct lm_run_result *r)
{
	const struct lm_sample *series;
	struct lm_hist both;
	unsigned int d, n;
	uint64_t wall;

	for (d = 0; d < LM_DIRS; d++) {
		series = lm_run_result_dir_series(r, d, &n);
		lm_summarize(&r->sum[d], &r->lat[d], r->ios[d], r->bytes[d],
			     r->errors[d], lm_run_result_dir_ns(r, d), series,
			     n, d);
		/* a report without them if memory runs out */
		if (lm_priolat_used(&r->prio[d]) >= 2)
			(void)lm_priolat_summarize(
				&r->prio[d], lm_run_result_dir_ns(r, d), d);
	}
	lm_hist_init(&both);
	for (d = 0; d < LM_DIRS; d++)
		lm_hist_merge(&both, &r->lat[d]);
	lm_summarize(&r->sum[LM_SUM_ALL], &both, lm_dirs_sum(r->ios),
		     lm_dirs_sum(r->bytes), lm_dirs_sum(r->errors),
		     lm_run_result_dir_ns(r, LM_DIR_WRITE) + r->rb_ns,
		     r->series, r->nseries, LM_SUM_ALL);
	lm_summarize(&r->sync_sum, &r->sync_lat, r->sync_lat.count, 0, 0,
		     r->elapsed_ns, NULL, 0, LM_SUM_ALL);
	/* a share of the wall time the CPU was measured over: on a short
	 * run the teardown after the last IO is much of it */
	wall = r->cpu_wall_ns > r->elapsed_ns ? r->cpu_wall_ns : r->elapsed_ns;
	if (wall) {
		r->usr_pct = r->cpu.usr_s * 1e11 / (double)wall;
		r->sys_pct = r->cpu.sys_s * 1e11 / (double)wall;
	}
	if (r->job_cpu_s > 0) {
		r->job_usr_pct = r->job_cpu.usr_s * 100 / r->job_cpu_s;
		r->job_sys_pct = r->job_cpu.sys_s * 100 / r->job_cpu_s;
	} else {
		/* no thread completed an IO in the window: the process's */
		r->job_cpu = r->cpu;
		r->job_usr_pct = r->usr_pct;
		r->job_sys_pct = r->sys_pct;
	}
	/* under 0.1 s the clock ticks and the setup around it dominate */
	r->cpu_pct_known = wall >= 100000000ull;
}

void lm_run_result_free(struct lm_run_result *r)
{
	unsigned int i;

	free(r->series);
	r->series = NULL;
	free(r->rb_series);
	r->rb_series = NULL;
	r->nrb = 0;
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
	for (i = 0; i < LM_DIRS; i++)
		lm_priolat_free(&r->prio[i]);
}

const char *lm_run_result_error(const struct lm_run_result *r, char *buf,
				size_t len)
{
	const char *text = lm_errtext(r->io_errno, r->io_errtext);

	if (r->io_err_offset == LM_ERR_NOT_IO)
		snprintf(buf, len, "%s", text);
	else
		snprintf(buf, len, "%s at offset %llu failed: %s",
			 lm_dir_name(r->io_err_dir),
			 (unsigned long long)r->io_err_offset, text);
	return buf;
}

uint64_t lm_run_result_dir_ns(const struct lm_run_result *r, unsigned int d)
{
	if (d == LM_DIR_READ && r->rb_ns)
		return r->rb_ns;
	return r->runtime_max_ns ? r->runtime_max_ns : r->elapsed_ns;
}

const struct lm_sample *lm_run_result_dir_series(const struct lm_run_result *r,
						 unsigned int d,
						 unsigned int *n)
{
	bool rb = d == LM_DIR_READ && r->rb_ns;

	*n = rb ? r->nrb : r->nseries;
	return rb ? r->rb_series : r->series;
}

void lm_run_result_add_readback(struct lm_run_result *to,
				struct lm_run_result *rb)
{
	const unsigned int d = LM_DIR_READ;

	to->lat[d] = rb->lat[d];
	to->slat[d] = rb->slat[d];
	to->clat[d] = rb->clat[d];
	lm_priolat_free(&to->prio[d]);
	to->prio[d] = rb->prio[d];
	memset(&rb->prio[d], 0, sizeof(rb->prio[d]));
	to->ios[d] = rb->ios[d];
	to->bytes[d] = rb->bytes[d];
	to->errors[d] = rb->errors[d];
	to->bw_samples[d] = rb->bw_samples[d];
	to->iops_samples[d] = rb->iops_samples[d];
	lm_verify_tally_add(&to->verify, &rb->verify);
	/* one job's thread stats, as fio's verify phase keeps them */
	lm_depths_add(&to->depths, &rb->depths);
	to->err_gone += rb->err_gone;
	if (!to->err_first)
		to->err_first = rb->err_first;
	if (rb->io_errno && !to->io_errno) {
		to->io_errno = rb->io_errno;
		to->io_err_offset = rb->io_err_offset;
		to->io_err_dir = rb->io_err_dir;
		memcpy(to->io_errtext, rb->io_errtext, sizeof(to->io_errtext));
	}
	to->interrupted |= rb->interrupted;
	to->rb_ns = rb->elapsed_ns ? rb->elapsed_ns : 1;
	free(to->rb_series);
	to->rb_series = rb->series;
	to->nrb = rb->nseries;
	rb->series = NULL;
	rb->nseries = 0;
	lm_run_result_summarize(to);
}

// SPDX-License-Identifier: MIT
#include "suite.h"
#include "lunmark.h"
#include "run.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void lm_suite_defaults(struct lm_suite_opts *o)
{
	memset(o, 0, sizeof(*o));
	lm_job_defaults(&o->base);
	o->size_bytes = 1ull << 30;
	o->runtime_ns = 5000000000ull;
	o->interval_ns = 5000000000ull;
	o->runs = 5;
	o->warmup = true;
	o->read = true;
	o->write = true;
	o->agg = LM_AGG_MEDIAN;
}

void lm_suite_job(const struct lm_suite_opts *o, const struct lm_test *t,
		  enum lm_dir d, struct lm_job *j)
{
	*j = o->base;
	snprintf(j->name, sizeof(j->name), "%s %s", t->label,
		 d == LM_DIR_READ ? "read" : "write");
	if (t->random)
		j->rw = d == LM_DIR_READ ? LM_RW_RANDREAD : LM_RW_RANDWRITE;
	else
		j->rw = d == LM_DIR_READ ? LM_RW_READ : LM_RW_WRITE;
	j->bs_bytes = t->bs_bytes;
	j->iodepth = t->qd;
	j->threads = t->threads;
	j->size_bytes = o->size_bytes;
	j->runtime_ns = o->runtime_ns;
	j->time_based = true;
}

int lm_suite_check(const struct lm_suite_opts *o, const struct lm_profile *p,
		   const struct lm_target *t)
{
	char msg[256];
	struct lm_job j;
	unsigned int i;

	for (i = 0; i < p->ntests; i++) {
		lm_suite_job(o, &p->tests[i], LM_DIR_READ, &j);
		if (lm_job_check(&j, msg, sizeof(msg))) {
			lm_err("%s: %s", p->tests[i].label, msg);
			return LM_EXIT_USAGE;
		}
		if (lm_job_fit(&j, t->size_bytes, t->lbs_bytes, t->max_io_bytes,
			       msg, sizeof(msg))) {
			lm_err("%s: %s", t->name, msg);
			return LM_EXIT_FIT;
		}
	}
	return 0;
}

void lm_cell_aggregate(struct lm_cell *c, enum lm_aggregate agg)
{
	double mb[LM_RUNS_MAX], iops[LM_RUNS_MAX], lat[LM_RUNS_MAX];
	unsigned int i, best = 0;

	memset(&c->headline, 0, sizeof(c->headline));
	if (!c->nruns)
		return;
	if (agg == LM_AGG_MAX) {
		for (i = 1; i < c->nruns; i++)
			if (c->runs[i].mb_s > c->runs[best].mb_s)
				best = i;
		c->headline = c->runs[best];
		return;
	}
	for (i = 0; i < c->nruns; i++) {
		mb[i] = c->runs[i].mb_s;
		iops[i] = c->runs[i].iops;
		lat[i] = c->runs[i].lat_mean_us;
	}
	c->headline.mb_s = lm_median(mb, c->nruns);
	c->headline.iops = lm_median(iops, c->nruns);
	c->headline.lat_mean_us = lm_median(lat, c->nruns);
}

/* Sleep @ns, or less when a signal stops the run. */
static void lm_interval(uint64_t ns)
{
	struct timespec ts = { .tv_sec = (time_t)(ns / 1000000000ull),
			       .tv_nsec = (long)(ns % 1000000000ull) };

	while (!lm_stop && nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* May reads be of data lunmark wrote? Prefill once if so. */
static int lm_suite_prefill(const struct lm_suite_opts *o,
			    const struct lm_target *t, const struct lm_job *j,
			    struct lm_mark_result *m)
{
	int ret;

	if (m->prefilled || !o->base.prefill)
		return 0;
	if (t->kind != LM_TARGET_TESTFILE && !o->allow_write)
		return 0;
	ret = lm_prefill(j, t);
	if (!ret)
		m->prefilled = true;
	return ret;
}

/* The warm-up and counted runs of one cell. Returns an exit code or 0. */
static int lm_suite_cell(const struct lm_suite_opts *o,
			 const struct lm_target *t, const struct lm_job *j,
			 enum lm_dir d, struct lm_cell *c,
			 struct lm_mark_result *m)
{
	unsigned int k, total = o->runs + (o->warmup ? 1 : 0);
	struct lm_run_result r;
	int ret;

	for (k = 0; k < total && !lm_stop; k++) {
		ret = lm_run(j, t, &r);
		if (ret)
			return ret;
		if (!m->note[0] && r.note[0])
			memcpy(m->note, r.note, sizeof(m->note));
		/* a warm-up run, or one a signal cut short before it had
		 * measured anything, is not counted */
		if ((k > 0 || !o->warmup) && r.elapsed_ns && r.ios[d] &&
		    !r.io_errno)
			c->runs[c->nruns++] = r.sum[d];
		if (r.io_errno) {
			m->io_errno = r.io_errno;
			m->io_err_offset = r.io_err_offset;
			memcpy(m->io_errtext, r.io_errtext,
			       sizeof(m->io_errtext));
			snprintf(m->io_err_test, sizeof(m->io_err_test), "%s",
				 j->name);
		}
		lm_run_result_free(&r);
		if (m->io_errno)
			return LM_EXIT_IO;
	}
	return 0;
}

int lm_suite_mark(const struct lm_suite_opts *o, const struct lm_profile *p,
		  const struct lm_target *t, struct lm_mark_result *m)
{
	unsigned int i, d, done = 0;
	struct lm_job j;
	int ret = 0;

	memset(m, 0, sizeof(*m));
	m->profile = p;
	m->cells = calloc(p->ntests, sizeof(*m->cells));
	if (!m->cells) {
		lm_err("out of memory");
		return LM_EXIT_ENGINE;
	}
	for (i = 0; i < p->ntests; i++) {
		m->cells[i][LM_DIR_READ].wanted = o->read;
		m->cells[i][LM_DIR_WRITE].wanted = o->write;
	}
	for (i = 0; i < p->ntests && !ret && !lm_stop; i++) {
		for (d = 0; d < LM_DIRS && !ret && !lm_stop; d++) {
			struct lm_cell *c = &m->cells[i][d];

			if (!c->wanted)
				continue;
			lm_suite_job(o, &p->tests[i], (enum lm_dir)d, &j);
			/* cannot fail: lm_suite_check() fitted every job */
			(void)lm_job_fit(&j, t->size_bytes, t->lbs_bytes,
					 t->max_io_bytes, NULL, 0);
			/* a test file is prefilled whatever runs first, as
			 * CrystalDiskMark does; a device only before reads */
			if (d == LM_DIR_READ || t->kind == LM_TARGET_TESTFILE)
				ret = lm_suite_prefill(o, t, &j, m);
			if (ret)
				break;
			if (done++)
				lm_interval(o->interval_ns);
			if (lm_stop)
				break;
			ret = lm_suite_cell(o, t, &j, (enum lm_dir)d, c, m);
			lm_cell_aggregate(c, o->agg);
		}
	}
	m->interrupted = lm_stop != 0;
	if (m->interrupted && (!ret || ret == LM_EXIT_INTERRUPTED))
		ret = LM_EXIT_INTERRUPTED;
	return ret;
}

void lm_mark_result_free(struct lm_mark_result *m)
{
	free(m->cells);
	m->cells = NULL;
}

bool lm_mark_has_news(const struct lm_mark_result *m)
{
	unsigned int i;

	if (!m->cells)
		return false;
	if (m->interrupted || m->io_errno)
		return true;
	for (i = 0; i < m->profile->ntests; i++)
		if (m->cells[i][LM_DIR_READ].nruns ||
		    m->cells[i][LM_DIR_WRITE].nruns)
			return true;
	return false;
}

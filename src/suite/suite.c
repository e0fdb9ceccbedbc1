// SPDX-License-Identifier: MIT
/* Carrying out a suite's plan: see suite.h. */
#include "src/suite/suite.h"
#include "src/lunmark.h"
#include "src/run/copy.h"
#include "src/suite/progress.h"
#include "src/run/prefill.h"
#include "src/run/run.h"
#include "src/target/identity.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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
	ret = lm_prefill(j, t, stderr);
	if (!ret)
		m->prefilled = true;
	return ret;
}

/*
 * Does job @j want the region written first? A test file always, as
 * CrystalDiskMark does; a device before reads; a sweep only when it has no
 * write pass of its own to read back; a copy never (it writes its files);
 * the cache profile on a device never: writing would warm the cache it
 * measures cold.
 */
static bool lm_prefill_before(const struct lm_suite_opts *o,
			      const struct lm_profile *p,
			      const struct lm_target *t, const struct lm_job *j)
{
	if (p->kind == LM_PK_COPY)
		return false;
	if (t->kind == LM_TARGET_TESTFILE)
		return true;
	if (p->kind == LM_PK_CACHE)
		return false;
	if (p->kind == LM_PK_SWEEP)
		return !o->write;
	return lm_rw_reads(j->rw);
}

/* Run @r (of job @name) is over: its checks count in @m's, and an IO
 * error ends the mark, @m keeping it. LM_EXIT_IO, or 0 without one. */
static int lm_mark_run_end(struct lm_mark_result *m,
			   const struct lm_run_result *r, const char *name)
{
	if (r->verify.bad && !m->verify.bad)
		snprintf(m->verify_test, sizeof(m->verify_test), "%s", name);
	lm_verify_tally_add(&m->verify, &r->verify);
	m->reconnects += r->reconnects;
	m->reconnected = m->reconnects > 0;
	if (!r->io_errno)
		return 0;
	m->io_errno = r->io_errno;
	m->io_err_offset = r->io_err_offset;
	memcpy(m->io_errtext, r->io_errtext, sizeof(m->io_errtext));
	snprintf(m->io_err_test, sizeof(m->io_err_test), "%s", name);
	return LM_EXIT_IO;
}

/* The warm-up and counted runs of one cell. Returns an exit code or 0. */
static int lm_suite_cell(const struct lm_suite_opts *o,
			 const struct lm_target *t, const struct lm_job *j,
			 unsigned int sum, struct lm_cell *c,
			 struct lm_mark_result *m, struct lm_progress *pg)
{
	bool warmup = o->warmup && !c->by_rounds && !c->sustain;
	unsigned int k, total = o->runs + (warmup ? 1 : 0);
	struct lm_run_result r;
	int ret;

	if (c->by_rounds)
		total = o->max_rounds;
	else if (c->sustain)
		total = 1;
	for (k = 0; k < total && !lm_stop; k++) {
		if (c->by_rounds) {
			lm_cell_rounds(c, sum);
			if (c->ss.steady)
				break;
		}
		lm_progress_run(pg, j->name, k, total, warmup);
		if (c->files)
			ret = lm_copy_run(j, t, c->files, c->file_bytes,
					  lm_rw_writes(j->rw), &r);
		else
			ret = lm_run_watched(j, t, &r, lm_progress_tick, pg);
		lm_progress_run_done(pg);
		if (ret)
			return ret;
		if (!m->note[0] && r.note[0])
			memcpy(m->note, r.note, sizeof(m->note));
		/* a warm-up run, or one a signal cut short before it had
		 * measured anything, is not counted */
		if ((k > 0 || !warmup) && r.elapsed_ns && r.sum[sum].ios &&
		    !r.io_errno) {
			struct lm_cell_run *cr = &c->runs[c->nruns++];

			memcpy(cr->s, r.sum, sizeof(r.sum));
			cr->cpu_s = r.cpu.usr_s + r.cpu.sys_s;
			cr->host_cpu_s = r.cpu.host_s;
			/* the cell keeps the run's samples */
			cr->series = r.series;
			cr->nseries = r.nseries;
			r.series = NULL;
			cr->ranks = r.ranks;
			cr->nranks = r.nranks;
			cr->ranked = r.nranks > 0;
			r.ranks = NULL;
		}
		ret = lm_mark_run_end(m, &r, j->name);
		lm_run_result_free(&r);
		if (ret)
			return ret;
	}
	return 0;
}

/* The cache profile's primer before a read test's cold pass: not counted,
 * in the last LM_PRIMER_BYTES of the target (suite.h). */
static int lm_suite_primer(const struct lm_target *t, const struct lm_job *j,
			   struct lm_mark_result *m)
{
	struct lm_run_result r;
	struct lm_job pj = *j;
	int ret;

	pj.offset_bytes = t->size_bytes - m->primer_bytes;
	pj.size_bytes = m->primer_bytes;
	pj.runtime_ns = LM_PRIMER_NS;
	pj.time_based = true;
	snprintf(pj.name, sizeof(pj.name), "%.54s primer", j->name);
	ret = lm_run(&pj, t, &r);
	if (ret)
		return ret;
	ret = lm_mark_run_end(m, &r, pj.name);
	lm_run_result_free(&r);
	return ret;
}

/*
 * The cache profile's miss run after a read test's passes: random reads
 * for --runtime over the miss region, each block at most once, starting
 * after the working sets.
 */
static int lm_suite_miss(const struct lm_suite_opts *o,
			 const struct lm_target *t, const struct lm_job *j,
			 unsigned int sum, struct lm_cell *c,
			 struct lm_mark_result *m, struct lm_progress *pg)
{
	struct lm_run_result r;
	struct lm_job mj = *j;
	int ret;

	mj.offset_bytes = lm_suite_size(o, m->profile);
	mj.size_bytes = m->miss_bytes;
	mj.runtime_ns = o->runtime_ns;
	mj.time_based = true;
	mj.seed = j->seed + 1 +
		  (uint64_t)(j->offset_bytes / o->working_set_bytes);
	snprintf(mj.name, sizeof(mj.name), "%.54s miss", j->name);
	lm_progress_run(pg, mj.name, 0, 1, false);
	ret = lm_run_watched(&mj, t, &r, lm_progress_tick, pg);
	lm_progress_run_done(pg);
	if (ret)
		return ret;
	if (r.elapsed_ns && r.sum[sum].ios && !r.io_errno && !r.interrupted) {
		memcpy(c->miss, r.sum, sizeof(c->miss));
		c->has_miss = true;
	} else if (!r.io_errno && !r.interrupted && !m->miss_why[0]) {
		/* not a figure of 0: said why there is none */
		snprintf(
			m->miss_why, sizeof(m->miss_why),
			"no miss run figure: %.60s's miss run completed no IO within --runtime",
			j->name);
	}
	ret = lm_mark_run_end(m, &r, mj.name);
	lm_run_result_free(&r);
	return ret;
}

static void lm_suite_plan(const struct lm_suite_opts *o,
			  const struct lm_profile *p, const struct lm_target *t,
			  struct lm_mark_result *m, struct lm_progress *pg)
{
	unsigned int cells = lm_suite_want(o, p, t, m->cells);

	lm_progress_plan(pg, p->name, cells, o->runs + (o->warmup ? 1 : 0),
			 lm_suite_runtime(o, p), o->interval_ns);
}

/* After the runs: bars for a sweep, the link's share for throughput. */
static void lm_suite_finish(const struct lm_suite_opts *o,
			    const struct lm_profile *p,
			    struct lm_mark_result *m)
{
	double best = 0;
	unsigned int i, w, s;

	if (o->link_gbit > 0)
		m->link_ceiling_mb_s = lm_link_ceiling_mb_s(o->link_gbit);
	for (i = 0; i < p->ntests; i++)
		for (w = 0; w < LM_WAYS; w++) {
			s = lm_way_sum(p, (enum lm_way)w);
			if (m->cells[i][w].headline[s].mb_s > best)
				best = m->cells[i][w].headline[s].mb_s;
		}
	for (i = 0; i < p->ntests; i++) {
		for (w = 0; w < LM_WAYS; w++) {
			struct lm_cell *c = &m->cells[i][w];

			s = lm_way_sum(p, (enum lm_way)w);
			c->bar = best > 0 ? c->headline[s].mb_s / best : 0;
			if (m->link_ceiling_mb_s > 0)
				c->link_pct = 100.0 * c->headline[s].mb_s /
					      m->link_ceiling_mb_s;
		}
	}
}

/* Judge the warnings (warn.h) of a finished mark into m->warn. */
static void lm_mark_warnings(const struct lm_suite_opts *o,
			     const struct lm_profile *p,
			     const struct lm_target *t,
			     struct lm_mark_result *m)
{
	static const char *const ways[] = { "read", "write", "mix" };
	static char top[96];
	struct lm_warn_in in = { 0 };
	struct lm_identity id;
	const struct lm_cell *c;
	unsigned int i, w, s;
	double v;

	lm_identity_fill(t, &id);
	in.working_set_bytes = p->kind == LM_PK_CACHE ? o->working_set_bytes
						      : lm_suite_size(o, p);
	if (in.working_set_bytes > t->size_bytes && t->size_bytes)
		in.working_set_bytes = t->size_bytes;
	in.nas_ram_bytes = o->nas_ram_bytes;
	in.link_gbit = o->link_gbit;
	in.link_ceiling_mb_s = m->link_ceiling_mb_s;
	in.thin = id.thin;
	in.prefilled = m->prefilled;
	in.unstable_cv_pct = LM_UNSTABLE_CV_PCT;
	in.reconnects = m->reconnects;
	for (i = 0; i < p->ntests; i++) {
		for (w = 0; w < LM_WAYS; w++) {
			c = &m->cells[i][w];
			if (!c->nruns)
				continue;
			s = lm_way_sum(p, (enum lm_way)w);
			in.unstable += c->unstable;
			if (w != LM_WAY_WRITE &&
			    (p->kind != LM_PK_MIXED || p->tests[i].read_pct))
				in.reads = true;
			v = c->headline[s].mb_s;
			if (c->has_miss && c->miss[s].mb_s > v)
				v = c->miss[s].mb_s;
			if (v > in.top_mb_s) {
				in.top_mb_s = v;
				snprintf(top, sizeof(top), "%s %s",
					 p->tests[i].label, ways[w]);
			}
		}
	}
	in.top_what = top;
	lm_warnings_fill(&in, &m->warn);
}

int lm_suite_mark(const struct lm_suite_opts *o, const struct lm_profile *p,
		  const struct lm_target *t, struct lm_mark_result *m)
{
	struct lm_progress pg;
	unsigned int i, k, done = 0;
	enum lm_way w;
	struct lm_job j;
	int ret = 0;

	memset(m, 0, sizeof(*m));
	m->profile = p;
	m->verified = o->base.verify;
	m->cells = calloc(p->ntests, sizeof(*m->cells));
	if (!m->cells) {
		lm_err("out of memory");
		return LM_EXIT_ENGINE;
	}
	lm_progress_init(&pg, !o->quiet);
	lm_suite_plan(o, p, t, m, &pg);
	lm_cache_miss_plan(o, p, t, m);
	for (i = 0; i < p->ntests && !ret && !lm_stop; i++) {
		for (k = 0; k < LM_WAYS && !ret && !lm_stop; k++) {
			struct lm_cell *c;

			w = lm_way_at(p, k);
			c = &m->cells[i][w];
			if (!c->wanted)
				continue;
			lm_suite_job(o, p, &p->tests[i], w, &j);
			/* cannot fail: lm_suite_check() fitted every job */
			(void)lm_suite_fit(t, &j, NULL, 0);
			if (lm_prefill_before(o, p, t, &j)) {
				struct lm_job pj = j;

				/* the cache profile's test file: all of it */
				if (p->kind == LM_PK_CACHE) {
					pj.offset_bytes = 0;
					pj.size_bytes = lm_suite_size(o, p);
				}
				ret = lm_suite_prefill(o, t, &pj, m);
			}
			if (ret)
				break;
			if (done++)
				lm_interval(o->interval_ns);
			if (lm_stop)
				break;
			if (p->kind == LM_PK_COPY)
				lm_suite_copy_set(o, p, &p->tests[i], t,
						  &c->files, &c->file_bytes);
			c->sustain = p->tests[i].sustain;
			c->by_rounds = !c->sustain && (o->until_steady ||
						       p->kind == LM_PK_CACHE);
			if (c->by_rounds && p->kind == LM_PK_CACHE &&
			    m->primer_bytes)
				ret = lm_suite_primer(t, &j, m);
			if (!ret && !lm_stop)
				ret = lm_suite_cell(o, t, &j, lm_way_sum(p, w),
						    c, m, &pg);
			if (!ret && !lm_stop && p->kind == LM_PK_CACHE &&
			    c->by_rounds && m->miss_bytes)
				ret = lm_suite_miss(o, t, &j, lm_way_sum(p, w),
						    c, m, &pg);
			lm_cell_aggregate(c, lm_way_sum(p, w), o->agg);
		}
	}
	lm_progress_end(&pg);
	for (i = 0; i < p->ntests && p->kind == LM_PK_COPY; i++)
		lm_copy_cleanup(t, m->cells[i][LM_WAY_WRITE].files);
	lm_suite_finish(o, p, m);
	m->interrupted = lm_stop != 0;
	lm_mark_warnings(o, p, t, m);
	if (m->interrupted && (!ret || ret == LM_EXIT_INTERRUPTED))
		ret = LM_EXIT_INTERRUPTED;
	if (!ret && m->verify.bad)
		ret = LM_EXIT_VERIFY;
	return ret;
}

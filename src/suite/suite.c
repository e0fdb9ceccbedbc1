// SPDX-License-Identifier: MIT
#include "src/suite/suite.h"
#include "src/run/copy.h"
#include "src/lunmark.h"
#include "src/suite/progress.h"
#include "src/run/prefill.h"
#include "src/run/run.h"
#include "src/units.h"

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
	o->mix_pct = 70;
	o->warmup = true;
	o->read = true;
	o->write = true;
	o->agg = LM_AGG_MEDIAN;
	o->max_rounds = LM_SS_ROUNDS_MAX;
	o->working_set_bytes = 1ull << 30;
}

unsigned int lm_way_sum(const struct lm_profile *p, enum lm_way w)
{
	if (p->kind == LM_PK_MIXED || w == LM_WAY_MIX)
		return LM_SUM_ALL;
	return w == LM_WAY_READ ? LM_DIR_READ : LM_DIR_WRITE;
}

bool lm_way_used(const struct lm_profile *p, enum lm_way w)
{
	if (p->kind == LM_PK_MIXED)
		return w == LM_WAY_MIX;
	if (p->kind == LM_PK_CACHE)
		return w != LM_WAY_MIX;
	return w != LM_WAY_MIX || p->mix;
}

/* The cache profile's read tests, side by side from offset 0. */
static unsigned int lm_cache_reads(const struct lm_profile *p)
{
	unsigned int i, n = 0;

	for (i = 0; i < p->ntests; i++)
		n += !p->tests[i].sustain;
	return n;
}

uint64_t lm_suite_size(const struct lm_suite_opts *o,
		       const struct lm_profile *p)
{
	if (p->kind == LM_PK_CACHE)
		return lm_cache_reads(p) * o->working_set_bytes;
	return !o->size_set && p->size_bytes ? p->size_bytes : o->size_bytes;
}

uint64_t lm_suite_runtime(const struct lm_suite_opts *o,
			  const struct lm_profile *p)
{
	if (p->kind == LM_PK_SWEEP || p->kind == LM_PK_COPY ||
	    p->kind == LM_PK_CACHE)
		return 0; /* one pass over the region (a set) per run */
	return !o->runtime_set && p->runtime_ns ? p->runtime_ns : o->runtime_ns;
}

void lm_cache_region(const struct lm_suite_opts *o, const struct lm_profile *p,
		     unsigned int i, uint64_t *off, uint64_t *len)
{
	uint64_t bs = p->tests[i].bs_bytes;

	if (p->tests[i].sustain) {
		*off = 0;
		*len = (2 * o->cache_bytes + bs - 1) / bs * bs;
		return;
	}
	*off = i * o->working_set_bytes;
	*len = o->working_set_bytes;
}

bool lm_suite_writes(const struct lm_suite_opts *o, const struct lm_profile *p)
{
	if (p->kind == LM_PK_CACHE)
		return o->write && o->sustained;
	return o->write;
}

void lm_suite_job(const struct lm_suite_opts *o, const struct lm_profile *p,
		  const struct lm_test *t, enum lm_way w, struct lm_job *j)
{
	static const char *const names[] = { "read", "write", "mix" };

	*j = o->base;
	snprintf(j->name, sizeof(j->name), "%s %s", t->label, names[w]);
	j->random_pct = 100;
	if (p->kind == LM_PK_MIXED) {
		j->rw = t->random_pct ? LM_RW_RANDRW : LM_RW_RW;
		j->rwmixread_pct = t->read_pct;
		j->random_pct = t->random_pct;
	} else if (w == LM_WAY_MIX) {
		j->rw = t->random ? LM_RW_RANDRW : LM_RW_RW;
		j->rwmixread_pct = o->mix_pct;
	} else if (t->random) {
		j->rw = w == LM_WAY_READ ? LM_RW_RANDREAD : LM_RW_RANDWRITE;
	} else {
		j->rw = w == LM_WAY_READ ? LM_RW_READ : LM_RW_WRITE;
	}
	j->bs_bytes = t->bs_bytes;
	j->iodepth = t->qd;
	j->threads = t->threads;
	j->size_bytes = lm_suite_size(o, p);
	j->runtime_ns = lm_suite_runtime(o, p);
	j->time_based = j->runtime_ns != 0;
	if (p->kind == LM_PK_CACHE) {
		/* one pass over the test's own region, every block once */
		lm_cache_region(o, p, (unsigned int)(t - p->tests),
				&j->offset_bytes, &j->size_bytes);
		j->randmap = true;
		/* the sustained write moves 2 x --cache-size, wrapping
		 * over a smaller target (lm_suite_fit) */
		if (t->sustain)
			j->io_bytes = j->size_bytes;
	}
}

/* Fit @j to the target: the sustained write's region shrinks to the
 * target, its bytes stay. */
static int lm_suite_fit(const struct lm_target *t, struct lm_job *j, char *msg,
			size_t len)
{
	if (j->io_bytes && j->size_bytes > t->size_bytes)
		j->size_bytes = t->size_bytes / j->bs_bytes * j->bs_bytes;
	return lm_job_fit(j, t->size_bytes, t->lbs_bytes, t->max_io_bytes, msg,
			  len);
}

bool lm_wanted(const struct lm_suite_opts *o, const struct lm_profile *p,
	       const struct lm_test *t, enum lm_way w)
{
	if (!lm_way_used(p, w))
		return false;
	if (p->kind == LM_PK_COPY) /* a download reads the upload's files */
		return o->read && o->write;
	if (p->kind == LM_PK_CACHE)
		return t->sustain
			       ? w == LM_WAY_WRITE && o->sustained && o->write
			       : w == LM_WAY_READ && o->read;
	if (p->kind == LM_PK_MIXED)
		return (t->read_pct == 100 || o->write) &&
		       (t->read_pct == 0 || o->read);
	if (w == LM_WAY_MIX)
		return o->read && o->write;
	return w == LM_WAY_READ ? o->read : o->write;
}

/* The copy set test @t runs on @tg: N files of F bytes, within --size and
 * the target. */
static void lm_copy_set(const struct lm_suite_opts *o,
			const struct lm_profile *p, const struct lm_test *t,
			const struct lm_target *tg, uint64_t *n, uint64_t *f)
{
	uint64_t cap = lm_suite_size(o, p);

	if (cap > tg->size_bytes)
		cap = tg->size_bytes;
	lm_copy_fit(t->files, t->file_bytes, cap, n, f);
}

/* A sweep's or a copy's block size below the target's block size, above
 * its largest transfer, or larger than the region is skipped, not
 * refused. */
static bool lm_test_fits(const struct lm_suite_opts *o,
			 const struct lm_profile *p, const struct lm_test *t,
			 const struct lm_target *tg)
{
	uint64_t size = lm_suite_size(o, p), n, f;
	uint32_t bs = t->bs_bytes;

	if (size > tg->size_bytes)
		size = tg->size_bytes;
	if (p->kind == LM_PK_COPY) {
		lm_copy_set(o, p, t, tg, &n, &f);
		if (!n || f % tg->lbs_bytes)
			return false;
		bs = f < LM_COPY_CHUNK ? (uint32_t)f : LM_COPY_CHUNK;
		size = f;
	}
	return bs >= tg->lbs_bytes && !(bs % tg->lbs_bytes) && bs <= size &&
	       (!tg->max_io_bytes || bs <= tg->max_io_bytes);
}

static bool lm_sized(const struct lm_profile *p)
{
	return p->kind == LM_PK_SWEEP || p->kind == LM_PK_COPY;
}

int lm_suite_check(const struct lm_suite_opts *o, const struct lm_profile *p,
		   const struct lm_target *t)
{
	char msg[256];
	struct lm_job j;
	unsigned int i, w;
	char a[32], b[32];

	if (p->kind == LM_PK_CACHE && lm_suite_size(o, p) > t->size_bytes) {
		lm_fmt_size(a, sizeof(a), o->working_set_bytes);
		lm_fmt_size(b, sizeof(b), t->size_bytes);
		lm_err("--working-set=%s: the cache profile reads %u working sets side by side (one per test, so that each starts cold), but %s holds %s; give a smaller --working-set",
		       a, lm_cache_reads(p), t->name, b);
		return LM_EXIT_FIT;
	}
	if (p->kind == LM_PK_COPY && o->base.verify) {
		lm_err("--verify: the %s profile copies files through the filesystem and checks none of what it reads; drop --verify (lunmark verify TARGET checks a region)",
		       p->name);
		return LM_EXIT_USAGE;
	}
	for (i = 0; i < p->ntests; i++) {
		if (lm_sized(p) && !lm_test_fits(o, p, &p->tests[i], t))
			continue;
		if (p->kind == LM_PK_COPY)
			continue; /* a copy's IO is not a job's */
		for (w = 0; w < LM_WAYS; w++) {
			if (!lm_way_used(p, (enum lm_way)w))
				continue;
			if (p->kind == LM_PK_CACHE &&
			    !lm_wanted(o, p, &p->tests[i], (enum lm_way)w))
				continue;
			lm_suite_job(o, p, &p->tests[i], (enum lm_way)w, &j);
			if (lm_job_check(&j, msg, sizeof(msg))) {
				lm_err("%s: %s", p->tests[i].label, msg);
				return LM_EXIT_USAGE;
			}
			if (lm_suite_fit(t, &j, msg, sizeof(msg))) {
				lm_err("%s: %s", t->name, msg);
				return LM_EXIT_FIT;
			}
		}
	}
	return 0;
}

void lm_cell_aggregate(struct lm_cell *c, unsigned int sum,
		       enum lm_aggregate agg)
{
	double mb[LM_RUNS_MAX], iops[LM_RUNS_MAX], lat[LM_RUNS_MAX];
	unsigned int i, k, best, from = 0, n = c->nruns;
	const struct lm_cell_run *r;

	memset(c->headline, 0, sizeof(c->headline));
	if (c->by_rounds) {
		lm_cell_rounds(c, sum);
		from = lm_cell_first(c);
		n = c->nruns - from;
	}
	r = c->runs + from;
	for (i = 0; i < n; i++)
		mb[i] = r[i].s[sum].mb_s;
	lm_spread(mb, n, &c->spread);
	c->unstable = c->spread.cv_pct > LM_UNSTABLE_CV_PCT;
	if (!n)
		return;
	if (agg == LM_AGG_MAX) {
		for (i = 1, best = 0; i < n; i++)
			if (r[i].s[sum].mb_s > r[best].s[sum].mb_s)
				best = i;
		memcpy(c->headline, r[best].s, sizeof(c->headline));
	} else {
		for (k = 0; k < LM_SUMS; k++) {
			for (i = 0; i < n; i++) {
				mb[i] = r[i].s[k].mb_s;
				iops[i] = r[i].s[k].iops;
				lat[i] = r[i].s[k].lat_mean_us;
			}
			c->headline[k].mb_s = lm_median(mb, n);
			c->headline[k].iops = lm_median(iops, n);
			c->headline[k].lat_mean_us = lm_median(lat, n);
		}
	}
	if (c->by_rounds)
		lm_cell_warm(c, sum);
	if (c->sustain)
		lm_cell_step(c, sum);
}

/*
 * TCP payload per second on Ethernet at MTU 1500: each 1500-byte IP packet
 * carries 1448 bytes of TCP payload (20 IP + 20 TCP + 12 timestamp option
 * bytes of headers) and takes 1538 bytes of line time (14 header + 4 FCS +
 * 8 preamble + 12 inter-frame gap). 1 GbE: 10^9 / 8 * 1448 / 1538 =
 * 117.7 MB/s. iSCSI's own 48-byte headers per PDU come out of that.
 */
double lm_link_ceiling_mb_s(double gbit)
{
	return gbit * 1e9 / 8.0 * 1448.0 / 1538.0 / 1e6;
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
	lm_vtally_add(&m->verify, &r->verify);
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
	}
	ret = lm_mark_run_end(m, &r, mj.name);
	lm_run_result_free(&r);
	return ret;
}

enum lm_way lm_way_at(const struct lm_profile *p, unsigned int i)
{
	static const enum lm_way rwm[] = { LM_WAY_READ, LM_WAY_WRITE,
					   LM_WAY_MIX };
	static const enum lm_way wrm[] = { LM_WAY_WRITE, LM_WAY_READ,
					   LM_WAY_MIX };

	return lm_sized(p) ? wrm[i] : rwm[i];
}

static void lm_suite_plan(const struct lm_suite_opts *o,
			  const struct lm_profile *p, const struct lm_target *t,
			  struct lm_mark_result *m, struct lm_progress *pg)
{
	unsigned int i, w, cells = 0;

	for (i = 0; i < p->ntests; i++) {
		for (w = 0; w < LM_WAYS; w++) {
			m->cells[i][w].wanted =
				lm_wanted(o, p, &p->tests[i], (enum lm_way)w) &&
				(!lm_sized(p) ||
				 lm_test_fits(o, p, &p->tests[i], t));
			cells += m->cells[i][w].wanted;
		}
	}
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
				lm_copy_set(o, p, &p->tests[i], t, &c->files,
					    &c->file_bytes);
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

void lm_mark_result_free(struct lm_mark_result *m)
{
	unsigned int i, w, k;

	for (i = 0; m->cells && i < m->profile->ntests; i++)
		for (w = 0; w < LM_WAYS; w++)
			for (k = 0; k < m->cells[i][w].nruns; k++)
				free(m->cells[i][w].runs[k].series);
	free(m->cells);
	m->cells = NULL;
}

bool lm_mark_has_news(const struct lm_mark_result *m)
{
	unsigned int i, w;

	if (!m->cells)
		return false;
	if (m->interrupted || m->io_errno)
		return true;
	for (i = 0; i < m->profile->ntests; i++)
		for (w = 0; w < LM_WAYS; w++)
			if (m->cells[i][w].nruns)
				return true;
	return false;
}

// SPDX-License-Identifier: MIT
/* A profile's jobs and regions, from the options: see plan.h. */
#include "src/suite/plan.h"
#include "src/lunmark.h"
#include "src/run/copy.h"
#include "src/units.h"

#include <stdio.h>
#include <string.h>

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
	o->max_rounds = LM_STEADY_ROUNDS_MAX;
	o->working_set_bytes = 1ull << 30;
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

int lm_suite_fit(const struct lm_target *t, struct lm_job *j, char *msg,
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

void lm_suite_copy_set(const struct lm_suite_opts *o,
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
		lm_suite_copy_set(o, p, t, tg, &n, &f);
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

enum lm_way lm_way_at(const struct lm_profile *p, unsigned int i)
{
	static const enum lm_way rwm[] = { LM_WAY_READ, LM_WAY_WRITE,
					   LM_WAY_MIX };
	static const enum lm_way wrm[] = { LM_WAY_WRITE, LM_WAY_READ,
					   LM_WAY_MIX };

	return lm_sized(p) ? wrm[i] : rwm[i];
}

unsigned int lm_suite_want(const struct lm_suite_opts *o,
			   const struct lm_profile *p,
			   const struct lm_target *t,
			   struct lm_cell (*cells)[LM_WAYS])
{
	unsigned int i, w, n = 0;

	for (i = 0; i < p->ntests; i++) {
		for (w = 0; w < LM_WAYS; w++) {
			cells[i][w].wanted =
				lm_wanted(o, p, &p->tests[i], (enum lm_way)w) &&
				(!lm_sized(p) ||
				 lm_test_fits(o, p, &p->tests[i], t));
			n += cells[i][w].wanted;
		}
	}
	return n;
}

void lm_cache_miss_plan(const struct lm_suite_opts *o,
			const struct lm_profile *p, const struct lm_target *t,
			struct lm_mark_result *m)
{
	uint64_t start = lm_suite_size(o, p), left, len;
	char a[32], b[32];

	m->miss_bytes = 0;
	m->miss_why[0] = '\0';
	m->primer_bytes = 0;
	if (p->kind != LM_PK_CACHE)
		return;
	if (t->size_bytes >= start + LM_PRIMER_BYTES)
		m->primer_bytes = LM_PRIMER_BYTES;
	if (!o->cache_bytes) {
		snprintf(
			m->miss_why, sizeof(m->miss_why),
			"no miss run: give --cache-size to measure the uncached figure");
		return;
	}
	left = t->size_bytes > start ? t->size_bytes - start : 0;
	left = left > LM_PRIMER_BYTES ? left - LM_PRIMER_BYTES : 0;
	len = 3 * o->cache_bytes < left ? 3 * o->cache_bytes : left;
	len = len / (1u << 20) * (1u << 20);
	if (len <= 2 * o->cache_bytes) {
		lm_fmt_size(a, sizeof(a), left);
		lm_fmt_size(b, sizeof(b), 2 * o->cache_bytes);
		snprintf(
			m->miss_why, sizeof(m->miss_why),
			"no miss run: the target has %s beyond the working sets; it needs more than 2 x --cache-size (%s)",
			a, b);
		return;
	}
	m->miss_bytes = len;
}

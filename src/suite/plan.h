/* SPDX-License-Identifier: MIT */
/*
 * A suite's plan: what a profile runs, given the options and the target,
 * before any IO. The size and runtime of its jobs, which cells (test x
 * way) are wanted and in what order, each job as the runner starts it,
 * the checks every job must pass first, and the cache profile's regions.
 * Nothing here does IO; the runner (suite.h) carries the plan out.
 */
#ifndef LM_PLAN_H
#define LM_PLAN_H

#include "src/job/job.h"
#include "src/job/profile.h"
#include "src/suite/cell.h"
#include "src/target/target.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct lm_suite_opts {
	struct lm_job base; /* engine, direct, seed, pattern, prefill */
	uint64_t size_bytes;
	uint64_t runtime_ns;
	bool size_set;	  /* --size given: it beats the profile's */
	bool runtime_set; /* --runtime given: likewise */
	uint64_t interval_ns;
	unsigned int runs;
	unsigned int mix_pct; /* reads in a [Mix] job (--mix, default 70) */
	double link_gbit;     /* --link: the line rate, 0 when not given */
	bool warmup;
	bool read;
	bool write;
	bool allow_write; /* prefill may write the target */
	bool quiet;	  /* no progress line */
	enum lm_aggregate agg;
	/* --until-steady: each cell in rounds until the SNIA rule holds
	 * (steady.h), at most max_rounds; the cache profile always is */
	bool until_steady;
	unsigned int max_rounds;
	uint64_t working_set_bytes; /* --working-set: the cache profile's W */
	uint64_t cache_bytes;	    /* --cache-size, 0 unknown */
	uint64_t nas_ram_bytes;	    /* --nas-ram, 0 unknown */
	bool sustained;		    /* --sustained: the cache profile's write */
};

/* CrystalDiskMark 8's defaults: 1 GiB, 5 runs of 5 s, 5 s apart. */
void lm_suite_defaults(struct lm_suite_opts *o);

/* The size and runtime a profile runs with, after the options. */
uint64_t lm_suite_size(const struct lm_suite_opts *o,
		       const struct lm_profile *p);
/* 0 for a sweep: each run is one pass over the region */
uint64_t lm_suite_runtime(const struct lm_suite_opts *o,
			  const struct lm_profile *p);

/* The order a test's ways run in (i from 0 to LM_WAYS - 1): ATTO writes
 * first, then reads what it wrote; the others read first, as
 * CrystalDiskMark does. */
enum lm_way lm_way_at(const struct lm_profile *p, unsigned int i);

/* Is way @w of test @t wanted, given --read-only and --write-only? */
bool lm_wanted(const struct lm_suite_opts *o, const struct lm_profile *p,
	       const struct lm_test *t, enum lm_way w);

/* Mark the cells of @p (one row per test) that will run on @t: wanted,
 * and for a sweep or a copy, fitting the target. Returns how many. */
unsigned int lm_suite_want(const struct lm_suite_opts *o,
			   const struct lm_profile *p,
			   const struct lm_target *t,
			   struct lm_cell (*cells)[LM_WAYS]);

/* Build the job for test @t of @p, way @w. */
void lm_suite_job(const struct lm_suite_opts *o, const struct lm_profile *p,
		  const struct lm_test *t, enum lm_way w, struct lm_job *j);

/* Fit @j to target @t (lm_job_fit()): the sustained write's region shrinks
 * to the target, its bytes stay. 0, or -EINVAL with why in @msg. */
int lm_suite_fit(const struct lm_target *t, struct lm_job *j, char *msg,
		 size_t len);

/* The copy set test @t runs on @tg: @n files of @f bytes, within --size
 * and the target. */
void lm_suite_copy_set(const struct lm_suite_opts *o,
		       const struct lm_profile *p, const struct lm_test *t,
		       const struct lm_target *tg, uint64_t *n, uint64_t *f);

/*
 * Check every job of the profile against the target before any IO.
 * Prints why and returns an exit code, or 0.
 */
int lm_suite_check(const struct lm_suite_opts *o, const struct lm_profile *p,
		   const struct lm_target *t);

/* Does the profile write, given the options? */
bool lm_suite_writes(const struct lm_suite_opts *o, const struct lm_profile *p);

/* The cache profile's region for test @i: its working set, or, for the
 * sustained write, from 0 up to 2 x --cache-size. */
void lm_cache_region(const struct lm_suite_opts *o, const struct lm_profile *p,
		     unsigned int i, uint64_t *off, uint64_t *len);

/*
 * The cache profile's regions beyond the working sets. The primer: the
 * last LM_PRIMER_BYTES of the target, read for LM_PRIMER_NS before each
 * test's cold pass, so that the cold pass is not also the first IO after
 * idling (the target's threads, the connection): 0 when the target has no
 * room. The miss region, right after the working sets: 3 x --cache-size,
 * or what is left before the primer; none (and why in m->miss_why)
 * without --cache-size or when that is not more than 2 x --cache-size.
 */
#define LM_PRIMER_BYTES (8ull << 20)
#define LM_PRIMER_NS 500000000ull
void lm_cache_miss_plan(const struct lm_suite_opts *o,
			const struct lm_profile *p, const struct lm_target *t,
			struct lm_mark_result *m);

#endif

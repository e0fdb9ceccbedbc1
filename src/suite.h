/* SPDX-License-Identifier: MIT */
/*
 * The suite runner: for each test of a profile, read then write: one
 * discarded warm-up run, N counted runs, an interval between tests; the
 * headline of a cell is the median of its counted runs (or, with
 * LM_AGG_MAX, the best run, as CrystalDiskMark reports).
 */
#ifndef LM_SUITE_H
#define LM_SUITE_H

#include "job.h"
#include "profile.h"
#include "stats.h"
#include "target.h"

#include <stdbool.h>

#define LM_RUNS_MAX 100u

enum lm_aggregate { LM_AGG_MEDIAN, LM_AGG_MAX };

struct lm_suite_opts {
	struct lm_job base; /* engine, direct, seed, pattern, prefill */
	uint64_t size_bytes;
	uint64_t runtime_ns;
	uint64_t interval_ns;
	unsigned int runs;
	bool warmup;
	bool read;
	bool write;
	bool allow_write; /* prefill may write the target */
	enum lm_aggregate agg;
};

/* CrystalDiskMark 8's defaults: 1 GiB, 5 runs of 5 s, 5 s apart. */
void lm_suite_defaults(struct lm_suite_opts *o);

struct lm_cell {
	bool wanted;
	unsigned int nruns; /* counted runs measured */
	struct lm_summary runs[LM_RUNS_MAX];
	struct lm_summary headline; /* mb_s, iops, lat_mean_us */
};

struct lm_mark_result {
	const struct lm_profile *profile;
	struct lm_cell (*cells)[LM_DIRS]; /* one row per test */
	bool interrupted;
	bool prefilled;
	int io_errno;
	uint64_t io_err_offset;
	char io_err_test[64];
	char io_errtext[512];
	char note[96];
};

/* Build the job for test @t in direction @d. */
void lm_suite_job(const struct lm_suite_opts *o, const struct lm_test *t,
		  enum lm_dir d, struct lm_job *j);

/*
 * Check every job of the profile against the target before any IO.
 * Prints why and returns an exit code, or 0.
 */
int lm_suite_check(const struct lm_suite_opts *o, const struct lm_profile *p,
		   const struct lm_target *t);

/* Run the profile. 0, or an exit code after printing why; m holds what was
 * measured either way. Free with lm_mark_result_free(). */
int lm_suite_mark(const struct lm_suite_opts *o, const struct lm_profile *p,
		  const struct lm_target *t, struct lm_mark_result *m);
void lm_mark_result_free(struct lm_mark_result *m);

/* Was any cell measured, or is there an interruption or error to show? */
bool lm_mark_has_news(const struct lm_mark_result *m);

/* Fill a cell's headline from its runs. */
void lm_cell_aggregate(struct lm_cell *c, enum lm_aggregate agg);

#endif

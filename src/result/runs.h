/* SPDX-License-Identifier: MIT */
/*
 * One configuration's counted runs of one cell (test x way), as `lunmark
 * compare` weighs them: each run's figure of every metric, their median
 * with its bootstrap interval, and how finely each metric is read.
 */
#ifndef LM_RESULT_RUNS_H
#define LM_RESULT_RUNS_H

#include "src/result/load.h"
#include "src/stats/bootstrap.h"
#include "src/stats/stats.h"
#include "src/stats/verdict.h"

#include <stdbool.h>

enum lm_metric {
	LM_MET_MB_S,
	LM_MET_IOPS, /* MB/s over the block size: one test with MB/s */
	LM_MET_LAT,  /* mean completion latency */
	LM_MET_P99,
	LM_MET_CPU, /* the host's busy CPU-seconds per GB moved */
	LM_METRICS
};

struct lm_metric_info {
	const char *key;  /* "mb_s": JSON, CSV, --metric */
	const char *name; /* "MB/s": tables */
	const char *unit;
	enum lm_sense sense; /* what a higher value means, in words */
};

extern const struct lm_metric_info lm_metrics[LM_METRICS];

/* The metric named @key, or -1. */
int lm_metric_find(const char *key);

static inline bool lm_metric_up(unsigned int m)
{
	return lm_metrics[m].sense == LM_SENSE_RATE;
}

/* The cell of test @test, way @way in a saved result. */
static inline const struct lm_cell *
lm_runs_cell(const struct lm_saved *s, unsigned int test, enum lm_way way)
{
	return &s->m.cells[test][way];
}

/* Where a configuration's runs of one cell are. */
struct lm_runs_from {
	const struct lm_saved *saved; /* every file compared */
	const unsigned int *file;     /* the configuration's, into saved */
	unsigned int nfiles;
	const struct lm_profile *profile;
	unsigned int test;
	enum lm_way way;
};

/* One configuration's figures in one cell. */
struct lm_cmp_val {
	unsigned int n;	       /* counted runs, over its files */
	double *v[LM_METRICS]; /* per run; NULL when unknown */
	double median[LM_METRICS];
	struct lm_interval ci[LM_METRICS]; /* of the median */
	/* the geometric mean of the runs (their median when one is not
	 * positive): the figure a comparison shows, ranks and tests, so
	 * that B/A is B over A as printed */
	double center[LM_METRICS];
	/* one value's measurement error, relative (struct lm_side) */
	double rel_res[LM_METRICS];
	double pct_us[LM_NPCT]; /* medians of the runs' */
	double cv_pct;		/* of MB/s over the runs */
	/* a mix cell's reads and writes apart, as IOmeter publishes them:
	 * per direction (LM_DIR_READ, LM_DIR_WRITE) the geometric mean of
	 * the same runs' MB/s, IOPS, mean and p99 latency; NaN for CPU, for
	 * a direction the cell does not measure and for another way */
	double dir[LM_DIRS][LM_METRICS];
	/* the geometric mean's share of its first file's --link ceiling,
	 * in %; NaN without --link */
	double link_pct;
	double *series; /* MB/s each second, the runs in a row */
	unsigned int nseries;
	/* a cell in rounds (its first file's): the series is its warm-up
	 * curve, and the steady window starts at series[warm_at] */
	bool rounds;
	unsigned int warm_at;
	bool steady; /* and that window was judged steady (SNIA) */
	/* the time line of the series, in seconds after the first run
	 * began (the runs' measured seconds end to end): the middle of
	 * each sample, the end of each run, and where the steady window
	 * starts when it was judged steady (0: none, or from the first) */
	double *secs;
	double *run_end_s;
	unsigned int nruns_all; /* runs in the series, rounds included */
	double window_s;
};

/* Fill @val from @from's files (n 0 when none has runs of the cell).
 * Returns 0 or -ENOMEM; free with lm_cmp_val_free() either way. */
int lm_cmp_val_fill(struct lm_cmp_val *val, const struct lm_runs_from *from);
void lm_cmp_val_free(struct lm_cmp_val *val);

/* Configuration @val's runs of metric @m, as a side of a comparison. */
static inline struct lm_side lm_cmp_val_side(const struct lm_cmp_val *val,
					     unsigned int m)
{
	return (struct lm_side){ val->v[m], val->n, val->rel_res[m] };
}

#endif

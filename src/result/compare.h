/* SPDX-License-Identifier: MIT */
/*
 * Comparing saved results (`lunmark compare`, and `lunmark report` for
 * one): the files are read, grouped into configurations (a file each, or
 * by the value of a tag), and every cell (test x way x metric) gets each
 * configuration's runs, their median with a bootstrap interval, and the
 * statistics of each configuration against a reference (stats/bootstrap.h;
 * the verdicts account for the number of comparisons made at once):
 *   - two configurations: B against A;
 *   - --baseline: every other against the baseline;
 *   - three or more: every one against the best, so ties with the best
 *     can be marked.
 * Everything the reports print is computed here; src/report/ only formats
 * it (lm_report_cmp() and its kin in report.h).
 */
#ifndef LM_COMPARE_H
#define LM_COMPARE_H

#include "src/stats/bootstrap.h"
#include "src/result/load.h"
#include "src/result/schema.h" /* lm_way_keys: a cell's way, as printed */

#include <stdbool.h>
#include <stddef.h>

#define LM_CMP_FILES_MAX 64u
#define LM_CMP_CONFIGS_MAX 16u
#define LM_CMP_DELTA 0.05

enum lm_metric {
	LM_MET_MB_S,
	LM_MET_IOPS,
	LM_MET_LAT, /* mean completion latency */
	LM_MET_P99,
	LM_MET_CPU, /* the host's busy CPU-seconds per GB moved */
	LM_METRICS
};

struct lm_metric_info {
	const char *key;  /* "mb_s": JSON, CSV, --metric */
	const char *name; /* "MB/s": tables */
	const char *unit;
	bool higher_better;
};

extern const struct lm_metric_info lm_metrics[LM_METRICS];

/* The metric named @key, or -1. */
int lm_metric_find(const char *key);

enum lm_cmp_mode {
	LM_CMP_SINGLE,	/* one configuration: a report */
	LM_CMP_PAIR,	/* B against A */
	LM_CMP_TABLE,	/* side by side, each against the best */
	LM_CMP_BASELINE /* each against the first, in % */
};

enum lm_format { LM_FMT_TEXT, LM_FMT_MD, LM_FMT_CSV, LM_FMT_JSON, LM_FMT_HTML };

/* The format named @name, or -1. */
int lm_format_find(const char *name);
/* The name of format @i, in the enum's order; NULL past the last. */
const char *lm_format_name(int i);

struct lm_cmp_opts {
	const char *files[LM_CMP_FILES_MAX];
	unsigned int nfiles;
	const char *by;	      /* --by TAG: one configuration per value */
	const char *baseline; /* --baseline: a file, or with --by a value */
	double delta;	      /* --delta: 0.05 for 5% */
	enum lm_format format;
	/* --metric: a bit per lm_metric shown; 0: MB/s side by side, all
	 * of them otherwise */
	unsigned int metrics;
};

void lm_cmp_opts_defaults(struct lm_cmp_opts *o);

struct lm_cmp_config {
	char name[128];
	const char *value; /* with --by: the tag's value */
	unsigned int nfiles;
	unsigned int file[LM_CMP_FILES_MAX]; /* indexes into lm_cmp.saved */
	double cpu_s_per_gb; /* the host's, over every cell; -1 unknown */
};

/* One configuration's figures in one cell. */
struct lm_cmp_val {
	unsigned int n;	       /* counted runs, over its files */
	double *v[LM_METRICS]; /* per run; NULL when unknown */
	double median[LM_METRICS];
	struct lm_interval ci[LM_METRICS]; /* of the median */
	double pct_us[LM_NPCT];		   /* medians of the runs' */
	double cv_pct;			   /* of MB/s over the runs */
	double *series; /* MB/s each second, the runs in a row */
	unsigned int nseries;
	/* a cell in rounds (its first file's): the series is its warm-up
	 * curve, and the steady window starts at series[warm_at] */
	bool rounds;
	unsigned int warm_at;
};

struct lm_cmp_cell {
	unsigned int test;
	enum lm_way way;
	const char *label;    /* the test's: "SEQ1M Q8T1" */
	bool has[LM_METRICS]; /* every configuration measured has it */
	struct lm_cmp_val val[LM_CMP_CONFIGS_MAX];
	unsigned int best[LM_METRICS]; /* the best configuration */
	unsigned int ref[LM_METRICS];  /* the one the others are set against */
	struct lm_cmp_stat st[LM_CMP_CONFIGS_MAX][LM_METRICS];
};

struct lm_cmp {
	enum lm_cmp_mode mode;
	double delta;
	const char *by;
	const struct lm_profile *profile;
	const char *paths[LM_CMP_FILES_MAX];
	struct lm_saved saved[LM_CMP_FILES_MAX];
	unsigned int nsaved;
	struct lm_cmp_config cfg[LM_CMP_CONFIGS_MAX];
	unsigned int ncfg;
	struct lm_cmp_cell *cells;
	unsigned int ncells;
	/* comparisons made at once (cells x metrics x configurations
	 * against the reference): the Bonferroni divisor of the verdicts */
	unsigned int family;
};

/*
 * Read @o's files and compute everything. Returns 0, or -EINVAL / -errno
 * with a message naming the file or option in @msg. Free with
 * lm_cmp_free() either way.
 */
int lm_cmp_build(struct lm_cmp *c, const struct lm_cmp_opts *o, char *msg,
		 size_t len);
void lm_cmp_free(struct lm_cmp *c);

/* Is the cell measured by configuration @k at all? */
static inline bool lm_cmp_has(const struct lm_cmp_cell *cell, unsigned int k)
{
	return cell->val[k].n > 0;
}

/* The value of @tag in saved file @i, or NULL. */
const char *lm_cmp_tag(const struct lm_saved *s, const char *tag);

#endif

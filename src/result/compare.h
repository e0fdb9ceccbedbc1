/* SPDX-License-Identifier: MIT */
/*
 * Comparing saved results (`lunmark compare`, and `lunmark report` for
 * one): the files are read, grouped into configurations (a file each, or
 * by the value of a tag), and every cell (test x way x metric) gets each
 * configuration's runs (runs.h) and the verdict of each configuration
 * against a reference (stats/verdict.h):
 *   - two configurations: B against A;
 *   - --baseline: every other against the baseline;
 *   - three or more: every one against the best.
 * The verdicts of one configuration form one family, fixed before any
 * test: a comparison per cell and metric it has, MB/s and IOPS counted
 * once (one measurement), held together by Holm's step-down. Adding a
 * configuration changes no other's family.
 * Everything the reports print is computed here; src/report/ only formats
 * it (lm_report_cmp() and its kin in report.h).
 */
#ifndef LM_COMPARE_H
#define LM_COMPARE_H

#include "src/result/load.h"
#include "src/result/runs.h"
#include "src/result/schema.h" /* lm_way_keys: a cell's way, as printed */
#include "src/result/settings.h"
#include "src/stats/verdict.h"

#include <stdbool.h>
#include <stddef.h>

#define LM_CMP_FILES_MAX 64u
#define LM_CMP_CONFIGS_MAX 16u
#define LM_CMP_DELTA 0.05

enum lm_cmp_mode {
	LM_CMP_SINGLE,	/* one configuration: a report */
	LM_CMP_PAIR,	/* B against A */
	LM_CMP_TABLE,	/* side by side, each against the best */
	LM_CMP_BASELINE /* each against the first, in % */
};

enum lm_format {
	LM_FMT_TEXT,
	LM_FMT_MD,
	LM_FMT_CSV,
	LM_FMT_JSON,
	LM_FMT_HTML,
	LM_FMT_CSV_WIDE, /* a row per configuration, a column per cell */
};

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
	/* the comparisons its verdicts are counted among (Holm) */
	unsigned int family;
};

/* A setting (settings.h) whose value is not the same in every file. */
struct lm_cmp_differ {
	unsigned int setting;
	/* each configuration's value; "a | b" when its own files differ */
	char value[LM_CMP_CONFIGS_MAX][96];
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
	struct lm_cmp_differ differ[LM_SETTINGS];
	unsigned int ndiffer;
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

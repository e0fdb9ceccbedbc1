/* SPDX-License-Identifier: MIT */
/*
 * Reports: formatting only. Every figure printed comes computed in the
 * result; the info structs carry the strings for headers and footers.
 */
#ifndef LM_REPORT_H
#define LM_REPORT_H

#include "src/job/job.h"
#include "src/target/identity.h"
#include "src/result/result.h"
#include "src/suite/cell.h"

#include <stdbool.h>
#include <stdio.h>

struct lm_report_info {
	const char *version;
	const char *target;
	const char *target_kind;
	const char *size; /* "1GiB" */
	unsigned int lbs_bytes;
	const char *engine;
	const char *engine_note; /* "" when none */
	const char *date;	 /* "2026/11/30 07:55:00" */
	const char *kernel;	 /* "Linux 6.18.44 x86_64" */
	const char *warning;	 /* "" when none */
	bool cpu_shared;	 /* one of several targets: CPU is in the sum */
	const struct lm_identity *id; /* vendor, model, serial; NULL unknown */
};

/* Lines of the text reports: at most this wide, notes wrapped at words */
#define LM_REPORT_WIDTH 78u

#define LM_TAGS_MAX 16u

/* --tag NAME=VALUE: what a configuration is, for `compare --by NAME` */
struct lm_tag {
	const char *name;
	const char *value;
};

struct lm_mark_info {
	struct lm_report_info r;
	const char *label; /* --label, "" when none */
	struct lm_tag tags[LM_TAGS_MAX];
	unsigned int ntags;
	const char *profile;
	const char *aggregate; /* "median" or "max" */
	unsigned int runs;
	bool warmup;
	double runtime_s;
	double interval_s;
	unsigned int mix_pct; /* [Mix] rows: share of reads */
	double link_gbit;     /* --link, 0 when not given */
	bool until_steady;
	unsigned int max_rounds;
	uint64_t working_set_bytes; /* the cache profile's */
	uint64_t cache_bytes;	    /* --cache-size, 0 unknown */
	uint64_t nas_ram_bytes;	    /* --nas-ram, 0 unknown */
	bool sustained;
};

/* The suite's report: CrystalDiskMark's matrix, IOmeter's table or the
 * ATTO sweep, by the profile's kind. */
void lm_report_mark_text(FILE *f, const struct lm_mark_info *info,
			 const struct lm_mark_result *m);

/* The cache profile's body (report/cache.c), and the verdict of a cell
 * in rounds: "steady in rounds 4-8 of 8 (...)". */
void lm_report_cache(FILE *f, const struct lm_mark_info *info,
		     const struct lm_mark_result *m);
void lm_report_rounds(FILE *f, const struct lm_cell *c);
/* The warnings, one "Warning:" paragraph each. */
void lm_report_warnings(FILE *f, const struct lm_warnings *w);
/* --verify's line, after @lead: the blocks read, and the first bad one
 * (read by @by when not NULL). */
void lm_report_verify(FILE *f, const char *lead,
		      const struct lm_verify_tally *v, const char *by);

/* One job's result block, reads and writes apart. */
void lm_report_run_text(FILE *f, const struct lm_report_info *info,
			const struct lm_job *j, const struct lm_run_result *r);

/* `lunmark profiles`: a profile and its exact tests. */
void lm_report_profile_text(FILE *f, const struct lm_profile *p);

/* `lunmark probe`: lines for people, or one JSON object. */
void lm_report_identity_text(FILE *f, const struct lm_identity *p);
void lm_report_identity_json(FILE *f, const struct lm_identity *p);

struct lm_cmp;

/*
 * `lunmark compare` and `lunmark report --format=`: @c in format @fmt (an
 * enum lm_format), showing the metrics whose bits are set in @metrics.
 * Text, Markdown and CSV are in report/compare.c, JSON in cmpjson.c, the
 * self-contained HTML page in html.c.
 */
void lm_report_cmp(FILE *f, const struct lm_cmp *c, int fmt,
		   unsigned int metrics);
void lm_report_cmp_json(FILE *f, const struct lm_cmp *c, unsigned int metrics);
/* long: a row per configuration and cell; @wide: a row per configuration */
void lm_report_cmp_csv(FILE *f, const struct lm_cmp *c, unsigned int metrics,
		       bool wide);
void lm_report_cmp_html(FILE *f, const struct lm_cmp *c, unsigned int metrics);

/*
 * Several hosts in one run (lunmark-mpi, report/ranks.c): the ranks'
 * table (host, clock offset), then per cell a row per rank and the sum,
 * and how far apart their windows started and ended; nothing when the
 * mark ran alone. The run's: a row per rank of @r, the sum's.
 */
void lm_report_mark_ranks(FILE *f, const struct lm_mark_result *m);
void lm_report_run_ranks(FILE *f, const struct lm_run_result *r,
			 const struct lm_rank *ranks, unsigned int nranks);

/* The sum over @ntargets targets run at once (or, @in_turn, one after
 * another: a fio job's files, file_service_type=sequential), or over
 * @ntargets jobs on @one target (fio's clones, group_reporting), after
 * their own blocks. */
void lm_report_sum_text(FILE *f, const struct lm_job *j,
			const struct lm_run_result *sum, unsigned int ntargets,
			bool in_turn, bool one);

#endif

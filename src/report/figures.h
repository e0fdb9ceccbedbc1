/* SPDX-License-Identifier: MIT */
/*
 * Inside the report module: how a comparison's figures read, one spelling
 * for every format that shows them (text, Markdown and CSV tables in
 * compare.c, the HTML page in html.c), so that a figure in the page is
 * the figure in the table.
 */
#ifndef LM_REPORT_FIGURES_H
#define LM_REPORT_FIGURES_H

#include "src/job/profile.h"
#include "src/result/schema.h"
#include "src/stats/verdict.h"

#include <stddef.h>

struct lm_cmp_cell;
struct lm_cmp_stat;

/* A figure of metric @m (an enum lm_metric) as the tables print it ("-"
 * for NaN). */
void lm_fmt_metric(char *buf, size_t len, unsigned int m, double v);
/* "+12.3% [+8.1, +16.0]": a ratio as a change, with the interval that
 * decided its verdict */
void lm_fmt_change(char *buf, size_t len, const struct lm_cmp_stat *st);
/* "[0.971, 1.02] 99.69%": that interval, and its level */
void lm_fmt_interval(char *buf, size_t len, const struct lm_cmp_stat *st);
/* "faster", "more CPU", "inconclusive (~12 runs a side)" for metric @m */
void lm_fmt_verdict(char *buf, size_t len, const struct lm_cmp_stat *st,
		    unsigned int m);
/* "better", "worse", "too_few_runs"...: the verdict for a program (JSON)
 * and a style sheet (HTML), whatever the metric's words */
const char *lm_fmt_outcome(enum lm_verdict v);
/* Configuration @k in a table of three or more, on metric @m: "best",
 * "worse than the best", "equivalent to the best", "not distinguishable
 * from the best". */
const char *lm_fmt_standing(const struct lm_cmp_cell *cell, unsigned int k,
			    unsigned int m);
/* A metric's and a way's names in tables, in the method's words: a
 * copy's IOPS are files/s, its write and read upload and download. */
const char *lm_fmt_metric_name(const struct lm_profile *p, unsigned int m);
const char *lm_fmt_way(const struct lm_profile *p, enum lm_way w);
/* A metric's unit in a CSV column, in the method's words (files/s). */
const char *lm_fmt_metric_unit(const struct lm_profile *p, unsigned int m);
/* "SEQ1M Q8T1 read" */
void lm_fmt_cell(char *buf, size_t len, const struct lm_cmp_cell *cell);

#endif

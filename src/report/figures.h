/* SPDX-License-Identifier: MIT */
/*
 * Inside the report module: how a comparison's figures read, one spelling
 * for every format that shows them (text, Markdown and CSV tables in
 * compare.c, the HTML page in html.c), so that a figure in the page is
 * the figure in the table.
 */
#ifndef LM_REPORT_FIGURES_H
#define LM_REPORT_FIGURES_H

#include <stddef.h>

struct lm_cmp_cell;
struct lm_cmp_stat;

/* A figure of metric @m (an enum lm_metric) as the tables print it ("-"
 * for NaN). */
void lm_fmt_metric(char *buf, size_t len, unsigned int m, double v);
/* "+12.3% [+8.1, +16.0]": a ratio as a change, with its 95% interval */
void lm_fmt_change(char *buf, size_t len, const struct lm_cmp_stat *st);
/* "faster", "inconclusive (~12 runs a side)" */
void lm_fmt_verdict(char *buf, size_t len, const struct lm_cmp_stat *st);
/* "SEQ1M Q8T1 read" */
void lm_fmt_cell(char *buf, size_t len, const struct lm_cmp_cell *cell);

#endif

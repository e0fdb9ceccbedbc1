/* SPDX-License-Identifier: MIT */
/*
 * Inside the report module: a table of strings printed as aligned text,
 * as Markdown, or as CSV. The cells are filled by the reports, already
 * formatted; the table only lays them out.
 */
#ifndef LM_REPORT_TABLE_H
#define LM_REPORT_TABLE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#define LM_TAB_COLS 64u
#define LM_TAB_CELL 64u

struct lm_tab {
	unsigned int ncols;
	unsigned int nrows;
	unsigned int nhead; /* the first rows are the header */
	unsigned int cap;
	char (*cells)[LM_TAB_COLS][LM_TAB_CELL];
	unsigned int row; /* being filled */
	unsigned int col;
	unsigned int right; /* bit per column: numbers, right-aligned */
};

void lm_tab_init(struct lm_tab *t, unsigned int ncols);
/* Start a row; the header's rows come first. */
void lm_tab_row(struct lm_tab *t);
/* The next cell of the row (skipped when out of memory). */
void lm_tab_put(struct lm_tab *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
enum lm_tab_style { LM_TAB_TEXT, LM_TAB_MD, LM_TAB_CSV };
void lm_tab_print(FILE *f, const struct lm_tab *t, enum lm_tab_style style);
void lm_tab_free(struct lm_tab *t);

/* @text in lines of at most @width columns, cut at spaces (a word longer
 * than a line stands alone): the first line after @first, the others
 * after @rest. */
void lm_wrap(FILE *f, const char *first, const char *rest, const char *text,
	     unsigned int width);

/* @s for a CSV field (quoted when it must be). */
void lm_csv_str(FILE *f, const char *s);

#endif

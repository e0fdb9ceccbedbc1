/* SPDX-License-Identifier: MIT */
/*
 * Inside the report module: the tables each method publishes, as the
 * reviews that use it print them, for the Markdown, JSON (and HTML) forms
 * of a report; the text form is mark.c's, in the tools' own layout.
 *   - CrystalDiskMark's matrix (and the 4K IOPS and throughput tests):
 *     MB/s, IOPS and mean latency per test, read and write (and [Mix]);
 *   - IOmeter's access specifications: read and write IOPS, MB/s and mean
 *     response time in ms apart;
 *   - ATTO's sweep: write and read MB/s and IOPS per block size;
 *   - file copies: upload and download MB/s and files/s per set;
 *   - the cache: cold, warm, warm/cold, miss per test, and the
 *     sustained write's burst and sustained rates.
 * A cell not measured is "-", never 0; the share of --link is a column
 * when --link was given. A run of several hosts (lunmark-mpi) adds a
 * table of its own: a row per cell and rank, then the sum.
 */
#ifndef LM_REPORT_METHOD_H
#define LM_REPORT_METHOD_H

#include "src/report/report.h"
#include "src/report/table.h"

#define LM_METHOD_TABS 3u

struct lm_method_tab {
	const char *title;
	struct lm_tab t;
};

/* The tables of @m's method into @out (at most LM_METHOD_TABS); returns
 * how many. Free them with lm_method_free(). */
unsigned int lm_method_tables(const struct lm_mark_info *info,
			      const struct lm_mark_result *m,
			      struct lm_method_tab *out);
void lm_method_free(struct lm_method_tab *t, unsigned int n);

#endif

// SPDX-License-Identifier: MIT
/* Several hosts' rows, as text: see report.h. */
#include "src/report/report.h"
#include "src/result/ranks.h"
#include "src/result/schema.h"

#include <stdio.h>

/* The host of rank @k, from the ranks' table. */
static const char *lm_rank_host(const struct lm_rank *ranks, unsigned int n,
				unsigned int k)
{
	return k < n ? ranks[k].host : "?";
}

static void lm_report_rank_table(FILE *f, const struct lm_rank *ranks,
				 unsigned int n)
{
	unsigned int k;

	fprintf(f,
		"\nHosts: %u ranks (clock offset to rank 0, and the round trip it was measured in)\n",
		n);
	fprintf(f, "  %4s  %-24s %12s %10s\n", "rank", "host", "offset us",
		"rtt us");
	for (k = 0; k < n; k++)
		fprintf(f, "  %4u  %-24s %+12.1f %10.1f\n", ranks[k].rank,
			ranks[k].host, ranks[k].clock_offset_us,
			ranks[k].rtt_us);
}

static void lm_report_rank_row(FILE *f, const char *rank, const char *host,
			       const struct lm_summary *s, const char *what)
{
	fprintf(f, "  %4s  %-24s %10.2f %10.1f %10.1f%s\n", rank, host, s->mb_s,
		s->iops, s->lat_mean_us, what);
}

/* @files: a copy's, whose IOs are whole files */
static void lm_report_rank_head(FILE *f, bool files)
{
	fprintf(f, "  %4s  %-24s %10s %10s %10s\n", "rank", "host", "MB/s",
		files ? "files/s" : "IOPS", "mean us");
}

/* One cell: a row per rank (the median of its runs), the sum, the skew. */
static void lm_report_rank_cell(FILE *f, const struct lm_mark_result *m,
				const struct lm_cell *c, const char *label,
				enum lm_way w)
{
	unsigned int sum = lm_way_sum(m->profile, w), k, i;
	struct lm_rank_skew sk, worst = { 0, 0 };
	struct lm_summary s;
	char rank[16];

	fprintf(f, "\n%s %s: per rank, the median of %u run%s\n", label,
		lm_way_keys[w], c->nruns, c->nruns == 1 ? "" : "s");
	lm_report_rank_head(f, m->profile->kind == LM_PK_COPY);
	for (k = 0; k < m->nranks; k++) {
		lm_rank_headline(c->runs, c->nruns, k, sum, &s);
		snprintf(rank, sizeof(rank), "%u", k);
		lm_report_rank_row(
			f, rank, lm_rank_host(m->ranks, m->nranks, k), &s, "");
	}
	lm_report_rank_row(f, "sum", "", &c->headline[sum],
			   "  (the cell's figure)");
	for (i = 0; i < c->nruns; i++) {
		lm_rank_skew(c->runs[i].ranks, c->runs[i].nranks, &sk);
		worst.start_us = sk.start_us > worst.start_us ? sk.start_us
							      : worst.start_us;
		worst.end_us =
			sk.end_us > worst.end_us ? sk.end_us : worst.end_us;
	}
	fprintf(f,
		"  windows: started within %.2f ms, ended within %.2f ms of each other (the worst run)\n",
		worst.start_us / 1e3, worst.end_us / 1e3);
}

void lm_report_mark_ranks(FILE *f, const struct lm_mark_result *m)
{
	unsigned int i, w;

	if (!m->nranks || !m->cells)
		return;
	lm_report_rank_table(f, m->ranks, m->nranks);
	for (i = 0; i < m->profile->ntests; i++)
		for (w = 0; w < LM_WAYS; w++)
			if (m->cells[i][w].nruns)
				lm_report_rank_cell(f, m, &m->cells[i][w],
						    m->profile->tests[i].label,
						    (enum lm_way)w);
}

void lm_report_run_ranks(FILE *f, const struct lm_run_result *r,
			 const struct lm_rank *ranks, unsigned int nranks)
{
	struct lm_rank_skew sk;
	char rank[16];
	unsigned int k;

	if (!r->nranks)
		return;
	lm_report_rank_table(f, ranks, nranks);
	fprintf(f, "\nPer rank, reads and writes together\n");
	lm_report_rank_head(f, false);
	for (k = 0; k < r->nranks; k++) {
		snprintf(rank, sizeof(rank), "%u", r->ranks[k].rank);
		lm_report_rank_row(
			f, rank, lm_rank_host(ranks, nranks, r->ranks[k].rank),
			&r->ranks[k].s[LM_SUM_ALL],
			r->ranks[k].io_errno ? "  (IO error)" : "");
	}
	lm_report_rank_row(f, "sum", "", &r->sum[LM_SUM_ALL], "");
	lm_rank_skew(r->ranks, r->nranks, &sk);
	fprintf(f,
		"  windows: started within %.2f ms, ended within %.2f ms of each other\n",
		sk.start_us / 1e3, sk.end_us / 1e3);
}

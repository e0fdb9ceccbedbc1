// SPDX-License-Identifier: MIT
/* A comparison's figures as every format prints them: see figures.h. */
#include "src/report/figures.h"
#include "src/result/compare.h"

#include <math.h>
#include <stdio.h>

void lm_fmt_metric(char *buf, size_t len, unsigned int m, double v)
{
	if (isnan(v))
		snprintf(buf, len, "-");
	else if (m == LM_MET_IOPS)
		snprintf(buf, len, "%.0f", v);
	else if (m == LM_MET_CPU)
		snprintf(buf, len, "%.3f", v);
	else if (v >= 1000)
		snprintf(buf, len, "%.0f", v);
	else if (v >= 100)
		snprintf(buf, len, "%.1f", v);
	else
		snprintf(buf, len, "%.2f", v);
}

void lm_fmt_change(char *buf, size_t len, const struct lm_cmp_stat *st)
{
	if (isnan(st->ratio))
		snprintf(buf, len, "-");
	else if (isnan(st->lo))
		snprintf(buf, len, "%+.1f%%", (st->ratio - 1) * 100);
	else
		snprintf(buf, len, "%+.1f%% [%+.1f, %+.1f]",
			 (st->ratio - 1) * 100, (st->lo - 1) * 100,
			 (st->hi - 1) * 100);
}

void lm_fmt_interval(char *buf, size_t len, const struct lm_cmp_stat *st)
{
	if (isnan(st->lo))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "[%#.3g, %#.3g] %.4g%%", st->lo, st->hi,
			 (1 - st->alpha) * 100);
}

void lm_fmt_verdict(char *buf, size_t len, const struct lm_cmp_stat *st,
		    unsigned int m)
{
	const char *w = lm_verdict_word(st->verdict, lm_metrics[m].sense);

	if (st->verdict == LM_VERDICT_FEW_RUNS)
		snprintf(buf, len, "no verdict: under %u runs a side",
			 LM_CMP_MIN_RUNS);
	else if (st->verdict != LM_VERDICT_INCONCLUSIVE)
		snprintf(buf, len, "%s", w);
	else if (isnan(st->ratio)) /* lm_cmp_test(): no logs */
		snprintf(buf, len, "%s (a run measured 0: no ratio)", w);
	else if (st->runs_needed >= LM_CMP_RUNS_CAP)
		snprintf(buf, len, "%s (over %u runs a side)", w,
			 LM_CMP_RUNS_CAP);
	else
		snprintf(buf, len, "%s (~%u runs a side)", w, st->runs_needed);
}

const char *lm_fmt_outcome(enum lm_verdict v)
{
	static const char *const keys[] = {
		[LM_VERDICT_NONE] = "none",
		[LM_VERDICT_FEW_RUNS] = "too_few_runs",
		[LM_VERDICT_BETTER] = "better",
		[LM_VERDICT_WORSE] = "worse",
		[LM_VERDICT_EQUIVALENT] = "equivalent",
		[LM_VERDICT_INCONCLUSIVE] = "inconclusive",
	};

	return keys[v];
}

const char *lm_fmt_standing(const struct lm_cmp_cell *cell, unsigned int k,
			    unsigned int m)
{
	if (k == cell->best[m])
		return "best";
	switch (cell->st[k][m].verdict) {
	case LM_VERDICT_WORSE:
		return "worse than the best";
	case LM_VERDICT_EQUIVALENT:
		return "equivalent to the best";
	case LM_VERDICT_FEW_RUNS:
		return "no verdict: too few runs";
	default:
		/* inconclusive; better than the best cannot be, the best
		 * being the highest geometric mean */
		return "not distinguishable from the best";
	}
}

const char *lm_fmt_metric_name(const struct lm_profile *p, unsigned int m)
{
	/* a copy's IO is a whole file */
	if (p && p->kind == LM_PK_COPY && m == LM_MET_IOPS)
		return "files/s";
	/* latencies with their unit: a table has no axis to carry it */
	if (m == LM_MET_LAT)
		return "mean lat us";
	if (m == LM_MET_P99)
		return "p99 lat us";
	return lm_metrics[m].name;
}

const char *lm_fmt_metric_unit(const struct lm_profile *p, unsigned int m)
{
	return p && p->kind == LM_PK_COPY && m == LM_MET_IOPS
		       ? "files/s"
		       : lm_metrics[m].unit;
}

const char *lm_fmt_way(const struct lm_profile *p, enum lm_way w)
{
	if (p && p->kind == LM_PK_COPY)
		return w == LM_WAY_WRITE ? "upload" : "download";
	return lm_way_keys[w];
}

void lm_fmt_cell(char *buf, size_t len, const struct lm_cmp_cell *cell)
{
	snprintf(buf, len, "%s %s", cell->label, lm_way_keys[cell->way]);
}

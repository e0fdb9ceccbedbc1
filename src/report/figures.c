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
	else
		snprintf(buf, len, "%+.1f%% [%+.1f, %+.1f]",
			 (st->ratio - 1) * 100, (st->ci.lo95 - 1) * 100,
			 (st->ci.hi95 - 1) * 100);
}

void lm_fmt_verdict(char *buf, size_t len, const struct lm_cmp_stat *st)
{
	if (st->verdict != LM_VERDICT_INCONCLUSIVE)
		snprintf(buf, len, "%s", lm_verdict_name(st->verdict));
	else if (st->runs_needed >= LM_CMP_RUNS_CAP)
		snprintf(buf, len, "inconclusive (over %u runs a side)",
			 LM_CMP_RUNS_CAP);
	else
		snprintf(buf, len, "inconclusive (~%u runs a side)",
			 st->runs_needed);
}

void lm_fmt_cell(char *buf, size_t len, const struct lm_cmp_cell *cell)
{
	snprintf(buf, len, "%s %s", cell->label, lm_way_keys[cell->way]);
}

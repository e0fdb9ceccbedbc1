// SPDX-License-Identifier: MIT
/* The HTML page's chart arithmetic: round ticks, and the time line of a
 * cell's per-second series with its run ends. */
#include "src/report/html.h"
#include "src/result/runs.h"
#include "tests/unit/unit.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void lm_test_steps(void)
{
	static const struct {
		double top;
		double step;
	} t[] = { { 9016, 2000 }, { 1, 0.2 },	 { 0.07, 0.02 },
		  { 100, 20 },	  { 2500, 500 }, { 12551, 5000 } };
	unsigned int i;
	char b[32];

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		CU_ASSERT_DOUBLE_EQUAL(lm_svg_step(t[i].top, 5), t[i].step,
				       t[i].step * 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(lm_svg_step(0, 5), 1, 0);
	lm_svg_num(b, sizeof(b), 0.4, 0.2);
	CU_ASSERT_STRING_EQUAL(b, "0.4");
	lm_svg_num(b, sizeof(b), 6000, 2000);
	CU_ASSERT_STRING_EQUAL(b, "6000");
	lm_svg_num(b, sizeof(b), 0.06, 0.02);
	CU_ASSERT_STRING_EQUAL(b, "0.06");
}

/* Two runs of 1.0 + 0.5 s and 1.0 s (a sample without a duration left
 * out, as the series leaves it out): the samples' middles at 0.5, 1.25
 * and 2 s, the runs ending at 1.5 and 2.5 s. */
static void lm_test_timeline(void)
{
	struct lm_sample s1[3] = {
		{ .dur_ns = 1000000000, .bytes = { 1000000 } },
		{ .dur_ns = 500000000, .bytes = { 1000000 } },
		{ .dur_ns = 0 }
	};
	struct lm_sample s2[1] = { { .dur_ns = 1000000000,
				     .bytes = { 3000000 } } };
	struct lm_cell cells[1][LM_WAYS];
	struct lm_saved saved;
	unsigned int file = 0;
	struct lm_runs_from from = { .saved = &saved,
				     .file = &file,
				     .nfiles = 1,
				     .profile = lm_profile_find("demo"),
				     .test = 0,
				     .way = LM_WAY_READ };
	struct lm_cmp_val val;
	struct lm_cell *c = &cells[0][LM_WAY_READ];

	memset(&saved, 0, sizeof(saved));
	memset(cells, 0, sizeof(cells));
	saved.m.cells = cells;
	c->nruns = 2;
	c->runs[0].series = s1;
	c->runs[0].nseries = 3;
	c->runs[0].s[LM_DIR_READ].mb_s = 1;
	c->runs[1].series = s2;
	c->runs[1].nseries = 1;
	c->runs[1].s[LM_DIR_READ].mb_s = 3;
	CU_ASSERT_EQUAL_FATAL(lm_cmp_val_fill(&val, &from), 0);
	CU_ASSERT_EQUAL(val.nseries, 3);
	CU_ASSERT_EQUAL(val.nruns_all, 2);
	CU_ASSERT_DOUBLE_EQUAL(val.secs[0], 0.5, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(val.secs[1], 1.25, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(val.secs[2], 2.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(val.series[1], 2.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(val.run_end_s[0], 1.5, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(val.run_end_s[1], 2.5, 1e-9);
	CU_ASSERT_FALSE(val.steady);
	CU_ASSERT_DOUBLE_EQUAL(val.window_s, 0, 0);
	lm_cmp_val_free(&val);
}

int lm_suite_html(void)
{
	static const struct lm_unit_test t[] = {
		{ "ticks: 1-2-5 steps", lm_test_steps },
		{ "series: seconds and run ends", lm_test_timeline },
		{ NULL, NULL },
	};
	return lm_unit_add("html", t);
}

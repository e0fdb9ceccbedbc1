// SPDX-License-Identifier: MIT
/*
 * The cache profile's text report: per read test the cold pass, the warm
 * figure (the steady window), warm/cold, what warming took, the miss run;
 * sequential reads apart; the sustained write's burst and sustained rate.
 * Formatting only.
 */
#include "src/report/report.h"
#include "src/suite/plan.h"
#include "src/units.h"

static void lm_fig(FILE *f, const char *what, const struct lm_summary *s)
{
	fprintf(f, "%s %10.3f MB/s [%9.1f IOPS] <%9.2f us>\n", what, s->mb_s,
		s->iops, s->lat_mean_us);
}

/* The window and the verdict of a cell measured in rounds. */
void lm_report_rounds(FILE *f, const struct lm_cell *c)
{
	if (!c->ss.n)
		fprintf(f, "not judged (%u round%s: the window is %u)",
			c->nruns, c->nruns == 1 ? "" : "s", LM_STEADY_WINDOW);
	else
		fprintf(f,
			"%s in rounds %u-%u of %u (range %.1f%%, slope %.1f%%)",
			c->ss.steady ? "steady" : "NOT steady", c->ss.first + 1,
			c->ss.first + c->ss.n, c->nruns, c->ss.range_pct,
			c->ss.excursion_pct);
}

static void lm_cache_test(FILE *f, const struct lm_mark_result *m,
			  const struct lm_test *t, const struct lm_cell *c)
{
	char b[32];

	fprintf(f, "  %s\n", t->label);
	if (!c->nruns) {
		fputs("    (not measured)\n", f);
		return;
	}
	lm_fig(f, "    cold (pass 1)", &c->runs[0].s[LM_DIR_READ]);
	lm_fig(f, "    warm (window) ", &c->headline[LM_DIR_READ]);
	if (c->has_miss)
		lm_fig(f, "    miss          ", &c->miss[LM_DIR_READ]);
	/* the rounds' verdict on a line of its own: with wide figures
	 * ("353.87x", "range 131.1%") the two did not fit in 80 columns */
	fprintf(f, "    warm/cold %.2fx\n    ", c->warm_ratio);
	lm_report_rounds(f, c);
	fputc('\n', f);
	lm_fmt_size(b, sizeof(b), c->warm_bytes);
	if (c->warmed)
		fprintf(f, "    warming: yes, warm after %s in %.1f s\n", b,
			c->warm_s);
	else
		fprintf(f,
			"    warming: none (the cold pass is not %.0f%% below every round of the window)\n",
			(LM_WARM_RATIO - 1) * 100);
	if (c->unstable)
		fprintf(f, "    unstable: the window's CV is %.1f%%\n",
			c->spread.cv_pct);
	(void)m;
}

static void lm_cache_sustained(FILE *f, const struct lm_test *t,
			       const struct lm_cell *c)
{
	char b[32], at[32];

	lm_fmt_size(b, sizeof(b),
		    c->nruns ? c->runs[0].s[LM_DIR_WRITE].bytes : 0);
	fprintf(f, "[Sustained write] %s, %s in one run\n", t->label, b);
	if (!c->nruns) {
		fputs("    (not measured)\n\n", f);
		return;
	}
	lm_fig(f, "    whole run     ", &c->runs[0].s[LM_DIR_WRITE]);
	lm_fmt_size(at, sizeof(at), c->step_bytes);
	if (c->step.found)
		fprintf(f,
			"    burst %.3f MB/s for %.1f s (%s), then sustained %.3f MB/s\n\n",
			c->step.before_mean, c->step_s, at, c->step.after_mean);
	else
		fputs("    no change of rate found: the cache absorbed it all, or none was in the way\n\n",
		      f);
}

void lm_report_cache(FILE *f, const struct lm_mark_info *info,
		     const struct lm_mark_result *m)
{
	const struct lm_profile *p = m->profile;
	unsigned int i;
	bool seq = false;
	char ws[32];

	lm_fmt_size(ws, sizeof(ws), info->working_set_bytes);
	fprintf(f,
		"[Random reads] each test reads its own %s working set in passes (every\n"
		"block once a pass) until steady: the last %u rounds within %g%% of\n"
		"their mean and their least-squares line within %g%% across them (SNIA PTS)\n",
		ws, LM_STEADY_WINDOW, LM_STEADY_RANGE_PCT, LM_STEADY_SLOPE_PCT);
	for (i = 0; i < p->ntests; i++)
		if (p->tests[i].random && !p->tests[i].sustain)
			lm_cache_test(f, m, &p->tests[i],
				      &m->cells[i][LM_WAY_READ]);
	fputc('\n', f);
	for (i = 0; i < p->ntests; i++) {
		if (p->tests[i].random || p->tests[i].sustain)
			continue;
		if (!seq)
			fputs("[Sequential reads, apart] most NAS SSD caches skip sequential IO,\n"
			      "so these figures say little about the cache\n",
			      f);
		seq = true;
		lm_cache_test(f, m, &p->tests[i], &m->cells[i][LM_WAY_READ]);
	}
	if (seq)
		fputc('\n', f);
	if (m->miss_why[0])
		fprintf(f, "* %s\n", m->miss_why);
	else {
		lm_fmt_size(ws, sizeof(ws), m->miss_bytes);
		fprintf(f,
			"* miss: random reads for %g s over %s after the working sets (more\n"
			"  than 2 x --cache-size), each block at most once: mostly misses\n",
			info->runtime_s, ws);
	}
	fputs("* not prefilled unless a test file: a prefill would warm the cache\n",
	      f);
	if (m->primer_bytes) {
		lm_fmt_size(ws, sizeof(ws), m->primer_bytes);
		fprintf(f,
			"* before each cold pass a %g s primer reads the last %s of the target\n"
			"  (not counted), so that the cold pass is not the first IO after idling\n",
			(double)LM_PRIMER_NS / 1e9, ws);
	}
	fputc('\n', f);
	for (i = 0; i < p->ntests; i++)
		if (p->tests[i].sustain && m->cells[i][LM_WAY_WRITE].wanted)
			lm_cache_sustained(f, &p->tests[i],
					   &m->cells[i][LM_WAY_WRITE]);
}

// SPDX-License-Identifier: MIT
/*
 * The cache profile's first screen (html.h): per read test the cold
 * pass, the warm figure (the steady window), warm/cold, the miss run and
 * the window's verdict; the sustained write's burst and sustained rate.
 * The warm-up curves follow in the page's second-by-second section.
 */
#include "src/report/figures.h"
#include "src/report/html.h"
#include "src/units.h"

#include <math.h>

#define LM_CACHE_TESTS 16u

static void lm_cache_row(FILE *f, const struct lm_test *t,
			 const struct lm_cell *c)
{
	char a[32], b[32], m[32], w[32];

	fputs("<tr><td>", f);
	lm_html_esc(f, t->label);
	fputs("</td>", f);
	if (!c->nruns) {
		fputs("<td>-</td><td>-</td><td>-</td><td>-</td><td>not measured</td><td>-</td></tr>\n",
		      f);
		return;
	}
	lm_fmt_metric(a, sizeof(a), LM_MET_MB_S,
		      c->runs[0].s[LM_DIR_READ].mb_s);
	lm_fmt_metric(b, sizeof(b), LM_MET_MB_S, c->headline[LM_DIR_READ].mb_s);
	lm_fmt_metric(m, sizeof(m), LM_MET_MB_S,
		      c->has_miss ? c->miss[LM_DIR_READ].mb_s : NAN);
	fprintf(f,
		"<td>%s</td><td>%s</td><td>%.2fx</td><td>%s</td><td class=\"t\">",
		a, b, c->warm_ratio, m);
	if (!c->ss.n)
		fprintf(f, "not judged (%u rounds)", c->nruns);
	else
		fprintf(f, "<span class=\"%s\">%s</span> in rounds %u-%u of %u",
			c->ss.steady ? "better" : "worse",
			c->ss.steady ? "steady" : "NOT steady", c->ss.first + 1,
			c->ss.first + c->ss.n, c->nruns);
	lm_fmt_size(w, sizeof(w), c->warm_bytes);
	if (c->warmed)
		fprintf(f, "</td><td class=\"t\">warm after %s in %.1f s", w,
			c->warm_s);
	else
		fputs("</td><td class=\"t\">none seen", f);
	fputs(c->unstable ? " <span class=\"worse\">unstable</span></td></tr>\n"
			  : "</td></tr>\n",
	      f);
}

static void lm_cache_sustained(FILE *f, const struct lm_test *t,
			       const struct lm_cell *c)
{
	char w[32], at[32];

	fputs("<h3>Sustained write: ", f);
	lm_html_esc(f, t->label);
	fputs("</h3>\n", f);
	if (!c->nruns) {
		fputs("<p>- (not measured)</p>\n", f);
		return;
	}
	lm_fmt_metric(w, sizeof(w), LM_MET_MB_S,
		      c->runs[0].s[LM_DIR_WRITE].mb_s);
	lm_fmt_size(at, sizeof(at), c->step_bytes);
	fprintf(f,
		"<table>\n<tr><th>Whole run MB/s</th><th>Burst MB/s</th><th>Sustained MB/s</th><th class=\"t\">Change after</th></tr>\n<tr><td>%s</td>",
		w);
	if (c->step.found)
		fprintf(f,
			"<td>%.1f</td><td>%.1f</td><td class=\"t\">%.1f s (%s)</td></tr>\n",
			c->step.before_mean, c->step.after_mean, c->step_s, at);
	else
		fputs("<td>-</td><td>-</td><td class=\"t\">no change of rate found</td></tr>\n",
		      f);
	fputs("</table>\n", f);
}

void lm_html_cache(FILE *f, const struct lm_mark_result *m)
{
	static const char *const names[] = { "Cold (pass 1)", "Warm (window)",
					     "Miss" };
	const struct lm_profile *p = m->profile;
	double y[3][LM_CACHE_TESTS];
	const char *cats[LM_CACHE_TESTS];
	unsigned int i, n = 0;
	bool seq = false;
	struct lm_svg_series s[3];
	struct lm_svg_chart ch = { .title = "cold, warm and miss MB/s",
				   .unit = "MB/s",
				   .cats = cats,
				   .s = s,
				   .ns = 3 };

	fputs("<table>\n<tr><th>Read test</th><th>Cold MB/s</th><th>Warm MB/s</th><th>Warm/cold</th><th>Miss MB/s</th><th class=\"t\">Window</th><th class=\"t\">Warming</th></tr>\n",
	      f);
	for (i = 0; i < p->ntests && n < LM_CACHE_TESTS; i++) {
		const struct lm_cell *c = &m->cells[i][LM_WAY_READ];

		if (p->tests[i].sustain)
			continue;
		lm_cache_row(f, &p->tests[i], c);
		cats[n] = p->tests[i].label;
		y[0][n] = c->nruns ? c->runs[0].s[LM_DIR_READ].mb_s : NAN;
		y[1][n] = c->nruns ? c->headline[LM_DIR_READ].mb_s : NAN;
		y[2][n] = c->has_miss ? c->miss[LM_DIR_READ].mb_s : NAN;
		n++;
	}
	fputs("</table>\n", f);
	for (i = 0; i < p->ntests; i++)
		seq |= !p->tests[i].random && !p->tests[i].sustain;
	if (seq)
		fputs("<p>The sequential reads (SEQ) say little about the cache: most NAS SSD caches skip sequential IO.</p>\n",
		      f);
	for (i = 0; i < 3; i++)
		s[i] = (struct lm_svg_series){ .name = names[i],
					       .y = y[i],
					       .n = n };
	ch.ncats = n;
	lm_html_legend(f, names, 3);
	lm_svg_bars(f, &ch);
	for (i = 0; i < p->ntests; i++)
		if (p->tests[i].sustain && m->cells[i][LM_WAY_WRITE].wanted)
			lm_cache_sustained(f, &p->tests[i],
					   &m->cells[i][LM_WAY_WRITE]);
}

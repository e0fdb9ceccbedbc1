// SPDX-License-Identifier: MIT
/*
 * The page's second-by-second section (html.h): a cell's MB/s over time,
 * a line per configuration, the runs end to end with a mark where each
 * ends; for a cell in rounds (the cache profile, --until-steady) the
 * warm-up curve, with the steady window dashed only when it was steady.
 */
#include "src/report/html.h"

/* The series of one configuration, its run ends and steady window. */
static void lm_series_one(const struct lm_cmp_val *v, struct lm_svg_series *s,
			  const char *name)
{
	*s = (struct lm_svg_series){
		.name = name,
		.x = v->secs,
		.y = v->series,
		.n = v->nseries,
		.breaks = v->run_end_s,
		.nbreaks = v->nruns_all,
		/* only where the text says steady */
		.window_x = v->window_s,
	};
}

bool lm_html_series_any(const struct lm_cmp *c)
{
	unsigned int i, k;

	for (i = 0; i < c->ncells; i++)
		for (k = 0; k < c->ncfg; k++)
			if (c->cells[i].val[k].nseries >= 2)
				return true;
	return false;
}

void lm_html_series(FILE *f, const struct lm_cmp *c,
		    const struct lm_cmp_cell *cell)
{
	struct lm_svg_series s[LM_CMP_CONFIGS_MAX];
	const char *names[LM_CMP_CONFIGS_MAX];
	struct lm_svg_chart ch = { .unit = "MB/s", .xunit = "s", .s = s };
	bool rounds = false, steady = false;
	unsigned int k, nmax = 0;
	char h[96];

	for (k = 0; k < c->ncfg; k++) {
		const struct lm_cmp_val *v = &cell->val[k];

		rounds |= v->rounds;
		steady |= v->steady;
		if (v->nseries > nmax)
			nmax = v->nseries;
		if (v->nruns_all && v->run_end_s[v->nruns_all - 1] > ch.xmax)
			ch.xmax = v->run_end_s[v->nruns_all - 1];
	}
	if (nmax < 2)
		return;
	for (k = 0; k < c->ncfg; k++) {
		names[k] = c->cfg[k].name;
		lm_series_one(&cell->val[k], &s[k], names[k]);
	}
	ch.ns = c->ncfg;
	lm_html_cell(h, sizeof(h), c, cell);
	ch.title = h;
	fputs("<h4>", f);
	lm_html_esc(f, h);
	fputs(rounds ? ": warm-up curve, a round per mark</h4>\n"
		     : ": a mark per counted run</h4>\n",
	      f);
	if (rounds && !steady)
		fputs("<p>Not steady: no window is marked.</p>\n", f);
	lm_html_legend(f, names, c->ncfg);
	fprintf(f, "<p class=\"legend\"><span>dotted: a %s ends</span>%s</p>\n",
		rounds ? "round" : "run",
		steady ? "<span>dashed: the steady window starts</span>" : "");
	lm_svg_lines(f, &ch);
}

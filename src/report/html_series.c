// SPDX-License-Identifier: MIT
/*
 * The page's second-by-second section (html.h): a cell's MB/s over time,
 * a line per configuration, the runs end to end with a mark where each
 * ends; for a cell in rounds (the cache profile, --until-steady) the
 * warm-up curve, with the steady window dashed only when it was steady.
 */
#include "src/report/html.h"

#include <stdlib.h>

/* The series of configuration @k: its times, its run ends. */
static int lm_series_one(const struct lm_cmp_val *v, struct lm_svg_series *s,
			 const char *name)
{
	double *b = calloc(v->nruns_all ? v->nruns_all : 1, sizeof(double));
	unsigned int r;

	if (!b)
		return -1;
	for (r = 0; r < v->nruns_all; r++)
		b[r] = v->run_end[r] ? v->secs[v->run_end[r] - 1] : 0;
	*s = (struct lm_svg_series){
		.name = name,
		.x = v->secs,
		.y = v->series,
		.n = v->nseries,
		.breaks = b,
		.nbreaks = v->nruns_all,
		/* only where the text says steady */
		.window_x = v->rounds && v->steady && v->warm_at
				    ? v->secs[v->warm_at - 1]
				    : 0,
	};
	return 0;
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
		if (v->nseries && v->secs[v->nseries - 1] > ch.xmax)
			ch.xmax = v->secs[v->nseries - 1];
	}
	if (nmax < 2)
		return;
	for (k = 0; k < c->ncfg; k++) {
		names[k] = c->cfg[k].name;
		if (lm_series_one(&cell->val[k], &s[ch.ns], names[k]))
			goto out_free;
		ch.ns++;
	}
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
out_free:
	for (k = 0; k < ch.ns; k++)
		free((void *)s[k].breaks);
}

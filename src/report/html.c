// SPDX-License-Identifier: MIT
/*
 * `lunmark compare --format=html`: one self-contained page (inline CSS
 * and SVG, nothing fetched): the configurations, a grouped bar chart per
 * test with 95% intervals as error bars, the tables with verdicts, and
 * the per-second MB/s of every cell, runs in a row.
 */
#include "src/report/figures.h"
#include "src/report/report.h"
#include "src/result/compare.h"

#include <math.h>
#include <string.h>

#define LM_W 680
#define LM_H 240
#define LM_L 70 /* left margin: the axis labels */
#define LM_B 36 /* bottom margin: the group labels */
#define LM_T 12

static const char *const lm_colors[] = { "#4e79a7", "#f28e2b", "#e15759",
					 "#76b7b2", "#59a14f", "#edc948",
					 "#b07aa1", "#ff9da7" };
#define LM_NCOLORS (sizeof(lm_colors) / sizeof(lm_colors[0]))

static void lm_esc(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '&':
			fputs("&amp;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		default:
			fputc(*s, f);
		}
	}
}

static const char *lm_color(unsigned int k)
{
	return lm_colors[k % LM_NCOLORS];
}

static void lm_html_head(FILE *f, const struct lm_cmp *c)
{
	unsigned int k;

	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>lunmark: ",
	      f);
	lm_esc(f, c->profile->what);
	fputs("</title>\n<style>\n"
	      "body{font-family:system-ui,sans-serif;margin:2em;color:#222;max-width:1100px}\n"
	      "table{border-collapse:collapse;margin:1em 0;font-size:90%}\n"
	      "th,td{border:1px solid #ccc;padding:3px 8px;text-align:right}\n"
	      "th:first-child,td:first-child{text-align:left}\n"
	      "th{background:#f3f3f3}\n"
	      ".best{font-weight:bold}.tie{color:#555}\n"
	      ".better{color:#1a7f37}.worse{color:#c62828}\n"
	      ".legend span{display:inline-block;margin-right:1.5em}\n"
	      ".sw{display:inline-block;width:12px;height:12px;margin-right:4px;vertical-align:middle}\n"
	      "svg text{font-size:11px;fill:#333}\n"
	      "</style>\n</head>\n<body>\n<h1>lunmark ",
	      f);
	fputs(c->mode == LM_CMP_SINGLE ? "report" : "compare", f);
	fputs("</h1>\n<p>", f);
	lm_esc(f, c->profile->what);
	fputs("</p>\n<p class=\"legend\">", f);
	for (k = 0; k < c->ncfg; k++) {
		fprintf(f, "<span><i class=\"sw\" style=\"background:%s\"></i>",
			lm_color(k));
		lm_esc(f, c->cfg[k].name);
		fputs("</span>", f);
	}
	fputs("</p>\n", f);
}

static void lm_html_provenance(FILE *f, const struct lm_cmp *c)
{
	unsigned int k, i;
	char v[32];

	fputs("<h2>Configurations</h2>\n<table>\n<tr><th>Configuration</th><th>Files</th><th>Label</th><th>Tags</th><th>Date</th><th>Host kernel</th><th>Target</th><th>Engine</th><th>Size</th><th>Runs/cell</th><th>lunmark</th><th>host CPU-s/GB</th></tr>\n",
	      f);
	for (k = 0; k < c->ncfg; k++) {
		const struct lm_cmp_config *g = &c->cfg[k];
		const struct lm_mark_info *in = &c->saved[g->file[0]].info;
		const char *cols[] = { in->r.date, in->r.kernel, in->r.target,
				       in->r.engine, in->r.size };

		fputs("<tr><td>", f);
		lm_esc(f, g->name);
		fputs("</td><td>", f);
		for (i = 0; i < g->nfiles; i++) {
			fputs(i ? "<br/>" : "", f);
			lm_esc(f, c->paths[g->file[i]]);
		}
		fputs("</td><td>", f);
		lm_esc(f, in->label);
		fputs("</td><td>", f);
		for (i = 0; i < in->ntags; i++) {
			fputs(i ? " " : "", f);
			lm_esc(f, in->tags[i].name);
			fputc('=', f);
			lm_esc(f, in->tags[i].value);
		}
		fputs("</td>", f);
		for (i = 0; i < sizeof(cols) / sizeof(cols[0]); i++) {
			fputs("<td>", f);
			lm_esc(f, cols[i]);
			fputs("</td>", f);
		}
		lm_fmt_metric(v, sizeof(v), LM_MET_CPU,
			      g->cpu_s_per_gb < 0 ? NAN : g->cpu_s_per_gb);
		fprintf(f, "<td>%u</td><td>", in->runs * g->nfiles);
		lm_esc(f, in->r.version);
		fprintf(f, "</td><td>%s</td></tr>\n", v);
	}
	fputs("</table>\n", f);
}

/* An SVG chart's start: its box, and 5 grid lines from 0 to @top. */
static void lm_svg_open(FILE *f, unsigned int m, double top)
{
	unsigned int t;
	char v[32];

	fprintf(f,
		"<svg width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">\n",
		LM_W, LM_H, LM_W, LM_H);
	for (t = 0; t <= 4; t++) {
		double y = LM_T + (LM_H - LM_T - LM_B) * (1 - t / 4.0);

		lm_fmt_metric(v, sizeof(v), m, top * t / 4);
		fprintf(f,
			"<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/><text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
			LM_L, LM_W - 10, y, y, LM_L - 6, y + 4, v);
	}
}

/* Test @test's cells on metric @m: a group per way, a bar per
 * configuration, its 95% interval as an error bar. */
static void lm_html_bars(FILE *f, const struct lm_cmp *c, unsigned int test,
			 unsigned int m)
{
	const struct lm_cmp_cell *cells[3];
	unsigned int n = 0, i, k;
	double top = 0, gw, bw;
	char v[32];

	for (i = 0; i < c->ncells && n < 3; i++)
		if (c->cells[i].test == test && c->cells[i].has[m])
			cells[n++] = &c->cells[i];
	if (!n)
		return;
	for (i = 0; i < n; i++)
		for (k = 0; k < c->ncfg; k++)
			if (lm_cmp_has(cells[i], k) &&
			    cells[i]->val[k].ci[m].hi95 > top)
				top = cells[i]->val[k].ci[m].hi95;
	top = top > 0 ? top * 1.1 : 1;
	gw = (double)(LM_W - LM_L - 10) / n;
	bw = gw * 0.8 / c->ncfg;
	lm_svg_open(f, m, top);
	fprintf(f,
		"<text x=\"12\" y=\"%d\" transform=\"rotate(-90 12 %d)\" text-anchor=\"middle\">%s</text>\n",
		LM_H / 2, LM_H / 2, lm_metrics[m].name);
	for (i = 0; i < n; i++) {
		double x0 = LM_L + gw * i + gw * 0.1;

		fprintf(f,
			"<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
			LM_L + gw * (i + 0.5), LM_H - 12,
			lm_way_keys[cells[i]->way]);
		for (k = 0; k < c->ncfg; k++) {
			const struct lm_cmp_val *val = &cells[i]->val[k];
			double h = LM_H - LM_T - LM_B, x = x0 + bw * k;
			double y = LM_T + h * (1 - val->median[m] / top);
			double ylo = LM_T + h * (1 - val->ci[m].lo95 / top);
			double yhi = LM_T + h * (1 - val->ci[m].hi95 / top);

			if (!lm_cmp_has(cells[i], k))
				continue;
			lm_fmt_metric(v, sizeof(v), m, val->median[m]);
			fprintf(f,
				"<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>",
				x, y, bw * 0.9, LM_T + h - y, lm_color(k));
			lm_esc(f, c->cfg[k].name);
			fprintf(f, ": %s %s</title></rect>\n", v,
				lm_metrics[m].unit);
			fprintf(f,
				"<path d=\"M%.1f %.1fV%.1fM%.1f %.1fh%.1fM%.1f %.1fh%.1f\" stroke=\"#000\"/>\n",
				x + bw * 0.45, ylo, yhi, x + bw * 0.25, ylo,
				bw * 0.4, x + bw * 0.25, yhi, bw * 0.4);
		}
	}
	fputs("</svg>\n", f);
}

/* A test's figures: per way and metric, each configuration's median and
 * its verdict against the reference. */
static void lm_html_table(FILE *f, const struct lm_cmp *c, unsigned int test,
			  unsigned int metrics)
{
	unsigned int i, k, m;
	char v[32], ch[64], vd[64];

	fputs("<table>\n<tr><th>Way</th><th>Metric</th>", f);
	for (k = 0; k < c->ncfg; k++) {
		fputs("<th>", f);
		lm_esc(f, c->cfg[k].name);
		fputs("</th>", f);
	}
	fputs("</tr>\n", f);
	for (i = 0; i < c->ncells; i++) {
		const struct lm_cmp_cell *cell = &c->cells[i];

		if (cell->test != test)
			continue;
		for (m = 0; m < LM_METRICS; m++) {
			if (!(metrics & (1u << m)) || !cell->has[m])
				continue;
			fprintf(f, "<tr><td>%s</td><td>%s</td>",
				lm_way_keys[cell->way], lm_metrics[m].name);
			for (k = 0; k < c->ncfg; k++) {
				const struct lm_cmp_stat *s = &cell->st[k][m];
				bool best = c->mode == LM_CMP_TABLE &&
					    k == cell->best[m];

				if (!lm_cmp_has(cell, k)) {
					fputs("<td>-</td>", f);
					continue;
				}
				lm_fmt_metric(v, sizeof(v), m,
					      cell->val[k].center[m]);
				fprintf(f, "<td%s>%s",
					best ? " class=\"best\"" : "", v);
				if (c->mode == LM_CMP_TABLE)
					fprintf(f, "<br/><small>%s</small>",
						lm_fmt_standing(cell, k, m));
				if (s->verdict) {
					lm_fmt_change(ch, sizeof(ch), s);
					lm_fmt_verdict(vd, sizeof(vd), s, m);
					fprintf(f,
						"<br/><small class=\"%s\">%s %s</small>",
						lm_fmt_outcome(s->verdict), ch,
						vd);
				}
				fputs("</td>", f);
			}
			fputs("</tr>\n", f);
		}
	}
	fputs("</table>\n", f);
}

/* Each file's warnings, as its report printed them. */
/* The settings not the same in every file. */
static void lm_html_differ(FILE *f, const struct lm_cmp *c)
{
	unsigned int i, k;

	if (!c->ndiffer)
		return;
	fputs("<h2>Settings that differ</h2>\n<table>\n<tr><th>Setting</th>",
	      f);
	for (k = 0; k < c->ncfg; k++) {
		fputs("<th>", f);
		lm_esc(f, c->cfg[k].name);
		fputs("</th>", f);
	}
	fputs("</tr>\n", f);
	for (i = 0; i < c->ndiffer; i++) {
		fprintf(f, "<tr><td>%s</td>",
			lm_setting_names[c->differ[i].setting]);
		for (k = 0; k < c->ncfg; k++) {
			fputs("<td>", f);
			lm_esc(f, c->differ[i].value[k]);
			fputs("</td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

static void lm_html_warnings(FILE *f, const struct lm_cmp *c)
{
	unsigned int k, i, n = 0;

	for (k = 0; k < c->nsaved; k++) {
		const struct lm_warnings *w = &c->saved[k].m.warn;

		for (i = 0; i < w->n; i++) {
			fputs(n++ ? "<li>" : "<h2>Warnings</h2>\n<ul>\n<li>",
			      f);
			lm_esc(f, c->paths[k]);
			fputs(": ", f);
			lm_esc(f, w->text[i]);
			fputs("</li>\n", f);
		}
	}
	if (n)
		fputs("</ul>\n", f);
}

/* A cell's MB/s second by second, one line per configuration. */
static void lm_html_series(FILE *f, const struct lm_cmp *c,
			   const struct lm_cmp_cell *cell)
{
	unsigned int k, i, nmax = 0;
	double top = 0, x;
	bool rounds = false;
	char h[64];

	for (k = 0; k < c->ncfg; k++) {
		const struct lm_cmp_val *val = &cell->val[k];

		rounds |= val->rounds;
		if (val->nseries > nmax)
			nmax = val->nseries;
		for (i = 0; i < val->nseries; i++)
			if (val->series[i] > top)
				top = val->series[i];
	}
	if (nmax < 2)
		return;
	top = top > 0 ? top * 1.1 : 1;
	lm_fmt_cell(h, sizeof(h), cell);
	fputs("<h4>", f);
	lm_esc(f, h);
	fputs(rounds ? ": warm-up curve</h4>\n" : "</h4>\n", f);
	lm_svg_open(f, LM_MET_MB_S, top);
	fprintf(f,
		"<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s, MB/s</text>\n",
		(LM_W + LM_L) / 2, LM_H - 10,
		rounds ? "seconds, every round in a row (each round's last piece shorter); dashed: the steady window starts"
		       : "seconds (counted runs in a row)");
	for (k = 0; k < c->ncfg; k++) {
		const struct lm_cmp_val *val = &cell->val[k];

		if (!val->nseries)
			continue;
		fprintf(f,
			"<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" points=\"",
			lm_color(k));
		for (i = 0; i < val->nseries; i++)
			fprintf(f, "%.1f,%.1f ",
				LM_L + (double)(LM_W - LM_L - 10) * i /
						(nmax - 1),
				LM_T + (LM_H - LM_T - LM_B) *
						(1 - val->series[i] / top));
		fputs("\"/>\n", f);
		if (!val->rounds || !val->warm_at)
			continue;
		x = LM_L +
		    (double)(LM_W - LM_L - 10) * val->warm_at / (nmax - 1);
		fprintf(f,
			"<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"%s\" stroke-dasharray=\"4 3\"/>\n",
			x, LM_T, x, LM_H - LM_B, lm_color(k));
	}
	fputs("</svg>\n", f);
}

void lm_report_cmp_html(FILE *f, const struct lm_cmp *c, unsigned int metrics)
{
	static const unsigned int charted[] = { LM_MET_MB_S, LM_MET_IOPS,
						LM_MET_LAT };
	unsigned int i, m;

	lm_html_head(f, c);
	lm_html_provenance(f, c);
	lm_html_differ(f, c);
	lm_html_warnings(f, c);
	fputs("<h2>Results</h2>\n", f);
	for (i = 0; i < c->profile->ntests; i++) {
		fputs("<h3>", f);
		lm_esc(f, c->profile->tests[i].label);
		fputs("</h3>\n", f);
		for (m = 0; m < sizeof(charted) / sizeof(charted[0]); m++)
			if (metrics & (1u << charted[m]))
				lm_html_bars(f, c, i, charted[m]);
		lm_html_table(f, c, i, metrics);
	}
	fputs("<h2>Second by second</h2>\n", f);
	for (i = 0; i < c->ncells; i++)
		lm_html_series(f, c, &c->cells[i]);
	fprintf(f,
		"<h2>Method</h2>\n<p>Bars are medians of the counted runs, with 95%% percentile-bootstrap intervals of the median (%u resamples, fixed seed). The tables show geometric means of the runs, and B/A is their ratio. Each verdict is Welch's t-test on the logarithms of the runs; the interval shown is its interval of the ratio, at the level Holm's step-down gives the cell within its configuration's family (5%% family-wise, a comparison per cell and metric, MB/s and IOPS counted once), and it decides: <i>faster</i>/<i>slower</i> (<i>less</i>/<i>more CPU</i>) when it excludes 1 and the ratio is beyond 1 &#177; %g%%; <i>equivalent</i> when it lies within [1/(1+&#948;), 1+&#948;]; <i>inconclusive</i> otherwise. Under %u runs a side: no verdict.</p>\n</body>\n</html>\n",
		LM_BOOT_RESAMPLES, c->delta * 100, LM_CMP_MIN_RUNS);
}

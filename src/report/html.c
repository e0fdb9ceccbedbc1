// SPDX-License-Identifier: MIT
/*
 * `lunmark report --format=html` and `lunmark compare --format=html`: one
 * self-contained page (inline CSS and SVG, nothing fetched, a print
 * style). A single result opens with its method's own view
 * (html_method.c); a comparison with an overview of every cell's verdict,
 * then per test a bar chart with each bar's verdict beside it. Both end
 * with the figures in full, the per-second series and the method.
 */
#include "src/report/figures.h"
#include "src/report/html.h"
#include "src/report/report.h"
#include "src/result/compare.h"

#include <math.h>
#include <string.h>

static const char lm_style[] =
	"body{font-family:system-ui,sans-serif;margin:2em auto;padding:0 1em;color:#222;max-width:1100px}\n"
	"h1{font-size:1.5em}h2{margin-top:1.6em;border-bottom:1px solid #ccc}\n"
	"table{border-collapse:collapse;margin:1em 0;font-size:90%}\n"
	"th,td{border:1px solid #ccc;padding:3px 8px;text-align:right}\n"
	"td.path{overflow-wrap:anywhere;text-align:left}\n"
	"th:first-child,td:first-child{text-align:left}\n"
	"th{background:#f3f3f3}\n"
	"table.facts th{text-align:left;font-weight:normal;color:#555}\n"
	"table.facts td{text-align:left}\n"
	"td.t,th.t{text-align:left}\n"
	".best{font-weight:bold}.tie{color:#555}\n"
	".better{color:#1a7f37;fill:#1a7f37}.worse{color:#c62828;fill:#c62828}\n"
	".legend span{display:inline-block;margin-right:1.5em}\n"
	".sw{display:inline-block;width:12px;height:12px;margin-right:4px;vertical-align:middle}\n"
	"svg.chart{display:block;max-width:100%;height:auto;margin:.5em 0 1.5em}\n"
	"svg text{font-size:11px;fill:#333}svg text.group{font-weight:bold}\n"
	"svg text.unit{font-size:12px}svg text.note{font-size:10px}svg text.note.better{fill:#1a7f37}svg text.note.worse{fill:#c62828}\n"
	"svg .grid{stroke:#e3e3e3}svg .err{stroke:#000;fill:none}\n"
	"svg .line{fill:none;stroke-width:1.5}svg .run{stroke-opacity:.35;stroke-dasharray:1 2}\n"
	"svg .window{stroke-dasharray:5 3;stroke-width:1.5}\n"
	".tiles{display:grid;gap:6px;max-width:760px;margin:1em 0}\n"
	".tiles .head{text-align:center;font-weight:bold}\n"
	".tiles .label{background:#3d7a3d;color:#fff;padding:8px;font-weight:bold;display:flex;align-items:center}\n"
	".tile{background:#eef5ee;border:1px solid #9bc59b;padding:6px 10px;text-align:right}\n"
	".tile b{font-size:1.8em;font-variant-numeric:tabular-nums}\n"
	".tile small{display:block;color:#444}.tile.none{color:#888}\n"
	"@media print{body{margin:0;max-width:none;font-size:10pt}h2{break-after:avoid}"
	"svg.chart,table,.tiles{break-inside:avoid}.tile,.tiles .label,th{-webkit-print-color-adjust:exact;print-color-adjust:exact}}\n";

static bool lm_html_copies(const struct lm_cmp *c)
{
	return c->profile->kind == LM_PK_COPY;
}

const char *lm_html_way(const struct lm_cmp *c, enum lm_way w)
{
	if (lm_html_copies(c))
		return w == LM_WAY_WRITE ? "upload" : "download";
	return lm_way_keys[w];
}

void lm_html_cell(char *buf, size_t len, const struct lm_cmp *c,
		  const struct lm_cmp_cell *cell)
{
	snprintf(buf, len, "%s %s", cell->label, lm_html_way(c, cell->way));
}

const char *lm_html_unit(const struct lm_cmp *c, unsigned int m)
{
	if (m == LM_MET_IOPS && lm_html_copies(c))
		return "files/s";
	return strcmp(lm_metrics[m].unit, "us") ? lm_metrics[m].unit
						: "\u00b5s";
}

/* A metric's heading: its name, and its unit when that is not its name. */
static void lm_html_metric(FILE *f, const struct lm_cmp *c, unsigned int m)
{
	const char *u = lm_html_unit(c, m);

	if (m == LM_MET_IOPS)
		fputs(u, f);
	else if (strcmp(u, lm_metrics[m].name))
		fprintf(f, "%s (%s)", lm_metrics[m].name, u);
	else
		fputs(u, f);
}

static void lm_html_head(FILE *f, const struct lm_cmp *c)
{
	const char *names[LM_CMP_CONFIGS_MAX];
	unsigned int k;

	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>lunmark: ",
	      f);
	lm_html_esc(f, c->profile->what);
	fprintf(f,
		"</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>lunmark %s: ",
		lm_style, c->mode == LM_CMP_SINGLE ? "report" : "compare");
	lm_html_esc(f, c->profile->what);
	fputs("</h1>\n", f);
	if (c->mode == LM_CMP_SINGLE)
		return;
	for (k = 0; k < c->ncfg; k++)
		names[k] = c->cfg[k].name;
	lm_html_legend(f, names, c->ncfg);
}

/* The cells in @g's files that say where they came from. */
static void lm_html_files(FILE *f, const struct lm_cmp *c,
			  const struct lm_cmp_config *g)
{
	const struct lm_mark_info *in = &c->saved[g->file[0]].info;
	unsigned int i;

	for (i = 0; i < g->nfiles; i++) {
		fputs(i ? "<br/>" : "", f);
		lm_html_esc(f, c->paths[g->file[i]]);
	}
	fputs("</td><td>", f);
	lm_html_esc(f, in->label);
	fputs("</td><td>", f);
	for (i = 0; i < in->ntags; i++) {
		fputs(i ? " " : "", f);
		lm_html_esc(f, in->tags[i].name);
		fputc('=', f);
		lm_html_esc(f, in->tags[i].value);
	}
	fputs("</td>", f);
}

static void lm_html_provenance(FILE *f, const struct lm_cmp *c)
{
	unsigned int k, i;
	char v[32];

	fputs("<h2>Configurations</h2>\n<table>\n<tr><th>Configuration</th><th>Files</th><th>Label</th><th>Tags</th><th>Date</th><th>Host kernel</th><th>Target</th><th>Engine</th><th>Size</th><th>Runs/cell</th><th>lunmark</th><th>host CPU-s/GB</th><th>Hosts</th></tr>\n",
	      f);
	for (k = 0; k < c->ncfg; k++) {
		const struct lm_cmp_config *g = &c->cfg[k];
		const struct lm_mark_info *in = &c->saved[g->file[0]].info;
		const char *cols[] = { in->r.date, in->r.kernel, in->r.target,
				       in->r.engine, in->r.size };

		fputs("<tr><td>", f);
		lm_html_esc(f, g->name);
		fputs("</td><td class=\"path\">", f);
		lm_html_files(f, c, g);
		for (i = 0; i < sizeof(cols) / sizeof(cols[0]); i++) {
			fputs("<td>", f);
			lm_html_esc(f, cols[i]);
			fputs("</td>", f);
		}
		lm_fmt_metric(v, sizeof(v), LM_MET_CPU,
			      g->cpu_s_per_gb < 0 ? NAN : g->cpu_s_per_gb);
		fprintf(f, "<td>%u</td><td>", in->runs * g->nfiles);
		lm_html_esc(f, in->r.version);
		fprintf(f, "</td><td>%s</td><td>%u</td></tr>\n", v,
			c->saved[g->file[0]].m.nranks
				? c->saved[g->file[0]].m.nranks
				: 1);
	}
	fputs("</table>\n", f);
}

/* What configuration @k's figure of @m in @cell is called: its verdict
 * against the reference, or its standing among three or more. */
static void lm_html_verdict(char *buf, size_t len, const struct lm_cmp *c,
			    const struct lm_cmp_cell *cell, unsigned int k,
			    unsigned int m, const char **cls, bool change)
{
	const struct lm_cmp_stat *s = &cell->st[k][m];
	char ch[64], vd[64];

	*cls = lm_fmt_outcome(s->verdict);
	buf[0] = '\0';
	if (s->verdict) {
		lm_fmt_change(ch, sizeof(ch), s);
		lm_fmt_verdict(vd, sizeof(vd), s, m);
		snprintf(buf, len, "%s%s%s", change ? ch : "",
			 change ? " " : "", vd);
	} else if (c->mode == LM_CMP_TABLE) {
		snprintf(buf, len, "%s", lm_fmt_standing(cell, k, m));
		*cls = k == cell->best[m] ? "best" : "tie";
	} else if (k == cell->ref[m]) {
		snprintf(buf, len, "reference");
		*cls = "tie";
	}
}

/* Before the details: every cell's MB/s and verdict, in one table. */
static void lm_html_overview(FILE *f, const struct lm_cmp *c, unsigned int m)
{
	unsigned int i, k;
	char v[32], vd[160], h[96];
	const char *cls;

	fprintf(f, "<h2>Overview</h2>\n<table>\n<tr><th>Test</th>");
	for (k = 0; k < c->ncfg; k++) {
		fputs("<th>", f);
		lm_html_esc(f, c->cfg[k].name);
		fprintf(f, " (%s)</th>", lm_html_unit(c, m));
	}
	fputs("</tr>\n", f);
	for (i = 0; i < c->ncells; i++) {
		const struct lm_cmp_cell *cell = &c->cells[i];

		if (!cell->has[m])
			continue;
		lm_html_cell(h, sizeof(h), c, cell);
		fputs("<tr><td>", f);
		lm_html_esc(f, h);
		fputs("</td>", f);
		for (k = 0; k < c->ncfg; k++) {
			if (!lm_cmp_has(cell, k)) {
				fputs("<td>-</td>", f);
				continue;
			}
			lm_fmt_metric(v, sizeof(v), m, cell->val[k].center[m]);
			lm_html_verdict(vd, sizeof(vd), c, cell, k, m, &cls,
					false);
			fprintf(f, "<td>%s<br/><small class=\"%s\">", v, cls);
			lm_html_esc(f, vd);
			fputs("</small></td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

/* Test @test on metric @m: a group per way, a bar per configuration
 * with its 95% interval, and its verdict beside it. */
static void lm_html_bars(FILE *f, const struct lm_cmp *c, unsigned int test,
			 unsigned int m)
{
	const char *cats[LM_WAYS], *ncls[LM_CMP_CONFIGS_MAX][LM_WAYS];
	const char *notes[LM_CMP_CONFIGS_MAX][LM_WAYS];
	char nb[LM_CMP_CONFIGS_MAX][LM_WAYS][160];
	double y[LM_CMP_CONFIGS_MAX][LM_WAYS], lo[LM_CMP_CONFIGS_MAX][LM_WAYS],
		hi[LM_CMP_CONFIGS_MAX][LM_WAYS];
	struct lm_svg_series s[LM_CMP_CONFIGS_MAX];
	struct lm_svg_chart ch = { .title = lm_metrics[m].name,
				   .unit = lm_html_unit(c, m),
				   .cats = cats,
				   .s = s,
				   .ns = c->ncfg };
	unsigned int i, k, n = 0;

	for (i = 0; i < c->ncells && n < LM_WAYS; i++) {
		const struct lm_cmp_cell *cell = &c->cells[i];

		if (cell->test != test || !cell->has[m])
			continue;
		cats[n] = lm_html_way(c, cell->way);
		for (k = 0; k < c->ncfg; k++) {
			const struct lm_cmp_val *v = &cell->val[k];
			bool has = lm_cmp_has(cell, k);

			y[k][n] = has ? v->median[m] : NAN;
			lo[k][n] = has ? v->ci[m].lo95 : NAN;
			hi[k][n] = has ? v->ci[m].hi95 : NAN;
			lm_html_verdict(nb[k][n], sizeof(nb[k][n]), c, cell, k,
					m, &ncls[k][n], true);
			notes[k][n] = nb[k][n];
		}
		n++;
	}
	if (!n)
		return;
	for (k = 0; k < c->ncfg; k++)
		s[k] = (struct lm_svg_series){ .name = c->cfg[k].name,
					       .y = y[k],
					       .lo = lo[k],
					       .hi = hi[k],
					       .note = notes[k],
					       .note_cls = ncls[k],
					       .n = n };
	ch.ncats = n;
	lm_svg_bars(f, &ch);
}

/* A single result's figures: a row per cell, a column per metric. */
static void lm_html_figures(FILE *f, const struct lm_cmp *c,
			    unsigned int metrics)
{
	unsigned int i, m;
	char v[32], h[96];

	fputs("<table>\n<tr><th>Test</th>", f);
	for (m = 0; m < LM_METRICS; m++)
		if (metrics & (1u << m)) {
			fputs("<th>", f);
			lm_html_metric(f, c, m);
			fputs("</th>", f);
		}
	fputs("</tr>\n", f);
	for (i = 0; i < c->ncells; i++) {
		const struct lm_cmp_cell *cell = &c->cells[i];

		lm_html_cell(h, sizeof(h), c, cell);
		fputs("<tr><td>", f);
		lm_html_esc(f, h);
		fputs("</td>", f);
		for (m = 0; m < LM_METRICS; m++) {
			if (!(metrics & (1u << m)))
				continue;
			lm_fmt_metric(v, sizeof(v), m,
				      cell->has[m] && lm_cmp_has(cell, 0)
					      ? cell->val[0].center[m]
					      : NAN);
			fprintf(f, "<td>%s</td>", v);
		}
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

/* A mix cell's reads and writes apart (IOmeter's figures), each
 * configuration's: shown, not tested; the verdict is the mix's. */
static void lm_html_dir_rows(FILE *f, const struct lm_cmp *c,
			     const struct lm_cmp_cell *cell)
{
	static const unsigned int mets[] = { LM_MET_IOPS, LM_MET_MB_S,
					     LM_MET_LAT };
	static const enum lm_way ways[LM_DATA_DIRS] = { LM_WAY_READ,
							LM_WAY_WRITE };
	unsigned int d, m, k, any;
	char v[32];

	for (d = 0; d < LM_DATA_DIRS; d++) {
		for (any = 0, k = 0; k < c->ncfg; k++)
			any += lm_cmp_has(cell, k) &&
			       !isnan(cell->val[k].dir[d][LM_MET_MB_S]);
		for (m = 0; any && m < 3; m++) {
			fprintf(f, "<tr><td>%s: %s</td><td>",
				lm_html_way(c, cell->way),
				lm_fmt_way(c->profile, ways[d]));
			lm_html_metric(f, c, mets[m]);
			fputs("</td>", f);
			for (k = 0; k < c->ncfg; k++) {
				lm_fmt_metric(
					v, sizeof(v), mets[m],
					lm_cmp_has(cell, k)
						? cell->val[k].dir[d][mets[m]]
						: NAN);
				fprintf(f, "<td>%s%s</td>", v,
					c->mode == LM_CMP_SINGLE
						? ""
						: "<br/><small>not tested</small>");
			}
			fputs("</tr>\n", f);
		}
	}
}

/* A test's figures: per way and metric, each configuration's figure,
 * and in a comparison its verdict; a mix's reads and writes apart. */
static void lm_html_table(FILE *f, const struct lm_cmp *c, unsigned int test,
			  unsigned int metrics)
{
	unsigned int i, k, m;
	char v[32], vd[160];
	const char *cls;

	fputs("<table>\n<tr><th>Way</th><th>Metric</th>", f);
	for (k = 0; k < c->ncfg; k++) {
		fputs("<th>", f);
		lm_html_esc(f, c->cfg[k].name);
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
			fprintf(f, "<tr><td>%s</td><td>",
				lm_html_way(c, cell->way));
			lm_html_metric(f, c, m);
			fputs("</td>", f);
			for (k = 0; k < c->ncfg; k++) {
				if (!lm_cmp_has(cell, k)) {
					fputs("<td>-</td>", f);
					continue;
				}
				lm_fmt_metric(v, sizeof(v), m,
					      cell->val[k].center[m]);
				lm_html_verdict(vd, sizeof(vd), c, cell, k, m,
						&cls, true);
				fprintf(f, "<td>%s<br/><small class=\"%s\">", v,
					cls);
				lm_html_esc(f, vd);
				fputs("</small></td>", f);
			}
			fputs("</tr>\n", f);
		}
		if (cell->way == LM_WAY_MIX)
			lm_html_dir_rows(f, c, cell);
	}
	fputs("</table>\n", f);
}

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
		lm_html_esc(f, c->cfg[k].name);
		fputs("</th>", f);
	}
	fputs("</tr>\n", f);
	for (i = 0; i < c->ndiffer; i++) {
		fprintf(f, "<tr><td>%s</td>",
			lm_setting_names[c->differ[i].setting]);
		for (k = 0; k < c->ncfg; k++) {
			fputs("<td>", f);
			lm_html_esc(f, c->differ[i].value[k]);
			fputs("</td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

/* Each file's warnings, as its report printed them. */
static void lm_html_warnings(FILE *f, const struct lm_cmp *c)
{
	unsigned int k, i, n = 0;

	for (k = 0; k < c->nsaved; k++) {
		const struct lm_warnings *w = &c->saved[k].m.warn;

		for (i = 0; i < w->n; i++) {
			fputs(n++ ? "<li>" : "<h2>Warnings</h2>\n<ul>\n<li>",
			      f);
			if (c->mode != LM_CMP_SINGLE) {
				lm_html_esc(f, c->paths[k]);
				fputs(": ", f);
			}
			lm_html_esc(f, w->text[i]);
			fputs("</li>\n", f);
		}
	}
	if (n)
		fputs("</ul>\n", f);
}

static void lm_html_method_text(FILE *f, const struct lm_cmp *c)
{
	if (c->mode == LM_CMP_SINGLE) {
		fputs("<h2>Method</h2>\n<p>Each figure is the median of the counted runs of its cell (of the steady window, for a cell measured in rounds). MB/s are 10<sup>6</sup> bytes per second, KiB and MiB 1024 and 1024<sup>2</sup> bytes; latency is the mean completion latency in &#181;s (IOmeter's tables: in ms). A dash is a figure the method does not measure.</p>\n</body>\n</html>\n",
		      f);
		return;
	}
	fprintf(f,
		"<h2>Method</h2>\n<p>Bars are medians of the counted runs, with 95%% percentile-bootstrap intervals of the median (%u resamples, fixed seed). The tables show geometric means of the runs, and B/A is their ratio. Each verdict is Welch's t-test on the logarithms of the runs; the interval shown is its interval of the ratio, at the level Holm's step-down gives the cell within its configuration's family (5%% family-wise, a comparison per cell and metric, MB/s and IOPS counted once), and it decides, with &#948; = %g%%: <i>faster</i>/<i>slower</i> (<i>less</i>/<i>more CPU</i>) when it excludes 1 and the ratio is beyond 1 &#177; &#948;; <i>equivalent</i> when it lies within [1/(1+&#948;), 1+&#948;]; <i>inconclusive</i> otherwise. Under %u runs a side: no verdict.</p>\n</body>\n</html>\n",
		LM_BOOT_RESAMPLES, c->delta * 100, LM_CMP_MIN_RUNS);
}

void lm_report_cmp_html(FILE *f, const struct lm_cmp *c, unsigned int metrics)
{
	static const unsigned int charted[] = { LM_MET_MB_S, LM_MET_IOPS,
						LM_MET_LAT };
	bool single = c->mode == LM_CMP_SINGLE;
	bool sweep = !single && c->profile->kind == LM_PK_SWEEP;
	unsigned int i, m;

	/* a copy's latency is a file's, and has no percentiles */
	if (lm_html_copies(c))
		metrics &= ~(1u << LM_MET_P99);

	lm_html_head(f, c);
	if (single)
		lm_html_method(f, c);
	if (sweep) {
		/* ATTO's own view first: the sweep, not a chart per size */
		fputs("<h2>Sweep</h2>\n", f);
		lm_html_sweep_cmp(f, c, LM_WAY_WRITE);
		lm_html_sweep_cmp(f, c, LM_WAY_READ);
	}
	if (!single)
		lm_html_overview(f, c, LM_MET_MB_S);
	lm_html_warnings(f, c);
	if (!single) {
		lm_html_provenance(f, c);
		lm_html_differ(f, c);
	}
	fputs("<h2>Details</h2>\n", f);
	if (single)
		lm_html_figures(f, c, metrics);
	for (i = 0; !single && i < c->profile->ntests; i++) {
		fputs("<h3>", f);
		lm_html_esc(f, c->profile->tests[i].label);
		fputs("</h3>\n", f);
		for (m = 0; !sweep && m < sizeof(charted) / sizeof(charted[0]);
		     m++)
			if (metrics & (1u << charted[m]))
				lm_html_bars(f, c, i, charted[m]);
		lm_html_table(f, c, i, metrics);
	}
	if (lm_html_series_any(c))
		fputs("<h2>Second by second</h2>\n", f);
	for (i = 0; i < c->ncells; i++)
		lm_html_series(f, c, &c->cells[i]);
	lm_html_method_text(f, c);
}

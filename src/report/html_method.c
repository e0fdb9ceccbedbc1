// SPDX-License-Identifier: MIT
/*
 * The first screen of a single result's page, by the profile's kind: the
 * view its method's users know (html.h). Every figure is a cell's
 * headline as the suite computed it (suite/cell.h); "-" where the method
 * did not measure it.
 */
#include "src/report/figures.h"
#include "src/report/html.h"
#include "src/units.h"

#include <math.h>
#include <string.h>

#define LM_SPECS_MAX 64u /* tests charted; every profile has fewer */

static const struct lm_saved *lm_one(const struct lm_cmp *c)
{
	return &c->saved[c->cfg[0].file[0]];
}

static void lm_row(FILE *f, const char *k, const char *v)
{
	if (!v || !v[0])
		return;
	fputs("<tr><th>", f);
	lm_html_esc(f, k);
	fputs("</th><td>", f);
	lm_html_esc(f, v);
	fputs("</td></tr>\n", f);
}

/* What was measured: the target and its identity, the link. */
static void lm_html_target(FILE *f, const struct lm_saved *s)
{
	const struct lm_report_info *r = &s->info.r;
	char b[64], sz[32];

	fputs("<table class=\"facts\">\n", f);
	lm_row(f, "Target", r->target);
	snprintf(b, sizeof(b), "%s, %u-byte logical blocks", r->target_kind,
		 r->lbs_bytes);
	lm_row(f, "Kind", b);
	if (s->has_id) {
		lm_row(f, "Vendor", s->id.vendor);
		lm_row(f, "Model", s->id.model);
		lm_row(f, "Revision", s->id.revision);
		lm_row(f, "Serial", s->id.serial);
		lm_fmt_size(sz, sizeof(sz), s->id.size_bytes);
		lm_row(f, "Capacity", s->id.size_bytes ? sz : "");
	}
	lm_row(f, "Region tested", r->size);
	lm_row(f, "Engine", r->engine);
	if (s->info.link_gbit > 0) {
		snprintf(b, sizeof(b),
			 "%g Gb/s: %.1f MB/s of TCP payload at MTU 1500",
			 s->info.link_gbit, s->m.link_ceiling_mb_s);
		lm_row(f, "Link", b);
	}
	lm_row(f, "Date", r->date);
	lm_row(f, "Host", r->kernel);
	fputs("</table>\n", f);
}

/* A figure, or "-" when @v is not a measured one. */
static void lm_num(char *b, size_t n, double v, double scale)
{
	lm_fmt_metric(b, n, LM_MET_MB_S, v * scale);
}

/* One CrystalDiskMark tile: the big figure, IOPS and latency under it. */
static void lm_tile(FILE *f, const struct lm_mark_result *m,
		    const struct lm_cell *c, unsigned int sum, bool iops)
{
	const struct lm_summary *s = &c->headline[sum];
	char a[32], b[32], l[32];

	if (!c->nruns) {
		fputs("<div class=\"tile none\"><b>-</b><small>not measured</small></div>",
		      f);
		return;
	}
	lm_fmt_metric(a, sizeof(a), LM_MET_MB_S, s->mb_s);
	lm_fmt_metric(b, sizeof(b), LM_MET_IOPS, s->iops);
	lm_fmt_metric(l, sizeof(l), LM_MET_LAT, s->lat_mean_us);
	if (iops)
		fprintf(f,
			"<div class=\"tile\"><b>%s</b> IOPS<small>%s MB/s &#183; %s &#181;s</small>",
			b, a, l);
	else
		fprintf(f,
			"<div class=\"tile\"><b>%s</b> MB/s<small>%s IOPS &#183; %s &#181;s</small>",
			a, b, l);
	if (m->link_ceiling_mb_s > 0)
		fprintf(f, "<small>%.1f%% of the link</small>", c->link_pct);
	if (c->unstable)
		fputs("<small class=\"worse\">unstable</small>", f);
	fputs("</div>", f);
}

/* CrystalDiskMark's and KDiskMark's window: a row per test, read and
 * write (and mix) side by side; IOPS large when every test is random. */
static void lm_html_tiles(FILE *f, const struct lm_mark_result *m)
{
	static const char *const heads[LM_WAYS] = { "Read", "Write", "Mix" };
	const struct lm_profile *p = m->profile;
	bool iops = true;
	unsigned int i, w;

	for (i = 0; i < p->ntests; i++)
		iops &= p->tests[i].random;
	fprintf(f,
		"<div class=\"tiles\" style=\"grid-template-columns:10em repeat(%u,1fr)\">\n<div></div>",
		p->mix ? 3u : 2u);
	for (w = 0; w < LM_WAYS; w++)
		if (lm_way_used(p, w))
			fprintf(f, "<div class=\"head\">%s</div>", heads[w]);
	fputc('\n', f);
	for (i = 0; i < p->ntests; i++) {
		fputs("<div class=\"label\">", f);
		lm_html_esc(f, p->tests[i].label);
		fputs("</div>", f);
		for (w = 0; w < LM_WAYS; w++)
			if (lm_way_used(p, w))
				lm_tile(f, m, &m->cells[i][w], lm_way_sum(p, w),
					iops);
		fputc('\n', f);
	}
	fputs("</div>\n", f);
}

/* IOmeter: per access spec, reads and writes apart. */
static void lm_html_iometer(FILE *f, const struct lm_mark_result *m)
{
	const struct lm_profile *p = m->profile;
	double y[2][LM_SPECS_MAX];
	const char *cats[LM_SPECS_MAX];
	unsigned int i, d,
		n = p->ntests < LM_SPECS_MAX ? p->ntests : LM_SPECS_MAX;
	char b[6][32];

	fputs("<table>\n<tr><th>Access specification</th><th>Read IOPS</th><th>Write IOPS</th><th>Read MB/s</th><th>Write MB/s</th><th>Read ms</th><th>Write ms</th>",
	      f);
	fputs(m->link_ceiling_mb_s > 0 ? "<th>of the link</th></tr>\n"
				       : "</tr>\n",
	      f);
	for (i = 0; i < n; i++) {
		const struct lm_cell *c = &m->cells[i][LM_WAY_MIX];
		const struct lm_test *t = &p->tests[i];

		cats[i] = t->label;
		for (d = 0; d < 2; d++) {
			const struct lm_summary *s = &c->headline[d];
			bool none = !c->nruns ||
				    (d ? t->read_pct == 100 : t->read_pct == 0);

			y[d][i] = none ? NAN : s->mb_s;
			lm_fmt_metric(b[d], 32, LM_MET_IOPS,
				      none ? NAN : s->iops);
			lm_num(b[2 + d], 32, none ? NAN : s->mb_s, 1);
			lm_num(b[4 + d], 32, none ? NAN : s->lat_mean_us, 1e-3);
		}
		fputs("<tr><td>", f);
		lm_html_esc(f, t->label);
		fprintf(f,
			"</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td>",
			b[0], b[1], b[2], b[3], b[4], b[5]);
		if (m->link_ceiling_mb_s > 0)
			fprintf(f, "<td>%.1f%%</td>", c->link_pct);
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
	{
		const char *names[] = { "Read", "Write" };
		struct lm_svg_series s[2] = {
			{ .name = "Read", .y = y[0], .n = n },
			{ .name = "Write", .y = y[1], .n = n },
		};
		struct lm_svg_chart ch = {
			.title = "MB/s per access specification",
			.unit = "MB/s",
			.cats = cats,
			.ncats = n,
			.s = s,
			.ns = 2
		};

		lm_html_legend(f, names, 2);
		lm_svg_bars(f, &ch);
	}
}

/* ATTO: one chart of write and read MB/s over the block sizes, and the
 * table; sizes not run stay on the axis, without a point. */
static void lm_html_sweep(FILE *f, const struct lm_mark_result *m)
{
	const struct lm_profile *p = m->profile;
	double x[LM_SPECS_MAX], y[2][LM_SPECS_MAX];
	static const char *const names[] = { "Write", "Read" };
	unsigned int i, d,
		n = p->ntests < LM_SPECS_MAX ? p->ntests : LM_SPECS_MAX;
	char b[4][32];
	struct lm_svg_series s[2] = {
		{ .name = "Write", .x = x, .y = y[0], .n = n },
		{ .name = "Read", .x = x, .y = y[1], .n = n },
	};
	struct lm_svg_chart ch = { .title = "MB/s over the block size",
				   .unit = "MB/s",
				   .s = s,
				   .ns = 2,
				   .labels = true };

	for (i = 0; i < n; i++) {
		x[i] = p->tests[i].bs_bytes;
		for (d = 0; d < 2; d++) {
			const struct lm_cell *c =
				&m->cells[i][d ? LM_WAY_READ : LM_WAY_WRITE];

			y[d][i] = c->nruns ? c->headline[d ? LM_DIR_READ
							   : LM_DIR_WRITE]
						     .mb_s
					   : NAN;
		}
	}
	ch.xmin = n ? x[0] : 512;
	ch.xmax = n ? x[n - 1] : 1024;
	lm_html_legend(f, names, 2);
	lm_svg_lines(f, &ch);
	fputs("<table>\n<tr><th>Block size</th><th>Write MB/s</th><th>Read MB/s</th><th>Write IOPS</th><th>Read IOPS</th></tr>\n",
	      f);
	for (i = 0; i < n; i++) {
		for (d = 0; d < 2; d++) {
			const struct lm_cell *c =
				&m->cells[i][d ? LM_WAY_READ : LM_WAY_WRITE];
			const struct lm_summary *su =
				&c->headline[d ? LM_DIR_READ : LM_DIR_WRITE];

			lm_fmt_metric(b[d], 32, LM_MET_MB_S, y[d][i]);
			lm_fmt_metric(b[2 + d], 32, LM_MET_IOPS,
				      c->nruns ? su->iops : NAN);
		}
		fputs("<tr><td>", f);
		lm_html_esc(f, p->tests[i].label);
		fprintf(f,
			"</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n",
			b[0], b[1], b[2], b[3]);
	}
	fputs("</table>\n", f);
}

/* Copies: upload and download, MB/s and files per second. */
static void lm_html_copy(FILE *f, const struct lm_mark_result *m)
{
	const struct lm_profile *p = m->profile;
	double y[2][LM_SPECS_MAX];
	const char *cats[LM_SPECS_MAX];
	static const char *const names[] = { "Upload (write)",
					     "Download (read)" };
	unsigned int i, d,
		n = p->ntests < LM_SPECS_MAX ? p->ntests : LM_SPECS_MAX;
	char b[4][32], fb[32];
	struct lm_svg_series s[2] = {
		{ .name = names[0], .y = y[0], .n = n },
		{ .name = names[1], .y = y[1], .n = n },
	};
	struct lm_svg_chart ch = { .title = "MB/s per set of files",
				   .unit = "MB/s",
				   .cats = cats,
				   .ncats = n,
				   .s = s,
				   .ns = 2 };

	fputs("<table>\n<tr><th>Set</th><th class=\"t\">Run as</th><th>Upload MB/s</th><th>Download MB/s</th><th>Upload files/s</th><th>Download files/s</th></tr>\n",
	      f);
	for (i = 0; i < n; i++) {
		const struct lm_cell *up = &m->cells[i][LM_WAY_WRITE];

		cats[i] = p->tests[i].label;
		for (d = 0; d < 2; d++) {
			const struct lm_cell *c =
				&m->cells[i][d ? LM_WAY_READ : LM_WAY_WRITE];
			const struct lm_summary *su =
				&c->headline[d ? LM_DIR_READ : LM_DIR_WRITE];

			y[d][i] = c->nruns ? su->mb_s : NAN;
			lm_fmt_metric(b[d], 32, LM_MET_MB_S, y[d][i]);
			lm_num(b[2 + d], 32, c->nruns ? su->iops : NAN, 1);
		}
		lm_fmt_size(fb, sizeof(fb), up->file_bytes);
		fputs("<tr><td>", f);
		lm_html_esc(f, p->tests[i].label);
		if (up->wanted)
			fprintf(f, "</td><td class=\"t\">%llu x %s",
				(unsigned long long)up->files, fb);
		else
			fputs("</td><td class=\"t\">not run: the files do not fit the block size",
			      f);
		fprintf(f,
			"</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n",
			b[0], b[1], b[2], b[3]);
	}
	fputs("</table>\n", f);
	lm_html_legend(f, names, 2);
	lm_svg_bars(f, &ch);
}

void lm_html_method(FILE *f, const struct lm_cmp *c)
{
	const struct lm_saved *s = lm_one(c);

	lm_html_target(f, s);
	switch (s->m.profile->kind) {
	case LM_PK_MATRIX:
		lm_html_tiles(f, &s->m);
		break;
	case LM_PK_MIXED:
		lm_html_iometer(f, &s->m);
		break;
	case LM_PK_SWEEP:
		lm_html_sweep(f, &s->m);
		break;
	case LM_PK_COPY:
		lm_html_copy(f, &s->m);
		break;
	case LM_PK_CACHE:
		lm_html_cache(f, &s->m);
		break;
	}
}

/* A comparison of ATTO sweeps: per way one chart of MB/s over the block
 * sizes, a line per configuration (its geometric mean over the runs, as
 * the tables show it), instead of a bar chart per block size. */
void lm_html_sweep_cmp(FILE *f, const struct lm_cmp *c, enum lm_way w)
{
	double x[LM_SPECS_MAX], y[LM_CMP_CONFIGS_MAX][LM_SPECS_MAX];
	const struct lm_profile *p = c->profile;
	struct lm_svg_series s[LM_CMP_CONFIGS_MAX];
	const char *names[LM_CMP_CONFIGS_MAX];
	unsigned int i, k,
		n = p->ntests < LM_SPECS_MAX ? p->ntests : LM_SPECS_MAX;
	bool any = false;
	struct lm_svg_chart ch = {
		.title = w == LM_WAY_READ ? "read MB/s over the block size"
					  : "write MB/s over the block size",
		.unit = "MB/s",
		.s = s,
		.ns = c->ncfg
	};

	for (i = 0; i < n; i++) {
		x[i] = p->tests[i].bs_bytes;
		for (k = 0; k < c->ncfg; k++)
			y[k][i] = NAN;
	}
	for (i = 0; i < c->ncells; i++) {
		const struct lm_cmp_cell *cell = &c->cells[i];

		if (cell->way != w || cell->test >= n ||
		    !cell->has[LM_MET_MB_S])
			continue;
		for (k = 0; k < c->ncfg; k++)
			if (lm_cmp_has(cell, k))
				y[k][cell->test] =
					cell->val[k].center[LM_MET_MB_S];
	}
	for (k = 0; k < c->ncfg; k++) {
		names[k] = c->cfg[k].name;
		s[k] = (struct lm_svg_series){
			.name = names[k], .x = x, .y = y[k], .n = n
		};
		for (i = 0; i < n; i++)
			any |= !isnan(y[k][i]);
	}
	if (!any)
		return; /* this way was not run (--read-only) */
	ch.xmin = n ? x[0] : 512;
	ch.xmax = n ? x[n - 1] : 1024;
	fprintf(f, "<h3>%s</h3>\n", w == LM_WAY_READ ? "Read" : "Write");
	lm_html_legend(f, names, c->ncfg);
	lm_svg_lines(f, &ch);
}

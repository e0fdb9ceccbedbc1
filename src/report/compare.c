// SPDX-License-Identifier: MIT
/* `lunmark compare` (and `report --format=`) as text, Markdown and CSV. */
#include "src/report/figures.h"
#include "src/report/method.h"
#include "src/report/report.h"
#include "src/report/table.h"
#include "src/result/compare.h"

#include <math.h>
#include <string.h>

static const char *lm_shortname(const char *path)
{
	const char *b = strrchr(path, '/');

	return b ? b + 1 : path;
}

/* Where each configuration's figures come from. */
static void lm_cmp_provenance(FILE *f, const struct lm_cmp *c,
			      enum lm_tab_style st)
{
	struct lm_tab t;
	char files[LM_TAB_CELL], v[32];
	unsigned int k, i;
	size_t n;

	lm_tab_init(&t, 10);
	t.nhead = 1;
	t.right = 3u << 8;
	lm_tab_row(&t);
	lm_tab_put(&t, "Configuration");
	lm_tab_put(&t, "Files");
	lm_tab_put(&t, "Date");
	lm_tab_put(&t, "Target");
	lm_tab_put(&t, "Engine");
	lm_tab_put(&t, "Size");
	lm_tab_put(&t, "Runs/cell");
	lm_tab_put(&t, "lunmark");
	lm_tab_put(&t, "host CPU-s/GB");
	lm_tab_put(&t, "Hosts");
	for (k = 0; k < c->ncfg; k++) {
		const struct lm_cmp_config *g = &c->cfg[k];
		const struct lm_mark_info *in = &c->saved[g->file[0]].info;

		files[0] = '\0';
		for (i = 0, n = 0; i < g->nfiles && n < sizeof(files); i++)
			n += (size_t)snprintf(
				files + n, sizeof(files) - n, "%s%s",
				i ? " " : "",
				lm_shortname(c->paths[g->file[i]]));
		lm_tab_row(&t);
		lm_tab_put(&t, "%s", g->name);
		lm_tab_put(&t, "%s", files);
		lm_tab_put(&t, "%s", in->r.date);
		lm_tab_put(&t, "%s", in->r.target);
		lm_tab_put(&t, "%s", in->r.engine);
		lm_tab_put(&t, "%s", in->r.size);
		lm_tab_put(&t, "%u", in->runs * g->nfiles);
		lm_tab_put(&t, "%s", in->r.version);
		lm_fmt_metric(v, sizeof(v), LM_MET_CPU,
			      g->cpu_s_per_gb < 0 ? NAN : g->cpu_s_per_gb);
		lm_tab_put(&t, "%s", v);
		/* lunmark-mpi's ranks: the figures are their sum */
		lm_tab_put(&t, "%u",
			   c->saved[g->file[0]].m.nranks
				   ? c->saved[g->file[0]].m.nranks
				   : 1);
	}
	lm_tab_print(f, &t, st);
	lm_tab_free(&t);
}

/* One configuration alone: every cell and metric. */
static void lm_cmp_single(FILE *f, const struct lm_cmp *c, unsigned int metrics,
			  enum lm_tab_style st)
{
	struct lm_tab t;
	char v[32];
	unsigned int i, m;

	lm_tab_init(&t, 2 + LM_METRICS + 2);
	t.nhead = 1;
	t.right = ~3u;
	lm_tab_row(&t);
	lm_tab_put(&t, "Test");
	lm_tab_put(&t, "Way");
	for (m = 0; m < LM_METRICS; m++)
		if (metrics & (1u << m))
			lm_tab_put(&t, "%s", lm_fmt_metric_name(c->profile, m));
	lm_tab_put(&t, "runs");
	lm_tab_put(&t, "CV %%");
	t.ncols = t.col;
	for (i = 0; i < c->ncells; i++) {
		const struct lm_cmp_cell *cell = &c->cells[i];
		const struct lm_cmp_val *val = &cell->val[0];

		lm_tab_row(&t);
		lm_tab_put(&t, "%s", cell->label);
		lm_tab_put(&t, "%s", lm_fmt_way(c->profile, cell->way));
		for (m = 0; m < LM_METRICS; m++) {
			if (!(metrics & (1u << m)))
				continue;
			lm_fmt_metric(v, sizeof(v), m,
				      cell->has[m] ? val->median[m] : NAN);
			lm_tab_put(&t, "%s", v);
		}
		lm_tab_put(&t, "%u", val->n);
		lm_tab_put(&t, "%.1f%s", val->cv_pct,
			   val->cv_pct > LM_UNSTABLE_CV_PCT ? " unstable" : "");
	}
	lm_tab_print(f, &t, st);
	lm_tab_free(&t);
}

/* B against A: a row per cell and metric. */
static void lm_cmp_pair(FILE *f, const struct lm_cmp *c, unsigned int metrics,
			enum lm_tab_style st)
{
	struct lm_tab t;
	char a[32], b[32], ci[64], vd[64];
	unsigned int i, m;

	lm_tab_init(&t, 9);
	t.nhead = 1;
	t.right = 0x78;
	lm_tab_row(&t);
	lm_tab_put(&t, "Test");
	lm_tab_put(&t, "Way");
	lm_tab_put(&t, "Metric");
	lm_tab_put(&t, "A");
	lm_tab_put(&t, "B");
	lm_tab_put(&t, "B/A");
	lm_tab_put(&t, "interval, level");
	lm_tab_put(&t, "p");
	lm_tab_put(&t, "Verdict");
	for (i = 0; i < c->ncells; i++) {
		const struct lm_cmp_cell *cell = &c->cells[i];

		for (m = 0; m < LM_METRICS; m++) {
			const struct lm_cmp_stat *s = &cell->st[1][m];

			if (!(metrics & (1u << m)) || !cell->has[m])
				continue;
			lm_fmt_metric(a, sizeof(a), m,
				      lm_cmp_has(cell, 0)
					      ? cell->val[0].center[m]
					      : NAN);
			lm_fmt_metric(b, sizeof(b), m,
				      lm_cmp_has(cell, 1)
					      ? cell->val[1].center[m]
					      : NAN);
			lm_tab_row(&t);
			lm_tab_put(&t, "%s", cell->label);
			lm_tab_put(&t, "%s", lm_fmt_way(c->profile, cell->way));
			lm_tab_put(&t, "%s", lm_fmt_metric_name(c->profile, m));
			lm_tab_put(&t, "%s", a);
			lm_tab_put(&t, "%s", b);
			if (!s->verdict) {
				lm_tab_put(&t, "-");
				continue;
			}
			lm_fmt_interval(ci, sizeof(ci), s);
			lm_fmt_verdict(vd, sizeof(vd), s, m);
			if (isnan(s->ratio))
				lm_tab_put(&t, "-");
			else
				lm_tab_put(&t, "%.3f", s->ratio);
			lm_tab_put(&t, "%s", ci);
			if (isnan(s->welch.p))
				lm_tab_put(&t, "-");
			else
				lm_tab_put(&t, "%.3g", s->welch.p);
			lm_tab_put(&t, "%s", vd);
		}
	}
	lm_tab_print(f, &t, st);
	lm_tab_free(&t);
}

/* Every other configuration against the first, in %. */
static void lm_cmp_baseline(FILE *f, const struct lm_cmp *c,
			    unsigned int metrics, enum lm_tab_style st)
{
	struct lm_tab t;
	char v[32], ch[64], vd[64];
	unsigned int i, k, m;

	lm_tab_init(&t, 3 + c->ncfg);
	t.nhead = 1;
	t.right = 1u << 3;
	lm_tab_row(&t);
	lm_tab_put(&t, "Test");
	lm_tab_put(&t, "Way");
	lm_tab_put(&t, "Metric");
	for (k = 0; k < c->ncfg; k++)
		lm_tab_put(&t, "%s%s", c->cfg[k].name, k ? "" : " (baseline)");
	for (i = 0; i < c->ncells; i++) {
		const struct lm_cmp_cell *cell = &c->cells[i];

		for (m = 0; m < LM_METRICS; m++) {
			if (!(metrics & (1u << m)) || !cell->has[m])
				continue;
			lm_tab_row(&t);
			lm_tab_put(&t, "%s", cell->label);
			lm_tab_put(&t, "%s", lm_fmt_way(c->profile, cell->way));
			lm_tab_put(&t, "%s", lm_fmt_metric_name(c->profile, m));
			lm_fmt_metric(v, sizeof(v), m,
				      lm_cmp_has(cell, 0)
					      ? cell->val[0].center[m]
					      : NAN);
			lm_tab_put(&t, "%s", v);
			for (k = 1; k < c->ncfg; k++) {
				const struct lm_cmp_stat *s = &cell->st[k][m];

				if (!s->verdict) {
					lm_tab_put(&t, "-");
					continue;
				}
				lm_fmt_change(ch, sizeof(ch), s);
				lm_fmt_verdict(vd, sizeof(vd), s, m);
				lm_tab_put(&t, "%s %s", ch, vd);
			}
		}
	}
	lm_tab_print(f, &t, st);
	lm_tab_free(&t);
}

/* Three or more on metric @m: a row per cell and configuration, each
 * against the best of its cell. */
static void lm_cmp_side(FILE *f, const struct lm_cmp *c, unsigned int m,
			enum lm_tab_style st)
{
	struct lm_tab t;
	char v[32];
	unsigned int i, k;

	lm_tab_init(&t, 6);
	t.nhead = 1;
	t.right = 0x18;
	lm_tab_row(&t);
	lm_tab_put(&t, "Test");
	lm_tab_put(&t, "Way");
	lm_tab_put(&t, "Configuration");
	lm_tab_put(&t, "%s", lm_fmt_metric_name(c->profile, m));
	lm_tab_put(&t, "/best");
	lm_tab_put(&t, "Standing");
	for (i = 0; i < c->ncells; i++) {
		const struct lm_cmp_cell *cell = &c->cells[i];

		for (k = 0; k < c->ncfg && cell->has[m]; k++) {
			const struct lm_cmp_stat *s = &cell->st[k][m];

			if (!lm_cmp_has(cell, k))
				continue;
			lm_tab_row(&t);
			lm_tab_put(&t, "%s", cell->label);
			lm_tab_put(&t, "%s", lm_fmt_way(c->profile, cell->way));
			lm_tab_put(&t, "%s", c->cfg[k].name);
			lm_fmt_metric(v, sizeof(v), m, cell->val[k].center[m]);
			lm_tab_put(&t, "%s", v);
			if (k == cell->best[m] || isnan(s->ratio))
				lm_tab_put(&t, "%s",
					   k == cell->best[m] ? "1" : "-");
			else
				lm_tab_put(&t, "%.3g", s->ratio);
			lm_tab_put(&t, "%s", lm_fmt_standing(cell, k, m));
		}
	}
	lm_tab_print(f, &t, st);
	lm_tab_free(&t);
}

/* Does any configuration measure a direction of a mix cell apart? */
static bool lm_cmp_any_dir(const struct lm_cmp *c, unsigned int i)
{
	const struct lm_cmp_cell *cell = &c->cells[i];
	unsigned int k, d;

	for (k = 0; k < c->ncfg; k++)
		for (d = 0; d < LM_DATA_DIRS && lm_cmp_has(cell, k); d++)
			if (!isnan(cell->val[k].dir[d][LM_MET_MB_S]))
				return true;
	return false;
}

/* The mix cells' reads and writes apart, as IOmeter publishes them: a row
 * per cell and configuration. Shown, not tested: the verdicts are the
 * mix's. */
static void lm_cmp_dirs(FILE *f, const struct lm_cmp *c, enum lm_tab_style st)
{
	static const unsigned int mets[] = { LM_MET_IOPS, LM_MET_MB_S,
					     LM_MET_LAT };
	static const enum lm_way ways[LM_DATA_DIRS] = { LM_WAY_READ,
							LM_WAY_WRITE };
	struct lm_tab t;
	char v[32];
	unsigned int i, k, d, m, n = 0;

	for (i = 0; i < c->ncells; i++)
		n += lm_cmp_any_dir(c, i);
	if (!n)
		return;
	fprintf(f,
		"%sReads and writes of each mix apart\n\nGeometric means of the runs; shown, not tested: each verdict above\nis of the mix as a whole.\n\n",
		st == LM_TAB_MD ? "### " : "");
	lm_tab_init(&t, 2 + LM_DATA_DIRS * 3);
	t.nhead = 1;
	t.right = ~3u;
	lm_tab_row(&t);
	lm_tab_put(&t, "Test");
	lm_tab_put(&t, "Configuration");
	for (d = 0; d < LM_DATA_DIRS; d++)
		for (m = 0; m < 3; m++)
			lm_tab_put(&t, "%s %s", lm_fmt_way(c->profile, ways[d]),
				   lm_fmt_metric_name(c->profile, mets[m]));
	for (i = 0; i < c->ncells; i++) {
		const struct lm_cmp_cell *cell = &c->cells[i];

		for (k = 0; k < c->ncfg && lm_cmp_any_dir(c, i); k++) {
			if (!lm_cmp_has(cell, k))
				continue;
			lm_tab_row(&t);
			lm_tab_put(&t, "%s", cell->label);
			lm_tab_put(&t, "%s", c->cfg[k].name);
			for (d = 0; d < LM_DATA_DIRS; d++)
				for (m = 0; m < 3; m++) {
					lm_fmt_metric(
						v, sizeof(v), mets[m],
						cell->val[k].dir[d][mets[m]]);
					lm_tab_put(&t, "%s", v);
				}
		}
	}
	lm_tab_print(f, &t, st);
	lm_tab_free(&t);
	fputc('\n', f);
}

/* A configuration of several hosts (lunmark-mpi): its first file's row
 * per cell and rank, then the sum, as its report shows them. */
static void lm_cmp_hosts(FILE *f, const struct lm_cmp *c, enum lm_tab_style st)
{
	struct lm_method_tab tabs[LM_METHOD_TABS];
	unsigned int k, i, n;

	for (k = 0; k < c->ncfg; k++) {
		const struct lm_saved *s = &c->saved[c->cfg[k].file[0]];

		if (!s->m.nranks)
			continue;
		n = lm_method_tables(&s->info, &s->m, tabs);
		for (i = 0; i < n; i++) {
			if (strcmp(tabs[i].title, "Per host"))
				continue;
			fprintf(f, "%sPer host: %s (%s)\n\n",
				st == LM_TAB_MD ? "### " : "", c->cfg[k].name,
				lm_shortname(c->paths[c->cfg[k].file[0]]));
			lm_tab_print(f, &tabs[i].t, st);
			fputc('\n', f);
		}
		lm_method_free(tabs, n);
	}
}

static void lm_cmp_method(FILE *f, const struct lm_cmp *c, const char *p)
{
	unsigned int k, n = 0;

	fprintf(f,
		"%sFigures are geometric means of the counted runs, B/A their ratio.\n"
		"%sEach verdict is Welch's t-test on the logarithms of the runs; the\n"
		"%sinterval shown is its interval of B/A, at the level Holm's step-down\n"
		"%sgives the cell within its configuration's family (5%% family-wise),\n"
		"%sand it decides: faster/slower (less/more CPU) when it excludes 1 and\n"
		"%sB/A is beyond 1 +- %g%% (--delta); equivalent when it lies within\n"
		"%s[1/(1+d), 1+d]; inconclusive otherwise, with a rough count of the\n"
		"%sruns a side that would decide it. Under %u runs a side: no verdict.\n"
		"%sA family is fixed before any test: a comparison per cell and metric\n"
		"%s(MB/s and IOPS are one),",
		p, p, p, p, p, p, c->delta * 100, p, p, LM_CMP_MIN_RUNS, p, p);
	for (k = 0; k < c->ncfg; k++)
		if (c->cfg[k].family && (c->mode != LM_CMP_PAIR || k))
			fprintf(f, "%s %s %u", n++ ? "," : "", c->cfg[k].name,
				c->cfg[k].family);
	fprintf(f, ".\n");
}

/* The settings not the same in every file: a difference in the figures
 * may be theirs. */
static void lm_cmp_differ(FILE *f, const struct lm_cmp *c, enum lm_tab_style st)
{
	struct lm_tab t;
	unsigned int i, k;

	if (!c->ndiffer)
		return;
	fprintf(f, "Settings that differ between the files:\n\n");
	lm_tab_init(&t, 1 + c->ncfg);
	t.nhead = 1;
	lm_tab_row(&t);
	lm_tab_put(&t, "Setting");
	for (k = 0; k < c->ncfg; k++)
		lm_tab_put(&t, "%s", c->cfg[k].name);
	for (i = 0; i < c->ndiffer; i++) {
		lm_tab_row(&t);
		lm_tab_put(&t, "%s", lm_setting_names[c->differ[i].setting]);
		for (k = 0; k < c->ncfg; k++)
			lm_tab_put(&t, "%s", c->differ[i].value[k]);
	}
	lm_tab_print(f, &t, st);
	lm_tab_free(&t);
	fputc('\n', f);
}

/* Each file's warnings, as its report printed them: in Markdown a list,
 * so that they do not run together into one paragraph. */
static void lm_cmp_warnings(FILE *f, const struct lm_cmp *c,
			    enum lm_tab_style st)
{
	unsigned int k, i, n = 0;

	for (k = 0; k < c->nsaved; k++) {
		const struct lm_warnings *w = &c->saved[k].m.warn;

		for (i = 0; i < w->n; i++, n++)
			fprintf(f, "%sWarning: %s: %s\n",
				st == LM_TAB_MD ? "- " : "", c->paths[k],
				w->text[i]);
	}
	if (n)
		fputc('\n', f);
}

/* One result alone, as its method publishes it (method.h), with the
 * target's identity and the link named. */
static void lm_cmp_method_tables(FILE *f, const struct lm_cmp *c,
				 enum lm_tab_style st)
{
	const struct lm_saved *s = &c->saved[0];
	struct lm_method_tab tabs[LM_METHOD_TABS];
	unsigned int i, n;

	if (s->has_id && (s->id.vendor[0] || s->id.model[0]))
		fprintf(f, "Device: %s %s %s, serial %s\n\n", s->id.vendor,
			s->id.model, s->id.revision,
			s->id.serial[0] ? s->id.serial : "-");
	if (s->m.link_ceiling_mb_s > 0)
		fprintf(f,
			"Link: %g Gb/s, %.1f MB/s of TCP payload at MTU 1500\n\n",
			s->info.link_gbit, s->m.link_ceiling_mb_s);
	n = lm_method_tables(&s->info, &s->m, tabs);
	for (i = 0; i < n; i++) {
		fprintf(f, "%s%s\n\n", st == LM_TAB_MD ? "### " : "",
			tabs[i].title);
		lm_tab_print(f, &tabs[i].t, st);
		fputc('\n', f);
	}
	lm_method_free(tabs, n);
	fprintf(f, "%sEvery cell and metric\n\n",
		st == LM_TAB_MD ? "### " : "");
}

static void lm_cmp_tables(FILE *f, const struct lm_cmp *c, unsigned int metrics,
			  enum lm_tab_style st)
{
	const char *h = st == LM_TAB_MD ? "## " : "";
	const char *p = st == LM_TAB_MD ? "" : "  ";
	unsigned int m;

	fprintf(f, "%slunmark %s: %s\n\n", h,
		c->mode == LM_CMP_SINGLE ? "report" : "compare",
		c->profile->what);
	lm_cmp_provenance(f, c, st);
	fputc('\n', f);
	lm_cmp_differ(f, c, st);
	lm_cmp_warnings(f, c, st);
	switch (c->mode) {
	case LM_CMP_SINGLE:
		lm_cmp_method_tables(f, c, st);
		lm_cmp_single(f, c, metrics, st);
		return;
	case LM_CMP_PAIR:
		fprintf(f, "A = %s, B = %s\n\n", c->cfg[0].name,
			c->cfg[1].name);
		lm_cmp_pair(f, c, metrics, st);
		break;
	case LM_CMP_BASELINE:
		fprintf(f,
			"Change of each geometric mean against %s, with the interval that\ndecides, and the verdict\n\n",
			c->cfg[0].name);
		lm_cmp_baseline(f, c, metrics, st);
		break;
	case LM_CMP_TABLE:
		for (m = 0; m < LM_METRICS; m++) {
			if (!(metrics & (1u << m)))
				continue;
			fprintf(f,
				"%s%s, geometric mean of the runs, each against the best of its cell\n\n",
				h[0] ? "### " : "",
				lm_fmt_metric_name(c->profile, m));
			lm_cmp_side(f, c, m, st);
			fputc('\n', f);
		}
		break;
	}
	fputc('\n', f);
	lm_cmp_dirs(f, c, st);
	lm_cmp_hosts(f, c, st);
	lm_cmp_method(f, c, p);
}

void lm_report_cmp(FILE *f, const struct lm_cmp *c, int fmt,
		   unsigned int metrics)
{
	switch (fmt) {
	case LM_FMT_MD:
		lm_cmp_tables(f, c, metrics, LM_TAB_MD);
		break;
	case LM_FMT_CSV:
	case LM_FMT_CSV_WIDE:
		lm_report_cmp_csv(f, c, metrics, fmt == LM_FMT_CSV_WIDE);
		break;
	case LM_FMT_JSON:
		lm_report_cmp_json(f, c, metrics);
		break;
	case LM_FMT_HTML:
		lm_report_cmp_html(f, c, metrics);
		break;
	default:
		lm_cmp_tables(f, c, metrics, LM_TAB_TEXT);
	}
}

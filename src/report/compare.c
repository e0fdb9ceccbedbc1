// SPDX-License-Identifier: MIT
/* `lunmark compare` (and `report --format=`) as text, Markdown and CSV. */
#include "src/report/figures.h"
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

	lm_tab_init(&t, 9);
	t.nhead = 1;
	t.right = 1u << 8;
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
			lm_tab_put(&t, "%s", lm_metrics[m].name);
	lm_tab_put(&t, "runs");
	lm_tab_put(&t, "CV %%");
	t.ncols = t.col;
	for (i = 0; i < c->ncells; i++) {
		const struct lm_cmp_cell *cell = &c->cells[i];
		const struct lm_cmp_val *val = &cell->val[0];

		lm_tab_row(&t);
		lm_tab_put(&t, "%s", cell->label);
		lm_tab_put(&t, "%s", lm_way_keys[cell->way]);
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
	lm_tab_put(&t, "95%% CI");
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
					      ? cell->val[0].median[m]
					      : NAN);
			lm_fmt_metric(b, sizeof(b), m,
				      lm_cmp_has(cell, 1)
					      ? cell->val[1].median[m]
					      : NAN);
			lm_tab_row(&t);
			lm_tab_put(&t, "%s", cell->label);
			lm_tab_put(&t, "%s", lm_way_keys[cell->way]);
			lm_tab_put(&t, "%s", lm_metrics[m].name);
			lm_tab_put(&t, "%s", a);
			lm_tab_put(&t, "%s", b);
			if (!s->verdict) {
				lm_tab_put(&t, "-");
				continue;
			}
			snprintf(ci, sizeof(ci), "[%.3f, %.3f]", s->ci.lo95,
				 s->ci.hi95);
			lm_fmt_verdict(vd, sizeof(vd), s);
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
			lm_tab_put(&t, "%s", lm_way_keys[cell->way]);
			lm_tab_put(&t, "%s", lm_metrics[m].name);
			lm_fmt_metric(v, sizeof(v), m,
				      lm_cmp_has(cell, 0)
					      ? cell->val[0].median[m]
					      : NAN);
			lm_tab_put(&t, "%s", v);
			for (k = 1; k < c->ncfg; k++) {
				const struct lm_cmp_stat *s = &cell->st[k][m];

				if (!s->verdict) {
					lm_tab_put(&t, "-");
					continue;
				}
				lm_fmt_change(ch, sizeof(ch), s);
				lm_fmt_verdict(vd, sizeof(vd), s);
				lm_tab_put(&t, "%s %s", ch, vd);
			}
		}
	}
	lm_tab_print(f, &t, st);
	lm_tab_free(&t);
}

/* Side by side on metric @m: a row per configuration. */
static void lm_cmp_side(FILE *f, const struct lm_cmp *c, unsigned int m,
			enum lm_tab_style st)
{
	struct lm_tab t;
	char v[32], h[LM_TAB_CELL];
	unsigned int i, k;

	lm_tab_init(&t, 1 + c->ncells);
	t.nhead = 1;
	t.right = ~1u;
	lm_tab_row(&t);
	lm_tab_put(&t, "Configuration");
	for (i = 0; i < c->ncells; i++) {
		lm_fmt_cell(h, sizeof(h), &c->cells[i]);
		lm_tab_put(&t, "%s", h);
	}
	for (k = 0; k < c->ncfg; k++) {
		lm_tab_row(&t);
		lm_tab_put(&t, "%s", c->cfg[k].name);
		for (i = 0; i < c->ncells; i++) {
			const struct lm_cmp_cell *cell = &c->cells[i];
			enum lm_verdict vd = cell->st[k][m].verdict;

			if (!cell->has[m] || !lm_cmp_has(cell, k)) {
				lm_tab_put(&t, "-");
				continue;
			}
			lm_fmt_metric(v, sizeof(v), m, cell->val[k].median[m]);
			lm_tab_put(&t, "%s %s", v,
				   k == cell->best[m] ? "*"
				   : vd == LM_VERDICT_FASTER ||
						   vd == LM_VERDICT_SLOWER
					   ? " "
					   : "=");
		}
	}
	lm_tab_print(f, &t, st);
	lm_tab_free(&t);
}

static void lm_cmp_method(FILE *f, const struct lm_cmp *c, const char *p)
{
	fprintf(f,
		"%sFigures are medians of the counted runs. Ratios are of medians, with 95%%\n"
		"%sintervals from a percentile bootstrap (%u resamples, fixed seed); p is\n"
		"%sWelch's t-test. %u comparisons are made at once, so a verdict of\n"
		"%sfaster/slower needs the change to be at least %g%% (--delta), the\n"
		"%sbootstrap interval at 1 - 0.05/%u to exclude 1 and p below 0.05/%u\n"
		"%s(Bonferroni): an A/A comparison is then not called different by chance.\n"
		"%sequivalent: the 90%% interval lies within [1/(1+d), 1+d]; inconclusive\n"
		"%sotherwise, with a rough count of the runs a side that would decide it.\n"
		"%sFewer than %u runs a side get no verdict.\n",
		p, p, LM_BOOT_RESAMPLES, p, c->family, p, c->delta * 100, p,
		c->family, c->family, p, p, p, p, LM_CMP_MIN_RUNS);
}

/* Each file's warnings, as its report printed them. */
static void lm_cmp_warnings(FILE *f, const struct lm_cmp *c)
{
	unsigned int k, i, n = 0;

	for (k = 0; k < c->nsaved; k++) {
		const struct lm_warnings *w = &c->saved[k].m.warn;

		for (i = 0; i < w->n; i++, n++)
			fprintf(f, "Warning: %s: %s\n", c->paths[k],
				w->text[i]);
	}
	if (n)
		fputc('\n', f);
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
	lm_cmp_warnings(f, c);
	switch (c->mode) {
	case LM_CMP_SINGLE:
		lm_cmp_single(f, c, metrics, st);
		return;
	case LM_CMP_PAIR:
		fprintf(f, "A = %s, B = %s\n\n", c->cfg[0].name,
			c->cfg[1].name);
		lm_cmp_pair(f, c, metrics, st);
		break;
	case LM_CMP_BASELINE:
		fprintf(f,
			"Change of each median against %s, with its 95%% interval, and the verdict\n\n",
			c->cfg[0].name);
		lm_cmp_baseline(f, c, metrics, st);
		break;
	case LM_CMP_TABLE:
		for (m = 0; m < LM_METRICS; m++) {
			if (!(metrics & (1u << m)))
				continue;
			fprintf(f,
				"%s%s, median of the runs: * the best in the column, = no significant\n"
				"%sdifference from the best\n\n",
				h[0] ? "### " : "", lm_metrics[m].name,
				h[0] ? "" : "  ");
			lm_cmp_side(f, c, m, st);
			fputc('\n', f);
		}
		break;
	}
	fputc('\n', f);
	lm_cmp_method(f, c, p);
}

/* CSV: a row per configuration and cell (test x way x metric). */
static void lm_cmp_csv(FILE *f, const struct lm_cmp *c, unsigned int metrics)
{
	unsigned int i, k, m, q;

	fputs("configuration,test,way,metric,unit,runs,median,ci95_lo,ci95_hi,cv_pct,p50_us,p90_us,p99_us,p99.9_us,p99.99_us,reference,ratio,ratio_ci95_lo,ratio_ci95_hi,ratio_ci90_lo,ratio_ci90_hi,ratio_cifam_lo,ratio_cifam_hi,p_value,verdict,runs_needed,best\n",
	      f);
	for (i = 0; i < c->ncells; i++) {
		const struct lm_cmp_cell *cell = &c->cells[i];

		for (m = 0; m < LM_METRICS; m++) {
			if (!(metrics & (1u << m)) || !cell->has[m])
				continue;
			for (k = 0; k < c->ncfg; k++) {
				const struct lm_cmp_val *val = &cell->val[k];
				const struct lm_cmp_stat *s = &cell->st[k][m];

				if (!val->n)
					continue;
				lm_csv_str(f, c->cfg[k].name);
				fputc(',', f);
				lm_csv_str(f, cell->label);
				fprintf(f, ",%s,%s,%s,%u,%.6g,%.6g,%.6g,%.3f",
					lm_way_keys[cell->way],
					lm_metrics[m].key, lm_metrics[m].unit,
					val->n, val->median[m], val->ci[m].lo95,
					val->ci[m].hi95, val->cv_pct);
				for (q = 0; q < LM_NPCT; q++)
					fprintf(f, ",%.6g", val->pct_us[q]);
				fputc(',', f);
				if (s->verdict) {
					lm_csv_str(f,
						   c->cfg[cell->ref[m]].name);
					fprintf(f,
						",%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,%.6g,",
						s->ratio, s->ci.lo95,
						s->ci.hi95, s->ci.lo90,
						s->ci.hi90, s->ci.lo_fw,
						s->ci.hi_fw);
					if (!isnan(s->welch.p))
						fprintf(f, "%.6g", s->welch.p);
					fprintf(f, ",%s,%u",
						lm_verdict_name(s->verdict),
						s->runs_needed);
				} else {
					fputs(",,,,,,,,,,", f);
				}
				fprintf(f, ",%d\n", k == cell->best[m]);
			}
		}
	}
}

void lm_report_cmp(FILE *f, const struct lm_cmp *c, int fmt,
		   unsigned int metrics)
{
	switch (fmt) {
	case LM_FMT_MD:
		lm_cmp_tables(f, c, metrics, LM_TAB_MD);
		break;
	case LM_FMT_CSV:
		lm_cmp_csv(f, c, metrics);
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

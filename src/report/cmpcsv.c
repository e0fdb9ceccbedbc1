// SPDX-License-Identifier: MIT
/*
 * `lunmark compare` and `report` as CSV: long (a row per configuration
 * and cell: test x way x metric) and wide (a row per configuration, a
 * column per cell and metric: the form a spreadsheet's chart wants).
 */
#include "src/report/figures.h"
#include "src/report/report.h"
#include "src/report/table.h"
#include "src/result/compare.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>

/* "IET VIRTUAL-DISK 0001 beaf11": the target's identity, when saved. */
static void lm_csv_device(FILE *f, const struct lm_cmp *c, unsigned int k)
{
	const struct lm_saved *s = &c->saved[c->cfg[k].file[0]];
	char buf[LM_TAB_CELL * 4];

	if (!s->has_id ||
	    !(s->id.vendor[0] || s->id.model[0] || s->id.serial[0])) {
		lm_csv_str(f, "");
		return;
	}
	snprintf(buf, sizeof(buf), "%s %s %s %s", s->id.vendor, s->id.model,
		 s->id.revision, s->id.serial);
	lm_csv_str(f, buf);
}

/* ",v" at @prec decimals, or "," for what was not measured */
static void lm_csv_num(FILE *f, bool measured, int prec, double v)
{
	if (measured)
		fprintf(f, ",%.*f", prec, v);
	else
		fputc(',', f);
}

/*
 * What the method publishes beyond the cell's metrics: a mix cell's read
 * and write apart (IOmeter), geometric means over the configuration's
 * runs as the cell's own figures are; from its first file, a cache
 * cell's cold pass, warm/cold and miss run.
 */
static void lm_csv_method(FILE *f, const struct lm_cmp *c,
			  const struct lm_cmp_cell *cell, unsigned int k)
{
	const struct lm_cell *src = lm_runs_cell(&c->saved[c->cfg[k].file[0]],
						 cell->test, cell->way);
	const double *r = cell->val[k].dir[LM_DIR_READ];
	const double *w = cell->val[k].dir[LM_DIR_WRITE];
	bool cache = c->profile->kind == LM_PK_CACHE && src->nruns &&
		     cell->way == LM_WAY_READ;

	lm_csv_num(f, !isnan(r[LM_MET_IOPS]), 1, r[LM_MET_IOPS]);
	lm_csv_num(f, !isnan(w[LM_MET_IOPS]), 1, w[LM_MET_IOPS]);
	lm_csv_num(f, !isnan(r[LM_MET_MB_S]), 3, r[LM_MET_MB_S]);
	lm_csv_num(f, !isnan(w[LM_MET_MB_S]), 3, w[LM_MET_MB_S]);
	lm_csv_num(f, !isnan(r[LM_MET_LAT]), 3, r[LM_MET_LAT] / 1e3);
	lm_csv_num(f, !isnan(w[LM_MET_LAT]), 3, w[LM_MET_LAT] / 1e3);
	lm_csv_num(f, cache, 3, cache ? src->runs[0].s[LM_DIR_READ].mb_s : 0);
	lm_csv_num(f, cache, 2, src->warm_ratio);
	lm_csv_num(f, cache && src->has_miss, 3, src->miss[LM_DIR_READ].mb_s);
}

/* A CSV row's comparison columns, reference to runs_needed. */
static void lm_csv_stat(FILE *f, const struct lm_cmp *c,
			const struct lm_cmp_cell *cell, unsigned int k,
			unsigned int m)
{
	const struct lm_cmp_stat *s = &cell->st[k][m];

	if (!s->verdict) {
		fputs(",,,,,,,,,", f);
		return;
	}
	lm_csv_str(f, c->cfg[cell->ref[m]].name);
	fputc(',', f);
	if (!isnan(s->ratio))
		fprintf(f, "%.6g", s->ratio);
	fputc(',', f);
	if (!isnan(s->lo))
		fprintf(f, "%.6g,%.6g,%.6g", s->lo, s->hi, 1 - s->alpha);
	else
		fputs(",,", f);
	fprintf(f, ",%u,%u,", s->rank, s->family);
	if (!isnan(s->welch.p))
		fprintf(f, "%.6g", s->welch.p);
	fputc(',', f);
	lm_csv_str(f, lm_verdict_word(s->verdict, lm_metrics[m].sense));
	fprintf(f, ",%u", s->runs_needed);
}

/* The configuration's values of the settings that differ: "runtime=5s;
 * engine=psync". */
static void lm_csv_settings(FILE *f, const struct lm_cmp *c, unsigned int k)
{
	char buf[LM_SETTINGS * 112];
	unsigned int i;
	size_t n = 0;

	buf[0] = '\0';
	for (i = 0; i < c->ndiffer && n < sizeof(buf); i++)
		n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%s=%s",
				      i ? "; " : "",
				      lm_setting_names[c->differ[i].setting],
				      c->differ[i].value[k]);
	lm_csv_str(f, buf);
}

/* CSV: a row per configuration and cell (test x way x metric). */
static void lm_cmp_csv_long(FILE *f, const struct lm_cmp *c,
			    unsigned int metrics)
{
	unsigned int i, k, m, q;

	fputs("configuration,test,way,metric,unit,runs,median,ci95_lo,ci95_hi,geomean,cv_pct,p50_us,p90_us,p99_us,p99.9_us,p99.99_us,reference,ratio,interval_lo,interval_hi,interval_level,holm_rank,family,p_value,verdict,runs_needed,best,standing,differing_settings,link_pct,device,read_iops,write_iops,read_mb_s,write_mb_s,read_lat_ms,write_lat_ms,cold_mb_s,warm_over_cold,miss_mb_s\n",
	      f);
	for (i = 0; i < c->ncells; i++) {
		const struct lm_cmp_cell *cell = &c->cells[i];

		for (m = 0; m < LM_METRICS; m++) {
			if (!(metrics & (1u << m)) || !cell->has[m])
				continue;
			for (k = 0; k < c->ncfg; k++) {
				const struct lm_cmp_val *val = &cell->val[k];

				if (!val->n)
					continue;
				lm_csv_str(f, c->cfg[k].name);
				fputc(',', f);
				lm_csv_str(f, cell->label);
				fprintf(f,
					",%s,%s,%s,%u,%.6g,%.6g,%.6g,%.6g,%.3f",
					lm_way_keys[cell->way],
					lm_metrics[m].key,
					lm_fmt_metric_unit(c->profile, m),
					val->n, val->median[m], val->ci[m].lo95,
					val->ci[m].hi95, val->center[m],
					val->cv_pct);
				/* a copy times whole files: none */
				for (q = 0; q < LM_NPCT; q++)
					lm_csv_num(f, val->pct_us[q] > 0, 3,
						   val->pct_us[q]);
				fputc(',', f);
				lm_csv_stat(f, c, cell, k, m);
				fprintf(f, ",%d,", k == cell->best[m]);
				if (c->mode == LM_CMP_TABLE)
					lm_csv_str(f,
						   lm_fmt_standing(cell, k, m));
				fputc(',', f);
				lm_csv_settings(f, c, k);
				fputc(',', f);
				if (!isnan(val->link_pct))
					fprintf(f, "%.1f", val->link_pct);
				fputc(',', f);
				lm_csv_device(f, c, k);
				lm_csv_method(f, c, cell, k);
				fputc('\n', f);
			}
		}
	}
}

/* Wide: a column per cell and metric, each configuration's geometric
 * mean of the runs ("-" where it has none). */
static void lm_cmp_csv_wide(FILE *f, const struct lm_cmp *c,
			    unsigned int metrics)
{
	char h[LM_TAB_CELL * 2];
	unsigned int i, k, m;

	fputs("configuration", f);
	for (i = 0; i < c->ncells; i++)
		for (m = 0; m < LM_METRICS; m++) {
			if (!(metrics & (1u << m)) || !c->cells[i].has[m])
				continue;
			snprintf(h, sizeof(h), "%s %s %s", c->cells[i].label,
				 lm_way_keys[c->cells[i].way],
				 lm_fmt_metric_name(c->profile, m));
			fputc(',', f);
			lm_csv_str(f, h);
		}
	fputc('\n', f);
	for (k = 0; k < c->ncfg; k++) {
		lm_csv_str(f, c->cfg[k].name);
		for (i = 0; i < c->ncells; i++)
			for (m = 0; m < LM_METRICS; m++) {
				const struct lm_cmp_cell *cell = &c->cells[i];

				if (!(metrics & (1u << m)) || !cell->has[m])
					continue;
				if (lm_cmp_has(cell, k))
					fprintf(f, ",%.6g",
						cell->val[k].center[m]);
				else
					fputs(",-", f);
			}
		fputc('\n', f);
	}
}

void lm_report_cmp_csv(FILE *f, const struct lm_cmp *c, unsigned int metrics,
		       bool wide)
{
	if (wide)
		lm_cmp_csv_wide(f, c, metrics);
	else
		lm_cmp_csv_long(f, c, metrics);
}

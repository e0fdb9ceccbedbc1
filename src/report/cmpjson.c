// SPDX-License-Identifier: MIT
/* `lunmark compare --format=json`: the comparison as one JSON object,
 * numbers unformatted, NaN as null. */
#include "src/report/figures.h"
#include "src/report/method.h"
#include "src/report/report.h"
#include "src/result/compare.h"
#include "src/result/jsonw.h"

#include <json-c/json.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void lm_jnum(struct json_object *o, const char *k, double v)
{
	lm_jput(o, k, isnan(v) || isinf(v) ? NULL : json_object_new_double(v));
}

static struct json_object *lm_jpair(double lo, double hi)
{
	struct json_object *a = json_object_new_array();

	json_object_array_add(a, json_object_new_double(lo));
	json_object_array_add(a, json_object_new_double(hi));
	return a;
}

/* Every warning of the configuration's files, each once. */
static struct json_object *lm_jwarnings(const struct lm_cmp *c,
					const struct lm_cmp_config *g)
{
	struct json_object *a = json_object_new_array();
	unsigned int i, k;

	for (i = 0; i < g->nfiles; i++) {
		const struct lm_warnings *w = &c->saved[g->file[i]].m.warn;

		for (k = 0; k < w->n; k++) {
			struct json_object *e = json_object_new_object();

			lm_jput_str(e, "file", c->paths[g->file[i]]);
			lm_jput_str(e, "kind", lm_warn_key(w->kind[k]));
			lm_jput_str(e, "text", w->text[k]);
			json_object_array_add(a, e);
		}
	}
	return a;
}

/* A table's cell: a number when it is one, null for "-". */
static struct json_object *lm_jcellv(const char *v)
{
	char *end;
	double d = strtod(v, &end);

	if (!strcmp(v, "-"))
		return NULL;
	if (end != v && !*end)
		return json_object_new_double(d);
	return json_object_new_string(v);
}

/* The tables of the configuration's method (method.h), of its first
 * file: [{"title", "columns": [...], "rows": [[...], ...]}]. */
static struct json_object *lm_jmethod(const struct lm_saved *s)
{
	struct json_object *a = json_object_new_array();
	struct lm_method_tab tabs[LM_METHOD_TABS];
	unsigned int i, r, k, n = lm_method_tables(&s->info, &s->m, tabs);

	for (i = 0; i < n; i++) {
		struct json_object *o = json_object_new_object();
		struct json_object *cols = json_object_new_array();
		struct json_object *rows = json_object_new_array();
		const struct lm_tab *t = &tabs[i].t;

		for (k = 0; k < t->ncols && t->nrows; k++)
			json_object_array_add(
				cols, json_object_new_string(t->cells[0][k]));
		for (r = t->nhead; r < t->nrows; r++) {
			struct json_object *row = json_object_new_array();

			for (k = 0; k < t->ncols; k++)
				json_object_array_add(
					row, k ? lm_jcellv(t->cells[r][k])
					       : json_object_new_string(
							 t->cells[r][k]));
			json_object_array_add(rows, row);
		}
		lm_jput_str(o, "title", tabs[i].title);
		lm_jput(o, "columns", cols);
		lm_jput(o, "rows", rows);
		json_object_array_add(a, o);
	}
	lm_method_free(tabs, n);
	return a;
}

/* The target's identity, when the file has it. */
static struct json_object *lm_jdevice(const struct lm_saved *s)
{
	struct json_object *o;

	if (!s->has_id)
		return NULL;
	o = json_object_new_object();
	lm_jput_str(o, "vendor", s->id.vendor);
	lm_jput_str(o, "model", s->id.model);
	lm_jput_str(o, "revision", s->id.revision);
	lm_jput_str(o, "serial", s->id.serial);
	return o;
}

static struct json_object *lm_jconfig(const struct lm_cmp *c, unsigned int k)
{
	const struct lm_cmp_config *g = &c->cfg[k];
	struct json_object *o = json_object_new_object();
	struct json_object *files = json_object_new_array();
	struct json_object *tags = json_object_new_object();
	const struct lm_mark_info *in = &c->saved[g->file[0]].info;
	unsigned int i;

	lm_jput_str(o, "name", g->name);
	for (i = 0; i < g->nfiles; i++)
		json_object_array_add(
			files, json_object_new_string(c->paths[g->file[i]]));
	lm_jput(o, "files", files);
	lm_jput_str(o, "label", in->label);
	for (i = 0; i < in->ntags; i++)
		lm_jput_str(tags, in->tags[i].name, in->tags[i].value);
	lm_jput(o, "tags", tags);
	lm_jput_str(o, "date", in->r.date);
	lm_jput_str(o, "target", in->r.target);
	lm_jput_str(o, "engine", in->r.engine);
	lm_jput_str(o, "size", in->r.size);
	lm_jput_str(o, "lunmark_version", in->r.version);
	lm_jput_str(o, "hostname", c->saved[g->file[0]].hostname);
	lm_jput(o, "device", lm_jdevice(&c->saved[g->file[0]]));
	lm_jnum(o, "link_gbit", in->link_gbit > 0 ? in->link_gbit : NAN);
	lm_jnum(o, "link_ceiling_mb_s",
		c->saved[g->file[0]].m.link_ceiling_mb_s > 0
			? c->saved[g->file[0]].m.link_ceiling_mb_s
			: NAN);
	lm_jput(o, "method", lm_jmethod(&c->saved[g->file[0]]));
	lm_jput_u64(o, "family", g->family);
	lm_jnum(o, "host_cpu_s_per_gb",
		g->cpu_s_per_gb < 0 ? NAN : g->cpu_s_per_gb);
	lm_jput(o, "warnings", lm_jwarnings(c, g));
	return o;
}

static struct json_object *lm_jval(const struct lm_cmp *c,
				   const struct lm_cmp_cell *cell,
				   unsigned int k, unsigned int m)
{
	const struct lm_cmp_val *val = &cell->val[k];
	const struct lm_cmp_stat *s = &cell->st[k][m];
	struct json_object *o = json_object_new_object();
	struct json_object *runs = json_object_new_array();
	unsigned int i;

	lm_jput_str(o, "configuration", c->cfg[k].name);
	lm_jput_u64(o, "runs", val->n);
	lm_jnum(o, "median", val->median[m]);
	lm_jput(o, "ci95", lm_jpair(val->ci[m].lo95, val->ci[m].hi95));
	lm_jnum(o, "geomean", val->center[m]);
	lm_jnum(o, "link_pct", m == LM_MET_MB_S ? val->link_pct : NAN);
	if (cell->way == LM_WAY_MIX && m != LM_MET_CPU) {
		lm_jnum(o, "geomean_read", val->dir[LM_DIR_READ][m]);
		lm_jnum(o, "geomean_write", val->dir[LM_DIR_WRITE][m]);
	}
	for (i = 0; i < val->n; i++)
		json_object_array_add(runs,
				      json_object_new_double(val->v[m][i]));
	lm_jput(o, "values", runs);
	lm_jput_bool(o, "best", k == cell->best[m]);
	if (c->mode == LM_CMP_TABLE)
		lm_jput_str(o, "standing", lm_fmt_standing(cell, k, m));
	if (!s->verdict)
		return o;
	lm_jput_str(o, "against", c->cfg[cell->ref[m]].name);
	lm_jnum(o, "ratio", s->ratio);
	lm_jnum(o, "median_ratio", s->median_ratio);
	lm_jput(o, "interval", isnan(s->lo) ? NULL : lm_jpair(s->lo, s->hi));
	lm_jnum(o, "interval_level", 1 - s->alpha);
	lm_jput_u64(o, "holm_rank", s->rank);
	lm_jput_u64(o, "family", s->family);
	lm_jnum(o, "welch_t", s->welch.t);
	lm_jnum(o, "welch_df", s->welch.df);
	lm_jnum(o, "p_value", s->welch.p);
	lm_jput_str(o, "verdict",
		    lm_verdict_word(s->verdict, lm_metrics[m].sense));
	lm_jput_str(o, "outcome", lm_fmt_outcome(s->verdict));
	lm_jput_u64(o, "runs_needed", s->runs_needed);
	return o;
}

static struct json_object *
lm_jcell(const struct lm_cmp *c, const struct lm_cmp_cell *cell, unsigned int m)
{
	struct json_object *o = json_object_new_object();
	struct json_object *vals = json_object_new_array();
	unsigned int k;

	lm_jput_str(o, "test", cell->label);
	lm_jput_str(o, "way", lm_way_keys[cell->way]);
	lm_jput_str(o, "metric", lm_metrics[m].key);
	lm_jput_str(o, "unit", lm_metrics[m].unit);
	lm_jput_bool(o, "higher_is_better", lm_metric_up(m));
	for (k = 0; k < c->ncfg; k++)
		if (lm_cmp_has(cell, k))
			json_object_array_add(vals, lm_jval(c, cell, k, m));
	lm_jput(o, "values", vals);
	return o;
}

/* {"runtime": ["0.3s", "5s"], ...}: a value per configuration */
static struct json_object *lm_jdiffer(const struct lm_cmp *c)
{
	struct json_object *o = json_object_new_object();
	unsigned int i, k;

	for (i = 0; i < c->ndiffer; i++) {
		struct json_object *a = json_object_new_array();

		for (k = 0; k < c->ncfg; k++)
			json_object_array_add(
				a,
				json_object_new_string(c->differ[i].value[k]));
		lm_jput(o, lm_setting_names[c->differ[i].setting], a);
	}
	return o;
}

void lm_report_cmp_json(FILE *f, const struct lm_cmp *c, unsigned int metrics)
{
	static const char *const modes[] = {
		[LM_CMP_SINGLE] = "single",
		[LM_CMP_PAIR] = "pair",
		[LM_CMP_TABLE] = "table",
		[LM_CMP_BASELINE] = "baseline",
	};
	struct json_object *root = json_object_new_object();
	struct json_object *cfgs = json_object_new_array();
	struct json_object *cells = json_object_new_array();
	unsigned int i, m;

	lm_jput_str(root, "schema", "lunmark-compare");
	lm_jput(root, "schema_version", json_object_new_int(2));
	lm_jput_str(root, "mode", modes[c->mode]);
	lm_jput_str(root, "profile", c->profile->name);
	lm_jput_dbl(root, "delta", c->delta);
	lm_jput_u64(root, "bootstrap_resamples", LM_BOOT_RESAMPLES);
	lm_jput_u64(root, "min_runs", LM_CMP_MIN_RUNS);
	lm_jput_dbl(root, "alpha", LM_CMP_ALPHA);
	lm_jput_str(root, "test", "welch-log");
	lm_jput_str(root, "correction", "holm");
	lm_jput(root, "settings_differ", lm_jdiffer(c));
	if (c->by)
		lm_jput_str(root, "by", c->by);
	for (i = 0; i < c->ncfg; i++)
		json_object_array_add(cfgs, lm_jconfig(c, i));
	lm_jput(root, "configurations", cfgs);
	for (i = 0; i < c->ncells; i++)
		for (m = 0; m < LM_METRICS; m++)
			if ((metrics & (1u << m)) && c->cells[i].has[m])
				json_object_array_add(
					cells, lm_jcell(c, &c->cells[i], m));
	lm_jput(root, "cells", cells);
	fprintf(f, "%s\n",
		json_object_to_json_string_ext(
			root, JSON_C_TO_STRING_PRETTY |
				      JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(root);
}

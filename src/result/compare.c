// SPDX-License-Identifier: MIT
#include "src/result/compare.h"
#include "src/lunmark.h"
#include "src/stats/stats.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const lm_formats[] = {
	[LM_FMT_TEXT] = "text", [LM_FMT_MD] = "md",
	[LM_FMT_CSV] = "csv",	[LM_FMT_JSON] = "json",
	[LM_FMT_HTML] = "html", [LM_FMT_CSV_WIDE] = "csv-wide",
};

const char *lm_format_name(int i)
{
	return i >= 0 && i < (int)(sizeof(lm_formats) / sizeof(lm_formats[0]))
		       ? lm_formats[i]
		       : NULL;
}

int lm_format_find(const char *name)
{
	const char *f;
	int i;

	for (i = 0; (f = lm_format_name(i)); i++)
		if (!strcmp(name, f))
			return i;
	return -1;
}

void lm_cmp_opts_defaults(struct lm_cmp_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->delta = LM_CMP_DELTA;
	o->format = LM_FMT_TEXT;
}

const char *lm_cmp_tag(const struct lm_saved *s, const char *tag)
{
	unsigned int i;

	for (i = 0; i < s->info.ntags; i++)
		if (!strcmp(s->info.tags[i].name, tag))
			return s->info.tags[i].value;
	return NULL;
}

/* --- configurations --- */

static int lm_cmp_load(struct lm_cmp *c, const struct lm_cmp_opts *o, char *msg,
		       size_t len)
{
	unsigned int i = 0;
	int ret;

	if (o->baseline && !o->by)
		c->paths[c->nsaved++] = o->baseline;
	for (i = 0; i < o->nfiles && c->nsaved < LM_CMP_FILES_MAX; i++)
		c->paths[c->nsaved++] = o->files[i];
	if (i < o->nfiles) {
		snprintf(msg, len, "at most %u result files", LM_CMP_FILES_MAX);
		return -EINVAL;
	}
	for (i = 0; i < c->nsaved; i++) {
		ret = lm_load_mark(c->paths[i], &c->saved[i], msg, len);
		if (ret)
			return ret;
		if (i && c->saved[i].m.profile != c->profile) {
			snprintf(
				msg, len,
				"%s is profile %s, %s is %s: compare results of one profile",
				c->paths[0], c->profile->name, c->paths[i],
				c->saved[i].m.profile->name);
			return -EINVAL;
		}
		c->profile = c->saved[i].m.profile;
	}
	return 0;
}

static void lm_cmp_basename(const char *path, char *out, size_t len)
{
	const char *b = strrchr(path, '/');
	size_t n;

	b = b ? b + 1 : path;
	n = strlen(b);
	if (n > 5 && !strcmp(b + n - 5, ".json"))
		n -= 5;
	snprintf(out, len, "%.*s", (int)n, b);
}

/* A configuration per file, named by its --label or else its name. */
static int lm_cmp_by_file(struct lm_cmp *c, char *msg, size_t len)
{
	unsigned int i;

	if (c->nsaved > LM_CMP_CONFIGS_MAX) {
		snprintf(
			msg, len,
			"%u files: at most %u configurations side by side (group the files with --by TAG)",
			c->nsaved, LM_CMP_CONFIGS_MAX);
		return -EINVAL;
	}
	for (i = 0; i < c->nsaved; i++) {
		struct lm_cmp_config *g = &c->cfg[c->ncfg++];

		if (c->saved[i].info.label[0])
			snprintf(g->name, sizeof(g->name), "%s",
				 c->saved[i].info.label);
		else
			lm_cmp_basename(c->paths[i], g->name, sizeof(g->name));
		g->file[g->nfiles++] = i;
	}
	return 0;
}

/* A configuration per value of tag @by; @baseline's first. */
static int lm_cmp_by_tag(struct lm_cmp *c, const char *by, const char *baseline,
			 char *msg, size_t len)
{
	unsigned int i, k;

	for (i = 0; i < c->nsaved; i++) {
		const char *v = lm_cmp_tag(&c->saved[i], by);

		if (!v) {
			snprintf(
				msg, len,
				"%s has no tag '%s' (give it at run time: lunmark mark --tag %s=VALUE)",
				c->paths[i], by, by);
			return -EINVAL;
		}
		for (k = 0; k < c->ncfg; k++)
			if (!strcmp(c->cfg[k].value, v))
				break;
		if (k == c->ncfg) {
			if (c->ncfg == LM_CMP_CONFIGS_MAX) {
				snprintf(msg, len,
					 "tag '%s' has more than %u values", by,
					 LM_CMP_CONFIGS_MAX);
				return -EINVAL;
			}
			c->cfg[k].value = v;
			snprintf(c->cfg[c->ncfg++].name, sizeof(c->cfg[0].name),
				 "%s=%s", by, v);
		}
		c->cfg[k].file[c->cfg[k].nfiles++] = i;
	}
	if (!baseline)
		return 0;
	for (k = 0; k < c->ncfg; k++)
		if (!strcmp(c->cfg[k].value, baseline))
			break;
	if (k == c->ncfg) {
		snprintf(msg, len, "--baseline=%s: no file has the tag %s=%s",
			 baseline, by, baseline);
		return -EINVAL;
	}
	if (k) {
		struct lm_cmp_config t = c->cfg[k];

		memmove(&c->cfg[1], &c->cfg[0], sizeof(c->cfg[0]) * k);
		c->cfg[0] = t;
	}
	return 0;
}

/* Two configurations of one name get #2, #3 ... */
static void lm_cmp_unique_names(struct lm_cmp *c)
{
	char tmp[sizeof(c->cfg[0].name)];
	unsigned int i, k, seen;

	for (i = 1; i < c->ncfg; i++) {
		for (k = 0, seen = 1; k < i; k++)
			if (!strcmp(c->cfg[k].name, c->cfg[i].name))
				seen++;
		if (seen > 1) {
			snprintf(tmp, sizeof(tmp), "%.110s #%u", c->cfg[i].name,
				 seen);
			memcpy(c->cfg[i].name, tmp, sizeof(tmp));
		}
	}
}

/* --- cells --- */

/* The best configuration of the cell on metric @m, and the reference. */
static void lm_cmp_rank(struct lm_cmp *c, struct lm_cmp_cell *cell,
			unsigned int m)
{
	bool up = lm_metric_up(m);
	unsigned int k, best = 0;
	bool any = false;

	for (k = 0; k < c->ncfg; k++) {
		double v = cell->val[k].center[m];

		if (!lm_cmp_has(cell, k))
			continue;
		if (!any || (up ? v > cell->val[best].center[m]
				: v < cell->val[best].center[m]))
			best = k;
		any = true;
	}
	cell->best[m] = best;
	cell->ref[m] = c->mode == LM_CMP_TABLE ? best : 0;
}

/* Each configuration's runs of the cell, and what they say alone. */
static int lm_cmp_cell_fill(struct lm_cmp *c, struct lm_cmp_cell *cell)
{
	unsigned int k, m;
	int ret;

	for (m = 0; m < LM_METRICS; m++)
		cell->has[m] = true;
	for (k = 0; k < c->ncfg; k++) {
		const struct lm_runs_from from = {
			.saved = c->saved,
			.file = c->cfg[k].file,
			.nfiles = c->cfg[k].nfiles,
			.profile = c->profile,
			.test = cell->test,
			.way = cell->way,
		};
		struct lm_cmp_val *val = &cell->val[k];

		ret = lm_cmp_val_fill(val, &from);
		if (ret)
			return ret;
		for (m = 0; m < LM_METRICS && val->n; m++)
			cell->has[m] = cell->has[m] && val->v[m];
	}
	return 0;
}

/* Each configuration against the reference, metric by metric: the
 * tests, before any verdict. */
static int lm_cmp_cell_tests(struct lm_cmp *c, struct lm_cmp_cell *cell)
{
	unsigned int k, m, r;
	int ret;

	for (m = 0; m < LM_METRICS; m++) {
		if (!cell->has[m])
			continue;
		lm_cmp_rank(c, cell, m);
		r = cell->ref[m];
		for (k = 0; k < c->ncfg && c->mode != LM_CMP_SINGLE; k++) {
			struct lm_side a = lm_cmp_val_side(&cell->val[r], m);
			struct lm_side b = lm_cmp_val_side(&cell->val[k], m);

			if (k == r || !lm_cmp_has(cell, k) ||
			    !lm_cmp_has(cell, r))
				continue;
			ret = lm_cmp_test(&a, &b, &cell->st[k][m]);
			if (ret)
				return ret;
		}
	}
	return 0;
}

/*
 * Configuration @k's verdicts, as one family fixed before any test: a
 * comparison per cell it measured and metric it has, IOPS not counted
 * (the same runs as MB/s, over the block size: one test, the same p, so
 * its verdict is MB/s's). Holm's step-down over the tests it was part
 * of, then every verdict at the level it gave. Returns 0 or -ENOMEM.
 */
static int lm_cmp_family(struct lm_cmp *c, unsigned int k)
{
	struct lm_cmp_stat **st;
	unsigned int i, m, n = 0, family = 0;

	st = calloc((size_t)c->ncells * LM_METRICS, sizeof(*st));
	if (!st)
		return -ENOMEM;
	for (i = 0; i < c->ncells; i++) {
		struct lm_cmp_cell *cell = &c->cells[i];

		for (m = 0; m < LM_METRICS; m++) {
			if (m == LM_MET_IOPS || !cell->val[k].v[m])
				continue;
			family++;
			if (cell->has[m] && cell->st[k][m].verdict)
				st[n++] = &cell->st[k][m];
		}
	}
	lm_cmp_holm(st, n, family, LM_CMP_ALPHA);
	free(st);
	c->cfg[k].family = family;
	for (i = 0; i < c->ncells; i++) {
		struct lm_cmp_cell *cell = &c->cells[i];
		struct lm_cmp_stat *iops = &cell->st[k][LM_MET_IOPS];

		if (iops->verdict) {
			iops->alpha = cell->st[k][LM_MET_MB_S].alpha;
			iops->rank = cell->st[k][LM_MET_MB_S].rank;
			iops->family = family;
		}
		for (m = 0; m < LM_METRICS; m++)
			if (cell->st[k][m].verdict)
				lm_cmp_decide(&cell->st[k][m], c->delta,
					      lm_metric_up(m));
	}
	return 0;
}

static int lm_cmp_cells(struct lm_cmp *c)
{
	const struct lm_profile *p = c->profile;
	unsigned int i, w, k, f;
	int ret;

	c->cells = calloc((size_t)p->ntests * LM_WAYS, sizeof(*c->cells));
	if (!c->cells)
		return -ENOMEM;
	for (i = 0; i < p->ntests; i++) {
		for (w = 0; w < LM_WAYS; w++) {
			struct lm_cmp_cell *cell = &c->cells[c->ncells];
			bool measured = false;

			if (!lm_way_used(p, w))
				continue;
			cell->test = i;
			cell->way = w;
			cell->label = p->tests[i].label;
			for (k = 0; k < c->ncfg; k++)
				for (f = 0; f < c->cfg[k].nfiles; f++)
					measured |=
						lm_runs_cell(
							&c->saved[c->cfg[k].file
									  [f]],
							i, w)
							->nruns > 0;
			if (!measured)
				continue;
			c->ncells++;
			/* many files of many runs take seconds: a signal
			 * stops it between cells */
			if (lm_stop)
				return -EINTR;
			ret = lm_cmp_cell_fill(c, cell);
			if (ret)
				return ret;
		}
	}
	/* the references are known once every cell is: the tests, then
	 * each configuration's verdicts as one family */
	for (i = 0; i < c->ncells; i++) {
		ret = lm_cmp_cell_tests(c, &c->cells[i]);
		if (ret)
			return ret;
	}
	for (k = 0; k < c->ncfg; k++) {
		ret = lm_cmp_family(c, k);
		if (ret)
			return ret;
	}
	return 0;
}

/* The host's CPU-seconds per GB over every counted run. */
static void lm_cmp_cpu(struct lm_cmp *c, struct lm_cmp_config *g)
{
	double cpu = 0, gb = 0;
	unsigned int f, i, w, k;

	for (f = 0; f < g->nfiles; f++) {
		const struct lm_mark_result *m = &c->saved[g->file[f]].m;

		for (i = 0; i < c->profile->ntests; i++)
			for (w = 0; w < LM_WAYS; w++)
				for (k = 0; k < m->cells[i][w].nruns; k++) {
					const struct lm_cell_run *r =
						&m->cells[i][w].runs[k];

					if (r->host_cpu_s < 0) {
						g->cpu_s_per_gb = -1;
						return;
					}
					cpu += r->host_cpu_s;
					gb += (double)r->s[LM_SUM_ALL].bytes /
					      1e9;
				}
	}
	g->cpu_s_per_gb = gb > 0 ? cpu / gb : -1;
}

/* Configuration @k's value of setting @i: its files', "a | b" when they
 * differ. */
static void lm_cmp_setting(const struct lm_cmp *c, unsigned int k,
			   enum lm_setting i, char *buf, size_t len)
{
	const struct lm_cmp_config *g = &c->cfg[k];
	char v[96], first[96];
	unsigned int f;
	size_t n;

	lm_setting_text(&c->saved[g->file[0]], i, first, sizeof(first));
	n = (size_t)snprintf(buf, len, "%s", first);
	for (f = 1; f < g->nfiles && n < len; f++) {
		lm_setting_text(&c->saved[g->file[f]], i, v, sizeof(v));
		if (strcmp(v, first) && !strstr(buf, v))
			n += (size_t)snprintf(buf + n, len - n, " | %s", v);
	}
}

/* The settings that are not the same in every file compared. */
static void lm_cmp_settings(struct lm_cmp *c)
{
	char v[96], first[96];
	unsigned int f, k;
	enum lm_setting i;

	for (i = 0; i < LM_SETTINGS; i++) {
		struct lm_cmp_differ *d = &c->differ[c->ndiffer];
		bool same = true;

		lm_setting_text(&c->saved[0], i, first, sizeof(first));
		for (f = 1; f < c->nsaved && same; f++) {
			lm_setting_text(&c->saved[f], i, v, sizeof(v));
			same = !strcmp(v, first);
		}
		if (same)
			continue;
		d->setting = i;
		for (k = 0; k < c->ncfg; k++)
			lm_cmp_setting(c, k, i, d->value[k],
				       sizeof(d->value[k]));
		c->ndiffer++;
	}
}

int lm_cmp_build(struct lm_cmp *c, const struct lm_cmp_opts *o, char *msg,
		 size_t len)
{
	unsigned int k;
	int ret;

	memset(c, 0, sizeof(*c));
	c->delta = o->delta;
	c->by = o->by;
	ret = lm_cmp_load(c, o, msg, len);
	if (ret)
		return ret;
	ret = o->by ? lm_cmp_by_tag(c, o->by, o->baseline, msg, len)
		    : lm_cmp_by_file(c, msg, len);
	if (ret)
		return ret;
	lm_cmp_unique_names(c);
	c->mode = c->ncfg == 1	 ? LM_CMP_SINGLE
		  : o->baseline	 ? LM_CMP_BASELINE
		  : c->ncfg == 2 ? LM_CMP_PAIR
				 : LM_CMP_TABLE;
	for (k = 0; k < c->ncfg; k++)
		lm_cmp_cpu(c, &c->cfg[k]);
	lm_cmp_settings(c);
	ret = lm_cmp_cells(c);
	if (ret)
		snprintf(msg, len, "%s",
			 ret == -EINTR ? "interrupted" : "out of memory");
	return ret;
}

void lm_cmp_free(struct lm_cmp *c)
{
	unsigned int i, k;

	for (i = 0; c->cells && i < c->ncells; i++)
		for (k = 0; k < c->ncfg; k++)
			lm_cmp_val_free(&c->cells[i].val[k]);
	free(c->cells);
	for (i = 0; i < c->nsaved; i++)
		lm_saved_free(&c->saved[i]);
	memset(c, 0, sizeof(*c));
}

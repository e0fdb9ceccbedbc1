// SPDX-License-Identifier: MIT
#include "src/result/compare.h"
#include "src/stats/stats.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const struct lm_metric_info lm_metrics[LM_METRICS] = {
	[LM_MET_MB_S] = { "mb_s", "MB/s", "MB/s", true },
	[LM_MET_IOPS] = { "iops", "IOPS", "IOPS", true },
	[LM_MET_LAT] = { "lat_mean_us", "mean lat", "us", false },
	[LM_MET_P99] = { "lat_p99_us", "p99 lat", "us", false },
	[LM_MET_CPU] = { "cpu_s_per_gb", "CPU-s/GB", "s/GB", false },
};

int lm_metric_find(const char *key)
{
	int i;

	for (i = 0; i < LM_METRICS; i++)
		if (!strcmp(key, lm_metrics[i].key))
			return i;
	return -1;
}

static const char *const lm_formats[] = {
	[LM_FMT_TEXT] = "text", [LM_FMT_MD] = "md",	[LM_FMT_CSV] = "csv",
	[LM_FMT_JSON] = "json", [LM_FMT_HTML] = "html",
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

static const struct lm_cell *lm_cmp_src(const struct lm_cmp *c,
					unsigned int file,
					const struct lm_cmp_cell *cell)
{
	return &c->saved[file].m.cells[cell->test][cell->way];
}

/* One run's figure of @metric; false when the file does not have it. */
static bool lm_cmp_figure(const struct lm_cell_run *r, unsigned int sum,
			  enum lm_metric metric, double *out)
{
	const struct lm_summary *s = &r->s[sum];
	double gb = (double)r->s[LM_SUM_ALL].bytes / 1e9;

	switch (metric) {
	case LM_MET_MB_S:
		*out = s->mb_s;
		return true;
	case LM_MET_IOPS:
		*out = s->iops;
		return true;
	case LM_MET_LAT:
		*out = s->lat_mean_us;
		return true;
	case LM_MET_P99:
		*out = s->lat_pct_us[2];
		return true;
	case LM_MET_CPU:
		*out = r->host_cpu_s / gb;
		return r->host_cpu_s >= 0 && gb > 0;
	default:
		return false;
	}
}

/* Every counted run of the configuration's files, in order (of a cell
 * in rounds, its steady window); the series: every run's. */
static int lm_cmp_collect(struct lm_cmp *c, const struct lm_cmp_config *g,
			  struct lm_cmp_cell *cell, struct lm_cmp_val *val)
{
	unsigned int sum = lm_way_sum(c->profile, cell->way);
	unsigned int f, k, m, i, n = 0, ns = 0;
	double *tmp;

	for (f = 0; f < g->nfiles; f++) {
		const struct lm_cell *src = lm_cmp_src(c, g->file[f], cell);

		n += src->nruns - lm_cell_first(src);
		for (k = 0; k < src->nruns; k++)
			ns += src->runs[k].nseries;
	}
	val->n = n;
	if (!n)
		return 0;
	for (m = 0; m < LM_METRICS; m++)
		if (!(val->v[m] = calloc(n, sizeof(double))))
			return -ENOMEM;
	val->series = ns ? calloc(ns, sizeof(double)) : NULL;
	tmp = calloc(n, sizeof(double));
	if ((ns && !val->series) || !tmp) {
		free(tmp);
		return -ENOMEM;
	}
	n = 0;
	val->rounds = lm_cmp_src(c, g->file[0], cell)->by_rounds;
	for (f = 0; f < g->nfiles; f++) {
		const struct lm_cell *src = lm_cmp_src(c, g->file[f], cell);

		for (k = 0; k < src->nruns; k++) {
			const struct lm_cell_run *r = &src->runs[k];

			for (m = 0; m < LM_METRICS && k >= lm_cell_first(src);
			     m++)
				if (val->v[m] &&
				    !lm_cmp_figure(r, sum, m, &val->v[m][n])) {
					free(val->v[m]);
					val->v[m] = NULL;
				}
			for (i = 0; i < r->nseries; i++) {
				const struct lm_sample *s = &r->series[i];
				uint64_t b = lm_sample_bytes(s, sum);

				if (s->dur_ns)
					val->series[val->nseries++] =
						(double)b * 1e3 /
						(double)s->dur_ns;
			}
			n += k >= lm_cell_first(src);
			if (!f && src->by_rounds && k < lm_cell_first(src))
				val->warm_at = val->nseries;
		}
	}
	for (i = 0; i < LM_NPCT; i++) {
		for (n = 0, f = 0; f < g->nfiles; f++) {
			const struct lm_cell *src =
				lm_cmp_src(c, g->file[f], cell);

			for (k = lm_cell_first(src); k < src->nruns; k++)
				tmp[n++] = src->runs[k].s[sum].lat_pct_us[i];
		}
		val->pct_us[i] = lm_median(tmp, n);
	}
	free(tmp);
	return 0;
}

static int lm_cmp_describe(struct lm_cmp_val *val)
{
	struct lm_spread sp;
	double *tmp;
	unsigned int m;
	int ret;

	lm_spread(val->v[LM_MET_MB_S], val->n, &sp);
	val->cv_pct = sp.cv_pct;
	tmp = malloc(sizeof(*tmp) * val->n);
	if (!tmp)
		return -ENOMEM;
	for (m = 0; m < LM_METRICS; m++) {
		if (!val->v[m])
			continue;
		memcpy(tmp, val->v[m], sizeof(*tmp) * val->n);
		val->median[m] = lm_median(tmp, val->n);
		ret = lm_boot(val->v[m], val->n, NULL, 0, LM_BOOT_RESAMPLES,
			      LM_BOOT_SEED, 1, &val->ci[m]);
		if (ret) {
			free(tmp);
			return ret;
		}
	}
	free(tmp);
	return 0;
}

/* The best configuration of the cell on metric @m, and the reference. */
static void lm_cmp_rank(struct lm_cmp *c, struct lm_cmp_cell *cell,
			unsigned int m)
{
	bool up = lm_metrics[m].higher_better;
	unsigned int k, best = 0;
	bool any = false;

	for (k = 0; k < c->ncfg; k++) {
		double v = cell->val[k].median[m];

		if (!lm_cmp_has(cell, k))
			continue;
		if (!any || (up ? v > cell->val[best].median[m]
				: v < cell->val[best].median[m]))
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
		struct lm_cmp_val *val = &cell->val[k];

		ret = lm_cmp_collect(c, &c->cfg[k], cell, val);
		if (!ret && val->n)
			ret = lm_cmp_describe(val);
		if (ret)
			return ret;
		for (m = 0; m < LM_METRICS && val->n; m++)
			cell->has[m] = cell->has[m] && val->v[m];
	}
	for (m = 0; m < LM_METRICS; m++)
		if (cell->has[m])
			c->family += c->ncfg - 1;
	return 0;
}

/* Each configuration against the reference, metric by metric. */
static int lm_cmp_cell_stats(struct lm_cmp *c, struct lm_cmp_cell *cell)
{
	unsigned int k, m, r;
	int ret;

	for (m = 0; m < LM_METRICS; m++) {
		if (!cell->has[m])
			continue;
		lm_cmp_rank(c, cell, m);
		r = cell->ref[m];
		for (k = 0; k < c->ncfg && c->mode != LM_CMP_SINGLE; k++) {
			if (k == r || !lm_cmp_has(cell, k) ||
			    !lm_cmp_has(cell, r))
				continue;
			ret = lm_cmp_stat(cell->val[r].v[m], cell->val[r].n,
					  cell->val[k].v[m], cell->val[k].n,
					  c->delta, lm_metrics[m].higher_better,
					  c->family, &cell->st[k][m]);
			if (ret)
				return ret;
		}
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
						lm_cmp_src(c, c->cfg[k].file[f],
							   cell)
							->nruns > 0;
			if (!measured)
				continue;
			c->ncells++;
			ret = lm_cmp_cell_fill(c, cell);
			if (ret)
				return ret;
		}
	}
	/* the family is known once every cell is: now the verdicts */
	for (i = 0; i < c->ncells; i++) {
		ret = lm_cmp_cell_stats(c, &c->cells[i]);
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
	ret = lm_cmp_cells(c);
	if (ret)
		snprintf(msg, len, "out of memory");
	return ret;
}

void lm_cmp_free(struct lm_cmp *c)
{
	unsigned int i, k, m;

	for (i = 0; c->cells && i < c->ncells; i++)
		for (k = 0; k < c->ncfg; k++) {
			for (m = 0; m < LM_METRICS; m++)
				free(c->cells[i].val[k].v[m]);
			free(c->cells[i].val[k].series);
		}
	free(c->cells);
	for (i = 0; i < c->nsaved; i++)
		lm_saved_free(&c->saved[i]);
	memset(c, 0, sizeof(*c));
}

// SPDX-License-Identifier: MIT
#include "src/result/runs.h"
#include "src/stats/hist.h"
#include "src/stats/stats.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

const struct lm_metric_info lm_metrics[LM_METRICS] = {
	[LM_MET_MB_S] = { "mb_s", "MB/s", "MB/s", LM_SENSE_RATE },
	[LM_MET_IOPS] = { "iops", "IOPS", "IOPS", LM_SENSE_RATE },
	[LM_MET_LAT] = { "lat_mean_us", "mean lat", "us", LM_SENSE_TIME },
	[LM_MET_P99] = { "lat_p99_us", "p99 lat", "us", LM_SENSE_TIME },
	[LM_MET_CPU] = { "cpu_s_per_gb", "CPU-s/GB", "s/GB", LM_SENSE_COST },
};

int lm_metric_find(const char *key)
{
	int i;

	for (i = 0; i < LM_METRICS; i++)
		if (!strcmp(key, lm_metrics[i].key))
			return i;
	return -1;
}

static const struct lm_cell *lm_runs_src(const struct lm_runs_from *g,
					 unsigned int f)
{
	return lm_runs_cell(&g->saved[g->file[f]], g->test, g->way);
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
	case LM_MET_LAT: /* 0: not measured (a copy times whole files) */
		*out = s->lat_mean_us;
		return *out > 0;
	case LM_MET_P99:
		*out = s->lat_pct_us[2];
		return *out > 0;
	case LM_MET_CPU:
		*out = r->host_cpu_s / gb;
		return r->host_cpu_s >= 0 && gb > 0;
	default:
		return false;
	}
}

/* Every counted run of the configuration's files, in order (of a cell
 * in rounds, its steady window); the series: every run's. */
static int lm_runs_collect(const struct lm_runs_from *g, struct lm_cmp_val *val)
{
	unsigned int sum = lm_way_sum(g->profile, g->way);
	unsigned int f, k, m, i, n = 0, ns = 0;
	double *tmp;

	for (f = 0; f < g->nfiles; f++) {
		const struct lm_cell *src = lm_runs_src(g, f);

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
	val->rounds = lm_runs_src(g, 0)->by_rounds;
	for (f = 0; f < g->nfiles; f++) {
		const struct lm_cell *src = lm_runs_src(g, f);

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
			const struct lm_cell *src = lm_runs_src(g, f);

			for (k = lm_cell_first(src); k < src->nruns; k++)
				tmp[n++] = src->runs[k].s[sum].lat_pct_us[i];
		}
		val->pct_us[i] = lm_median(tmp, n);
	}
	free(tmp);
	return 0;
}

/* exp(mean log): NaN unless every value is positive */
static double lm_runs_gmean(const double *v, unsigned int n)
{
	double sum = 0;
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (!(v[i] > 0))
			return NAN;
		sum += log(v[i]);
	}
	return n ? exp(sum / n) : NAN;
}

/* val->dir: a mix cell's directions apart, over the runs collected. */
static int lm_runs_split(const struct lm_runs_from *g, struct lm_cmp_val *val)
{
	const struct lm_test *t = &g->profile->tests[g->test];
	unsigned int d, m, f, k, n;
	bool ok;
	double *tmp;

	if (g->way != LM_WAY_MIX)
		return 0;
	tmp = calloc(val->n, sizeof(double));
	if (!tmp)
		return -ENOMEM;
	for (d = 0; d < LM_DATA_DIRS; d++) {
		if (!lm_mix_measures(t, lm_runs_src(g, 0), d))
			continue;
		for (m = 0; m < LM_MET_CPU; m++) {
			for (ok = true, n = 0, f = 0; f < g->nfiles; f++) {
				const struct lm_cell *src = lm_runs_src(g, f);

				for (k = lm_cell_first(src); k < src->nruns;
				     k++)
					ok &= lm_cmp_figure(&src->runs[k], d, m,
							    &tmp[n++]);
			}
			if (ok)
				val->dir[d][m] = lm_runs_gmean(tmp, n);
		}
	}
	free(tmp);
	return 0;
}

static int lm_runs_describe(struct lm_cmp_val *val)
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
		val->center[m] = lm_runs_gmean(val->v[m], val->n);
		if (isnan(val->center[m]))
			val->center[m] = val->median[m];
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

/*
 * How finely each metric is read, relative to the value (stats/verdict.h:
 * a floor under the spread): MB/s, IOPS and the mean latency are counts
 * over a measured time, exact; a percentile is a histogram bucket's
 * midpoint (stats/hist.h); host CPU time is whole ticks per CPU, a
 * coarse grain against the tenths of a second of a short run. The
 * root mean square over the runs.
 */
static void lm_runs_resolution(const struct lm_runs_from *g,
			       struct lm_cmp_val *val)
{
	double ss = 0;
	unsigned int f, k, n = 0;

	val->rel_res[LM_MET_P99] = 1.0 / (LM_HIST_SUB * sqrt(12.0));
	for (f = 0; f < g->nfiles; f++) {
		const struct lm_cell *src = lm_runs_src(g, f);
		double res = lm_host_cpu_res_s(
			(unsigned int)g->saved[g->file[f]].cpus);

		for (k = lm_cell_first(src); k < src->nruns; k++, n++) {
			double cpu = src->runs[k].host_cpu_s;

			ss += cpu > 0 ? res * res / (cpu * cpu) : 0;
		}
	}
	val->rel_res[LM_MET_CPU] = n ? sqrt(ss / n) : 0;
}

/*
 * Where each sample of val->series falls in time, and where each run
 * ends: the same samples lm_runs_collect() took (those with a duration),
 * their durations added up, so that a chart can have an axis in seconds,
 * a point in the middle of each second and a mark between runs.
 */
static int lm_runs_timeline(const struct lm_runs_from *g,
			    struct lm_cmp_val *val)
{
	const struct lm_cell *first = lm_runs_src(g, 0);
	unsigned int f, k, i, n = 0, nr = 0;
	double t = 0;

	for (f = 0; f < g->nfiles; f++)
		nr += lm_runs_src(g, f)->nruns;
	val->secs = calloc(val->nseries ? val->nseries : 1, sizeof(double));
	val->run_end_s = calloc(nr ? nr : 1, sizeof(double));
	if (!val->secs || !val->run_end_s)
		return -ENOMEM;
	for (f = 0; f < g->nfiles; f++) {
		const struct lm_cell *src = lm_runs_src(g, f);

		for (k = 0; k < src->nruns; k++) {
			const struct lm_cell_run *r = &src->runs[k];

			for (i = 0; i < r->nseries && n < val->nseries; i++) {
				double d = (double)r->series[i].dur_ns / 1e9;

				if (!r->series[i].dur_ns)
					continue;
				val->secs[n++] = t + d / 2;
				t += d;
			}
			val->run_end_s[val->nruns_all++] = t;
		}
	}
	val->steady = val->rounds && first->ss.steady;
	if (val->steady && lm_cell_first(first))
		val->window_s = val->run_end_s[lm_cell_first(first) - 1];
	return 0;
}

int lm_cmp_val_fill(struct lm_cmp_val *val, const struct lm_runs_from *from)
{
	unsigned int d, m;
	double ceiling;
	int ret;

	memset(val, 0, sizeof(*val));
	for (d = 0; d < LM_DIRS; d++)
		for (m = 0; m < LM_METRICS; m++)
			val->dir[d][m] = NAN;
	ret = lm_runs_collect(from, val);
	if (ret || !val->n)
		return ret;
	lm_runs_resolution(from, val);
	ret = lm_runs_timeline(from, val);
	if (!ret)
		ret = lm_runs_describe(val);
	if (!ret)
		ret = lm_runs_split(from, val);
	ceiling = from->saved[from->file[0]].m.link_ceiling_mb_s;
	val->link_pct = ceiling > 0 && val->v[LM_MET_MB_S]
				? 100 * val->center[LM_MET_MB_S] / ceiling
				: NAN;
	return ret;
}

void lm_cmp_val_free(struct lm_cmp_val *val)
{
	unsigned int m;

	for (m = 0; m < LM_METRICS; m++)
		free(val->v[m]);
	free(val->series);
	free(val->secs);
	free(val->run_end_s);
	memset(val, 0, sizeof(*val));
}

// SPDX-License-Identifier: MIT
#include "src/stats/steady.h"
#include "src/stats/stats.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double lm_ls_slope(const double *y, unsigned int n, double *mean)
{
	double sy = 0, sxy = 0, xm = (n - 1) / 2.0, sxx = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		sy += y[i];
	if (mean)
		*mean = n ? sy / n : 0;
	if (n < 2)
		return 0;
	for (i = 0; i < n; i++) {
		sxy += (i - xm) * (y[i] - sy / n);
		sxx += (i - xm) * (i - xm);
	}
	return sxy / sxx;
}

void lm_snia_check(const double *y, unsigned int n, struct lm_snia *s)
{
	struct lm_spread sp;
	double slope;

	memset(s, 0, sizeof(*s));
	if (n < LM_STEADY_WINDOW)
		return;
	s->first = n - LM_STEADY_WINDOW;
	s->n = LM_STEADY_WINDOW;
	slope = lm_ls_slope(y + s->first, s->n, &s->mean);
	if (s->mean <= 0)
		return;
	lm_spread(y + s->first, s->n, &sp);
	s->range_pct = 100.0 * (sp.max - sp.min) / s->mean;
	s->excursion_pct = 100.0 * fabs(slope) * (s->n - 1) / s->mean;
	s->steady = s->range_pct <= LM_STEADY_RANGE_PCT &&
		    s->excursion_pct <= LM_STEADY_SLOPE_PCT;
}

int lm_steady_parse(const char *s, struct lm_steady_conf *c)
{
	static const struct {
		const char *name;
		enum lm_steady_metric metric;
		bool slope;
	} kinds[] = { { "iops:", LM_STEADY_IOPS, false },
		      { "iops_slope:", LM_STEADY_IOPS, true },
		      { "bw:", LM_STEADY_BW, false },
		      { "bw_slope:", LM_STEADY_BW, true } };
	unsigned int i;
	size_t len;
	char *end;
	double v;

	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		len = strlen(kinds[i].name);
		if (strncmp(s, kinds[i].name, len))
			continue;
		errno = 0;
		v = strtod(s + len, &end);
		if (errno || end == s + len || v < 0 || !isfinite(v))
			return -EINVAL;
		if (*end && strcmp(end, "%"))
			return -EINVAL;
		c->metric = kinds[i].metric;
		c->slope = kinds[i].slope;
		c->pct = *end == '%';
		c->limit = v;
		return 0;
	}
	return -EINVAL;
}

void lm_steady_name(const struct lm_steady_conf *c, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s:%f%s",
		 c->metric == LM_STEADY_IOPS ? "iops" : "bw",
		 c->slope ? "_slope" : "", c->limit, c->pct ? "%" : "");
}

void lm_steady_state_free(struct lm_steady_state *s)
{
	free(s->iops);
	free(s->bw);
	s->iops = s->bw = NULL;
}

int lm_steady_judge(const struct lm_steady_conf *c, const double *iops,
		    const double *bw, unsigned int n, struct lm_steady_state *s)
{
	uint64_t iv = c->interval_ns ? c->interval_ns : 1000000000ull;
	unsigned int dur = (unsigned int)(c->dur_ns / iv), i;
	const double *y;
	double mean, d;

	lm_steady_state_free(s);
	memset(s, 0, sizeof(*s));
	if (!dur)
		return 0;
	s->n = n < dur ? n : dur;
	if (!s->n)
		return 0;
	s->iops = malloc(s->n * sizeof(double));
	s->bw = malloc(s->n * sizeof(double));
	if (!s->iops || !s->bw) {
		lm_steady_state_free(s);
		return -ENOMEM;
	}
	memcpy(s->iops, iops + n - s->n, s->n * sizeof(double));
	memcpy(s->bw, bw + n - s->n, s->n * sizeof(double));
	y = c->metric == LM_STEADY_IOPS ? s->iops : s->bw;
	s->slope = lm_ls_slope(y, s->n, &mean);
	lm_ls_slope(s->iops, s->n, &s->iops_mean);
	lm_ls_slope(s->bw, s->n, &s->bw_mean);
	for (i = 0; i < s->n; i++) {
		d = fabs(y[i] - mean);
		s->max_dev = d > s->max_dev ? d : s->max_dev;
	}
	d = c->slope ? s->slope : s->max_dev;
	s->criterion = c->pct ? (mean > 0 ? 100.0 * d / mean : INFINITY) : d;
	if (!c->slope)
		s->slope = 0;
	else
		s->max_dev = 0;
	/* fio judges only a full window */
	s->attained = s->n == dur && fabs(s->criterion) < c->limit;
	return 0;
}

int lm_steady_feed(const struct lm_steady_conf *c,
		   const struct lm_sample *series, unsigned int n,
		   uint64_t ramp_ns, struct lm_steady_state *s)
{
	uint64_t iv = c->interval_ns ? c->interval_ns : 1000000000ull;
	uint64_t at = ramp_ns, dur = 0, ios = 0, bytes = 0;
	unsigned int i, k = 0;
	double *iops, *bw;
	int ret;

	iops = malloc((n + 1) * sizeof(double));
	bw = malloc((n + 1) * sizeof(double));
	if (!iops || !bw) {
		free(iops);
		free(bw);
		return -ENOMEM;
	}
	for (i = 0; i < n; at += series[i].dur_ns, i++) {
		if (at < c->ramp_ns || series[i].dur_ns < 500000000ull)
			continue;
		dur += series[i].dur_ns;
		ios += lm_dirs_sum(series[i].ios);
		bytes += lm_sample_bytes(&series[i], LM_SUM_ALL);
		if (dur + 500000000ull < iv)
			continue; /* the point's interval is not full yet */
		iops[k] = (double)ios * 1e9 / (double)dur;
		bw[k++] = (double)bytes * 1e9 / (double)dur;
		dur = ios = bytes = 0;
	}
	ret = lm_steady_judge(c, iops, bw, k, s);
	free(iops);
	free(bw);
	return ret;
}

void lm_step_fit(const double *y, unsigned int n, struct lm_step *s)
{
	double best = INFINITY, m1, m2, e, se;
	unsigned int k;

	memset(s, 0, sizeof(*s));
	if (n < 4)
		return;
	for (k = 2; k + 2 <= n; k++) {
		e = lm_sumsq_dev(y, k, &m1) + lm_sumsq_dev(y + k, n - k, &m2);
		if (e < best) {
			best = e;
			s->at = k;
			s->before_mean = m1;
			s->after_mean = m2;
		}
	}
	/* the pooled standard error of the difference of the two means */
	se = sqrt(best / (n - 2) * (1.0 / s->at + 1.0 / (n - s->at)));
	s->found = fabs(s->after_mean - s->before_mean) >
			   0.1 * fabs(s->before_mean) &&
		   fabs(s->after_mean - s->before_mean) > 3 * se;
}

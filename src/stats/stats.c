// SPDX-License-Identifier: MIT
#include "src/stats/stats.h"

#include <math.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

const double lm_pcts[LM_NPCT] = { 50.0, 90.0, 99.0, 99.9, 99.99 };

static double lm_host_busy_s(void)
{
	unsigned long long v[8] = { 0 };
	double hz = (double)sysconf(_SC_CLK_TCK);
	FILE *f = fopen("/proc/stat", "re");
	int n;

	if (!f)
		return 0;
	/* cpu user nice system idle iowait irq softirq steal */
	n = fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0],
		   &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]);
	fclose(f);
	if (n < 7 || hz <= 0)
		return 0;
	return (double)(v[0] + v[1] + v[2] + v[5] + v[6] + v[7]) / hz;
}

double lm_host_cpu_res_s(unsigned int cpus)
{
	double hz = (double)sysconf(_SC_CLK_TCK);

	return sqrt((cpus ? cpus : 1) / 6.0) / (hz > 0 ? hz : 100);
}

/* @who's rusage (RUSAGE_SELF, RUSAGE_THREAD) as an lm_cpu. */
static struct lm_cpu lm_cpu_of(int who)
{
	struct lm_cpu c = { 0 };
	struct rusage ru;

	if (!getrusage(who, &ru)) {
		c.usr_s = (double)ru.ru_utime.tv_sec +
			  (double)ru.ru_utime.tv_usec / 1e6;
		c.sys_s = (double)ru.ru_stime.tv_sec +
			  (double)ru.ru_stime.tv_usec / 1e6;
		c.ctx = (uint64_t)(ru.ru_nvcsw + ru.ru_nivcsw);
		c.majf = (uint64_t)ru.ru_majflt;
		c.minf = (uint64_t)ru.ru_minflt;
	}
	return c;
}

/* @c1 less @c0. */
static struct lm_cpu lm_cpu_minus(struct lm_cpu c1, const struct lm_cpu *c0)
{
	c1.usr_s -= c0->usr_s;
	c1.sys_s -= c0->sys_s;
	c1.ctx -= c0->ctx;
	c1.majf -= c0->majf;
	c1.minf -= c0->minf;
	c1.host_s = c0->host_s > 0 ? c1.host_s - c0->host_s : 0;
	return c1;
}

struct lm_cpu lm_cpu_now(void)
{
	struct lm_cpu c = lm_cpu_of(RUSAGE_SELF);

	c.host_s = lm_host_busy_s();
	return c;
}

struct lm_cpu lm_cpu_since(const struct lm_cpu *c0)
{
	return lm_cpu_minus(lm_cpu_now(), c0);
}

struct lm_cpu lm_cpu_thread_now(void)
{
	return lm_cpu_of(RUSAGE_THREAD);
}

struct lm_cpu lm_cpu_thread_since(const struct lm_cpu *c0)
{
	return lm_cpu_minus(lm_cpu_thread_now(), c0);
}

void lm_cpu_add(struct lm_cpu *to, const struct lm_cpu *c)
{
	to->usr_s += c->usr_s;
	to->sys_s += c->sys_s;
	to->ctx += c->ctx;
	to->majf += c->majf;
	to->minf += c->minf;
	to->host_s += c->host_s;
}

void lm_summarize(struct lm_summary *s, const struct lm_hist *lat, uint64_t ios,
		  uint64_t bytes, uint64_t errors, uint64_t elapsed_ns,
		  const struct lm_sample *series, unsigned int nseries,
		  unsigned int dir)
{
	uint64_t sios, sbytes;
	unsigned int i;
	double v, bw;
	bool first = true;

	memset(s, 0, sizeof(*s));
	s->ios = ios;
	s->bytes = bytes;
	s->errors = errors;
	s->seconds = (double)elapsed_ns / 1e9;
	s->io_mb = (double)bytes / 1e6;
	if (elapsed_ns) {
		s->iops = (double)ios / s->seconds;
		s->mb_s = (double)bytes / s->seconds / 1e6;
		s->mib_s = (double)bytes / s->seconds / 1048576.0;
	}
	if (lat->count) {
		s->lat_min_us = (double)lat->min_ns / 1e3;
		s->lat_max_us = (double)lat->max_ns / 1e3;
		s->lat_mean_us = lm_hist_mean(lat) / 1e3;
		s->lat_stddev_us = lm_hist_stddev(lat) / 1e3;
		for (i = 0; i < LM_NPCT; i++)
			s->lat_pct_us[i] =
				(double)lm_hist_percentile(lat, lm_pcts[i]) /
				1e3;
	}
	for (i = 0; i < nseries; i++) {
		if (series[i].dur_ns < 1000000000ull)
			continue;
		sios = dir < LM_DIRS ? series[i].ios[dir]
				     : lm_dirs_sum(series[i].ios);
		sbytes = lm_sample_bytes(&series[i], dir);
		v = (double)sios * 1e9 / (double)series[i].dur_ns;
		bw = (double)sbytes * 1e3 / (double)series[i].dur_ns;
		if (first || v < s->iops_min)
			s->iops_min = v;
		if (first || v > s->iops_max)
			s->iops_max = v;
		if (first || bw < s->mb_s_min)
			s->mb_s_min = bw;
		if (first || bw > s->mb_s_max)
			s->mb_s_max = bw;
		first = false;
		if (!sios && !s->idle_s++)
			s->idle_first_s = i + 1;
	}
}

static int lm_cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double lm_median(double *v, unsigned int n)
{
	if (!n)
		return 0.0;
	qsort(v, n, sizeof(*v), lm_cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

double lm_sumsq_dev(const double *v, unsigned int n, double *mean)
{
	double m = 0, ss = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		m += v[i];
	m /= n;
	for (i = 0; i < n; i++)
		ss += (v[i] - m) * (v[i] - m);
	*mean = m;
	return ss;
}

void lm_spread(const double *v, unsigned int n, struct lm_spread *out)
{
	double ss;
	unsigned int i;

	memset(out, 0, sizeof(*out));
	if (!n)
		return;
	out->min = out->max = v[0];
	for (i = 1; i < n; i++) {
		if (v[i] < out->min)
			out->min = v[i];
		if (v[i] > out->max)
			out->max = v[i];
	}
	ss = lm_sumsq_dev(v, n, &out->mean);
	if (n < 2 || out->mean <= 0)
		return;
	out->cv_pct = 100.0 * sqrt(ss / (n - 1)) / out->mean;
}

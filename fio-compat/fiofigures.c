// SPDX-License-Identifier: MIT
/*
 * The figures fio's JSON and its terse line share (fiojson.h): its
 * default percentiles and latency buckets, each direction's runtime,
 * bandwidth and IOPS as fio's stat.c divides them, and bw_agg.
 */
#include "fio-compat/fiojson.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

const double lm_fio_pcts[LM_FIO_NPCTS] = { 1,  5,    10,   20,	  30,	40,
					   50, 60,   70,   80,	  90,	95,
					   99, 99.5, 99.9, 99.95, 99.99 };
const unsigned int lm_fio_lat_small[LM_FIO_NSMALL] = {
	2, 4, 10, 20, 50, 100, 250, 500, 750, 1000
};
const unsigned int lm_fio_lat_ms[LM_FIO_NMS] = { 2,   4,   10,	20,   50,  100,
						 250, 500, 750, 1000, 2000 };

void lm_fio_rate_of(const struct lm_run_result *r, unsigned int d,
		    struct lm_fio_rate *out)
{
	const struct lm_summary *s = &r->sum[d];

	out->ms = s->ios ? (lm_run_result_dir_ns(r, d) + 999999) / 1000000 : 0;
	out->ios = s->ios + s->errors;
	out->bw_bytes = out->ms ? s->bytes * 1000 / out->ms : 0;
	out->iops = out->ms ? 1000.0 * (double)out->ios / (double)out->ms : 0;
}

double lm_fio_bw_agg(const struct lm_run_result *r, unsigned int d)
{
	struct lm_fio_rate rate;
	double kib, p;

	lm_fio_rate_of(r, d, &rate);
	kib = (double)rate.bw_bytes / 1024.0;

	if (!r->bw_samples[d].n || kib <= 0)
		return 0.0;
	p = r->bw_samples[d].mean * 100.0 / kib;
	return p < 100.0 ? p : 100.0;
}

void lm_fio_pct_of(const struct lm_fio_job *fj, bool plus, struct lm_fio_pct *p)
{
	p->v = fj->pcts_given ? fj->pcts : lm_fio_pcts;
	p->n = fj->pcts_given ? fj->npcts : LM_FIO_NPCTS;
	p->plus = plus;
	lm_fio_off_of(fj, &p->off);
	/* fio's fixup_options(): none of what is not measured */
	p->clat = !fj->clat_pcts_off && !p->off.clat;
	p->lat = fj->lat_pcts && !p->off.lat;
	p->slat = fj->slat_pcts && !p->off.slat;
}

void lm_fio_off_of(const struct lm_fio_job *fj, struct lm_fio_off *off)
{
	off->lat = fj->gtod_reduce || fj->no_lat;
	off->clat = fj->gtod_reduce || fj->no_clat;
	off->slat = fj->gtod_reduce || fj->no_slat;
	off->bw = fj->gtod_reduce || fj->no_bw;
	/* fio's io_u.c gtod_reduce(): the three, or gtod_reduce itself */
	off->iops = off->clat && off->slat && off->bw;
}

/* The IOs of every direction at most @ns long. */
static uint64_t lm_fio_count_le(const struct lm_run_result *r, uint64_t ns)
{
	uint64_t n = 0;
	unsigned int d;

	for (d = 0; d < LM_DIRS; d++)
		n += lm_hist_count_le(&r->lat[d], ns);
	return n;
}

void lm_fio_lat_share(const struct lm_run_result *r, const unsigned int *keys,
		      unsigned int n, uint64_t unit_ns, bool tail, double *out)
{
	uint64_t total = 0, prev = 0, le;
	unsigned int i;

	for (i = 0; r && i < LM_DIRS; i++)
		total += r->lat[i].count;
	/* what is below one of this unit is the smaller unit's (fio's
	 * latency_ns, _us and _ms do not overlap) */
	if (unit_ns > 1 && total)
		prev = lm_fio_count_le(r, unit_ns);
	for (i = 0; i < n; i++) {
		le = total ? lm_fio_count_le(r, keys[i] * unit_ns) : 0;
		out[i] = total ? 100.0 * (double)(le - prev) / (double)total
			       : 0.0;
		prev = le;
	}
	if (tail)
		out[n] = total ? 100.0 * (double)(total - prev) / (double)total
			       : 0.0;
}

/* @p's priorities' latencies added to @to's. */
static int lm_fio_prios_add(struct lm_priolat *to, const struct lm_priolat *p)
{
	unsigned int i;
	int ret;

	for (i = 0; i < p->n; i++) {
		ret = lm_priolat_add(to, p->val[i], &p->h[i]);
		if (ret)
			return ret;
	}
	return 0;
}

int lm_fio_mixed(const struct lm_run_result *r, struct lm_run_result **out)
{
	struct lm_run_result *m = malloc(sizeof(*m));
	uint64_t ns = 0, dir_ns;
	unsigned int d;
	int ret;

	if (!m)
		return -ENOMEM;
	*m = *r;
	/* the read direction's slots take every direction's, as fio's
	 * sum_thread_stats() sums them into its index 0 */
	memset(&m->prio, 0, sizeof(m->prio));
	m->sum[LM_DIR_READ] = r->sum[LM_SUM_ALL];
	lm_hist_init(&m->lat[0]);
	lm_hist_init(&m->slat[0]);
	lm_hist_init(&m->clat[0]);
	memset(&m->bw_samples[0], 0, sizeof(m->bw_samples[0]));
	memset(&m->iops_samples[0], 0, sizeof(m->iops_samples[0]));
	m->ios[0] = m->bytes[0] = m->errors[0] = 0;
	ret = lm_priolat_init(&m->prio[0], NULL, 0);
	for (d = 0; d < LM_DIRS && !ret; d++) {
		lm_hist_merge(&m->lat[0], &r->lat[d]);
		lm_hist_merge(&m->slat[0], &r->slat[d]);
		/* a direction without slat (a trim the thread does itself)
		 * has its clat in lat, as fio's JSON shows it */
		lm_hist_merge(&m->clat[0],
			      r->slat[d].count ? &r->clat[d] : &r->lat[d]);
		/* fio's pure sum of the bw and iops samples' figures */
		lm_running_sum(&m->bw_samples[0], &r->bw_samples[d]);
		lm_running_sum(&m->iops_samples[0], &r->iops_samples[d]);
		m->ios[0] += r->ios[d];
		m->bytes[0] += r->bytes[d];
		m->errors[0] += r->errors[d];
		ret = lm_fio_prios_add(&m->prio[0], &r->prio[d]);
		/* the runtime: the longest of the directions' with IO */
		dir_ns = lm_run_result_dir_ns(r, d);
		if (r->sum[d].ios && dir_ns > ns)
			ns = dir_ns;
	}
	if (ret) {
		lm_fio_mixed_free(m);
		return ret;
	}
	/* lm_run_result_dir_ns() of the read direction: the runtime */
	m->rb_ns = ns;
	*out = m;
	return 0;
}

void lm_fio_mixed_free(struct lm_run_result *m)
{
	if (!m)
		return;
	lm_priolat_free(&m->prio[0]);
	free(m);
}

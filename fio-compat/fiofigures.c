// SPDX-License-Identifier: MIT
/*
 * The figures fio's JSON and its terse line share (fiojson.h): its
 * default percentiles and latency buckets, each direction's runtime,
 * bandwidth and IOPS as fio's stat.c divides them, and bw_agg.
 */
#include "fio-compat/fiojson.h"

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
	p->clat = !fj->clat_pcts_off;
	p->lat = fj->lat_pcts;
	p->slat = fj->slat_pcts;
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

	for (i = 0; i < LM_DIRS; i++)
		total += r->lat[i].count;
	/* what is below one of this unit is the smaller unit's (fio's
	 * latency_ns, _us and _ms do not overlap) */
	if (unit_ns > 1)
		prev = lm_fio_count_le(r, unit_ns);
	for (i = 0; i < n; i++) {
		le = lm_fio_count_le(r, keys[i] * unit_ns);
		out[i] = total ? 100.0 * (double)(le - prev) / (double)total
			       : 0.0;
		prev = le;
	}
	if (tail)
		out[n] = total ? 100.0 * (double)(total - prev) / (double)total
			       : 0.0;
}

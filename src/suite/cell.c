// SPDX-License-Identifier: MIT
/* A cell's figures from its runs, and the mark's grid: see cell.h. */
#include "src/suite/cell.h"

#include <stdlib.h>
#include <string.h>

unsigned int lm_way_sum(const struct lm_profile *p, enum lm_way w)
{
	if (p->kind == LM_PK_MIXED || w == LM_WAY_MIX)
		return LM_SUM_ALL;
	return w == LM_WAY_READ ? LM_DIR_READ : LM_DIR_WRITE;
}

bool lm_way_used(const struct lm_profile *p, enum lm_way w)
{
	if (p->kind == LM_PK_MIXED)
		return w == LM_WAY_MIX;
	if (p->kind == LM_PK_CACHE)
		return w != LM_WAY_MIX;
	return w != LM_WAY_MIX || p->mix;
}

void lm_cell_rounds(struct lm_cell *c, unsigned int sum)
{
	double y[LM_RUNS_MAX];
	unsigned int i;

	for (i = 0; i < c->nruns; i++)
		y[i] = c->runs[i].s[sum].mb_s;
	lm_snia_check(y, c->nruns, &c->ss);
}

void lm_cell_warm(struct lm_cell *c, unsigned int sum)
{
	const struct lm_summary *cold;
	unsigned int i, from = c->ss.n ? c->ss.first : 0;
	bool below = c->ss.n > 0;

	c->warm_ratio = 0;
	c->warm_bytes = 0;
	c->warm_s = 0;
	c->warmed = false;
	if (!c->nruns)
		return;
	cold = &c->runs[0].s[sum];
	if (cold->mb_s > 0)
		c->warm_ratio = c->headline[sum].mb_s / cold->mb_s;
	for (i = 0; i < from; i++) {
		c->warm_bytes += c->runs[i].s[sum].bytes;
		c->warm_s += c->runs[i].s[sum].seconds;
	}
	/* warming shows when the cold pass lies below the whole window, by
	 * a margin: a steady device gives a cold pass inside it */
	for (i = from; i < c->nruns && below; i++)
		below = cold->mb_s < c->runs[i].s[sum].mb_s;
	c->warmed = below && from > 0 && c->warm_ratio >= LM_WARM_RATIO;
}

void lm_cell_step(struct lm_cell *c, unsigned int sum)
{
	const struct lm_cell_run *r;
	unsigned int i, n = 0, *kept;
	uint64_t b;
	double *y;

	memset(&c->step, 0, sizeof(c->step));
	c->step_s = 0;
	c->step_bytes = 0;
	if (!c->nruns || !c->runs[0].nseries)
		return;
	r = &c->runs[0];
	y = malloc(r->nseries * sizeof(*y));
	kept = malloc(r->nseries * sizeof(*kept));
	if (!y || !kept)
		goto out_free;
	/* whole seconds only: a last short piece is too noisy to judge */
	for (i = 0; i < r->nseries; i++) {
		if (r->series[i].dur_ns < 500000000ull)
			continue;
		kept[n] = i;
		y[n++] = (double)lm_sample_bytes(&r->series[i], sum) * 1e3 /
			 (double)r->series[i].dur_ns;
	}
	lm_step_fit(y, n, &c->step);
	for (i = 0; i < c->step.at; i++) {
		b = lm_sample_bytes(&r->series[kept[i]], sum);
		c->step_s += (double)r->series[kept[i]].dur_ns / 1e9;
		c->step_bytes += b;
	}
out_free:
	free(y);
	free(kept);
}

void lm_cell_aggregate(struct lm_cell *c, unsigned int sum,
		       enum lm_aggregate agg)
{
	double mb[LM_RUNS_MAX], iops[LM_RUNS_MAX], lat[LM_RUNS_MAX];
	unsigned int i, k, best, from = 0, n = c->nruns;
	const struct lm_cell_run *r;

	memset(c->headline, 0, sizeof(c->headline));
	if (c->by_rounds) {
		lm_cell_rounds(c, sum);
		from = lm_cell_first(c);
		n = c->nruns - from;
	}
	r = c->runs + from;
	for (i = 0; i < n; i++)
		mb[i] = r[i].s[sum].mb_s;
	lm_spread(mb, n, &c->spread);
	c->unstable = c->spread.cv_pct > LM_UNSTABLE_CV_PCT;
	if (!n)
		return;
	if (agg == LM_AGG_MAX) {
		for (i = 1, best = 0; i < n; i++)
			if (r[i].s[sum].mb_s > r[best].s[sum].mb_s)
				best = i;
		memcpy(c->headline, r[best].s, sizeof(c->headline));
	} else {
		for (k = 0; k < LM_SUMS; k++) {
			for (i = 0; i < n; i++) {
				mb[i] = r[i].s[k].mb_s;
				iops[i] = r[i].s[k].iops;
				lat[i] = r[i].s[k].lat_mean_us;
			}
			c->headline[k].mb_s = lm_median(mb, n);
			c->headline[k].iops = lm_median(iops, n);
			c->headline[k].lat_mean_us = lm_median(lat, n);
		}
	}
	if (c->by_rounds)
		lm_cell_warm(c, sum);
	if (c->sustain)
		lm_cell_step(c, sum);
}

/*
 * TCP payload per second on Ethernet at MTU 1500: each 1500-byte IP packet
 * carries 1448 bytes of TCP payload (20 IP + 20 TCP + 12 timestamp option
 * bytes of headers) and takes 1538 bytes of line time (14 header + 4 FCS +
 * 8 preamble + 12 inter-frame gap). 1 GbE: 10^9 / 8 * 1448 / 1538 =
 * 117.7 MB/s. iSCSI's own 48-byte headers per PDU come out of that.
 */
double lm_link_ceiling_mb_s(double gbit)
{
	return gbit * 1e9 / 8.0 * 1448.0 / 1538.0 / 1e6;
}

void lm_mark_result_free(struct lm_mark_result *m)
{
	unsigned int i, w, k;

	for (i = 0; m->cells && i < m->profile->ntests; i++)
		for (w = 0; w < LM_WAYS; w++)
			for (k = 0; k < m->cells[i][w].nruns; k++) {
				free(m->cells[i][w].runs[k].series);
				free(m->cells[i][w].runs[k].ranks);
			}
	free(m->cells);
	m->cells = NULL;
	free(m->ranks);
	m->ranks = NULL;
	m->nranks = 0;
}

bool lm_mark_has_news(const struct lm_mark_result *m)
{
	unsigned int i, w;

	if (!m->cells)
		return false;
	if (m->interrupted || m->io_errno)
		return true;
	for (i = 0; i < m->profile->ntests; i++)
		for (w = 0; w < LM_WAYS; w++)
			if (m->cells[i][w].nruns)
				return true;
	return false;
}

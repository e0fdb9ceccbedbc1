// SPDX-License-Identifier: MIT
/* Several hosts' rows: see ranks.h. */
#include "src/result/ranks.h"
#include "src/suite/cell.h"

void lm_rank_skew(const struct lm_rank_run *rows, unsigned int n,
		  struct lm_rank_skew *out)
{
	double s_lo = 0, s_hi = 0, e_lo = 0, e_hi = 0;
	unsigned int k;

	for (k = 0; k < n; k++) {
		if (!k || rows[k].start_us < s_lo)
			s_lo = rows[k].start_us;
		if (!k || rows[k].start_us > s_hi)
			s_hi = rows[k].start_us;
		if (!k || rows[k].end_us < e_lo)
			e_lo = rows[k].end_us;
		if (!k || rows[k].end_us > e_hi)
			e_hi = rows[k].end_us;
	}
	out->start_us = s_hi - s_lo;
	out->end_us = e_hi - e_lo;
}

void lm_rank_headline(const struct lm_cell_run *runs, unsigned int nruns,
		      unsigned int k, unsigned int sum, struct lm_summary *out)
{
	double mb[LM_RUNS_MAX], iops[LM_RUNS_MAX], lat[LM_RUNS_MAX];
	unsigned int i, n = 0;

	for (i = 0; i < nruns && n < LM_RUNS_MAX; i++) {
		if (k >= runs[i].nranks)
			continue;
		mb[n] = runs[i].ranks[k].s[sum].mb_s;
		iops[n] = runs[i].ranks[k].s[sum].iops;
		lat[n] = runs[i].ranks[k].s[sum].lat_mean_us;
		n++;
	}
	out->mb_s = lm_median(mb, n);
	out->iops = lm_median(iops, n);
	out->lat_mean_us = lm_median(lat, n);
}

// SPDX-License-Identifier: MIT
#include "src/stats/hist.h"

#include <math.h>
#include <string.h>

void lm_hist_init(struct lm_hist *h)
{
	memset(h, 0, sizeof(*h));
	h->min_ns = UINT64_MAX;
}

uint64_t lm_hist_bucket_low(unsigned int i)
{
	unsigned int k, sub;

	if (i < LM_HIST_EXACT)
		return i;
	k = LM_HIST_MIN_SHIFT + (i - LM_HIST_EXACT) / LM_HIST_SUB;
	sub = (i - LM_HIST_EXACT) % LM_HIST_SUB;
	return (1ull << k) + ((uint64_t)sub << (k - LM_HIST_SUB_BITS));
}

uint64_t lm_hist_bucket_width(unsigned int i)
{
	if (i < LM_HIST_EXACT)
		return 1;
	return 1ull << (LM_HIST_MIN_SHIFT + (i - LM_HIST_EXACT) / LM_HIST_SUB -
			LM_HIST_SUB_BITS);
}

void lm_hist_merge(struct lm_hist *into, const struct lm_hist *from)
{
	unsigned int i;

	if (!from->count)
		return;
	for (i = 0; i < LM_HIST_BUCKETS; i++)
		into->bucket[i] += from->bucket[i];
	into->count += from->count;
	into->sum_ns += from->sum_ns;
	into->sum_sq_ns += from->sum_sq_ns;
	if (from->min_ns < into->min_ns)
		into->min_ns = from->min_ns;
	if (from->max_ns > into->max_ns)
		into->max_ns = from->max_ns;
}

uint64_t lm_hist_percentile(const struct lm_hist *h, double pct)
{
	uint64_t rank, seen = 0, v;
	unsigned int i;

	if (!h->count)
		return 0;
	/* rank = ceil(pct/100 * count), at least 1 */
	rank = (uint64_t)ceil(pct / 100.0 * (double)h->count);
	if (rank < 1)
		rank = 1;
	if (rank > h->count)
		rank = h->count;
	for (i = 0; i < LM_HIST_BUCKETS; i++) {
		seen += h->bucket[i];
		if (seen >= rank)
			break;
	}
	if (i >= LM_HIST_BUCKETS)
		return h->max_ns;
	v = lm_hist_bucket_low(i) + lm_hist_bucket_width(i) / 2;
	if (v < h->min_ns)
		v = h->min_ns;
	if (v > h->max_ns)
		v = h->max_ns;
	return v;
}

double lm_hist_mean(const struct lm_hist *h)
{
	return h->count ? (double)h->sum_ns / (double)h->count : 0.0;
}

double lm_hist_stddev(const struct lm_hist *h)
{
	double n = (double)h->count, mean, var;

	if (h->count < 2)
		return 0.0;
	mean = (double)h->sum_ns / n;
	/* sample variance, as fio reports it */
	var = ((double)h->sum_sq_ns - n * mean * mean) / (n - 1.0);
	return var > 0.0 ? sqrt(var) : 0.0;
}

uint64_t lm_hist_count_le(const struct lm_hist *h, uint64_t v_ns)
{
	unsigned int i, last = lm_hist_index(v_ns);
	uint64_t n = 0;

	for (i = 0; i <= last && i < LM_HIST_BUCKETS; i++)
		n += h->bucket[i];
	return n;
}

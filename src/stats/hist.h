/* SPDX-License-Identifier: MIT */
/*
 * Latency histogram, log-linear (HDR-style).
 *
 * Values below 128 ns each have their own bucket (exact). Above, every
 * power-of-two range [2^k, 2^(k+1)) is split into 64 equal buckets, so a
 * bucket's midpoint is within 1/128 (0.79%) of any value in it. The top
 * range ends at 2^42 ns (73 minutes); larger values land in the last
 * bucket, and min/max/sum stay exact for every value.
 *
 * One histogram belongs to one thread; lm_hist_merge() adds one into
 * another exactly, so per-thread histograms merge without loss.
 */
#ifndef LM_HIST_H
#define LM_HIST_H

#include <stdbool.h>
#include <stdint.h>

#define LM_HIST_EXACT 128u
#define LM_HIST_SUB_BITS 6u
#define LM_HIST_SUB (1u << LM_HIST_SUB_BITS)
#define LM_HIST_MIN_SHIFT 7u  /* log2(LM_HIST_EXACT) */
#define LM_HIST_MAX_SHIFT 42u /* ranges up to 2^42 ns */
#define LM_HIST_BUCKETS \
	(LM_HIST_EXACT + (LM_HIST_MAX_SHIFT - LM_HIST_MIN_SHIFT) * LM_HIST_SUB)

struct lm_hist {
	uint64_t count;
	uint64_t min_ns;
	uint64_t max_ns;
	uint64_t sum_ns;
	unsigned __int128 sum_sq_ns;
	uint64_t bucket[LM_HIST_BUCKETS];
};

void lm_hist_init(struct lm_hist *h);

static inline unsigned int lm_hist_index(uint64_t v)
{
	unsigned int k, sub;

	if (v < LM_HIST_EXACT)
		return (unsigned int)v;
	k = 63u - (unsigned int)__builtin_clzll(v);
	if (k >= LM_HIST_MAX_SHIFT)
		return LM_HIST_BUCKETS - 1;
	sub = (unsigned int)(v >> (k - LM_HIST_SUB_BITS)) & (LM_HIST_SUB - 1);
	return LM_HIST_EXACT + (k - LM_HIST_MIN_SHIFT) * LM_HIST_SUB + sub;
}

/* Hot path: one call per completed IO; no branches beyond min/max. */
static inline void lm_hist_add(struct lm_hist *h, uint64_t v_ns)
{
	h->bucket[lm_hist_index(v_ns)]++;
	h->count++;
	h->sum_ns += v_ns;
	h->sum_sq_ns += (unsigned __int128)v_ns * v_ns;
	if (v_ns < h->min_ns)
		h->min_ns = v_ns;
	if (v_ns > h->max_ns)
		h->max_ns = v_ns;
}

/* Lowest value and width of bucket @i. */
uint64_t lm_hist_bucket_low(unsigned int i);
uint64_t lm_hist_bucket_width(unsigned int i);

void lm_hist_merge(struct lm_hist *into, const struct lm_hist *from);

/*
 * The value at percentile @pct (0 < pct <= 100): the smallest recorded
 * value v such that at least pct% of the values are <= v, reported as its
 * bucket's midpoint (exact below 128 ns) and clamped to [min, max].
 * Returns 0 for an empty histogram.
 */
uint64_t lm_hist_percentile(const struct lm_hist *h, double pct);

/* How many values are at most @v_ns, to the bucket (0.79%). */
uint64_t lm_hist_count_le(const struct lm_hist *h, uint64_t v_ns);

double lm_hist_mean(const struct lm_hist *h);
double lm_hist_stddev(const struct lm_hist *h);

#endif

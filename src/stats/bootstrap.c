// SPDX-License-Identifier: MIT
#include "src/stats/bootstrap.h"
#include "src/stats/stats.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* splitmix64 */
static uint64_t lm_rng_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* A uniform index below @n (Lemire's multiply-shift). */
static unsigned int lm_rng_below(uint64_t *s, unsigned int n)
{
	return (unsigned int)(((unsigned __int128)lm_rng_next(s) * n) >> 64);
}

/* A side, its values' ranks known once, for resampling. */
struct lm_boot_side {
	const double *v;
	unsigned int n;
	unsigned int *order; /* indexes of v, in increasing value */
	unsigned int *count; /* how often each index was drawn */
};

struct lm_ranked_value {
	double v;
	unsigned int i;
};

static int lm_cmp_ranked(const void *a, const void *b)
{
	const struct lm_ranked_value *x = a, *y = b;

	return (x->v > y->v) - (x->v < y->v);
}

static int lm_boot_side_init(struct lm_boot_side *sd, const double *v,
			     unsigned int n)
{
	struct lm_ranked_value *r = malloc(sizeof(*r) * n);
	unsigned int i;

	sd->v = v;
	sd->n = n;
	sd->order = malloc(sizeof(*sd->order) * n);
	sd->count = malloc(sizeof(*sd->count) * n);
	if (!r || !sd->order || !sd->count) {
		free(r);
		return -ENOMEM;
	}
	for (i = 0; i < n; i++)
		r[i] = (struct lm_ranked_value){ v[i], i };
	qsort(r, n, sizeof(*r), lm_cmp_ranked);
	for (i = 0; i < n; i++)
		sd->order[i] = r[i].i;
	free(r);
	return 0;
}

static void lm_boot_side_free(struct lm_boot_side *sd)
{
	free(sd->order);
	free(sd->count);
}

/*
 * The median of a resample of n draws with replacement: the draws are
 * counted per index, then the counts walked in the order of the values,
 * so no resample is sorted (O(n), not O(n log n)). The same draws as
 * sorting them would take, and the same median.
 */
static double lm_resample_median(struct lm_boot_side *sd, uint64_t *s)
{
	unsigned int i, n = sd->n, lo = (n - 1) / 2, hi = n / 2, cum = 0;
	double vlo = 0;

	memset(sd->count, 0, sizeof(*sd->count) * n);
	for (i = 0; i < n; i++)
		sd->count[lm_rng_below(s, n)]++;
	for (i = 0; i < n; i++) {
		double v = sd->v[sd->order[i]];
		unsigned int was = cum;

		cum += sd->count[sd->order[i]];
		if (was <= lo && cum > lo)
			vlo = v;
		if (cum > hi)
			return lo == hi ? v : (vlo + v) / 2.0;
	}
	return vlo;
}

static int lm_cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

int lm_boot(const double *a, unsigned int na, const double *b, unsigned int nb,
	    unsigned int resamples, uint64_t seed, unsigned int family,
	    struct lm_interval *out)
{
	double q = 0.025 / (family ? family : 1);
	struct lm_boot_side sa = { 0 }, sb = { 0 };
	uint64_t s = seed;
	unsigned int i;
	double *stat;
	int ret = -ENOMEM;

	if (!na || (b && !nb) || !resamples)
		return -EINVAL;
	stat = malloc(sizeof(*stat) * resamples);
	if (!stat || lm_boot_side_init(&sa, a, na) ||
	    (b && lm_boot_side_init(&sb, b, nb)))
		goto out_free;
	for (i = 0; i < resamples; i++) {
		double ma = lm_resample_median(&sa, &s);

		if (!b) {
			stat[i] = ma;
			continue;
		}
		/* a resample of A with a median of 0 has no ratio: such
		 * an A has a zero median itself, refused by the caller */
		stat[i] = lm_resample_median(&sb, &s) / (ma ? ma : 1e-300);
	}
	qsort(stat, resamples, sizeof(*stat), lm_cmp_dbl);
	out->lo95 = stat[(unsigned int)floor(0.025 * resamples)];
	out->hi95 = stat[(unsigned int)ceil(0.975 * resamples) - 1];
	out->lo90 = stat[(unsigned int)floor(0.05 * resamples)];
	out->hi90 = stat[(unsigned int)ceil(0.95 * resamples) - 1];
	out->lo_fw = stat[(unsigned int)floor(q * resamples)];
	out->hi_fw = stat[(unsigned int)ceil((1 - q) * resamples) - 1];
	ret = 0;
out_free:
	free(stat);
	lm_boot_side_free(&sa);
	lm_boot_side_free(&sb);
	return ret;
}

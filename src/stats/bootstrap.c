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

static double lm_resample_median(const double *v, unsigned int n, double *tmp,
				 uint64_t *s)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		tmp[i] = v[lm_rng_below(s, n)];
	return lm_median(tmp, n);
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
	unsigned int i, n = na > nb ? na : nb;
	double *stat, *tmp;
	uint64_t s = seed;

	if (!na || (b && !nb) || !resamples)
		return -EINVAL;
	stat = malloc(sizeof(*stat) * resamples);
	tmp = malloc(sizeof(*tmp) * n);
	if (!stat || !tmp) {
		free(stat);
		free(tmp);
		return -ENOMEM;
	}
	for (i = 0; i < resamples; i++) {
		double ma = lm_resample_median(a, na, tmp, &s);

		if (!b) {
			stat[i] = ma;
			continue;
		}
		/* a resample of A with a median of 0 has no ratio: such
		 * an A has a zero median itself, refused by the caller */
		stat[i] =
			lm_resample_median(b, nb, tmp, &s) / (ma ? ma : 1e-300);
	}
	qsort(stat, resamples, sizeof(*stat), lm_cmp_dbl);
	out->lo95 = stat[(unsigned int)floor(0.025 * resamples)];
	out->hi95 = stat[(unsigned int)ceil(0.975 * resamples) - 1];
	out->lo90 = stat[(unsigned int)floor(0.05 * resamples)];
	out->hi90 = stat[(unsigned int)ceil(0.95 * resamples) - 1];
	out->lo_fw = stat[(unsigned int)floor(q * resamples)];
	out->hi_fw = stat[(unsigned int)ceil((1 - q) * resamples) - 1];
	free(stat);
	free(tmp);
	return 0;
}

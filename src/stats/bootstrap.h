/* SPDX-License-Identifier: MIT */
/*
 * A percentile bootstrap of a median, or of a ratio of medians: the
 * interval of each configuration's median that `lunmark compare` and
 * `report` show beside it (the verdicts are stats/verdict.h's).
 *
 * The bootstrap resamples each side with replacement, takes the median of
 * each resample (or the ratio of the two medians) and reads the interval
 * off the sorted statistics: the lower end is element floor(q * R), the
 * upper end element ceil((1 - q) * R) - 1, for q = 0.025 (95%), 0.05
 * (90%) and 0.025 / family (Bonferroni over a family
 * of comparisons). The generator is splitmix64 from a fixed seed, so a
 * report is the same every time it is rendered.
 */
#ifndef LM_STATS_BOOTSTRAP_H
#define LM_STATS_BOOTSTRAP_H

#include <stdbool.h>
#include <stdint.h>

#define LM_BOOT_RESAMPLES 10000u
#define LM_BOOT_SEED 0x6c756e6d61726bull /* "lunmark" */

struct lm_interval {
	double lo95, hi95;
	double lo90, hi90;
	/* at 1 - 0.05 / family (Bonferroni over @family) */
	double lo_fw, hi_fw;
};

/*
 * Percentile bootstrap with @resamples resamples from @seed: of
 * median(@b) / median(@a), or of median(@a) alone when @b is NULL; the
 * family-wise interval for @family comparisons (1: the 95% one).
 * Returns 0, -EINVAL (an empty side, a zero median of @a), or -ENOMEM.
 */
int lm_boot(const double *a, unsigned int na, const double *b, unsigned int nb,
	    unsigned int resamples, uint64_t seed, unsigned int family,
	    struct lm_interval *out);

#endif

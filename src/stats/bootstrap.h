/* SPDX-License-Identifier: MIT */
/*
 * The statistics behind `lunmark compare`: a percentile bootstrap of a
 * median or of a ratio of medians, Welch's t-test, and the verdict on one
 * cell (test x direction x metric) of configuration B against A.
 *
 * The bootstrap resamples each side with replacement, takes the median of
 * each resample (or the ratio of the two medians) and reads the interval
 * off the sorted statistics: the lower end is element floor(q * R), the
 * upper end element ceil((1 - q) * R) - 1, for q = 0.025 (95%), 0.05
 * (90%) and 0.025 / family (Bonferroni over a family of comparisons). The generator is splitmix64 from a fixed seed, so a report is the
 * same every time it is rendered.
 */
#ifndef LM_STATS_BOOTSTRAP_H
#define LM_STATS_BOOTSTRAP_H

#include <stdbool.h>
#include <stdint.h>

#define LM_BOOT_RESAMPLES 10000u
#define LM_BOOT_SEED 0x6c756e6d61726bull /* "lunmark" */
/* fewer counted runs per side than this get no verdict */
#define LM_CMP_MIN_RUNS 3u
/* the runs-needed estimate is capped here */
#define LM_CMP_RUNS_CAP 1000u

struct lm_interval {
	double lo95, hi95;
	double lo90, hi90;
	/* at 1 - 0.05 / family (Bonferroni): what a verdict rests on */
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

struct lm_welch {
	double t;  /* (mean(b) - mean(a)) / standard error */
	double df; /* Welch-Satterthwaite degrees of freedom */
	double p;  /* two-sided */
};

/* Welch's unequal-variance t-test. -EDOM with fewer than 2 values a side
 * or no variance at all (p is then NaN). */
int lm_welch(const double *a, unsigned int na, const double *b, unsigned int nb,
	     struct lm_welch *out);

/* P(|T| >= t) for Student's t with @df degrees of freedom. */
double lm_t_sf2(double t, double df);

/* The regularized incomplete beta function I_x(a, b). */
double lm_betai(double a, double b, double x);

enum lm_verdict {
	LM_VERDICT_NONE,       /* the reference itself, or nothing to compare */
	LM_VERDICT_FASTER,     /* better, and by at least delta */
	LM_VERDICT_SLOWER,     /* worse, and by at least delta */
	LM_VERDICT_EQUIVALENT, /* 90% interval inside [1/(1+d), 1+d] */
	LM_VERDICT_INCONCLUSIVE, /* anything else */
};

const char *lm_verdict_name(enum lm_verdict v);

/* The standard normal quantile: P(Z <= z) = @p, for 0 < p < 1. */
double lm_z(double p);

/* B against A on one metric. */
struct lm_cmp_stat {
	double ratio; /* median(B) / median(A); NaN when A's is 0 */
	struct lm_interval ci;
	struct lm_welch welch; /* p NaN when undefined */
	enum lm_verdict verdict;
	/* inconclusive: the runs per side likely to decide it (a power of
	 * 80% at the observed spread), at most LM_CMP_RUNS_CAP; else 0 */
	unsigned int runs_needed;
};

/*
 * Compare @b against @a. @delta is the smallest change that matters (0.05
 * for 5%); @higher_better says whether a ratio above 1 is faster (MB/s,
 * IOPS) or slower (latency). @family is the number of comparisons made
 * at once (cells x metrics x configurations): faster or slower needs
 * both the family-wise bootstrap interval to exclude 1 and Welch's p to
 * be below 0.05 / @family, so that an A/A comparison of many cells is
 * not called different by chance in one of them. Returns 0 or -ENOMEM.
 */
int lm_cmp_stat(const double *a, unsigned int na, const double *b,
		unsigned int nb, double delta, bool higher_better,
		unsigned int family, struct lm_cmp_stat *out);

#endif

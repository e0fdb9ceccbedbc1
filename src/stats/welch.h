/* SPDX-License-Identifier: MIT */
/*
 * Student's t and Welch's unequal-variance t-test: the law behind the
 * verdicts of `lunmark compare` (stats/verdict.h).
 */
#ifndef LM_STATS_WELCH_H
#define LM_STATS_WELCH_H

/* One side of a test, summarized: n values of mean @mean and (sample)
 * variance @var. */
struct lm_moments {
	double mean, var;
	unsigned int n;
};

/* The mean and sample variance of @n values (variance 0 for one). */
struct lm_moments lm_moments_of(const double *v, unsigned int n);

struct lm_welch {
	double t;  /* (mean(b) - mean(a)) / se */
	double se; /* the standard error of mean(b) - mean(a) */
	double df; /* Welch-Satterthwaite degrees of freedom */
	double p;  /* two-sided */
};

/* Welch's test of @b against @a. -EDOM with fewer than 2 values a side or
 * no variance at all (t, df and p are then NaN, se 0). */
int lm_welch_moments(const struct lm_moments *a, const struct lm_moments *b,
		     struct lm_welch *out);
/* The same from the values themselves. */
int lm_welch(const double *a, unsigned int na, const double *b, unsigned int nb,
	     struct lm_welch *out);

/* P(|T| >= t) for Student's t with @df degrees of freedom. */
double lm_t_sf2(double t, double df);

/* The t with P(|T| >= t) = @p (0 < p < 1) at @df degrees of freedom: the
 * half-width of a two-sided interval at level 1 - p, in standard errors. */
double lm_t_q2(double p, double df);

/* The regularized incomplete beta function I_x(a, b). */
double lm_betai(double a, double b, double x);

/* The standard normal quantile: P(Z <= z) = @p, for 0 < p < 1. */
double lm_z(double p);

#endif

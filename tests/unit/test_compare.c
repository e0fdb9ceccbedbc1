// SPDX-License-Identifier: MIT
/*
 * The statistics of `lunmark compare` against references computed here
 * by other means: the bootstrap against its exact distribution, the
 * t-distribution's tail against closed forms and against Simpson's rule
 * over the density (test_verdict.c has the verdicts).
 */
#include "src/stats/bootstrap.h"
#include "src/stats/welch.h"
#include "tests/unit/unit.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

static double lm_binom_ge(unsigned int n, double p, unsigned int k)
{
	double sum = 0, c = 1;
	unsigned int i;

	for (i = 0; i <= n; i++) {
		if (i >= k)
			sum += c * pow(p, i) * pow(1 - p, n - i);
		c = c * (n - i) / (i + 1);
	}
	return sum;
}

/*
 * The exact law of the median of a resample of size n (odd) of n sorted
 * distinct values: P(median <= x_(k)) = P(Binomial(n, k/n) >= (n+1)/2).
 */
static void lm_median_law(unsigned int n, double *prob)
{
	double prev = 0, cdf;
	unsigned int k;

	for (k = 1; k <= n; k++) {
		cdf = lm_binom_ge(n, (double)k / n, (n + 1) / 2);
		prob[k - 1] = cdf - prev;
		prev = cdf;
	}
}

struct lm_atom {
	double v, p;
};

static int lm_atom_cmp(const void *a, const void *b)
{
	double x = ((const struct lm_atom *)a)->v;
	double y = ((const struct lm_atom *)b)->v;

	return (x > y) - (x < y);
}

/*
 * Is @got an acceptable bootstrap quantile at level @q of the law @at
 * (sorted)? The Monte Carlo estimate of the CDF has a standard deviation
 * of sqrt(q (1 - q) / R); allow 4 of them.
 */
static int lm_quantile_ok(const struct lm_atom *at, unsigned int n, double q,
			  double got)
{
	double sd = sqrt(q * (1 - q) / LM_BOOT_RESAMPLES), below = 0;
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (fabs(at[i].v - got) < 1e-12)
			return below <= q + 4 * sd &&
			       below + at[i].p >= q - 4 * sd;
		below += at[i].p;
	}
	return 0;
}

/* The bootstrap interval of a ratio of medians (5 runs a side, fixed
 * seed) against the exact law of that ratio: 25 atoms. */
static void lm_test_boot_exact(void)
{
	const double a[5] = { 100, 104, 97, 110, 92 };
	const double b[5] = { 120, 111, 125, 131, 108 };
	double sa[5] = { 92, 97, 100, 104, 110 };
	double sb[5] = { 108, 111, 120, 125, 131 };
	double pa[5], pb[5], total = 0;
	struct lm_atom at[25];
	struct lm_interval ci, again;
	unsigned int i, j;

	lm_median_law(5, pa);
	lm_median_law(5, pb);
	for (i = 0; i < 5; i++)
		for (j = 0; j < 5; j++) {
			at[i * 5 + j].v = sb[j] / sa[i];
			at[i * 5 + j].p = pa[i] * pb[j];
			total += pa[i] * pb[j];
		}
	CU_ASSERT_DOUBLE_EQUAL(total, 1.0, 1e-12);
	qsort(at, 25, sizeof(at[0]), lm_atom_cmp);
	CU_ASSERT_EQUAL_FATAL(
		lm_boot(a, 5, b, 5, LM_BOOT_RESAMPLES, LM_BOOT_SEED, 20, &ci),
		0);
	CU_ASSERT(lm_quantile_ok(at, 25, 0.025, ci.lo95));
	CU_ASSERT(lm_quantile_ok(at, 25, 0.975, ci.hi95));
	CU_ASSERT(lm_quantile_ok(at, 25, 0.05, ci.lo90));
	CU_ASSERT(lm_quantile_ok(at, 25, 0.95, ci.hi90));
	/* Bonferroni over 20: 0.025 / 20 = 0.00125 */
	CU_ASSERT(lm_quantile_ok(at, 25, 0.00125, ci.lo_fw));
	CU_ASSERT(lm_quantile_ok(at, 25, 1 - 0.00125, ci.hi_fw));
	CU_ASSERT(ci.lo_fw <= ci.lo95 && ci.hi95 <= ci.hi_fw);
	CU_ASSERT(ci.lo95 <= ci.lo90 && ci.lo90 < ci.hi90 &&
		  ci.hi90 <= ci.hi95);
	/* a fixed seed: the same interval every time */
	lm_boot(a, 5, b, 5, LM_BOOT_RESAMPLES, LM_BOOT_SEED, 1, &again);
	CU_ASSERT_EQUAL(ci.lo95, again.lo95);
	CU_ASSERT_EQUAL(ci.hi95, again.hi95);
	/* one sample's median: P(median = x_(1)) = 0.058 > 0.025 */
	lm_boot(a, 5, NULL, 0, LM_BOOT_RESAMPLES, LM_BOOT_SEED, 1, &ci);
	CU_ASSERT_EQUAL(ci.lo95, 92);
	CU_ASSERT_EQUAL(ci.hi95, 110);
	CU_ASSERT_EQUAL(lm_boot(a, 0, NULL, 0, 10, 1, 1, &ci), -EINVAL);
}

/* Student's t density, integrated by Simpson's rule: a reference that
 * shares nothing with lm_t_sf2's continued fraction. */
static double lm_t_sf2_simpson(double t, double df)
{
	const unsigned int n = 20000;
	double c = exp(lgamma((df + 1) / 2) - lgamma(df / 2)) / sqrt(df * M_PI);
	double h = t / n, sum = 0, x, w;
	unsigned int i;

	for (i = 0; i <= n; i++) {
		x = h * i;
		w = (i == 0 || i == n) ? 1 : (i % 2 ? 4 : 2);
		sum += w * c * pow(1 + x * x / df, -(df + 1) / 2);
	}
	return 1 - 2 * sum * h / 3;
}

static void lm_test_t_tail(void)
{
	const double ts[] = { 0.1, 0.5, 1, 1.897366596, 2.5, 4 };
	const double dfs[] = { 1, 2, 3, 5.882352941, 10, 30 };
	unsigned int i, j;
	double t;

	/* closed forms: df 1 is Cauchy's, df 2 has one too */
	for (i = 0; i < 6; i++) {
		t = ts[i];
		CU_ASSERT_DOUBLE_EQUAL(lm_t_sf2(t, 1), 1 - 2 * atan(t) / M_PI,
				       1e-10);
		CU_ASSERT_DOUBLE_EQUAL(lm_t_sf2(t, 2), 1 - t / sqrt(2 + t * t),
				       1e-10);
	}
	for (i = 0; i < 6; i++)
		for (j = 0; j < 6; j++)
			CU_ASSERT_DOUBLE_EQUAL(lm_t_sf2(ts[i], dfs[j]),
					       lm_t_sf2_simpson(ts[i], dfs[j]),
					       1e-7);
	/* the textbook table: t(0.975, 10) = 2.228139 */
	CU_ASSERT_DOUBLE_EQUAL(lm_t_sf2(2.228139, 10), 0.05, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(lm_betai(1, 1, 0.3), 0.3, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(lm_betai(4, 4, 0.5), 0.5, 1e-12);
	/* the quantile inverts the tail: textbook t(0.975, 4) = 2.776445,
	 * t(0.995, 10) = 3.169273, and the normal's at a large df */
	CU_ASSERT_DOUBLE_EQUAL(lm_t_q2(0.05, 4), 2.776445, 1e-5);
	CU_ASSERT_DOUBLE_EQUAL(lm_t_q2(0.01, 10), 3.169273, 1e-5);
	CU_ASSERT_DOUBLE_EQUAL(lm_t_q2(0.05, 1e7), 1.959964, 1e-5);
	for (i = 0; i < 6; i++)
		CU_ASSERT_DOUBLE_EQUAL(lm_t_sf2(lm_t_q2(0.003, dfs[i]), dfs[i]),
				       0.003, 1e-9);
	CU_ASSERT(isnan(lm_t_q2(0, 4)));
	CU_ASSERT_DOUBLE_EQUAL(lm_z(0.975), 1.959963985, 1e-8);
	CU_ASSERT_DOUBLE_EQUAL(lm_z(0.5), 0, 1e-12);
}

/*
 * a = 1..5 (mean 3, variance 2.5), b = 2, 4, .. 10 (mean 6, variance 10),
 * by hand: se^2 = 2.5/5 + 10/5 = 2.5, t = 3 / sqrt(2.5) = 1.897366596,
 * df = 2.5^2 / (0.5^2/4 + 2^2/4) = 5.882352941; p from Simpson's rule.
 */
static void lm_test_welch(void)
{
	const double a[] = { 1, 2, 3, 4, 5 }, b[] = { 2, 4, 6, 8, 10 };
	const double same[] = { 7, 7, 7 };
	struct lm_welch w;

	CU_ASSERT_EQUAL_FATAL(lm_welch(a, 5, b, 5, &w), 0);
	CU_ASSERT_DOUBLE_EQUAL(w.t, 1.897366596, 1e-8);
	CU_ASSERT_DOUBLE_EQUAL(w.df, 5.882352941, 1e-8);
	CU_ASSERT_DOUBLE_EQUAL(w.p, lm_t_sf2_simpson(1.897366596, 5.882352941),
			       1e-7);
	CU_ASSERT(w.p > 0.10 && w.p < 0.11);
	CU_ASSERT_EQUAL(lm_welch(same, 3, same, 3, &w), -EDOM);
	CU_ASSERT(isnan(w.p));
	CU_ASSERT_EQUAL(lm_welch(a, 1, b, 5, &w), -EDOM);
}

int lm_suite_compare(void)
{
	static const struct lm_unit_test tests[] = {
		{ "bootstrap against the exact law", lm_test_boot_exact },
		{ "t tail against closed forms and Simpson", lm_test_t_tail },
		{ "Welch's t, df and p by hand", lm_test_welch },
		{ NULL, NULL },
	};

	return lm_unit_add("compare", tests);
}

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

static void lm_mean_var(const double *v, unsigned int n, double *mean,
			double *var)
{
	double ss = lm_sumsq_dev(v, n, mean);

	*var = n > 1 ? ss / (n - 1) : 0;
}

/*
 * I_x(a, b) by its continued fraction, evaluated with the modified Lentz
 * method; the fraction converges fast for x < (a + 1) / (a + b + 2), and
 * I_x(a, b) = 1 - I_(1-x)(b, a) covers the rest.
 */
double lm_betai(double a, double b, double x)
{
	const double tiny = 1e-300;
	double front, f, c, d, num;
	unsigned int m;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	if (x > (a + 1) / (a + b + 2))
		return 1 - lm_betai(b, a, 1 - x);
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
		    b * log1p(-x));
	d = 1 - (a + b) * x / (a + 1);
	d = 1 / (fabs(d) < tiny ? tiny : d);
	f = d;
	c = 1;
	for (m = 1; m < 500; m++) {
		double step;

		num = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
		d = 1 + num * d;
		d = 1 / (fabs(d) < tiny ? tiny : d);
		c = 1 + num / c;
		c = fabs(c) < tiny ? tiny : c;
		f *= d * c;
		num = -(a + m) * (a + b + m) * x /
		      ((a + 2 * m) * (a + 2 * m + 1));
		d = 1 + num * d;
		d = 1 / (fabs(d) < tiny ? tiny : d);
		c = 1 + num / c;
		c = fabs(c) < tiny ? tiny : c;
		step = d * c;
		f *= step;
		if (fabs(step - 1) < 1e-15)
			break;
	}
	return front * f / a;
}

double lm_t_sf2(double t, double df)
{
	if (isnan(t) || df <= 0)
		return NAN;
	return lm_betai(df / 2, 0.5, df / (df + t * t));
}

int lm_welch(const double *a, unsigned int na, const double *b, unsigned int nb,
	     struct lm_welch *out)
{
	double ma, va, mb, vb, sa, sb, se2;

	out->t = out->df = out->p = NAN;
	if (na < 2 || nb < 2)
		return -EDOM;
	lm_mean_var(a, na, &ma, &va);
	lm_mean_var(b, nb, &mb, &vb);
	sa = va / na;
	sb = vb / nb;
	se2 = sa + sb;
	if (se2 <= 0)
		return -EDOM;
	out->t = (mb - ma) / sqrt(se2);
	out->df = se2 * se2 / (sa * sa / (na - 1) + sb * sb / (nb - 1));
	out->p = lm_t_sf2(fabs(out->t), out->df);
	return 0;
}

double lm_z(double p)
{
	double lo = -40, hi = 40, mid = 0;
	unsigned int i;

	/* P(Z <= z) = erfc(-z / sqrt 2) / 2, increasing: bisect */
	for (i = 0; i < 200; i++) {
		mid = (lo + hi) / 2;
		if (erfc(-mid / M_SQRT2) / 2 < p)
			lo = mid;
		else
			hi = mid;
	}
	return mid;
}

const char *lm_verdict_name(enum lm_verdict v)
{
	static const char *const names[] = {
		[LM_VERDICT_NONE] = "",
		[LM_VERDICT_FASTER] = "faster",
		[LM_VERDICT_SLOWER] = "slower",
		[LM_VERDICT_EQUIVALENT] = "equivalent",
		[LM_VERDICT_INCONCLUSIVE] = "inconclusive",
	};

	return names[v];
}

/* The coefficient of variation, squared; 0 for fewer than 2 values. */
static double lm_cv2(const double *v, unsigned int n)
{
	double m, var;

	if (n < 2)
		return 0;
	lm_mean_var(v, n, &m, &var);
	return m ? var / (m * m) : 0;
}

/*
 * Runs per side for a two-sided test at the family's level with 80%
 * power: 2 (z + z_p)^2 s^2 / e^2, s the pooled CV (about the standard
 * deviation of the log), e the effect on the log scale: the observed one
 * when it is at least delta (to show the difference), else the room the
 * 90% interval has inside the equivalence margin (to show equivalence).
 */
static unsigned int lm_runs_needed(const double *a, unsigned int na,
				   const double *b, unsigned int nb,
				   double ratio, double delta,
				   unsigned int family)
{
	const double z80 = 0.8416212335729143;
	double s2 = (lm_cv2(a, na) + lm_cv2(b, nb)) / 2;
	double d = fabs(log(ratio)), margin = log1p(delta), z, e, n;
	unsigned int have = (na > nb ? na : nb) + 1;

	if (d >= margin) {
		z = lm_z(1 - 0.025 / family);
		e = d;
	} else {
		z = 1.6448536269514722;
		e = margin - d;
	}
	n = e > 0 ? ceil(2 * (z + z80) * (z + z80) * s2 / (e * e))
		  : LM_CMP_RUNS_CAP;
	if (n > LM_CMP_RUNS_CAP)
		return LM_CMP_RUNS_CAP;
	if (n < have)
		n = have;
	return n < LM_CMP_MIN_RUNS ? LM_CMP_MIN_RUNS : (unsigned int)n;
}

/*
 * Welch's test on the logarithms when every value is positive: rates and
 * latencies vary by a factor, and the verdict is on a ratio. On the raw
 * values one noisy side's variance hid a 100x change (p 0.003 against a
 * Bonferroni 0.0025). @tmp holds na + nb doubles.
 */
static void lm_welch_log(const double *a, unsigned int na, const double *b,
			 unsigned int nb, double *tmp, struct lm_welch *w)
{
	unsigned int i;

	for (i = 0; i < na + nb; i++) {
		tmp[i] = i < na ? a[i] : b[i - na];
		if (!(tmp[i] > 0)) {
			lm_welch(a, na, b, nb, w);
			return;
		}
		tmp[i] = log(tmp[i]);
	}
	lm_welch(tmp, na, tmp + na, nb, w);
}

int lm_cmp_stat(const double *a, unsigned int na, const double *b,
		unsigned int nb, double delta, bool higher_better,
		unsigned int family, struct lm_cmp_stat *out)
{
	double ma, mb, *tmp;
	unsigned int n = na + nb;
	bool better, significant;
	int ret;

	memset(out, 0, sizeof(*out));
	out->ratio = NAN;
	if (!na || !nb) {
		lm_welch(a, na, b, nb, &out->welch);
		return 0;
	}
	tmp = malloc(sizeof(*tmp) * n);
	if (!tmp)
		return -ENOMEM;
	lm_welch_log(a, na, b, nb, tmp, &out->welch);
	memcpy(tmp, a, sizeof(*tmp) * na);
	ma = lm_median(tmp, na);
	memcpy(tmp, b, sizeof(*tmp) * nb);
	mb = lm_median(tmp, nb);
	free(tmp);
	out->verdict = LM_VERDICT_INCONCLUSIVE;
	if (ma <= 0)
		return 0;
	out->ratio = mb / ma;
	family = family ? family : 1;
	ret = lm_boot(a, na, b, nb, LM_BOOT_RESAMPLES, LM_BOOT_SEED, family,
		      &out->ci);
	if (ret)
		return ret;
	better = higher_better ? out->ratio > 1 : out->ratio < 1;
	/* no variance at all on either side: nothing for Welch to weigh,
	 * the bootstrap alone decides */
	significant = (out->ci.lo_fw > 1 || out->ci.hi_fw < 1) &&
		      (isnan(out->welch.p) || out->welch.p < 0.05 / family);
	if (na < LM_CMP_MIN_RUNS || nb < LM_CMP_MIN_RUNS)
		out->verdict = LM_VERDICT_INCONCLUSIVE;
	else if (significant && fabs(out->ratio - 1) >= delta)
		out->verdict = better ? LM_VERDICT_FASTER : LM_VERDICT_SLOWER;
	else if (out->ci.lo90 >= 1 / (1 + delta) && out->ci.hi90 <= 1 + delta)
		out->verdict = LM_VERDICT_EQUIVALENT;
	if (out->verdict == LM_VERDICT_INCONCLUSIVE)
		out->runs_needed =
			lm_runs_needed(a, na, b, nb, out->ratio, delta, family);
	return 0;
}

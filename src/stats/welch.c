// SPDX-License-Identifier: MIT
#include "src/stats/welch.h"
#include "src/stats/stats.h"

#include <errno.h>
#include <math.h>

struct lm_moments lm_moments_of(const double *v, unsigned int n)
{
	struct lm_moments m = { .n = n };
	double ss;

	if (!n)
		return m;
	ss = lm_sumsq_dev(v, n, &m.mean);
	m.var = n > 1 ? ss / (n - 1) : 0;
	return m;
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

double lm_t_q2(double p, double df)
{
	double lo = 0, hi = 1, mid = 0;
	unsigned int i;

	if (!(p > 0 && p < 1) || !(df > 0))
		return NAN;
	/* P(|T| >= t) falls as t grows: find a t past it, then bisect */
	while (lm_t_sf2(hi, df) > p && hi < 1e15)
		hi *= 2;
	for (i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
		mid = (lo + hi) / 2;
		if (lm_t_sf2(mid, df) > p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

int lm_welch_moments(const struct lm_moments *a, const struct lm_moments *b,
		     struct lm_welch *out)
{
	double sa, sb, se2;

	out->t = out->df = out->p = NAN;
	out->se = 0;
	if (a->n < 2 || b->n < 2)
		return -EDOM;
	sa = a->var / a->n;
	sb = b->var / b->n;
	se2 = sa + sb;
	if (!(se2 > 0))
		return -EDOM;
	out->se = sqrt(se2);
	out->t = (b->mean - a->mean) / out->se;
	out->df = se2 * se2 / (sa * sa / (a->n - 1) + sb * sb / (b->n - 1));
	out->p = lm_t_sf2(fabs(out->t), out->df);
	return 0;
}

int lm_welch(const double *a, unsigned int na, const double *b, unsigned int nb,
	     struct lm_welch *out)
{
	struct lm_moments ma = lm_moments_of(a, na), mb = lm_moments_of(b, nb);

	return lm_welch_moments(&ma, &mb, out);
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

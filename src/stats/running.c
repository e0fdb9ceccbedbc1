// SPDX-License-Identifier: MIT
/* A running summary of samples (running.h). */
#include "src/stats/running.h"

#include <math.h>

void lm_running_add(struct lm_running *r, uint64_t v)
{
	double x = (double)v, delta = x - r->mean;

	if (!r->n || v < r->min)
		r->min = v;
	if (!r->n || v > r->max)
		r->max = v;
	r->mean += delta / (double)(r->n + 1);
	r->s += delta * (x - r->mean);
	r->n++;
}

void lm_running_sum(struct lm_running *to, const struct lm_running *r)
{
	if (!r->n)
		return;
	if (!to->n) {
		*to = *r;
		return;
	}
	to->n += r->n;
	to->min += r->min;
	to->max += r->max;
	to->mean += r->mean;
	to->s += r->s;
}

void lm_running_pool(struct lm_running *to, const struct lm_running *r)
{
	double n, delta;

	if (!r->n)
		return;
	if (!to->n) {
		*to = *r;
		return;
	}
	n = (double)(to->n + r->n);
	delta = r->mean - to->mean;
	to->s += r->s + delta * delta * (double)to->n * (double)r->n / n;
	to->mean += delta * (double)r->n / n;
	to->n += r->n;
	to->min = r->min < to->min ? r->min : to->min;
	to->max = r->max > to->max ? r->max : to->max;
}

double lm_running_dev(const struct lm_running *r)
{
	return r->n > 1 ? sqrt(r->s / (double)(r->n - 1)) : 0.0;
}

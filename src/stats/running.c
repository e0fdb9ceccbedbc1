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

double lm_running_dev(const struct lm_running *r)
{
	return r->n > 1 ? sqrt(r->s / (double)(r->n - 1)) : 0.0;
}

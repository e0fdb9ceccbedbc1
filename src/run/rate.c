// SPDX-License-Identifier: MIT
/* A job's pace (rate.h). */
#include "src/run/rate.h"

#include <math.h>
#include <string.h>
#include <time.h>

void lm_rate_init(struct lm_rate *p, const struct lm_job *j, uint64_t seed)
{
	unsigned int d;

	memset(p, 0, sizeof(*p));
	for (d = 0; d < LM_DIRS; d++) {
		if (j->rate_iops[d])
			p->ns_per_io[d] = 1e9 / (double)j->rate_iops[d];
		if (j->rate_bytes[d])
			p->ns_per_byte[d] = 1e9 / (double)j->rate_bytes[d];
		p->on |= p->ns_per_io[d] > 0 || p->ns_per_byte[d] > 0;
	}
	p->poisson = j->rate_process == LM_RATE_POISSON;
	lm_rand_seed(&p->r, seed);
}

void lm_rate_start(struct lm_rate *p, uint64_t now)
{
	unsigned int d;

	for (d = 0; d < LM_DIRS; d++)
		p->next_ns[d] = (double)now;
}

/* An exponential draw of mean 1: -ln U, U uniform in (0, 1]. */
static double lm_rate_exp(struct lm_rate *p)
{
	double u = (double)((lm_rand_next(&p->r) >> 11) + 1) * 0x1p-53;

	return -log(u);
}

bool lm_rate_take(struct lm_rate *p, unsigned int dir, uint32_t len,
		  uint64_t now)
{
	double gap = p->ns_per_io[dir], by_bytes = p->ns_per_byte[dir] * len;

	if (by_bytes > gap)
		gap = by_bytes; /* both given: the stricter */
	if (gap <= 0)
		return true;
	if ((double)now < p->next_ns[dir])
		return false;
	p->next_ns[dir] += p->poisson ? gap * lm_rate_exp(p) : gap;
	return true;
}

uint64_t lm_rate_wake(const struct lm_rate *p)
{
	double at = 0;
	unsigned int d;

	for (d = 0; d < LM_DIRS; d++)
		if ((p->ns_per_io[d] > 0 || p->ns_per_byte[d] > 0) &&
		    (at == 0 || p->next_ns[d] < at))
			at = p->next_ns[d];
	return (uint64_t)ceil(at);
}

void lm_rate_sleep(uint64_t at_ns)
{
	uint64_t now = lm_now_ns();
	struct timespec ts;

	if (at_ns > now + LM_SEC_NS / 10)
		at_ns = now + LM_SEC_NS / 10;
	ts.tv_sec = (time_t)(at_ns / LM_SEC_NS);
	ts.tv_nsec = (long)(at_ns % LM_SEC_NS);
	clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
}

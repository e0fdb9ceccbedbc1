// SPDX-License-Identifier: MIT
/* A job's pace (rate.h). */
#include "src/run/rate.h"

#include <math.h>
#include <stdio.h>
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

	for (d = 0; d < LM_DIRS; d++) {
		p->next_ns[d] = (double)now;
		p->used[d] = false;
	}
}

/* An exponential draw of mean 1: -ln U, U uniform in (0, 1]. */
static double lm_rate_exp(struct lm_rate *p)
{
	double u = (double)((lm_rand_next(&p->r) >> 11) + 1) * 0x1p-53;

	return -log(u);
}

/* The gap an IO of @len bytes of direction @dir books (0: no cap). */
static double lm_rate_gap(const struct lm_rate *p, unsigned int dir,
			  uint32_t len)
{
	double by_bytes = p->ns_per_byte[dir] * len;

	return by_bytes > p->ns_per_io[dir] ? by_bytes : p->ns_per_io[dir];
}

bool lm_rate_take(struct lm_rate *p, unsigned int dir, uint32_t len,
		  uint64_t now)
{
	/* both given: the stricter */
	double gap = lm_rate_gap(p, dir, len);

	if (gap <= 0)
		return true;
	if ((double)now < p->next_ns[dir])
		return false;
	p->next_ns[dir] += p->poisson ? gap * lm_rate_exp(p) : gap;
	p->used[dir] = true;
	return true;
}

void lm_rate_retake(struct lm_rate *p, unsigned int dir, uint32_t was_len,
		    uint32_t now_len)
{
	if (p->on && was_len != now_len)
		p->next_ns[dir] += lm_rate_gap(p, dir, now_len) -
				   lm_rate_gap(p, dir, was_len);
}

bool lm_rate_take_mix(struct lm_rate *p, bool mixed, const struct lm_job *j,
		      struct lm_rand *mix, uint8_t *dir, uint32_t *len,
		      uint64_t now)
{
	if (lm_rate_take(p, *dir, *len, now))
		return true;
	if (!mixed)
		return false;
	*dir = *dir == LM_DIR_READ ? LM_DIR_WRITE : LM_DIR_READ;
	if (j->bs_vary)
		*len = lm_bs_pick(&j->bsd[*dir], mix, j->size_bytes);
	return lm_rate_take(p, *dir, *len, now);
}

uint64_t lm_rate_wake(const struct lm_rate *p)
{
	double at = 0;
	unsigned int d;

	/* a direction the job does not issue is never held: its schedule
	 * stands still in the past */
	for (d = 0; d < LM_DIRS; d++)
		if (p->used[d] && (at == 0 || p->next_ns[d] < at))
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

void lm_rate_min_init(struct lm_rate_min *m, const struct lm_job *j)
{
	unsigned int d;

	memset(m, 0, sizeof(*m));
	for (d = 0; d < LM_DIRS; d++) {
		m->bytes[d] = j->rate_min_bytes[d];
		m->iops[d] = j->rate_min_iops[d];
		m->on |= m->bytes[d] || m->iops[d];
	}
	m->cycle_ns = j->ratecycle_ms * 1000000ull;
}

void lm_rate_min_start(struct lm_rate_min *m, uint64_t now)
{
	memset(m->last_ns, 0, sizeof(m->last_ns));
	m->start_ns = now;
}

/* Direction @d at @now: -1 when its cycle's rate is below its floor (of
 * bytes, when rate_min is set, else of IOs), as fio's rule has it. */
static int lm_rate_min_dir(struct lm_rate_min *m, unsigned int d, uint64_t now,
			   uint64_t bytes, uint64_t ios, char *why, size_t len)
{
	static const char *const dir[LM_DIRS] = { "reads", "writes", "trims" };
	bool by_bytes = m->bytes[d] != 0;
	uint64_t spent = now - m->last_ns[d];
	uint64_t floor = by_bytes ? m->bytes[d] : m->iops[d];
	double moved = by_bytes ? (double)(bytes - m->last_bytes[d])
				: (double)(ios - m->last_ios[d]);
	double per_s;

	if (m->last_ns[d] && (spent < m->cycle_ns || !spent))
		return 0;
	per_s = moved * 1e9 / (double)spent;
	if (m->last_ns[d] && per_s < (double)floor) {
		snprintf(why, len,
			 "%s=%llu%s not met by the %s: %.0f %s over %.0f ms",
			 by_bytes ? "rate_min" : "rate_iops_min",
			 (unsigned long long)floor, by_bytes ? " B/s" : "",
			 dir[d], per_s, by_bytes ? "B/s" : "IOPS",
			 (double)spent / 1e6);
		return -1;
	}
	m->last_ns[d] = now;
	m->last_bytes[d] = bytes;
	m->last_ios[d] = ios;
	return 0;
}

int lm_rate_min_check(struct lm_rate_min *m, uint64_t now,
		      _Atomic uint64_t bytes[LM_DIRS],
		      _Atomic uint64_t ios[LM_DIRS], char *why, size_t len)
{
	uint64_t b, n;
	unsigned int d;

	if (now - m->start_ns < 2 * LM_SEC_NS)
		return 0;
	for (d = 0; d < LM_DIRS; d++) {
		b = atomic_load_explicit(&bytes[d], memory_order_relaxed);
		n = atomic_load_explicit(&ios[d], memory_order_relaxed);
		if ((m->bytes[d] || m->iops[d]) && n &&
		    lm_rate_min_dir(m, d, now, b, n, why, len))
			return -1;
	}
	return 0;
}

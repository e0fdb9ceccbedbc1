// SPDX-License-Identifier: MIT
/* fio's random_distribution (dist.h). */
#include "src/job/dist.h"
#include "src/job/offset.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A uniform double in (0, 1). */
static double lm_dist_u(struct lm_rand *r)
{
	return ((double)(lm_rand_next(r) >> 11) + 0.5) / 9007199254740992.0;
}

/* expm1(x) / x and log1p(x) / x, both 1 at 0 */
static double lm_dist_expm1x(double x)
{
	return fabs(x) > 1e-8 ? expm1(x) / x : 1.0 + x / 2.0;
}

static double lm_dist_log1px(double x)
{
	return fabs(x) > 1e-8 ? log1p(x) / x : 1.0 - x / 2.0;
}

/* The integral of x^-s, and its inverse (rejection-inversion sampling of
 * Zipf's law, Hormann and Derflinger 1996: no table of n entries). */
static double lm_zipf_h(double x, double s)
{
	double l = log(x);

	return lm_dist_expm1x((1.0 - s) * l) * l;
}

static double lm_zipf_hinv(double y, double s)
{
	return exp(lm_dist_log1px((1.0 - s) * y) * y);
}

/* A rank of [1, n] with P(k) proportional to k^-s. */
static uint64_t lm_zipf_rank(double s, uint64_t n, struct lm_rand *r)
{
	double lo = lm_zipf_h(1.5, s) - 1.0, hi = lm_zipf_h((double)n + 0.5, s);
	double sq = 2.0 - lm_zipf_hinv(lm_zipf_h(2.5, s) - pow(2.0, -s), s);
	double u, x;
	uint64_t k;

	for (;;) {
		u = hi + lm_dist_u(r) * (lo - hi);
		x = lm_zipf_hinv(u, s);
		k = x < 1.0 ? 1 : (uint64_t)(x + 0.5);
		if (k > n)
			k = n;
		if ((double)k - x <= sq ||
		    u >= lm_zipf_h((double)k + 0.5, s) - pow((double)k, -s))
			return k;
	}
}

/* A hot rank's block: spread over the region, not packed at its start. */
static uint64_t lm_dist_spread(uint64_t rank, uint64_t n)
{
	return (rank * 0x9e3779b97f4a7c15ull) % n;
}

static uint64_t lm_dist_zoned(const struct lm_dist *d, struct lm_rand *r,
			      uint64_t n)
{
	double u = lm_dist_u(r) * 100.0, from = 0;
	unsigned int i;
	uint64_t a, b;

	for (i = 0; i + 1 < d->nzones && u >= d->io_cum[i]; i++)
		;
	if (i)
		from = d->size_cum[i - 1];
	a = (uint64_t)((double)n * from / 100.0);
	b = (uint64_t)((double)n * d->size_cum[i] / 100.0);
	if (b <= a)
		b = a + 1 <= n ? a + 1 : n;
	if (a >= n)
		a = n - 1;
	return a + lm_rand_below(r, b - a);
}

uint64_t lm_dist_next(const struct lm_dist *d, struct lm_rand *r, uint64_t n)
{
	double z, v;

	switch (d->kind) {
	case LM_DIST_ZIPF:
		return lm_dist_spread(lm_zipf_rank(d->param, n, r) - 1, n);
	case LM_DIST_PARETO:
		/* a power law: the share h of the IOs in the share 1 - h of
		 * the blocks */
		v = pow(lm_dist_u(r), log(d->param) / log(1.0 - d->param));
		return lm_dist_spread((uint64_t)(v * (double)(n - 1)), n);
	case LM_DIST_NORMAL:
		/* Box-Muller, around the middle, wrapped into the region */
		z = sqrt(-2.0 * log(lm_dist_u(r))) *
		    cos(2.0 * M_PI * lm_dist_u(r));
		v = fmod((double)n / 2.0 + z * d->param / 100.0 * (double)n,
			 (double)n);
		return (uint64_t)(v < 0 ? v + (double)n : v) % n;
	case LM_DIST_ZONED:
		return lm_dist_zoned(d, r, n);
	case LM_DIST_UNIFORM:
		break;
	}
	return lm_rand_below(r, n);
}

/*
 * A skip's walk, in units of the greatest common divisor of the block and
 * the skip (the block itself for a skip of whole blocks): an IO is @r
 * units, fio's step from one IO's start to the next's (bs plus the skip)
 * @step units, negative back, and the region @n units; @room the bytes
 * from the region's start an IO may end at.
 */
struct lm_dist_walk {
	uint64_t unit, r, n, room, size;
	int64_t step;
};

static struct lm_dist_walk lm_dist_walk(const struct lm_dist *d, uint64_t n,
					uint32_t bs)
{
	uint64_t a = bs, b = (uint64_t)llabs(d->skip_bytes), t;
	struct lm_dist_walk w;

	while (b) {
		t = a % b;
		a = b;
		b = t;
	}
	w.unit = a;
	w.r = bs / a;
	w.n = n * w.r;
	w.room = d->room_bytes > n * bs ? d->room_bytes : n * bs;
	w.size = d->size_bytes ? d->size_bytes : n * bs;
	w.step = ((int64_t)bs + d->skip_bytes) / (int64_t)a;
	return w;
}

/* A skip back's step down in bytes, and fio's io_size plus the skip (the
 * top it wraps to), negative: none, the pass ends instead. */
static uint64_t lm_dist_down(const struct lm_dist_walk *w, int64_t *top)
{
	uint64_t down = (uint64_t)-w->step * w->unit;

	*top = (int64_t)((w->n - w->r) * w->unit) - (int64_t)down;
	return down;
}

/*
 * A skip back of a block or more (step 0 or less), in bytes from the
 * region's start, as fio's get_next_seq_offset(): from d->back_first (0
 * from the target's start) down by the step while at or past 0, then
 * from the top, again from there each time it passes 0.
 */
static uint64_t lm_dist_back(const struct lm_dist *d,
			     const struct lm_dist_walk *w, uint64_t claim)
{
	uint64_t f = d->back_first, down, m;
	int64_t top;

	down = lm_dist_down(w, &top);
	if (!down)
		return f;
	m = f / down + 1;
	if (top < 0)
		return f - claim % m * down;
	if (claim < m)
		return f - claim * down;
	return (uint64_t)top - (claim - m) % ((uint64_t)top / down + 1) * down;
}

/* The IOs a skip forward starts before the region's end (the size as
 * asked, a part block too: fio's offset past io_size ends the pass). */
static uint64_t lm_dist_sweep(const struct lm_dist_walk *w)
{
	uint64_t step = (uint64_t)w->step * w->unit;

	return (w->size + step - 1) / step;
}

/* The IOs a skip forward starts in one sweep of the region, as fio's
 * get_next_offset() ends it: every step-th unit, up to the first that
 * starts past the region's end or would end past the room. */
static uint64_t lm_dist_spots(const struct lm_dist *d,
			      const struct lm_dist_walk *w)
{
	uint64_t step = (uint64_t)w->step, k, fit, down;
	int64_t top;

	if (w->step <= 0) {
		down = lm_dist_down(w, &top);
		if (down && top < 0) /* fio's first run down, then the end */
			return d->back_first / down + 1;
		return w->n / w->r;
	}
	if (w->step <= (int64_t)w->r)
		return w->n / w->r;
	k = lm_dist_sweep(w);
	fit = (w->room - w->r * w->unit) / (step * w->unit) + 1;
	return fit < k ? fit : k;
}

uint64_t lm_dist_pass(const struct lm_dist *d, uint64_t n, uint32_t bs)
{
	struct lm_dist_walk w = lm_dist_walk(d, n, bs);

	/* wrapped, fio goes on until it has moved the size */
	return d->wrap ? (w.size + bs - 1) / bs : lm_dist_spots(d, &w);
}

/* fio's first IO of a skip back from @start (rewound to io_size, the
 * region's end, then the skip taken), in bytes from the region's start;
 * 0 from the target's start */
static uint64_t lm_dist_back_first(const struct lm_dist_walk *w, uint64_t start,
				   int64_t skip)
{
	uint64_t io = w->n * w->unit;
	int64_t top;

	lm_dist_down(w, &top);
	if (!start || io == start)
		return 0;
	if (io > start && io - start >= (uint64_t)-skip)
		return io - start - (uint64_t)-skip;
	return top < 0 ? 0 : (uint64_t)top; /* past 0: fio wraps */
}

void lm_dist_fit(struct lm_dist *d, uint64_t n, uint32_t bs,
		 uint64_t target_bytes, uint64_t start_bytes, bool alone)
{
	struct lm_dist_walk w;
	uint64_t k, room = target_bytes - start_bytes;

	d->wrap = false;
	d->room_bytes = room;
	d->back_first = 0;
	w = lm_dist_walk(d, n, bs);
	if (w.step <= 0 && alone)
		d->back_first =
			lm_dist_back_first(&w, start_bytes, d->skip_bytes);
	if (!alone || start_bytes || w.step <= (int64_t)w.r || !n)
		return;
	/* every IO of the sweep fits, the last does not end right at the
	 * target's end, and the next would start past it: back to 0 */
	k = lm_dist_spots(d, &w);
	d->wrap = k == lm_dist_sweep(&w) &&
		  ((k - 1) * (uint64_t)w.step + w.r) * w.unit < room &&
		  k * (uint64_t)w.step * w.unit >= room;
}

uint64_t lm_dist_seq(const struct lm_dist *d, uint64_t claim, uint64_t n,
		     uint32_t bs)
{
	struct lm_dist_walk w = lm_dist_walk(d, n, bs);
	uint64_t b, zone, i, len;

	if (w.step > (int64_t)w.r)
		return claim % lm_dist_spots(d, &w) * (uint64_t)w.step * w.unit;
	if (w.step <= 0)
		return lm_dist_back(d, &w, claim);
	b = claim % n;
	if (d->zone_bytes >= bs) {
		zone = lm_dist_zone(d, b, n, bs, &i, &len);
		b = (zone + i % len) % n;
	}
	return b * bs;
}

uint64_t lm_dist_zone(const struct lm_dist *d, uint64_t k, uint64_t n,
		      uint32_t bs, uint64_t *i, uint64_t *len)
{
	uint64_t visit = d->zone_bytes / bs ? d->zone_bytes / bs : 1;
	uint64_t stride;

	*len = d->zone_range_bytes / bs ? d->zone_range_bytes / bs : 1;
	stride = *len + d->zone_skip_bytes / bs;
	*i = k % visit;
	/* as fio's: a zone past the region's end starts over at its
	 * start, so the zones are those that begin inside it */
	return (uint64_t)((unsigned __int128)(k / visit %
					      ((n + stride - 1) / stride)) *
			  stride);
}

/* zoned:A/S:A/S...: shares of IOs and of the region, each adding up to
 * 100 (an empty last S: what is left) */
static int lm_dist_parse_zones(char *p, struct lm_dist *d)
{
	double io = 0, size = 0, a, s;
	char *tok, *save = NULL, *slash, *end;

	for (tok = strtok_r(p, ":", &save); tok;
	     tok = strtok_r(NULL, ":", &save)) {
		slash = strchr(tok, '/');
		if (!slash || d->nzones == LM_DIST_ZONES)
			return -EINVAL;
		*slash++ = '\0';
		a = strtod(tok, &end);
		if (end == tok || *end || a < 0)
			return -EINVAL;
		s = *slash ? strtod(slash, &end) : 100.0 - size;
		if (*slash && (end == slash || *end || s < 0))
			return -EINVAL;
		io += a;
		size += s;
		d->io_cum[d->nzones] = io;
		d->size_cum[d->nzones++] = size;
	}
	if (!d->nzones || fabs(io - 100.0) > 1e-6 || fabs(size - 100.0) > 1e-6)
		return -EINVAL;
	return 0;
}

int lm_dist_parse(const char *v, struct lm_dist *d)
{
	char buf[256], *arg, *end;

	memset(d, 0, sizeof(*d));
	if (!strcmp(v, "random"))
		return 0;
	if (strlen(v) >= sizeof(buf))
		return -EINVAL;
	memcpy(buf, v, strlen(v) + 1);
	arg = strchr(buf, ':');
	if (!arg)
		return -EINVAL;
	*arg++ = '\0';
	if (!strcmp(buf, "zoned")) {
		d->kind = LM_DIST_ZONED;
		return lm_dist_parse_zones(arg, d);
	}
	d->param = strtod(arg, &end);
	if (end == arg || *end)
		return -EINVAL;
	if (!strcmp(buf, "zipf") && d->param > 0 && d->param != 1.0)
		d->kind = LM_DIST_ZIPF;
	else if (!strcmp(buf, "pareto") && d->param > 0 && d->param < 1.0)
		d->kind = LM_DIST_PARETO;
	else if (!strcmp(buf, "normal") && d->param > 0 && d->param < 100.0)
		d->kind = LM_DIST_NORMAL;
	else
		return -EINVAL;
	return 0;
}

// SPDX-License-Identifier: MIT
#include "src/job/offset.h"
#include "src/job/job.h"

static uint64_t lm_splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

void lm_rand_seed(struct lm_rand *r, uint64_t seed)
{
	unsigned int i;

	for (i = 0; i < 4; i++)
		r->s[i] = lm_splitmix64(&seed);
}

void lm_cursor_init(struct lm_cursor *c)
{
	atomic_init(&c->next, 0);
	atomic_init(&c->limit, UINT64_MAX);
	atomic_init(&c->at[0], 0);
	atomic_init(&c->at[1], 0);
}

void lm_cursor_pass(struct lm_cursor *c, uint64_t claims)
{
	uint64_t b = atomic_load(&c->next);

	/* The limit is set before the mark, for the index the mark is set
	 * at: a claim without the mark is below any such limit, so a
	 * failed exchange (somebody claimed) only moves it. */
	do
		atomic_store(&c->limit, LM_CURSOR_PASS | (b + claims));
	while (!atomic_compare_exchange_weak(&c->next, &b, b | LM_CURSOR_PASS));
}

void lm_offset_init(struct lm_offset_gen *g, uint64_t start_bytes,
		    uint64_t nblocks, uint32_t bs_bytes,
		    unsigned int random_pct, struct lm_cursor *cursor,
		    uint64_t seed, unsigned int thread)
{
	g->start_bytes = start_bytes;
	g->nblocks = nblocks;
	g->bs_bytes = bs_bytes;
	g->random_pct = random_pct;
	g->cursor = cursor;
	lm_rand_seed(&g->rand, seed ^ (0x5851f42d4c957f2dull * (thread + 1)));
	/* a mixed stream starts at a random block */
	g->last = random_pct ? lm_rand_below(&g->rand, nblocks) : 0;
	g->map_mask = 0;
	g->zones = g->zone_map = false;
	g->zone_k = 0;
	g->pass = false;
	g->split = false;
	g->dist = NULL;
	g->seq_nr = 0;
}

/* The values a bijection of [0, @n) walks: all ones, at least n - 1;
 * *@shift its fold, half its bits plus 1. */
static uint64_t lm_perm_mask(uint64_t n, unsigned int *shift)
{
	uint64_t mask = 1;
	unsigned int bits;

	while (mask < n - 1 && mask < UINT64_MAX / 2)
		mask = mask * 2 + 1;
	for (bits = 0; mask >> bits; bits++)
		;
	*shift = bits / 2 + 1;
	return mask;
}

void lm_offset_map(struct lm_offset_gen *g, uint64_t key)
{
	g->map_mask = lm_perm_mask(g->nblocks, &g->map_shift);
	g->map_key = key;
}

/*
 * Three rounds of bijections of the k-bit values (multiply by an odd
 * number, add a key, fold the high half onto the low one), then cycle
 * walking: a value at or above nblocks is permuted again until it falls
 * inside, which keeps the whole a bijection of [0, nblocks). The domain
 * is under twice nblocks, so fewer than two rounds are needed on average.
 */
static const uint64_t lm_perm_mul[3] = { 0x9e3779b97f4a7c15ull,
					 0xbf58476d1ce4e5b9ull,
					 0x94d049bb133111ebull };

/* Element @i of a bijection of [0, @n) of @key's, over the values of
 * @mask (at least n - 1, all ones) folded by @shift. */
static uint64_t lm_perm_of(uint64_t n, uint64_t mask, unsigned int shift,
			   uint64_t key, uint64_t i)
{
	uint64_t x = i;
	unsigned int r;

	do {
		for (r = 0; r < 3; r++) {
			x = (x * lm_perm_mul[r]) & mask;
			x = (x + (key >> (r * 8)) * lm_perm_mul[2 - r]) & mask;
			x ^= x >> shift;
		}
	} while (x >= n);
	return x;
}

uint64_t lm_perm(const struct lm_offset_gen *g, uint64_t i, uint64_t pass)
{
	return lm_perm_of(g->nblocks, g->map_mask, g->map_shift,
			  g->map_key ^ (pass * lm_perm_mul[0]), i);
}

void lm_offset_zone_map(struct lm_offset_gen *g, uint64_t key)
{
	uint64_t i, len;

	g->zone_map = g->zones;
	g->map_key = key;
	if (!g->zones)
		return;
	lm_dist_zone(g->dist, 0, g->nblocks, g->bs_bytes, &i, &len);
	g->zone_mask = lm_perm_mask(len, &g->zone_shift);
}

uint64_t lm_offset_zoned(struct lm_offset_gen *g, unsigned int units)
{
	uint64_t k = g->zone_k, zone, i, len, x;

	g->zone_k += units;
	zone = lm_dist_zone(g->dist, k, g->nblocks, g->bs_bytes, &i, &len);
	if (!g->zone_map)
		return (zone + lm_dist_next(g->dist, &g->rand, len)) %
		       g->nblocks;
	/* a round of the zone's blocks: its visit (k - i, each visit's
	 * first block) and how many rounds of it went before */
	x = lm_perm_of(len, g->zone_mask, g->zone_shift,
		       g->map_key ^ ((k - i + i / len) * lm_perm_mul[0]),
		       i % len);
	return (zone + x) % g->nblocks;
}

uint64_t lm_offset_room(const struct lm_offset_gen *g, uint64_t *at)
{
	*at = atomic_load_explicit(&g->cursor->next, memory_order_relaxed);
	return g->nblocks - (*at & ~LM_CURSOR_PASS) % g->nblocks;
}

int lm_offset_claim(struct lm_offset_gen *g, uint64_t at, unsigned int units,
		    uint64_t *off)
{
	uint64_t b = at;

	if (!atomic_compare_exchange_strong_explicit(
		    &g->cursor->next, &b, at + units, memory_order_relaxed,
		    memory_order_relaxed))
		return 0;
	if (at >= atomic_load_explicit(&g->cursor->limit, memory_order_relaxed))
		return -1;
	g->pass = at & LM_CURSOR_PASS;
	*off = g->start_bytes +
	       (at & ~LM_CURSOR_PASS) % g->nblocks * g->bs_bytes;
	return 1;
}

static uint32_t lm_bs_draw(const struct lm_bsdir *b, struct lm_rand *r)
{
	unsigned int i, p;

	if (!b->n)
		return b->lo * (1 + (uint32_t)lm_rand_below(r, b->hi / b->lo));
	p = (unsigned int)lm_rand_below(r, 100);
	for (i = 0; i + 1 < b->n && p >= b->cum_pct[i]; i++)
		;
	return b->bs[i];
}

uint32_t lm_bs_pick(const struct lm_bsdir *b, struct lm_rand *r, uint64_t room)
{
	unsigned int tries;
	uint32_t len;

	for (tries = 0; tries < 64; tries++) {
		len = lm_bs_draw(b, r);
		if (len <= room)
			return len;
	}
	/* the smallest size fits: the job's region is at least that */
	return lm_bsdir_end(b, false);
}

uint64_t lm_bs_place(uint64_t start, uint64_t region, uint64_t off,
		     uint32_t len, uint32_t align)
{
	uint64_t rel = off - start;

	rel -= rel % align;
	if (rel + len > region)
		rel = (region - len) / align * align;
	return start + rel;
}

/* SPDX-License-Identifier: MIT */
/*
 * Offsets for IO: sequential with one cursor shared by every thread of a
 * run (so in each pass over the region every block is touched by exactly
 * one thread, DiskSpd's -si), and uniform random, block-aligned, from a
 * per-thread xoshiro256** generator seeded deterministically.
 *
 * A region is @nblocks blocks of @bs_bytes starting at @start_bytes.
 */
#ifndef LM_OFFSET_H
#define LM_OFFSET_H

#include "src/job/dist.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/*
 * The shared sequential cursor: a block counter that never wraps. A claim
 * carrying LM_CURSOR_PASS is one of the measured pass (lm_cursor_pass());
 * the block index is the claim without it.
 */
struct lm_cursor {
	_Alignas(64) _Atomic uint64_t next;
	/* claims at or above this are refused; UINT64_MAX = no limit */
	_Atomic uint64_t limit;
	/* a mixed sequential job's (rw=rw): where the reads [0] and the
	 * writes [1] stand, each walking the region on its own, as fio's
	 * last_pos[ddir]; the claims from next only limit and mark */
	_Atomic uint64_t at[2];
};

#define LM_CURSOR_PASS (1ull << 63)

struct lm_rand {
	uint64_t s[4];
};

void lm_rand_seed(struct lm_rand *r, uint64_t seed);

static inline uint64_t lm_rand_rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

/* xoshiro256** (Blackman and Vigna, public domain algorithm). */
static inline uint64_t lm_rand_next(struct lm_rand *r)
{
	uint64_t *s = r->s;
	uint64_t out = lm_rand_rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = lm_rand_rotl(s[3], 45);
	return out;
}

/* Uniform in [0, n), n > 0, without modulo bias (Lemire's method). */
static inline uint64_t lm_rand_below(struct lm_rand *r, uint64_t n)
{
	unsigned __int128 m = (unsigned __int128)lm_rand_next(r) * n;
	uint64_t low = (uint64_t)m, floor;

	if (low < n) {
		floor = -n % n;
		while (low < floor) {
			m = (unsigned __int128)lm_rand_next(r) * n;
			low = (uint64_t)m;
		}
	}
	return (uint64_t)(m >> 64);
}

/* Where a run of fio's rw=randread:N that would pass its region's end
 * goes, as fio's get_next_block() and get_next_seq_offset() send it. */
enum lm_seq_end {
	LM_SEQ_DRAW, /* the region ends at the target's: a drawn offset */
	LM_SEQ_STOP, /* it ends before: the pass ends (fio: past io_size) */
	LM_SEQ_WRAP, /* a time-based job: the region's start */
};

struct lm_offset_gen {
	uint64_t start_bytes;
	uint64_t nblocks;
	uint32_t bs_bytes;
	unsigned int random_pct;  /* 0 sequential, 100 random, else mixed */
	struct lm_cursor *cursor; /* sequential only, shared */
	struct lm_rand rand;
	uint64_t last; /* mixed: the block before, which a sequential
			* offset continues from */
	/* a random map: the shared cursor's n-th claim is block
	 * lm_perm(n mod nblocks) of pass n / nblocks, each pass its own
	 * order; 0 when off */
	uint64_t map_mask;
	uint64_t map_key;
	unsigned int map_shift; /* the fold: half the mask's bits, plus 1 */
	bool pass;  /* the last claim from the cursor was of the pass */
	bool split; /* sequential, mixed: each direction at its own place */
	/* random offsets drawn from it (fio's random_distribution); NULL:
	 * uniform */
	const struct lm_dist *dist;
	/* a random job in strided zones (dist's, lm_offset_zoned()): the
	 * blocks given so far; zone_map: each zone's blocks once a round of
	 * its length, in an order of map_key's (fio's map, reset each
	 * zonerange) */
	uint64_t zone_k;
	uint64_t zone_mask; /* the zone's bijection's (lm_perm()'s kind) */
	unsigned int zone_shift;
	bool zones, zone_map;
	/* fio's rw=randread:N: every seq_nr-th offset drawn (the first
	 * too), those between the blocks after its direction's IO before,
	 * or that IO's again (seq_ident); 0: off (lm_offset_seq()) */
	unsigned int seq_nr;
	bool seq_ident;
	enum lm_seq_end seq_end;
	uint64_t seq_k; /* offsets given so far */
	/* per direction, as fio's last_pos and last_start: where its IO
	 * before began, and the block after it */
	uint64_t seq_start[2], seq_next[2];
};

void lm_cursor_init(struct lm_cursor *c);

/*
 * Start the measured pass of @claims claims where the cursor stands,
 * while other threads may be claiming: every claim from here on carries
 * LM_CURSOR_PASS, every one before does not, and exactly @claims blocks
 * (or fewer, larger claims) are let through. So a size-limited pass after
 * a ramp counts its IOs by their claim, not by when they completed.
 */
void lm_cursor_pass(struct lm_cursor *c, uint64_t claims);

/*
 * @random_pct of the offsets are random (fio's percentage_random): 100
 * for a random job, 0 for a sequential one, which shares @cursor with the
 * other threads. In between, one stream per thread: each offset is random
 * with that probability and otherwise the block after the one before.
 * @seed and @thread give each thread its own random stream; the same pair
 * always gives the same offsets.
 */
void lm_offset_init(struct lm_offset_gen *g, uint64_t start_bytes,
		    uint64_t nblocks, uint32_t bs_bytes,
		    unsigned int random_pct, struct lm_cursor *cursor,
		    uint64_t seed, unsigned int thread);

/*
 * Random offsets that touch every block once per pass, in an order of
 * @key's (fio's default random map): claims come from the shared cursor,
 * as for a sequential job, and are permuted. For random jobs of one block
 * size; call after lm_offset_init().
 */
void lm_offset_map(struct lm_offset_gen *g, uint64_t key);

/* A sequential job mixing reads and writes (rw=rw): its reads and its
 * writes each walk the region from its start, on positions of their own
 * (fio's), not one position for both (after lm_offset_init()). */
static inline void lm_offset_split(struct lm_offset_gen *g)
{
	g->split = !g->random_pct;
}

/* A random generator's offsets in runs of @nr (fio's rw=randread:N):
 * the first drawn, the others continuing from their direction's IO
 * before, or (@ident, fio's rw_sequencer=identical) repeating it; one
 * that would pass the region's end goes where @end says. After
 * lm_offset_init(). */
static inline void lm_offset_seq(struct lm_offset_gen *g, unsigned int nr,
				 bool ident, enum lm_seq_end end)
{
	g->seq_nr = g->random_pct ? nr : 0;
	g->seq_ident = ident;
	g->seq_end = end;
	g->seq_k = 0;
	memset(g->seq_start, 0, sizeof(g->seq_start));
	memset(g->seq_next, 0, sizeof(g->seq_next));
}

/* Random offsets from @d (after lm_offset_init(); uniform: no change),
 * in its strided zones where it has them. */
static inline void lm_offset_dist(struct lm_offset_gen *g,
				  const struct lm_dist *d)
{
	g->dist = lm_dist_placed(d) ? d : NULL;
	g->zones = d->zone_bytes >= g->bs_bytes;
	g->zone_k = 0;
}

/* A random job in strided zones touches each zone's blocks once a round,
 * in an order of @key's (after lm_offset_dist()). */
void lm_offset_zone_map(struct lm_offset_gen *g, uint64_t key);

/* A random job's block for an IO of @units blocks in its strided zones
 * (lm_dist_zone()): in the zone of its place, drawn there, or with the
 * zone map the next of the round's order. */
uint64_t lm_offset_zoned(struct lm_offset_gen *g, unsigned int units);

/* A random block of the region. */
static inline uint64_t lm_offset_random(struct lm_offset_gen *g)
{
	return g->dist ? lm_dist_next(g->dist, &g->rand, g->nblocks)
		       : lm_rand_below(&g->rand, g->nblocks);
}

/* Block @i of pass @pass of the map: a bijection of [0, nblocks). */
uint64_t lm_perm(const struct lm_offset_gen *g, uint64_t i, uint64_t pass);

/*
 * The next offset in bytes, for an IO of @units blocks (a sequential
 * cursor moves that far) in direction @dir (0 read, 1 write: a split
 * generator's position; else unused). Returns false when the shared
 * cursor has reached its limit (a size-limited sequential run is done).
 */
static inline bool lm_offset_next_dir(struct lm_offset_gen *g, uint64_t *off,
				      unsigned int units, unsigned int dir)
{
	unsigned int d = dir & 1;
	uint64_t b, at, part = 0;

	if (g->seq_nr && g->seq_k++ % g->seq_nr) {
		b = g->seq_ident ? g->seq_start[d] : g->seq_next[d];
		if (b + units > g->nblocks && g->seq_end == LM_SEQ_STOP)
			return false;
		if (b + units > g->nblocks)
			b = g->seq_end == LM_SEQ_WRAP ? 0 : lm_offset_random(g);
	} else if (g->map_mask) {
		b = atomic_fetch_add_explicit(&g->cursor->next, 1,
					      memory_order_relaxed);
		if (b >= atomic_load_explicit(&g->cursor->limit,
					      memory_order_relaxed))
			return false;
		g->pass = b & LM_CURSOR_PASS;
		b &= ~LM_CURSOR_PASS;
		b = lm_perm(g, b % g->nblocks, b / g->nblocks);
	} else if (g->random_pct >= 100) {
		b = g->zones ? lm_offset_zoned(g, units) : lm_offset_random(g);
	} else if (g->random_pct) {
		if (lm_rand_below(&g->rand, 100) < g->random_pct)
			b = lm_offset_random(g);
		else
			b = g->last + 1 < g->nblocks ? g->last + 1 : 0;
		g->last = b;
	} else {
		b = atomic_fetch_add_explicit(&g->cursor->next, units,
					      memory_order_relaxed);
		if (b >= atomic_load_explicit(&g->cursor->limit,
					      memory_order_relaxed))
			return false;
		g->pass = b & LM_CURSOR_PASS;
		b &= ~LM_CURSOR_PASS;
		if (g->split)
			b = atomic_fetch_add_explicit(&g->cursor->at[dir & 1],
						      units,
						      memory_order_relaxed);
		if (g->dist) {
			at = lm_dist_seq(g->dist, b, g->nblocks, g->bs_bytes);
			b = at / g->bs_bytes;
			part = at % g->bs_bytes; /* a skip of part of a block */
		} else {
			b %= g->nblocks;
		}
	}
	if (g->seq_nr) {
		g->seq_start[d] = b;
		g->seq_next[d] = b + units;
		g->last = b; /* percentage_random's next block follows it */
	}
	*off = g->start_bytes + b * g->bs_bytes + part;
	return true;
}

/*
 * A sequential job of several block sizes (bsrange, bssplit) fits each
 * pass's last IO to the region's end, as fio draws a size again until it
 * fits. lm_offset_room() says where the shared cursor stands (*@at, to
 * give back) and how many blocks its pass has left from there;
 * lm_offset_claim() then claims @units blocks from *@at: 1, with the
 * offset in *@off; 0 when another thread claimed first (ask the room
 * again); -1 when the cursor has reached its limit. For generators of
 * neither random offsets, nor a position per direction, nor placed
 * offsets (lm_offset_fits()).
 */
static inline bool lm_offset_fits(const struct lm_offset_gen *g)
{
	return !g->map_mask && !g->random_pct && !g->split && !g->dist;
}

uint64_t lm_offset_room(const struct lm_offset_gen *g, uint64_t *at);
int lm_offset_claim(struct lm_offset_gen *g, uint64_t at, unsigned int units,
		    uint64_t *off);

/* The same for a read of one block. */
static inline bool lm_offset_next(struct lm_offset_gen *g, uint64_t *off)
{
	return lm_offset_next_dir(g, off, 1, 0);
}

struct lm_bsdir; /* job.h */

/* bsrange and bssplit: a block size of direction @b for the next IO, one
 * of @room bytes or less. As fio's, a size that does not fit is drawn
 * again (bsrange=8k-16k size=12k does 8k IOs); after 64 draws, the
 * smallest is taken. */
uint32_t lm_bs_pick(const struct lm_bsdir *b, struct lm_rand *r, uint64_t room);

/*
 * An IO of @len bytes at @off, from a generator of a job's smallest
 * blocks over the @region bytes from @start: aligned to @align (its
 * direction's smallest size, as fio's blockalign) within the region, and
 * moved back when it would end past the region's end.
 */
uint64_t lm_bs_place(uint64_t start, uint64_t region, uint64_t off,
		     uint32_t len, uint32_t align);

#endif

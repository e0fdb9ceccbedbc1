/* SPDX-License-Identifier: MIT */
/*
 * fio's random map for a random job of several block sizes (bssplit,
 * bsrange): one bit per smallest block of the region, set once an IO has
 * covered it. A random start already covered moves on to the next block
 * not covered (wrapping to the region's start), and an IO is cut short
 * at the first block an earlier IO covered, so that each pass covers
 * every block once. That is what fio 3.33 does (io_u.c's
 * mark_random_map()), and it is why fio's IOs of such a job come out
 * smaller on average than its bssplit asks for.
 *
 * One map per thread, used by that thread only.
 */
#ifndef LM_BLOCKMAP_H
#define LM_BLOCKMAP_H

#include <stdint.h>

/* The largest map: 2^30 blocks (128 MiB of bits; 512 GiB of 512-byte
 * blocks). A larger region runs without one (fio's norandommap). */
#define LM_BLOCKMAP_MAX_BLOCKS (1ull << 30)

struct lm_blockmap {
	uint64_t *bits; /* a bit per block: covered */
	uint64_t *full; /* a bit per word of bits: all 64 covered */
	uint64_t nblocks;
	uint64_t left; /* blocks not covered */
};

/* A map of @nblocks blocks, none covered. Returns 0, -E2BIG above
 * LM_BLOCKMAP_MAX_BLOCKS (or for none), or -ENOMEM. */
int lm_blockmap_init(struct lm_blockmap *m, uint64_t nblocks);
void lm_blockmap_free(struct lm_blockmap *m);

/* Every block uncovered again: the next pass. */
void lm_blockmap_clear(struct lm_blockmap *m);

/* @b if it is not covered, else the first block after it that is not,
 * wrapping to block 0; UINT64_MAX when every block is covered. */
uint64_t lm_blockmap_free_at(const struct lm_blockmap *m, uint64_t b);

/* Cover up to @n blocks from @b (not covered, b < nblocks), stopping
 * before the first one covered already or the map's end. Returns how
 * many were covered: at least 1. */
uint64_t lm_blockmap_take(struct lm_blockmap *m, uint64_t b, uint64_t n);

#endif

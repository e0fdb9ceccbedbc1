// SPDX-License-Identifier: MIT
/* fio's random map for a job of several block sizes (blockmap.h). */
#include "src/job/blockmap.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static uint64_t lm_words(uint64_t bits)
{
	return (bits + 63) / 64;
}

/* The bits past the map's end are set: they are never free. */
static void lm_blockmap_tail(struct lm_blockmap *m)
{
	uint64_t nw = lm_words(m->nblocks);
	unsigned int used = (unsigned int)(m->nblocks % 64);

	if (used)
		m->bits[nw - 1] |= ~0ull << used;
	used = (unsigned int)(nw % 64);
	if (used)
		m->full[lm_words(nw) - 1] |= ~0ull << used;
}

int lm_blockmap_init(struct lm_blockmap *m, uint64_t nblocks)
{
	memset(m, 0, sizeof(*m));
	if (!nblocks || nblocks > LM_BLOCKMAP_MAX_BLOCKS)
		return -E2BIG;
	m->bits = calloc(lm_words(nblocks), sizeof(*m->bits));
	m->full = calloc(lm_words(lm_words(nblocks)), sizeof(*m->full));
	if (!m->bits || !m->full) {
		lm_blockmap_free(m);
		return -ENOMEM;
	}
	m->nblocks = nblocks;
	m->left = nblocks;
	lm_blockmap_tail(m);
	return 0;
}

void lm_blockmap_free(struct lm_blockmap *m)
{
	free(m->bits);
	free(m->full);
	memset(m, 0, sizeof(*m));
}

void lm_blockmap_clear(struct lm_blockmap *m)
{
	uint64_t nw = lm_words(m->nblocks);

	memset(m->bits, 0, nw * sizeof(*m->bits));
	memset(m->full, 0, lm_words(nw) * sizeof(*m->full));
	m->left = m->nblocks;
	lm_blockmap_tail(m);
}

/* The first free block at or after @b, or UINT64_MAX. */
static uint64_t lm_blockmap_scan(const struct lm_blockmap *m, uint64_t b)
{
	uint64_t nw = lm_words(m->nblocks), w = b / 64, s, free_bits;

	if (b >= m->nblocks)
		return UINT64_MAX;
	free_bits = ~m->bits[w] & (~0ull << (b % 64));
	if (free_bits)
		return w * 64 + (uint64_t)__builtin_ctzll(free_bits);
	/* the words after it: the summary names those with a free bit */
	for (w++; w < nw; w = (s + 1) * 64) {
		s = w / 64;
		free_bits = ~m->full[s] & (~0ull << (w % 64));
		if (free_bits) {
			w = s * 64 + (uint64_t)__builtin_ctzll(free_bits);
			return w * 64 + (uint64_t)__builtin_ctzll(~m->bits[w]);
		}
	}
	return UINT64_MAX;
}

uint64_t lm_blockmap_free_at(const struct lm_blockmap *m, uint64_t b)
{
	uint64_t f;

	if (!m->left)
		return UINT64_MAX;
	f = lm_blockmap_scan(m, b);
	return f != UINT64_MAX ? f : lm_blockmap_scan(m, 0);
}

uint64_t lm_blockmap_take(struct lm_blockmap *m, uint64_t b, uint64_t n)
{
	uint64_t done = 0;

	while (done < n && b + done < m->nblocks) {
		uint64_t i = b + done, w = i / 64, bit = 1ull << (i % 64);

		if (m->bits[w] & bit)
			break;
		m->bits[w] |= bit;
		if (m->bits[w] == ~0ull)
			m->full[w / 64] |= 1ull << (w % 64);
		done++;
	}
	m->left -= done;
	return done;
}

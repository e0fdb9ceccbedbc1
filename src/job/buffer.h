/* SPDX-License-Identifier: MIT */
/*
 * IO buffers and the data written.
 *
 * One page-aligned allocation holds @n buffers of @bs bytes each, so an
 * engine can register them all at once. With LM_PATTERN_RANDOM every
 * buffer is filled once, at allocation, with its own incompressible data;
 * before each write lm_buf_stamp() writes the block's byte offset and a
 * sequence number into the first 16 bytes of every logical block, so no
 * two written blocks are equal and nothing is generated per IO. fio's
 * dedupe_percentage alone makes data per IO (struct lm_dedupe).
 */
#ifndef LM_BUFFER_H
#define LM_BUFFER_H

#include "src/job/offset.h"
#include "src/job/verify_block.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/uio.h>

enum lm_pattern {
	LM_PATTERN_RANDOM, /* default: incompressible, unique per block */
	LM_PATTERN_ZERO,   /* zeros, no stamps */
};

struct lm_bufs {
	void *mem;
	size_t len;
	unsigned int n;
	uint32_t bs;
	struct iovec *iov; /* n entries, one per buffer */
};

/* Returns 0 or -ENOMEM. */
int lm_bufs_alloc(struct lm_bufs *b, unsigned int n, uint32_t bs,
		  enum lm_pattern pattern, uint64_t seed);
void lm_bufs_free(struct lm_bufs *b);

/* The chunk fio's buffer_compress_percentage works in (its default
 * buffer_compress_chunk). */
#define LM_COMPRESS_CHUNK 512u

/*
 * fio's buffer_compress_percentage: the last @pct% of every 512-byte
 * chunk of random buffers becomes zeros, or fio's buffer_pattern @pat
 * from its start (NULL or empty: zeros; at 100% the pattern runs over
 * the whole, as fio's), so that the data compresses by about that much.
 * A verifying job's buffers are made so once (its headers keep each
 * block unique); the others draw each write anew (lm_buf_fill()).
 */
void lm_bufs_compressible(struct lm_bufs *b, unsigned int pct,
			  const struct lm_verify_pattern *pat);

/*
 * Fill the @len bytes at @buf with the data of @seed (the same seed, the
 * same bytes), then make it compressible as lm_bufs_compressible() does
 * (@pat: what its compressible part holds; NULL or empty: zeros).
 */
void lm_buf_fill(void *buf, uint32_t len, uint64_t seed, unsigned int pct,
		 const struct lm_verify_pattern *pat);

/*
 * fio's dedupe_percentage: of the buffers written, that share is a copy
 * of one written before, the rest unique, as fio makes them. Each buffer
 * is the data of a seed (lm_buf_fill()): unique buffer k of thread g of
 * a run has seed lm_dedupe_seed(g, k). A copy repeats the thread's last
 * unique buffer (dedupe_mode=repeat), or one of the first @nws unique
 * buffers (working_set); with dedupe_global the working set is spread
 * over the run's @n threads, each owning @nws / n of it, as fio's is.
 */
struct lm_dedupe {
	unsigned int pct;
	bool ws, global;
	uint64_t nws;	   /* working set: buffers */
	unsigned int g, n; /* this thread, of the run's */
	uint64_t next;	   /* unique buffers made so far */
	struct lm_rand r;  /* the draws */
};

void lm_dedupe_init(struct lm_dedupe *d, unsigned int pct, bool ws, bool global,
		    uint64_t nws, unsigned int g, unsigned int n);
/* The seed of the next buffer to write. */
uint64_t lm_dedupe_next(struct lm_dedupe *d);
uint64_t lm_dedupe_seed(unsigned int g, uint64_t k);

struct lm_stamp {
	uint64_t offset; /* little-endian byte offset of the block */
	uint64_t seq;	 /* per-thread sequence, thread id in top byte */
};

/* Stamp every @block_bytes block of @buf (length @len) written at @offset;
 * a last part block too short for a stamp is left as it is. */
static inline void lm_buf_stamp(void *buf, uint32_t len, uint32_t block_bytes,
				uint64_t offset, uint64_t seq)
{
	struct lm_stamp s = { .seq = seq };
	uint32_t at;

	for (at = 0; at + sizeof(s) <= len; at += block_bytes) {
		s.offset = offset + at;
		memcpy((char *)buf + at, &s, sizeof(s));
	}
}

#endif

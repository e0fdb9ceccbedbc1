// SPDX-License-Identifier: MIT
#include "src/job/buffer.h"
#include "src/job/offset.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/mman.h>

int lm_bufs_alloc(struct lm_bufs *b, unsigned int n, uint32_t bs,
		  enum lm_pattern pattern, uint64_t seed)
{
	struct lm_rand r;
	uint64_t *w;
	size_t i, words;

	memset(b, 0, sizeof(*b));
	b->n = n;
	b->bs = bs;
	b->len = (size_t)n * bs;
	b->iov = calloc(n, sizeof(*b->iov));
	if (!b->iov)
		return -ENOMEM;
	/* anonymous memory is page aligned and arrives zeroed */
	b->mem = mmap(NULL, b->len, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (b->mem == MAP_FAILED) {
		b->mem = NULL;
		free(b->iov);
		b->iov = NULL;
		return -ENOMEM;
	}
	/* Huge pages, where the kernel has them, spare the TLB and the
	 * per-page work of large transfers; without them nothing changes. */
	if (b->len >= (2u << 20))
		madvise(b->mem, b->len, MADV_HUGEPAGE);
	for (i = 0; i < n; i++) {
		b->iov[i].iov_base = (char *)b->mem + i * bs;
		b->iov[i].iov_len = bs;
	}
	if (pattern == LM_PATTERN_RANDOM) {
		lm_rand_seed(&r, seed ^ 0xa0761d6478bd642full);
		w = b->mem;
		words = b->len / sizeof(*w);
		for (i = 0; i < words; i++)
			w[i] = lm_rand_next(&r);
	}
	return 0;
}

/* The last @pct% of every whole 512-byte chunk of @len bytes: zeros, or
 * @pat from its start. */
static void lm_compressible(void *mem, size_t len, unsigned int pct,
			    const struct lm_verify_pattern *pat)
{
	size_t at, zero = (size_t)LM_COMPRESS_CHUNK * pct / 100;
	char *tail;

	/* all of it: the pattern over the whole, as fio copies it then */
	if (pct >= 100 && pat && pat->len) {
		lm_verify_pattern_fill(pat, mem, (uint32_t)len, 0);
		return;
	}
	for (at = 0; zero && at + LM_COMPRESS_CHUNK <= len;
	     at += LM_COMPRESS_CHUNK) {
		tail = (char *)mem + at + LM_COMPRESS_CHUNK - zero;
		if (pat && pat->len)
			lm_verify_pattern_fill(pat, tail, (uint32_t)zero, 0);
		else
			memset(tail, 0, zero);
	}
}

void lm_bufs_compressible(struct lm_bufs *b, unsigned int pct,
			  const struct lm_verify_pattern *pat)
{
	lm_compressible(b->mem, b->len, pct, pat);
}

void lm_buf_fill(void *buf, uint32_t len, uint64_t seed, unsigned int pct,
		 const struct lm_verify_pattern *pat)
{
	struct lm_rand r;
	uint64_t w;
	uint32_t at;

	lm_rand_seed(&r, seed);
	for (at = 0; at + sizeof(w) <= len; at += sizeof(w)) {
		w = lm_rand_next(&r);
		memcpy((char *)buf + at, &w, sizeof(w));
	}
	lm_compressible(buf, len, pct, pat);
}

uint64_t lm_dedupe_seed(unsigned int g, uint64_t k)
{
	return 0x64656475706521ull ^ ((uint64_t)g << 48) ^
	       (k * 0x9e3779b97f4a7c15ull);
}

void lm_dedupe_init(struct lm_dedupe *d, unsigned int pct, bool ws, bool global,
		    uint64_t nws, unsigned int g, unsigned int n)
{
	memset(d, 0, sizeof(*d));
	d->pct = pct;
	d->ws = ws;
	d->global = global;
	d->nws = nws ? nws : 1;
	d->g = g;
	d->n = n ? n : 1;
	lm_rand_seed(&d->r, lm_dedupe_seed(g, UINT64_MAX));
}

uint64_t lm_dedupe_next(struct lm_dedupe *d)
{
	uint64_t i, per, seed;
	bool copy = lm_rand_below(&d->r, 100) < d->pct;

	if (!copy) {
		seed = lm_dedupe_seed(d->g, d->next++);
	} else if (!d->ws) {
		/* the last unique one (the first to come, before any) */
		seed = lm_dedupe_seed(d->g, d->next ? d->next - 1 : 0);
	} else {
		i = lm_rand_below(&d->r, d->nws);
		per = d->global && d->nws / d->n ? d->nws / d->n : 1;
		seed = d->global ? lm_dedupe_seed(
					   (unsigned int)((d->g + i / per) %
							  d->n),
					   i % per)
				 : lm_dedupe_seed(d->g, i);
	}
	return seed;
}

void lm_bufs_free(struct lm_bufs *b)
{
	if (b->mem)
		munmap(b->mem, b->len);
	free(b->iov);
	memset(b, 0, sizeof(*b));
}

// SPDX-License-Identifier: MIT
#include "src/job/buffer.h"
#include "src/job/offset.h"

#include <errno.h>
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

void lm_bufs_compressible(struct lm_bufs *b, unsigned int pct)
{
	size_t at, zero = (size_t)LM_COMPRESS_CHUNK * pct / 100;

	for (at = 0; zero && at + LM_COMPRESS_CHUNK <= b->len;
	     at += LM_COMPRESS_CHUNK)
		memset((char *)b->mem + at + LM_COMPRESS_CHUNK - zero, 0, zero);
}

void lm_bufs_free(struct lm_bufs *b)
{
	if (b->mem)
		munmap(b->mem, b->len);
	free(b->iov);
	memset(b, 0, sizeof(*b));
}

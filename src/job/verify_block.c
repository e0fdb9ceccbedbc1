// SPDX-License-Identifier: MIT
/* Verify blocks (verify_block.h). */
#include "src/job/verify_block.h"

#include "src/stats/stats.h"

#include <endian.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <xxhash.h>

bool lm_verify_pattern_anchored(const struct lm_verify_pattern *p, uint32_t lbs)
{
	return !p->len || (!p->noff && lbs % p->len == 0);
}

void lm_verify_pattern_fill(const struct lm_verify_pattern *p, void *buf,
			    uint32_t len, uint64_t offset)
{
	unsigned char *b = buf;
	uint64_t le = htole64(offset);
	uint32_t at, n, i;

	if (!p->len || !len)
		return;
	n = len < p->len ? len : p->len;
	memcpy(b, p->b, n);
	for (i = 0; i < p->noff && p->off[i] < n; i++)
		memcpy(b + p->off[i], &le,
		       n - p->off[i] < sizeof(le) ? n - p->off[i] : sizeof(le));
	/* the first repetition, doubled until the buffer is full */
	for (at = n; at < len; at += n, n *= 2)
		memcpy(b + at, b, len - at < n ? len - at : n);
}

void lm_verify_block_fill(void *blk, uint32_t lbs, uint64_t offset,
			  uint64_t run, uint64_t seq, bool hash)
{
	struct lm_verify_block_header h;
	const size_t n = sizeof(h);

	memcpy(h.magic, LM_VERIFY_MAGIC, sizeof(h.magic));
	h.offset = htole64(offset);
	h.run = htole64(run);
	h.seq = htole64(seq);
	/* without the data's hash, the header's own: a torn header shows */
	h.hash = htole64(
		hash ? XXH64((const char *)blk + n, lbs - n, offset)
		     : XXH64(&h, offsetof(struct lm_verify_block_header, hash),
			     0));
	memcpy(blk, &h, n);
}

/* "zeros", or other data: what a block with no header of lunmark's holds;
 * true for zeros. */
static bool lm_vb_headless(const unsigned char *p, uint32_t lbs, char *why,
			   size_t len)
{
	uint32_t i;

	for (i = 0; i < lbs && !p[i]; i++)
		;
	snprintf(
		why, len, "%s",
		i == lbs
			? "zeros"
			: "other data, with no verify header of lunmark's (a block fio wrote with verify= has fio's, which lunmark does not read)");
	return i == lbs;
}

/* The header at @h, read from @offset: 0 when it is one for @offset (of
 * @run, or any run when 0; with @own, its hash that of its own fields),
 * else -1 with what it is in @why. */
static int lm_vb_header(const struct lm_verify_block_header *h, const void *blk,
			uint32_t lbs, uint64_t offset, uint64_t run, bool own,
			uint64_t *found, char *why, size_t len)
{
	*found = le64toh(h->run);
	if (memcmp(h->magic, LM_VERIFY_MAGIC, sizeof(h->magic))) {
		lm_vb_headless(blk, lbs, why, len);
		return -1;
	}
	if (own &&
	    le64toh(h->hash) !=
		    XXH64(h, offsetof(struct lm_verify_block_header, hash),
			  0)) {
		snprintf(
			why, len,
			"a header whose own XXH64 does not match: torn, overwritten, or written with a data hash (verify=md5, --verify)");
		return -1;
	}
	if (le64toh(h->offset) != offset) {
		snprintf(why, len,
			 "the block written for offset %llu (misplaced)",
			 (unsigned long long)le64toh(h->offset));
		return -1;
	}
	if (run && *found != run) {
		snprintf(why, len, "a block of run %016llx, not %016llx",
			 (unsigned long long)*found, (unsigned long long)run);
		return -1;
	}
	return 0;
}

/* "its header (run R, thread T, write W) over other data: "; its length,
 * at most @len - 1 */
static size_t lm_vb_over(const struct lm_verify_block_header *h, char *why,
			 size_t len)
{
	uint64_t seq = le64toh(h->seq);
	int n = snprintf(
		why, len,
		"its header (run %016llx, thread %u, write %llu) over other data: ",
		(unsigned long long)le64toh(h->run),
		(unsigned int)(seq >> LM_VERIFY_SEQ_THREAD),
		(unsigned long long)(seq &
				     ((1ull << LM_VERIFY_SEQ_THREAD) - 1)));

	return n < 0 ? 0 : (size_t)n < len ? (size_t)n : len - 1;
}

int lm_verify_block_check(const void *blk, uint32_t lbs, uint64_t offset,
			  uint64_t run, uint64_t *found, char *why, size_t len)
{
	const unsigned char *p = blk;
	struct lm_verify_block_header h;
	uint64_t sum;
	size_t n;

	memcpy(&h, blk, sizeof(h));
	if (lm_vb_header(&h, blk, lbs, offset, run, false, found, why, len))
		return -1;
	sum = XXH64(p + sizeof(h), lbs - sizeof(h), offset);
	if (le64toh(h.hash) != sum) {
		n = lm_vb_over(&h, why, len);
		snprintf(why + n, len - n,
			 "XXH64 %016llx expected, %016llx read",
			 (unsigned long long)le64toh(h.hash),
			 (unsigned long long)sum);
		return -1;
	}
	return 0;
}

/* Do the @len bytes at @p hold @want's @plen bytes repeated, from its
 * byte @phase? 0, else -1 with the first byte that differs in *@at. As
 * fio's check: each byte equals the one a pattern's length on, and the
 * first pattern's length is the pattern. */
static int lm_vb_pattern(const unsigned char *p, uint32_t len,
			 const uint8_t *want, uint32_t plen, uint32_t phase,
			 uint32_t *at)
{
	uint32_t n = len < plen - phase ? len : plen - phase, i;

	if ((len <= plen || !memcmp(p, p + plen, len - plen)) &&
	    !memcmp(p, want + phase, n) &&
	    !memcmp(p + n, want, (len - n < phase ? len - n : phase)))
		return 0;
	for (i = 0; i < len && p[i] == want[(phase + i) % plen]; i++)
		;
	*at = i;
	return -1;
}

/* One block of a read as @how says, its pattern @want for this IO. */
static int lm_vb_check(const unsigned char *blk, uint32_t lbs, uint32_t at_io,
		       uint64_t offset, const struct lm_verify_how *how,
		       const uint8_t *want, char *why, size_t len)
{
	struct lm_verify_block_header h;
	uint32_t skip = 0, bad;
	uint64_t found;
	size_t n = 0;

	if (how->kind == LM_VERIFY_HASH)
		return lm_verify_block_check(blk, lbs, offset, how->run, &found,
					     why, len);
	if (how->kind == LM_VERIFY_HEADER) {
		memcpy(&h, blk, sizeof(h));
		if (lm_vb_header(&h, blk, lbs, offset, how->run, true, &found,
				 why, len))
			return -1;
		skip = sizeof(h);
	}
	if (!how->pat->len ||
	    !lm_vb_pattern(blk + skip, lbs - skip, want, how->pat->len,
			   (at_io + skip) % how->pat->len, &bad))
		return 0;
	if (skip)
		n = lm_vb_over(&h, why, len);
	else if (lm_vb_headless(blk, lbs, why, len))
		return -1; /* zeros: said so */
	snprintf(why + n, len - n, "byte %u is 0x%02x, the pattern's 0x%02x",
		 skip + bad, blk[skip + bad],
		 want[(at_io + skip + bad) % how->pat->len]);
	return -1;
}

uint64_t lm_verify_block_run_id(void)
{
	return lm_now_ns() ^ ((uint64_t)getpid() << 32);
}

void lm_verify_block_fill_io(void *buf, uint32_t len, uint32_t lbs,
			     uint64_t offset, uint64_t run, uint64_t seq,
			     enum lm_verify_kind kind)
{
	uint32_t at;

	if (kind == LM_VERIFY_PATTERN || kind == LM_VERIFY_NULL)
		return;
	for (at = 0; at < len; at += lbs)
		lm_verify_block_fill((char *)buf + at, lbs, offset + at, run,
				     seq, kind == LM_VERIFY_HASH);
}

void lm_verify_block_io(const void *buf, uint32_t len, uint32_t lbs,
			uint64_t offset, const struct lm_verify_how *how,
			struct lm_verify_tally *t)
{
	uint8_t pasted[LM_VERIFY_PATTERN_MAX];
	const uint8_t *want = how->pat ? how->pat->b : NULL;
	char why[sizeof(t->why)];
	uint32_t at;

	if (how->kind == LM_VERIFY_NULL) /* read, and nothing checked */
		return;
	/* the pattern as written for this IO: its %o's are its offset */
	if (how->kind != LM_VERIFY_HASH && how->pat && how->pat->noff) {
		lm_verify_pattern_fill(how->pat, pasted, how->pat->len, offset);
		want = pasted;
	}
	for (at = 0; at < len; at += lbs, t->blocks++) {
		if (!lm_vb_check((const unsigned char *)buf + at, lbs, at,
				 offset + at, how, want, why, sizeof(why)))
			continue;
		if (!t->bad++) {
			t->bad_offset = offset + at;
			memcpy(t->why, why, sizeof(t->why));
		}
	}
}

void lm_verify_tally_add(struct lm_verify_tally *to,
			 const struct lm_verify_tally *from)
{
	if (from->bad && !to->bad) {
		to->bad_offset = from->bad_offset;
		memcpy(to->why, from->why, sizeof(to->why));
	}
	to->blocks += from->blocks;
	to->bad += from->bad;
}

// SPDX-License-Identifier: MIT
/* Verify blocks (verify_block.h). */
#include "src/job/verify_block.h"

#include "src/stats/stats.h"

#include <endian.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <xxhash.h>

void lm_verify_block_fill(void *blk, uint32_t lbs, uint64_t offset,
			  uint64_t run, uint64_t seq)
{
	struct lm_verify_block_header h;
	const size_t n = sizeof(h);

	memcpy(h.magic, LM_VERIFY_MAGIC, sizeof(h.magic));
	h.offset = htole64(offset);
	h.run = htole64(run);
	h.seq = htole64(seq);
	h.hash = htole64(XXH64((const char *)blk + n, lbs - n, offset));
	memcpy(blk, &h, n);
}

int lm_verify_block_check(const void *blk, uint32_t lbs, uint64_t offset,
			  uint64_t run, uint64_t *found, char *why, size_t len)
{
	const unsigned char *p = blk;
	struct lm_verify_block_header h;
	uint64_t sum;
	uint32_t i;

	memcpy(&h, blk, sizeof(h));
	*found = le64toh(h.run);
	if (memcmp(h.magic, LM_VERIFY_MAGIC, sizeof(h.magic))) {
		for (i = 0; i < lbs && !p[i]; i++)
			;
		snprintf(why, len, "%s",
			 i == lbs ? "zeros"
				  : "other data, with no verify header");
		return -1;
	}
	if (le64toh(h.offset) != offset) {
		snprintf(why, len,
			 "the block written for offset %llu (misplaced)",
			 (unsigned long long)le64toh(h.offset));
		return -1;
	}
	if (run && *found != run) {
		snprintf(why, len, "a block of run %016llx, not %016llx",
			 (unsigned long long)*found, (unsigned long long)run);
		return -1;
	}
	sum = XXH64(p + sizeof(h), lbs - sizeof(h), offset);
	if (le64toh(h.hash) != sum) {
		snprintf(
			why, len,
			"its header (run %016llx, thread %u, write %llu) over other data: XXH64 %016llx expected, %016llx read",
			(unsigned long long)*found,
			(unsigned int)(le64toh(h.seq) >> LM_VERIFY_SEQ_THREAD),
			(unsigned long long)(le64toh(h.seq) &
					     ((1ull << LM_VERIFY_SEQ_THREAD) -
					      1)),
			(unsigned long long)le64toh(h.hash),
			(unsigned long long)sum);
		return -1;
	}
	return 0;
}

uint64_t lm_verify_block_run_id(void)
{
	return lm_now_ns() ^ ((uint64_t)getpid() << 32);
}

void lm_verify_block_fill_io(void *buf, uint32_t len, uint32_t lbs,
			     uint64_t offset, uint64_t run, uint64_t seq)
{
	uint32_t at;

	for (at = 0; at < len; at += lbs)
		lm_verify_block_fill((char *)buf + at, lbs, offset + at, run,
				     seq);
}

void lm_verify_block_io(const void *buf, uint32_t len, uint32_t lbs,
			uint64_t offset, struct lm_verify_tally *t)
{
	char why[sizeof(t->why)];
	uint64_t found;
	uint32_t at;

	for (at = 0; at < len; at += lbs, t->blocks++) {
		if (!lm_verify_block_check((const char *)buf + at, lbs,
					   offset + at, 0, &found, why,
					   sizeof(why)))
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

// SPDX-License-Identifier: MIT
/* Verify blocks: what a check finds, and how a thread's tally adds up;
 * the IOs in flight a checked run keeps apart (src/run/overlap.h). */
#include "tests/unit/unit.h"
#include "src/job/verify_block.h"
#include "fio-compat/durable.h"
#include "src/run/overlap.h"

#include <endian.h>
#include <errno.h>
#include <string.h>

#define LM_LBS 512u

static unsigned char lm_blk[8 * LM_LBS];
static const struct lm_verify_how lm_hash = { LM_VERIFY_HASH, NULL };

/* An IO of 8 blocks at byte 4096, written as write 3 of thread 2 of run
 * 7. */
static void lm_vb_write(void)
{
	unsigned int i;

	for (i = 0; i < sizeof(lm_blk); i++)
		lm_blk[i] = (unsigned char)(i * 31 + 7);
	lm_verify_block_fill_io(lm_blk, sizeof(lm_blk), LM_LBS, 4096, 7,
				(2ull << LM_VERIFY_SEQ_THREAD) | 3,
				LM_VERIFY_HASH);
}

/* Each kind of bad block is told apart, and a good one passes. */
static void lm_test_verify_block_kinds(void)
{
	char why[160];
	uint64_t run;

	lm_vb_write();
	CU_ASSERT_EQUAL(lm_verify_block_check(lm_blk, LM_LBS, 4096, 7, &run,
					      why, sizeof(why)),
			0);
	CU_ASSERT_EQUAL(run, 7);
	CU_ASSERT_EQUAL(lm_verify_block_check(lm_blk, LM_LBS, 4096, 0, &run,
					      why, sizeof(why)),
			0);
	/* another run's block, when this run's is asked for */
	CU_ASSERT_EQUAL(lm_verify_block_check(lm_blk, LM_LBS, 4096, 8, &run,
					      why, sizeof(why)),
			-1);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "a block of run 0000000000000007"));
	/* read from another offset: misplaced */
	CU_ASSERT_EQUAL(lm_verify_block_check(lm_blk + LM_LBS, LM_LBS, 4096, 0,
					      &run, why, sizeof(why)),
			-1);
	CU_ASSERT_STRING_EQUAL(why,
			       "the block written for offset 4608 (misplaced)");
	/* one byte of the data changed */
	lm_blk[2 * LM_LBS + 100] ^= 1;
	CU_ASSERT_EQUAL(lm_verify_block_check(lm_blk + 2 * LM_LBS, LM_LBS, 5120,
					      0, &run, why, sizeof(why)),
			-1);
	CU_ASSERT_PTR_NOT_NULL(strstr(
		why,
		"its header (run 0000000000000007, thread 2, write 3) over other data: XXH64"));
	memset(lm_blk + 3 * LM_LBS, 0, LM_LBS);
	CU_ASSERT_EQUAL(lm_verify_block_check(lm_blk + 3 * LM_LBS, LM_LBS, 5632,
					      0, &run, why, sizeof(why)),
			-1);
	CU_ASSERT_STRING_EQUAL(why, "zeros");
	memset(lm_blk + 4 * LM_LBS, 'x', LM_LBS);
	CU_ASSERT_EQUAL(lm_verify_block_check(lm_blk + 4 * LM_LBS, LM_LBS, 6144,
					      0, &run, why, sizeof(why)),
			-1);
	CU_ASSERT_STRING_EQUAL(
		why,
		"other data, with no verify header of lunmark's (a block fio wrote with verify= has fio's, which lunmark does not read)");
}

/* An IO's blocks are each checked; the first bad one is kept, and adding
 * tallies keeps the first of the first that had one. */
static void lm_test_verify_block_tally(void)
{
	struct lm_verify_tally a, b;

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	lm_vb_write();
	lm_verify_block_io(lm_blk, sizeof(lm_blk), LM_LBS, 4096, &lm_hash, &a);
	CU_ASSERT_EQUAL(a.blocks, 8);
	CU_ASSERT_EQUAL(a.bad, 0);
	memset(lm_blk + 5 * LM_LBS, 0, LM_LBS);
	lm_blk[7 * LM_LBS + 9] ^= 0x80;
	lm_verify_block_io(lm_blk, sizeof(lm_blk), LM_LBS, 4096, &lm_hash, &b);
	CU_ASSERT_EQUAL(b.blocks, 8);
	CU_ASSERT_EQUAL(b.bad, 2);
	CU_ASSERT_EQUAL(b.bad_offset, 4096 + 5 * LM_LBS);
	CU_ASSERT_STRING_EQUAL(b.why, "zeros");
	lm_verify_tally_add(&a, &b);
	CU_ASSERT_EQUAL(a.blocks, 16);
	CU_ASSERT_EQUAL(a.bad, 2);
	CU_ASSERT_EQUAL(a.bad_offset, 4096 + 5 * LM_LBS);
	/* the whole IO read at the wrong place: every block misplaced */
	memset(&b, 0, sizeof(b));
	lm_verify_block_io(lm_blk, 4 * LM_LBS, LM_LBS, 0, &lm_hash, &b);
	CU_ASSERT_EQUAL(b.bad, 4);
	CU_ASSERT_EQUAL(b.bad_offset, 0);
	lm_verify_tally_add(&a, &b);
	CU_ASSERT_EQUAL(a.bad, 6);
	CU_ASSERT_EQUAL(a.bad_offset, 4096 + 5 * LM_LBS);
	CU_ASSERT_STRING_EQUAL(a.why, "zeros");
}

/* Two threads of 2 IOs each: reads share a range, a write shares none;
 * ranges that only touch do not overlap; a release frees the range. */
static void lm_test_verify_overlap(void)
{
	unsigned int a0 = lm_overlap_slot(0, 2, 0),
		     a1 = lm_overlap_slot(0, 2, 1);
	unsigned int b0 = lm_overlap_slot(1, 2, 0),
		     b1 = lm_overlap_slot(1, 2, 1);
	struct lm_overlap o = { 0 };

	CU_ASSERT_EQUAL(b1, 3);
	CU_ASSERT_EQUAL(lm_overlap_init(&o, 4), 0);
	CU_ASSERT_TRUE(lm_overlap_claim(&o, a0, 4096, 8192, false));
	CU_ASSERT_TRUE(lm_overlap_claim(&o, b0, 8192, 4096, false));
	/* a write over either read waits, from either thread */
	CU_ASSERT_FALSE(lm_overlap_claim(&o, b1, 0, 8192, true));
	CU_ASSERT_FALSE(lm_overlap_claim(&o, a1, 12287, 1, true));
	/* next to them it goes */
	CU_ASSERT_TRUE(lm_overlap_claim(&o, a1, 12288, 4096, true));
	CU_ASSERT_TRUE(lm_overlap_claim(&o, b1, 0, 4096, true));
	lm_overlap_release(&o, a1);
	lm_overlap_release(&o, b1);
	/* a read over a write in flight waits; after its release it goes */
	CU_ASSERT_TRUE(lm_overlap_claim(&o, b1, 16384, 4096, true));
	CU_ASSERT_FALSE(lm_overlap_claim(&o, a1, 16384, 512, false));
	lm_overlap_release(&o, b1);
	CU_ASSERT_TRUE(lm_overlap_claim(&o, a1, 16384, 512, false));
	lm_overlap_free(&o);
	CU_ASSERT_PTR_NULL(o.io);
	lm_overlap_free(&o); /* twice, or never set up: nothing */
}

/* fio's verify_pattern, read as fio 3.33 reads the examples its
 * lib/pattern.c gives (each its bytes), and what fio refuses. */
static void lm_test_verify_pattern_parse(void)
{
	static const struct {
		const char *in;
		unsigned int len;
		const char *out;
		unsigned int noff, off0;
	} ok[] = {
		{ "\"abcd\"", 4, "abcd", 0, 0 },
		{ "-1024", 4, "\x00\xfc\xff\xff", 0, 0 },
		{ "66", 1, "\x42", 0, 0 },
		{ "0xFF0X1", 2, "\xff\x01", 0, 0 },
		{ "%o", 8, "\0\0\0\0\0\0\0\0", 1, 0 },
		{ "\"123\"0xFFeeCC", 6, "123\xff\xee\xcc", 0, 0 },
		{ "-100xab\"1\"%o\"2\"", 15,
		  "\xf6\xff\xff\xff\xab"
		  "1\0\0\0\0\0\0\0\0"
		  "2",
		  1, 6 },
		{ "0xaa555aa5", 4, "\xaa\x55\x5a\xa5", 0, 0 },
		{ "0", 1, "\0", 0, 0 },
		{ "0xabc", 2, "\x0a\xbc", 0, 0 },
		/* no 0x after it: the number ends where its digits do */
		{ "5\"abcdefghijklmnopqrstuvwxyz0123456789\"", 37,
		  "\x05"
		  "abcdefghijklmnopqrstuvwxyz0123456789",
		  0, 0 },
		{ " 7\"abcdefghijklmnopqrs\"0x01", 21,
		  "\x07"
		  "abcdefghijklmnopqrs\x01",
		  0, 0 },
	};
	static const char *const bad[] = {
		"\"\"",
		"\"open",
		"4294967296",
		"0x",
		"zz",
		"%d",
		"%",
		"'/nonexistent'",
		/* a 0x after 24 characters: fio's strntol reads none */
		"5\"abcdefghijklmnopqrstu\"0x12",
	};
	struct lm_verify_pattern p;
	char why[256];
	unsigned int i;

	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		CU_ASSERT_EQUAL(
			lm_fio_pattern_parse(ok[i].in, &p, why, sizeof(why)),
			0);
		CU_ASSERT_EQUAL(p.len, ok[i].len);
		CU_ASSERT_EQUAL(memcmp(p.b, ok[i].out, ok[i].len), 0);
		CU_ASSERT_EQUAL(p.noff, ok[i].noff);
		if (ok[i].noff)
			CU_ASSERT_EQUAL(p.off[0], ok[i].off0);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		CU_ASSERT_EQUAL(
			lm_fio_pattern_parse(bad[i], &p, why, sizeof(why)),
			-EINVAL);
		CU_ASSERT_PTR_NOT_NULL(strstr(why, "fio cannot read it"));
	}
	/* 513 bytes: one past fio's 512 */
	memset(why, 0, sizeof(why));
	{
		char big[2 * 513 + 3] = "0x";

		for (i = 0; i < 513; i++)
			memcpy(big + 2 + 2 * i, "ab", 2);
		CU_ASSERT_EQUAL(lm_fio_pattern_parse(big, &p, why, sizeof(why)),
				-EINVAL);
		big[2 + 2 * 512] = 0;
		CU_ASSERT_EQUAL(lm_fio_pattern_parse(big, &p, why, sizeof(why)),
				0);
		CU_ASSERT_EQUAL(p.len, 512);
	}
}

/* An 11-byte pattern with a %o over an IO of 4 blocks at 8192, written with
 * headers (meta) and without (pattern): as written it passes; a byte
 * changed, zeros, or the IO read from another offset (%o) do not. */
static void lm_test_verify_pattern_check(void)
{
	static const struct lm_verify_pattern pat = {
		.b = { 0xaa, 0x55, 0x5a, 0, 0, 0, 0, 0, 0, 0, 0 },
		.len = 11,
		.noff = 1,
		.off = { 3 },
	};
	struct lm_verify_how hdr = { LM_VERIFY_HEADER, &pat },
			     only = { LM_VERIFY_PATTERN, &pat };
	struct lm_verify_tally t;
	uint64_t le = htole64(8192);
	unsigned int k;

	for (k = 0; k < 2; k++) {
		const struct lm_verify_how *how = k ? &only : &hdr;

		lm_verify_pattern_fill(&pat, lm_blk, 4 * LM_LBS, 8192);
		/* the pattern from the buffer's start, the offset pasted */
		CU_ASSERT_EQUAL(lm_blk[11], 0xaa);
		CU_ASSERT_EQUAL(memcmp(lm_blk + 14, &le, 8), 0);
		/* and again every 11 bytes */
		CU_ASSERT_EQUAL(memcmp(lm_blk + 11 * 100, lm_blk, 11), 0);
		lm_verify_block_fill_io(lm_blk, 4 * LM_LBS, LM_LBS, 8192, 7, 1,
					how->kind);
		CU_ASSERT_EQUAL(memcmp(lm_blk, LM_VERIFY_MAGIC, 8) != 0, k);
		memset(&t, 0, sizeof(t));
		lm_verify_block_io(lm_blk, 4 * LM_LBS, LM_LBS, 8192, how, &t);
		CU_ASSERT_EQUAL(t.blocks, 4);
		CU_ASSERT_EQUAL(t.bad, 0);
		/* read as if from 4096: the headers and the %o say so */
		memset(&t, 0, sizeof(t));
		lm_verify_block_io(lm_blk, 4 * LM_LBS, LM_LBS, 4096, how, &t);
		CU_ASSERT_EQUAL(t.bad, 4);
		lm_blk[LM_LBS + 300] ^= 0x10;
		memset(lm_blk + 3 * LM_LBS, 0, LM_LBS);
		memset(&t, 0, sizeof(t));
		lm_verify_block_io(lm_blk, 4 * LM_LBS, LM_LBS, 8192, how, &t);
		CU_ASSERT_EQUAL(t.bad, 2);
		CU_ASSERT_EQUAL(t.bad_offset, 8192 + LM_LBS);
		CU_ASSERT_PTR_NOT_NULL(strstr(t.why, "byte 300 is 0x"));
		CU_ASSERT_EQUAL(
			strstr(t.why,
			       "its header (run 0000000000000007, thread 0, write 1)") !=
				NULL,
			!k);
	}
	/* whose bytes per block do not depend on where a write began: none
	 * with a %o, or a length that does not divide the block */
	CU_ASSERT_FALSE(lm_verify_pattern_anchored(&pat, LM_LBS));
	CU_ASSERT_TRUE(lm_verify_pattern_anchored(
		&(struct lm_verify_pattern){ .len = 4 }, LM_LBS));
	CU_ASSERT_FALSE(lm_verify_pattern_anchored(
		&(struct lm_verify_pattern){ .len = 3 }, LM_LBS));
	CU_ASSERT_TRUE(lm_verify_pattern_anchored(
		&(struct lm_verify_pattern){ .len = 0 }, LM_LBS));
	/* a header-only check (meta without a pattern) takes any data */
	hdr.pat = &(struct lm_verify_pattern){ .len = 0 };
	lm_verify_block_fill_io(lm_blk, 4 * LM_LBS, LM_LBS, 8192, 7, 1,
				LM_VERIFY_HEADER);
	memset(&t, 0, sizeof(t));
	lm_verify_block_io(lm_blk, 4 * LM_LBS, LM_LBS, 8192, &hdr, &t);
	CU_ASSERT_EQUAL(t.bad, 0);
	memset(lm_blk + LM_LBS, 0, LM_LBS);
	memset(&t, 0, sizeof(t));
	lm_verify_block_io(lm_blk, 4 * LM_LBS, LM_LBS, 8192, &hdr, &t);
	CU_ASSERT_EQUAL(t.bad, 1);
	CU_ASSERT_STRING_EQUAL(t.why, "zeros");
}

int lm_suite_verify_block(void)
{
	static const struct lm_unit_test t[] = {
		{ "each kind of bad block named", lm_test_verify_block_kinds },
		{ "an IO's blocks, and tallies added",
		  lm_test_verify_block_tally },
		{ "fio's verify_pattern, as fio reads it",
		  lm_test_verify_pattern_parse },
		{ "a pattern checked, with a header and without",
		  lm_test_verify_pattern_check },
		{ "IOs in flight: none overlaps a write",
		  lm_test_verify_overlap },
		{ NULL, NULL },
	};
	return lm_unit_add("verify blocks", t);
}

/* SPDX-License-Identifier: MIT */
/*
 * Verify blocks: the header lunmark writes at the start of every logical
 * block it verifies (lunmark verify, and --verify in run and mark), and
 * the check of a block read back. The header names the block's offset,
 * the run that wrote it and the write's sequence, and carries the XXH64
 * of the rest of the block, so a block that is stale, misplaced, zeroed
 * or torn is told apart from one that reads back as written. fio's
 * verify_pattern is written and checked here too, with a header or
 * without (enum lm_verify_kind).
 */
#ifndef LM_JOB_VERIFY_BLOCK_H
#define LM_JOB_VERIFY_BLOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LM_VERIFY_MAGIC "LMVERIFY"
/* A header's seq: the writing thread in its top byte, its write below. */
#define LM_VERIFY_SEQ_THREAD 56

struct lm_verify_block_header { /* at the start of every block, little-endian */
	char magic[8];
	uint64_t offset; /* the block's byte offset in the target */
	uint64_t run;	 /* the pass that wrote it */
	uint64_t seq;  /* which write: the thread above LM_VERIFY_SEQ_THREAD */
	uint64_t hash; /* XXH64 of the block after this header */
};

/*
 * How a job's reads are checked, and what its writes carry. fio's
 * verify= methods map onto them: meta, and fio's verify_pattern alone,
 * check the header (and the pattern, if any); pattern has no header.
 */
enum lm_verify_kind {
	LM_VERIFY_HASH,	   /* a header with the XXH64 of the rest */
	LM_VERIFY_HEADER,  /* a header, its hash its own; the pattern, if any */
	LM_VERIFY_PATTERN, /* no header: the pattern alone (fio's pattern) */
	LM_VERIFY_NULL, /* fio's null: read back, nothing written or checked */
};

#define LM_VERIFY_PATTERN_MAX 512u /* bytes, as fio's verify_pattern */
#define LM_VERIFY_PATTERN_OFFS 8u  /* %o's in it, as fio's */

/*
 * fio's verify_pattern: @len bytes repeated over a buffer from its
 * start; at each of @off[], in every repetition, the byte offset of the
 * IO the buffer is for (8 bytes, little-endian: fio's %o). @len 0: none.
 */
struct lm_verify_pattern {
	uint8_t b[LM_VERIFY_PATTERN_MAX];
	uint16_t len;
	uint16_t noff;
	uint16_t off[LM_VERIFY_PATTERN_OFFS];
};

/* Does every @lbs-byte block hold the same bytes of @p wherever the IO
 * that wrote it began (no %o, and @lbs a multiple of its length)? Only
 * then is a block written by one IO checked right in a read of another. */
bool lm_verify_pattern_anchored(const struct lm_verify_pattern *p,
				uint32_t lbs);

/* Fill the @len bytes at @buf with @p for an IO at @offset. */
void lm_verify_pattern_fill(const struct lm_verify_pattern *p, void *buf,
			    uint32_t len, uint64_t offset);

/* Write the header of the @lbs-byte block at @blk, for @offset; its hash
 * is the XXH64 of the rest when @hash, else of the header before it. */
void lm_verify_block_fill(void *blk, uint32_t lbs, uint64_t offset,
			  uint64_t run, uint64_t seq, bool hash);

/*
 * Check the @lbs-byte block at @blk, read from @offset: 0 when it carries
 * a good header for @offset (of run @run, or any run when @run is 0; its
 * run in *@found), else -1 and what was found instead in @why ("zeros",
 * "the block written for offset 4096 (misplaced)", ...).
 */
int lm_verify_block_check(const void *blk, uint32_t lbs, uint64_t offset,
			  uint64_t run, uint64_t *found, char *why, size_t len);

/* A run's id: unlike any other run's, in practice. */
uint64_t lm_verify_block_run_id(void);

/* lm_verify_block_fill() on every @lbs-byte block of an IO of @len bytes at
 * @offset (none for LM_VERIFY_PATTERN). */
void lm_verify_block_fill_io(void *buf, uint32_t len, uint32_t lbs,
			     uint64_t offset, uint64_t run, uint64_t seq,
			     enum lm_verify_kind kind);

/* What the checks of the reads of one thread found. */
struct lm_verify_tally {
	uint64_t blocks;     /* checked */
	uint64_t bad;	     /* of them, not as written */
	uint64_t bad_offset; /* the first bad block found */
	char why[160];	     /* what was found there */
};

/* How a read is checked: its kind, and the pattern written (len 0:
 * none). */
struct lm_verify_how {
	enum lm_verify_kind kind;
	const struct lm_verify_pattern *pat;
	uint64_t run; /* a header of this run only; 0: of any run */
};

/* Check every @lbs-byte block of a read of @len bytes at @offset (of the
 * run @how names, or any) into @t, as @how says. */
void lm_verify_block_io(const void *buf, uint32_t len, uint32_t lbs,
			uint64_t offset, const struct lm_verify_how *how,
			struct lm_verify_tally *t);

/* @from's tally added to @to's: the first bad block stays @to's, or is
 * @from's when @to had none. */
void lm_verify_tally_add(struct lm_verify_tally *to,
			 const struct lm_verify_tally *from);

#endif

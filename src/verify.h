/* SPDX-License-Identifier: MIT */
/*
 * lunmark verify: an integrity pass over a region of a target.
 *
 * Every logical block is written with a header (struct lm_vhdr: a magic,
 * the block's byte offset, the run's id, the write's sequence number and
 * the XXH64 of the rest of the block), at the queue depth asked for; the
 * writes are flushed, then every block is read back and checked. A block
 * that does not read back as written is reported by offset, with what was
 * expected and what was found, and the run exits LM_EXIT_VERIFY. With
 * --reconnect on an iSCSI LUN the pass carries on through a target
 * restart: what the target acknowledged must still read back.
 * --check reads only, and checks every block carries a good header for its
 * offset, all of one run: whether a pass written earlier survived.
 */
#ifndef LM_VERIFY_H
#define LM_VERIFY_H

#include "cli.h"

#include <stddef.h>
#include <stdint.h>

#define LM_VERIFY_MAGIC "LMVERIFY"

struct lm_vhdr { /* at the start of every block, little-endian */
	char magic[8];
	uint64_t offset; /* the block's byte offset in the target */
	uint64_t run;	 /* the pass that wrote it */
	uint64_t seq;	 /* which write of the pass */
	uint64_t hash;	 /* XXH64 of the block after this header */
};

/* Write the header of the @lbs-byte block at @blk, for @offset. */
void lm_verify_fill(void *blk, uint32_t lbs, uint64_t offset, uint64_t run,
		    uint64_t seq);

/*
 * Check the @lbs-byte block at @blk, read from @offset: 0 when it carries
 * a good header for @offset (of run @run, or any run when @run is 0; its
 * run in *@found), else -1 and what was found instead in @why ("zeros",
 * "the block written for offset 4096 (misplaced)", ...).
 */
int lm_verify_check(const void *blk, uint32_t lbs, uint64_t offset,
		    uint64_t run, uint64_t *found, char *why, size_t len);

/* lunmark verify TARGET: see above. Returns the exit code. */
int lm_cmd_verify(struct lm_cli *c);

#endif

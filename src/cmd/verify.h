/* SPDX-License-Identifier: MIT */
/*
 * lunmark verify: an integrity pass over a region of a target.
 *
 * Every logical block is written with a header (struct lm_verify_block_header: a magic,
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

#include "src/cli/cli.h"
#include "src/job/verify_block.h"

/* lunmark verify TARGET: see above. Returns the exit code. */
int lm_cmd_verify(struct lm_cli *c);

#endif

/* SPDX-License-Identifier: MIT */
#ifndef LM_RUN_OVERLAP_H
#define LM_RUN_OVERLAP_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

/*
 * The IOs in flight on one target under --verify, shared by the target's
 * workers: an IO may go only when it overlaps no IO in flight where
 * either of the two writes. A device may return a read that overlaps a
 * write in flight half old, half new (SCSI promises no order between
 * commands in flight; a tgtd backing file tears inside a page), and two
 * overlapping writes may leave a mix of both: neither is a block that did
 * not read back as written. So a checked run never has such a pair in
 * flight (fio's serialize_overlap), and a block found bad is bad.
 *
 * Each worker owns @depth slots, at lm_overlap_slot(). One lock per IO,
 * taken only under --verify, where every block is hashed anyway.
 */
struct lm_overlap_io {
	uint64_t off, end; /* [off, end) bytes */
	bool write;
	bool busy;
};

struct lm_overlap {
	pthread_mutex_t lock;
	unsigned int n;
	struct lm_overlap_io *io; /* NULL: not set up */
};

/* @n slots, none busy. Returns 0 or -ENOMEM. */
int lm_overlap_init(struct lm_overlap *o, unsigned int n);
/* Free what lm_overlap_init() set up; a zeroed @o is left as it is. */
void lm_overlap_free(struct lm_overlap *o);

/* The slot of IO @slot of worker @thread, of @depth IOs each. */
static inline unsigned int
lm_overlap_slot(unsigned int thread, unsigned int depth, unsigned int slot)
{
	return thread * depth + slot;
}

/*
 * Claim slot @slot for the IO of @len bytes at @off: true when it may go,
 * false (nothing claimed) while an IO in flight overlaps it and either of
 * them writes.
 */
bool lm_overlap_claim(struct lm_overlap *o, unsigned int slot, uint64_t off,
		      uint32_t len, bool write);

/* The IO in @slot is no longer in flight. */
void lm_overlap_release(struct lm_overlap *o, unsigned int slot);

#endif

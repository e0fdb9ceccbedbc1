/* SPDX-License-Identifier: MIT */
/*
 * fio's verify_backlog: a verifying job's writes, each read back and
 * checked within the job's own pass rather than after it. Every time the
 * writes issued and not yet read back reach a multiple of verify_backlog,
 * a batch of verify_backlog_batch reads (by default verify_backlog) is
 * due; a read goes only for a write that completed, oldest completion
 * first, and while none has, the pass goes on writing (as fio's
 * get_next_verify() finds its oldest write in flight). When the pass has
 * drawn its last IO, every write left is read back before it ends (fio's
 * verify phase after it, with nothing else left to do). One worker's
 * loop owns one; nothing here is shared.
 */
#ifndef LM_RUN_BACKLOG_H
#define LM_RUN_BACKLOG_H

#include <stdbool.h>
#include <stdint.h>

struct lm_backlog_io {
	uint64_t off;
	uint32_t len;
};

struct lm_backlog {
	struct lm_backlog_io *ring; /* completed writes, oldest first */
	uint64_t cap, head, n;	    /* n in ring[head...] (mod cap) */
	uint64_t hist;		    /* issued, not yet read (io_hist_len) */
	uint64_t every, batch;	    /* verify_backlog (0: off), its batch */
	uint64_t left;		    /* reads of the batch still due */
};

/* Off with @every 0; @batch 0 is @every. 0 or -ENOMEM. */
int lm_backlog_init(struct lm_backlog *b, uint64_t every, uint64_t batch);
void lm_backlog_free(struct lm_backlog *b);

/* A write was issued: it waits for its read, and may make a batch due. */
void lm_backlog_issued(struct lm_backlog *b);

/* A write completed: @ok, it waits in the ring for its read (-ENOMEM
 * when the ring cannot grow); else it is no longer waited for. */
int lm_backlog_done(struct lm_backlog *b, uint64_t off, uint32_t len, bool ok);

/* A read due now, into @io: one of the batch, or any when @all (the pass
 * has drawn its last IO). False: none is due, or none has completed.
 * lm_backlog_peek() says which without taking it. */
bool lm_backlog_peek(const struct lm_backlog *b, bool all,
		     struct lm_backlog_io *io);
bool lm_backlog_take(struct lm_backlog *b, bool all, struct lm_backlog_io *io);

/* Are writes still waiting for their read (completed or in flight)? */
static inline bool lm_backlog_waiting(const struct lm_backlog *b)
{
	return b->hist != 0;
}

#endif

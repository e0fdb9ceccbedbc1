/* SPDX-License-Identifier: MIT */
/*
 * The next IO of a worker's loop (loop.h): its direction, size and offset
 * drawn from the job's mix, rate, flow and offsets; kept back while it
 * overlaps one in flight where that matters; and made ready to queue,
 * a write's data filled. Only the loop calls these, in its own thread.
 */
#ifndef LM_RUN_DRAW_H
#define LM_RUN_DRAW_H

#include "src/run/loop.h"

/* An IO; none yet (the rate, the flow); the reads of verify_backlog's
 * writes in flight are all that is left; the pass is over. */
enum lm_draw { LM_DRAW_IO, LM_DRAW_PACED, LM_DRAW_WAIT, LM_DRAW_END };

/* The next IO's direction, size and offset into @n: the one held back,
 * else a new one, unless the rate holds it or the pass is over. */
enum lm_draw lm_draw(struct lm_worker *w, struct lm_loop *l, uint64_t now,
		     struct lm_next *n);

/* The loop's next IO into @n: a read verify_backlog has due (backlog.h),
 * else the pass's next (lm_draw()) unless the thread has issued what it
 * may (its size share, number_ios); once the pass is over, the reads of
 * the writes still waiting, then LM_DRAW_END. */
enum lm_draw lm_draw_next(struct lm_worker *w, struct lm_loop *l,
			  bool measuring, uint64_t now, struct lm_next *n);

/* --verify, trimwrite: may @io go as @n, overlapping no IO in flight on
 * the target where either writes or trims? Else it is held back (l->held)
 * until it may. */
bool lm_guard(struct lm_worker *w, struct lm_loop *l, const struct lm_io *io,
	      const struct lm_next *n);
/* @io's claim let go: it completed, or was never queued. */
void lm_unguard(struct lm_worker *w, const struct lm_io *io);

/* @io made the IO drawn as @n, its data filled; returns its issue time
 * (@now, or a clock read after a write's fill). */
uint64_t lm_ready(struct lm_worker *w, struct lm_loop *l, struct lm_io *io,
		  const struct lm_next *n, bool measuring, uint64_t now);

/* A write completed: verify_backlog reads it back later (backlog.h); a
 * ring that cannot grow is the loop's error. */
void lm_backlogged(struct lm_worker *w, struct lm_loop *l,
		   const struct lm_io *io);

/* The pass has drawn its last IO: once a pass, it leaves the flow, and a
 * buffered job with writes to read back syncs and drops their cache. */
void lm_drawn_out(struct lm_worker *w, struct lm_loop *l);

#endif

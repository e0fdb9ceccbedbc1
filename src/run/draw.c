// SPDX-License-Identifier: MIT
/* The next IO of a worker's loop (draw.h). */
#include "src/run/draw.h"
#include "src/run/sync.h"
#include "src/target/target.h"

#include <stdio.h>

/* A write's data, as chosen at setup (not LM_FILL_NONE). */
static void lm_fill_data(struct lm_worker *w, struct lm_loop *l,
			 struct lm_io *io)
{
	uint64_t tag = ((uint64_t)w->id << LM_VERIFY_SEQ_THREAD) | l->seq;

	if (l->fill == LM_FILL_STAMP) {
		lm_buf_stamp(io->buf, io->len, w->stamp_bytes, io->offset, tag);
		l->seq++;
	} else if (l->fill == LM_FILL_VERIFY) {
		/* fio's %o: the pattern has the IO's offset in it (with
		 * verify off, fio's data keeps it zeros) */
		if (w->job->verify && w->job->verify_pat.noff)
			lm_verify_pattern_fill(&w->job->verify_pat, io->buf,
					       io->len, io->offset);
		/* verify off, a pattern given: the pattern alone, as fio */
		lm_verify_block_fill_io(io->buf, io->len, w->stamp_bytes,
					io->offset, w->shared->verify_run, tag,
					w->job->verify ? w->job->verify_kind
						       : LM_VERIFY_PATTERN);
		l->seq++;
	} else if (l->fill == LM_FILL_SEEDED) {
		lm_buf_fill(io->buf, io->len, lm_dedupe_next(&l->dedupe),
			    w->job->compress_pct, &w->job->buf_pat);
	} else {
		w->hooks->fill(w->hooks->arg, io);
	}
}

/* fio's invalidate (a buffered job): fio reopens a job's files for each
 * pass over them and drops their cached pages at each open, so each pass
 * reads the device again; so does lunmark, at the first IO after the
 * IOs issued make up the region (not at the last one of a pass: a write
 * job's drop starts the writeback of what it wrote, which fio's run of
 * one pass never waits for). */
static void lm_invalidate(struct lm_worker *w, struct lm_loop *l, uint32_t len)
{
	if (!l->inval)
		return;
	if (!l->inval_left) {
		lm_target_drop_cache(w->target, w->start_bytes,
				     w->nblocks * w->job->bs_bytes);
		l->inval_left = w->nblocks * w->job->bs_bytes;
	}
	l->inval_left -= l->inval_left > len ? len : l->inval_left;
}

/* fio's random map (blockmap.h): a random block, or the next one not
 * covered; a size that fits the region from there (fio draws again); the
 * IO cut at the first block covered before. A covered map starts over:
 * the job's size, loops or time end the pass. */
static void lm_draw_mapped(struct lm_worker *w, struct lm_loop *l,
			   struct lm_next *n)
{
	const struct lm_job *j = w->job;
	uint32_t bs = j->bs_bytes;
	uint64_t b = lm_blockmap_free_at(&l->map, lm_offset_random(&l->gen));
	uint64_t taken_bytes;
	unsigned int tries;

	if (b == UINT64_MAX) {
		lm_blockmap_clear(&l->map);
		b = lm_offset_random(&l->gen);
	}
	/* a block of the smallest size fits (b is in the map), but that
	 * size may have no share: after 64 draws, cut at the region's end */
	for (tries = 0; b + (n->len + bs - 1) / bs > l->map.nblocks; tries++)
		n->len = tries < 64 ? lm_bs_pick(&j->bsd[n->dir], &l->mix,
						 j->size_bytes)
				    : (uint32_t)(l->map.nblocks - b) * bs;
	taken_bytes = lm_blockmap_take(&l->map, b, (n->len + bs - 1) / bs) * bs;
	if (taken_bytes < n->len)
		n->len = (uint32_t)taken_bytes;
	n->off = w->start_bytes + b * bs;
}

/* @n's offset from the generator. In a sequential pass of several
 * sizes, a size past the region's end is drawn again to fit, as fio's
 * last IO of a pass; it is aligned to its direction's smallest size.
 * False: the pass is done. */
static bool lm_draw_place(struct lm_worker *w, struct lm_loop *l,
			  struct lm_next *n)
{
	const struct lm_job *j = w->job;
	uint32_t bs = j->bs_bytes, was = n->len;
	uint64_t at, room;
	int got;

	if (!j->bs_vary || !lm_offset_fits(&l->gen)) {
		if (!lm_offset_next_dir(&l->gen, &n->off, n->len / bs,
					n->dir == LM_DIR_WRITE))
			return false;
	} else {
		do {
			room = lm_offset_room(&l->gen, &at) * bs;
			if (n->len > room)
				n->len = lm_bs_pick(&j->bsd[n->dir], &l->mix,
						    room);
			got = lm_offset_claim(&l->gen, at, n->len / bs,
					      &n->off);
		} while (!got);
		if (got < 0)
			return false;
		lm_rate_retake(&l->rate, n->dir, was, n->len);
	}
	/* a smallest size above the room is moved back into the region */
	if (j->bs_vary)
		n->off = lm_bs_place(w->start_bytes, w->nblocks * bs, n->off,
				     n->len, l->align[n->dir]);
	return true;
}

/* The next IO's direction, size and offset into @n: the one held back,
 * else a new one, unless the rate holds it or the pass is over. */
enum lm_draw lm_draw(struct lm_worker *w, struct lm_loop *l, uint64_t now,
		     struct lm_next *n)
{
	const struct lm_job *j = w->job;

	if (l->held.on) {
		*n = l->held;
		l->held.on = l->flowed = false;
		return LM_DRAW_IO;
	}
	l->flowed = w->flow && !lm_flow_may(w->flow, l->flow_mine, j->flow);
	if (l->flowed)
		return LM_DRAW_PACED;
	n->len = j->bs_bytes;
	n->check = false;
	if (l->mixed)
		n->dir = lm_rand_below(&l->mix, 100) >= j->rwmixread_pct
				 ? LM_DIR_WRITE
				 : LM_DIR_READ;
	else
		n->dir = l->dir;
	if (j->bs_vary)
		n->len = lm_bs_pick(&j->bsd[n->dir], &l->mix, j->size_bytes);
	l->paced =
		l->rate.on && !lm_rate_take_mix(&l->rate, l->mixed, j, &l->mix,
						&n->dir, &n->len, now);
	if (l->paced)
		return LM_DRAW_PACED;
	if (l->map.bits && !l->solo) {
		uint32_t booked = n->len;

		lm_draw_mapped(w, l, n);
		lm_rate_retake(&l->rate, n->dir, booked, n->len);
	} else if (!lm_draw_place(w, l, n))
		return LM_DRAW_END;
	n->pass = l->gen.pass;
	/* counted once drawn: an IO the rate held or the pass ended is not */
	if (w->flow)
		lm_flow_count(w->flow, &l->flow_mine);
	return LM_DRAW_IO;
}

/* Has the thread issued what it may: its share of a random size-limited
 * pass (a fio job's ramp spends of it too), or fio's number_ios (times
 * loops, when the job was fitted)? A file in turn left no bytes (no_io)
 * has issued all it may. */
static bool lm_spent(const struct lm_worker *w, const struct lm_loop *l,
		     bool measuring)
{
	const struct lm_job *j = w->job;

	return j->no_io ||
	       ((measuring || j->ramp_in_pass) && w->budgeted &&
		l->issued_measured >= w->budget_bytes) ||
	       (measuring && j->number_ios && l->ios_measured >= j->number_ios);
}

/* fio's verify_backlog: the read of a write that completed, as @n. */
static void lm_draw_check(const struct lm_backlog_io *b, struct lm_next *n)
{
	*n = (struct lm_next){ .off = b->off,
			       .len = b->len,
			       .dir = LM_DIR_READ,
			       .pass = true,
			       .check = true };
}

enum lm_draw lm_draw_next(struct lm_worker *w, struct lm_loop *l,
			  bool measuring, uint64_t now, struct lm_next *n)
{
	struct lm_backlog_io b;
	enum lm_draw d;

	/* held by the flow only as lm_draw() finds it, never from before */
	l->flowed = false;
	/* a read held back goes first; a write held back is the pass's */
	if (l->held.on && l->held.check)
		return lm_draw(w, l, now, n);
	/* a read of the backlog in the pass is paced as the job's reads,
	 * as fio's; the read-back after it is not */
	if (!l->held.on && (!l->drawn_out || l->settled) &&
	    lm_backlog_peek(&l->backlog, l->drawn_out, &b)) {
		l->paced = l->rate.on && !l->drawn_out &&
			   !lm_rate_take(&l->rate, LM_DIR_READ, b.len, now);
		if (l->paced)
			return LM_DRAW_PACED;
		lm_backlog_take(&l->backlog, l->drawn_out, &b);
		goto out_check;
	}
	/* an IO held back was drawn: it goes, spent or not */
	if (!l->drawn_out && (l->held.on || !lm_spent(w, l, measuring))) {
		d = lm_draw(w, l, now, n);
		if (d != LM_DRAW_END)
			return d;
	}
	/* the pass is over: every write left is read back, once
	 * lm_drawn_out() has settled the pass (a buffered job's writes
	 * reach the device first) */
	l->drawn_out = true;
	if (l->settled && lm_backlog_take(&l->backlog, true, &b))
		goto out_check;
	return lm_backlog_waiting(&l->backlog) ? LM_DRAW_WAIT : LM_DRAW_END;
out_check:
	lm_draw_check(&b, n);
	return LM_DRAW_IO;
}

/* --verify, trimwrite: may @io go as @n, overlapping no IO in flight on
 * the target where either writes or trims? Else it is held back until it
 * may. */
bool lm_guard(struct lm_worker *w, struct lm_loop *l, const struct lm_io *io,
	      const struct lm_next *n)
{
	unsigned int slot = lm_overlap_slot(w->id, w->job->iodepth, io->slot);

	if (!w->overlap || lm_overlap_claim(w->overlap, slot, n->off, n->len,
					    n->dir != LM_DIR_READ))
		return true;
	l->held = *n;
	l->held.on = true;
	return false;
}

void lm_unguard(struct lm_worker *w, const struct lm_io *io)
{
	if (w->overlap)
		lm_overlap_release(
			w->overlap,
			lm_overlap_slot(w->id, w->job->iodepth, io->slot));
}

/* @io made the IO drawn as @n, its data filled; returns its issue time
 * (@now, or a clock read after a write's fill). */
uint64_t lm_ready(struct lm_worker *w, struct lm_loop *l, struct lm_io *io,
		  const struct lm_next *n, bool measuring, uint64_t now)
{
	const struct lm_job *j = w->job;

	io->dir = n->dir;
	/* a size-limited pass counts what it issued, not what completed in
	 * a window: a ramp's IO is never counted. lunmark's own pass starts
	 * at the ramp's end, so an IO of it drawn before this worker saw the
	 * window open is counted; a fio job's pass (ramp_in_pass) began with
	 * the ramp, and only its IOs drawn in the window count */
	io->counted = w->cursor_pass ? n->pass && (measuring || !j->ramp_ns ||
						   !j->ramp_in_pass)
				     : measuring;
	/* mixed jobs keep read buffers apart from write buffers */
	io->buf_index =
		io->slot + (io->dir == LM_DIR_WRITE && l->bufs.n > j->iodepth
				    ? j->iodepth
				    : 0);
	io->buf = l->bufs.iov[io->buf_index].iov_base;
	io->offset = n->off;
	io->len = n->len;
	io->verify = n->check;
	if (!n->check)
		lm_invalidate(w, l, n->len);
	io->prio_idx =
		(uint8_t)lm_prio_pick(&w->prio, n->dir, n->len, &l->prio);
	io->ioprio = lm_prio_of(&w->prio, n->dir, io->prio_idx);
	if (io->dir == LM_DIR_WRITE && l->fill != LM_FILL_NONE) {
		lm_fill_data(w, l, io);
		now = lm_now_ns();
	}
	io->issue_ns = now;
	io->submit_ns = 0;
	return now;
}

/* A write completed: verify_backlog reads it back later (backlog.h). */
void lm_backlogged(struct lm_worker *w, struct lm_loop *l,
		   const struct lm_io *io)
{
	int ret = lm_backlog_done(&l->backlog, io->offset, io->len,
				  io->res == (int)io->len);

	if (ret && !w->io_errno) {
		lm_loop_fail(w, l, -ret, io->offset, LM_DIR_WRITE);
		snprintf(
			w->errtext, sizeof(w->errtext),
			"verify_backlog: no memory left for the writes waiting to be read back");
	}
}

/*
 * The pass has drawn its last IO (backlog.h), once a pass: it issues no
 * more of the flow's IOs, so the flow's others are not held for it; and
 * with writes still to read back, a buffered job's writes complete,
 * reach the device and leave the cache first, as fio's verify phase
 * syncs and drops its files' pages, so that the reads see the device.
 */
void lm_drawn_out(struct lm_worker *w, struct lm_loop *l)
{
	l->settled = true;
	if (w->flow)
		lm_flow_leave(w->flow, l->flow_mine, w->job->flow);
	if (w->job->direct || w->target->fd < 0 ||
	    !lm_backlog_waiting(&l->backlog) || !lm_loop_quiesce(w, l))
		return;
	lm_loop_flush(w, l, w->start_bytes);
	lm_target_drop_cache(w->target, w->start_bytes,
			     w->nblocks * w->job->bs_bytes);
}

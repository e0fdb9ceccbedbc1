// SPDX-License-Identifier: MIT
/* The one submit/reap loop (loop.h). */
#include "src/run/loop.h"
#include "src/run/draw.h"
#include "src/run/sync.h"
#include "src/lunmark.h"
#include "src/target/target.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void lm_loop_fail(struct lm_worker *w, const struct lm_loop *l, int err,
		  uint64_t offset, unsigned int dir)
{
	if (w->io_errno)
		return;
	w->io_errno = err;
	w->io_err_offset = offset;
	w->io_err_dir = dir;
	memcpy(w->errtext, l->eng.err, sizeof(w->errtext));
}

/* Single writer: a relaxed load and store, no locked instruction. */
static void lm_live_add(_Atomic uint64_t *c, uint64_t v)
{
	atomic_store_explicit(c,
			      atomic_load_explicit(c, memory_order_relaxed) + v,
			      memory_order_relaxed);
}

static void lm_count(struct lm_worker *w, enum lm_dir d, uint64_t bytes,
		     uint64_t lat_ns, uint64_t slat_ns)
{
	lm_live_add(&w->live_ios[d], 1);
	lm_live_add(&w->live_bytes[d], bytes);
	lm_live_add(&w->live_lat_ns[d], lat_ns);
	if (slat_ns)
		lm_live_add(&w->live_slat_ns[d], slat_ns);
}

/* The samples of an IO of @bytes that took @clat_ns, where the job takes
 * one per IO (job.h's LM_SAMPLE_EACH_IO), as fio's add_bw_sample() and
 * add_iops_sample(). */
static void lm_io_samples(struct lm_worker *w, enum lm_dir d, uint64_t bytes,
			  uint64_t clat_ns)
{
	if (w->job->bw_avg_ms == LM_SAMPLE_EACH_IO)
		lm_running_add(&w->io_bw[d], lm_io_bw(bytes, clat_ns));
	if (w->job->iops_avg_ms == LM_SAMPLE_EACH_IO)
		lm_running_add(&w->io_iops[d], 1);
}

void lm_loop_stop_all(struct lm_worker *w)
{
	atomic_store_explicit(&w->shared->phase, LM_PHASE_STOP,
			      memory_order_relaxed);
}

/*
 * The @n IOs just queued were handed on at @now, in one submit(). They
 * are the last ones taken from free_ios: at [nfree, nfree + n), also when
 * one after them was refused and put back below.
 */
static void lm_submitted(struct lm_loop *l, unsigned int n, uint64_t now)
{
	unsigned int i;

	for (i = l->nfree; i < l->nfree + n; i++)
		l->free_ios[i]->submit_ns = now;
}

static void lm_trim_now(struct lm_worker *w, struct lm_loop *l,
			struct lm_io *io, bool measuring);

/* The @n IOs queued last handed on in one submit() (on their way before
 * it returns when @now); what was queued is reaped even when it fails. */
static void lm_push(struct lm_worker *w, struct lm_loop *l, unsigned int n,
		    bool measuring, bool now)
{
	int ret = l->eng.ops->submit(&l->eng, now);

	if (ret < 0)
		lm_loop_fail(w, l, -ret, 0, LM_DIR_READ);
	if (l->eng.ops->slat)
		lm_submitted(l, n, lm_now_ns());
	l->inflight += n;
	/* fio marks a submit that went through */
	if (measuring && ret >= 0)
		lm_depths_submit(&w->depths, n, l->inflight);
}

/* @n was issued: what the pass, its syncs, thinktime, number_ios and
 * verify_backlog count of it. */
static void lm_issued(struct lm_worker *w, struct lm_loop *l,
		      const struct lm_next *n, bool measuring)
{
	bool rewrite = l->trimwrite && n->dir == LM_DIR_WRITE;

	/* fio's io_issues, which thinktime counts: not its verify
	 * list's reads */
	l->nissued += !n->check;
	l->writes += n->dir == LM_DIR_WRITE;
	if (n->dir == LM_DIR_WRITE)
		lm_backlog_issued(&l->backlog);
	/* a fio job's ramp issues into its pass (ramp_in_pass); a
	 * verify_backlog read is not of the pass's size, but counts
	 * in number_ios (fio's io_blocks); trimwrite's write of the
	 * block it trimmed is in neither (fio's pass trims size, or
	 * number_ios blocks, and writes each) */
	if ((measuring || w->job->ramp_in_pass) && !n->check && !rewrite)
		l->issued_measured += n->len;
	l->ios_measured += measuring && !rewrite;
}

/* Fill the queue; returns false when there is no more work to issue. */
static bool lm_fill(struct lm_worker *w, struct lm_loop *l, bool measuring)
{
	unsigned int queued = 0;
	enum lm_draw d = LM_DRAW_IO;
	enum lm_sync sync;
	bool own; /* a trim the thread does itself */
	struct lm_next n;
	struct lm_io *io;
	uint64_t now;
	int ret;

	if (!l->nfree)
		return true;
	/* issue times: a clock read after the data work before each IO (a
	 * 1 MiB stamp is not the next IO's latency), not for each queue */
	now = lm_now_ns();
	/* fio's latency_target keeps its depth (else it is the iodepth) */
	while (l->nfree && l->inflight + queued < l->lt.qd) {
		d = lm_draw_next(w, l, measuring, now, &n);
		if (d != LM_DRAW_IO)
			break;
		/* fio takes a read of its verify list before it asks for a
		 * sync: a backlog read gets none */
		sync = n.check ? LM_SYNC_NONE : lm_sync_due(w, l);
		own = n.dir == LM_DIR_TRIM && !l->eng.ops->trim;
		/* what was queued goes first, as fio's engines ask
		 * (FIO_Q_BUSY) before a sync or trim of their own */
		if ((sync || own) && queued)
			lm_push(w, l, queued, measuring, true);
		queued = sync || own ? 0 : queued;
		if (sync && !lm_sync_now(w, l, sync, measuring, &now))
			break; /* failed: nothing more goes */
		io = l->free_ios[l->nfree - 1];
		if (!lm_guard(w, l, io, &n))
			break;
		l->nfree--;
		now = lm_ready(w, l, io, &n, measuring, now);
		lm_trace_io(&l->trace, lm_trace_file(w), now,
			    lm_dir_name(io->dir), io->offset, io->len);
		if (own) {
			lm_trim_now(w, l, io, measuring);
			now = lm_now_ns();
		} else {
			ret = l->eng.ops->queue(&l->eng, io);
			if (ret < 0) {
				/* not taken, so not in flight: a failed IO;
				 * what was queued before it is submitted and
				 * reaped */
				l->free_ios[l->nfree++] = io;
				lm_unguard(w, io);
				lm_loop_fail(w, l, -ret, io->offset, io->dir);
				d = LM_DRAW_END;
				break;
			}
			/* fio's iodepth_batch_submit: handed on now */
			if (++queued == l->batch) {
				lm_push(w, l, queued, measuring, false);
				queued = 0;
			}
		}
		if (l->trimwrite && n.dir == LM_DIR_TRIM) {
			/* fio's trimwrite: the block trimmed is written next */
			l->held = n;
			l->held.dir = LM_DIR_WRITE;
			l->held.on = true;
		}
		lm_issued(w, l, &n, measuring);
		if (lm_loop_think_due(w, l, true))
			break;
	}
	if (queued)
		lm_push(w, l, queued, measuring, false);
	return d != LM_DRAW_END && !w->io_errno;
}

/* A read that moved all its bytes: the hook's check, or --verify's. */
static void lm_check(struct lm_worker *w, const struct lm_io *io)
{
	if (w->hooks)
		w->hooks->check(w->hooks->arg, io);
	else
		lm_verify_block_io(
			io->buf, io->len, w->stamp_bytes, io->offset,
			/* a write of its own read back: of this run */
			&(struct lm_verify_how){
				w->job->verify_kind, &w->job->verify_pat,
				io->verify ? w->shared->verify_run : 0 },
			&w->verify);
}

/* A failed IO that continue_on_error goes on past: counted, its error
 * kept if it is the first, and said with error_dump, as fio's. */
static void lm_gone_on(struct lm_worker *w, const struct lm_io *io, int err)
{
	if (!w->err_gone++)
		w->err_first = err;
	if (w->job->error_dump)
		fprintf(stderr,
			"lunmark: %s: %s %s at offset %llu, %u bytes (continue_on_error goes on)\n",
			w->target->name, lm_dir_name(io->dir), strerror(err),
			(unsigned long long)io->offset, io->len);
}

/* fio's latency_target: an IO over it (lattarget.h); at QD 1 with
 * latency_percentile 100 the job fails, as fio's ETIMEDOUT. */
static void lm_over_target(struct lm_worker *w, struct lm_loop *l,
			   const struct lm_io *io, uint64_t now)
{
	enum lm_lat_step s = lm_lat_target_over(&l->lt, now, l->ncompleted);

	if (s == LM_LAT_FAIL) {
		bool first = !w->io_errno;

		lm_loop_fail(w, l, ETIMEDOUT, io->offset, io->dir);
		if (first)
			snprintf(
				w->errtext, sizeof(w->errtext),
				"latency_target=%llu us not met at QD 1: an IO took %llu us",
				(unsigned long long)(l->lt.target_ns / 1000),
				(unsigned long long)((now - io->issue_ns) /
						     1000));
	} else if (s > l->lt_step) {
		l->lt_step = s;
	}
}

/* IO @io, done at @now and counted: its latencies (slat and clat where
 * the engine tells them apart, clat else lat), its record (@base: the
 * record's zero) and samples. */
static void lm_counted(struct lm_worker *w, struct lm_loop *l,
		       const struct lm_io *io, uint64_t now, uint64_t base)
{
	enum lm_dir d = io->dir;
	uint64_t clat = now - (io->submit_ns ?: io->issue_ns);

	if (l->lt.on && now - io->issue_ns > l->lt.target_ns)
		lm_over_target(w, l, io, now);
	lm_hist_add(&w->lat[d], now - io->issue_ns);
	if (io->submit_ns) {
		lm_hist_add(&w->slat[d], io->submit_ns - io->issue_ns);
		lm_hist_add(&w->clat[d], clat);
	}
	if (w->prio_lat[d].n)
		lm_hist_add(&w->prio_lat[d].h[io->prio_idx],
			    w->job->prio_total ? now - io->issue_ns : clat);
	lm_count(w, d, io->len, now - io->issue_ns,
		 io->submit_ns ? io->submit_ns - io->issue_ns : 0);
	if (w->job->iolog)
		lm_iolog_io(&w->iolog, io, d, now, now > base ? now - base : 0);
	lm_io_samples(w, d, io->len, clat);
}

/*
 * @n IOs reaped, the first at @now, in the window or not (@measuring),
 * before the stop or after it (@stop): a time-based run counts what
 * completed in the window, a size-limited one what it issued into its
 * pass and completed before the stop. Each IO after the first reads the
 * clock again when its turn comes, so that no two IOs of a batch share a
 * completion time (a vDSO read: lm-clockcost prints its cost).
 */
static void lm_complete(struct lm_worker *w, struct lm_loop *l, unsigned int n,
			bool measuring, bool stop, uint64_t now)
{
	bool limited = w->cursor_pass || w->budgeted;
	uint64_t base = w->job->iolog ? lm_worker_record_base(w) : 0;
	unsigned int i;

	for (i = 0; i < n; i++) {
		struct lm_io *io = l->done[i];
		enum lm_dir d = io->dir;
		bool count = limited ? io->counted && !stop : measuring;

		if (i)
			now = lm_now_ns();

		/* every read is checked, counted in the window or not */
		if ((l->checks || (io->verify && !l->nodata)) &&
		    d == LM_DIR_READ && io->res == (int)io->len)
			lm_check(w, io);
		if (d == LM_DIR_WRITE && l->backlog.every)
			lm_backlogged(w, l, io);
		if (io->res != (int)io->len) {
			bool first = !w->io_errno;
			/* a short transfer is an error too */
			int err = io->res < 0 ? -io->res : EIO;

			w->errors[d]++;
			if (lm_onerr_goes_on(&w->job->onerr, d != LM_DIR_READ,
					     err)) {
				lm_gone_on(w, io, err);
				goto next;
			}
			lm_loop_fail(w, l, err, io->offset, d);
			if (first && io->res == -EPERM &&
			    lm_prio_rt(io->ioprio))
				snprintf(
					w->errtext, sizeof(w->errtext),
					"%s (an IO of the real-time priority class, prioclass or cmdprio_class 1, needs CAP_SYS_NICE or CAP_SYS_ADMIN: run as root, or use class 2 or 3)",
					strerror(EPERM));
		} else if (count) {
			lm_counted(w, l, io, now, base);
		}
	next:
		lm_unguard(w, io);
		l->free_ios[l->nfree++] = io;
	}
	l->inflight -= n;
	l->ncompleted += n;
	l->synced = l->synced && !n;
	if (measuring)
		lm_depths_complete(&w->depths, n);
}

/* A trim the engine does not take (no ops->trim): done here and now, as
 * fio's engines do theirs, and completed at once. */
static void lm_trim_now(struct lm_worker *w, struct lm_loop *l,
			struct lm_io *io, bool measuring)
{
	int ret = lm_target_trim(w->target, io->offset, io->len);

	io->res = ret ? ret : (int)io->len;
	l->inflight++;
	/* one IO, submitted and reaped on its own, as fio's sync trims */
	if (measuring)
		lm_depths_submit(&w->depths, 1, l->inflight);
	l->done[0] = io;
	lm_complete(w, l, 1, measuring, false, lm_now_ns());
}

bool lm_loop_measuring(struct lm_worker *w, const struct lm_loop *l,
		       uint64_t now, bool *stop)
{
	int phase =
		atomic_load_explicit(&w->shared->phase, memory_order_relaxed);
	uint64_t deadline =
		atomic_load_explicit(&w->deadline_ns, memory_order_relaxed);
	uint64_t from =
		atomic_load_explicit(&w->measure_from_ns, memory_order_relaxed);

	/* a run's main thread turns the stop flag into the phase; a solo
	 * worker has no other thread to do it */
	*stop = phase == LM_PHASE_STOP || (l->solo && lm_stop) ||
		atomic_load_explicit(&w->halt, memory_order_relaxed) ||
		(deadline && phase == LM_PHASE_MEASURE && now >= deadline);
	return phase == LM_PHASE_MEASURE && !*stop && now >= from;
}

bool lm_loop_quiesce(struct lm_worker *w, struct lm_loop *l)
{
	bool stop = false;
	uint64_t now;
	int n;

	while (l->inflight && !w->io_errno) {
		n = l->eng.ops->reap(&l->eng, 1, l->done, w->job->iodepth);
		if (n < 0) {
			lm_loop_fail(w, l, -n, 0, LM_DIR_READ);
			return false;
		}
		now = lm_now_ns();
		lm_complete(w, l, (unsigned int)n,
			    lm_loop_measuring(w, l, now, &stop), stop, now);
	}
	return !stop;
}

/* fio's rate_min: a thread below it fails, as an IO error would. */
static void lm_slow(struct lm_worker *w, struct lm_loop *l, uint64_t now)
{
	char why[sizeof(w->errtext)];

	if (!lm_rate_min_check(&l->rate_min, now, w->live_bytes, w->live_ios,
			       why, sizeof(why)))
		return;
	lm_loop_fail(w, l, EIO, LM_ERR_NOT_IO, LM_DIR_READ);
	memcpy(w->errtext, why, sizeof(why));
}

/* After a reap: what fio's latency_target asks (an IO over it, or the
 * window's verdict); false when its measured window is over. */
static bool lm_latency(struct lm_worker *w, struct lm_loop *l, uint64_t now)
{
	enum lm_lat_step s = l->lt_step;

	l->lt_step = LM_LAT_GO;
	if (s == LM_LAT_GO)
		s = lm_lat_target_check(&l->lt, now, l->ncompleted);
	w->lat_depth = l->lt.qd;
	if (s == LM_LAT_DONE)
		return false;
	if (s != LM_LAT_QUIESCE && s != LM_LAT_MEASURE)
		return true;
	lm_loop_quiesce(w, l);
	/* the next window starts once the quiesce is over */
	now = lm_now_ns();
	if (s == LM_LAT_MEASURE)
		lm_worker_restart(w, now);
	lm_lat_target_window(&l->lt, now, l->ncompleted);
	return true;
}

/* After a reap in the pass: fio's rate_min, latency_target and
 * thinktime (what is left once the pass is over is its read-back, which
 * fio paces, times and checks against no rate). */
static void lm_reaped(struct lm_worker *w, struct lm_loop *l, bool measuring,
		      uint64_t now, bool *more)
{
	if (l->rate_min.on && measuring)
		lm_slow(w, l, now);
	if (l->lt.on && measuring && !lm_latency(w, l, now)) {
		/* its search is over: only its writes' reads are left */
		l->drawn_out = true;
		*more = lm_backlog_waiting(&l->backlog);
	}
	if (!l->drawn_out && lm_loop_think_due(w, l, false))
		lm_loop_think(w, l);
}

/* Every IO in flight reaped, uncounted: each buffer must be back before
 * it is freed. */
static void lm_drain(struct lm_worker *w, struct lm_loop *l)
{
	int n;

	while (l->inflight) {
		n = l->eng.ops->reap(&l->eng, 1, l->done, w->job->iodepth);
		if (n < 0) {
			lm_loop_fail(w, l, -n, 0, LM_DIR_READ);
			break;
		}
		lm_complete(w, l, (unsigned int)n, false, true, lm_now_ns());
	}
}

/* The one submit/reap loop: until the pass is done, the stop, or the
 * first error; then every IO in flight is reaped. */
void lm_loop_run(struct lm_worker *w, struct lm_loop *l)
{
	/* fio's iodepth_batch_complete_min and _max (at most the depth) */
	unsigned int min = w->job->batch_min, max = w->job->batch_max;
	bool more = true, stop, measuring;
	uint64_t now;
	int n;

	if (!max || max > w->job->iodepth)
		max = w->job->iodepth;
	lm_loop_start(w, l);
	measuring = lm_loop_measuring(w, l, lm_now_ns(), &stop);
	lm_rate_start(&l->rate, lm_now_ns());
	lm_rate_min_start(&l->rate_min, lm_now_ns());
	lm_lat_target_init(&l->lt, w->job, lm_now_ns(), l->ncompleted);
	/* the open's drop was done (lm_run_hint): this pass reads anew */
	l->inval = w->job->invalidate && !w->job->direct && !l->solo &&
		   w->target->fd >= 0;
	l->inval_left = w->nblocks * w->job->bs_bytes;
	l->drawn_out = l->settled = false;
	w->lat_depth = l->lt.qd;
	/* (the first error ends it, also one of a settling or a pause) */
	while (!stop && !w->io_errno && (more || l->inflight)) {
		if (more)
			more = lm_fill(w, l, measuring);
		/* the pass is drawn out: its read-back fills anew after */
		if (l->drawn_out && !l->settled) {
			lm_drawn_out(w, l);
			measuring = lm_loop_measuring(w, l, lm_now_ns(), &stop);
			continue;
		}
		/* thinktime_blocks_type=issue: the fill stopped for it */
		if (!l->drawn_out && lm_loop_think_due(w, l, true)) {
			lm_loop_think(w, l);
			measuring = lm_loop_measuring(w, l, lm_now_ns(), &stop);
			continue;
		}
		if (more &&
		    (l->flowed || (!l->inflight && (l->paced || l->held.on)))) {
			lm_loop_hold(w, l);
			measuring = lm_loop_measuring(w, l, lm_now_ns(), &stop);
			continue;
		}
		if (!l->inflight)
			break;
		n = l->eng.ops->reap(&l->eng,
				     min < l->inflight ? min : l->inflight,
				     l->done, max);
		if (n < 0) {
			lm_loop_fail(w, l, -n, 0, LM_DIR_READ);
			break;
		}
		/* read the clock and the phase after the wait: what
		 * completed in the window counts, what completed after the
		 * stop does not */
		now = lm_now_ns();
		measuring = lm_loop_measuring(w, l, now, &stop);
		lm_worker_cpu_from(w, measuring);
		lm_complete(w, l, (unsigned int)n, measuring, stop, now);
		if (!l->drawn_out)
			lm_reaped(w, l, measuring, now, &more);
	}
	/* every IO of the pass issued, none failed (whatever the stop cut
	 * from the window, all of it is written once drained) */
	w->whole = !more && !w->io_errno;
	/* fio's default: the first error ends the run */
	if (w->io_errno)
		lm_loop_stop_all(w);
	/* it issues no more: the flow's others are not held for it */
	if (w->flow && !l->settled)
		lm_flow_leave(w->flow, l->flow_mine, w->job->flow);
	lm_drain(w, l);
	lm_worker_cpu_to(w);
}

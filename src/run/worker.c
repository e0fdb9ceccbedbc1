// SPDX-License-Identifier: MIT
#include "src/run/worker.h"
#include "src/run/rate.h"
#include "src/lunmark.h"
#include "src/target/target.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What a write's buffer gets before it is queued, chosen at setup. */
enum lm_fill {
	LM_FILL_NONE,	/* zeros: as they are */
	LM_FILL_STAMP,	/* random: a stamp per block (buffer.h) */
	LM_FILL_VERIFY, /* --verify: a header per block */
	LM_FILL_HOOK,	/* an explicit pass's hook */
};

/* An IO to issue: drawn, not yet queued. */
struct lm_next {
	uint64_t off;
	uint32_t len;
	bool write;
	bool pass; /* of the cursor's measured pass (offset.h) */
	bool on;   /* as held: there is one */
};

/* Per-thread state the loop uses and nobody else sees. */
struct lm_loop {
	struct lm_engine eng;
	struct lm_bufs bufs;
	struct lm_offset_gen gen;
	struct lm_rand mix;
	struct lm_io *ios;
	struct lm_io **free_ios;
	struct lm_io **done;
	unsigned int nfree;
	unsigned int inflight;
	uint64_t seq;
	uint64_t issued_measured; /* bytes */
	uint32_t align[2];	  /* bs_vary: read and write offsets' unit */
	bool mixed;		  /* the pass's direction: the job's mix, */
	bool write;		  /* or this one */
	enum lm_fill fill;	  /* writes */
	bool checks;		  /* reads are checked: a hook, or --verify */
	bool solo; /* an explicit pass: its thread is its clock, the stop
		    * flag ends it */
	struct lm_rate rate;	     /* fio's rate, rate_iops (rate.h) */
	struct lm_rate_min rate_min; /* and rate_min, rate_iops_min */
	bool paced;		     /* the last fill stopped at the rate */
	struct lm_next held; /* --verify: drawn, waiting for an overlap */
};

/*
 * The loop's first error, with where and the engine's words for it; the
 * later ones are counted, not kept. Every refused queue, submit, reap or
 * flush comes here, as a failed IO does.
 */
static void lm_fail(struct lm_worker *w, const struct lm_loop *l, int err,
		    uint64_t offset, bool write)
{
	if (w->io_errno)
		return;
	w->io_errno = err;
	w->io_err_offset = offset;
	w->io_err_write = write;
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
		     uint64_t lat_ns)
{
	lm_live_add(&w->live_ios[d], 1);
	lm_live_add(&w->live_bytes[d], bytes);
	lm_live_add(&w->live_lat_ns[d], lat_ns);
}

static void lm_stop_all(struct lm_worker *w)
{
	atomic_store_explicit(&w->shared->phase, LM_PHASE_STOP,
			      memory_order_relaxed);
}

/* A write's data, as chosen at setup (not LM_FILL_NONE). */
static void lm_fill_data(struct lm_worker *w, struct lm_loop *l,
			 struct lm_io *io)
{
	uint64_t tag = ((uint64_t)w->id << 56) | l->seq;

	if (l->fill == LM_FILL_STAMP) {
		lm_buf_stamp(io->buf, io->len, w->stamp_bytes, io->offset, tag);
		l->seq++;
	} else if (l->fill == LM_FILL_VERIFY) {
		lm_verify_block_fill_io(io->buf, io->len, w->stamp_bytes,
					io->offset, w->shared->verify_run, tag);
		l->seq++;
	} else {
		w->hooks->fill(w->hooks->arg, io);
	}
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

enum lm_draw { LM_DRAW_IO, LM_DRAW_PACED, LM_DRAW_END };

/* The next IO's direction, size and offset into @n: the one held back,
 * else a new one, unless the rate holds it or the pass is over. */
static enum lm_draw lm_draw(struct lm_worker *w, struct lm_loop *l,
			    uint64_t now, struct lm_next *n)
{
	const struct lm_job *j = w->job;

	if (l->held.on) {
		*n = l->held;
		l->held.on = false;
		return LM_DRAW_IO;
	}
	n->len = j->bs_bytes;
	if (l->mixed)
		n->write = lm_rand_below(&l->mix, 100) >= j->rwmixread_pct;
	else
		n->write = l->write;
	if (j->bs_vary)
		n->len = lm_bs_pick(&j->bsd[n->write], &l->mix);
	l->paced =
		l->rate.on && !lm_rate_take_mix(&l->rate, l->mixed, j, &l->mix,
						&n->write, &n->len, now);
	if (l->paced)
		return LM_DRAW_PACED;
	if (!lm_offset_next_n(&l->gen, &n->off, n->len / j->bs_bytes))
		return LM_DRAW_END;
	if (j->bs_vary)
		n->off = lm_bs_place(w->start_bytes, w->nblocks * j->bs_bytes,
				     n->off, n->len, l->align[n->write]);
	n->pass = l->gen.pass;
	return LM_DRAW_IO;
}

/* --verify: may @io go as @n, overlapping no IO in flight on the target
 * where either writes? Else it is held back until it may. */
static bool lm_guard(struct lm_worker *w, struct lm_loop *l,
		     const struct lm_io *io, const struct lm_next *n)
{
	unsigned int slot = lm_overlap_slot(w->id, w->job->iodepth, io->slot);

	if (!w->overlap ||
	    lm_overlap_claim(w->overlap, slot, n->off, n->len, n->write))
		return true;
	l->held = *n;
	l->held.on = true;
	return false;
}

static void lm_unguard(struct lm_worker *w, const struct lm_io *io)
{
	if (w->overlap)
		lm_overlap_release(
			w->overlap,
			lm_overlap_slot(w->id, w->job->iodepth, io->slot));
}

/* Fill the queue; returns false when there is no more work to issue. */
static bool lm_fill(struct lm_worker *w, struct lm_loop *l, bool measuring)
{
	const struct lm_job *j = w->job;
	unsigned int queued = 0;
	enum lm_draw d = LM_DRAW_IO;
	struct lm_next n;
	struct lm_io *io;
	uint64_t now;
	int ret;

	if (!l->nfree)
		return true;
	/* an IO's issue time is a clock read after the data work before
	 * it: the batch's first, or the one after a write's fill (a 1 MiB
	 * stamp is not the next IO's latency); queueing itself is a few
	 * stores */
	now = lm_now_ns();
	while (l->nfree) {
		if (w->budgeted && measuring &&
		    l->issued_measured >= w->budget_bytes)
			d = LM_DRAW_END;
		else
			d = lm_draw(w, l, now, &n);
		if (d != LM_DRAW_IO)
			break;
		io = l->free_ios[l->nfree - 1];
		if (!lm_guard(w, l, io, &n))
			break;
		l->nfree--;
		io->write = n.write;
		/* a size-limited pass counts what it issued, not what
		 * completed in a window: a ramp's IO is never counted */
		io->counted = w->cursor_pass ? n.pass : measuring;
		/* mixed jobs keep read buffers apart from write buffers */
		io->buf_index =
			io->slot +
			(io->write && l->bufs.n > j->iodepth ? j->iodepth : 0);
		io->buf = l->bufs.iov[io->buf_index].iov_base;
		io->offset = n.off;
		io->len = n.len;
		if (io->write && l->fill != LM_FILL_NONE) {
			lm_fill_data(w, l, io);
			now = lm_now_ns();
		}
		io->issue_ns = now;
		ret = l->eng.ops->queue(&l->eng, io);
		if (ret < 0) {
			/* not taken, so not in flight: a failed IO; what
			 * was queued before it is submitted and reaped */
			l->free_ios[l->nfree++] = io;
			lm_unguard(w, io);
			lm_fail(w, l, -ret, io->offset, io->write);
			d = LM_DRAW_END;
			break;
		}
		queued++;
		if (measuring)
			l->issued_measured += n.len;
	}
	if (queued) {
		/* what was queued is reaped even when this fails */
		ret = l->eng.ops->submit(&l->eng);
		if (ret < 0)
			lm_fail(w, l, -ret, 0, false);
		if (l->eng.ops->slat)
			lm_submitted(l, queued, lm_now_ns());
		l->inflight += queued;
	}
	return d != LM_DRAW_END && !w->io_errno;
}

/* Where the per-IO records count from: the window's start, or a job of
 * a longer ramp_time's own. */
static uint64_t lm_record_base(struct lm_worker *w)
{
	uint64_t t0 =
		atomic_load_explicit(&w->shared->t0_ns, memory_order_relaxed);
	uint64_t from =
		atomic_load_explicit(&w->measure_from_ns, memory_order_relaxed);

	return from > t0 ? from : t0;
}

/* A read that moved all its bytes: the hook's check, or --verify's. */
static void lm_check(struct lm_worker *w, const struct lm_io *io)
{
	if (w->hooks)
		w->hooks->check(w->hooks->arg, io);
	else
		lm_verify_block_io(io->buf, io->len, w->stamp_bytes, io->offset,
				   &w->verify);
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
	uint64_t base = w->job->iolog ? lm_record_base(w) : 0;
	unsigned int i;

	for (i = 0; i < n; i++) {
		struct lm_io *io = l->done[i];
		enum lm_dir d = io->write ? LM_DIR_WRITE : LM_DIR_READ;
		bool count = limited ? io->counted && !stop : measuring;

		if (i)
			now = lm_now_ns();

		/* every read is checked, counted in the window or not */
		if (l->checks && !io->write && io->res == (int)io->len)
			lm_check(w, io);
		if (io->res != (int)io->len) {
			w->errors[d]++;
			/* a short transfer is an error too */
			lm_fail(w, l, io->res < 0 ? -io->res : EIO, io->offset,
				io->write);
		} else if (count) {
			lm_hist_add(&w->lat[d], now - io->issue_ns);
			if (io->submit_ns) {
				lm_hist_add(&w->slat[d],
					    io->submit_ns - io->issue_ns);
				lm_hist_add(&w->clat[d], now - io->submit_ns);
			}
			lm_count(w, d, io->len, now - io->issue_ns);
			if (w->job->iolog)
				lm_iolog_add(&w->iolog,
					     now > base ? now - base : 0,
					     now - io->issue_ns, io->len, d);
		}
		lm_unguard(w, io);
		l->free_ios[l->nfree++] = io;
	}
	l->inflight -= n;
}

static int lm_loop_setup(struct lm_worker *w, struct lm_loop *l)
{
	const struct lm_job *j = w->job;
	unsigned int i, depth = j->iodepth;
	unsigned int nbufs = lm_rw_mixed(j->rw) ? 2 * depth : depth;
	int ret;

	ret = lm_bufs_alloc(&l->bufs, nbufs, lm_job_bs_max(j, -1), j->pattern,
			    j->seed + w->id);
	if (ret)
		return ret;
	if (j->compress_pct && j->pattern == LM_PATTERN_RANDOM)
		lm_bufs_compressible(&l->bufs, j->compress_pct);
	for (i = 0; i < 2; i++)
		l->align[i] = lm_job_bs_min(j, (int)i);
	l->ios = calloc(depth, sizeof(*l->ios));
	l->free_ios = calloc(depth, sizeof(*l->free_ios));
	l->done = calloc(depth, sizeof(*l->done));
	if (!l->ios || !l->free_ios || !l->done)
		return -ENOMEM;
	for (i = 0; i < depth; i++) {
		l->ios[i].slot = i;
		l->free_ios[i] = &l->ios[depth - 1 - i];
	}
	l->nfree = depth;
	if (w->hooks)
		l->fill = w->hooks->fill ? LM_FILL_HOOK : LM_FILL_NONE;
	else if (j->verify)
		l->fill = LM_FILL_VERIFY;
	else if (j->pattern == LM_PATTERN_RANDOM)
		l->fill = LM_FILL_STAMP;
	l->checks = w->hooks ? w->hooks->check != NULL : j->verify;
	lm_rand_seed(&l->mix, j->seed ^ (0xd1b54a32d192ed03ull * (w->id + 1)));
	lm_rate_init(&l->rate, j,
		     j->seed ^ (0x9e3779b97f4a7c15ull * (w->id + 1)));
	lm_rate_min_init(&l->rate_min, j);
	for (i = 0; i < LM_DIRS; i++) {
		lm_hist_init(&w->lat[i]);
		lm_hist_init(&w->slat[i]);
		lm_hist_init(&w->clat[i]);
	}

	w->setup_what = "setting up the engine";
	w->setup_engine = true;
	l->eng.ops = lm_engine_find(j->engine);
	l->eng.conf.depth = depth;
	l->eng.conf.sqpoll = j->sqpoll;
	l->eng.conf.bufs = l->bufs.iov;
	l->eng.conf.nbufs = l->bufs.n;
	l->eng.conf.fault = j->fault;
	l->eng.conf.seed = j->seed + w->id;
	ret = l->eng.ops->setup(&l->eng, w->target);
	if (ret)
		memcpy(w->errtext, l->eng.err, sizeof(w->errtext));
	return ret;
}

int lm_worker_setup(struct lm_worker *w)
{
	w->setup_what = "allocating buffers";
	w->setup_engine = false;
	w->loop = calloc(1, sizeof(*w->loop));
	w->setup_err = w->loop ? lm_loop_setup(w, w->loop) : -ENOMEM;
	return w->setup_err;
}

void lm_worker_teardown(struct lm_worker *w)
{
	struct lm_loop *l = w->loop;

	if (!l)
		return;
	/* teardown follows every setup, a failed one too (engine.h); ops
	 * is set just before setup is called */
	if (l->eng.ops)
		l->eng.ops->teardown(&l->eng);
	memcpy(w->note, l->eng.note, sizeof(w->note));
	w->reconnects = l->eng.reconnects;
	free(l->ios);
	free(l->free_ios);
	free(l->done);
	lm_bufs_free(&l->bufs);
	free(l);
	w->loop = NULL;
}

/* The job's own pass: its offsets over the worker's region, its mix. */
static void lm_job_pass(struct lm_worker *w, struct lm_loop *l)
{
	const struct lm_job *j = w->job;

	lm_offset_init(&l->gen, w->start_bytes, w->nblocks, j->bs_bytes,
		       lm_rw_random(j->rw) ? j->random_pct : 0, w->cursor,
		       j->seed, w->id);
	if (lm_job_mapped(j))
		lm_offset_map(&l->gen, j->seed);
	lm_offset_dist(&l->gen, &j->dist); /* fio's random_distribution */
	l->mixed = lm_rw_mixed(j->rw);
	l->write = lm_rw_writes(j->rw);
	l->held.on = false;
}

/* Is the window open at @now, and is it time to stop? */
static bool lm_measuring(struct lm_worker *w, const struct lm_loop *l,
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
		(deadline && phase == LM_PHASE_MEASURE && now >= deadline);
	return phase == LM_PHASE_MEASURE && !*stop && now >= from;
}

/* fio's startdelay: no IO until it is over, or the stop. */
static void lm_start_late(struct lm_worker *w, const struct lm_loop *l)
{
	uint64_t at = lm_now_ns() + w->job->startdelay_ns;
	bool stop = false;

	while (!stop && lm_now_ns() < at) {
		lm_rate_sleep(at);
		lm_measuring(w, l, lm_now_ns(), &stop);
	}
}

/* fio's rate_min: a thread below it fails, as an IO error would. */
static void lm_slow(struct lm_worker *w, struct lm_loop *l, uint64_t now)
{
	char why[sizeof(w->errtext)];

	if (!lm_rate_min_check(&l->rate_min, now, w->live_bytes, w->live_ios,
			       why, sizeof(why)))
		return;
	lm_fail(w, l, EIO, LM_ERR_NOT_IO, false);
	memcpy(w->errtext, why, sizeof(why));
}

/* The one submit/reap loop: until the pass is done, the stop, or the
 * first error; then every IO in flight is reaped. */
static void lm_loop_run(struct lm_worker *w, struct lm_loop *l)
{
	unsigned int depth = w->job->iodepth;
	bool more = true, stop, measuring;
	uint64_t now;
	int n;

	if (w->job->startdelay_ns && !l->solo)
		lm_start_late(w, l);
	measuring = lm_measuring(w, l, lm_now_ns(), &stop);
	lm_rate_start(&l->rate, lm_now_ns());
	lm_rate_min_start(&l->rate_min, lm_now_ns());
	while (!stop && (more || l->inflight)) {
		if (more)
			more = lm_fill(w, l, measuring);
		if (!l->inflight && more && (l->paced || l->held.on)) {
			/* the rate holds the next IO, or another thread's
			 * IO in flight does: 20 us at a time */
			lm_rate_sleep(l->held.on ? lm_now_ns() + 20000
						 : lm_rate_wake(&l->rate));
			measuring = lm_measuring(w, l, lm_now_ns(), &stop);
			continue;
		}
		if (!l->inflight)
			break;
		n = l->eng.ops->reap(&l->eng, 1, l->done, depth);
		if (n < 0) {
			lm_fail(w, l, -n, 0, false);
			break;
		}
		/* read the clock and the phase after the wait: what
		 * completed in the window counts, what completed after the
		 * stop does not */
		now = lm_now_ns();
		measuring = lm_measuring(w, l, now, &stop);
		lm_complete(w, l, (unsigned int)n, measuring, stop, now);
		if (l->rate_min.on && measuring)
			lm_slow(w, l, now);
		if (w->io_errno)
			break;
	}
	/* fio's default: the first error ends the run */
	if (w->io_errno)
		lm_stop_all(w);
	/* drain: every buffer must be back before it is freed */
	while (l->inflight) {
		n = l->eng.ops->reap(&l->eng, 1, l->done, depth);
		if (n < 0) {
			lm_fail(w, l, -n, 0, false);
			break;
		}
		lm_complete(w, l, (unsigned int)n, false, true, lm_now_ns());
	}
}

/* Make what the pass wrote from @offset durable: nothing is in flight. */
static void lm_flush(struct lm_worker *w, struct lm_loop *l, uint64_t offset)
{
	int fd = w->target->fd, ret;

	if (l->eng.ops->flush)
		ret = l->eng.ops->flush(&l->eng);
	else
		ret = fd >= 0 && fdatasync(fd) ? -errno : 0;
	if (ret && !w->io_errno) {
		lm_fail(w, l, -ret, offset, true);
		w->io_err_flush = true;
	}
}

void lm_worker_solo(struct lm_worker *w, struct lm_shared *s,
		    const struct lm_job *j, const struct lm_target *t,
		    const struct lm_io_hooks *hooks)
{
	memset(s, 0, sizeof(*s));
	atomic_init(&s->phase, LM_PHASE_MEASURE);
	s->done_fd = -1;
	memset(w, 0, sizeof(*w));
	w->job = j;
	w->target = t;
	w->shared = s;
	w->cursor = &w->own;
	w->stamp_bytes = t->lbs_bytes;
	w->cursor_pass = true; /* a pass counts the IOs of its claims */
	w->hooks = hooks;
}

int lm_worker_pass(struct lm_worker *w, const struct lm_pass *p)
{
	struct lm_loop *l = w->loop;
	uint32_t bs = w->job->bs_bytes;

	w->start_bytes = p->start_bytes;
	w->nblocks = p->bytes / bs;
	lm_cursor_init(&w->own);
	lm_cursor_pass(&w->own, w->nblocks);
	lm_offset_init(&l->gen, p->start_bytes, w->nblocks, bs, 0, &w->own,
		       w->job->seed, w->id);
	l->mixed = false;
	l->write = p->write;
	l->solo = true;
	lm_loop_run(w, l);
	if (!w->io_errno && lm_stop)
		return -EINTR;
	if (!w->io_errno && p->write && p->flush)
		lm_flush(w, l, p->start_bytes);
	return -w->io_errno;
}

void *lm_worker_main(void *arg)
{
	struct lm_worker *w = arg;
	uint64_t one = 1;

	lm_worker_setup(w);
	lm_gate_arrive(&w->shared->gate);
	if (!w->setup_err) {
		lm_job_pass(w, w->loop);
		lm_loop_run(w, w->loop);
	}
	w->end_ns = lm_now_ns();
	lm_worker_teardown(w);
	/* The main thread counts finished workers from this eventfd. A
	 * write fails only if the counter would overflow 2^64 - 2, which
	 * at most 64 writes cannot do, so the result is not checked. */
	(void)!write(w->shared->done_fd, &one, sizeof(one));
	return NULL;
}

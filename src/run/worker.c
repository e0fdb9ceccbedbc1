// SPDX-License-Identifier: MIT
#include "src/run/worker.h"
#include "src/run/loop.h"
#include "src/lunmark.h"
#include "src/target/target.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
	lm_loop_free(l);
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

/* Make what the pass wrote from @offset durable: nothing is in flight. */
static void lm_flush(struct lm_worker *w, struct lm_loop *l, uint64_t offset)
{
	int fd = w->target->fd, ret;

	if (l->eng.ops->flush)
		ret = l->eng.ops->flush(&l->eng);
	else
		ret = fd >= 0 && fdatasync(fd) ? -errno : 0;
	if (ret && !w->io_errno) {
		lm_loop_fail(w, l, -ret, offset, true);
		w->io_err_flush = true;
	}
}

void lm_worker_free(struct lm_worker *w)
{
	unsigned int d;

	lm_iolog_free(&w->iolog);
	for (d = 0; d < LM_DIRS; d++)
		lm_priolat_free(&w->prio_lat[d]);
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
	atomic_store(&w->done, true);
	/* The main thread counts finished workers from this eventfd. A
	 * write fails only if the counter would overflow 2^64 - 2, which
	 * at most 64 writes cannot do, so the result is not checked. */
	(void)!write(w->shared->done_fd, &one, sizeof(one));
	return NULL;
}

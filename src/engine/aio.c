// SPDX-License-Identifier: MIT
/*
 * libaio engine: one io context per worker thread; queue() prepares iocbs,
 * submit() hands the whole batch to one io_submit(), reap() takes up to
 * max events with one io_getevents(). An iocb the kernel refuses at
 * submission is failed with its -errno and handed back by the next reap,
 * so every queued IO is reaped exactly once.
 */
#include "src/engine/engine.h"
#include "src/target/target.h"

#include <errno.h>
#include <libaio.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the kernel's (linux/aio_abi.h), which libaio.h does not carry */
#ifndef IOCB_FLAG_IOPRIO
#define IOCB_FLAG_IOPRIO (1 << 1)
#endif

struct lm_aio {
	io_context_t ctx;
	struct iocb *iocbs;  /* one per queue slot */
	struct iocb **batch; /* queued, not yet submitted */
	struct io_event *events;
	struct lm_io **failed; /* refused at submission, not yet reaped */
	unsigned int nfailed;
	unsigned int queued;
	unsigned int depth;
	int fd;
};

static void lm_aio_free(struct lm_aio *a)
{
	free(a->iocbs);
	free(a->batch);
	free(a->events);
	free(a->failed);
	free(a);
}

static int lm_aio_setup(struct lm_engine *e, const struct lm_target *t)
{
	unsigned int depth = e->conf.depth;
	struct lm_aio *a;
	int ret;

	a = calloc(1, sizeof(*a));
	if (!a)
		return -ENOMEM;
	a->iocbs = calloc(depth, sizeof(*a->iocbs));
	a->batch = calloc(depth, sizeof(*a->batch));
	a->events = calloc(depth, sizeof(*a->events));
	a->failed = calloc(depth, sizeof(*a->failed));
	if (!a->iocbs || !a->batch || !a->events || !a->failed) {
		ret = -ENOMEM;
		goto out_free;
	}
	a->depth = depth;
	a->fd = t->fd;
	ret = io_setup((int)depth, &a->ctx); /* libaio returns -errno */
	if (ret == -EAGAIN) /* the system's io contexts are used up */
		snprintf(
			e->err, sizeof(e->err),
			"libaio: setting up the engine: %s (raise /proc/sys/fs/aio-max-nr or lower --iodepth)",
			strerror(EAGAIN));
	if (ret < 0)
		goto out_free;
	e->priv = a;
	return 0;
out_free:
	lm_aio_free(a);
	return ret;
}

static int lm_aio_queue(struct lm_engine *e, struct lm_io *io)
{
	struct lm_aio *a = e->priv;
	struct iocb *cb;

	if (a->queued == a->depth)
		return -EBUSY;
	/* completions come in any order: each IO slot owns its iocb */
	cb = &a->iocbs[io->slot];
	if (io->dir == LM_DIR_WRITE)
		io_prep_pwrite(cb, a->fd, io->buf, io->len,
			       (long long)io->offset);
	else
		io_prep_pread(cb, a->fd, io->buf, io->len,
			      (long long)io->offset);
	if (e->conf.nowait)
		cb->aio_rw_flags = RWF_NOWAIT;
	if (io->ioprio) {
		cb->aio_reqprio = io->ioprio;
		cb->u.c.flags |= IOCB_FLAG_IOPRIO;
	}
	cb->data = io;
	a->batch[a->queued++] = cb;
	return 0;
}

static int lm_aio_submit(struct lm_engine *e, bool now)
{
	struct lm_aio *a = e->priv;
	unsigned int done = 0;
	int ret;

	(void)now;

	while (done < a->queued) {
		ret = io_submit(a->ctx, (long)(a->queued - done),
				a->batch + done);
		if (ret == -EINTR)
			continue;
		if (ret < 0) {
			/* io_submit refused the first iocb: fail that IO and
			 * go on with the rest (EAGAIN cannot come from a
			 * context sized for the whole queue) */
			struct lm_io *io = a->batch[done]->data;

			io->res = ret;
			a->failed[a->nfailed++] = io;
			done++;
			continue;
		}
		done += (unsigned int)ret;
	}
	a->queued = 0;
	return (int)done;
}

static int lm_aio_reap(struct lm_engine *e, unsigned int min,
		       struct lm_io **done, unsigned int max)
{
	struct lm_aio *a = e->priv;
	int i, ret;

	if (a->nfailed) {
		/* refused at submission: hand those back first, no wait */
		for (i = 0;
		     (unsigned int)i < a->nfailed && (unsigned int)i < max;
		     i++) {
			done[i] = a->failed[i];
			lm_engine_why(e, done[i]->res);
		}
		memmove(a->failed, a->failed + i,
			(a->nfailed - (unsigned int)i) * sizeof(*a->failed));
		a->nfailed -= (unsigned int)i;
		return i;
	}
	if (max > a->depth)
		max = a->depth;
	do {
		ret = io_getevents(a->ctx, (long)min, (long)max, a->events,
				   NULL);
	} while (ret == -EINTR);
	if (ret < 0)
		return ret;
	for (i = 0; i < ret; i++) {
		struct lm_io *io = a->events[i].data;
		long res = (long)a->events[i].res;

		/* res holds a negative errno on failure, as a long */
		io->res = (int)res;
		lm_engine_why(e, io->res);
		done[i] = io;
	}
	return ret;
}

static void lm_aio_teardown(struct lm_engine *e)
{
	struct lm_aio *a = e->priv;

	if (!a)
		return;
	io_destroy(a->ctx);
	lm_aio_free(a);
	e->priv = NULL;
}

const struct lm_engine_ops lm_engine_aio = {
	.name = "aio",
	.fio_name = "libaio",
	.target = LM_ENGINE_TARGET_PATH,
	.slat = true, /* io_submit(), then io_getevents() */
	.ioprio = true,
	.fio_opts = LM_ENGINE_OPTS_AIO,
	.setup = lm_aio_setup,
	.queue = lm_aio_queue,
	.submit = lm_aio_submit,
	.reap = lm_aio_reap,
	.teardown = lm_aio_teardown,
};

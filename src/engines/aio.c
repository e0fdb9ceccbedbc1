// SPDX-License-Identifier: MIT
/*
 * libaio engine: one io context per worker thread; queue() prepares iocbs,
 * submit() hands the whole batch to one io_submit(), reap() takes up to
 * max events with one io_getevents().
 */
#include "../engine.h"
#include "../target.h"

#include <errno.h>
#include <libaio.h>
#include <stdlib.h>

struct lm_aio {
	io_context_t ctx;
	struct iocb *iocbs;  /* one per queue slot */
	struct iocb **batch; /* queued, not yet submitted */
	struct io_event *events;
	unsigned int queued;
	unsigned int depth;
	int fd;
};

static void lm_aio_free(struct lm_aio *a)
{
	free(a->iocbs);
	free(a->batch);
	free(a->events);
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
	if (!a->iocbs || !a->batch || !a->events) {
		ret = -ENOMEM;
		goto out_free;
	}
	a->depth = depth;
	a->fd = t->fd;
	ret = io_setup((int)depth, &a->ctx); /* libaio returns -errno */
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
	if (io->write)
		io_prep_pwrite(cb, a->fd, io->buf, io->len,
			       (long long)io->offset);
	else
		io_prep_pread(cb, a->fd, io->buf, io->len,
			      (long long)io->offset);
	cb->data = io;
	a->batch[a->queued++] = cb;
	return 0;
}

static int lm_aio_submit(struct lm_engine *e)
{
	struct lm_aio *a = e->priv;
	unsigned int done = 0;
	int ret;

	while (done < a->queued) {
		ret = io_submit(a->ctx, (long)(a->queued - done),
				a->batch + done);
		if (ret == -EAGAIN || ret == -EINTR)
			continue;
		if (ret < 0)
			return ret;
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
	.setup = lm_aio_setup,
	.queue = lm_aio_queue,
	.submit = lm_aio_submit,
	.reap = lm_aio_reap,
	.teardown = lm_aio_teardown,
};

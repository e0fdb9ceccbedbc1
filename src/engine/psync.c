// SPDX-License-Identifier: MIT
/*
 * psync engine: pread/pwrite, one IO at a time (job validation refuses an
 * iodepth above 1). The IO is done in submit(); reap() hands it back.
 */
#include "src/engine/engine.h"
#include "src/target/target.h"

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

struct lm_psync {
	struct lm_io *io; /* queued, then done */
	bool done;
	int fd;
};

static int lm_psync_setup(struct lm_engine *e, const struct lm_target *t)
{
	struct lm_psync *p;

	if (e->conf.depth != 1)
		return -EINVAL;
	p = calloc(1, sizeof(*p));
	if (!p)
		return -ENOMEM;
	p->fd = t->fd;
	e->priv = p;
	return 0;
}

static int lm_psync_queue(struct lm_engine *e, struct lm_io *io)
{
	struct lm_psync *p = e->priv;

	if (p->io)
		return -EBUSY;
	p->io = io;
	p->done = false;
	return 0;
}

static int lm_psync_submit(struct lm_engine *e, bool now)
{
	struct lm_psync *p = e->priv;
	struct lm_io *io = p->io;
	ssize_t ret;

	(void)now;

	if (!io || p->done)
		return 0;
	do {
		if (io->dir == LM_DIR_WRITE)
			ret = pwrite(p->fd, io->buf, io->len,
				     (off_t)io->offset);
		else
			ret = pread(p->fd, io->buf, io->len, (off_t)io->offset);
	} while (ret < 0 && errno == EINTR);
	io->res = ret < 0 ? -errno : (int)ret;
	p->done = true;
	return 1;
}

static int lm_psync_reap(struct lm_engine *e, unsigned int min,
			 struct lm_io **done, unsigned int max)
{
	struct lm_psync *p = e->priv;

	(void)min;
	if (!p->io || !p->done || !max)
		return 0;
	done[0] = p->io;
	p->io = NULL;
	return 1;
}

static void lm_psync_teardown(struct lm_engine *e)
{
	free(e->priv);
	e->priv = NULL;
}

const struct lm_engine_ops lm_engine_psync = {
	.name = "psync",
	.fio_name = "psync",
	/* fio's synchronous family: one IO at a time, as the device sees it
	 * (sync seeks then reads, the v ones take an iovec of one) */
	.fio_also = "sync vsync pvsync pvsync2",
	.max_depth = 1,
	.target = LM_ENGINE_TARGET_PATH,
	.setup = lm_psync_setup,
	.queue = lm_psync_queue,
	.submit = lm_psync_submit,
	.reap = lm_psync_reap,
	.teardown = lm_psync_teardown,
};

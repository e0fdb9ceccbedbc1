// SPDX-License-Identifier: MIT
/*
 * io_uring engine: one ring per worker thread, the target's fd registered
 * as fixed file 0 and the worker's buffers registered as fixed buffers, so
 * the kernel neither looks up the file nor pins pages per IO. The ring is
 * created in the worker thread and only used there, which lets us ask for
 * SINGLE_ISSUER | DEFER_TASKRUN (completions run when we wait, not as
 * interrupts), falling back to COOP_TASKRUN and then to no flags on
 * kernels that refuse them.
 *
 * submit() hands a batch to the kernel at once where the worker has a
 * spare CPU to start it on (a depth over 1, not every CPU with a worker:
 * conf.cpus_busy) or fio's iodepth_batch_submit asks (conf.submit_now);
 * else it only notes that SQEs are pending, and reap() enters the kernel
 * once to submit and wait together, so a batch costs one io_uring_enter.
 */
#include "src/engine/engine.h"
#include "src/target/target.h"

#include <errno.h>
#include <liburing.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct lm_uring {
	struct io_uring ring;
	bool fixed_file;
	bool fixed_bufs;
	unsigned int pending;
	unsigned int prepped; /* since the last IOSQE_ASYNC (force_async) */
	int fd;
};

static int lm_uring_init(struct lm_uring *u, const struct lm_engine_conf *c,
			 char *note, size_t len)
{
	static const unsigned int tries[] = {
		IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN,
		IORING_SETUP_COOP_TASKRUN,
		0,
	};
	/* fio's hipri: completions polled, not interrupts */
	unsigned int poll = c->iopoll ? IORING_SETUP_IOPOLL : 0;
	struct io_uring_params p;
	unsigned int i;
	int ret = -EINVAL;

	if (c->sqpoll) {
		memset(&p, 0, sizeof(p));
		p.flags =
			IORING_SETUP_SQPOLL | IORING_SETUP_SINGLE_ISSUER | poll;
		p.sq_thread_idle = 1000;
		if (c->sqpoll_aff) {
			p.flags |= IORING_SETUP_SQ_AFF;
			p.sq_thread_cpu = c->sqpoll_cpu;
		}
		return io_uring_queue_init_params(c->depth, &u->ring, &p);
	}
	for (i = 0; i < sizeof(tries) / sizeof(tries[0]); i++) {
		memset(&p, 0, sizeof(p));
		p.flags = tries[i] | poll;
		ret = io_uring_queue_init_params(c->depth, &u->ring, &p);
		if (ret != -EINVAL)
			break;
	}
	if (!ret && i > 0)
		snprintf(note, len, "io_uring without %s",
			 i == 1 ? "DEFER_TASKRUN" : "task-run flags");
	return ret;
}

/*
 * A kernel with io_uring switched off (io_uring_disabled) or a seccomp
 * filter that blocks it (containers) refuses the ring with an errno that
 * does not say so; libaio still works there.
 */
static void lm_uring_refused(struct lm_engine *e, int err)
{
	if (err == ENOSYS || err == EPERM || err == EACCES)
		snprintf(
			e->err, sizeof(e->err),
			"io_uring is unavailable here (setting up the engine: %s; see /proc/sys/kernel/io_uring_disabled and seccomp); use --engine=aio",
			strerror(err));
}

static int lm_uring_setup(struct lm_engine *e, const struct lm_target *t)
{
	struct lm_uring *u;
	int ret;

	u = calloc(1, sizeof(*u));
	if (!u)
		return -ENOMEM;
	u->fd = t->fd;
	ret = lm_uring_init(u, &e->conf, e->note, sizeof(e->note));
	if (ret < 0) {
		lm_uring_refused(e, -ret);
		goto out_free; /* liburing already returns -errno */
	}
	/* Registration is an optimisation: without it IO still works. The
	 * ring's own fd, registered in the thread that enters it, saves
	 * each io_uring_enter its file lookup, as t/io_uring does. */
	(void)io_uring_register_ring_fd(&u->ring);
	if (!io_uring_register_files(&u->ring, &t->fd, 1))
		u->fixed_file = true;
	if (e->conf.nbufs &&
	    !io_uring_register_buffers(&u->ring, e->conf.bufs, e->conf.nbufs))
		u->fixed_bufs = true;
	if (!u->fixed_bufs || !u->fixed_file)
		snprintf(e->note, sizeof(e->note),
			 "io_uring without registered %s",
			 u->fixed_bufs ? "file" : "buffers");
	e->priv = u;
	return 0;
out_free:
	free(u);
	return ret;
}

static int lm_uring_queue(struct lm_engine *e, struct lm_io *io)
{
	struct lm_uring *u = e->priv;
	struct io_uring_sqe *sqe;
	int fd = u->fixed_file ? 0 : u->fd;

	sqe = io_uring_get_sqe(&u->ring);
	if (!sqe)
		return -EBUSY;
	if (u->fixed_bufs) {
		if (io->dir == LM_DIR_WRITE)
			io_uring_prep_write_fixed(sqe, fd, io->buf, io->len,
						  io->offset,
						  (int)io->buf_index);
		else
			io_uring_prep_read_fixed(sqe, fd, io->buf, io->len,
						 io->offset,
						 (int)io->buf_index);
	} else if (io->dir == LM_DIR_WRITE) {
		io_uring_prep_write(sqe, fd, io->buf, io->len, io->offset);
	} else {
		io_uring_prep_read(sqe, fd, io->buf, io->len, io->offset);
	}
	if (u->fixed_file)
		sqe->flags |= IOSQE_FIXED_FILE;
	if (e->conf.nowait)
		sqe->rw_flags = RWF_NOWAIT;
	if (e->conf.force_async && ++u->prepped == e->conf.force_async) {
		u->prepped = 0;
		sqe->flags |= IOSQE_ASYNC;
	}
	/* always: an SQPOLL thread does not inherit the worker's own */
	sqe->ioprio = io->ioprio;
	io_uring_sqe_set_data(sqe, io);
	u->pending++;
	return 0;
}

static int lm_uring_submit(struct lm_engine *e, bool now)
{
	struct lm_uring *u = e->priv;
	unsigned int n = u->pending;
	int ret;

	/* a queue deeper than one is handed on at once, and reaped by
	 * another enter: on the 2-core test machine, 4k random reads at
	 * QD32 T1 went from medians of 259k to 301k IOPS (5 interleaved
	 * rounds; bench-uring.sh -r 5 against the one-enter build: 1.06x,
	 * pairs 0.95-1.28); at QD1 the one submit-and-wait enter was the
	 * faster (33k against 26k). With a worker on every CPU there is
	 * none left to start the batch on meanwhile: at QD32 T2 the one
	 * enter took 1.09 us of CPU an IO against 1.17 (5 interleaved
	 * rounds, the IOPS alike), so then it is one enter at any depth */
	if (!n || (!now && !e->conf.submit_now &&
		   (e->conf.depth <= 1 || e->conf.cpus_busy)))
		return (int)n; /* the next reap's enter submits them */
	ret = io_uring_submit(&u->ring);
	if (ret < 0 && ret != -EINTR)
		return ret;
	u->pending = 0;
	return (int)n;
}

static int lm_uring_reap(struct lm_engine *e, unsigned int min,
			 struct lm_io **done, unsigned int max)
{
	struct lm_uring *u = e->priv;
	struct io_uring_cqe *cqe;
	unsigned int head, n = 0;
	int ret;

	if (u->pending || min) {
		ret = io_uring_submit_and_wait(&u->ring, min);
		if (ret < 0 && ret != -EINTR && ret != -ETIME)
			return ret;
		/* liburing has moved every queued SQE to the kernel's ring;
		 * any the kernel did not take yet go with the next enter */
		u->pending = 0;
	} else if (!io_uring_cq_ready(&u->ring)) {
		/* a poll (fio's iodepth_batch_complete_min=0): with
		 * DEFER_TASKRUN nothing reaches the ring unless the task
		 * enters the kernel to run its completions */
		ret = io_uring_get_events(&u->ring);
		if (ret < 0 && ret != -EINTR)
			return ret;
	}
	io_uring_for_each_cqe (&u->ring, head, cqe) {
		struct lm_io *io = io_uring_cqe_get_data(cqe);

		io->res = cqe->res;
		lm_engine_why(e, cqe->res);
		done[n++] = io;
		if (n == max)
			break;
	}
	io_uring_cq_advance(&u->ring, n);
	return (int)n;
}

static void lm_uring_teardown(struct lm_engine *e)
{
	struct lm_uring *u = e->priv;

	if (!u)
		return;
	io_uring_queue_exit(&u->ring);
	free(u);
	e->priv = NULL;
}

const struct lm_engine_ops lm_engine_uring = {
	.name = "uring",
	.fio_name = "io_uring",
	.target = LM_ENGINE_TARGET_PATH,
	.sqpoll = true,
	.ioprio = true,
	.fio_opts = LM_ENGINE_OPTS_URING,
	.setup = lm_uring_setup,
	.queue = lm_uring_queue,
	.submit = lm_uring_submit,
	.reap = lm_uring_reap,
	.teardown = lm_uring_teardown,
};

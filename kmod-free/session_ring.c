// SPDX-License-Identifier: MIT
/*
 * Receiving through an io_uring (session_int.h, with conf->ring).
 *
 * - One multishot receive stays at the ring, into a ring of provided
 *   buffers (LM_RB_N of LM_RB_SIZE): each time data comes, the kernel
 *   reads what the socket holds into a free buffer and posts it, without
 *   a system call of this thread's. What a buffer holds is copied where
 *   it belongs (lm_sess_consume), and the buffer goes back to the ring.
 * - A wait asks for as many receives as half the answers the target
 *   owes, but once LM_BATCH_US have passed since it began, one is enough
 *   (the kernel's min_wait, 6.12 and later; before, each receive wakes
 *   the thread): one wake-up, one io_uring_enter and one reap for many
 *   answers, since a receive often brings several.
 * - While sends wait for room in the socket, a POLLOUT poll at the same
 *   ring wakes the wait.
 * - Long reads (more than LM_GUESS_MAX) are read in place by lm_sess_rx
 *   instead: the receive leaves the ring when a wait finds one at the
 *   target, so their data is not copied (what the ring had already read
 *   of one is copied, as any PDU).
 * - A disarm cancels both the receive and the POLLOUT poll: a request
 *   left at the ring would hold a lost socket open past a reconnect.
 *
 * The ring is made at the first wait, in the thread that waits, so that
 * it can be SINGLE_ISSUER and DEFER_TASKRUN (completions run when this
 * thread enters, not as interrupts). A kernel that refuses it (or a
 * multishot receive) leaves the session on lm_sess_rx for good.
 */
#include "kmod-free/session_int.h"

#include <errno.h>
#include <liburing.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>

#ifndef IORING_FEAT_MIN_TIMEOUT
#define IORING_FEAT_MIN_TIMEOUT (1U << 15)
#endif
#define LM_RB_N 32u /* provided buffers: a power of two */
#define LM_RB_SIZE 16384u
#define LM_BATCH_US 50u /* a wait for more answers, once one is in */
#define LM_UD_POLLOUT UINT64_MAX
#define LM_UD_CANCEL 0u /* a receive's user_data is its p->gen, from 1 */

struct lm_sess_ring {
	struct io_uring ring;
	struct io_uring_buf_ring *br;
	uint8_t *bufs; /* LM_RB_N of LM_RB_SIZE */
	bool min_wait; /* the kernel takes min_wait_usec */
	bool pollout;  /* a POLLOUT poll is at the ring */
	bool worked;   /* a receive at this ring brought data */
};

static int lm_sess_ring_bufs(struct lm_sess_ring *r)
{
	struct io_uring_buf_reg reg = { .ring_entries = LM_RB_N, .bgid = 0 };
	unsigned int i;
	int ret;

	if (posix_memalign((void **)&r->br, 4096,
			   LM_RB_N * sizeof(struct io_uring_buf)))
		return -ENOMEM;
	/* zeroed: valgrind does not see the kernel write into them */
	r->bufs = calloc(LM_RB_N, LM_RB_SIZE);
	if (!r->bufs)
		return -ENOMEM;
	reg.ring_addr = (uint64_t)(uintptr_t)r->br;
	ret = io_uring_register_buf_ring(&r->ring, &reg, 0);
	if (ret)
		return ret;
	io_uring_buf_ring_init(r->br);
	for (i = 0; i < LM_RB_N; i++)
		io_uring_buf_ring_add(r->br, r->bufs + i * LM_RB_SIZE,
				      LM_RB_SIZE, (unsigned short)i,
				      io_uring_buf_ring_mask(LM_RB_N), (int)i);
	io_uring_buf_ring_advance(r->br, LM_RB_N);
	return 0;
}

static void lm_sess_ring_drop(struct lm_sess_ring *r, bool made)
{
	if (made)
		io_uring_queue_exit(&r->ring); /* cancels what is at it */
	free(r->br);
	free(r->bufs);
	free(r);
}

static int lm_sess_ring_make(struct lm_session *p)
{
	static const unsigned int tries[] = {
		IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN,
		IORING_SETUP_COOP_TASKRUN,
		0,
	};
	struct io_uring_params prm;
	struct lm_sess_ring *r;
	unsigned int i;
	int ret = -EINVAL;

	p->ring_refused = true; /* until it works */
	r = calloc(1, sizeof(*r));
	if (!r)
		return -ENOMEM;
	for (i = 0; i < sizeof(tries) / sizeof(tries[0]); i++) {
		memset(&prm, 0, sizeof(prm));
		prm.flags = tries[i];
		ret = io_uring_queue_init_params(32, &r->ring, &prm);
		if (ret != -EINVAL)
			break;
	}
	if (ret) {
		lm_sess_ring_drop(r, false);
		return ret;
	}
	r->min_wait = prm.features & IORING_FEAT_MIN_TIMEOUT;
	ret = lm_sess_ring_bufs(r);
	if (ret) {
		lm_sess_ring_drop(r, true);
		return ret;
	}
	p->ring = r;
	p->ring_refused = false;
	return 0;
}

/* A buffer read goes back to the ring. */
static void lm_sess_ring_give(struct lm_sess_ring *r, unsigned short bid)
{
	io_uring_buf_ring_add(r->br, r->bufs + (size_t)bid * LM_RB_SIZE,
			      LM_RB_SIZE, bid, io_uring_buf_ring_mask(LM_RB_N),
			      0);
	io_uring_buf_ring_advance(r->br, 1);
}

/* What a receive brought: 0, or -errno with p->why. */
static int lm_sess_ring_got(struct lm_session *p, const struct io_uring_cqe *c)
{
	struct lm_sess_ring *r = p->ring;
	unsigned short bid =
		(unsigned short)(c->flags >> IORING_CQE_BUFFER_SHIFT);
	int ret;

	if (!(c->flags & IORING_CQE_F_MORE))
		p->armed = false; /* armed again at the next wait */
	if (c->res > 0 && (c->flags & IORING_CQE_F_BUFFER)) {
		p->receives++;
		r->worked = true;
		ret = lm_sess_consume(p, r->bufs + (size_t)bid * LM_RB_SIZE,
				      (size_t)c->res);
		lm_sess_ring_give(r, bid);
		return ret;
	}
	/* out of buffers (all are given back by now), or stopped */
	if (c->res == -ENOBUFS || c->res == -EINTR || c->res == -EAGAIN ||
	    c->res == -ECANCELED)
		return 0;
	/* (a recvmsg's receives do not count: long reads may come first) */
	if (c->res == -EINVAL && !r->worked) {
		p->ring_refused = true; /* no multishot receive here */
		return 0;
	}
	return lm_sess_broken(
		p, c->res ? -c->res : ECONNRESET, "connection lost",
		c->res ? strerror(-c->res) : "closed by the target");
}

/* Take the completions in hand, in order. One of a receive that a
 * disarm left behind (p->gen moved on) is dropped. */
static int lm_sess_ring_reap(struct lm_session *p)
{
	struct lm_sess_ring *r = p->ring;
	struct io_uring_cqe *cqe;
	int ret = 0;

	while (!io_uring_peek_cqe(&r->ring, &cqe)) {
		if (cqe->user_data == LM_UD_POLLOUT) {
			r->pollout = false;
		} else if (cqe->user_data == p->gen && !ret) {
			ret = lm_sess_ring_got(p, cqe);
		} else {
			/* after a failure, or left behind: not read */
			if (cqe->user_data == p->gen &&
			    !(cqe->flags & IORING_CQE_F_MORE))
				p->armed = false;
			if (cqe->flags & IORING_CQE_F_BUFFER)
				lm_sess_ring_give(
					r,
					(unsigned short)(cqe->flags >>
							 IORING_CQE_BUFFER_SHIFT));
		}
		io_uring_cqe_seen(&r->ring, cqe);
	}
	return ret;
}

bool lm_sess_ring_on(struct lm_session *p)
{
	if (!p->conf->ring || p->ring_refused)
		return false;
	if (p->lwire)
		return false; /* long data: read in place */
	return p->ring || !lm_sess_ring_make(p);
}

/* What a wait needs at the ring: the receive, and a POLLOUT poll while
 * sends wait for room. 0, or -errno with p->why. */
static int lm_sess_ring_arm(struct lm_session *p)
{
	struct lm_sess_ring *r = p->ring;
	struct io_uring_sqe *sqe;

	if (!p->armed) {
		sqe = io_uring_get_sqe(&r->ring);
		if (!sqe)
			return lm_sess_broken(p, EBUSY, "the ring is full",
					      NULL);
		lm_sess_lowat(p, 1);
		io_uring_prep_recv_multishot(sqe, p->fd, NULL, 0, 0);
		sqe->flags |= IOSQE_BUFFER_SELECT;
		sqe->buf_group = 0;
		sqe->user_data = ++p->gen;
		p->armed = true;
	}
	if (p->ohead < p->otail && !r->pollout) {
		sqe = io_uring_get_sqe(&r->ring);
		if (!sqe)
			return lm_sess_broken(p, EBUSY, "the ring is full",
					      NULL);
		io_uring_prep_poll_add(sqe, p->fd, POLLOUT);
		sqe->user_data = LM_UD_POLLOUT;
		r->pollout = true;
	}
	return 0;
}

int lm_sess_ring_wait(struct lm_session *p, int ms)
{
	struct lm_sess_ring *r = p->ring;
	struct __kernel_timespec ts = { .tv_sec = ms / 1000,
					.tv_nsec = (ms % 1000) * 1000000L };
	struct io_uring_getevents_arg arg = { .ts = (uint64_t)(uintptr_t)&ts };
	unsigned int nr = p->wire / 2 ? p->wire / 2 : 1;
	int ret;

	ret = lm_sess_ring_arm(p);
	if (ret)
		return ret;
	if (io_uring_sq_ready(&r->ring) || !r->min_wait || nr == 1) {
		struct io_uring_cqe *cqe;

		ret = io_uring_submit_and_wait_timeout(&r->ring, &cqe, 1, &ts,
						       NULL);
	} else {
		/* liburing 2.3 names the kernel's min_wait_usec "pad" */
		arg.pad = LM_BATCH_US;
		ret = io_uring_enter2((unsigned int)r->ring.ring_fd, 0, nr,
				      IORING_ENTER_GETEVENTS |
					      IORING_ENTER_EXT_ARG,
				      (sigset_t *)&arg, sizeof(arg));
	}
	if (ret < 0 && ret != -ETIME && ret != -EINTR)
		return lm_sess_broken(p, -ret, "cannot wait for the target",
				      strerror(-ret));
	return lm_sess_ring_reap(p);
}

/* Cancel what carries @ud at the ring (the ring has room: a wait puts
 * at most two requests at it, and a disarm two cancels). */
static void lm_sess_ring_cancel(struct lm_sess_ring *r, uint64_t ud)
{
	struct io_uring_sqe *sqe = io_uring_get_sqe(&r->ring);

	if (!sqe)
		return;
	io_uring_prep_cancel64(sqe, ud, 0);
	sqe->user_data = LM_UD_CANCEL;
}

int lm_sess_ring_disarm(struct lm_session *p)
{
	struct lm_sess_ring *r = p->ring;
	int ret = 0;

	if (!r || (!p->armed && !r->pollout))
		return 0;
	if (p->armed)
		lm_sess_ring_cancel(r, p->gen);
	/* a poll left at the ring would hold the socket open after a
	 * reconnect closed it, and keep the next socket's poll away */
	if (r->pollout)
		lm_sess_ring_cancel(r, LM_UD_POLLOUT);
	/* what the receive read before it stopped belongs to the stream
	 * and is taken in */
	while (!ret && (p->armed || r->pollout) &&
	       io_uring_submit_and_wait(&r->ring, 1) >= 0)
		ret = lm_sess_ring_reap(p);
	p->armed = false;
	r->pollout = false;
	p->gen++;
	return ret;
}

void lm_sess_ring_free(struct lm_session *p)
{
	if (p->ring)
		lm_sess_ring_drop(p->ring, true);
	p->ring = NULL;
	p->armed = false;
}

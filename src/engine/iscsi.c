// SPDX-License-Identifier: MIT
/*
 * iscsi: user-space iSCSI, one kmod-free session (kmod-free/session.h) per
 * worker thread. libiscsi logs in; kmod-free carries the commands. A lost
 * connection fails the IOs in flight; with --reconnect the session logs in
 * again itself and reissues them. No answer for --timeout seconds fails
 * them too. This file only translates between the engine seam and the
 * session: an IO's slot is its slot, the IO itself its tag.
 */
#include "kmod-free/session.h"
#include "src/engine/engine.h"
#include "src/stats/stats.h"
#include "src/target/iscsi.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>

struct lm_isc {
	struct lm_session *s;
	struct lm_session_done *done; /* depth: what one reap hands back */
	uint64_t quiet_ns; /* since when peeks have found nothing (0: none) */
};

#define LM_ISC_QUIET_NS LM_SEC_NS

/* The session's first failure becomes the engine's. */
static void lm_isc_error(struct lm_engine *e, const struct lm_isc *c)
{
	if (!e->err[0] && lm_session_error(c->s)[0])
		snprintf(e->err, sizeof(e->err), "%s", lm_session_error(c->s));
}

static int lm_isc_setup(struct lm_engine *e, const struct lm_target *t)
{
	struct lm_isc *c;

	if (t->kind != LM_TARGET_ISCSI || !t->iscsi) {
		snprintf(
			e->err, sizeof(e->err),
			"the iscsi engine needs an iscsi:// URL as its target");
		return -EINVAL;
	}
	c = calloc(1, sizeof(*c));
	if (!c)
		return -ENOMEM;
	e->priv = c;
	c->done = calloc(e->conf.depth, sizeof(*c->done));
	if (!c->done)
		return -ENOMEM;
	return lm_session_open(&t->iscsi->conf, e->conf.depth, t->lbs_bytes,
			       &c->s, e->err, sizeof(e->err));
}

static int lm_isc_queue(struct lm_engine *e, struct lm_io *io)
{
	struct lm_isc *c = e->priv;

	if (io->dir == LM_DIR_TRIM)
		return lm_session_unmap(c->s, io->slot, io, io->offset,
					io->len);
	return lm_session_queue(c->s, io->slot, io, io->buf, io->offset,
				io->len, io->dir == LM_DIR_WRITE);
}

static int lm_isc_submit(struct lm_engine *e, bool now)
{
	struct lm_isc *c = e->priv;

	(void)now;
	return lm_session_submit(c->s);
}

/*
 * fio's iodepth_batch_complete_min=0: a reap that waits for nothing still
 * takes what the socket holds now; returns the reap's min. A lost
 * connection has no socket: a reap that waits logs in again (--reconnect),
 * or what the session holds would wait for ever. Nor does a second of
 * peeks that found nothing go on peeking: a wait, the only place where
 * --timeout fails a target that stopped answering, takes over until an
 * answer comes.
 */
static unsigned int lm_isc_peek(struct lm_isc *c)
{
	struct pollfd f = { .fd = lm_session_fd(c->s),
			    .events = lm_session_events(c->s) };
	uint64_t now = lm_now_ns();

	if (f.fd < 0)
		return 1;
	if (!c->quiet_ns)
		c->quiet_ns = now;
	else if (now - c->quiet_ns >= LM_ISC_QUIET_NS)
		return 1;
	if (poll(&f, 1, 0) > 0)
		(void)lm_session_service(c->s, f.revents);
	return 0;
}

static int lm_isc_reap(struct lm_engine *e, unsigned int min,
		       struct lm_io **done, unsigned int max)
{
	struct lm_isc *c = e->priv;
	struct lm_io *io;
	int i, n;

	if (max > e->conf.depth)
		max = e->conf.depth;
	if (!min)
		min = lm_isc_peek(c);
	n = lm_session_reap(c->s, min, c->done, max);
	if (n > 0)
		c->quiet_ns = 0;
	for (i = 0; i < n; i++) {
		io = c->done[i].tag;
		io->res = c->done[i].res;
		done[i] = io;
		if (io->res < 0)
			lm_isc_error(e, c);
	}
	return n;
}

static int lm_isc_flush(struct lm_engine *e)
{
	struct lm_isc *c = e->priv;
	int ret = lm_session_flush(c->s);

	if (ret)
		lm_isc_error(e, c);
	return ret;
}

static void lm_isc_teardown(struct lm_engine *e)
{
	struct lm_isc *c = e->priv;
	struct lm_session_stats st;

	if (!c) /* setup failed before it had a context */
		return;
	if (c->s) {
		lm_session_stats(c->s, &st);
		e->reconnects = st.reconnects;
		if (st.lost)
			snprintf(
				e->note, sizeof(e->note),
				"the connection was lost after the last answer: no IO was in flight");
		else if (st.max_wire && st.max_wire < st.depth &&
			 st.issued >= 4ull * st.depth)
			snprintf(
				e->note, sizeof(e->note),
				"iodepth %u: at most %u commands reached the target at once (its command window)",
				st.depth, st.max_wire);
		lm_session_close(c->s);
	}
	free(c->done);
	free(c);
	e->priv = NULL;
}

const struct lm_engine_ops lm_engine_iscsi = {
	.name = "iscsi",
	.fio_name = "libiscsi",
	.target = LM_ENGINE_TARGET_URL,
	.slat = true, /* submit puts the commands on the wire */
	.trim = true, /* UNMAP */
	.setup = lm_isc_setup,
	.queue = lm_isc_queue,
	.submit = lm_isc_submit,
	.reap = lm_isc_reap,
	.teardown = lm_isc_teardown,
	.flush = lm_isc_flush,
};

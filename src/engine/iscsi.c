// SPDX-License-Identifier: MIT
/*
 * iscsi: user-space iSCSI, one session per worker thread. libiscsi logs in;
 * lunmark's own full feature phase (iscsi_ffp.h) carries the commands.
 * A lost connection fails the IOs in flight; with --reconnect the engine
 * logs in again itself and reissues them (libiscsi's automatic reconnect
 * stays off: it lost the portal and leaked). No answer for --timeout
 * seconds fails them too.
 */
#include "src/engine/engine.h"
#include "kmod-free/login.h"
#include "kmod-free/session.h"
#include "src/lunmark.h"
#include "src/target/target.h"
#include "src/stats/stats.h"

#include <errno.h>
#include <iscsi/iscsi.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int lm_isc_setup(struct lm_engine *e, const struct lm_target *t)
{
	struct lm_ffp *p;
	int ret;

	if (t->kind != LM_TARGET_ISCSI || !t->iscsi) {
		snprintf(
			e->err, sizeof(e->err),
			"the iscsi engine needs an iscsi:// URL as its target");
		return -EINVAL;
	}
	p = calloc(1, sizeof(*p));
	if (!p)
		return -ENOMEM;
	e->priv = p;
	p->e = e;
	p->conf = &t->iscsi->conf;
	p->lbs = t->lbs_bytes;
	ret = lm_ffp_init(p, e->conf.depth);
	if (ret)
		return ret;
	ret = lm_iscsi_open(p->conf, &p->ctx, &p->s, e->err, sizeof(e->err));
	if (ret)
		return ret;
	return lm_ffp_take(p, e->err, sizeof(e->err));
}

/* Start @s, or keep it for the next session (--reconnect), or fail it
 * when the connection is gone for good. */
static void lm_isc_start(struct lm_ffp *p, struct lm_ffp_slot *s)
{
	if (p->lost) { /* issued once the session is back */
		s->busy = true;
		s->lost = true;
		p->busy++;
		return;
	}
	if (p->dead) {
		s->busy = true;
		p->busy++;
		lm_ffp_complete(p, s, -p->dead_err, NULL);
		return;
	}
	lm_ffp_start(p, s);
}

static int lm_isc_queue(struct lm_engine *e, struct lm_io *io)
{
	struct lm_ffp *p = e->priv;
	struct lm_ffp_slot *s = &p->slots[io->slot];

	s->io = io;
	s->buf = io->buf;
	s->len = io->len;
	s->write = io->write;
	s->retries = 0;
	if (!p->dead)
		p->issued++;
	lm_isc_start(p, s);
	return 0;
}

/* The connection failed (@ret, p->why): fail everything, or with
 * --reconnect keep what is in flight for the next session. */
static void lm_isc_lost(struct lm_ffp *p, int ret)
{
	char full[1400];
	unsigned int i;

	if (!p->conf->reconnect) {
		snprintf(full, sizeof(full), "%s: %s", p->conf->portal, p->why);
		lm_ffp_fail_all(p, -ret, full);
		return;
	}
	p->lost = true;
	for (i = 0; i <= p->depth; i++)
		if (p->slots[i].busy)
			p->slots[i].lost = true;
}

static int lm_isc_submit(struct lm_engine *e)
{
	struct lm_ffp *p = e->priv;
	int ret;

	if (p->dead || p->lost)
		return 0;
	ret = lm_ffp_tx(p); /* on the wire now, not at the next reap */
	if (ret)
		lm_isc_lost(p, ret);
	return 0;
}

/* Log in again, every quarter second until @deadline. */
static int lm_isc_login_again(struct lm_ffp *p, uint64_t deadline, char *why,
			      size_t len)
{
	struct lm_iscsi_conf c = *p->conf;
	int ret = -ETIMEDOUT;
	uint64_t now;

	while ((now = lm_now_ns()) < deadline && !lm_stop) {
		c.timeout_s = (unsigned int)((deadline - now) / LM_SEC_NS) + 1;
		ret = lm_iscsi_open(&c, &p->ctx, &p->s, why, len);
		if (!ret) {
			ret = lm_ffp_take(p, why, len);
			if (ret) {
				iscsi_destroy_context(p->ctx);
				p->ctx = NULL;
			}
			break;
		}
		poll(NULL, 0, 250);
	}
	lm_iscsi_url_wipe(&c.url);
	return ret;
}

/* --reconnect: log in again within @deadline and reissue what the lost
 * session held, or fail it all. */
static void lm_isc_reconnect(struct lm_ffp *p, uint64_t deadline)
{
	char why[1024] = "no attempt", full[1400];
	unsigned int i;
	int ret;

	p->lost = false;
	iscsi_destroy_context(p->ctx);
	p->ctx = NULL;
	ret = lm_isc_login_again(p, deadline, why, sizeof(why));
	if (ret) {
		snprintf(
			full, sizeof(full),
			"%s: connection lost and not back within %u s (--timeout): %s",
			p->conf->portal, p->conf->timeout_s, why);
		lm_ffp_fail_all(p, ret == -ETIMEDOUT ? ETIMEDOUT : ECONNRESET,
				full);
		return;
	}
	for (i = 0; i <= p->depth; i++) {
		if (!p->slots[i].lost)
			continue;
		p->busy--;
		lm_ffp_start(p, &p->slots[i]);
	}
	ret = lm_ffp_tx(p);
	if (ret)
		lm_isc_lost(p, ret);
}

/*
 * Wait until @min IOs are done or, with @own, until that command is; fail
 * everything after --timeout seconds without progress.
 */
static void lm_isc_wait(struct lm_ffp *p, unsigned int min,
			const struct lm_ffp_slot *own)
{
	uint64_t timeout = p->conf->timeout_s * LM_SEC_NS;
	uint64_t last = lm_now_ns(), now;
	unsigned int before;
	int ret, ms;

	while (!p->dead && (own ? own->busy : p->ndone < min)) {
		if (lm_stop_now()) { /* a second SIGINT: no more waiting */
			lm_ffp_fail_all(
				p, EINTR,
				"interrupted twice: in-flight IO abandoned");
			break;
		}
		now = lm_now_ns();
		if (now - last >= timeout) {
			snprintf(
				p->why, sizeof(p->why),
				"%s: no answer for %u s (target stalled or unreachable; --timeout sets the wait)",
				p->conf->portal, p->conf->timeout_s);
			lm_ffp_fail_all(p, ETIMEDOUT, p->why);
			break;
		}
		ms = (int)((timeout - (now - last)) / 1000000 + 1);
		before = p->ndone;
		ret = lm_ffp_step(p, ms < 1000 ? ms : 1000);
		if (ret)
			lm_isc_lost(p, ret);
		if (p->lost) {
			lm_isc_reconnect(p, last + timeout);
			last = lm_now_ns();
			continue;
		}
		if (p->ndone > before || (own && !own->busy))
			last = lm_now_ns();
	}
}

static int lm_isc_reap(struct lm_engine *e, unsigned int min,
		       struct lm_io **done, unsigned int max)
{
	struct lm_ffp *p = e->priv;
	unsigned int n = 0;

	if (min > p->ndone + p->busy)
		min = p->ndone + p->busy;
	lm_isc_wait(p, min, NULL);
	while (n < max && p->ndone)
		done[n++] = p->done[--p->ndone];
	return (int)n;
}

/* SYNCHRONIZE CACHE(10) of the whole LUN, with nothing in flight. */
static int lm_isc_flush(struct lm_engine *e)
{
	struct lm_ffp *p = e->priv;
	struct lm_ffp_slot *s = &p->slots[p->depth];
	int ret;

	if (p->dead)
		return -p->dead_err;
	memset(s, 0, sizeof(*s));
	s->cdb[0] = 0x35;
	lm_isc_start(p, s);
	/* a connection lost on the way is lost as for any IO: with
	 * --reconnect the flush goes again on the next session */
	ret = p->lost ? 0 : lm_ffp_tx(p);
	if (ret)
		lm_isc_lost(p, ret);
	lm_isc_wait(p, 0, s);
	if (s->res < 0 && !e->err[0])
		snprintf(e->err, sizeof(e->err),
			 "%.400s: SYNCHRONIZE CACHE failed", p->conf->display);
	return s->res < 0 ? s->res : 0;
}

static void lm_isc_teardown(struct lm_engine *e)
{
	struct lm_ffp *p = e->priv;

	if (!p) /* setup failed before it made one */
		return;
	if (p->max_wire && p->max_wire < p->depth &&
	    p->issued >= 4ull * p->depth)
		snprintf(
			e->note, sizeof(e->note),
			"iodepth %u: at most %u commands reached the target at once (its command window)",
			p->depth, p->max_wire);
	if (p->ctx) {
		if (!p->dead && !p->busy)
			lm_ffp_logout(p);
		iscsi_destroy_context(p->ctx);
	}
	lm_ffp_free(p);
	free(p);
	e->priv = NULL;
}

const struct lm_engine_ops lm_engine_iscsi = {
	.name = "iscsi",
	.fio_name = "libiscsi",
	.target = LM_ENGINE_TARGET_URL,
	.setup = lm_isc_setup,
	.queue = lm_isc_queue,
	.submit = lm_isc_submit,
	.reap = lm_isc_reap,
	.teardown = lm_isc_teardown,
	.flush = lm_isc_flush,
};

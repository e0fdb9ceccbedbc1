// SPDX-License-Identifier: MIT
/*
 * A session's public calls (kmod-free/session.h): open, queue, submit,
 * reap, flush, the event-loop seam, and what a lost connection does: fail
 * what is in flight, or log in again and issue it once more.
 */
#include "kmod-free/session.h"
#include "kmod-free/session_int.h"
#include "kmod-free/util.h"

#include <errno.h>
#include <fcntl.h>
#include <iscsi/iscsi.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

static int lm_sess_init(struct lm_session *p, unsigned int depth)
{
	if (depth > 0xffff)
		return -EINVAL; /* the ITT holds the slot in 16 bits */
	p->depth = depth;
	p->ocap = 4 * depth + 16;
	p->slots = calloc(depth + 1, sizeof(*p->slots));
	p->held = calloc(depth + 1, sizeof(*p->held));
	p->done = calloc(depth, sizeof(*p->done));
	p->out = calloc(p->ocap, sizeof(*p->out));
	p->scratch = malloc(LM_SCRATCH);
	p->sentq_cap = 2 * (depth + 1);
	p->sentq = calloc(p->sentq_cap, sizeof(*p->sentq));
	p->stash = malloc(LM_STASH);
	if (!p->slots || !p->held || !p->done || !p->out || !p->scratch ||
	    !p->sentq || !p->stash)
		return -ENOMEM;
	return 0;
}

static void lm_sess_free(struct lm_session *p)
{
	lm_sess_ring_free(p);
	lm_sess_drop_out(p);
	free(p->slots);
	free(p->held);
	free(p->done);
	free(p->out);
	free(p->scratch);
	free(p->sentq);
	free(p->stash);
}

/* Carry on the session logged in on @fd: the watched login must tell the
 * data path all it needs. */
static int lm_sess_take(struct lm_session *p, int fd, char *msg, size_t len)
{
	const struct lm_iscsi_params *w = &p->s;
	struct timeval tv = { .tv_sec = LM_RX_WAIT_MS / 1000 };
	int fl;

	if (!w->logged_in || !w->sn_valid || w->blind || w->keys_broken ||
	    w->data_digest) {
		snprintf(
			msg, len,
			"%s: cannot carry on the session libiscsi logged in: %s",
			p->conf->display,
			w->data_digest	 ? "the target wants data digests"
			: w->keys_broken ? "a login key's value was unreadable"
					 : "the login was not seen whole");
		return -EPROTO;
	}
	p->fd = fd;
	/* reads block, at most a second (the waits count --timeout); sends
	 * never do (MSG_DONTWAIT) */
	fl = fcntl(p->fd, F_GETFL);
	if (fl < 0 || fcntl(p->fd, F_SETFL, fl & ~O_NONBLOCK) ||
	    setsockopt(p->fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv))) {
		snprintf(msg, len, "%s: cannot set up the socket: %s",
			 p->conf->display, strerror(errno));
		return -errno;
	}
	p->hlen = LM_BHS + (w->header_digest ? LM_DIGEST : 0);
	p->cmdsn = w->cmdsn;
	p->hgot = 0;
	p->in_data = false;
	lm_sess_drop_out(p);
	p->nheld = 0;
	p->wire = 0;
	p->rwire = 0;
	p->lwire = 0;
	p->nsentq = 0;
	p->lowat = 1;
	return 0;
}

/*
 * One wait on the socket, a second at most: read what comes or, while
 * PDUs wait to be sent, poll for either way.
 */
static int lm_sess_step(struct lm_session *p, int ms)
{
	struct pollfd f = { .fd = p->fd, .events = POLLIN | POLLOUT };
	int n, ret = 0;

	if (lm_sess_ring_on(p)) {
		ret = lm_sess_ring_wait(p, ms);
	} else if (p->armed) {
		ret = lm_sess_ring_disarm(p); /* a long read: in place */
	} else if (p->ohead == p->otail) {
		ret = lm_sess_rx(p, true);
	} else {
		lm_sess_lowat(p, 1); /* any answer will do */
		n = poll(&f, 1, ms);
		if (n < 0)
			return errno == EINTR ? 0 : -errno;
		if (n > 0 && (f.revents & (POLLIN | POLLERR | POLLHUP)))
			ret = lm_sess_rx(p, false);
	}
	/* what the answers asked for (Data-Out for an R2T, commands the
	 * window let through, a ping's answer) goes at once */
	if (!ret && p->ohead < p->otail)
		ret = lm_sess_tx(p);
	return ret;
}

/* A polite logout, bounded: a dead target gets none. */
static void lm_sess_logout(struct lm_session *p)
{
	uint64_t end = lm_kf_now_ms() + 500;
	struct lm_sess_out *o = lm_sess_out_new(p);

	if (!o)
		return;
	lm_pdu_logout(o->hdr, LM_ITT_LOGOUT, p->cmdsn, p->s.exp_statsn);
	lm_sess_seal(p, o);
	while (!p->logged_out && lm_kf_now_ms() < end)
		if (lm_sess_step(p, 100))
			break;
}

/* The caller asked for in-flight IO to be abandoned (a second SIGINT). */
static bool lm_sess_stop_now(const struct lm_session *p)
{
	const struct lm_iscsi_conf *c = p->conf;

	return c->stop && c->stop_now > 0 && *c->stop >= c->stop_now;
}

/* Start @s, or keep it for the next session (reconnect), or fail it when
 * the connection is gone for good. */
static void lm_sess_begin(struct lm_session *p, struct lm_sess_slot *s)
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
		lm_sess_complete(p, s, -p->dead_err, NULL);
		return;
	}
	lm_sess_start(p, s);
}

/* The connection failed (@ret, p->why): fail everything, or with
 * reconnect keep what is in flight for the next session. */
static void lm_sess_lost(struct lm_session *p, int ret)
{
	char full[1400];
	unsigned int i;

	if (!p->conf->reconnect || p->adopted) {
		snprintf(full, sizeof(full), "%s: %s", p->conf->portal, p->why);
		lm_sess_fail_all(p, -ret, full);
		return;
	}
	p->lost = true;
	for (i = 0; i <= p->depth; i++)
		if (p->slots[i].busy)
			p->slots[i].lost = true;
}

/* Log in again, every quarter second until @deadline_ms. */
static int lm_sess_login_again(struct lm_session *p, uint64_t deadline_ms,
			       char *why, size_t len)
{
	struct lm_iscsi_conf c = *p->conf;
	int ret = -ETIMEDOUT;
	uint64_t now;

	while ((now = lm_kf_now_ms()) < deadline_ms && !lm_iscsi_stopped(&c)) {
		c.timeout_s = (unsigned int)((deadline_ms - now) / 1000) + 1;
		ret = lm_iscsi_open(&c, &p->ctx, &p->s, why, len);
		if (!ret) {
			ret = lm_sess_take(p, iscsi_get_fd(p->ctx), why, len);
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

/* A failure of the connection itself, which a target restarting gives,
 * rather than of what the login asked for. */
static bool lm_sess_gone(int ret)
{
	return ret == -ECONNREFUSED || ret == -ECONNRESET ||
	       ret == -EHOSTUNREACH || ret == -ENETUNREACH;
}

/* A first login that found the connection gone (reconnect): the target
 * may be restarting, as between two tests of a mark, so wait for it as a
 * lost session would, and count it. */
static int lm_sess_come_back(struct lm_session *p, char *msg, size_t len)
{
	char why[1024] = "no attempt";
	int ret;

	ret = lm_sess_login_again(p,
				  lm_kf_now_ms() + p->conf->timeout_s * 1000ull,
				  why, sizeof(why));
	if (ret) {
		snprintf(
			msg, len,
			"%s: no connection within %u s (--reconnect waits up to %s): %s",
			p->conf->portal, p->conf->timeout_s,
			lm_iscsi_timeout_name(p->conf), why);
		return ret;
	}
	p->reconnects++;
	return 0;
}

/* Log in again within @deadline_ms and reissue what the lost session
 * held, or fail it all. */
static void lm_sess_reconnect(struct lm_session *p, uint64_t deadline_ms)
{
	char why[1024] = "no attempt", full[1400];
	uint64_t from = lm_kf_now_ms();
	unsigned int i;
	int ret;

	p->lost = false;
	/* nothing at the ring reads the old socket; what it still held
	 * may answer commands, as lm_sess_rx's last read may */
	(void)lm_sess_ring_disarm(p);
	iscsi_destroy_context(p->ctx);
	p->ctx = NULL;
	ret = lm_sess_login_again(p, deadline_ms, why, sizeof(why));
	if (ret && lm_iscsi_stopped(p->conf)) {
		/* the stop ended the logins, not the timeout */
		snprintf(
			full, sizeof(full),
			"%s: connection lost, and stopped while logging in again, %.1f s into the %u s of %s: %s",
			p->conf->portal, (double)(lm_kf_now_ms() - from) / 1000,
			p->conf->timeout_s, lm_iscsi_timeout_name(p->conf),
			why);
		lm_sess_fail_all(p, EINTR, full);
		return;
	}
	if (ret) {
		snprintf(
			full, sizeof(full),
			"%s: connection lost and not back within %u s (%s): %s",
			p->conf->portal, p->conf->timeout_s,
			lm_iscsi_timeout_name(p->conf), why);
		lm_sess_fail_all(p, ret == -ETIMEDOUT ? ETIMEDOUT : ECONNRESET,
				 full);
		return;
	}
	p->reconnects++;
	for (i = 0; i <= p->depth; i++) {
		/* a command answered from what the old socket still held
		 * is done, not lost */
		if (!p->slots[i].lost || !p->slots[i].busy)
			continue;
		p->busy--;
		lm_sess_start(p, &p->slots[i]);
	}
	ret = lm_sess_tx(p);
	if (ret)
		lm_sess_lost(p, ret);
}

/*
 * Wait until @min commands are done or, with @own, until that command is;
 * fail everything after the timeout without progress. A connection lost
 * once the wait has what it asked for logs in again at the next wait:
 * the answers in hand go back now, timed when they came, and a caller
 * that stops there has nothing to wait for.
 */
static void lm_sess_wait(struct lm_session *p, unsigned int min,
			 const struct lm_sess_slot *own)
{
	uint64_t timeout_ms = p->conf->timeout_s * 1000ull;
	uint64_t last = lm_kf_now_ms(), now;
	unsigned int before;
	int ret, ms;

	while (!p->dead && (own ? own->busy : p->ndone < min)) {
		if (lm_sess_stop_now(p)) {
			lm_sess_fail_all(
				p, EINTR,
				"interrupted twice: in-flight IO abandoned");
			break;
		}
		if (p->lost) {
			lm_sess_reconnect(p, last + timeout_ms);
			last = lm_kf_now_ms();
			continue;
		}
		now = lm_kf_now_ms();
		if (now - last >= timeout_ms) {
			snprintf(
				p->why, sizeof(p->why),
				"%s: no answer for %u s (target stalled or unreachable; %s sets the wait)",
				p->conf->portal, p->conf->timeout_s,
				lm_iscsi_timeout_name(p->conf));
			lm_sess_fail_all(p, ETIMEDOUT, p->why);
			break;
		}
		ms = (int)(timeout_ms - (now - last) + 1);
		before = p->ndone;
		ret = lm_sess_step(p, ms < 1000 ? ms : 1000);
		if (ret)
			lm_sess_lost(p, ret);
		if (p->ndone > before || (own && !own->busy))
			last = lm_kf_now_ms();
	}
}

static int lm_sess_new(const struct lm_iscsi_conf *c, unsigned int depth,
		       uint32_t lbs, struct lm_session **out, char *msg,
		       size_t len)
{
	struct lm_session *p;
	int ret;

	*out = NULL;
	if (!lbs || !depth) {
		snprintf(msg, len,
			 "%s: a session needs a depth and a block size",
			 c->display);
		return -EINVAL;
	}
	p = calloc(1, sizeof(*p));
	if (!p)
		return -ENOMEM;
	p->conf = c;
	p->lbs = lbs;
	p->fd = -1;
	ret = lm_sess_init(p, depth);
	if (ret) {
		snprintf(msg, len, "%s: %s for %u commands", c->display,
			 ret == -ENOMEM ? "out of memory" : "too deep a queue",
			 depth);
		lm_sess_free(p);
		free(p);
		return ret;
	}
	*out = p;
	return 0;
}

int lm_session_open(const struct lm_iscsi_conf *c, unsigned int depth,
		    uint32_t lbs, struct lm_session **out, char *msg,
		    size_t len)
{
	struct lm_session *p;
	int ret;

	*out = NULL;
	ret = lm_sess_new(c, depth, lbs, &p, msg, len);
	if (ret)
		return ret;
	ret = lm_iscsi_open(c, &p->ctx, &p->s, msg, len);
	if (!ret)
		ret = lm_sess_take(p, iscsi_get_fd(p->ctx), msg, len);
	else if (c->reconnect && lm_sess_gone(ret))
		ret = lm_sess_come_back(p, msg, len);
	if (ret)
		goto out_free;
	*out = p;
	return 0;
out_free:
	p->fd = -1; /* libiscsi's, closed with its context */
	lm_session_close(p);
	return ret;
}

int lm_session_adopt(const struct lm_iscsi_conf *c, unsigned int depth,
		     uint32_t lbs, int fd, const struct lm_iscsi_params *params,
		     struct lm_session **out, char *msg, size_t len)
{
	struct lm_session *p;
	int ret;

	ret = lm_sess_new(c, depth, lbs, &p, msg, len);
	if (ret)
		return ret;
	p->adopted = true;
	p->s = *params;
	ret = lm_sess_take(p, fd, msg, len);
	if (ret) {
		p->fd = -1; /* still the caller's */
		lm_session_close(p);
		return ret;
	}
	*out = p;
	return 0;
}

/* A caller's command in @slot: READ(16), WRITE(16) or (@unmap) UNMAP. */
static int lm_sess_queue(struct lm_session *p, unsigned int slot, void *tag,
			 void *buf, uint64_t offset, uint32_t len, bool write,
			 bool unmap)
{
	struct lm_sess_slot *s;

	if (slot >= p->depth || !tag || p->slots[slot].busy)
		return -EINVAL;
	s = &p->slots[slot];
	s->tag = tag;
	s->offset = offset;
	s->buf = unmap ? s->param : buf;
	s->len = len;
	s->write = write || unmap;
	s->unmap = unmap;
	s->retries = 0;
	if (!p->dead)
		p->issued++;
	lm_sess_begin(p, s);
	return 0;
}

int lm_session_queue(struct lm_session *p, unsigned int slot, void *tag,
		     void *buf, uint64_t offset, uint32_t len, bool write)
{
	return lm_sess_queue(p, slot, tag, buf, offset, len, write, false);
}

int lm_session_unmap(struct lm_session *p, unsigned int slot, void *tag,
		     uint64_t offset, uint32_t len)
{
	return lm_sess_queue(p, slot, tag, NULL, offset, len, true, true);
}

int lm_session_submit(struct lm_session *p)
{
	int ret;

	if (p->dead || p->lost)
		return 0;
	ret = lm_sess_tx(p); /* on the wire now, not at the next reap */
	if (ret)
		lm_sess_lost(p, ret);
	return 0;
}

int lm_session_reap(struct lm_session *p, unsigned int min,
		    struct lm_session_done *done, unsigned int max)
{
	unsigned int n = 0, asked = min;

	if (min > p->ndone + p->busy)
		min = p->ndone + p->busy;
	if (min)
		lm_sess_wait(p, min, NULL);
	while (n < max && p->ndone)
		done[n++] = p->done[--p->ndone];
	/* a caller that waits on a dead session gets its error, not 0
	 * forever */
	if (!n && asked && p->dead)
		return -p->dead_err;
	return (int)n;
}

/* SYNCHRONIZE CACHE(10) of the whole LUN, with nothing in flight. */
int lm_session_flush(struct lm_session *p)
{
	struct lm_sess_slot *s = &p->slots[p->depth];
	int ret;

	if (p->dead)
		return -p->dead_err;
	memset(s, 0, sizeof(*s));
	s->cdb[0] = 0x35;
	lm_sess_begin(p, s);
	/* a connection lost on the way is lost as for any IO: with
	 * reconnect the flush goes again on the next session */
	ret = p->lost ? 0 : lm_sess_tx(p);
	if (ret)
		lm_sess_lost(p, ret);
	lm_sess_wait(p, 0, s);
	if (s->res < 0 && !p->err[0])
		snprintf(p->err, sizeof(p->err),
			 "%.400s: SYNCHRONIZE CACHE failed", p->conf->display);
	return s->res < 0 ? s->res : 0;
}

int lm_session_fd(const struct lm_session *p)
{
	return p->dead || p->lost ? -1 : p->fd;
}

short lm_session_events(const struct lm_session *p)
{
	if (p->dead || p->lost)
		return 0;
	return (short)(POLLIN | (p->ohead < p->otail ? POLLOUT : 0));
}

int lm_session_service(struct lm_session *p, short revents)
{
	int ret = 0;

	if (p->dead)
		return -p->dead_err;
	if (p->lost)
		return -ECONNRESET; /* a blocking reap logs in again */
	if (revents & (POLLIN | POLLERR | POLLHUP)) {
		ret = lm_sess_ring_disarm(p); /* the caller polls the socket */
		lm_sess_lowat(p, 1);
		if (!ret)
			ret = lm_sess_rx(p, false);
	}
	if (!ret && p->ohead < p->otail)
		ret = lm_sess_tx(p);
	if (ret)
		lm_sess_lost(p, ret);
	return p->dead ? -p->dead_err : 0;
}

const char *lm_session_error(const struct lm_session *p)
{
	return p->err;
}

void lm_session_stats(const struct lm_session *p, struct lm_session_stats *st)
{
	st->depth = p->depth;
	st->max_wire = p->max_wire;
	st->reconnects = p->reconnects;
	st->issued = p->issued;
	st->missed = p->missed;
	st->receives = p->receives;
	st->ring = p->ring && !p->ring_refused;
	st->lost = p->lost;
}

void lm_session_close(struct lm_session *p)
{
	if (!p)
		return;
	if (!p->dead && !p->lost && !p->busy && p->fd >= 0 && p->s.logged_in)
		lm_sess_logout(p);
	lm_sess_ring_free(p); /* before the socket it reads is closed */
	if (p->ctx)
		iscsi_destroy_context(p->ctx);
	else if (p->adopted && p->fd >= 0)
		close(p->fd);
	lm_sess_free(p);
	free(p);
}

// SPDX-License-Identifier: MIT
#include "kmod-free/session.h"
#include "src/lunmark.h"
#include "src/stats/stats.h"

#include <errno.h>
#include <fcntl.h>
#include <iscsi/iscsi.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>

#define LM_IOVS 1020u	   /* under IOV_MAX */
#define LM_ITT_SEQ 0xffffu /* ITT: sequence << 16 | slot */
#define LM_ITT_LOGOUT (LM_ITT_SEQ << 16)

void lm_ffp_unwire(struct lm_ffp *p, struct lm_ffp_slot *s)
{
	if (s->sent) {
		p->wire--;
		if (lm_ffp_is_read(s))
			p->rwire--;
	}
	s->sent = false;
}

void lm_ffp_complete(struct lm_ffp *p, struct lm_ffp_slot *s, int res,
		     const char *why)
{
	s->busy = false;
	s->held = false;
	lm_ffp_unwire(p, s);
	p->busy--;
	s->res = res;
	if (s->io) {
		s->io->res = res;
		p->done[p->ndone++] = s->io;
	}
	if (res < 0 && why && !p->e->err[0])
		snprintf(p->e->err, sizeof(p->e->err), "%s", why);
}

void lm_ffp_fail_all(struct lm_ffp *p, int err, const char *why)
{
	unsigned int i;

	p->dead = true;
	p->dead_err = err;
	p->nheld = 0;
	for (i = 0; i <= p->depth; i++)
		if (p->slots[i].busy)
			lm_ffp_complete(p, &p->slots[i], -err, why);
}

/* The connection is gone or unusable: say why; reap decides what next. */
int lm_ffp_broken(struct lm_ffp *p, int err, const char *what,
		  const char *detail)
{
	snprintf(p->why, sizeof(p->why), "%s%s%s", what, detail ? ": " : "",
		 detail ? detail : "");
	return -err;
}

struct lm_ffp_out *lm_ffp_out(struct lm_ffp *p)
{
	struct lm_ffp_out *o;

	if (p->otail == p->ocap) {
		if (p->ohead) {
			memmove(p->out, p->out + p->ohead,
				(p->otail - p->ohead) * sizeof(*o));
			p->otail -= p->ohead;
			p->ohead = 0;
		} else {
			o = realloc(p->out, 2 * p->ocap * sizeof(*o));
			if (!o)
				return NULL;
			p->out = o;
			p->ocap *= 2;
		}
	}
	o = &p->out[p->otail++];
	o->data = NULL;
	o->dlen = 0;
	o->own = NULL;
	return o;
}

void lm_ffp_seal(struct lm_ffp *p, struct lm_ffp_out *o)
{
	if (p->s.header_digest)
		lm_pdu_digest_put(o->hdr);
}

int lm_ffp_data_out(struct lm_ffp *p, struct lm_ffp_slot *s, uint32_t ttt,
		    uint32_t off, uint32_t len)
{
	uint32_t datasn = 0, n;
	struct lm_ffp_out *o;

	while (len) {
		n = len < p->s.target_mrdsl ? len : p->s.target_mrdsl;
		o = lm_ffp_out(p);
		if (!o)
			return -ENOMEM;
		lm_pdu_data_out(o->hdr, p->conf->url.lun, s->itt, ttt,
				p->s.exp_statsn, datasn++, off, n, n == len);
		o->data = s->buf + off;
		o->dlen = n;
		lm_ffp_seal(p, o);
		off += n;
		len -= n;
	}
	return 0;
}

/* Put a command on the send queue with its unsolicited data. */
static int lm_ffp_send(struct lm_ffp *p, struct lm_ffp_slot *s)
{
	struct lm_pdu_cmd c = { .lun = p->conf->url.lun,
				.itt = s->itt,
				.cmdsn = p->cmdsn,
				.exp_statsn = p->s.exp_statsn,
				.edtl = s->len,
				.read = lm_ffp_is_read(s),
				.write = s->write,
				.final = true };
	uint32_t first = 0, unsol = 0;
	struct lm_ffp_out *o;

	if (s->write) {
		first = s->len < p->s.first_burst ? s->len : p->s.first_burst;
		if (p->s.immediate_data)
			c.dsl = first < p->s.target_mrdsl ? first
							  : p->s.target_mrdsl;
		if (!p->s.initial_r2t)
			unsol = first - c.dsl;
		c.final = !unsol;
	}
	memcpy(c.cdb, s->cdb, 16);
	o = lm_ffp_out(p);
	if (!o)
		return -ENOMEM;
	lm_pdu_cmd(o->hdr, &c);
	o->data = s->buf;
	o->dlen = c.dsl;
	lm_ffp_seal(p, o);
	p->cmdsn++;
	s->sent = true;
	if (lm_ffp_is_read(s)) {
		p->rwire++;
		if (s->len <= LM_GUESS_MAX && p->nsentq < p->sentq_cap)
			p->sentq[(p->sentq_head + p->nsentq++) % p->sentq_cap] =
				s->itt;
	}
	if (++p->wire > p->max_wire)
		p->max_wire = p->wire;
	return lm_ffp_data_out(p, s, LM_TAG_NONE, c.dsl, unsol);
}

/* A new ITT, then the wire or, when the window is shut, the queue. */
void lm_ffp_issue(struct lm_ffp *p, struct lm_ffp_slot *s)
{
	unsigned int i = (unsigned int)(s - p->slots);

	p->seq = (p->seq + 1) % LM_ITT_SEQ;
	s->itt = p->seq << 16 | i;
	s->got = 0;
	if (p->nheld || lm_sn_before(p->s.max_cmdsn, p->cmdsn)) {
		s->held = true;
		p->held[(p->held_head + p->nheld++) % (p->depth + 1)] = i;
		return;
	}
	if (lm_ffp_send(p, s))
		lm_ffp_complete(p, s, -ENOMEM, "out of memory queueing a PDU");
}

/* What the window has room for now leaves the hold queue. */
void lm_ffp_release(struct lm_ffp *p)
{
	struct lm_ffp_slot *s;

	while (p->nheld && !lm_sn_before(p->s.max_cmdsn, p->cmdsn)) {
		s = &p->slots[p->held[p->held_head]];
		p->held_head = (p->held_head + 1) % (p->depth + 1);
		p->nheld--;
		s->held = false;
		if (lm_ffp_send(p, s))
			lm_ffp_complete(p, s, -ENOMEM,
					"out of memory queueing a PDU");
	}
}

void lm_ffp_start(struct lm_ffp *p, struct lm_ffp_slot *s)
{
	uint32_t blocks = s->len / p->lbs;

	if (s->io)
		lm_cdb_rw16(s->cdb, s->write, s->io->offset / p->lbs, blocks);
	s->busy = true;
	s->sent = false;
	s->lost = false;
	p->busy++;
	lm_ffp_issue(p, s);
}

/* Send what is queued, as far as the socket takes it now. */
int lm_ffp_tx(struct lm_ffp *p)
{
	static const uint8_t zero[4];
	struct iovec iov[LM_IOVS];
	struct msghdr m = { .msg_iov = iov };
	size_t want, skip, k;
	unsigned int i, n;
	ssize_t r;

	while (p->ohead < p->otail) {
		want = 0;
		n = 0;
		skip = p->ooff;
		for (i = p->ohead; i < p->otail && n + 3 <= LM_IOVS; i++) {
			struct lm_ffp_out *o = &p->out[i];
			const void *base[3] = { o->hdr, o->data, zero };
			size_t len[3] = { p->hlen, o->dlen, lm_pad4(o->dlen) };

			for (k = 0; k < 3; k++) {
				if (skip >= len[k]) {
					skip -= len[k];
					continue;
				}
				iov[n].iov_base = (uint8_t *)base[k] + skip;
				iov[n].iov_len = len[k] - skip;
				want += iov[n++].iov_len;
				skip = 0;
			}
		}
		m.msg_iovlen = n;
		r = sendmsg(p->fd, &m, MSG_NOSIGNAL | MSG_DONTWAIT);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return 0;
		if (r < 0)
			return lm_ffp_broken(p, errno, "connection lost",
					     strerror(errno));
		p->ooff += (size_t)r;
		while (p->ohead < p->otail) {
			struct lm_ffp_out *o = &p->out[p->ohead];
			size_t whole = p->hlen + o->dlen + lm_pad4(o->dlen);

			if (p->ooff < whole)
				break;
			p->ooff -= whole;
			free(o->own);
			p->ohead++;
		}
		if ((size_t)r < want)
			return 0;
	}
	p->ohead = p->otail = 0;
	p->ooff = 0;
	return 0;
}

int lm_ffp_init(struct lm_ffp *p, unsigned int depth)
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
	p->stash = malloc(LM_GUESS_MAX + sizeof(p->spill));
	if (!p->slots || !p->held || !p->done || !p->out || !p->scratch ||
	    !p->sentq || !p->stash)
		return -ENOMEM;
	return 0;
}

void lm_ffp_free(struct lm_ffp *p)
{
	lm_ffp_drop_out(p);
	free(p->slots);
	free(p->held);
	free(p->done);
	free(p->out);
	free(p->scratch);
	free(p->sentq);
	free(p->stash);
}

/* The watched login must tell the data path all it needs. */
int lm_ffp_take(struct lm_ffp *p, char *msg, size_t len)
{
	const struct lm_iscsi_session *w = &p->s;
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
	p->fd = iscsi_get_fd(p->ctx);
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
	lm_ffp_drop_out(p);
	p->nheld = 0;
	p->wire = 0;
	p->rwire = 0;
	p->nsentq = 0;
	p->lowat = 1;
	return 0;
}

/*
 * One wait on the socket, a second at most: read what comes or, while
 * PDUs wait to be sent, poll for either way.
 */
int lm_ffp_step(struct lm_ffp *p, int ms)
{
	struct pollfd f = { .fd = p->fd, .events = POLLIN | POLLOUT };
	int n, ret = 0;

	if (p->ohead == p->otail) {
		ret = lm_ffp_rx(p, true);
	} else {
		lm_ffp_lowat(p, 1); /* any answer will do */
		n = poll(&f, 1, ms);
		if (n < 0)
			return errno == EINTR ? 0 : -errno;
		if (n > 0 && (f.revents & (POLLIN | POLLERR | POLLHUP)))
			ret = lm_ffp_rx(p, false);
	}
	/* what the answers asked for (Data-Out for an R2T, commands the
	 * window let through, a ping's answer) goes at once */
	if (!ret && p->ohead < p->otail)
		ret = lm_ffp_tx(p);
	return ret;
}

void lm_ffp_drop_out(struct lm_ffp *p)
{
	unsigned int i;

	for (i = p->ohead; i < p->otail; i++)
		free(p->out[i].own);
	p->ohead = p->otail = 0;
	p->ooff = 0;
}

/* A polite logout, bounded: a dead target gets none. */
void lm_ffp_logout(struct lm_ffp *p)
{
	uint64_t end = lm_now_ns() + LM_SEC_NS / 2;
	struct lm_ffp_out *o = lm_ffp_out(p);

	if (!o)
		return;
	lm_pdu_logout(o->hdr, LM_ITT_LOGOUT, p->cmdsn, p->s.exp_statsn);
	lm_ffp_seal(p, o);
	while (!p->logged_out && lm_now_ns() < end)
		if (lm_ffp_step(p, 100))
			break;
}

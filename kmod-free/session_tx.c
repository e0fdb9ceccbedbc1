// SPDX-License-Identifier: MIT
/* The sending half of a session (session_int.h): commands issued within
 * the target's window, PDUs queued and sent, commands completed. */
#include "kmod-free/session_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#define LM_IOVS 1020u /* under IOV_MAX */

void lm_sess_unwire(struct lm_session *p, struct lm_sess_slot *s)
{
	if (s->sent) {
		p->wire--;
		if (lm_sess_is_read(s))
			p->rwire--;
		if (lm_sess_is_read(s) && s->len > LM_GUESS_MAX)
			p->lwire--;
	}
	s->sent = false;
}

void lm_sess_complete(struct lm_session *p, struct lm_sess_slot *s, int res,
		      const char *why)
{
	s->busy = false;
	s->held = false;
	s->lost = false; /* answered: nothing to reissue after a reconnect */
	lm_sess_unwire(p, s);
	p->busy--;
	s->res = res;
	if (s->tag)
		p->done[p->ndone++] =
			(struct lm_session_done){ .tag = s->tag, .res = res };
	if (res < 0 && why && !p->err[0])
		snprintf(p->err, sizeof(p->err), "%s", why);
}

void lm_sess_fail_all(struct lm_session *p, int err, const char *why)
{
	unsigned int i;

	p->dead = true;
	p->dead_err = err;
	p->nheld = 0;
	/* the session's first failure in words, also when nothing was in
	 * flight: the commands queued later fail with it */
	if (why && !p->err[0])
		snprintf(p->err, sizeof(p->err), "%s", why);
	for (i = 0; i <= p->depth; i++)
		if (p->slots[i].busy)
			lm_sess_complete(p, &p->slots[i], -err, why);
}

/* The connection is gone or unusable: say why; reap decides what next. */
int lm_sess_broken(struct lm_session *p, int err, const char *what,
		   const char *detail)
{
	snprintf(p->why, sizeof(p->why), "%s%s%s", what, detail ? ": " : "",
		 detail ? detail : "");
	return -err;
}

struct lm_sess_out *lm_sess_out_new(struct lm_session *p)
{
	struct lm_sess_out *o;

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

void lm_sess_seal(struct lm_session *p, struct lm_sess_out *o)
{
	if (p->s.header_digest)
		lm_pdu_digest_put(o->hdr);
}

int lm_sess_data_out(struct lm_session *p, struct lm_sess_slot *s, uint32_t ttt,
		     uint32_t off, uint32_t len)
{
	uint32_t datasn = 0, n;
	struct lm_sess_out *o;

	while (len) {
		n = len < p->s.target_mrdsl ? len : p->s.target_mrdsl;
		o = lm_sess_out_new(p);
		if (!o)
			return -ENOMEM;
		lm_pdu_data_out(o->hdr, p->conf->url.lun, s->itt, ttt,
				p->s.exp_statsn, datasn++, off, n, n == len);
		o->data = s->buf + off;
		o->dlen = n;
		lm_sess_seal(p, o);
		off += n;
		len -= n;
	}
	return 0;
}

/* Put a command on the send queue with its unsolicited data. */
static int lm_sess_send(struct lm_session *p, struct lm_sess_slot *s)
{
	struct lm_pdu_cmd c = { .lun = p->conf->url.lun,
				.itt = s->itt,
				.cmdsn = p->cmdsn,
				.exp_statsn = p->s.exp_statsn,
				.edtl = lm_sess_xfer(s),
				.read = lm_sess_is_read(s),
				.write = s->write,
				.final = true };
	uint32_t first = 0, unsol = 0;
	struct lm_sess_out *o;

	if (s->write) {
		first = lm_sess_xfer(s) < p->s.first_burst ? lm_sess_xfer(s)
							   : p->s.first_burst;
		if (p->s.immediate_data)
			c.dsl = first < p->s.target_mrdsl ? first
							  : p->s.target_mrdsl;
		if (!p->s.initial_r2t)
			unsol = first - c.dsl;
		c.final = !unsol;
	}
	memcpy(c.cdb, s->cdb, 16);
	o = lm_sess_out_new(p);
	if (!o)
		return -ENOMEM;
	lm_pdu_cmd(o->hdr, &c);
	o->data = s->buf;
	o->dlen = c.dsl;
	lm_sess_seal(p, o);
	p->cmdsn++;
	s->sent = true;
	if (lm_sess_is_read(s)) {
		p->rwire++;
		p->lwire += s->len > LM_GUESS_MAX;
		if (s->len <= LM_GUESS_MAX && p->nsentq < p->sentq_cap)
			p->sentq[(p->sentq_head + p->nsentq++) % p->sentq_cap] =
				s->itt;
	}
	if (++p->wire > p->max_wire)
		p->max_wire = p->wire;
	return lm_sess_data_out(p, s, LM_TAG_NONE, c.dsl, unsol);
}

/* A new ITT, then the wire or, when the window is shut, the queue. */
void lm_sess_issue(struct lm_session *p, struct lm_sess_slot *s)
{
	unsigned int i = (unsigned int)(s - p->slots);

	p->seq = (p->seq + 1) % LM_ITT_SEQ;
	s->itt = p->seq << 16 | i;
	s->got = 0;
	s->scattered = false;
	if (p->nheld || lm_sn_before(p->s.max_cmdsn, p->cmdsn)) {
		s->held = true;
		p->held[(p->held_head + p->nheld++) % (p->depth + 1)] = i;
		return;
	}
	if (lm_sess_send(p, s))
		lm_sess_complete(p, s, -ENOMEM, "out of memory queueing a PDU");
}

/* What the window has room for now leaves the hold queue. */
void lm_sess_release(struct lm_session *p)
{
	struct lm_sess_slot *s;

	while (p->nheld && !lm_sn_before(p->s.max_cmdsn, p->cmdsn)) {
		s = &p->slots[p->held[p->held_head]];
		p->held_head = (p->held_head + 1) % (p->depth + 1);
		p->nheld--;
		s->held = false;
		if (lm_sess_send(p, s))
			lm_sess_complete(p, s, -ENOMEM,
					 "out of memory queueing a PDU");
	}
}

/* The test hook (lm_iscsi_conf.fault): the connection goes down before
 * the nth command of its kind is issued, as a target failing would. */
static void lm_sess_fault(struct lm_session *p, const struct lm_sess_slot *s)
{
	const struct lm_iscsi_fault *f = &p->conf->fault;
	enum lm_iscsi_fault_kind k =
		s->tag		    ? s->write ? LM_FAULT_WRITE : LM_FAULT_READ
		: s->cdb[0] == 0x35 ? LM_FAULT_SYNC
				    : LM_FAULT_NONE;

	if (f->nth && k == f->kind && ++p->faulted == f->nth && p->fd >= 0)
		shutdown(p->fd, SHUT_RDWR);
}

void lm_sess_start(struct lm_session *p, struct lm_sess_slot *s)
{
	uint32_t blocks = s->len / p->lbs;

	lm_sess_fault(p, s);
	if (s->tag && s->unmap)
		lm_cdb_unmap(s->cdb, s->param, s->offset / p->lbs, blocks);
	else if (s->tag)
		lm_cdb_rw16(s->cdb, s->write, s->write && p->conf->fua,
			    s->offset / p->lbs, blocks);
	s->busy = true;
	s->sent = false;
	s->lost = false;
	p->busy++;
	lm_sess_issue(p, s);
}

/* Send what is queued, as far as the socket takes it now. */
int lm_sess_tx(struct lm_session *p)
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
			struct lm_sess_out *o = &p->out[i];
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
			return lm_sess_broken(p, errno, "connection lost",
					      strerror(errno));
		p->ooff += (size_t)r;
		while (p->ohead < p->otail) {
			struct lm_sess_out *o = &p->out[p->ohead];
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

void lm_sess_drop_out(struct lm_session *p)
{
	unsigned int i;

	for (i = p->ohead; i < p->otail; i++)
		free(p->out[i].own);
	p->ohead = p->otail = 0;
	p->ooff = 0;
}

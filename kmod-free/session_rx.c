// SPDX-License-Identifier: MIT
/* The receiving half of a session (session_int.h): PDUs read, checked
 * and acted on. */
#include "kmod-free/session_int.h"
#include "kmod-free/sense.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>

#define LM_RETRIES 5

static struct lm_sess_slot *lm_sess_find(struct lm_session *p, uint32_t itt)
{
	unsigned int i = itt & 0xffff;

	if (i > p->depth || !p->slots[i].busy || p->slots[i].itt != itt ||
	    !p->slots[i].sent)
		return NULL;
	return &p->slots[i];
}

/* A command's status is in: complete it, or issue it again. */
static void lm_sess_finish(struct lm_session *p, struct lm_sess_slot *s,
			   const uint8_t *bhs, int key, int ascq)
{
	char why[200];
	bool retry;
	int res;

	res = lm_iscsi_status_error(bhs[3], key, ascq, &retry, why,
				    sizeof(why));
	if (!res) {
		res = (int)s->len;
		/* an UNMAP's residual is of its parameter list (tgtd
		 * says all of it), not of the blocks it unmapped */
		if (bhs[1] & LM_FL_UNDERFLOW && !s->unmap)
			res -= (int)lm_get32(bhs + 44);
		if (res < 0)
			res = 0;
	}
	if (retry && s->retries++ < LM_RETRIES) {
		lm_sess_unwire(p, s);
		lm_sess_issue(p, s);
		return;
	}
	if (res < 0 && s->tag) {
		char full[1024];

		snprintf(
			full, sizeof(full), "%s: %s%s at byte %llu",
			p->conf->display, why,
			s->unmap
				? " (UNMAP, for a trim: a LUN takes it only when thin-provisioned)"
				: "",
			(unsigned long long)s->offset);
		lm_sess_complete(p, s, res, full);
		return;
	}
	lm_sess_complete(p, s, res, why);
}

/* A header is in: check it and say where its data goes. */
static int lm_sess_header(struct lm_session *p, struct lm_sess_slot **sp)
{
	unsigned int op = lm_pdu_op(p->cur);
	struct lm_sess_slot *s = NULL;
	uint32_t off;

	if (p->s.header_digest && !lm_pdu_digest_ok(p->cur))
		return lm_sess_broken(p, EPROTO, "header digest error", NULL);
	if (p->cur[4])
		return lm_sess_broken(
			p, EPROTO,
			"the target sent an additional header segment", NULL);
	lm_pdu_sn(&p->s, p->cur);
	p->dsl = lm_pdu_dsl(p->cur);
	p->dst = p->scratch;
	if (op == LM_OP_DATA_IN || op == LM_OP_SCSI_RSP || op == LM_OP_R2T) {
		s = lm_sess_find(p, lm_get32(p->cur + 16));
		if (!s)
			return lm_sess_broken(
				p, EPROTO,
				"the target answered a command it was not sent",
				NULL);
	}
	if (op == LM_OP_DATA_IN) {
		off = lm_get32(p->cur + 40);
		if (s->write || off > s->len || s->len - off < p->dsl)
			return lm_sess_broken(
				p, EPROTO,
				"Data-In beyond the command's buffer", NULL);
		p->dst = s->buf + off;
		s->scattered |= off != s->got; /* not in offset order */
		s->got += p->dsl;
		if (p->dsl > p->seg)
			p->seg = p->dsl;
	} else if (p->dsl > LM_SCRATCH) {
		return lm_sess_broken(
			p, EPROTO, "a data segment longer than expected", NULL);
	}
	*sp = s;
	return 0;
}

/* A NOP-In ping (p->cur) is answered with its tag and its data. */
static int lm_sess_pong(struct lm_session *p)
{
	struct lm_sess_out *o = lm_sess_out_new(p);

	if (!o)
		return -ENOMEM;
	lm_pdu_nop_reply(o->hdr, p->cur, p->cmdsn, p->s.exp_statsn);
	if (p->dsl) {
		o->own = malloc(p->dsl);
		if (!o->own)
			return -ENOMEM;
		memcpy(o->own, p->scratch, p->dsl);
		o->data = o->own;
		o->dlen = p->dsl;
	}
	lm_sess_seal(p, o);
	return 0;
}

/* A whole PDU is in. */
static int lm_sess_pdu(struct lm_session *p, struct lm_sess_slot *s)
{
	const uint8_t *h = p->cur;
	int key = 0, ascq = 0;
	uint32_t off, len;

	switch (lm_pdu_op(h)) {
	case LM_OP_DATA_IN:
		if (h[1] & LM_FL_STATUS)
			lm_sess_finish(p, s, h, 0, 0);
		break;
	case LM_OP_SCSI_RSP:
		if (h[2]) { /* the target could not complete the command */
			lm_sess_complete(
				p, s, -EIO,
				"the target failed the command (iSCSI response not 'completed')");
			break;
		}
		lm_pdu_sense(p->scratch, p->dsl, &key, &ascq);
		lm_sess_finish(p, s, h, key, ascq);
		break;
	case LM_OP_R2T:
		off = lm_get32(h + 40);
		len = lm_get32(h + 44);
		if (!s->write || off > lm_sess_xfer(s) ||
		    lm_sess_xfer(s) - off < len)
			return lm_sess_broken(
				p, EPROTO, "an R2T beyond the command's buffer",
				NULL);
		if (lm_sess_data_out(p, s, lm_get32(h + 20), off, len))
			return lm_sess_broken(p, ENOMEM, "out of memory", NULL);
		break;
	case LM_OP_NOP_IN:
		if (lm_get32(h + 20) != LM_TAG_NONE && lm_sess_pong(p))
			return lm_sess_broken(p, ENOMEM, "out of memory", NULL);
		break;
	case LM_OP_ASYNC:
		if (h[36] == 1)
			return lm_sess_broken(p, ECONNRESET,
					      "the target asks to log out",
					      NULL);
		if (h[36] == 2 || h[36] == 3)
			return lm_sess_broken(p, ECONNRESET,
					      "the target drops the connection",
					      NULL);
		break;
	case LM_OP_REJECT:
		s = p->dsl >= LM_BHS
			    ? lm_sess_find(p, lm_get32(p->scratch + 16))
			    : NULL;
		if (!s)
			return lm_sess_broken(
				p, EPROTO, "the target rejected a PDU", NULL);
		lm_sess_complete(
			p, s, -EPROTO,
			"the target rejected the command (iSCSI Reject)");
		break;
	case LM_OP_LOGOUT_RSP:
		p->logged_out = true;
		break;
	default:
		snprintf(p->why, sizeof(p->why),
			 "unexpected PDU from the target (opcode 0x%02x)",
			 lm_pdu_op(h));
		return -EPROTO;
	}
	lm_sess_release(p);
	return 0;
}

/* A header is in: take it aside, as the next one is read with its data. */
static int lm_sess_got_header(struct lm_session *p)
{
	int ret;

	memcpy(p->cur, p->hdr, p->hlen);
	p->hgot = 0;
	p->cur_slot = NULL;
	ret = lm_sess_header(p, &p->cur_slot);
	if (ret)
		return ret;
	if (!p->dsl)
		return lm_sess_pdu(p, p->cur_slot);
	p->in_data = true;
	p->dleft = p->dsl;
	p->pleft = lm_pad4(p->dsl);
	return 0;
}

/* @r bytes arrived (session_int.h): with @src NULL they are the data of
 * the PDU in hand, its padding and the next header, as the read asked. */
int lm_sess_consume(struct lm_session *p, const uint8_t *src, size_t r)
{
	size_t k;
	int ret;

	while (r) {
		if (p->in_data) {
			k = r < p->dleft ? r : p->dleft;
			if (src) {
				memcpy(p->dst, src, k);
				src += k;
			}
			p->dst += k;
			p->dleft -= (uint32_t)k;
			r -= k;
			k = r < p->pleft ? r : p->pleft;
			p->pleft -= (uint32_t)k;
			r -= k;
			if (src)
				src += k;
			if (p->dleft || p->pleft)
				return 0;
			p->in_data = false;
			ret = lm_sess_pdu(p, p->cur_slot);
			if (ret)
				return ret;
			continue;
		}
		k = p->hlen - p->hgot;
		k = r < k ? r : k;
		if (src) {
			memcpy(p->hdr + p->hgot, src, k);
			src += k;
		}
		p->hgot += (unsigned int)k;
		r -= k;
		if (p->hgot == p->hlen) {
			ret = lm_sess_got_header(p);
			if (ret)
				return ret;
		}
	}
	return 0;
}

/* The read most likely answered next: the oldest short read sent and not
 * begun; NULL when there is none. A long read's PDUs are not guessed at a
 * header: when the target answers out of order, a wrong guess would copy
 * it twice. */
static struct lm_sess_slot *lm_sess_guess(struct lm_session *p)
{
	struct lm_sess_slot *s;
	uint32_t itt;

	while (p->nsentq) {
		itt = p->sentq[p->sentq_head];
		s = &p->slots[itt & 0xffff];
		if (s->busy && s->sent && s->itt == itt && !s->got)
			return s;
		p->sentq_head = (p->sentq_head + 1) % p->sentq_cap;
		p->nsentq--;
	}
	return NULL;
}

/*
 * Guess that read @s's next PDUs come in a row from byte @end on (all its
 * data so far came in offset order, up to @end): each a Data-In of @seg
 * bytes (or what the read still lacks) at the next offset, LM_LOWAT_MAX
 * bytes in all. Their data goes straight into @s's buffer, the header
 * after each into p->more. No guess where a segment needs padding. Adds
 * to @iov from @n and to *@want; returns the new count.
 */
static unsigned int lm_sess_chain(struct lm_session *p, struct lm_sess_slot *s,
				  uint32_t end, uint32_t seg, struct iovec *iov,
				  unsigned int n, size_t *want)
{
	uint32_t len, data = 0;
	unsigned int h;

	if (s->scattered || s->got != end || !seg)
		return n;
	for (h = 0; h < LM_CHAIN && end < s->len; h++) {
		len = s->len - end < seg ? s->len - end : seg;
		if (len % 4 || len > LM_LOWAT_MAX - data)
			break;
		iov[n++] = (struct iovec){ s->buf + end, len };
		iov[n++] = (struct iovec){ p->more + h * p->hlen, p->hlen };
		*want += (size_t)len + p->hlen;
		data += len;
		end += len;
	}
	return n;
}

/* From @iov on (its first @skip bytes taken), a chain's guess was wrong:
 * what @r bytes put there is copied to the stash, and taken from there. */
static int lm_sess_unchain(struct lm_session *p, const struct iovec *iov,
			   size_t skip, size_t r)
{
	size_t k, n = 0;

	for (; r; iov++, skip = 0) {
		k = iov->iov_len - skip;
		k = r < k ? r : k;
		memcpy(p->stash + n, (uint8_t *)iov->iov_base + skip, k);
		n += k;
		r -= k;
	}
	return lm_sess_consume(p, p->stash, n);
}

/*
 * A read that chained (lm_sess_chain): the stream's own part is in, and
 * @r more bytes went to @iov's entries in turn, data then a header. Data
 * that landed where its header says it goes stays (as far as the header
 * says); a header is copied in. From the first byte not where it belongs,
 * lm_sess_unchain() takes the rest: a guess missed.
 */
static int lm_sess_chained(struct lm_session *p, const struct iovec *iov,
			   size_t r)
{
	size_t k = 0;
	int ret;

	for (; r; iov += 2) {
		if (p->in_data && p->dst == iov[0].iov_base && !p->pleft)
			k = p->dleft < iov[0].iov_len ? p->dleft
						      : iov[0].iov_len;
		k = r < k ? r : k;
		ret = lm_sess_consume(p, NULL, k);
		if (ret)
			return ret;
		r -= k;
		if (k < iov[0].iov_len) {
			p->missed += r && !k;
			return lm_sess_unchain(p, iov, k, r);
		}
		if (p->in_data) /* longer than guessed: its data goes on */
			return lm_sess_unchain(p, iov + 1, 0, r);
		k = r < iov[1].iov_len ? r : iov[1].iov_len;
		ret = lm_sess_consume(p, iov[1].iov_base, k);
		if (ret)
			return ret;
		r -= k;
		k = 0;
	}
	return 0;
}

/*
 * Bytes the target surely sends next: the rest of this data segment and,
 * while a read's Data-In goes on, the rest of that read's data; at a
 * header, the rest of the header. Headers and status that come between
 * are not counted.
 */
static size_t lm_sess_owed(const struct lm_session *p)
{
	const struct lm_sess_slot *s = p->cur_slot;
	size_t owed;

	if (!p->in_data)
		return p->hlen - p->hgot;
	owed = (size_t)p->dleft + p->pleft;
	if (s && lm_pdu_op(p->cur) == LM_OP_DATA_IN &&
	    !(p->cur[1] & LM_FL_STATUS))
		owed += s->len - s->got;
	return owed;
}

/*
 * At a header while only long reads are at the target (no write, no
 * short read, no own command), what comes next is their Data-In: all the
 * data they still owe, unless one fails (then a status with no data
 * comes instead). The header and that much make a wait that takes a
 * read's PDUs with one wake-up, not one at the first segment and one
 * for the rest; as it is a guess, it waits LM_RX_AHEAD_MS at most. 0 when
 * it is not the case.
 */
static size_t lm_sess_owed_ahead(const struct lm_session *p)
{
	const struct lm_sess_slot *s;
	size_t owed = 0;
	unsigned int i;

	if (p->in_data || !p->lwire || p->lwire != p->wire)
		return 0;
	for (i = 0; i < p->depth; i++) {
		s = &p->slots[i];
		if (s->busy && s->sent && lm_sess_is_read(s))
			owed += s->len - s->got;
	}
	return p->hlen - p->hgot + owed;
}

void lm_sess_lowat(struct lm_session *p, int v)
{
	if (v != p->lowat &&
	    !setsockopt(p->fd, SOL_SOCKET, SO_RCVLOWAT, &v, sizeof(v)))
		p->lowat = v;
}

/*
 * Wait for the socket to hold what the target owes, a second at most:
 * long data then wakes this thread once, not once a batch of segments. A
 * poll, not a blocking read: a read would take what is there before it
 * sleeps, and the kernel's threshold then counts only what is left, which
 * the target may never send. The kernel also wakes it when the receive
 * window closes. 0 when it is time to read (or the wait ran out), -errno.
 */
static int lm_sess_await(struct lm_session *p, size_t owed, int ms)
{
	struct pollfd f = { .fd = p->fd, .events = POLLIN };

	lm_sess_lowat(p, owed < LM_LOWAT_MAX ? (int)owed : (int)LM_LOWAT_MAX);
	if (poll(&f, 1, ms) < 0 && errno != EINTR)
		return lm_sess_broken(p, errno, "cannot wait for the target",
				      strerror(errno));
	return 0;
}

/*
 * The wait before lm_sess_rx()'s first read: a poll for what is owed when
 * that is LM_LOWAT_MIN or more (then *@block is false), else SO_RCVLOWAT
 * at 1 for a read that blocks. 0, or -errno with p->why.
 */
static int lm_sess_rx_wait(struct lm_session *p, bool *block)
{
	size_t want = lm_sess_owed(p), ahead;
	int ms = LM_RX_WAIT_MS;

	ahead = want < LM_LOWAT_MIN ? lm_sess_owed_ahead(p) : 0;
	if (ahead >= LM_LOWAT_MIN) {
		want = ahead;
		ms = LM_RX_AHEAD_MS;
	}
	*block = want < LM_LOWAT_MIN;
	if (*block) {
		lm_sess_lowat(p, 1);
		return 0;
	}
	return lm_sess_await(p, want, ms);
}

/*
 * What lm_sess_rx() reads next, into @iov: the stream's own part (the
 * PDU in hand's data and padding, the next header), *@stream bytes of
 * *@want; past it, a chain of guesses (from *@chain on; 0: none), or
 * headers in bulk. In a read's Data-In, the chain is its next PDUs; at a
 * header, the PDUs of the read guessed to be answered next.
 */
static unsigned int lm_sess_plan(struct lm_session *p, struct iovec *iov,
				 size_t *stream, size_t *want,
				 unsigned int *chain)
{
	size_t hwant = p->hlen - p->hgot;
	struct lm_sess_slot *s = p->cur_slot;
	unsigned int n = 0, c = 0;

	if (p->in_data && p->dleft)
		iov[n++] = (struct iovec){ p->dst, p->dleft };
	if (p->in_data && p->pleft)
		iov[n++] = (struct iovec){ p->pad, p->pleft };
	iov[n++] = (struct iovec){ p->hdr + p->hgot, hwant };
	*want = hwant + (p->in_data ? (size_t)p->dleft + p->pleft : 0);
	*stream = *want;
	if (p->in_data && s && lm_pdu_op(p->cur) == LM_OP_DATA_IN &&
	    !(p->cur[1] & LM_FL_STATUS)) {
		c = lm_sess_chain(p, s, (uint32_t)(p->dst + p->dleft - s->buf),
				  p->dsl, iov, n, want);
	} else if (!p->in_data && !p->hgot && (s = lm_sess_guess(p))) {
		c = lm_sess_chain(p, s, 0, p->seg ? p->seg : s->len, iov, n,
				  want);
	} else if (!p->in_data && !p->rwire) {
		iov[n++] = (struct iovec){ p->more, sizeof(p->more) };
		*want += sizeof(p->more);
	}
	*chain = c > n ? n : 0;
	return c > n ? c : n;
}

/*
 * Read what the socket holds: a PDU's data and the next header at once
 * (with a long read's next PDUs), or at a header, the header and the data
 * of the read guessed to come next. With @wait the first read blocks (up
 * to SO_RCVTIMEO): one syscall where poll and a read took two. When the
 * target owes LM_LOWAT_MIN or more, lm_sess_await() waits for all of it
 * first.
 */
int lm_sess_rx(struct lm_session *p, bool wait)
{
	struct iovec iov[4 + 2 * LM_CHAIN];
	struct msghdr m = { .msg_iov = iov };
	size_t want, stream, k;
	unsigned int chain;
	ssize_t got;
	int ret;

	if (wait) {
		ret = lm_sess_rx_wait(p, &wait);
		if (ret)
			return ret;
	}
	for (;;) {
		m.msg_iovlen = lm_sess_plan(p, iov, &stream, &want, &chain);
		got = recvmsg(p->fd, &m, wait ? 0 : MSG_DONTWAIT);
		if (got < 0 && errno == EINTR)
			return 0;
		wait = false;
		if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return 0;
		if (got <= 0)
			return lm_sess_broken(
				p, got ? errno : ECONNRESET, "connection lost",
				got ? strerror(errno) : "closed by the target");
		p->receives++;
		/* what landed where the stream had it go; past it, what the
		 * guess, the chain or the bulk read took */
		k = (size_t)got < stream ? (size_t)got : stream;
		ret = lm_sess_consume(p, NULL, k);
		if (!ret && (size_t)got > k && chain)
			ret = lm_sess_chained(p, iov + chain, (size_t)got - k);
		else if (!ret && (size_t)got > k)
			ret = lm_sess_consume(p, p->more, (size_t)got - k);
		if (ret)
			return ret;
		if ((size_t)got < want)
			return 0;
	}
}

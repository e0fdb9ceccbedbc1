// SPDX-License-Identifier: MIT
/*
 * kmod-free's session, through its public API only (kmod-free/session.h),
 * against a scripted peer on a socketpair:
 * the protocol paths tgtd does not take (a shut command window, R2T with
 * unsolicited data, Reject, NOP-In pings, a bad header digest, answers out
 * of order). The data path itself is tested against tgtd
 * (t-iscsi-data.sh); this only plays the target's side of the wire.
 */
#include "kmod-free/pdu.h"
#include "kmod-free/session.h"
#include "tests/unit/unit.h"

#include <errno.h>
#include <liburing.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

struct lm_t {
	struct lm_session *p;
	struct lm_iscsi_conf c;
	struct lm_iscsi_params prm; /* what the session was adopted with */
	unsigned int hlen;
	int res[4]; /* each slot's last result; 1: none yet */
	unsigned int ndone;
	uint8_t buf[4][16384];
	int peer;
};

/* A session adopted over a socketpair, @depth commands, with @prm's
 * parameters (NULL: none negotiated beyond the RFC's defaults). */
static struct lm_t *lm_t_new(unsigned int depth,
			     const struct lm_iscsi_params *prm)
{
	struct timeval tv = { .tv_sec = 2 };
	struct lm_t *t = calloc(1, sizeof(*t));
	char msg[256];
	int sv[2];

	CU_ASSERT_PTR_NOT_NULL_FATAL(t);
	CU_ASSERT_EQUAL_FATAL(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	setsockopt(sv[1], SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	t->c.url.lun = 1;
	snprintf(t->c.display, sizeof(t->c.display), "iscsi://t/iqn.x/1");
	snprintf(t->c.portal, sizeof(t->c.portal), "t:3260");
	t->c.timeout_s = 2;
	/* the suite runs twice: receiving by recvmsg, then by io_uring */
	t->c.ring = strstr(CU_get_current_suite()->pName, "io_uring") != NULL;
	if (prm) {
		t->prm = *prm;
	} else {
		lm_pdu_watch_init(&t->prm);
		t->prm.cmdsn = 10;
		t->prm.max_cmdsn = 100;
		t->prm.exp_statsn = 5;
	}
	t->prm.logged_in = t->prm.sn_valid = true;
	t->hlen = LM_BHS + (t->prm.header_digest ? LM_DIGEST : 0);
	CU_ASSERT_EQUAL_FATAL(lm_session_adopt(&t->c, depth, 512, sv[0],
					       &t->prm, &t->p, msg,
					       sizeof(msg)),
			      0);
	t->peer = sv[1];
	for (unsigned int i = 0; i < 4; i++)
		t->res[i] = 1;
	return t;
}

/* The usual parameters, changed by the test. */
static struct lm_iscsi_params lm_t_params(void)
{
	struct lm_iscsi_params prm;

	lm_pdu_watch_init(&prm);
	prm.cmdsn = 10;
	prm.max_cmdsn = 100;
	prm.exp_statsn = 5;
	return prm;
}

static void lm_t_free(struct lm_t *t)
{
	lm_session_close(t->p);
	if (t->peer >= 0)
		close(t->peer);
	free(t);
}

/* What the engine's queue does: slot i, buffer i. */
static void lm_t_queue(struct lm_t *t, unsigned int i, bool write, uint64_t off,
		       uint32_t len)
{
	t->res[i] = 1;
	CU_ASSERT_EQUAL(lm_session_queue(t->p, i, t->buf[i], t->buf[i], off,
					 len, write),
			0);
}

/* Reap until @n more commands are done (or none is left in flight). */
static void lm_t_reap(struct lm_t *t, unsigned int n)
{
	struct lm_session_done d[4];
	int got, i;

	while (n) {
		got = lm_session_reap(t->p, 1, d, 4);
		CU_ASSERT_FATAL(got >= 0);
		if (!got)
			break;
		for (i = 0; i < got; i++) {
			unsigned int k =
				(unsigned int)((uint8_t(*)[16384])d[i].tag -
					       t->buf);

			CU_ASSERT_FATAL(k < 4);
			t->res[k] = d[i].res;
			t->ndone++;
		}
		n = (unsigned int)got >= n ? 0 : n - (unsigned int)got;
	}
}

/* The event-loop seam: wait for what the session asks, then service it. */
static int lm_t_service(struct lm_t *t)
{
	struct pollfd f = { .fd = lm_session_fd(t->p),
			    .events = lm_session_events(t->p) };

	if (f.fd < 0)
		return -ENOTCONN;
	CU_ASSERT_EQUAL(poll(&f, 1, 2000), 1);
	return lm_session_service(t->p, f.revents);
}

/* The session's first failure mentions @what. */
static bool lm_t_said(const struct lm_t *t, const char *what)
{
	return strstr(lm_session_error(t->p), what) != NULL;
}

static void lm_t_read(int fd, void *buf, size_t n)
{
	uint8_t *b = buf;
	ssize_t r;

	while (n) {
		r = read(fd, b, n);
		CU_ASSERT_FATAL(r > 0);
		b += r;
		n -= (size_t)r;
	}
}

/* The next PDU the initiator sent: its header (@hlen) and data. */
static uint32_t lm_t_pdu(struct lm_t *t, uint8_t *h, uint8_t *data)
{
	uint32_t dsl;
	uint8_t pad[4];

	lm_t_read(t->peer, h, t->hlen);
	dsl = lm_pdu_dsl(h);
	if (dsl)
		lm_t_read(t->peer, data, dsl);
	if (lm_pad4(dsl))
		lm_t_read(t->peer, pad, lm_pad4(dsl));
	return dsl;
}

static bool lm_t_nothing_more(struct lm_t *t)
{
	uint8_t b;

	return recv(t->peer, &b, 1, MSG_DONTWAIT) < 0 && errno == EAGAIN;
}

/* A target PDU: header fields the tests need, then @dlen of @data. */
static void lm_t_send(struct lm_t *t, unsigned int op, unsigned int flags,
		      unsigned int status, uint32_t itt, uint32_t ttt,
		      uint32_t maxsn, uint32_t off, uint32_t len,
		      const void *data, uint32_t dlen)
{
	uint8_t pdu[LM_BHS + LM_DIGEST + 16384 + 4] = { 0 };
	size_t n;

	pdu[0] = (uint8_t)op;
	pdu[1] = (uint8_t)flags;
	pdu[3] = (uint8_t)status;
	pdu[5] = (uint8_t)(dlen >> 16);
	pdu[6] = (uint8_t)(dlen >> 8);
	pdu[7] = (uint8_t)dlen;
	lm_put32(pdu + 16, itt);
	lm_put32(pdu + 20, ttt);
	lm_put32(pdu + 24, t->prm.exp_statsn);
	lm_put32(pdu + 28, 10);
	lm_put32(pdu + 32, maxsn);
	lm_put32(pdu + 40, off);
	lm_put32(pdu + 44, len);
	if (t->prm.header_digest)
		lm_pdu_digest_put(pdu);
	n = t->hlen;
	if (dlen)
		memcpy(pdu + n, data, dlen);
	n += dlen + lm_pad4(dlen);
	CU_ASSERT_EQUAL_FATAL(write(t->peer, pdu, n), (ssize_t)n);
}

/* Does this process get an io_uring (no seccomp filter, no
 * io_uring_disabled)? Where it does not, the session reads by recvmsg. */
static bool lm_t_uring_here(void)
{
	struct io_uring r;

	if (io_uring_queue_init(2, &r, 0))
		return false;
	io_uring_queue_exit(&r);
	return true;
}

static void lm_test_window(void)
{
	struct lm_iscsi_params prm = lm_t_params();
	struct lm_t *t;
	uint8_t h[4][LM_BHS], d[8], sense[20] = { 0, 18, 0x70, 0, 0x05 };
	uint8_t data[4096];
	unsigned int i;

	prm.max_cmdsn = 11; /* room for CmdSN 10 and 11 */
	t = lm_t_new(4, &prm);
	for (i = 0; i < 4; i++)
		lm_t_queue(t, i, false, 4096ull * i, 4096);
	CU_ASSERT_EQUAL(lm_session_submit(t->p), 0);
	for (i = 0; i < 2; i++) {
		CU_ASSERT_EQUAL(lm_t_pdu(t, h[i], d), 0);
		CU_ASSERT_EQUAL(lm_pdu_op(h[i]), LM_OP_SCSI_CMD);
		CU_ASSERT_EQUAL(lm_get32(h[i] + 24), 10 + i);
		CU_ASSERT_EQUAL(lm_get32(h[i] + 20), 4096);
		CU_ASSERT_EQUAL(h[i][1], 0x80 | 0x40 | 1);
		CU_ASSERT_EQUAL(h[i][32], 0x88);
		CU_ASSERT_EQUAL(lm_get32(h[i] + 38), 8 * i); /* LBA */
	}
	CU_ASSERT_TRUE(lm_t_nothing_more(t)); /* the window holds two back */

	/* the first answer opens the window by two */
	memset(data, 0xa1, sizeof(data));
	lm_t_send(t, LM_OP_DATA_IN, 0x80 | LM_FL_STATUS, 0, lm_get32(h[0] + 16),
		  LM_TAG_NONE, 13, 0, 0, data, 4096);
	lm_t_reap(t, 1);
	CU_ASSERT_EQUAL(t->ndone, 1);
	CU_ASSERT_EQUAL(t->res[0], 4096);
	CU_ASSERT_EQUAL(memcmp(t->buf[0], data, 4096), 0);
	for (i = 2; i < 4; i++) {
		lm_t_pdu(t, h[i], d);
		CU_ASSERT_EQUAL(lm_get32(h[i] + 24), 10 + i);
	}

	/* CHECK CONDITION with sense, a Reject, a good answer */
	sense[2 + 12] = 0x21;
	lm_t_send(t, LM_OP_SCSI_RSP, 0x80, 2, lm_get32(h[1] + 16), LM_TAG_NONE,
		  13, 0, 0, sense, sizeof(sense));
	lm_t_send(t, LM_OP_REJECT, 0x80, 0, LM_TAG_NONE, LM_TAG_NONE, 13, 0, 0,
		  h[2], LM_BHS);
	lm_t_send(t, LM_OP_DATA_IN, 0x80 | LM_FL_STATUS | LM_FL_UNDERFLOW, 0,
		  lm_get32(h[3] + 16), LM_TAG_NONE, 13, 0, 512, data, 3584);
	lm_t_reap(t, 3);
	CU_ASSERT_EQUAL(t->ndone, 4);
	CU_ASSERT_EQUAL(t->res[1], -EINVAL);
	CU_ASSERT_TRUE(lm_t_said(t, "LBA out of range"));
	CU_ASSERT_EQUAL(t->res[2], -EPROTO);
	CU_ASSERT_EQUAL(t->res[3], 3584); /* the residual counted */
	lm_t_free(t);
}

static void lm_test_out_of_order(void)
{
	struct lm_t *t = lm_t_new(2, NULL);
	uint8_t h[2][LM_BHS], d[8], a[4096], b[4096];
	struct lm_session_stats st;
	bool ring;

	lm_t_queue(t, 0, false, 0, 4096);
	lm_t_queue(t, 1, false, 4096, 4096);
	lm_session_submit(t->p);
	lm_t_pdu(t, h[0], d);
	lm_t_pdu(t, h[1], d);
	memset(a, 0xaa, sizeof(a));
	memset(b, 0xbb, sizeof(b));
	/* the second read is answered first: the guess (the first) is wrong
	 * and what it read moves to the second's buffer */
	lm_t_send(t, LM_OP_DATA_IN, 0x80 | LM_FL_STATUS, 0, lm_get32(h[1] + 16),
		  LM_TAG_NONE, 100, 0, 0, b, 4096);
	lm_t_send(t, LM_OP_DATA_IN, 0x80 | LM_FL_STATUS, 0, lm_get32(h[0] + 16),
		  LM_TAG_NONE, 100, 0, 0, a, 4096);
	lm_t_reap(t, 2);
	CU_ASSERT_EQUAL(t->res[0], 4096);
	CU_ASSERT_EQUAL(t->res[1], 4096);
	CU_ASSERT_EQUAL(memcmp(t->buf[0], a, 4096), 0);
	CU_ASSERT_EQUAL(memcmp(t->buf[1], b, 4096), 0);
	lm_session_stats(t->p, &st);
	/* by recvmsg, each read's data is read in place, so a read costs a
	 * receive; through the ring, one receive takes both answers and
	 * copies them, and no guess is made. A ring the kernel refuses
	 * leaves the session on recvmsg, and says so. */
	ring = t->c.ring && lm_t_uring_here();
	CU_ASSERT_EQUAL(st.ring, ring);
	CU_ASSERT_EQUAL(st.missed, ring ? 0 : 1);
	CU_ASSERT(ring ? st.receives == 1 : st.receives >= 2);

	/* in order: the guesses are right, nothing is copied */
	lm_t_queue(t, 0, false, 8192, 4096);
	lm_t_queue(t, 1, false, 12288, 4096);
	lm_session_submit(t->p);
	lm_t_pdu(t, h[0], d);
	lm_t_pdu(t, h[1], d);
	lm_t_send(t, LM_OP_DATA_IN, 0x80 | LM_FL_STATUS, 0, lm_get32(h[0] + 16),
		  LM_TAG_NONE, 100, 0, 0, b, 4096);
	lm_t_send(t, LM_OP_DATA_IN, 0x80 | LM_FL_STATUS, 0, lm_get32(h[1] + 16),
		  LM_TAG_NONE, 100, 0, 0, a, 4096);
	lm_t_reap(t, 2);
	CU_ASSERT_EQUAL(memcmp(t->buf[0], b, 4096), 0);
	CU_ASSERT_EQUAL(memcmp(t->buf[1], a, 4096), 0);
	lm_session_stats(t->p, &st);
	CU_ASSERT_EQUAL(st.missed, ring ? 0 : 1);

	/* Data-In beyond the read's buffer breaks the connection: the read
	 * fails, and so does whatever is queued after */
	lm_t_queue(t, 0, false, 0, 4096);
	lm_session_submit(t->p);
	lm_t_pdu(t, h[0], d);
	lm_t_send(t, LM_OP_DATA_IN, 0x80, 0, lm_get32(h[0] + 16), LM_TAG_NONE,
		  100, 2048, 0, a, 4096);
	lm_t_reap(t, 1);
	CU_ASSERT_EQUAL(t->res[0], -EPROTO);
	CU_ASSERT_TRUE(lm_t_said(t, "beyond"));
	lm_t_queue(t, 1, false, 0, 4096);
	lm_t_reap(t, 1);
	CU_ASSERT_EQUAL(t->res[1], -EPROTO);
	lm_t_free(t);
}

/*
 * A 16 KiB read in two Data-In PDUs, the second's header across the end
 * of the ring's first 16 KiB buffer (48 + 16320 bytes, then 16 of the
 * next 48): the bytes before and after the cut land where they belong.
 * By recvmsg, the first PDU's data is read in place and the second's
 * header is the next read's.
 */
static void lm_test_split(void)
{
	struct lm_t *t = lm_t_new(2, NULL);
	static uint8_t data[16384];
	uint8_t h[LM_BHS], d[8];
	unsigned int i;
	uint32_t itt;

	for (i = 0; i < sizeof(data); i++)
		data[i] = (uint8_t)(i * 7 + i / 251);
	lm_t_queue(t, 0, false, 0, 16384);
	lm_session_submit(t->p);
	lm_t_pdu(t, h, d);
	itt = lm_get32(h + 16);
	lm_t_send(t, LM_OP_DATA_IN, 0x80, 0, itt, LM_TAG_NONE, 100, 0, 0, data,
		  16320);
	lm_t_send(t, LM_OP_DATA_IN, 0x80 | LM_FL_STATUS, 0, itt, LM_TAG_NONE,
		  100, 16320, 0, data + 16320, 64);
	/* and a 4 KiB read behind it, in the second buffer */
	lm_t_queue(t, 1, false, 16384, 4096);
	lm_session_submit(t->p);
	lm_t_pdu(t, h, d);
	lm_t_send(t, LM_OP_DATA_IN, 0x80 | LM_FL_STATUS, 0, lm_get32(h + 16),
		  LM_TAG_NONE, 100, 0, 0, data + 100, 4096);
	lm_t_reap(t, 2);
	CU_ASSERT_EQUAL(t->res[0], 16384);
	CU_ASSERT_EQUAL(memcmp(t->buf[0], data, 16384), 0);
	CU_ASSERT_EQUAL(t->res[1], 4096);
	CU_ASSERT_EQUAL(memcmp(t->buf[1], data + 100, 4096), 0);
	lm_t_free(t);
}

static void lm_test_r2t(void)
{
	struct lm_iscsi_params prm = lm_t_params();
	struct lm_t *t;
	uint8_t h[LM_BHS], d[4096], ok = 0;
	uint32_t itt;
	unsigned int i;

	prm.immediate_data = true;
	prm.initial_r2t = false;
	prm.first_burst = 8192;
	prm.target_mrdsl = 4096;
	t = lm_t_new(1, &prm);
	for (i = 0; i < 16384; i++)
		t->buf[0][i] = (uint8_t)(i * 7);
	lm_t_queue(t, 0, true, 0, 16384);
	lm_session_submit(t->p);
	/* immediate data up to MaxRecvDataSegmentLength, then unsolicited
	 * Data-Out up to FirstBurstLength */
	CU_ASSERT_EQUAL(lm_t_pdu(t, h, d), 4096);
	itt = lm_get32(h + 16);
	CU_ASSERT_EQUAL(h[1], 0x20 | 1); /* W, not F */
	CU_ASSERT_EQUAL(lm_get32(h + 20), 16384);
	CU_ASSERT_EQUAL(memcmp(d, t->buf[0], 4096), 0);
	CU_ASSERT_EQUAL(lm_t_pdu(t, h, d), 4096);
	CU_ASSERT_EQUAL(lm_pdu_op(h), LM_OP_DATA_OUT);
	CU_ASSERT_EQUAL(h[1], 0x80);
	CU_ASSERT_EQUAL(lm_get32(h + 20), LM_TAG_NONE);
	CU_ASSERT_EQUAL(lm_get32(h + 36), 0);
	CU_ASSERT_EQUAL(lm_get32(h + 40), 4096);
	CU_ASSERT_EQUAL(memcmp(d, t->buf[0] + 4096, 4096), 0);
	CU_ASSERT_TRUE(lm_t_nothing_more(t));

	/* the rest on an R2T, in PDUs the target's size */
	lm_t_send(t, LM_OP_R2T, 0x80, 0, itt, 0x77, 100, 8192, 8192, NULL, 0);
	CU_ASSERT_EQUAL(lm_t_service(t), 0);
	for (i = 0; i < 2; i++) {
		CU_ASSERT_EQUAL(lm_t_pdu(t, h, d), 4096);
		CU_ASSERT_EQUAL(lm_pdu_op(h), LM_OP_DATA_OUT);
		CU_ASSERT_EQUAL(lm_get32(h + 20), 0x77);
		CU_ASSERT_EQUAL(lm_get32(h + 36), i);
		CU_ASSERT_EQUAL(lm_get32(h + 40), 8192 + 4096 * i);
		CU_ASSERT_EQUAL(h[1], i ? 0x80 : 0);
		ok += !memcmp(d, t->buf[0] + 8192 + 4096 * i, 4096);
	}
	CU_ASSERT_EQUAL(ok, 2);
	lm_t_send(t, LM_OP_SCSI_RSP, 0x80, 0, itt, LM_TAG_NONE, 100, 0, 0, NULL,
		  0);
	lm_t_reap(t, 1);
	CU_ASSERT_EQUAL(t->res[0], 16384);
	lm_t_free(t);
}

static void lm_test_ping(void)
{
	struct lm_t *t = lm_t_new(1, NULL);
	uint8_t h[LM_BHS], d[4096];

	/* a ping with nothing in flight, through the event-loop seam: it is
	 * answered with its own tag and data */
	CU_ASSERT_EQUAL(lm_session_events(t->p) & POLLOUT, 0);
	lm_t_send(t, LM_OP_NOP_IN, 0x80, 0, LM_TAG_NONE, 0x1234, 100, 0, 0,
		  "ping", 4);
	CU_ASSERT_EQUAL(lm_t_service(t), 0);
	CU_ASSERT_EQUAL(lm_t_pdu(t, h, d), 4);
	CU_ASSERT_EQUAL(h[0], 0x40 | LM_OP_NOP_OUT);
	CU_ASSERT_EQUAL(lm_get32(h + 16), LM_TAG_NONE);
	CU_ASSERT_EQUAL(lm_get32(h + 20), 0x1234);
	CU_ASSERT_EQUAL(memcmp(d, "ping", 4), 0);

	/* the target goes away with a read in flight */
	lm_t_queue(t, 0, false, 0, 4096);
	lm_session_submit(t->p);
	lm_t_pdu(t, h, d);
	close(t->peer);
	t->peer = -1;
	lm_t_reap(t, 1);
	CU_ASSERT_EQUAL(t->res[0], -ECONNRESET);
	CU_ASSERT_TRUE(lm_t_said(t, "closed by the target"));
	CU_ASSERT_EQUAL(lm_session_fd(t->p), -1);
	lm_t_free(t);
}

/* The target goes away with nothing in flight, seen by the event loop:
 * the reads queued after it fail, and the session says why. */
static void lm_test_gone_idle(void)
{
	struct lm_t *t = lm_t_new(2, NULL);

	close(t->peer);
	t->peer = -1;
	lm_t_service(t);
	lm_t_queue(t, 0, false, 0, 4096);
	lm_session_submit(t->p);
	lm_t_reap(t, 1);
	CU_ASSERT_EQUAL(t->res[0], -ECONNRESET);
	CU_ASSERT_TRUE(lm_t_said(t, "closed by the target"));
	lm_t_free(t);
}

static void lm_test_digest(void)
{
	struct lm_iscsi_params prm = lm_t_params();
	struct lm_t *t;
	uint8_t h[LM_BHS + LM_DIGEST], d[4096];

	/* header digests both ways; a wrong one breaks the connection */
	prm.header_digest = true;
	t = lm_t_new(1, &prm);
	lm_t_queue(t, 0, false, 0, 4096);
	lm_session_submit(t->p);
	lm_t_pdu(t, h, d);
	CU_ASSERT_TRUE(lm_pdu_digest_ok(h));
	memset(d, 0x5a, sizeof(d));
	lm_t_send(t, LM_OP_DATA_IN, 0x80 | LM_FL_STATUS, 0, lm_get32(h + 16),
		  LM_TAG_NONE, 100, 0, 0, d, 4096);
	lm_t_reap(t, 1);
	CU_ASSERT_EQUAL(t->res[0], 4096);
	CU_ASSERT_EQUAL(t->buf[0][4095], 0x5a);
	lm_t_queue(t, 0, false, 0, 4096);
	lm_session_submit(t->p);
	lm_t_pdu(t, h, d);
	t->prm.header_digest = false; /* the peer's digest: zeros */
	lm_t_send(t, LM_OP_DATA_IN, 0x80 | LM_FL_STATUS, 0, lm_get32(h + 16),
		  LM_TAG_NONE, 100, 0, 0, NULL, 0);
	lm_t_reap(t, 1);
	CU_ASSERT_EQUAL(t->res[0], -EPROTO);
	CU_ASSERT_TRUE(lm_t_said(t, "header digest error"));
	lm_t_free(t);
}

static void lm_test_write_answers(void)
{
	struct lm_iscsi_params prm = lm_t_params();
	struct lm_t *t;
	uint8_t h[4][LM_BHS], d[4096];
	unsigned int i;

	prm.immediate_data = true;
	prm.initial_r2t = false;
	t = lm_t_new(4, &prm);
	for (i = 0; i < 4; i++)
		lm_t_queue(t, i, true, 512ull * i, 512);
	lm_session_submit(t->p);
	for (i = 0; i < 4; i++)
		CU_ASSERT_EQUAL(lm_t_pdu(t, h[i], d), 512);
	/* no read at the target: the answers are read in bulk, a ping with
	 * data among them */
	lm_t_send(t, LM_OP_SCSI_RSP, 0x80, 0, lm_get32(h[2] + 16), LM_TAG_NONE,
		  100, 0, 0, NULL, 0);
	lm_t_send(t, LM_OP_NOP_IN, 0x80, 0, LM_TAG_NONE, 0x99, 100, 0, 0,
		  "abcdef", 6);
	for (i = 0; i < 4; i += 1 + (i == 1))
		lm_t_send(t, LM_OP_SCSI_RSP, 0x80, 0, lm_get32(h[i] + 16),
			  LM_TAG_NONE, 100, 0, 0, NULL, 0);
	lm_t_reap(t, 4);
	CU_ASSERT_EQUAL(t->ndone, 4);
	for (i = 0; i < 4; i++)
		CU_ASSERT_EQUAL(t->res[i], 512);
	CU_ASSERT_EQUAL(lm_t_pdu(t, h[0], d), 6);
	CU_ASSERT_EQUAL(lm_get32(h[0] + 20), 0x99);
	CU_ASSERT_EQUAL(memcmp(d, "abcdef", 6), 0);
	lm_t_free(t);
}

/* A slot taken twice, a slot out of range: refused, nothing sent. */
static void lm_test_misuse(void)
{
	struct lm_t *t = lm_t_new(2, NULL);

	CU_ASSERT_EQUAL(
		lm_session_queue(t->p, 2, t->buf[0], t->buf[0], 0, 512, false),
		-EINVAL);
	lm_t_queue(t, 0, false, 0, 512);
	CU_ASSERT_EQUAL(lm_session_queue(t->p, 0, t->buf[1], t->buf[1], 512,
					 512, false),
			-EINVAL);
	lm_t_free(t);
}

int lm_suite_session(void)
{
	static const struct lm_unit_test t[] = {
		{ "command window, sense, Reject, residual", lm_test_window },
		{ "answers out of order: the guess moves, or a copy",
		  lm_test_out_of_order },
		{ "a read's PDUs across the end of a receive buffer",
		  lm_test_split },
		{ "immediate data, unsolicited Data-Out, R2T", lm_test_r2t },
		{ "write answers in bulk, a ping among them",
		  lm_test_write_answers },
		{ "a NOP-In ping by the event loop, a closed peer",
		  lm_test_ping },
		{ "the target gone with nothing in flight", lm_test_gone_idle },
		{ "header digests, a wrong one", lm_test_digest },
		{ "a slot taken twice or out of range", lm_test_misuse },
		{ NULL, NULL },
	};
	int ret = lm_unit_add("kmod-free session", t);

	return ret ? ret : lm_unit_add("kmod-free session, io_uring", t);
}

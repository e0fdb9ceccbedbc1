// SPDX-License-Identifier: MIT
/* A scripted iSCSI target for the session's unit tests (tests/unit/peer.h). */
#include "tests/unit/peer.h"
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

struct lm_t *lm_t_new(unsigned int depth, const struct lm_iscsi_params *prm)
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

struct lm_iscsi_params lm_t_params(void)
{
	struct lm_iscsi_params prm;

	lm_pdu_watch_init(&prm);
	prm.cmdsn = 10;
	prm.max_cmdsn = 100;
	prm.exp_statsn = 5;
	return prm;
}

void lm_t_free(struct lm_t *t)
{
	lm_session_close(t->p);
	if (t->peer >= 0)
		close(t->peer);
	free(t);
}

void lm_t_queue(struct lm_t *t, unsigned int i, bool write, uint64_t off,
		uint32_t len)
{
	t->res[i] = 1;
	CU_ASSERT_EQUAL(lm_session_queue(t->p, i, t->buf[i], t->buf[i], off,
					 len, write),
			0);
}

void lm_t_reap(struct lm_t *t, unsigned int n)
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

int lm_t_service(struct lm_t *t)
{
	struct pollfd f = { .fd = lm_session_fd(t->p),
			    .events = lm_session_events(t->p) };

	if (f.fd < 0)
		return -ENOTCONN;
	CU_ASSERT_EQUAL(poll(&f, 1, 2000), 1);
	return lm_session_service(t->p, f.revents);
}

bool lm_t_said(const struct lm_t *t, const char *what)
{
	return strstr(lm_session_error(t->p), what) != NULL;
}

void lm_t_read(int fd, void *buf, size_t n)
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

uint32_t lm_t_pdu(struct lm_t *t, uint8_t *h, uint8_t *data)
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

bool lm_t_nothing_more(struct lm_t *t)
{
	uint8_t b;

	return recv(t->peer, &b, 1, MSG_DONTWAIT) < 0 && errno == EAGAIN;
}

size_t lm_t_build(struct lm_t *t, uint8_t *pdu, unsigned int op,
		  unsigned int flags, unsigned int status, uint32_t itt,
		  uint32_t ttt, uint32_t maxsn, uint32_t off, uint32_t len,
		  const void *data, uint32_t dlen)
{
	size_t n;

	memset(pdu, 0, LM_BHS + LM_DIGEST + dlen + 4);
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
	return n + dlen + lm_pad4(dlen);
}

void lm_t_send(struct lm_t *t, unsigned int op, unsigned int flags,
	       unsigned int status, uint32_t itt, uint32_t ttt, uint32_t maxsn,
	       uint32_t off, uint32_t len, const void *data, uint32_t dlen)
{
	uint8_t pdu[LM_BHS + LM_DIGEST + 16384 + 4];
	size_t n = lm_t_build(t, pdu, op, flags, status, itt, ttt, maxsn, off,
			      len, data, dlen);

	CU_ASSERT_EQUAL_FATAL(write(t->peer, pdu, n), (ssize_t)n);
}

bool lm_t_uring_here(void)
{
	struct io_uring r;

	if (io_uring_queue_init(2, &r, 0))
		return false;
	io_uring_queue_exit(&r);
	return true;
}

void lm_t_data_in(struct lm_t *t, uint32_t itt, const uint8_t *data,
		  uint32_t from, uint32_t len, uint32_t seg)
{
	uint32_t off, n;
	bool end;

	for (off = from; off < from + len; off += n) {
		n = from + len - off < seg ? from + len - off : seg;
		end = off + n == 16384;
		lm_t_send(t, LM_OP_DATA_IN, end ? 0x80 | LM_FL_STATUS : 0, 0,
			  itt, LM_TAG_NONE, 100, off, 0, data + off, n);
	}
}

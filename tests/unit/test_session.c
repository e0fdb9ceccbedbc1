// SPDX-License-Identifier: MIT
/*
 * kmod-free's session, through its public API only (kmod-free/session.h),
 * against a scripted peer on a socketpair (tests/unit/peer.h): the
 * protocol paths tgtd does not take (a shut command window, R2T with
 * unsolicited data, Reject, NOP-In pings, a bad header digest). How
 * answers are received is test_session_rx.c's. The data path itself is
 * tested against tgtd (t-iscsi-data.sh).
 */
#include "kmod-free/pdu.h"
#include "kmod-free/session.h"
#include "tests/unit/peer.h"
#include "tests/unit/unit.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

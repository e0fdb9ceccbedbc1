// SPDX-License-Identifier: MIT
/*
 * How kmod-free's session receives (kmod-free/session_int.h), through its
 * public API only, against a scripted peer on a socketpair
 * (tests/unit/peer.h): answers out of order, a PDU across the end of a
 * receive buffer, a read's PDUs guessed in a row and guesses gone wrong.
 * Every case runs twice: by recvmsg, and through an io_uring.
 */
#include "kmod-free/pdu.h"
#include "kmod-free/session.h"
#include "tests/unit/peer.h"
#include "tests/unit/unit.h"

#include <stdbool.h>
#include <string.h>
#include <unistd.h>

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

/* A 16 KiB read into slot 0, answered with @data in 4 KiB Data-In PDUs:
 * it lands whole. */
static void lm_t_read16k(struct lm_t *t, const uint8_t *data)
{
	uint8_t h[LM_BHS + LM_DIGEST], d[8];

	memset(t->buf[0], 0, 16384);
	lm_t_queue(t, 0, false, 0, 16384);
	lm_session_submit(t->p);
	lm_t_pdu(t, h, d);
	lm_t_data_in(t, lm_get32(h + 16), data, 0, 16384, 4096);
	lm_t_reap(t, 1);
	CU_ASSERT_EQUAL(t->res[0], 16384);
	CU_ASSERT_EQUAL(memcmp(t->buf[0], data, 16384), 0);
}

/*
 * A read of several Data-In PDUs: once the session knows the target's
 * segment length, one receive takes them all, each PDU's data in place.
 * Guesses that go wrong (a segment of another length, another read's
 * PDUs between, offsets out of order) cost a copy and land right.
 */
static void lm_test_chain(void)
{
	struct lm_t *t = lm_t_new(2, NULL);
	static uint8_t data[2][16384];
	uint8_t h[2][LM_BHS], d[8];
	struct lm_session_stats st;
	uint64_t receives;
	unsigned int i;
	bool ring;

	for (i = 0; i < sizeof(data); i++)
		data[i / 16384][i % 16384] = (uint8_t)(i * 13 + i / 509);
	/* the first read teaches the segment length, 4 KiB */
	lm_t_read16k(t, data[0]);
	/* in a row, as guessed: one receive, nothing missed */
	lm_session_stats(t->p, &st);
	receives = st.receives;
	lm_t_read16k(t, data[1]);
	lm_session_stats(t->p, &st);
	ring = st.ring;
	if (!ring)
		CU_ASSERT_EQUAL(st.receives - receives, 1);
	CU_ASSERT_EQUAL(st.missed, 0);

	/* two reads' PDUs taking turns, one of 8 KiB segments */
	memset(t->buf, 0, sizeof(t->buf));
	lm_t_queue(t, 0, false, 0, 16384);
	lm_t_queue(t, 1, false, 16384, 16384);
	lm_session_submit(t->p);
	lm_t_pdu(t, h[0], d);
	lm_t_pdu(t, h[1], d);
	for (i = 0; i < 2; i++) {
		lm_t_data_in(t, lm_get32(h[0] + 16), data[0], i * 8192, 8192,
			     i ? 8192 : 4096);
		lm_t_data_in(t, lm_get32(h[1] + 16), data[1], i * 8192, 8192,
			     4096);
	}
	lm_t_reap(t, 2);
	CU_ASSERT_EQUAL(t->res[0], 16384);
	CU_ASSERT_EQUAL(t->res[1], 16384);
	CU_ASSERT_EQUAL(memcmp(t->buf[0], data[0], 16384), 0);
	CU_ASSERT_EQUAL(memcmp(t->buf[1], data[1], 16384), 0);
	lm_session_stats(t->p, &st);
	if (!ring)
		CU_ASSERT(st.missed > 0);

	lm_t_free(t);
}

/* Data-In of read @itt: @data's 4 KiB at @off (no status), its header
 * and first 100 bytes, a receive, then the rest. */
static void lm_t_send_cut(struct lm_t *t, uint32_t itt, const uint8_t *data,
			  uint32_t off)
{
	static uint8_t pdu[LM_BHS + LM_DIGEST + 4096 + 4];
	size_t n = lm_t_build(t, pdu, LM_OP_DATA_IN, 0, 0, itt, LM_TAG_NONE,
			      100, off, 0, data + off, 4096);
	size_t cut = t->hlen + 100;

	CU_ASSERT_EQUAL_FATAL(write(t->peer, pdu, cut), (ssize_t)cut);
	CU_ASSERT_EQUAL(lm_t_service(t), 0);
	CU_ASSERT_EQUAL_FATAL(write(t->peer, pdu + cut, n - cut),
			      (ssize_t)(n - cut));
}

/* A 16 KiB read into slot 0 whose answer @send gives; it lands whole. */
static void lm_t_answer(struct lm_t *t, const uint8_t *data,
			void (*send)(struct lm_t *, uint32_t, const uint8_t *))
{
	uint8_t h[LM_BHS + LM_DIGEST], d[8];

	memset(t->buf[0], 0, 16384);
	lm_t_queue(t, 0, false, 0, 16384);
	lm_session_submit(t->p);
	lm_t_pdu(t, h, d);
	send(t, lm_get32(h + 16), data);
	lm_t_reap(t, 1);
	CU_ASSERT_EQUAL(t->res[0], 16384);
	CU_ASSERT_EQUAL(memcmp(t->buf[0], data, 16384), 0);
}

/* one PDU of 16 KiB, longer than the 4 KiB guessed */
static void lm_t_whole(struct lm_t *t, uint32_t itt, const uint8_t *data)
{
	lm_t_data_in(t, itt, data, 0, 16384, 16384);
}

/* 4 KiB, then 12 KiB: the second longer than the first */
static void lm_t_growing(struct lm_t *t, uint32_t itt, const uint8_t *data)
{
	lm_t_data_in(t, itt, data, 0, 4096, 4096);
	lm_t_data_in(t, itt, data, 4096, 12288, 12288);
}

/* the third quarter, the second in two parts with a receive between
 * (its data so far 8 KiB, up to its end), the first, the last: no guess
 * lands on the third's data */
static void lm_t_scattered(struct lm_t *t, uint32_t itt, const uint8_t *data)
{
	lm_t_data_in(t, itt, data, 8192, 4096, 4096);
	lm_t_send_cut(t, itt, data, 4096);
	lm_t_data_in(t, itt, data, 0, 4096, 4096);
	lm_t_data_in(t, itt, data, 12288, 4096, 4096);
}

/* Guesses that go wrong in the read's own PDUs: a segment longer than
 * guessed, at a header and within a read; offsets out of order. */
static void lm_test_chain_wrong(void)
{
	struct lm_t *t = lm_t_new(2, NULL);
	static uint8_t data[16384];
	unsigned int i;

	for (i = 0; i < sizeof(data); i++)
		data[i] = (uint8_t)(i * 29 + i / 251);
	lm_t_read16k(t, data); /* 4 KiB segments */
	lm_t_answer(t, data, lm_t_whole);
	lm_t_answer(t, data, lm_t_growing);
	lm_t_answer(t, data, lm_t_scattered);
	lm_t_free(t);
}

int lm_suite_session_rx(void)
{
	static const struct lm_unit_test t[] = {
		{ "answers out of order: the guess moves, or a copy",
		  lm_test_out_of_order },
		{ "a read's PDUs across the end of a receive buffer",
		  lm_test_split },
		{ "a read's PDUs guessed in a row, others' between",
		  lm_test_chain },
		{ "a read's own PDUs not as guessed: longer, out of order",
		  lm_test_chain_wrong },
		{ NULL, NULL },
	};
	int ret = lm_unit_add("kmod-free receive", t);

	return ret ? ret : lm_unit_add("kmod-free receive, io_uring", t);
}

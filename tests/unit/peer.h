/* SPDX-License-Identifier: MIT */
/*
 * A scripted iSCSI target for the session's unit tests: a session
 * (kmod-free/session.h) adopted over a socketpair, and the target's side
 * of the wire played by the test, PDU by PDU. The session receives by
 * recvmsg, or through an io_uring when the running suite's name says
 * "io_uring". CUnit asserts report what goes wrong on the wire.
 */
#ifndef LM_TESTS_UNIT_PEER_H
#define LM_TESTS_UNIT_PEER_H

#include "kmod-free/pdu.h"
#include "kmod-free/session.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

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
struct lm_t *lm_t_new(unsigned int depth, const struct lm_iscsi_params *prm);
/* The usual parameters, changed by the test. */
struct lm_iscsi_params lm_t_params(void);
void lm_t_free(struct lm_t *t);
/* What the engine's queue does: slot i, buffer i. */
void lm_t_queue(struct lm_t *t, unsigned int i, bool write, uint64_t off,
		uint32_t len);
/* Reap until @n more commands are done (or none is left in flight). */
void lm_t_reap(struct lm_t *t, unsigned int n);
/* The event-loop seam: wait for what the session asks, then service it. */
int lm_t_service(struct lm_t *t);
/* The session's first failure mentions @what. */
bool lm_t_said(const struct lm_t *t, const char *what);
/* Exactly @n bytes from @fd. */
void lm_t_read(int fd, void *buf, size_t n);
/* The next PDU the initiator sent: its header (@hlen) and data; returns
 * the data's length. */
uint32_t lm_t_pdu(struct lm_t *t, uint8_t *h, uint8_t *data);
/* Nothing more was sent. */
bool lm_t_nothing_more(struct lm_t *t);
/* A target PDU into @pdu (room for the header, @dlen and padding): header
 * fields the tests need, then @dlen of @data. Returns its length. */
size_t lm_t_build(struct lm_t *t, uint8_t *pdu, unsigned int op,
		  unsigned int flags, unsigned int status, uint32_t itt,
		  uint32_t ttt, uint32_t maxsn, uint32_t off, uint32_t len,
		  const void *data, uint32_t dlen);
/* lm_t_build()'s PDU (@dlen up to 16 KiB), sent. */
void lm_t_send(struct lm_t *t, unsigned int op, unsigned int flags,
	       unsigned int status, uint32_t itt, uint32_t ttt, uint32_t maxsn,
	       uint32_t off, uint32_t len, const void *data, uint32_t dlen);
/* Send read @itt's @len bytes of @data as Data-In PDUs of @seg bytes
 * from offset @from; the last with the read's status when it ends at
 * byte 16384. */
void lm_t_data_in(struct lm_t *t, uint32_t itt, const uint8_t *data,
		  uint32_t from, uint32_t len, uint32_t seg);
/* Does this process get an io_uring (no seccomp filter, no
 * io_uring_disabled)? Where it does not, the session reads by recvmsg. */
bool lm_t_uring_here(void);

#endif

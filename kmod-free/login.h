/* SPDX-License-Identifier: MIT */
/*
 * Logging in through libiscsi, with a timeout: the one part of an iSCSI
 * session kmod-free leaves to libiscsi (CHAP, digests, the login phase's
 * keys), watched PDU by PDU so that kmod-free/session.h can carry the
 * session on. Also used alone, for the SCSI commands of kmod-free/scsi.h.
 * Nothing here waits longer than the configured timeout or past the stop
 * flag, and no message carries a CHAP secret.
 */
#ifndef LM_KMF_LOGIN_H
#define LM_KMF_LOGIN_H

#include "kmod-free/pdu.h"
#include "kmod-free/url.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct iscsi_context;

/* What a fault (below) waits for: a command of this kind. */
enum lm_iscsi_fault_kind {
	LM_FAULT_NONE,
	LM_FAULT_READ,
	LM_FAULT_WRITE,
	LM_FAULT_SYNC /* SYNCHRONIZE CACHE */
};

/*
 * A fault to inject, for tests of the narrow windows: the connection is
 * shut down, as a target or a network failing would, just before a
 * session issues its @nth command of @kind (counted from 1 over the
 * session's life, reissues after a reconnect included). Once only.
 */
struct lm_iscsi_fault {
	enum lm_iscsi_fault_kind kind;
	unsigned int nth;
};

/*
 * "KIND:N" (read, write or sync; N from 1) into @f. Returns 0, or -EINVAL
 * with what was wrong in @msg.
 */
int lm_iscsi_fault_parse(const char *s, struct lm_iscsi_fault *f, char *msg,
			 size_t len);

struct lm_iscsi_conf {
	struct lm_iscsi_url url;
	char initiator[LM_ISCSI_NAME_MAX];
	char display[600]; /* lm_iscsi_url_display() */
	char portal[280];  /* lm_iscsi_portal() */
	unsigned int timeout_s;
	/* how the caller's user sets timeout_s, for messages ("--timeout");
	 * NULL: "the timeout" */
	const char *timeout_name;
	bool reconnect; /* reconnect and replay after a lost connection */
	bool fua;	/* writes through the LUN's cache (FUA): fio's sync= */
	/* receive through an io_uring, many PDUs a receive, where the
	 * kernel gives one (kmod-free/session_ring.c); else recvmsg, one
	 * PDU's data a call, read in place */
	bool ring;
	/*
	 * The caller's stop flag, or NULL: once *stop is non-zero no login
	 * is attempted or waited for any more (-EINTR), and once it reaches
	 * stop_now a session abandons what is in flight instead of waiting
	 * for it (-EINTR). Read from the session's own thread.
	 */
	const _Atomic int *stop;
	int stop_now;
	struct lm_iscsi_fault fault; /* none unless a test asks */
};

/* What sets @c's timeout, in words for messages. */
static inline const char *lm_iscsi_timeout_name(const struct lm_iscsi_conf *c)
{
	return c->timeout_name ? c->timeout_name : "the timeout";
}

/* Whether @c's stop flag is raised (NULL: never). */
static inline bool lm_iscsi_stopped(const struct lm_iscsi_conf *c)
{
	return c && c->stop && *c->stop;
}

/*
 * Connect to c->url's portal, log in, and check the LUN is there (clearing
 * unit attentions), all within c->timeout_s. With @watch, every PDU the
 * target sends meanwhile is watched (iscsi_pdu.h), so the session can be
 * carried on by lunmark's own data path; the caller checks watch->logged_in
 * and watch->sn_valid. On failure writes a message
 * naming host:port and what went wrong and returns -errno: -ETIMEDOUT (no
 * answer), -ECONNREFUSED and other socket errors, -ENOENT (target not
 * found), -EACCES (authentication failed), -ENXIO (LUN not found), -EINTR
 * (a signal), -ENOMEM.
 */
int lm_iscsi_open(const struct lm_iscsi_conf *c, struct iscsi_context **out,
		  struct lm_iscsi_params *watch, char *msg, size_t len);

/* Log out (briefly) and free the context. */
void lm_iscsi_close(struct iscsi_context *ctx);

#endif

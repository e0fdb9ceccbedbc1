/* SPDX-License-Identifier: MIT */
/*
 * An iSCSI session in user space: what replaces the kernel's iscsi_tcp,
 * libiscsi and scsi_transport_iscsi modules for one thread. libiscsi logs
 * in (CHAP, digests, TEST UNIT READY); from then on kmod-free carries the
 * full feature phase itself, PDU by PDU, straight from and into the
 * caller's buffers (kmod-free/README.md says how a command travels).
 *
 * The session is opaque and belongs to one thread: nothing here locks.
 * Commands are identified by a slot in [0, depth) that the caller keeps
 * for as long as the command is in flight, and carry a tag the caller gets
 * back with the result.
 *
 * Two ways to drive it:
 * - blocking: queue, submit, then reap with @min > 0, which waits (at most
 *   the configured timeout without progress) and also logs in again after
 *   a lost connection when the configuration asks for it;
 * - an event loop of the caller's: poll lm_session_fd() for
 *   lm_session_events(), hand what came to lm_session_service(), and
 *   collect completions with lm_session_reap(..., 0, ...), which then
 *   never blocks. A lost connection is logged in again only by a blocking
 *   reap or flush.
 *
 * Every call returns 0 (or a count) on success and -errno on failure; a
 * command's result is bytes transferred or -errno, like a read(2). The
 * first failure is kept in words (lm_session_error()); no text carries a
 * CHAP secret.
 */
#ifndef LM_KMF_SESSION_H
#define LM_KMF_SESSION_H

#include "kmod-free/login.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct lm_session;

/* A completed command. */
struct lm_session_done {
	void *tag; /* as given to lm_session_queue() */
	int res;   /* bytes transferred, or -errno */
};

/* What a session saw, for a report. */
struct lm_session_stats {
	unsigned int depth;
	unsigned int max_wire; /* most commands at the target at once */
	uint64_t issued;       /* commands queued */
	uint64_t missed;       /* reads whose data came in another order */
	uint64_t receives;     /* receives from the socket that brought data */
	bool ring; /* through an io_uring: conf.ring, and the kernel gave one */
	unsigned int reconnects; /* lost, and logged in again (reconnect) */
	/* lost (reconnect) after the last answer, and not logged in again:
	 * nothing was in flight, and nothing asked for more */
	bool lost;
};

/*
 * Log in to @c's LUN (within c->timeout_s) and make a session for @depth
 * commands at once (at most 65535) on a LUN of @lbs-byte blocks. @c must
 * outlive the session. On failure *@out is NULL and @msg says why
 * (lm_iscsi_open()'s errors, -EPROTO when the login cannot be carried on).
 * With c->reconnect, a connection refused or reset (a target restarting)
 * is tried again, as a lost session is, for up to c->timeout_s, and counts
 * as a reconnect once it succeeds.
 */
int lm_session_open(const struct lm_iscsi_conf *c, unsigned int depth,
		    uint32_t lbs, struct lm_session **out, char *msg,
		    size_t len);

/*
 * The same over @fd, a connection someone else logged in, whose
 * negotiated parameters and sequence numbers are @params. The session owns
 * @fd from then on (lm_session_close() closes it) and never logs in again.
 * For logins done by other means, and for tests that play the target.
 */
int lm_session_adopt(const struct lm_iscsi_conf *c, unsigned int depth,
		     uint32_t lbs, int fd, const struct lm_iscsi_params *params,
		     struct lm_session **out, char *msg, size_t len);

/*
 * READ(16) or WRITE(16) of @len bytes at byte @offset (both multiples of
 * the block size) from or into @buf, in @slot. Queued, not yet sent.
 */
int lm_session_queue(struct lm_session *p, unsigned int slot, void *tag,
		     void *buf, uint64_t offset, uint32_t len, bool write);

/*
 * UNMAP of @len bytes at byte @offset (multiples of the block size), in
 * @slot: one block descriptor, its parameter list the slot's own. Queued
 * as lm_session_queue(); it completes with @len, or -errno with the sense
 * in words (a LUN without thin provisioning refuses it).
 */
int lm_session_unmap(struct lm_session *p, unsigned int slot, void *tag,
		     uint64_t offset, uint32_t len);

/* Send what is queued, as far as the socket takes it now. */
int lm_session_submit(struct lm_session *p);

/*
 * Wait until @min commands are complete (fewer when fewer are in flight),
 * then hand back at most @max of them. A command is handed back once.
 * With reconnect, a connection lost once @min are complete is logged in
 * again by the next reap that waits, not this one: what was answered
 * goes back at once (lm_session_stats() says lost until then).
 */
int lm_session_reap(struct lm_session *p, unsigned int min,
		    struct lm_session_done *done, unsigned int max);

/* SYNCHRONIZE CACHE of the whole LUN, waiting for it; nothing in flight. */
int lm_session_flush(struct lm_session *p);

/*
 * The event-loop seam, in the spirit of libiscsi's iscsi_get_fd(),
 * iscsi_which_events() and iscsi_service(): the socket to poll (-1 while
 * there is no connection), the poll events it waits for, and what to do
 * with what came (without blocking). service returns -errno when the
 * connection is gone: what was in flight is then failed, or with reconnect
 * kept for a blocking reap to issue again.
 */
int lm_session_fd(const struct lm_session *p);
short lm_session_events(const struct lm_session *p);
int lm_session_service(struct lm_session *p, short revents);

/* The first failure in words; "" while there was none. */
const char *lm_session_error(const struct lm_session *p);

void lm_session_stats(const struct lm_session *p, struct lm_session_stats *st);

/* Log out (half a second at most, when nothing is in flight) and free. */
void lm_session_close(struct lm_session *p);

#endif

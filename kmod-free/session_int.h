/* SPDX-License-Identifier: MIT */
/*
 * Inside a session (kmod-free/session.h), private to kmod-free: the full
 * feature phase of a session libiscsi logged in (CHAP, digests, TEST UNIT
 * READY), carried on PDU by PDU (kmod-free/pdu.h), one per thread.
 * lm_iscsi_open() watched the login, so the data path knows what was
 * negotiated and where the sequence numbers stand.
 * - Commands, their immediate data and unsolicited Data-Out queue up and
 *   leave with one sendmsg, straight from the IO's buffer.
 * - Each PDU's data is read straight into the IO's buffer together with
 *   the next PDU's header. At a header, the read also takes the data of
 *   the read guessed to be answered next (the oldest one sent, up to
 *   LM_GUESS_MAX) into that read's buffer: no copy when the guess is
 *   right; a wrong guess costs a copy of what it read. With no read at
 *   the target, headers are read in bulk (p->more).
 * - A read's next PDUs are guessed too, in the same recvmsg (up to
 *   LM_CHAIN, LM_LOWAT_MAX bytes): each a Data-In of the target's segment
 *   length (p->seg, learnt) at the next offset, its data into the read's
 *   buffer and the header after it into p->more. A read of several PDUs
 *   then costs one recvmsg; a long read's, two (its first header comes
 *   alone: the target may answer the long reads in any order, and a wrong
 *   guess would copy megabytes). Each guess is checked against the header
 *   that came; from the first wrong one, what landed goes through the
 *   stash. A read whose Data-In came out of offset order is not guessed.
 * - The first read of a wait blocks (SO_RCVTIMEO: a second), so no poll
 *   comes first. When the target owes LM_LOWAT_MIN bytes or more (the
 *   rest of a long read), a poll with SO_RCVLOWAT set to them waits
 *   instead: one wake-up for the lot, not one per batch of segments. At a
 *   header while only long reads are at the target, it waits for what
 *   they still owe, a guess (a failed read sends no data), so for
 *   LM_RX_AHEAD_MS at most.
 * - The target's command window (MaxCmdSN) holds commands back.
 * - R2Ts get their Data-Out, NOP-In pings their NOP-Out, a Reject fails
 *   its command; status and sense become errno plus text
 *   (lm_iscsi_status_error); unit attentions and busy are retried.
 * libiscsi's own data path makes a send per command and a recv plus a readv
 * per answer (lunmark's README: scripts/bench-iscsi.sh). Everything here
 * runs in the thread that owns the session.
 */
#ifndef LM_KMF_SESSION_INT_H
#define LM_KMF_SESSION_INT_H

#include "kmod-free/login.h"
#include "kmod-free/pdu.h"
#include "kmod-free/session.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LM_SCRATCH 65536u   /* the longest data segment not for an IO */
#define LM_GUESS_MAX 65536u /* reads longer are not guessed at a header */
#define LM_LOWAT_MIN 65536u /* owed that much, a wait wakes once */
#define LM_LOWAT_MAX (1u << 20)
#define LM_CHAIN 16u /* a read's next PDUs guessed in one recvmsg */
/* what a wrong guess read is kept in */
#define LM_STASH (LM_LOWAT_MAX + LM_CHAIN * (LM_BHS + LM_DIGEST))
#define LM_RX_WAIT_MS 1000 /* one wait on the socket, at most */
#define LM_RX_AHEAD_MS 20  /* one wait for data guessed to come */
#define LM_UNMAP_PARAM 24u /* UNMAP's header and one block descriptor */
#define LM_ITT_SEQ 0xffffu /* ITT: sequence << 16 | slot */
#define LM_ITT_LOGOUT (LM_ITT_SEQ << 16)

struct lm_sess_ring;

struct lm_sess_slot {
	void *tag; /* the caller's; NULL: the session's own command */
	uint64_t offset;
	uint8_t *buf;
	uint32_t len;
	uint32_t itt;
	uint8_t cdb[16];
	bool write;
	/* an UNMAP of len bytes at offset: its parameter list goes out as
	 * the command's data (buf = param) */
	bool unmap;
	uint8_t param[LM_UNMAP_PARAM];
	bool busy;	/* taken and not completed */
	bool held;	/* waiting for the command window */
	bool sent;	/* at the target */
	bool lost;	/* its session is gone: reissue after a reconnect */
	int res;	/* the own command's result */
	uint32_t got;	/* Data-In bytes announced */
	bool scattered; /* a Data-In came out of offset order: no guess */
	unsigned int retries;
};

struct lm_sess_out { /* one PDU to send */
	uint8_t hdr[LM_BHS + LM_DIGEST];
	const uint8_t *data;
	uint32_t dlen;
	void *own; /* freed once sent: a ping's echo */
};

struct lm_session {
	struct iscsi_context *ctx; /* NULL: adopted (lm_session_adopt) */
	const struct lm_iscsi_conf *conf;
	struct lm_iscsi_params s;
	bool adopted; /* never logs in again; fd is its own */
	int fd;
	unsigned int hlen; /* BHS plus header digest */
	uint32_t cmdsn;	   /* the next command's */
	uint32_t seq;
	uint32_t lbs;
	unsigned int depth;
	struct lm_sess_slot *slots; /* depth + 1: the last for own commands */
	unsigned int *held;	    /* FIFO of slots waiting for the window */
	unsigned int nheld, held_head;
	struct lm_session_done *done;
	unsigned int ndone;
	unsigned int busy, wire, max_wire;
	unsigned int rwire; /* reads at the target */
	unsigned int lwire; /* of them, longer than LM_GUESS_MAX */
	uint64_t issued;
	unsigned int reconnects; /* sessions logged in again */
	unsigned int faulted;	 /* commands of the fault's kind (conf) */
	/* the send queue */
	struct lm_sess_out *out;
	unsigned int ohead, otail, ocap;
	size_t ooff; /* bytes of out[ohead] already sent */
	/* receiving: the next header, and the PDU whose data comes */
	uint8_t hdr[LM_BHS + LM_DIGEST];
	unsigned int hgot;
	uint8_t cur[LM_BHS + LM_DIGEST];
	struct lm_sess_slot *cur_slot;
	uint8_t *dst;	/* where its data goes */
	uint32_t dleft; /* data bytes still to come */
	uint32_t pleft; /* padding bytes still to come */
	uint32_t dsl;
	bool in_data;
	bool logged_out;
	uint8_t *scratch; /* data segments that are not an IO's */
	/* reads sent, oldest first, by ITT: the next answer is guessed to be
	 * the first of them, and read with its header (lm_sess_rx) */
	uint32_t *sentq;
	unsigned int sentq_head, nsentq, sentq_cap;
	uint32_t seg;	/* the longest Data-In segment yet: the next guessed */
	uint8_t pad[4]; /* a data segment's padding, read and dropped */
	/* headers that follow a header when no read is at the target: they
	 * carry no IO data, so reading them in bulk copies none; while a
	 * long read's Data-In goes on, the headers of its next PDUs */
	uint8_t more[LM_CHAIN * (LM_BHS + LM_DIGEST)];
	uint8_t *stash;	 /* what a wrong guess read: LM_STASH bytes */
	uint64_t missed; /* guesses that were wrong */
	int lowat;	 /* SO_RCVLOWAT now */
	bool dead;	 /* connection lost or stalled: IOs fail at once */
	int dead_err;
	bool lost; /* reconnect: the session is gone, log in again */
	/* receiving through an io_uring (session_ring.c), with conf->ring */
	struct lm_sess_ring *ring; /* NULL: not made yet, or refused */
	bool ring_refused;
	bool armed;	   /* a receive into rbuf is at the ring */
	uint64_t gen;	   /* the armed receive's user_data */
	uint64_t receives; /* receives that brought data, either way */
	char why[1024];
	char err[512]; /* the first failure in words (lm_session_error) */
};

/*
 * Between the three files: session.c holds the public calls (session.h),
 * session_tx.c queues and sends, session_rx.c reads and answers.
 */
/* Issue slot @s (its tag, offset, buf, len, write or cdb set): a new ITT, then the
 * send queue or, while the window is shut, the hold queue. */
void lm_sess_start(struct lm_session *p, struct lm_sess_slot *s);

/* Send what is queued, as far as the socket takes it now. 0, or -errno
 * with p->why when the connection is broken. */
int lm_sess_tx(struct lm_session *p);

/* Complete slot @s with @res; @why becomes the session's first error. */
void lm_sess_complete(struct lm_session *p, struct lm_sess_slot *s, int res,
		      const char *why);

/* Complete everything in flight with -@err; the session is dead. */
void lm_sess_fail_all(struct lm_session *p, int err, const char *why);

/* Forget what waits to be sent (a lost connection). */
void lm_sess_drop_out(struct lm_session *p);

/* Whether @s reads: it has data coming back (the own commands have none). */
static inline bool lm_sess_is_read(const struct lm_sess_slot *s)
{
	return !s->write && s->len;
}

/* The bytes a command moves on the wire: an UNMAP's its parameter list,
 * not the blocks it unmaps (s->len, its result). */
static inline uint32_t lm_sess_xfer(const struct lm_sess_slot *s)
{
	return s->unmap ? LM_UNMAP_PARAM : s->len;
}

/* Read what the socket holds; with @wait the first read blocks, a second
 * at most. 0, or -errno with p->why. */
int lm_sess_rx(struct lm_session *p, bool wait);
/*
 * @r bytes of the stream arrived, at @src (copied where they belong) or,
 * with @src NULL, already where the stream had them go (lm_sess_rx).
 */
int lm_sess_consume(struct lm_session *p, const uint8_t *src, size_t r);
/* SO_RCVLOWAT to @v, when it is not already. */
void lm_sess_lowat(struct lm_session *p, int v);
/* Note why the connection is unusable; returns -@err. */
int lm_sess_broken(struct lm_session *p, int err, const char *what,
		   const char *detail);
/* A new PDU at the end of the send queue; NULL when out of memory. */
struct lm_sess_out *lm_sess_out_new(struct lm_session *p);
/* Its header digest, when the session has them. */
void lm_sess_seal(struct lm_session *p, struct lm_sess_out *o);
/* Data-Out PDUs for @len bytes of @s's buffer at @off, for @ttt. */
int lm_sess_data_out(struct lm_session *p, struct lm_sess_slot *s, uint32_t ttt,
		     uint32_t off, uint32_t len);
/* Issue @s again (a retry): a new ITT, the wire or the hold queue. */
void lm_sess_issue(struct lm_session *p, struct lm_sess_slot *s);
/* @s is no longer at the target (answered, or to be sent again). */
void lm_sess_unwire(struct lm_session *p, struct lm_sess_slot *s);
/* Send what the command window has room for now. */
void lm_sess_release(struct lm_session *p);

/*
 * The ring (session_ring.c). on: whether the next wait goes through it
 * (conf->ring, a ring the kernel gave, no long read at the target; made
 * on first use). wait: one wait of at most @ms, with the receive armed
 * (and a POLLOUT poll while sends wait). disarm: cancel the receive,
 * taking in what it brought, before the socket is read otherwise or
 * closed. Both 0, or -errno with p->why. free: the ring gone, with what
 * was at it.
 */
bool lm_sess_ring_on(struct lm_session *p);
int lm_sess_ring_wait(struct lm_session *p, int ms);
int lm_sess_ring_disarm(struct lm_session *p);
void lm_sess_ring_free(struct lm_session *p);

#endif

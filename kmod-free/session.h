/* SPDX-License-Identifier: MIT */
/*
 * lunmark's own full feature phase: a session libiscsi logged in (CHAP,
 * digests, TEST UNIT READY), carried on PDU by PDU (iscsi_pdu.h) by the
 * iscsi engine, one per worker thread. lm_iscsi_open() watched the login,
 * so the data path knows what was negotiated and where the sequence
 * numbers stand.
 * - Commands, their immediate data and unsolicited Data-Out queue up and
 *   leave with one sendmsg, straight from the IO's buffer.
 * - Each PDU's data is read straight into the IO's buffer together with
 *   the next PDU's header. At a header, the read also takes the data of
 *   the read guessed to be answered next (the oldest one sent, up to
 *   LM_GUESS_MAX) into that read's buffer: one recvmsg a PDU, no copy when
 *   the guess is right; a wrong guess costs a copy of what it read. With
 *   no read at the target, headers are read in bulk (p->more).
 * - The first read of a wait blocks (SO_RCVTIMEO: a second), so no poll
 *   comes first. When the target owes LM_LOWAT_MIN bytes or more (the
 *   rest of a long read), a poll with SO_RCVLOWAT set to them waits
 *   instead: one wake-up for the lot, not one per batch of segments.
 * - The target's command window (MaxCmdSN) holds commands back.
 * - R2Ts get their Data-Out, NOP-In pings their NOP-Out, a Reject fails
 *   its command; status and sense become errno plus text
 *   (lm_iscsi_status_error); unit attentions and busy are retried.
 * libiscsi's own data path makes a send per command and a recv plus a readv
 * per answer (README: scripts/bench-iscsi.sh). Everything here runs in the
 * worker thread that owns the session.
 */
#ifndef LM_ISCSI_FFP_H
#define LM_ISCSI_FFP_H

#include "src/engine/engine.h"
#include "kmod-free/login.h"
#include "kmod-free/pdu.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LM_SCRATCH 65536u   /* the longest data segment not for an IO */
#define LM_GUESS_MAX 65536u /* reads longer are not guessed */
#define LM_LOWAT_MIN 65536u /* owed that much, a wait wakes once */
#define LM_LOWAT_MAX (1u << 20)
#define LM_RX_WAIT_MS 1000 /* one wait on the socket, at most */

struct lm_ffp_slot {
	struct lm_io *io; /* NULL: the engine's own command */
	uint8_t *buf;
	uint32_t len;
	uint32_t itt;
	uint8_t cdb[16];
	bool write;
	bool busy;    /* taken and not completed */
	bool held;    /* waiting for the command window */
	bool sent;    /* at the target */
	bool lost;    /* its session is gone: reissue after a reconnect */
	int res;      /* the own command's result */
	uint32_t got; /* Data-In bytes announced */
	unsigned int retries;
};

struct lm_ffp_out { /* one PDU to send */
	uint8_t hdr[LM_BHS + LM_DIGEST];
	const uint8_t *data;
	uint32_t dlen;
	void *own; /* freed once sent: a ping's echo */
};

struct lm_ffp {
	struct lm_engine *e;
	struct iscsi_context *ctx;
	const struct lm_iscsi_conf *conf;
	struct lm_iscsi_session s;
	int fd;
	unsigned int hlen; /* BHS plus header digest */
	uint32_t cmdsn;	   /* the next command's */
	uint32_t seq;
	uint32_t lbs;
	unsigned int depth;
	struct lm_ffp_slot *slots; /* depth + 1: the last for own commands */
	unsigned int *held;	   /* FIFO of slots waiting for the window */
	unsigned int nheld, held_head;
	struct lm_io **done;
	unsigned int ndone;
	unsigned int busy, wire, max_wire;
	unsigned int rwire; /* reads at the target */
	uint64_t issued;
	/* the send queue */
	struct lm_ffp_out *out;
	unsigned int ohead, otail, ocap;
	size_t ooff; /* bytes of out[ohead] already sent */
	/* receiving: the next header, and the PDU whose data comes */
	uint8_t hdr[LM_BHS + LM_DIGEST];
	unsigned int hgot;
	uint8_t cur[LM_BHS + LM_DIGEST];
	struct lm_ffp_slot *cur_slot;
	uint8_t *dst;	/* where its data goes */
	uint32_t dleft; /* data bytes still to come */
	uint32_t pleft; /* padding bytes still to come */
	uint32_t dsl;
	bool in_data;
	bool logged_out;
	uint8_t *scratch; /* data segments that are not an IO's */
	/* reads sent, oldest first, by ITT: the next answer is guessed to be
	 * the first of them, and read with its header (lm_ffp_rx) */
	uint32_t *sentq;
	unsigned int sentq_head, nsentq, sentq_cap;
	uint8_t spill[4 + LM_BHS + LM_DIGEST]; /* the guess's pad, a header */
	uint8_t pad[4]; /* a data segment's padding, read and dropped */
	/* headers that follow a header when no read is at the target: they
	 * carry no IO data, so reading them in bulk copies none */
	uint8_t more[16 * (LM_BHS + LM_DIGEST)];
	uint8_t *stash;	 /* what a wrong guess read: LM_GUESS_MAX + spill */
	uint64_t missed; /* guesses that were wrong */
	int lowat;	 /* SO_RCVLOWAT now */
	bool dead;	 /* connection lost or stalled: IOs fail at once */
	int dead_err;
	bool lost; /* --reconnect: the session is gone, log in again */
	char why[1024];
};

/* Allocate @p's slots and queues for @depth commands and one of its own
 * (p->slots[depth]); -ENOMEM. @p is zeroed before. */
int lm_ffp_init(struct lm_ffp *p, unsigned int depth);

/* Free what lm_ffp_init() allocated and what waits to be sent. */
void lm_ffp_free(struct lm_ffp *p);

/*
 * Take over @p->ctx's socket after lm_iscsi_open(..., &p->s, ...): check
 * the watch saw all it needs, reset the send and receive state. -EPROTO
 * and a message when the session cannot be carried on.
 */
int lm_ffp_take(struct lm_ffp *p, char *msg, size_t len);

/* Issue slot @s (its io, buf, len, write or cdb set): a new ITT, then the
 * send queue or, while the window is shut, the hold queue. */
void lm_ffp_start(struct lm_ffp *p, struct lm_ffp_slot *s);

/* Send what is queued, as far as the socket takes it now. 0, or -errno
 * with p->why when the connection is broken. */
int lm_ffp_tx(struct lm_ffp *p);

/* Wait at most a second (@ms while PDUs wait to be sent) and handle what
 * comes. 0, or -errno with p->why when the connection is broken. */
int lm_ffp_step(struct lm_ffp *p, int ms);

/* Complete slot @s with @res; @why goes to the engine's first error. */
void lm_ffp_complete(struct lm_ffp *p, struct lm_ffp_slot *s, int res,
		     const char *why);

/* Complete everything in flight with -@err; the session is dead. */
void lm_ffp_fail_all(struct lm_ffp *p, int err, const char *why);

/* Forget what waits to be sent (a lost connection). */
void lm_ffp_drop_out(struct lm_ffp *p);

/* A polite logout, half a second at most. */
void lm_ffp_logout(struct lm_ffp *p);

/*
 * Between the halves: iscsi_ffp.c queues and sends, iscsi_ffp_rx.c reads
 * and answers. Not for the engine.
 */
/* Whether @s reads: it has data coming back (the own commands have none). */
static inline bool lm_ffp_is_read(const struct lm_ffp_slot *s)
{
	return !s->write && s->len;
}

/* Read what the socket holds; with @wait the first read blocks, a second
 * at most. 0, or -errno with p->why. */
int lm_ffp_rx(struct lm_ffp *p, bool wait);
/* SO_RCVLOWAT to @v, when it is not already. */
void lm_ffp_lowat(struct lm_ffp *p, int v);
/* Note why the connection is unusable; returns -@err. */
int lm_ffp_broken(struct lm_ffp *p, int err, const char *what,
		  const char *detail);
/* A new PDU at the end of the send queue; NULL when out of memory. */
struct lm_ffp_out *lm_ffp_out(struct lm_ffp *p);
/* Its header digest, when the session has them. */
void lm_ffp_seal(struct lm_ffp *p, struct lm_ffp_out *o);
/* Data-Out PDUs for @len bytes of @s's buffer at @off, for @ttt. */
int lm_ffp_data_out(struct lm_ffp *p, struct lm_ffp_slot *s, uint32_t ttt,
		    uint32_t off, uint32_t len);
/* Issue @s again (a retry): a new ITT, the wire or the hold queue. */
void lm_ffp_issue(struct lm_ffp *p, struct lm_ffp_slot *s);
/* @s is no longer at the target (answered, or to be sent again). */
void lm_ffp_unwire(struct lm_ffp *p, struct lm_ffp_slot *s);
/* Send what the command window has room for now. */
void lm_ffp_release(struct lm_ffp *p);

#endif

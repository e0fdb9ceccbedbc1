/* SPDX-License-Identifier: MIT */
/*
 * iSCSI sessions through libiscsi: log in with a timeout, probe a LUN, and
 * turn SCSI status and sense into errno plus readable text. Used by the
 * target probe (main thread) and by the iscsi engine to log in (one session
 * per worker thread, whose commands then go through iscsi_ffp.h). Nothing
 * here waits longer than the configured timeout, and no message carries a
 * CHAP secret.
 */
#ifndef LM_ISCSI_H
#define LM_ISCSI_H

#include "kmod-free/pdu.h"
#include "kmod-free/url.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct iscsi_context;

struct lm_iscsi_conf {
	struct lm_iscsi_url url;
	char initiator[LM_ISCSI_NAME_MAX];
	char display[600]; /* lm_iscsi_url_display() */
	char portal[280];  /* lm_iscsi_portal() */
	unsigned int timeout_s;
	bool reconnect; /* reconnect and replay after a lost connection */
};

/* What the probe learns about a LUN. */
struct lm_lun_info {
	uint64_t blocks;
	uint32_t lbs;	     /* logical block size */
	unsigned int lbppbe; /* logical blocks per physical: 2^lbppbe */
	bool lbpme;	     /* thin provisioned */
	bool lbprz;	     /* unmapped blocks read as zeros */
	char vendor[9];
	char product[17];
	char revision[5];
	char serial[256];	  /* VPD 0x80; "" when absent */
	bool has_limits;	  /* VPD 0xB0 */
	uint32_t max_xfer_blocks; /* 0: no limit reported */
	uint32_t opt_xfer_blocks;
	uint16_t opt_gran_blocks;
	bool has_prov; /* VPD 0xB2 */
	int prov_type; /* 0 full, 1 resource, 2 thin */
	bool lbpu;     /* UNMAP */
	bool lbpws;    /* WRITE SAME(16) with unmap */
};

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
		  struct lm_iscsi_session *watch, char *msg, size_t len);

/* Log out (briefly) and free the context. */
void lm_iscsi_close(struct iscsi_context *ctx);

/* READ CAPACITY(16), INQUIRY and VPD 0x80, 0xB0, 0xB2. */
int lm_iscsi_probe(struct iscsi_context *ctx, const struct lm_iscsi_conf *c,
		   struct lm_lun_info *i, char *msg, size_t len);

/* READ(16) of @len bytes at @lba, @lbs-byte blocks, into @buf (the write
 * guard's look at a LUN). 0, or -errno and a message. */
int lm_iscsi_read(struct iscsi_context *ctx, const struct lm_iscsi_conf *c,
		  uint64_t lba, uint32_t lbs, void *buf, uint32_t len,
		  char *msg, size_t mlen);

/*
 * A command's outcome from its SCSI status (libiscsi's SCSI_STATUS_*, the
 * status byte itself for a target's answers) and, for CHECK CONDITION, the
 * sense key and ASC << 8 | ASCQ: 0 for GOOD, else -errno and a readable
 * text in @msg ("LBA out of range", "write protected", "unit attention:
 * capacity changed", ...). *@retry is set when the target did not execute
 * the command and asks for it again (unit attention, busy, task set full).
 */
int lm_iscsi_status_error(int status, int key, int ascq, bool *retry, char *msg,
			  size_t len);

/* The same for a sense key and ASC/ASCQ; the table behind it. */
int lm_iscsi_sense_errno(int key, int ascq, bool *retry, const char **text);

#endif

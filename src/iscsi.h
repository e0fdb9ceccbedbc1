/* SPDX-License-Identifier: MIT */
/*
 * iSCSI sessions through libiscsi: log in with a timeout, probe a LUN, and
 * turn SCSI status and sense into errno plus readable text. Used by the
 * target probe (main thread) and by the iscsi engine (one session per
 * worker thread). Nothing here waits longer than the configured timeout,
 * and no message carries a CHAP secret.
 */
#ifndef LM_ISCSI_H
#define LM_ISCSI_H

#include "iscsi_url.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct iscsi_context;
struct scsi_task;

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
 * unit attentions), all within c->timeout_s. On failure writes a message
 * naming host:port and what went wrong and returns -errno: -ETIMEDOUT (no
 * answer), -ECONNREFUSED and other socket errors, -ENOENT (target not
 * found), -EACCES (authentication failed), -ENXIO (LUN not found), -EINTR
 * (a signal), -ENOMEM.
 */
int lm_iscsi_open(const struct lm_iscsi_conf *c, struct iscsi_context **out,
		  char *msg, size_t len);

/* Log out (briefly) and free the context. */
void lm_iscsi_close(struct iscsi_context *ctx);

/* READ CAPACITY(16), INQUIRY and VPD 0x80, 0xB0, 0xB2. */
int lm_iscsi_probe(struct iscsi_context *ctx, const struct lm_iscsi_conf *c,
		   struct lm_lun_info *i, char *msg, size_t len);

/*
 * Wait up to @ms for the session's socket and service what happened
 * (libiscsi's own timeouts too). Returns 1 when events were serviced, 0
 * when none came, -ECONNRESET when the connection is lost (libiscsi's
 * message in @msg), -EINTR on a signal.
 */
int lm_iscsi_poll(struct iscsi_context *ctx, int ms, char *msg, size_t len);

/* Hand queued PDUs to the socket now. -ECONNRESET as above. */
int lm_iscsi_flush(struct iscsi_context *ctx, char *msg, size_t len);

/* SYNCHRONIZE CACHE(10) of the whole LUN, within the timeout. */
int lm_iscsi_sync_cache(struct iscsi_context *ctx,
			const struct lm_iscsi_conf *c, char *msg, size_t len);

/* Commands handed to the target and not yet answered. */
unsigned int lm_iscsi_on_wire(struct iscsi_context *ctx);

/*
 * A finished task's outcome: 0 for GOOD, else -errno and a readable text
 * in @msg ("LBA out of range", "write protected", "unit attention:
 * capacity changed", ...). *@retry is set when the target did not execute
 * the command and asks for it again (unit attention, busy, task set full).
 */
int lm_iscsi_task_error(int status, const struct scsi_task *task, bool *retry,
			char *msg, size_t len);

/* The same for a sense key and ASC/ASCQ; the table behind it. */
int lm_iscsi_sense_errno(int key, int ascq, bool *retry, const char **text);

#endif

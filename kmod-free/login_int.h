/* SPDX-License-Identifier: MIT */
/*
 * Between login.c and scsi.c, private to kmod-free: libiscsi's async calls
 * made synchronous, with a deadline and the caller's stop flag.
 */
#ifndef LM_KMF_LOGIN_INT_H
#define LM_KMF_LOGIN_INT_H

#include "kmod-free/login.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct scsi_task;

/* One synchronous step: a callback sets done; we service until then. */
struct lm_sync {
	bool done;
	bool connected; /* the TCP connection was made (the socket wrote) */
	int status;
	struct scsi_task *task;
};

/* libiscsi's callback for a struct lm_sync in @priv. */
void lm_sync_cb(struct iscsi_context *ctx, int status, void *data, void *priv);

/*
 * Service @ctx until @s is done: -ETIMEDOUT at @deadline_ms (lm_kf_now_ms),
 * -EINTR when @c's stop flag is raised (@c may be NULL: no flag),
 * -ECONNRESET and a message when the connection is lost. With @watch,
 * every PDU the target sends is watched first (kmod-free/pdu.h).
 */
int lm_sync_wait(struct iscsi_context *ctx, struct lm_sync *s,
		 const struct lm_iscsi_conf *c, uint64_t deadline_ms,
		 struct lm_iscsi_params *watch, char *msg, size_t len);

/* lm_iscsi_status_error() of a finished task. */
int lm_iscsi_task_error(int status, const struct scsi_task *task, bool *retry,
			char *msg, size_t len);

#endif

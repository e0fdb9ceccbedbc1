// SPDX-License-Identifier: MIT
#include "kmod-free/login.h"
#include "kmod-free/login_int.h"
#include "kmod-free/sense.h"
#include "kmod-free/util.h"

#include <errno.h>
#include <iscsi/iscsi.h>
#include <iscsi/scsi-lowlevel.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

int lm_iscsi_task_error(int status, const struct scsi_task *task, bool *retry,
			char *msg, size_t len)
{
	return lm_iscsi_status_error(status, (int)task->sense.key,
				     (int)task->sense.ascq, retry, msg, len);
}

/*
 * Whether libiscsi may read now: the bytes waiting are whole PDUs, each of
 * them watched. A PDU still arriving waits, so libiscsi never takes one the
 * watch has not seen; a pass that waits leaves @w as it was, since the
 * framing of what follows a final login response depends on what it said.
 */
static bool lm_watch_ready(struct lm_iscsi_params *w, int fd)
{
	const size_t cap = 1 << 16;
	struct lm_iscsi_params t = *w;
	size_t off = 0, hlen, dlen, whole;
	uint8_t *buf = malloc(cap);
	ssize_t n;

	if (!buf) {
		w->blind = true;
		return true;
	}
	n = recv(fd, buf, cap, MSG_PEEK | MSG_DONTWAIT);
	if (n <= 0) { /* libiscsi reads the end or the error */
		free(buf);
		return true;
	}
	while (off < (size_t)n) {
		hlen = LM_BHS +
		       (t.logged_in && t.header_digest ? LM_DIGEST : 0);
		if ((size_t)n - off < hlen)
			break;
		dlen = lm_pdu_dsl(buf + off);
		whole = hlen + buf[off + 4] * 4u + dlen +
			lm_pad4((uint32_t)dlen);
		if (whole > cap) { /* no login PDU is that large */
			t.blind = true;
			off = (size_t)n;
			break;
		}
		if ((size_t)n - off < whole)
			break;
		lm_pdu_watch(&t, buf + off, dlen);
		off += whole;
	}
	free(buf);
	if (off < (size_t)n)
		return false;
	*w = t;
	return true;
}

static int lm_iscsi_poll(struct iscsi_context *ctx,
			 const struct lm_iscsi_conf *c, int ms,
			 struct lm_iscsi_params *watch, struct lm_sync *s,
			 char *msg, size_t len)
{
	struct pollfd p;
	int n, ret;

	p.events = (short)iscsi_which_events(ctx);
	p.fd = iscsi_get_fd(ctx);
	p.revents = 0;
	/* no events: libiscsi is between reconnect attempts */
	n = poll(&p, p.events && p.fd >= 0 ? 1 : 0,
		 p.events ? ms : (ms < 100 ? ms : 100));
	if (n < 0) {
		if (errno != EINTR)
			return -errno;
		if (lm_iscsi_stopped(c))
			return -EINTR;
		n = 0;
	}
	/* a connect refused or reset says POLLERR or POLLHUP with it */
	if (n > 0 && (p.revents & POLLOUT) &&
	    !(p.revents & (POLLERR | POLLHUP)))
		s->connected = true;
	if (n > 0 && watch && (p.revents & POLLIN) &&
	    !lm_watch_ready(watch, p.fd)) {
		p.revents &= (short)~POLLIN;
		poll(NULL, 0, 1); /* the rest of the PDU is on its way */
	}
	ret = iscsi_service(ctx, n > 0 ? p.revents : 0);
	if (ret < 0) {
		snprintf(msg, len, "connection lost: %s", iscsi_get_error(ctx));
		return -ECONNRESET;
	}
	return n > 0;
}

void lm_sync_cb(struct iscsi_context *ctx, int status, void *data, void *priv)
{
	struct lm_sync *s = priv;

	(void)ctx;
	s->done = true;
	s->status = status;
	s->task = data;
}

int lm_sync_wait(struct iscsi_context *ctx, struct lm_sync *s,
		 const struct lm_iscsi_conf *c, uint64_t deadline_ms,
		 struct lm_iscsi_params *watch, char *msg, size_t len)
{
	uint64_t now;
	int ret;

	while (!s->done) {
		now = lm_kf_now_ms();
		if (now >= deadline_ms)
			return -ETIMEDOUT;
		ret = lm_iscsi_poll(ctx, c, (int)(deadline_ms - now + 1), watch,
				    s, msg, len);
		if (s->done)
			break;
		if (ret < 0)
			return ret;
	}
	return 0;
}

static int lm_socket_errno(const char *e)
{
	static const int errs[] = { ECONNREFUSED, EHOSTUNREACH, ENETUNREACH,
				    ETIMEDOUT, ECONNRESET };
	unsigned int i;

	for (i = 0; i < LM_KF_ARRAY_SIZE(errs); i++)
		if (strstr(e, strerror(errs[i])))
			return -errs[i];
	return -ECONNREFUSED;
}

/* libiscsi says "... Status: Target not found(515)" */
static int lm_login_errno(const struct lm_iscsi_conf *c, const char *e,
			  char *msg, size_t len)
{
	const char *p = strrchr(e, '(');
	unsigned int code = 0;

	if (p)
		sscanf(p, "(%u)", &code);
	if (code == 0x0201 || code == 0x0202) {
		snprintf(
			msg, len,
			"%s: authentication failed: %s (check the CHAP user and secret: URL, --chap-file or LIBISCSI_CHAP_*)",
			c->display,
			!c->url.user[0]
				? "the target wants CHAP and none was given"
			: !c->url.secret[0] ? "a CHAP user without a secret"
			: code == 0x0201
				? "the target refused the CHAP user or secret"
				: "this initiator is not authorised");
		return -EACCES;
	}
	if (code == 0x0203 || code == 0x0204) {
		snprintf(
			msg, len,
			"%s: target not found: %s has no target %s (iscsi-ls iscsi://%s lists them)",
			c->display, c->portal, c->url.iqn, c->portal);
		return -ENOENT;
	}
	snprintf(msg, len, "%s: login failed: %s", c->display, e);
	return -EPROTO;
}

static int lm_create(const struct lm_iscsi_conf *c, struct iscsi_context **out,
		     char *msg, size_t len)
{
	const struct lm_iscsi_url *u = &c->url;
	struct iscsi_context *ctx;
	static const enum iscsi_header_digest digests[] = {
		[LM_DIGEST_NONE] = ISCSI_HEADER_DIGEST_NONE,
		[LM_DIGEST_CRC32C] = ISCSI_HEADER_DIGEST_CRC32C,
		[LM_DIGEST_CRC32C_NONE] = ISCSI_HEADER_DIGEST_CRC32C_NONE,
		[LM_DIGEST_NONE_CRC32C] = ISCSI_HEADER_DIGEST_NONE_CRC32C,
	};

	ctx = iscsi_create_context(c->initiator);
	if (!ctx) {
		snprintf(msg, len, "%s: cannot create an iSCSI context",
			 c->display);
		return -ENOMEM;
	}
	iscsi_set_targetname(ctx, u->iqn);
	iscsi_set_session_type(ctx, ISCSI_SESSION_NORMAL);
	iscsi_set_header_digest(ctx, digests[u->header_digest]);
	if (u->user[0])
		iscsi_set_initiator_username_pwd(ctx, u->user, u->secret);
	if (u->target_user[0])
		iscsi_set_target_username_pwd(ctx, u->target_user,
					      u->target_secret);
	/* the engine reconnects itself (--reconnect): libiscsi 1.19's own
	 * reconnect forgot the portal and leaked */
	iscsi_set_noautoreconnect(ctx, 1);
	iscsi_set_timeout(ctx, (int)c->timeout_s);
	*out = ctx;
	return 0;
}

/* TEST UNIT READY until the unit attentions of a new session are gone. */
static int lm_lun_ready(struct iscsi_context *ctx,
			const struct lm_iscsi_conf *c, uint64_t deadline_ms,
			struct lm_iscsi_params *watch, char *msg, size_t len)
{
	char why[160];
	bool retry = true;
	unsigned int tries;
	int ret = 0;

	for (tries = 0; retry && tries < 8; tries++) {
		struct lm_sync s = { 0 };

		if (!iscsi_testunitready_task(ctx, (int)c->url.lun, lm_sync_cb,
					      &s))
			return -ENOMEM;
		ret = lm_sync_wait(ctx, &s, c, deadline_ms, watch, msg, len);
		if (ret)
			return ret;
		ret = lm_iscsi_task_error(s.status, s.task, &retry, why,
					  sizeof(why));
		scsi_free_scsi_task(s.task);
	}
	if (ret == -ENXIO)
		snprintf(
			msg, len,
			"%s: LUN %u not found on target %s (iscsi-ls -s iscsi://%s lists the LUNs)",
			c->display, c->url.lun, c->url.iqn, c->portal);
	else if (ret)
		snprintf(msg, len, "%s: LUN %u: %s", c->display, c->url.lun,
			 why);
	return ret;
}

/*
 * libiscsi 1.19 leaks a small allocation (24 bytes) of
 * iscsi_full_connect_async() when the connection is reset during the
 * login: its own, freed by no call we can make. ASan's fast unwinder,
 * climbing from inside libiscsi (built without frame pointers), skips the
 * caller of the libiscsi call and names the one above it. These two
 * frames are there so that the frame it names is lm_connect_begin, which
 * does nothing else: tests/lsan.supp suppresses that name alone.
 */
static __attribute__((noinline)) int lm_connect_call(struct iscsi_context *ctx,
						     const char *portal,
						     struct lm_sync *s)
{
	int ret = iscsi_full_connect_async(ctx, portal, -1, lm_sync_cb, s);

	/* not a tail call: this frame stays while libiscsi runs */
	__asm__ volatile("" ::: "memory");
	return ret;
}

static __attribute__((noinline)) int lm_connect_begin(struct iscsi_context *ctx,
						      const char *portal,
						      struct lm_sync *s)
{
	int ret = lm_connect_call(ctx, portal, s);

	__asm__ volatile("" ::: "memory");
	return ret;
}

int lm_iscsi_open(const struct lm_iscsi_conf *c, struct iscsi_context **out,
		  struct lm_iscsi_params *watch, char *msg, size_t len)
{
	uint64_t deadline_ms = lm_kf_now_ms() + c->timeout_s * 1000ull;
	struct iscsi_context *ctx;
	struct lm_sync s = { 0 };
	char why[256] = "";
	const char *stage = NULL;
	int ret;

	ret = lm_create(c, &ctx, msg, len);
	if (ret)
		return ret;
	if (watch)
		lm_pdu_watch_init(watch);
	/*
	 * The full connect keeps the portal for libiscsi's reconnect; LUN -1
	 * skips its TEST UNIT READY, which lm_lun_ready() does with errors
	 * of its own. The error text is all libiscsi gives to tell a socket
	 * error from a login refused.
	 */
	if (lm_connect_begin(ctx, c->portal, &s)) {
		snprintf(msg, len, "%s: cannot connect: %s", c->portal,
			 iscsi_get_error(ctx));
		ret = -EHOSTUNREACH;
		goto out_destroy;
	}
	ret = lm_sync_wait(ctx, &s, c, deadline_ms, watch, why, sizeof(why));
	stage = s.connected ? "during the login" : NULL;
	if (ret)
		goto out_connect;
	if (s.status != SCSI_STATUS_GOOD) {
		snprintf(why, sizeof(why), "%s", iscsi_get_error(ctx));
		if (strstr(why, "timed out")) {
			ret = -ETIMEDOUT;
			goto out_connect;
		}
		if (strstr(why, "Failed to log in")) {
			ret = lm_login_errno(c, why, msg, len);
			goto out_destroy;
		}
		ret = lm_socket_errno(why);
		/* libiscsi's words for a peer that closed vary */
		if (s.connected && ret == -ECONNREFUSED)
			ret = -ECONNRESET;
		goto out_connect;
	}
	stage = "after the login";
	ret = lm_lun_ready(ctx, c, deadline_ms, watch, msg, len);
	if (ret == -ETIMEDOUT || ret == -ECONNRESET || ret == -EINTR)
		goto out_connect;
	if (ret)
		goto out_destroy;
	*out = ctx;
	return 0;
out_connect:
	if (ret == -ETIMEDOUT)
		snprintf(
			msg, len,
			"%s: no answer within %u s (is the portal right and reachable? %s sets the wait)",
			c->portal, c->timeout_s, lm_iscsi_timeout_name(c));
	else if (ret == -EINTR)
		snprintf(msg, len, "%s: interrupted while connecting",
			 c->portal);
	else if (stage)
		snprintf(
			msg, len,
			"%s: connected, then the connection was lost %s: %s (the target closed it: its log says why)",
			c->portal, stage, strerror(-ret));
	else
		snprintf(
			msg, len,
			"%s: cannot connect: %s (is the target running and the portal right?)",
			c->portal, strerror(-ret));
out_destroy:
	iscsi_destroy_context(ctx);
	return ret;
}

void lm_iscsi_close(struct iscsi_context *ctx)
{
	struct lm_sync s = { 0 };
	char msg[64];

	/* a polite logout, bounded: a dead target gets none */
	if (iscsi_is_logged_in(ctx) && !iscsi_logout_async(ctx, lm_sync_cb, &s))
		lm_sync_wait(ctx, &s, NULL, lm_kf_now_ms() + 500, NULL, msg,
			     sizeof(msg));
	iscsi_destroy_context(ctx);
}

int lm_iscsi_fault_parse(const char *s, struct lm_iscsi_fault *f, char *msg,
			 size_t len)
{
	static const char *const kinds[] = { [LM_FAULT_READ] = "read",
					     [LM_FAULT_WRITE] = "write",
					     [LM_FAULT_SYNC] = "sync" };
	const char *colon = strchr(s, ':');
	unsigned int k;
	char *end;
	unsigned long n;

	for (k = LM_FAULT_READ; colon && k <= LM_FAULT_SYNC; k++)
		if (strlen(kinds[k]) == (size_t)(colon - s) &&
		    !strncmp(s, kinds[k], (size_t)(colon - s)))
			break;
	if (!colon || k > LM_FAULT_SYNC || colon[1] < '1' || colon[1] > '9') {
		snprintf(
			msg, len,
			"fault \"%.60s\": not KIND:N (KIND read, write or sync; N from 1)",
			s);
		return -EINVAL;
	}
	errno = 0;
	n = strtoul(colon + 1, &end, 10);
	if (*end || errno || n > 1000000000ul) {
		snprintf(msg, len,
			 "fault \"%.60s\": N is not a count from 1 to 10^9", s);
		return -EINVAL;
	}
	f->kind = (enum lm_iscsi_fault_kind)k;
	f->nth = (unsigned int)n;
	return 0;
}

// SPDX-License-Identifier: MIT
#include "kmod-free/login.h"
#include "src/lunmark.h"
#include "src/stats/stats.h"

#include <errno.h>
#include <iscsi/iscsi.h>
#include <iscsi/scsi-lowlevel.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#define LM_MS_NS 1000000ull

static const struct {
	int key;
	int ascq; /* -1: any */
	int err;
	bool retry;
	const char *text;
} lm_senses[] = {
	{ SCSI_SENSE_ILLEGAL_REQUEST, SCSI_SENSE_ASCQ_LBA_OUT_OF_RANGE, EINVAL,
	  false, "LBA out of range" },
	{ SCSI_SENSE_ILLEGAL_REQUEST,
	  SCSI_SENSE_ASCQ_LOGICAL_UNIT_NOT_SUPPORTED, ENXIO, false,
	  "LUN not found" },
	{ SCSI_SENSE_ILLEGAL_REQUEST, SCSI_SENSE_ASCQ_INVALID_OPERATION_CODE,
	  EOPNOTSUPP, false, "command not supported by the target" },
	{ SCSI_SENSE_ILLEGAL_REQUEST, SCSI_SENSE_ASCQ_INVALID_FIELD_IN_CDB,
	  EINVAL, false,
	  "invalid field in the command (a transfer longer than the target takes?)" },
	{ SCSI_SENSE_ILLEGAL_REQUEST, -1, EINVAL, false, "illegal request" },
	{ SCSI_SENSE_DATA_PROTECTION, -1, EROFS, false, "write protected" },
	{ SCSI_SENSE_UNIT_ATTENTION, SCSI_SENSE_ASCQ_CAPACITY_DATA_HAS_CHANGED,
	  ESTALE, false, "unit attention: capacity changed" },
	{ SCSI_SENSE_UNIT_ATTENTION, SCSI_SENSE_ASCQ_MODE_PARAMETERS_CHANGED,
	  EAGAIN, true, "unit attention: mode parameters changed" },
	{ SCSI_SENSE_UNIT_ATTENTION, SCSI_SENSE_ASCQ_INQUIRY_DATA_HAS_CHANGED,
	  EAGAIN, true, "unit attention: inquiry data changed" },
	{ SCSI_SENSE_UNIT_ATTENTION, -1, EAGAIN, true,
	  "unit attention: power on, reset or nexus loss" },
	{ SCSI_SENSE_NOT_READY, SCSI_SENSE_ASCQ_MEDIUM_NOT_PRESENT, ENOMEDIUM,
	  false, "medium not present" },
	{ SCSI_SENSE_NOT_READY, -1, EBUSY, false, "LUN not ready" },
	{ SCSI_SENSE_MEDIUM_ERROR, -1, EIO, false, "medium error" },
	{ SCSI_SENSE_HARDWARE_ERROR, -1, EIO, false, "hardware error" },
	{ SCSI_SENSE_COMMAND_ABORTED, -1, EIO, false,
	  "command aborted by the target" },
	{ SCSI_SENSE_MISCOMPARE, -1, EILSEQ, false, "miscompare" },
};

int lm_iscsi_sense_errno(int key, int ascq, bool *retry, const char **text)
{
	unsigned int i;

	for (i = 0; i < LM_ARRAY_SIZE(lm_senses); i++) {
		if (lm_senses[i].key != key)
			continue;
		/* a whole ASC (ascq low byte ignored) for unit attentions of
		 * the reset family and for write protection */
		if (lm_senses[i].ascq >= 0 && lm_senses[i].ascq != ascq)
			continue;
		*retry = lm_senses[i].retry;
		*text = lm_senses[i].text;
		return -lm_senses[i].err;
	}
	*retry = false;
	*text = "check condition";
	return -EIO;
}

int lm_iscsi_status_error(int status, int key, int ascq, bool *retry, char *msg,
			  size_t len)
{
	const char *text;
	int err;

	*retry = false;
	switch (status) {
	case SCSI_STATUS_GOOD:
	case SCSI_STATUS_CONDITION_MET:
		return 0;
	case SCSI_STATUS_CHECK_CONDITION:
		err = lm_iscsi_sense_errno(key, ascq, retry, &text);
		snprintf(msg, len, "%s (sense key %s, ASC/ASCQ 0x%04x)", text,
			 scsi_sense_key_str(key), (unsigned int)ascq);
		return err;
	case SCSI_STATUS_BUSY:
	case SCSI_STATUS_TASK_SET_FULL:
		*retry = true;
		snprintf(msg, len, "target busy (%s)",
			 status == SCSI_STATUS_BUSY ? "BUSY" : "TASK SET FULL");
		return -EAGAIN;
	case SCSI_STATUS_RESERVATION_CONFLICT:
		snprintf(
			msg, len,
			"reservation conflict: another initiator holds a reservation on the LUN");
		return -EBUSY;
	case SCSI_STATUS_TASK_ABORTED:
		snprintf(msg, len, "command aborted by the target");
		return -ECANCELED;
	case SCSI_STATUS_CANCELLED:
		/* lunmark aborts nothing: libiscsi cancels on a lost session */
		snprintf(msg, len, "connection lost (command cancelled)");
		return -ECONNRESET;
	case SCSI_STATUS_TIMEOUT:
		snprintf(msg, len, "no answer within the timeout (--timeout)");
		return -ETIMEDOUT;
	case SCSI_STATUS_ERROR:
		snprintf(msg, len, "connection lost");
		return -ECONNRESET;
	}
	snprintf(msg, len, "SCSI status 0x%x", (unsigned int)status);
	return -EIO;
}

static int lm_iscsi_task_error(int status, const struct scsi_task *task,
			       bool *retry, char *msg, size_t len)
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
static bool lm_watch_ready(struct lm_iscsi_session *w, int fd)
{
	const size_t cap = 1 << 16;
	struct lm_iscsi_session t = *w;
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

static int lm_iscsi_poll(struct iscsi_context *ctx, int ms,
			 struct lm_iscsi_session *watch, char *msg, size_t len)
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
		if (lm_stop)
			return -EINTR;
		n = 0;
	}
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

/* One synchronous step: a callback sets done; we service until then. */
struct lm_sync {
	bool done;
	int status;
	struct scsi_task *task;
};

static void lm_sync_cb(struct iscsi_context *ctx, int status, void *data,
		       void *priv)
{
	struct lm_sync *s = priv;

	(void)ctx;
	s->done = true;
	s->status = status;
	s->task = data;
}

static int lm_sync_wait(struct iscsi_context *ctx, struct lm_sync *s,
			uint64_t deadline, struct lm_iscsi_session *watch,
			char *msg, size_t len)
{
	uint64_t now;
	int ret;

	while (!s->done) {
		now = lm_now_ns();
		if (now >= deadline)
			return -ETIMEDOUT;
		ret = lm_iscsi_poll(ctx, (int)((deadline - now) / LM_MS_NS + 1),
				    watch, msg, len);
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

	for (i = 0; i < LM_ARRAY_SIZE(errs); i++)
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
			const struct lm_iscsi_conf *c, uint64_t deadline,
			struct lm_iscsi_session *watch, char *msg, size_t len)
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
		ret = lm_sync_wait(ctx, &s, deadline, watch, msg, len);
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

int lm_iscsi_open(const struct lm_iscsi_conf *c, struct iscsi_context **out,
		  struct lm_iscsi_session *watch, char *msg, size_t len)
{
	uint64_t deadline = lm_now_ns() + c->timeout_s * 1000 * LM_MS_NS;
	struct iscsi_context *ctx;
	struct lm_sync s = { 0 };
	char why[256] = "";
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
	if (iscsi_full_connect_async(ctx, c->portal, -1, lm_sync_cb, &s)) {
		snprintf(msg, len, "%s: cannot connect: %s", c->portal,
			 iscsi_get_error(ctx));
		ret = -EHOSTUNREACH;
		goto out_destroy;
	}
	ret = lm_sync_wait(ctx, &s, deadline, watch, why, sizeof(why));
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
		goto out_connect;
	}
	ret = lm_lun_ready(ctx, c, deadline, watch, msg, len);
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
			"%s: no answer within %u s (is the portal right and reachable? --timeout sets the wait)",
			c->portal, c->timeout_s);
	else if (ret == -EINTR)
		snprintf(msg, len, "%s: interrupted while connecting",
			 c->portal);
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
		lm_sync_wait(ctx, &s, lm_now_ns() + 500 * LM_MS_NS, NULL, msg,
			     sizeof(msg));
	iscsi_destroy_context(ctx);
}

/* One probe command; on a CHECK CONDITION the page is simply absent. */
static int lm_probe_cmd(struct iscsi_context *ctx, struct scsi_task *t,
			struct lm_sync *s, const struct lm_iscsi_conf *c,
			void **data, char *msg, size_t len)
{
	uint64_t deadline = lm_now_ns() + c->timeout_s * 1000 * LM_MS_NS;
	char why[160];
	bool retry;
	int ret;

	if (data)
		*data = NULL;
	if (!t) {
		snprintf(msg, len, "%s: %s", c->display, iscsi_get_error(ctx));
		return -ENOMEM;
	}
	ret = lm_sync_wait(ctx, s, deadline, NULL, msg, len);
	if (ret) {
		if (ret == -ETIMEDOUT)
			snprintf(msg, len, "%s: no answer within %u s",
				 c->portal, c->timeout_s);
		return ret;
	}
	ret = lm_iscsi_task_error(s->status, s->task, &retry, why, sizeof(why));
	if (!ret && data) {
		*data = scsi_datain_unmarshall(s->task);
		if (!*data)
			ret = -EPROTO;
	}
	if (ret)
		snprintf(msg, len, "%s: %s", c->display, why);
	return ret;
}

int lm_iscsi_read(struct iscsi_context *ctx, const struct lm_iscsi_conf *c,
		  uint64_t lba, uint32_t lbs, void *buf, uint32_t len,
		  char *msg, size_t mlen)
{
	struct lm_sync s = { 0 };
	int ret;

	ret = lm_probe_cmd(ctx,
			   iscsi_read16_task(ctx, (int)c->url.lun, lba, len,
					     (int)lbs, 0, 0, 0, 0, 0,
					     lm_sync_cb, &s),
			   &s, c, NULL, msg, mlen);
	if (!ret && (!s.task->datain.data || s.task->datain.size != (int)len)) {
		snprintf(msg, mlen, "%s: a read of %u bytes returned %d",
			 c->display, len, s.task->datain.size);
		ret = -EIO;
	}
	if (!ret)
		memcpy(buf, s.task->datain.data, len);
	if (s.task)
		scsi_free_scsi_task(s.task);
	return ret;
}

/* INQUIRY strings are padded with spaces, serial numbers at the front */
static void lm_copy_str(char *dst, size_t size, const char *src)
{
	size_t n;

	while (src && *src == ' ')
		src++;
	snprintf(dst, size, "%s", src ? src : "");
	n = strlen(dst);
	while (n && dst[n - 1] == ' ')
		dst[--n] = '\0';
}

/* INQUIRY, of VPD page @page when it is not negative; free with
 * lm_sync_free() whatever it returns. */
static int lm_inquiry(struct iscsi_context *ctx, const struct lm_iscsi_conf *c,
		      int page, struct lm_sync *s, void **d, char *msg,
		      size_t len)
{
	memset(s, 0, sizeof(*s));
	return lm_probe_cmd(ctx,
			    iscsi_inquiry_task(ctx, (int)c->url.lun, page >= 0,
					       page >= 0 ? page : 0, 255,
					       lm_sync_cb, s),
			    s, c, d, msg, len);
}

static void lm_sync_free(struct lm_sync *s)
{
	if (s->task)
		scsi_free_scsi_task(s->task);
	s->task = NULL;
}

/* Pages a LUN may lack: their absence is no error. */
static void lm_probe_vpd(struct iscsi_context *ctx,
			 const struct lm_iscsi_conf *c, struct lm_lun_info *i)
{
	struct scsi_inquiry_logical_block_provisioning *p;
	struct scsi_inquiry_unit_serial_number *u;
	struct scsi_inquiry_block_limits *b;
	struct lm_sync s;
	char msg[64];

	if (!lm_inquiry(ctx, c, 0x80, &s, (void **)&u, msg, sizeof(msg)))
		lm_copy_str(i->serial, sizeof(i->serial), u->usn);
	lm_sync_free(&s);
	if (!lm_inquiry(ctx, c, 0xb0, &s, (void **)&b, msg, sizeof(msg))) {
		i->has_limits = true;
		i->max_xfer_blocks = b->max_xfer_len;
		i->opt_xfer_blocks = b->opt_xfer_len;
		i->opt_gran_blocks = b->opt_gran;
	}
	lm_sync_free(&s);
	if (!lm_inquiry(ctx, c, 0xb2, &s, (void **)&p, msg, sizeof(msg))) {
		i->has_prov = true;
		i->prov_type = (int)p->provisioning_type;
		i->lbpu = p->lbpu;
		i->lbpws = p->lbpws;
	}
	lm_sync_free(&s);
}

int lm_iscsi_probe(struct iscsi_context *ctx, const struct lm_iscsi_conf *c,
		   struct lm_lun_info *i, char *msg, size_t len)
{
	int lun = (int)c->url.lun;
	struct lm_sync s = { 0 };
	void *d;
	int ret;

	memset(i, 0, sizeof(*i));
	ret = lm_probe_cmd(ctx,
			   iscsi_readcapacity16_task(ctx, lun, lm_sync_cb, &s),
			   &s, c, &d, msg, len);
	if (!ret) {
		struct scsi_readcapacity16 *r = d;

		i->blocks = r->returned_lba + 1;
		i->lbs = r->block_length;
		i->lbppbe = r->lbppbe;
		i->lbpme = r->lbpme;
		i->lbprz = r->lbprz;
	}
	lm_sync_free(&s);
	if (ret)
		return ret;
	if (!i->lbs || i->lbs % 512 || i->lbs > 65536) {
		snprintf(msg, len, "%s: the LUN reports a block size of %u",
			 c->display, i->lbs);
		return -EPROTO;
	}
	ret = lm_inquiry(ctx, c, -1, &s, &d, msg, len);
	if (!ret) {
		struct scsi_inquiry_standard *q = d;

		lm_copy_str(i->vendor, sizeof(i->vendor),
			    q->vendor_identification);
		lm_copy_str(i->product, sizeof(i->product),
			    q->product_identification);
		lm_copy_str(i->revision, sizeof(i->revision),
			    q->product_revision_level);
	}
	lm_sync_free(&s);
	if (ret)
		return ret;
	lm_probe_vpd(ctx, c, i);
	return 0;
}

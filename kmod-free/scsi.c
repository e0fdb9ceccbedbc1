// SPDX-License-Identifier: MIT
#include "kmod-free/scsi.h"
#include "kmod-free/login_int.h"
#include "kmod-free/sense.h"
#include "kmod-free/util.h"

#include <errno.h>
#include <iscsi/iscsi.h>
#include <iscsi/scsi-lowlevel.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One probe command; on a CHECK CONDITION the page is simply absent. */
static int lm_scsi_cmd(struct iscsi_context *ctx, struct scsi_task *t,
		       struct lm_sync *s, const struct lm_iscsi_conf *c,
		       void **data, char *msg, size_t len)
{
	uint64_t deadline_ms = lm_kf_now_ms() + c->timeout_s * 1000ull;
	char why[160];
	bool retry;
	int ret;

	if (data)
		*data = NULL;
	if (!t) {
		snprintf(msg, len, "%s: %s", c->display, iscsi_get_error(ctx));
		return -ENOMEM;
	}
	ret = lm_sync_wait(ctx, s, c, deadline_ms, NULL, msg, len);
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

	ret = lm_scsi_cmd(ctx,
			  iscsi_read16_task(ctx, (int)c->url.lun, lba, len,
					    (int)lbs, 0, 0, 0, 0, 0, lm_sync_cb,
					    &s),
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
	return lm_scsi_cmd(ctx,
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
static void lm_scsi_vpd(struct iscsi_context *ctx,
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

int lm_iscsi_lun_info(struct iscsi_context *ctx, const struct lm_iscsi_conf *c,
		      struct lm_lun_info *i, char *msg, size_t len)
{
	int lun = (int)c->url.lun;
	struct lm_sync s = { 0 };
	void *d;
	int ret;

	memset(i, 0, sizeof(*i));
	ret = lm_scsi_cmd(ctx,
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
	lm_scsi_vpd(ctx, c, i);
	return 0;
}

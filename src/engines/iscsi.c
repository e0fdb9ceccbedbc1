// SPDX-License-Identifier: MIT
/*
 * iscsi: user-space iSCSI through libiscsi, one session per worker thread.
 * READ16/WRITE16 go straight from and into the IO's own buffer (libiscsi's
 * iovec tasks, no copy). submit puts the PDUs on the wire at once; reap
 * polls the socket with a timeout and services libiscsi's own timeouts. A
 * lost connection fails the IOs in flight; with --reconnect the engine
 * logs in again itself (libiscsi's automatic reconnect stays off: it lost
 * the portal and leaked) and reissues them. No answer for --timeout
 * seconds fails them too. libiscsi allocates a task and a PDU per command; that is its
 * cost, measured with it.
 */
#include "../engine.h"
#include "../iscsi.h"
#include "../lunmark.h"
#include "../target.h"
#include "../stats.h"

#include <errno.h>
#include <poll.h>
#include <iscsi/iscsi.h>
#include <iscsi/scsi-lowlevel.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LM_SEC_NS 1000000000ull
#define LM_RETRIES 5

struct lm_iscsi_eng;

struct lm_islot {
	struct lm_iscsi_eng *p;
	struct lm_io *io;
	struct scsi_iovec iov;
	unsigned int retries;
	bool busy; /* handed to libiscsi and not yet completed */
	bool lost; /* busy, its session gone: reissue after a reconnect */
};

struct lm_iscsi_eng {
	struct lm_engine *e;
	struct iscsi_context *ctx;
	const struct lm_iscsi_conf *conf;
	uint32_t lbs;
	unsigned int depth;
	struct lm_islot *slots;
	struct lm_io **done;
	unsigned int ndone;
	unsigned int busy;
	unsigned int max_wire; /* most commands at the target at once */
	uint64_t issued;
	bool dead; /* connection lost or stalled: IOs fail at once */
	int dead_err;
	bool need_flush;
	bool lost; /* --reconnect: the session is gone, log in again */
};

static void lm_isc_complete(struct lm_iscsi_eng *p, struct lm_islot *s, int res,
			    const char *why)
{
	s->io->res = res;
	s->busy = false;
	p->busy--;
	p->done[p->ndone++] = s->io;
	if (res < 0 && why && !p->e->err[0])
		snprintf(p->e->err, sizeof(p->e->err), "%s", why);
}

static void lm_isc_fail_all(struct lm_iscsi_eng *p, int err, const char *why)
{
	unsigned int i;

	p->dead = true;
	p->dead_err = err;
	for (i = 0; i < p->depth; i++)
		if (p->slots[i].busy)
			lm_isc_complete(p, &p->slots[i], -err, why);
}

static void lm_isc_issue(struct lm_iscsi_eng *p, struct lm_islot *s);

static void lm_isc_cb(struct iscsi_context *ctx, int status, void *data,
		      void *priv)
{
	struct lm_islot *s = priv;
	struct lm_iscsi_eng *p = s->p;
	struct scsi_task *task = data;
	char why[200];
	bool retry;
	int res;

	(void)ctx;
	if (!s->busy) {
		/* failed already (connection lost); libiscsi cancels it now */
		scsi_free_scsi_task(task);
		return;
	}
	if (status == SCSI_STATUS_CANCELLED && p->conf->reconnect && !p->dead) {
		/* libiscsi cancels what a lost session held: keep it */
		scsi_free_scsi_task(task);
		s->lost = true;
		p->lost = true;
		return;
	}
	res = lm_iscsi_task_error(status, task, &retry, why, sizeof(why));
	if (!res) {
		res = (int)s->io->len;
		if (task->residual_status == SCSI_RESIDUAL_UNDERFLOW)
			res -= (int)task->residual;
	}
	scsi_free_scsi_task(task);
	if (retry && s->retries++ < LM_RETRIES && !p->dead) {
		p->busy--;
		lm_isc_issue(p, s);
		p->need_flush = true;
		return;
	}
	lm_isc_complete(p, s, res, why);
}

static void lm_isc_issue(struct lm_iscsi_eng *p, struct lm_islot *s)
{
	struct lm_io *io = s->io;
	uint64_t lba = io->offset / p->lbs;
	int lun = (int)p->conf->url.lun;
	struct scsi_task *t;
	char why[200];

	s->busy = true;
	p->busy++;
	s->iov.iov_base = io->buf;
	s->iov.iov_len = io->len;
	if (io->write)
		t = iscsi_write16_iov_task(p->ctx, lun, lba, NULL, io->len,
					   (int)p->lbs, 0, 0, 0, 0, 0,
					   lm_isc_cb, s, &s->iov, 1);
	else
		t = iscsi_read16_iov_task(p->ctx, lun, lba, io->len,
					  (int)p->lbs, 0, 0, 0, 0, 0, lm_isc_cb,
					  s, &s->iov, 1);
	if (!t) {
		snprintf(why, sizeof(why), "cannot queue the command: %s",
			 iscsi_get_error(p->ctx));
		lm_isc_complete(p, s, -ENOMEM, why);
	}
}

static int lm_isc_setup(struct lm_engine *e, const struct lm_target *t)
{
	struct lm_iscsi_eng *p;
	unsigned int i;
	int ret;

	if (t->kind != LM_TARGET_ISCSI || !t->iscsi) {
		snprintf(
			e->err, sizeof(e->err),
			"the iscsi engine needs an iscsi:// URL as its target");
		return -EINVAL;
	}
	p = calloc(1, sizeof(*p));
	if (!p)
		return -ENOMEM;
	e->priv = p;
	p->e = e;
	p->conf = &t->iscsi->conf;
	p->lbs = t->lbs_bytes;
	p->depth = e->conf.depth;
	p->slots = calloc(p->depth, sizeof(*p->slots));
	p->done = calloc(p->depth, sizeof(*p->done));
	if (!p->slots || !p->done)
		return -ENOMEM;
	for (i = 0; i < p->depth; i++)
		p->slots[i].p = p;
	ret = lm_iscsi_open(p->conf, &p->ctx, e->err, sizeof(e->err));
	return ret;
}

static int lm_isc_queue(struct lm_engine *e, struct lm_io *io)
{
	struct lm_iscsi_eng *p = e->priv;
	struct lm_islot *s = &p->slots[io->slot];

	s->io = io;
	s->retries = 0;
	if (p->lost) { /* issued once the session is back */
		s->busy = true;
		s->lost = true;
		p->busy++;
		p->issued++;
		return 0;
	}
	if (p->dead) {
		s->busy = true;
		p->busy++;
		lm_isc_complete(p, s, -p->dead_err, NULL);
		return 0;
	}
	p->issued++;
	lm_isc_issue(p, s);
	return 0;
}

static int lm_isc_submit(struct lm_engine *e)
{
	struct lm_iscsi_eng *p = e->priv;
	char why[200];
	unsigned int w;
	int ret;

	if (p->dead || p->lost)
		return 0;
	/* on the wire now, not at the next reap */
	ret = lm_iscsi_flush(p->ctx, why, sizeof(why));
	if (ret) {
		lm_isc_fail_all(p, -ret, why);
		return 0;
	}
	if (p->busy > p->max_wire) {
		w = lm_iscsi_on_wire(p->ctx);
		if (w > p->max_wire)
			p->max_wire = w;
	}
	return 0;
}

/*
 * Log in again, every quarter second until @deadline. Only libiscsi
 * allocates in here, which tests/lsan.supp relies on: libiscsi 1.19 leaks
 * a little in some logins refused while a target restarts.
 */
static int lm_isc_login_again(struct lm_iscsi_eng *p, uint64_t deadline,
			      char *why, size_t len)
{
	struct lm_iscsi_conf c = *p->conf;
	int ret = -ETIMEDOUT;
	uint64_t now;

	while ((now = lm_now_ns()) < deadline && !lm_stop) {
		c.timeout_s = (unsigned int)((deadline - now) / LM_SEC_NS) + 1;
		ret = lm_iscsi_open(&c, &p->ctx, why, len);
		if (!ret)
			break;
		poll(NULL, 0, 250);
	}
	lm_iscsi_url_wipe(&c.url);
	return ret;
}

/* --reconnect: log in again within @deadline and reissue what the lost
 * session held, or fail it all. */
static void lm_isc_reconnect(struct lm_iscsi_eng *p, uint64_t deadline)
{
	char why[512] = "no attempt", full[700];
	unsigned int i;
	int ret;

	p->lost = false;
	iscsi_destroy_context(p->ctx);
	p->ctx = NULL;
	ret = lm_isc_login_again(p, deadline, why, sizeof(why));
	if (ret) {
		p->ctx = NULL;
		snprintf(
			full, sizeof(full),
			"%s: connection lost and not back within %u s (--timeout): %s",
			p->conf->portal, p->conf->timeout_s, why);
		lm_isc_fail_all(p, ret == -ETIMEDOUT ? ETIMEDOUT : ECONNRESET,
				full);
		return;
	}
	for (i = 0; i < p->depth; i++) {
		if (!p->slots[i].lost)
			continue;
		p->slots[i].lost = false;
		p->busy--;
		lm_isc_issue(p, &p->slots[i]);
	}
	p->need_flush = true;
}

static int lm_isc_reap(struct lm_engine *e, unsigned int min,
		       struct lm_io **done, unsigned int max)
{
	struct lm_iscsi_eng *p = e->priv;
	uint64_t timeout = p->conf->timeout_s * LM_SEC_NS;
	uint64_t last = lm_now_ns(), now;
	unsigned int n = 0, before;
	char why[512];
	int ret, ms;

	if (min > p->ndone + p->busy)
		min = p->ndone + p->busy;
	while (p->ndone < min && !p->dead) {
		now = lm_now_ns();
		if (now - last >= timeout) {
			snprintf(
				why, sizeof(why),
				"%s: no answer for %u s (target stalled or unreachable; --timeout sets the wait)",
				p->conf->portal, p->conf->timeout_s);
			lm_isc_fail_all(p, ETIMEDOUT, why);
			break;
		}
		ms = (int)((timeout - (now - last)) / 1000000 + 1);
		before = p->ndone;
		ret = lm_iscsi_poll(p->ctx, ms < 1000 ? ms : 1000, why,
				    sizeof(why));
		if (ret < 0 && ret != -EINTR && p->conf->reconnect) {
			/* destroying the context cancels what it holds,
			 * which the callback keeps for reissue */
			p->lost = true;
			ret = 0;
		}
		if (ret < 0 && ret != -EINTR) {
			char full[800];

			snprintf(full, sizeof(full), "%s: %s", p->conf->portal,
				 why);
			lm_isc_fail_all(p, -ret, full);
			break;
		}
		if (p->lost) {
			lm_isc_reconnect(p, last + timeout);
			last = lm_now_ns();
			continue;
		}
		if (p->ndone > before)
			last = lm_now_ns();
	}
	if (p->need_flush && !p->dead) {
		p->need_flush = false;
		if (lm_iscsi_flush(p->ctx, why, sizeof(why)))
			lm_isc_fail_all(p, ECONNRESET, why);
	}
	while (n < max && p->ndone)
		done[n++] = p->done[--p->ndone];
	return (int)n;
}

static void lm_isc_teardown(struct lm_engine *e)
{
	struct lm_iscsi_eng *p = e->priv;

	if (p->ctx) {
		if (p->max_wire && p->max_wire < p->depth &&
		    p->issued >= 4ull * p->depth)
			snprintf(
				e->note, sizeof(e->note),
				"iodepth %u: at most %u commands reached the target at once (its command window)",
				p->depth, p->max_wire);
		/* cancels what libiscsi still holds: lm_isc_cb frees it */
		if (p->dead)
			iscsi_destroy_context(p->ctx);
		else
			lm_iscsi_close(p->ctx);
	}
	free(p->slots);
	free(p->done);
	free(p);
	e->priv = NULL;
}

static int lm_isc_flush(struct lm_engine *e)
{
	struct lm_iscsi_eng *p = e->priv;

	if (p->dead)
		return -p->dead_err;
	return lm_iscsi_sync_cache(p->ctx, p->conf, e->err, sizeof(e->err));
}

const struct lm_engine_ops lm_engine_iscsi = {
	.name = "iscsi",
	.setup = lm_isc_setup,
	.queue = lm_isc_queue,
	.submit = lm_isc_submit,
	.reap = lm_isc_reap,
	.teardown = lm_isc_teardown,
	.flush = lm_isc_flush,
};

// SPDX-License-Identifier: MIT
/* fio's syncs in a job's loop (sync.h). */
#include "src/run/sync.h"
#include "src/target/target.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The sync itself, with nothing in flight where it is a SYNCHRONIZE
 * CACHE (lm_sync_ready()): 0 or -errno. */
static int lm_sync_do(struct lm_worker *w, struct lm_loop *l, enum lm_sync s)
{
	int fd = w->target->fd, ret;

	if (l->eng.ops->flush)
		return l->eng.ops->flush(&l->eng);
	if (fd < 0)
		return 0; /* the null engine's: nothing to sync */
	ret = s == LM_SYNC_FDATASYNC ? fdatasync(fd) : fsync(fd);
	return ret ? -errno : 0;
}

/* An engine's flush (iSCSI's SYNCHRONIZE CACHE) goes once what is in
 * flight has completed, which its time leaves out; false when that wait
 * ended at the stop or an error, and no sync goes. */
static bool lm_sync_ready(struct lm_worker *w, struct lm_loop *l)
{
	return !l->eng.ops->flush || (lm_loop_quiesce(w, l) && !w->io_errno);
}

/* A sync failed: the loop's first error, named for what it was, which
 * ends the run as a failed IO does. */
static void lm_sync_failed(struct lm_worker *w, struct lm_loop *l,
			   const char *what, int err)
{
	bool first = !w->io_errno;

	lm_loop_fail(w, l, err, LM_ERR_NOT_IO, LM_DIR_WRITE);
	if (first)
		snprintf(w->errtext, sizeof(w->errtext), "%s failed: %.480s",
			 what, l->eng.err[0] ? l->eng.err : strerror(err));
	lm_loop_stop_all(w);
}

bool lm_sync_now(struct lm_worker *w, struct lm_loop *l, enum lm_sync s,
		 bool measuring, uint64_t *now)
{
	uint64_t t0;
	int ret;

	if (!lm_sync_ready(w, l))
		return !w->io_errno;
	t0 = lm_now_ns();
	lm_trace_sync(&l->trace, lm_trace_file(w), t0,
		      s == LM_SYNC_FSYNC ? "sync" : "datasync");
	ret = lm_sync_do(w, l, s);
	*now = lm_now_ns();
	l->synced = true;
	if (ret) {
		lm_sync_failed(w, l, s == LM_SYNC_FSYNC ? "fsync" : "fdatasync",
			       -ret);
		return false;
	}
	if (!measuring)
		return true;
	lm_hist_add(&w->sync_lat, *now - t0);
	if (s == LM_SYNC_FSYNC)
		w->fsyncs++;
	/* one IO at the depth of those in flight and itself; a submit and
	 * a reap of its own where the engine is synchronous, as fio marks
	 * them for an engine without a commit */
	lm_depths_sync(&w->depths, l->inflight + 1, l->eng.ops->max_depth == 1);
	return true;
}

/* fio's loop goes on while a size-limited job has bytes left, and syncs
 * before it finds that no block fits them: one more sync where due, when
 * the region is no whole number of blocks (etcd's bs=2300 size=22m) */
static bool lm_sync_tail(const struct lm_worker *w)
{
	const struct lm_job *j = w->job;

	return w->whole && !j->time_based && !j->bs_vary && j->size_rest;
}

void lm_sync_end(struct lm_worker *w, struct lm_loop *l)
{
	const struct lm_job *j = w->job;
	enum lm_sync s = lm_sync_due(w, l);
	uint64_t now;
	int ret;

	if (w->setup_err || w->io_errno)
		return;
	if (s && lm_sync_tail(w) && !lm_sync_now(w, l, s, true, &now))
		return;
	if (!(j->end_fsync || j->fsync_on_close) || !lm_rw_writes(j->rw) ||
	    l->synced)
		return;
	/* fio queues it as an IO of its own, which its iolog has */
	lm_trace_sync(&l->trace, lm_trace_file(w), lm_now_ns(), "sync");
	ret = lm_sync_do(w, l, LM_SYNC_FSYNC);
	if (ret)
		lm_sync_failed(w, l,
			       j->end_fsync ? "end_fsync" : "fsync_on_close",
			       -ret);
}

void lm_loop_flush(struct lm_worker *w, struct lm_loop *l, uint64_t offset)
{
	int fd = w->target->fd, ret;

	if (l->eng.ops->flush)
		ret = l->eng.ops->flush(&l->eng);
	else
		ret = fd >= 0 && fdatasync(fd) ? -errno : 0;
	if (ret && !w->io_errno) {
		lm_loop_fail(w, l, -ret, offset, LM_DIR_WRITE);
		w->io_err_flush = true;
	}
}

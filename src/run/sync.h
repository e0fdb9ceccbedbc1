/* SPDX-License-Identifier: MIT */
/*
 * fio's syncs in a job's loop (loop.h), as fio 3.33 does them:
 *  - fsync=N and fdatasync=N: before the next IO, once the thread has
 *    issued a multiple of N writes, unless the last IO it saw complete
 *    was a sync (fio's get_rw_ddir() and last_was_sync; fsync first when
 *    both are due). So a mixed job syncs again after each read until the
 *    next write, and a deep queue syncs once per reap at most; trimwrite
 *    makes none. Where a size leaves a part block no block fits, fio's
 *    loop syncs once more (lm_job_fit()'s size_rest).
 *  - end_fsync and fsync_on_close: one fsync when a writing thread's IOs
 *    are all done, within its runtime. fio's fsync_on_close would sync
 *    again as it closes the file, but only were the last IO no sync,
 *    which after that one it is not (one flush reaches the device).
 * A sync is done in the worker's own thread, with nothing queued left
 * unsubmitted, as fio's psync and libaio engines do theirs (fio's io_uring
 * queues an IORING_OP_FSYNC among the IOs instead): fsync(2) or
 * fdatasync(2) of the target's descriptor, or the engine's flush (an
 * iSCSI LUN's SYNCHRONIZE CACHE, once what is in flight has completed;
 * the sync's latency leaves that wait out). A failed sync ends the run,
 * as a failed IO does.
 * The null engine's target has no descriptor: its syncs do nothing and
 * are counted, as fio's null engine completes them.
 * Counted as fio counts them: each N-sync's latency (the "sync" lat_ns of
 * fio's JSON), the fsyncs alone as its total_ios, each at its depth among
 * the IO depths (and as a submit and a reap of one with a synchronous
 * engine); the end's sync in none of those. Where fio differs (the
 * queued syncs of its io_uring, libiscsi and null engines, ramp_time,
 * loops, jobs of several files): fio-compat/README.md, "Syncs".
 */
#ifndef LM_RUN_SYNC_H
#define LM_RUN_SYNC_H

#include "src/run/loop.h"

enum lm_sync { LM_SYNC_NONE, LM_SYNC_FSYNC, LM_SYNC_FDATASYNC };

/* Which sync is due before @l's next IO, if any: inline, as the loop
 * asks before every IO. */
static inline enum lm_sync lm_sync_due(const struct lm_worker *w,
				       const struct lm_loop *l)
{
	uint32_t fs = w->job->fsync_every, fds = w->job->fdatasync_every;

	/* fio's trimwrite sets each IO's direction itself, over the sync
	 * (set_rw_ddir()): it makes none */
	if (!(fs | fds) || l->synced || l->solo || l->trimwrite || !l->writes)
		return LM_SYNC_NONE;
	if (fs && !(l->writes % fs))
		return LM_SYNC_FSYNC;
	if (fds && !(l->writes % fds))
		return LM_SYNC_FDATASYNC;
	return LM_SYNC_NONE;
}

/*
 * Sync @s now, counted when @measuring, and the clock after it into *now;
 * what was queued must have been submitted. False when it failed: the
 * loop's first error (lm_loop_fail()), which stops the run; no more IO
 * may go. A sync that the stop kept from going is neither.
 */
bool lm_sync_now(struct lm_worker *w, struct lm_loop *l, enum lm_sync s,
		 bool measuring, uint64_t *now);

/* After the loop of a thread that ended without an error: fio's sync
 * before it finds no block fits what is left of its size, where due; then
 * end_fsync's (fsync_on_close's), unless that one was a sync. */
void lm_sync_end(struct lm_worker *w, struct lm_loop *l);

/* Make what the pass wrote from @offset durable (the engine's flush, or
 * fdatasync): nothing is in flight. A failure is the loop's error. */
void lm_loop_flush(struct lm_worker *w, struct lm_loop *l, uint64_t offset);

#endif

// SPDX-License-Identifier: MIT
/* When the loop issues nothing (loop.h): a job's late start, fio's
 * thinktime, and the holds of the rate, the flow and another thread's IO
 * in flight. */
#include "src/run/loop.h"
#include "src/lunmark.h"
#include "src/target/target.h"

#include <linux/futex.h>
#include <sched.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* fio's thinktime: thinktime_blocks IOs (0: 1, as fio's) issued (@issuing,
 * thinktime_blocks_type=issue) or completed since the last pause? */
bool lm_loop_think_due(const struct lm_worker *w, const struct lm_loop *l,
		       bool issuing)
{
	const struct lm_job *j = w->job;

	if (!j->think_ns || (j->think_issued != 0) != issuing)
		return false;
	return (issuing ? l->nissued : l->ncompleted) >=
	       l->think_last + (j->think_blocks ? j->think_blocks : 1);
}

/* A sleep until @end, cut short by the stop. */
static void lm_nap(struct lm_worker *w, const struct lm_loop *l, uint64_t end)
{
	bool stop = false;

	while (!stop && lm_now_ns() < end) {
		lm_rate_sleep(end);
		lm_loop_measuring(w, l, lm_now_ns(), &stop);
	}
}

/* The pause: what is in flight completes, then the spin, then the
 * sleep, cut short by the stop. */
void lm_loop_think(struct lm_worker *w, struct lm_loop *l)
{
	const struct lm_job *j = w->job;
	uint64_t now, end;

	if (!lm_loop_quiesce(w, l))
		return;
	now = lm_now_ns();
	end = now +
	      (j->think_ns > j->think_spin_ns ? j->think_ns : j->think_spin_ns);
	while (lm_now_ns() < now + j->think_spin_ns)
		;
	lm_nap(w, l, end);
	l->think_last = j->think_issued ? l->nissued : l->ncompleted;
}

/* fio's wait_for: no IO until the main thread says the jobs waited for
 * are done (lm_release() wakes it), or the stop (seen within 100 ms). */
static void lm_start_after(struct lm_worker *w, const struct lm_loop *l)
{
	const struct timespec t = { .tv_nsec = 100000000 };
	bool stop = false;

	while (!atomic_load_explicit(&w->go, memory_order_acquire)) {
		lm_loop_measuring(w, l, lm_now_ns(), &stop);
		if (stop)
			break;
		(void)syscall(SYS_futex, (void *)&w->go, FUTEX_WAIT_PRIVATE, 0,
			      &t, NULL, 0);
	}
}

/* A job that starts late (startdelay, wait_for) starts then; and as fio
 * opens a job's files when it starts, a buffered one's cache is dropped
 * then (invalidate), not only at the phase's open (src/cmd/run.c), so
 * that it reads from the device what the jobs before it wrote. */
void lm_loop_start(struct lm_worker *w, const struct lm_loop *l)
{
	const struct lm_job *j = w->job;

	if (l->solo || (!j->startdelay_ns && !j->wait_mask))
		return;
	if (j->startdelay_ns) /* fio's startdelay: no IO until it is over */
		lm_nap(w, l, lm_now_ns() + j->startdelay_ns);
	if (j->wait_mask)
		lm_start_after(w, l);
	/* the job's own region, as fio's file_invalidate_cache() */
	if (j->invalidate && !j->direct && w->target->fd >= 0)
		lm_target_drop_cache(w->target, w->start_bytes,
				     w->nblocks * j->bs_bytes);
}

/* The next IO is held. By the flow's others, as fio's
 * flow_threshold_exceeded(): with flow_sleep, what is in flight
 * completes and the thread sleeps it; without, it draws again at once
 * (its IOs in flight wait, as fio's), yielding its CPU to a thread that
 * may run (fio's spin does not: sharing a CPU with the thread it waits
 * for, it waited out its time slices). Else, with nothing in flight: by
 * the rate until it may go, or by another thread's IO in flight
 * (--verify), 20 us at a time. */
void lm_loop_hold(struct lm_worker *w, struct lm_loop *l)
{
	if (l->flowed) {
		if (w->job->flow_sleep_ns && lm_loop_quiesce(w, l))
			lm_nap(w, l, lm_now_ns() + w->job->flow_sleep_ns);
		else if (!w->job->flow_sleep_ns)
			sched_yield();
		return;
	}
	lm_rate_sleep(l->paced ? lm_rate_wake(&l->rate) : lm_now_ns() + 20000);
}

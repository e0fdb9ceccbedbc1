/* SPDX-License-Identifier: MIT */
/*
 * The clock and gather seam: what a run asks of the processes it runs
 * beside, when several hosts run one job (lunmark-mpi, src/mpi/). A job
 * whose clock is NULL keeps its own time, as lunmark alone does; nothing
 * else in src/ knows whether there are peers.
 *
 * A run with a clock calls, on the main thread, in this order:
 *   start  once the workers are set up, before the gate opens: wait for
 *          every peer and agree when to start; the gate opens at the
 *          local time returned, so ramp, window and samples line up;
 *   tick   at each whole second of the window (counted from the agreed
 *          start), and not before every peer has reached it: this side's
 *          state; true when all stop (a peer failed or was stopped, or
 *          every peer is done), so the window ends at the same second
 *          everywhere;
 *   gather after the merge: the window (local monotonic ns) and this
 *          side's result, which may become the sum of all sides (with
 *          their rows in r->ranks) and takes on a peer's error or stop.
 * A command calls ready once, after its targets are open and guarded and
 * before any IO, with its setup's exit code: every side gets the first
 * failure, so all fail before any IO or none does. describe hands a mark
 * the table of sides (host, clock offset) to report and save.
 * Each returns 0 or an exit code (enum lm_exit) unless it says otherwise.
 */
#ifndef LM_RUN_CLOCK_H
#define LM_RUN_CLOCK_H

#include "src/result/ranks.h"

#include <stdbool.h>
#include <stdint.h>

struct lm_run_result;

/* A side's state at a tick. */
enum lm_clock_state {
	LM_CLOCK_RUNNING,
	LM_CLOCK_DONE, /* its workers finished their pass */
	LM_CLOCK_STOP, /* an IO error, or a signal: every side stops */
};

struct lm_run_clock_ops {
	int (*ready)(void *arg, int ret);
	int (*start)(void *arg, uint64_t *start_ns);
	bool (*tick)(void *arg, enum lm_clock_state st);
	int (*gather)(void *arg, uint64_t t0_ns, uint64_t stop_ns,
		      struct lm_run_result *r);
	/* the sides, a copy the caller frees; their count, or 0 */
	unsigned int (*describe)(void *arg, struct lm_rank **ranks);
};

struct lm_run_clock {
	const struct lm_run_clock_ops *ops;
	void *arg;
};

/*
 * A run's beginning with peers: ready() with this side's @ret, then
 * start(), then a sleep until the agreed local time, in *start_ns. Without
 * a clock, @ret and now. Returns 0 or the first failure of any side.
 */
int lm_clock_begin(const struct lm_run_clock *clock, int ret,
		   uint64_t *start_ns);

/* @clock's ready(), or @ret when there is no clock. */
static inline int lm_clock_ready(const struct lm_run_clock *clock, int ret)
{
	return clock ? clock->ops->ready(clock->arg, ret) : ret;
}

#endif

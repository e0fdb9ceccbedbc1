/* SPDX-License-Identifier: MIT */
/*
 * fio's latency_target: a thread finds the deepest queue, up to its
 * iodepth, at which latency_percentile % of each latency_window's IOs
 * complete within latency_target, by fio's rule (io_u.c's lat_target_*),
 * then runs one more window at that depth, which alone is measured (fio's
 * reset of the stats), and ends. With latency_run it searches on to the
 * end instead. The loop (loop.c) keeps no more IOs in flight than
 * struct lm_lat_target's qd, tells it each IO's latency and, after each
 * reap, asks what to do. Pure: the clock is given.
 */
#ifndef LM_RUN_LATTARGET_H
#define LM_RUN_LATTARGET_H

#include "src/job/job.h"

#include <stdbool.h>
#include <stdint.h>

struct lm_lat_target {
	bool on;
	uint64_t target_ns, window_ns;
	double pct;
	bool keep;	  /* fio's latency_run: search to the end */
	unsigned int max; /* the job's iodepth */
	unsigned int qd, low, high, stable;
	uint64_t start_ns; /* the window's */
	uint64_t ios0;	   /* IOs completed when it began */
	uint64_t failed;   /* its IOs over the target */
	bool last;	   /* the window at the depth found: fio's end run */
};

/* What the loop does after a window or an IO over the target. */
enum lm_lat_step {
	LM_LAT_GO,	/* on, at qd */
	LM_LAT_QUIESCE, /* a lower qd: what is in flight completes first */
	LM_LAT_MEASURE, /* the depth is found: what is in flight completes,
			 * then the measured window starts (the stats so
			 * far are dropped) */
	LM_LAT_DONE,	/* the measured window is over: the pass ends */
	LM_LAT_FAIL,	/* over the target at QD 1 (latency_percentile
			 * 100): the job fails, fio's ETIMEDOUT */
};

/* From @j's latency_target (0: off, qd the iodepth), at @now, with
 * @ios IOs completed so far. */
void lm_lat_target_init(struct lm_lat_target *t, const struct lm_job *j,
			uint64_t now, uint64_t ios);

/* A new window from @now, @ios IOs completed: after a quiesce, so that
 * the IOs of the depth before are not judged in it. */
void lm_lat_target_window(struct lm_lat_target *t, uint64_t now, uint64_t ios);

/* An IO completed in @lat_ns, over the target: LM_LAT_GO, or with
 * latency_percentile 100, LM_LAT_QUIESCE at once (LM_LAT_FAIL at QD 1). */
enum lm_lat_step lm_lat_target_over(struct lm_lat_target *t, uint64_t now,
				    uint64_t ios);

/* After a reap at @now, @ios IOs completed: the window's verdict once it
 * is over (the depth up, down, found, or done), else LM_LAT_GO. */
enum lm_lat_step lm_lat_target_check(struct lm_lat_target *t, uint64_t now,
				     uint64_t ios);

#endif

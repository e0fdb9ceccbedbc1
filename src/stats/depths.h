/* SPDX-License-Identifier: MIT */
/*
 * fio's IO depth distributions, counted as fio's io_u.c counts them: the
 * queue's depth when IOs are handed to the engine (iodepth_level: its
 * IOs by the depth then, 1, 2-3, 4-7, ... 32-63, >= 64), and the IOs of
 * each submit call and of each reap (iodepth_submit, iodepth_complete:
 * the calls by their IOs, 0, 1-4, 5-8, ... 33-64, > 64). Measured, not
 * taken from the job's iodepth: a QD 256 job whose engine takes one IO a
 * call shows submit 1-4, as fio's. Each worker counts its own queue (a
 * job of several files: a worker's, fio-compat/README.md says where
 * that parts from fio).
 */
#ifndef LM_STATS_DEPTHS_H
#define LM_STATS_DEPTHS_H

#include <stdbool.h>
#include <stdint.h>

#define LM_DEPTH_BUCKETS 7

struct lm_depths {
	uint64_t level[LM_DEPTH_BUCKETS];    /* IOs */
	uint64_t submit[LM_DEPTH_BUCKETS];   /* submit calls */
	uint64_t complete[LM_DEPTH_BUCKETS]; /* reaps */
	/* of level's IOs, fio's syncs (fsync=N): fio counts them there
	 * and divides by the reads, writes and trims alone */
	uint64_t syncs;
};

/* fio's labels, in the order of the buckets */
extern const char *const lm_depth_level_names[LM_DEPTH_BUCKETS];
extern const char *const lm_depth_batch_names[LM_DEPTH_BUCKETS];

/* @n IOs handed on in one submit call, @depth in the queue with them. */
void lm_depths_submit(struct lm_depths *d, unsigned int n, unsigned int depth);
/* A sync done in the thread at @depth; with @calls, also a submit and a
 * reap of one (fio marks them for an engine without a commit). */
void lm_depths_sync(struct lm_depths *d, unsigned int depth, bool calls);
/* @n IOs reaped by one call. */
void lm_depths_complete(struct lm_depths *d, unsigned int n);
/* @from's counts added to @to's (threads summed, as fio's groups). */
void lm_depths_add(struct lm_depths *to, const struct lm_depths *from);
/* @map as fio's percentages of its total less @less (level's syncs, so
 * that with them it adds up past 100, as fio's): one counted but under
 * 0.1% shows 0.1; all 0 with nothing counted. */
void lm_depths_pct(const uint64_t map[LM_DEPTH_BUCKETS], uint64_t less,
		   double pct[LM_DEPTH_BUCKETS]);

#endif

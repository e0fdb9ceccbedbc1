/* SPDX-License-Identifier: MIT */
/*
 * One run of one job on one target, or on several at once: start the
 * worker threads, keep time (ramp, measured window, per-second samples, the
 * stop flag), join them and merge what they measured into a struct
 * lm_run_result per target (and one for their sum).
 */
#ifndef LM_RUN_H
#define LM_RUN_H

#include "src/job/job.h"
#include "src/result/result.h"
#include "src/target/target.h"

#define LM_RUN_TARGETS_MAX 64u

/*
 * Returns 0 when the run took place (r->io_errno and r->interrupted say
 * how it ended), or an exit code after printing why it could not start.
 * @j must have been checked and fitted to @t. Free @r with
 * lm_run_result_free().
 */
int lm_run(const struct lm_job *j, const struct lm_target *t,
	   struct lm_run_result *r);

/*
 * lm_run(), and after each per-second sample the main thread calls
 * @tick(@arg, MB/s, IOPS) of that second, reads and writes together.
 */
typedef void (*lm_tick_fn)(void *arg, double mb_s, double iops);
int lm_run_watched(const struct lm_job *j, const struct lm_target *t,
		   struct lm_run_result *r, lm_tick_fn tick, void *arg);

/*
 * Jobs at once: @j[k] on @t[k], j[k]->threads workers each, one clock
 * (one job on several targets, or the jobs of a fio group). Each job
 * ramps for its own ramp_time: the clock ramps for the shortest, and a
 * job of a longer one measures from its own end of ramp, its result's
 * elapsed time and series starting there. A job of a shorter runtime, or
 * one done with its pass, stops on its own; its result's elapsed time and
 * series end there. r[0..n-1] are per target and, when n > 1, r[n]
 * is all of them together (its IOs, bytes and per-second samples are the
 * sums of the parts). @r holds n + 1 results; each is freed with
 * lm_run_result_free().
 */
int lm_run_jobs(const struct lm_job *const *j, const struct lm_target *const *t,
		unsigned int n, struct lm_run_result *r);

/* Targets first .. first + n - 1 taken together (a fio job's files). */
struct lm_run_span {
	unsigned int first;
	unsigned int n;
};

/*
 * lm_run_jobs() with, instead of the sum of all, a result for each of
 * @nspans spans of targets: r[0..n-1] per target, r[n + s] for span s
 * (its targets' IOs, bytes and samples summed). @r holds n + nspans
 * results; at most LM_RUN_TARGETS_MAX spans.
 */
int lm_run_spans(const struct lm_job *const *j,
		 const struct lm_target *const *t, unsigned int n,
		 const struct lm_run_span *spans, unsigned int nspans,
		 struct lm_run_result *r);

#endif

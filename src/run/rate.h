/* SPDX-License-Identifier: MIT */
/*
 * A job's pace (fio's rate, rate_iops, rate_process): when its next IO
 * of each direction may be issued. The schedule counts from the pass's
 * start, so an IO the device held back is made up after, and the mean is
 * the rate asked, as fio's linear process; with poisson each gap is drawn
 * from the exponential law of the same mean. The job's own thread keeps
 * it: nothing here locks. A job without a rate is never held.
 */
#ifndef LM_RUN_RATE_H
#define LM_RUN_RATE_H

#include "src/job/job.h"
#include "src/job/offset.h"
#include "src/stats/stats.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct lm_rate {
	bool on;
	bool poisson;
	double ns_per_io[LM_DIRS];   /* 10^9 / rate_iops; 0: no cap */
	double ns_per_byte[LM_DIRS]; /* 10^9 / rate in bytes/s; 0: no cap */
	double next_ns[LM_DIRS];     /* the earliest the next IO may go */
	bool used[LM_DIRS];	     /* an IO of it was taken since the start */
	struct lm_rand r;
};

/* @j's caps into @p; the gaps of poisson are drawn from @seed. */
void lm_rate_init(struct lm_rate *p, const struct lm_job *j, uint64_t seed);

/* The schedule starts at @now: the first IO of each direction may go. */
void lm_rate_start(struct lm_rate *p, uint64_t now);

/* May an IO of @len bytes in direction @dir go at @now? If so, it is
 * booked, and the next one of @dir waits its gap. */
bool lm_rate_take(struct lm_rate *p, unsigned int dir, uint32_t len,
		  uint64_t now);

/* lm_rate_take() of the IO of direction @*dir and @*len; a job that is
 * @mixed (reads and writes), when that direction is held, tries the other
 * one instead (a size of @j's for it from @mix), as fio does, and says so
 * in *@dir and *@len. */
bool lm_rate_take_mix(struct lm_rate *p, bool mixed, const struct lm_job *j,
		      struct lm_rand *mix, uint8_t *dir, uint32_t *len,
		      uint64_t now);

/* The IO just taken in direction @dir went as @now_len bytes, not the
 * @was_len it was booked for (fio's random map cut it, or a size that
 * fits was drawn again): its gap is that of what it moves, as fio's pace
 * counts the bytes done. */
void lm_rate_retake(struct lm_rate *p, unsigned int dir, uint32_t was_len,
		    uint32_t now_len);

/* When the first capped direction that has issued may go again
 * (monotonic ns; 0 when none has): one the job never issues, its schedule
 * standing at the start, is not waited for. */
uint64_t lm_rate_wake(const struct lm_rate *p);

/*
 * fio's rate_min and rate_iops_min: the least a thread moves in each
 * direction. From 2 s after its start (fio's settle time), at each
 * completion once a ratecycle has passed since the last check, the bytes
 * (or IOs) of that cycle per second are checked; a direction that has
 * moved nothing yet is not.
 */
struct lm_rate_min {
	bool on;
	uint64_t bytes[LM_DIRS]; /* per second; 0: none */
	uint64_t iops[LM_DIRS];
	uint64_t cycle_ns;
	uint64_t start_ns;
	uint64_t last_ns[LM_DIRS]; /* the last check; 0: none yet */
	uint64_t last_bytes[LM_DIRS];
	uint64_t last_ios[LM_DIRS];
};

void lm_rate_min_init(struct lm_rate_min *m, const struct lm_job *j);
/* The thread starts at @now. */
void lm_rate_min_start(struct lm_rate_min *m, uint64_t now);

/*
 * The thread has moved @bytes and @ios (each direction's, so far; its
 * own live counters, read relaxed) at @now: 0, or -1 when a direction fell below its floor over the cycle
 * just ended, with what into @why ("rate_min=1048576 B/s not met by the
 * reads: 524288 B/s over 1000 ms", fio's words, with the direction).
 */
int lm_rate_min_check(struct lm_rate_min *m, uint64_t now,
		      _Atomic uint64_t bytes[LM_DIRS],
		      _Atomic uint64_t ios[LM_DIRS], char *why, size_t len);

/* Sleep until @at_ns (monotonic), a tenth of a second at most, so that a
 * stop is seen. */
void lm_rate_sleep(uint64_t at_ns);

#endif

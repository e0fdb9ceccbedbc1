/* SPDX-License-Identifier: MIT */
/*
 * The progress line of a suite, on stderr when it is a terminal:
 *
 *   default: test 3/8 RND4K Q32T1 read, run 2/6: 412.3 MB/s, 100658 IOPS, ETA 3m05s
 *
 * redrawn in place once a second (the run's per-second samples feed it)
 * and cleared at the end. Off when stderr is not a terminal or --quiet.
 */
#ifndef LM_PROGRESS_H
#define LM_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct lm_progress {
	FILE *f; /* NULL: off */
	const char *profile;
	char test[64];
	unsigned int cells, cell; /* cells planned, and the current one */
	unsigned int runs, run;	  /* runs per cell (warm-up included) */
	bool warmup;
	uint64_t runtime_ns; /* 0: size-limited runs, ETA from the pace */
	uint64_t interval_ns;
	uint64_t t0_ns;	  /* the suite's start */
	uint64_t run0_ns; /* the current run's start */
	unsigned int runs_done;
	bool drawn;
};

/* @on: wanted (not --quiet); the line still needs stderr to be a tty. */
void lm_progress_init(struct lm_progress *p, bool on);
void lm_progress_plan(struct lm_progress *p, const char *profile,
		      unsigned int cells, unsigned int runs_per_cell,
		      uint64_t runtime_ns, uint64_t interval_ns);
/* Run @run (0-based) of @runs of the job named @name starts. */
void lm_progress_run(struct lm_progress *p, const char *name, unsigned int run,
		     unsigned int runs, bool warmup);
/* A per-second sample of the current run: @arg is the lm_progress. */
void lm_progress_tick(void *arg, double mb_s, double iops);
void lm_progress_run_done(struct lm_progress *p);
/* Clear the line. */
void lm_progress_end(struct lm_progress *p);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * One run's state, shared by its two sides: run.c plans the run, starts
 * its workers, joins them and merges their figures; watch.c is the main
 * thread's watch while they run (the ramp, the measured window opened,
 * a sample a second, fio's ss=, exitall and the peers' clock, the stop).
 * Private to src/run.
 */
#ifndef LM_RUN_MANY_H
#define LM_RUN_MANY_H

#include "src/run/clock.h"
#include "src/run/group.h"
#include "src/run/run.h"
#include "src/run/worker.h"

#include <stdbool.h>
#include <stdint.h>

/* What one run needs beyond the job: targets, workers, groups. */
struct lm_many {
	struct lm_job clock; /* ramp, and the longest runtime: lm_clock() */
	/* a job of a longer ramp_time than the clock's starts measuring
	 * this much after t0 (lm_many_watch() starts it); LM_PLAN_WAIT for
	 * one that waits (wait_for) until the jobs it waits for are done */
	uint64_t delay[LM_RUN_TARGETS_MAX];
	bool started[LM_RUN_TARGETS_MAX];
	/* fio's wait_for: a waiting job's start and ramp end, once the jobs
	 * it waits for are done (0: not yet; watch.c) */
	uint64_t from[LM_RUN_TARGETS_MAX];
	uint64_t gate_ns; /* when the workers began */
	const struct lm_job *jobs[LM_RUN_TARGETS_MAX]; /* per target */
	unsigned int first[LM_RUN_TARGETS_MAX];	       /* its first worker */
	uint64_t t0;				       /* measuring since */
	unsigned int ntargets;
	unsigned int nworkers;
	unsigned int ngroups; /* ntargets, plus the spans */
	/* fio's ss: the group whose series judges target k's steady state,
	 * k itself or the outermost span of it (job.h's ss_span) */
	unsigned int judge[LM_RUN_TARGETS_MAX];
	unsigned int cap;   /* samples per result */
	uint64_t tick;	    /* when the last whole second was sampled */
	lm_tick_fn tick_fn; /* progress, or NULL */
	void *tick_arg;
	uint64_t stop_ns; /* when the measured window closed */
	uint64_t nticks;  /* whole seconds ticked to the peers (clock.h) */
	/* fio's bw and iops samples: when the next are due (watch.c) */
	uint64_t tap_next;
	struct lm_shared s;
	struct lm_cursor cursor[LM_RUN_TARGETS_MAX];
	struct lm_overlap guard[LM_RUN_TARGETS_MAX]; /* --verify's */
	bool exited[LM_RUN_TARGETS_MAX]; /* exitall: its stop was handed on */
	bool exit_all;			 /* exit_what=all: no later job */
	struct lm_flows flows;		 /* fio's flow */
	struct lm_worker *w;
	struct lm_group g[2 * LM_RUN_TARGETS_MAX];
};

/* watch.c: start target @k's measured pass where its cursors stand (at
 * the gate, or when its ramp ends). */
void lm_many_limit(struct lm_many *m, unsigned int k);

/* watch.c: a sample of the last @dur_ns into every group's series. */
void lm_many_sample(struct lm_many *m, uint64_t dur_ns);

/* watch.c: fio's ss=: a job steady by its rule stops, as fio's does;
 * with @last, the verdict at the end. */
void lm_many_steady(struct lm_many *m, uint64_t now, bool last);

/*
 * watch.c: the main thread from the open gate to the stop: the ramp,
 * then a sample once a second until the runtime is over, every worker is
 * done, a worker failed, or a signal came; sets each result's window,
 * CPU and stop. The last, partial second is the caller's to sample once
 * the workers are joined (m->tick, m->stop_ns).
 */
void lm_many_watch(struct lm_many *m);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * The result of one run: what the workers measured, merged, plus the
 * summaries reports print. The text reports (report.h) and fio's outputs
 * (fio-compat/fiojson.h) print it; a mark keeps each counted run's
 * summaries and per-second samples in its cells (suite/cell.h), and
 * result/save.h saves those.
 */
#ifndef LM_RESULT_H
#define LM_RESULT_H

#include "src/result/ranks.h"
#include "src/stats/depths.h"
#include "src/stats/hist.h"
#include "src/stats/priolat.h"
#include "src/stats/running.h"
#include "src/run/iolog.h"
#include "src/stats/steady.h"
#include "src/stats/stats.h"
#include "src/job/verify_block.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* io_err_offset of an error that is no IO's (fio's rate_min). */
#define LM_ERR_NOT_IO UINT64_MAX

struct lm_run_result {
	uint64_t elapsed_ns; /* the measured window */
	/* fio's job_runtime of a group_reporting entry: its jobs' windows
	 * added up (0: elapsed_ns) */
	uint64_t runtime_sum_ns;
	/* fio's runtime of such an entry whose jobs ran one after another
	 * (wait_for, startdelay): the longest of their windows, which its
	 * rates are over (0: elapsed_ns, which its series and logs span) */
	uint64_t runtime_max_ns;
	struct lm_hist lat[LM_DIRS]; /* completion latency, merged */
	/* fio's slat and clat, where the engine tells them apart
	 * (engine.h's ops->slat); empty where lat is all clat */
	struct lm_hist slat[LM_DIRS];
	struct lm_hist clat[LM_DIRS];
	/* fio's sync: the latencies of fsync=N's and fdatasync=N's syncs,
	 * and the fsyncs among them (src/run/sync.h) */
	struct lm_hist sync_lat;
	uint64_t fsyncs;
	struct lm_summary sync_sum; /* sync_lat's figures, for the report */
	/* fio's prios[]: the workers' latencies per IO priority, merged
	 * by value (owned; empty without cmdprio) */
	struct lm_priolat prio[LM_DIRS];
	uint64_t ios[LM_DIRS];
	uint64_t bytes[LM_DIRS];
	uint64_t errors[LM_DIRS];
	/* fio's bw (KiB/s) and iops samples, each thread's every
	 * bwavgtime and iopsavgtime, summed as fio's group_reporting
	 * sums them (watch.c takes them) */
	struct lm_running bw_samples[LM_DIRS], iops_samples[LM_DIRS];
	struct lm_summary sum[LM_SUMS]; /* read, write, both */
	struct lm_cpu cpu;		/* from the window's start */
	uint64_t cpu_wall_ns; /* the wall time cpu was measured over */
	/* CLOCK_MONOTONIC at its logs' time 0 (the gate, the ramp's end,
	 * or after a wait_for its own start): fio's log_unix_epoch counts
	 * from there */
	uint64_t t0_ns;
	bool cpu_pct_known; /* long enough for usr_pct, sys_pct to mean much */
	double usr_pct;	    /* of one core */
	double sys_pct;
	/* fio's per-job figures: the CPU of the job's own threads, each
	 * from its first completion in the window to its end, and those
	 * times summed; usr and sys as a share of them, as fio divides its
	 * threads' summed CPU by their summed runtimes (the process's
	 * figures when no thread completed an IO in the window) */
	struct lm_cpu job_cpu;
	double job_cpu_s;
	double job_usr_pct, job_sys_pct;
	struct lm_sample *series; /* per second; owned */
	unsigned int nseries;
	bool interrupted; /* stopped by a signal */
	bool exit_all;	  /* fio's exitall, exit_what=all: no later job runs */
	/* a thread's pass did not end by itself (time-based, a runtime, a
	 * stop, an error): not every IO of it was issued */
	bool cut;
	/* fio's latency_target: the deepest queue its threads found */
	unsigned int lat_depth;
	/* fio's iodepth_level, _submit and _complete: its threads' counts */
	struct lm_depths depths;
	/* fio's verify read-back of a write job (cmd/jobs.c): its reads'
	 * own time and per-second samples (owned), apart from the writes'
	 * elapsed_ns and series; 0 and NULL when there was none */
	uint64_t rb_ns;
	struct lm_sample *rb_series;
	unsigned int nrb;
	int io_errno; /* first IO error, 0 if none */
	/* the failed IOs continue_on_error went on past (among errors[]),
	 * and the first one's error */
	uint64_t err_gone;
	int err_first;
	uint64_t io_err_offset;
	unsigned int io_err_dir; /* enum lm_dir */
	char io_errtext[512];	 /* the engine's words for it; "" if none */
	char note[96];		 /* engine fallbacks, for the report */
	unsigned int reconnects; /* iSCSI sessions lost and logged in again */
	struct lm_verify_tally verify; /* job->verify: the reads' checks */
	/* fio's ss=: the verdict when the job stopped, or at its end */
	struct lm_steady_state ss;
	/* job->iolog: each thread's record of every measured IO */
	struct lm_iolog *iolog;
	unsigned int niolog;
	/* the sum of several sides (clock.h): a row each, owned */
	struct lm_rank_run *ranks;
	unsigned int nranks;
};

void lm_run_result_free(struct lm_run_result *r);
/* @r's first error, as a phrase into @buf: "write at offset 4096 failed:
 * TEXT", or TEXT alone for one that is no IO's. Returns @buf. */
const char *lm_run_result_error(const struct lm_run_result *r, char *buf,
				size_t len);
/* r->sum and the CPU shares from r's histograms, counts, elapsed time,
 * samples and CPU. */
void lm_run_result_summarize(struct lm_run_result *r);
/*
 * @rb, the read-back of the writes of @to (a run of the same threads
 * reading what they wrote), into @to's read direction: its reads, their
 * latencies and errors, its verify tally, its first error when @to has
 * none, its elapsed time and series as @to's rb_ns and rb_series (moved);
 * then @to summarized again.
 */
void lm_run_result_add_readback(struct lm_run_result *to,
				struct lm_run_result *rb);

/* The time and the per-second samples of direction @d of @r (its own,
 * with a read-back; else the run's). */
uint64_t lm_run_result_dir_ns(const struct lm_run_result *r, unsigned int d);
const struct lm_sample *lm_run_result_dir_series(const struct lm_run_result *r,
						 unsigned int d,
						 unsigned int *n);

/* Move @from into @to: what @from owned is @to's now. */
void lm_run_result_move(struct lm_run_result *to, struct lm_run_result *from);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * One worker: owns its engine context, offset generator, buffers and
 * statistics, and runs the one submit/reap loop of lunmark (loop.h). It is
 * the only caller of engine ops, for every command: a run's threads (run, mark,
 * prefill) each run one, over the job's offsets and the main thread's
 * clock; lunmark verify and block-level copies run one in their own
 * thread over explicit passes (struct lm_pass), with hooks for the data
 * (struct lm_io_hooks). No allocation, lock or extra syscall per IO in the
 * loop (but --verify's one lock, overlap.h). Every IO is timed on its own: its completion by a clock read when
 * the worker takes it from the engine, its issue by the last clock read
 * before it is queued, after the data work of the IOs before it (a vDSO
 * clock_gettime, tens of ns: scripts/bench-uring.sh prints its share of
 * the CPU per IO).
 */
#ifndef LM_WORKER_H
#define LM_WORKER_H

#include "src/job/buffer.h"
#include "src/engine/engine.h"
#include "src/stats/hist.h"
#include "src/run/iolog.h"
#include "src/job/job.h"
#include "src/job/offset.h"
#include "src/stats/priolat.h"
#include "src/stats/stats.h"
#include "src/job/verify_block.h"
#include "src/result/result.h"

#include "src/run/gate.h"
#include "src/run/flow.h"
#include "src/run/overlap.h"

#include <pthread.h>
#include <stdatomic.h>

enum lm_phase { LM_PHASE_RAMP, LM_PHASE_MEASURE, LM_PHASE_STOP };

/* What the workers of one run share; set up by the main thread (or by
 * lm_worker_solo()). */
struct lm_shared {
	_Atomic int phase;
	uint64_t verify_run;	/* job->verify: the id the writes carry */
	_Atomic uint64_t t0_ns; /* the measured window's start */
	struct lm_gate gate;	/* workers set up, timing may start */
	int done_fd;		/* eventfd: a worker has finished */
};

/*
 * What explicit passes do with their IOs' data, in place of the job's
 * stamps and --verify checks: lunmark verify's headers, a copy's stamps.
 * Called in the worker's thread, in the loop: nothing slow.
 */
struct lm_io_hooks {
	/* fill a write's buffer (io->offset, io->len set) before it is
	 * queued; NULL: the buffer as it is */
	void (*fill)(void *arg, struct lm_io *io);
	/* a read reaped with all its bytes; NULL: none */
	void (*check)(void *arg, const struct lm_io *io);
	void *arg;
};

/*
 * An explicit pass: @bytes from @start_bytes (a whole number of the job's
 * blocks; the job has one block size) written or read once, in order, in
 * IOs of the job's bs at its iodepth; with @flush, the writes made durable
 * at the end (the engine's flush, or fdatasync() on the target's fd).
 */
struct lm_pass {
	uint64_t start_bytes;
	uint64_t bytes;
	bool write;
	bool flush;
};

struct lm_loop; /* loop.h's: the engine, the buffers, the IOs */

struct lm_worker {
	/* in */
	const struct lm_job *job;
	const struct lm_target *target;
	struct lm_shared *shared;
	struct lm_cursor *cursor; /* sequential jobs: one per target, or
				   * own with offset_increment */
	struct lm_cursor own;
	unsigned int id;
	unsigned int gid, nall; /* of all the run's workers (fio's dedupe) */
	uint64_t start_bytes;	/* region */
	uint64_t nblocks;
	uint32_t stamp_bytes;  /* logical block size for stamps */
	bool budgeted;	       /* random, size-limited */
	bool cursor_pass;      /* size-limited on the cursor: the IOs of the
				* measured pass are its claims' (offset.h) */
	uint64_t budget_bytes; /* to issue when budgeted */
	const struct lm_io_hooks *hooks; /* explicit passes: or NULL */
	/* --verify: the IOs in flight on the target, slots lm_overlap_slot()
	 * of id and the job's iodepth; NULL: none kept */
	struct lm_overlap *overlap;
	struct lm_flow *flow; /* fio's flow: the run's one of the job's id */
	/* when this worker's own runtime is over (0: the main thread's
	 * clock alone ends it): jobs of different runtimes run at once */
	_Atomic uint64_t deadline_ns;
	/* a job whose ramp_time is longer than the others' of its run
	 * measures from here (0: from the measuring phase) */
	_Atomic uint64_t measure_from_ns;
	_Atomic bool halt; /* fio's exitall: stop now (set by run.c) */
	/* fio's wait_for: the jobs waited for are done, IO may start (1,
	 * set by watch.c once measure_from_ns and deadline_ns are, and a
	 * futex the worker sleeps on until then) */
	_Atomic uint32_t go;
	_Atomic bool done; /* its loop is over (read by run.c) */

	/* fio's bw and iops samples (bwavgtime, iopsavgtime), the main
	 * thread's alone: taken from the live counters (watch.c) */
	struct lm_rate_tap {
		uint64_t at_ns[2]; /* the last bw and iops samples' */
		uint64_t bytes[LM_DIRS], ios[LM_DIRS]; /* the counters then */
		struct lm_running bw[LM_DIRS], iops[LM_DIRS];
	} tap;
	/* the samples of each IO in their place (LM_SAMPLE_EACH_IO), the
	 * worker's own */
	struct lm_running io_bw[LM_DIRS], io_iops[LM_DIRS];

	/* live counters, written by the worker, sampled by the main thread */
	_Alignas(64) _Atomic uint64_t live_ios[LM_DIRS];
	_Atomic uint64_t live_bytes[LM_DIRS];
	_Atomic uint64_t live_lat_ns[LM_DIRS];	/* latencies, summed */
	_Atomic uint64_t live_slat_ns[LM_DIRS]; /* their slat parts */

	/* out, read after the thread is joined: latency from issue to
	 * completion, and, with an engine that tells them apart
	 * (ops->slat), its submission and completion parts; else those
	 * stay empty and lat is all completion latency */
	_Alignas(64) struct lm_hist lat[LM_DIRS];
	struct lm_hist slat[LM_DIRS];
	struct lm_hist clat[LM_DIRS];
	/* fio's fsync=N and fdatasync=N (sync.h): the syncs' latencies, and
	 * how many of them were fsyncs */
	struct lm_hist sync_lat;
	uint64_t fsyncs;
	/* fio's cmdprio: what the IOs' priorities are drawn from, and the
	 * latency (clat where the engine tells it apart, else lat) per
	 * priority of each direction with one per IO; else empty */
	struct lm_prio_plan prio;
	struct lm_priolat prio_lat[LM_DIRS];
	/* fio's latency_target: the depth found (else the iodepth), and
	 * when its measured window began, with the live counters then,
	 * which the result leaves out (0: no such start) */
	unsigned int lat_depth;
	uint64_t lat_from_ns;
	/* fio's IO depth distributions, from the window's start */
	struct lm_depths depths;
	uint64_t lat_base[3][LM_DIRS]; /* ios, bytes, latency sums */
	uint64_t errors[LM_DIRS];
	/* the failed IOs continue_on_error went on past, and the first's
	 * error */
	uint64_t err_gone;
	int err_first;
	int setup_err;		/* -errno from setup */
	const char *setup_what; /* what failed in setup */
	bool setup_engine;	/* it was the engine's setup (else memory) */
	int io_errno; /* first error of the loop: an IO's, or a refused
		       * queue, submit, reap or flush */
	uint64_t io_err_offset;	 /* LM_ERR_NOT_IO: no IO's (rate_min) */
	unsigned int io_err_dir; /* enum lm_dir */
	bool io_err_flush;	 /* it was the pass's flush, after its writes */
	char errtext[512]; /* the engine's words for the setup or IO error */
	char note[96];
	unsigned int reconnects; /* the engine's, after teardown */
	/* fio's per-job CPU: this thread's own (RUSAGE_THREAD) from its
	 * first completion in the window to the end of its loop, over
	 * cpu_ns; cpu0 and cpu_from_ns while a loop runs */
	struct lm_cpu cpu, cpu0;
	uint64_t cpu_ns, cpu_from_ns;
	bool whole; /* its pass ended by itself: every IO issued, none failed */
	struct lm_verify_tally verify; /* job->verify: what the reads found */
	/* when it passed the gate, as fio's job stamps its start in its
	 * own thread (a late wake-up is not its runtime); when its loop,
	 * and its end's sync, ended */
	uint64_t begin_ns, end_ns;
	struct lm_iolog iolog; /* job->iolog: every measured IO */

	pthread_t tid;
	struct lm_loop *loop;
};

/*
 * A run's worker thread, as run.c starts it: lm_worker_setup(), the start
 * gate, the job's pass on the shared clock and fio's syncs at its end
 * (sync.h: within its time), lm_worker_teardown(), and a word on
 * shared->done_fd. @arg is a struct lm_worker.
 */
void *lm_worker_main(void *arg);

/*
 * @w as the only worker of explicit passes of @j on @t in the calling
 * thread, with @hooks (or NULL) and @s of its own: that thread is its
 * clock, and a pass ends early at the stop flag (lm_stop). @j and @t must
 * outlive @w. Then lm_worker_setup(), lm_worker_pass() as often as
 * needed, and lm_worker_teardown().
 */
void lm_worker_solo(struct lm_worker *w, struct lm_shared *s,
		    const struct lm_job *j, const struct lm_target *t,
		    const struct lm_io_hooks *hooks);

/*
 * Allocate @w's buffers and IOs and set up its engine, in the thread that
 * will run it. Returns 0 or -errno, also in w->setup_err, with
 * w->setup_what, w->setup_engine and w->errtext saying what failed.
 * lm_worker_teardown() follows either way.
 */
int lm_worker_setup(struct lm_worker *w);

/*
 * One explicit pass of a solo worker (lm_worker_solo()). Returns 0 when
 * every IO of it moved all its bytes (and, with p->flush, the flush
 * worked), -EINTR when the stop flag cut it short, or the first error as
 * -errno (w->io_errno, io_err_offset, io_err_dir and errtext hold it; a
 * later pass does nothing and returns it again).
 */
int lm_worker_pass(struct lm_worker *w, const struct lm_pass *p);

/* Tear down what lm_worker_setup() set up, all or part; w->note gets the
 * engine's note. */
void lm_worker_teardown(struct lm_worker *w);

/* fio's latency_target measures from @now: what @w measured so far is
 * dropped (fio's reset of the stats), and its result leaves out what the
 * live counters held (lat_base). In @w's own thread. */
void lm_worker_restart(struct lm_worker *w, uint64_t now);

/* Where @w's records of every IO count from (their at_ns): the window's
 * start, or its own later one (a job of a longer ramp_time, or one that
 * waited). */
static inline uint64_t lm_worker_record_base(const struct lm_worker *w)
{
	uint64_t t0 =
		atomic_load_explicit(&w->shared->t0_ns, memory_order_relaxed);
	uint64_t from =
		atomic_load_explicit(&w->measure_from_ns, memory_order_relaxed);

	return from > t0 ? from : t0;
}

/* Free what a worker of a run still holds once its run's results took
 * what they keep (or its run failed): its IO log, its latencies per
 * priority. */
void lm_worker_free(struct lm_worker *w);

#endif

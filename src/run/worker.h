/* SPDX-License-Identifier: MIT */
/*
 * One worker thread: owns its engine context, offset generator, buffers
 * and statistics, and runs the submit/reap loop. run, mark, job files and
 * prefill do their IO through it, but for two that drive an engine with
 * loops of their own: file copies (run/copy.c, the copy profile) and
 * verify's passes (cmd/verify.c). No allocation, lock or extra syscall
 * per IO in the loop: one clock read per submitted batch and one per
 * reaped batch.
 */
#ifndef LM_WORKER_H
#define LM_WORKER_H

#include "src/job/buffer.h"
#include "src/engine/engine.h"
#include "src/stats/hist.h"
#include "src/run/iolog.h"
#include "src/job/job.h"
#include "src/job/offset.h"
#include "src/stats/stats.h"
#include "src/job/verify_block.h"

#include <pthread.h>
#include <stdatomic.h>

enum lm_phase { LM_PHASE_RAMP, LM_PHASE_MEASURE, LM_PHASE_STOP };

/*
 * The start gate: each worker sets itself up, arrives, and waits until the
 * main thread opens the gate for all; the main thread opens it once as
 * many workers as it started have arrived (fewer than planned when a
 * thread could not be created: it then sets the phase to STOP first).
 */
struct lm_gate {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	unsigned int arrived;
	bool open;
};

void lm_gate_init(struct lm_gate *g);
void lm_gate_destroy(struct lm_gate *g);
void lm_gate_arrive(struct lm_gate *g);
void lm_gate_open(struct lm_gate *g, unsigned int started);

/* What the workers of one run share; set up by the main thread. */
struct lm_shared {
	_Atomic int phase;
	uint64_t verify_run;	/* job->verify: the id the writes carry */
	_Atomic uint64_t t0_ns; /* the measured window's start */
	struct lm_gate gate;	/* workers set up, timing may start */
	int done_fd;		/* eventfd: a worker has finished */
};

struct lm_worker {
	/* in */
	const struct lm_job *job;
	const struct lm_target *target;
	struct lm_shared *shared;
	struct lm_cursor *cursor; /* sequential jobs: one per target, or
				   * own with offset_increment */
	struct lm_cursor own;
	unsigned int id;
	uint64_t start_bytes; /* region */
	uint64_t nblocks;
	uint32_t stamp_bytes;  /* logical block size for stamps */
	bool budgeted;	       /* random, size-limited */
	bool cursor_pass;      /* size-limited on the cursor: the IOs of the
				* measured pass are its claims' (offset.h) */
	uint64_t budget_bytes; /* to issue when budgeted */
	/* when this worker's own runtime is over (0: the main thread's
	 * clock alone ends it): jobs of different runtimes run at once */
	_Atomic uint64_t deadline_ns;
	/* a job whose ramp_time is longer than the others' of its run
	 * measures from here (0: from the measuring phase) */
	_Atomic uint64_t measure_from_ns;

	/* live counters, written by the worker, sampled by the main thread */
	_Alignas(64) _Atomic uint64_t live_ios[LM_DIRS];
	_Atomic uint64_t live_bytes[LM_DIRS];
	_Atomic uint64_t live_lat_ns[LM_DIRS]; /* latencies, summed */

	/* out, read after the thread is joined */
	_Alignas(64) struct lm_hist lat[LM_DIRS];
	uint64_t errors[LM_DIRS];
	int setup_err;		/* -errno from setup */
	const char *setup_what; /* what failed in setup */
	int io_errno;		/* first IO error */
	uint64_t io_err_offset;
	bool io_err_write;
	char errtext[512]; /* the engine's words for the setup or IO error */
	char note[96];
	struct lm_vtally verify; /* job->verify: what the reads found */
	uint64_t end_ns;	 /* when its loop ended */
	struct lm_iolog iolog;	 /* job->iolog: every measured IO */

	pthread_t tid;
};

/* pthread entry point; @arg is a struct lm_worker. */
void *lm_worker_main(void *arg);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * The one submit/reap loop of a worker (worker.h): its per-thread state,
 * which only the worker's own thread sees, and the loop that fills the
 * engine's queue, reaps it, times and counts each IO, and drains it at the
 * end. worker.c sets the state up (buffers, IOs, engine, priorities),
 * points it at the job's pass or an explicit one, and runs it; the
 * loop's next IO is drawn and made ready by draw.h, and pause.c has it
 * wait where it issues nothing. Nothing else includes this header.
 */
#ifndef LM_RUN_LOOP_H
#define LM_RUN_LOOP_H

#include "src/job/blockmap.h"
#include "src/run/backlog.h"
#include "src/run/lattarget.h"
#include "src/run/rate.h"
#include "src/run/trace.h"
#include "src/target/target.h"
#include "src/run/worker.h"

/* What a write's buffer gets before it is queued, chosen at setup. */
enum lm_fill {
	LM_FILL_NONE,	/* zeros: as they are */
	LM_FILL_STAMP,	/* random: a stamp per block (buffer.h) */
	LM_FILL_VERIFY, /* --verify: a header per block */
	LM_FILL_SEEDED, /* dedupe or compression: each IO a seed's data */
	LM_FILL_HOOK,	/* an explicit pass's hook */
};

/* An IO to issue: drawn, not yet queued. */
struct lm_next {
	uint64_t off;
	uint32_t len;
	uint8_t dir; /* enum lm_dir */
	bool pass;   /* of the cursor's measured pass (offset.h) */
	bool check;  /* a verify_backlog read (backlog.h) */
	bool on;     /* as held: there is one */
};

/* Per-thread state: the loop's and its worker's, nobody else's. */
struct lm_loop {
	struct lm_engine eng;
	struct lm_bufs bufs;
	struct lm_offset_gen gen;
	struct lm_blockmap map; /* lm_job_blockmapped(), else none */
	bool map_off;		/* it would be, but the region is too large */
	struct lm_rand mix;
	struct lm_rand prio; /* fio's cmdprio: which IOs get which */
	struct lm_io *ios;
	struct lm_io **free_ios;
	struct lm_io **done;
	unsigned int nfree;
	unsigned int inflight;
	uint64_t seq;
	/* bytes issued into the pass (in the window, or a fio job's ramp
	 * too), and IOs issued in the window */
	uint64_t issued_measured;
	uint64_t ios_measured;
	uint64_t nissued, ncompleted; /* every IO, ramp and all */
	uint64_t think_last;	 /* thinktime: the count at the last pause */
	uint32_t align[LM_DIRS]; /* bs_vary: each direction's offsets' unit */
	unsigned int batch;	 /* IOs queued before they are handed on */
	bool mixed;		 /* the pass's direction: the job's mix, */
	bool trimwrite;		 /* or a trim, then a write of its block, */
	uint8_t dir;		 /* or this one (enum lm_dir) */
	enum lm_fill fill;	 /* writes */
	bool checks;		 /* reads are checked: a hook, or --verify */
	bool nodata; /* the engine moves no data (null): nothing to check */
	bool solo;   /* an explicit pass: its thread is its clock, the stop
		    * flag ends it */
	struct lm_rate rate;	     /* fio's rate, rate_iops (rate.h) */
	struct lm_rate_min rate_min; /* and rate_min, rate_iops_min */
	bool paced;		     /* the last fill stopped at the rate */
	/* drawn and held back: --verify's, waiting for an overlap, or
	 * trimwrite's write after its trim */
	struct lm_next held;
	bool flowed;		 /* the last draw was held by the flow */
	struct lm_dedupe dedupe; /* LM_FILL_SEEDED's */
	uint64_t flow_mine;	 /* IOs issued in the flow */
	struct lm_lat_target lt; /* fio's latency_target: the depth */
	/* fio's invalidate of a buffered job (@inval): the bytes left to
	 * issue in this pass over the region; the next IO drops its cache */
	uint64_t inval_left;
	bool inval;
	enum lm_lat_step lt_step; /* what an IO over the target asked */
	/* fio's fsync=N (sync.h): the writes issued, and whether the last
	 * IO to complete was a sync (fio's last_was_sync) */
	uint64_t writes;
	bool synced;
	/* fio's verify_backlog: the writes waiting for their read, and the
	 * pass has drawn its last IO (only those reads are left) */
	struct lm_backlog backlog;
	bool drawn_out;
	bool settled; /* lm_drawn_out() was done */
	/* fio's write_iolog (trace.h): the lines of this worker's IOs, and
	 * whether its "open" was said */
	struct lm_trace_buf trace;
	bool traced;
};

/* The name write_iolog's lines give @w's file: the target's, as the
 * user gave it (a LUN's URL without its secret), or for the null engine,
 * which has none, the job's. */
static inline const char *lm_trace_file(const struct lm_worker *w)
{
	return w->target->name[0] ? w->target->name : w->job->name;
}

/*
 * The loop's first error, with where and the engine's words for it; the
 * later ones are counted, not kept. Every refused queue, submit, reap or
 * flush comes here, as a failed IO does.
 */
void lm_loop_fail(struct lm_worker *w, const struct lm_loop *l, int err,
		  uint64_t offset, unsigned int dir);

/* What is in flight completes (fio's quiesce); false at the stop. An
 * error also ends it, with IOs still in flight: see w->io_errno. */
bool lm_loop_quiesce(struct lm_worker *w, struct lm_loop *l);

/* Is the window open at @now, and is it time to stop (*@stop)? */
bool lm_loop_measuring(struct lm_worker *w, const struct lm_loop *l,
		       uint64_t now, bool *stop);

/*
 * When the loop issues nothing (pause.c). lm_loop_start(): a job that
 * starts late (startdelay, wait_for) waits for it, then drops its
 * region's cache when buffered. lm_loop_think_due(): fio's thinktime
 * is due, after @issuing IOs issued (thinktime_blocks_type=issue) or
 * completed; lm_loop_think() quiesces and pauses. lm_loop_hold(): the
 * next IO is held, by the flow (with IOs in flight too) or, with none
 * in flight, by the rate or another thread's IO. Each ends at the stop.
 */
void lm_loop_start(struct lm_worker *w, const struct lm_loop *l);
bool lm_loop_think_due(const struct lm_worker *w, const struct lm_loop *l,
		       bool issuing);
void lm_loop_think(struct lm_worker *w, struct lm_loop *l);
void lm_loop_hold(struct lm_worker *w, struct lm_loop *l);

/* Every worker of the run stops (fio's default: the first error ends the
 * run). */
void lm_loop_stop_all(struct lm_worker *w);

/*
 * Until the pass set in @l (l->gen, mixed, trimwrite, dir, solo) is done, the
 * stop, or the first error; then every IO in flight is reaped.
 */
void lm_loop_run(struct lm_worker *w, struct lm_loop *l);

/* fio's per-job CPU of the loop's thread (worker.h), in worker.c: from
 * the first completion in the window (@measuring) to the loop's end,
 * added up over a worker's passes. */
void lm_worker_cpu_from(struct lm_worker *w, bool measuring);
void lm_worker_cpu_to(struct lm_worker *w);

#endif

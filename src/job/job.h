/* SPDX-License-Identifier: MIT */
/*
 * The job model: what one run does, independent of the target and of how
 * it was described (command line, profile, fio job file).
 */
#ifndef LM_JOB_H
#define LM_JOB_H

#include "src/job/buffer.h"
#include "src/stats/stats.h"
#include "src/stats/steady.h"

#include "src/job/dist.h"
#include "src/job/onerror.h"
#include "src/job/place.h"
#include "src/job/prio.h"
#include "src/job/verify_block.h"

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct lm_run_clock;
struct lm_iolog_budget; /* src/run/iolog.h */
struct lm_trace;	/* src/run/trace.h */

#define LM_BS_MIN 512u
#define LM_BS_MAX (64u << 20)
#define LM_DEPTH_MAX 1024u
#define LM_THREADS_MAX 64u
#define LM_JOB_NAME_MAX 127u /* a job name's characters, as fio 3.33 keeps */
#define LM_SAMPLE_EACH_IO 0u /* bw_avg_ms, iops_avg_ms: see there */
#define LM_SAMPLE_NONE UINT_MAX

enum lm_rw {
	LM_RW_READ,
	LM_RW_WRITE,
	LM_RW_RANDREAD,
	LM_RW_RANDWRITE,
	LM_RW_RW,
	LM_RW_RANDRW,
	/* fio's trims: each block discarded (a device's BLKDISCARD, a
	 * file's punched hole, an iSCSI LUN's UNMAP); trimwrite trims a
	 * block, then writes it, then goes on to the next (randtrimwrite:
	 * at random blocks) */
	LM_RW_TRIM,
	LM_RW_RANDTRIM,
	LM_RW_TRIMWRITE,
	LM_RW_RANDTRIMWRITE,
};

/* Fault injection for the null engine: fail every Nth IO, or with
 * probability prob_pct, with -err_no. */
struct lm_fault {
	uint64_t every_n;
	double prob_pct;
	int err_no;
};

#define LM_BS_SPLITS 16u

/*
 * fio's bs=r,w, bsrange and bssplit: the block sizes of one direction.
 * n == 0: a multiple of lo from lo to hi, evenly (lo == hi: one size);
 * else bs[i] for a share cum_pct[i] - cum_pct[i - 1] of the IOs.
 */
struct lm_bsdir {
	uint32_t lo, hi;
	/* fio's bs 0, bsrange 1, bssplit 2: the higher wins, whatever the
	 * order or section they are given in, as in fio */
	unsigned int rank;
	unsigned int n;
	uint32_t bs[LM_BS_SPLITS];
	unsigned int cum_pct[LM_BS_SPLITS]; /* the last is 100 */
};

enum { LM_RATE_LINEAR, LM_RATE_POISSON };
enum { LM_EXIT_WHAT_GROUP, LM_EXIT_WHAT_STONEWALL, LM_EXIT_WHAT_ALL };

/* fio's fadvise_hint: what a fio job's target is told of its IO at
 * open (posix_fadvise()): by its pattern (1, the default: RANDOM for a
 * random job, no readahead, else SEQUENTIAL), nothing (0), or one of
 * the two whatever the pattern. */
enum lm_fadvise {
	LM_FADV_BY_RW,
	LM_FADV_NONE,
	LM_FADV_RANDOM,
	LM_FADV_SEQUENTIAL,
};

struct lm_job {
	char name[LM_JOB_NAME_MAX + 1];
	enum lm_rw rw;
	unsigned int rwmixread_pct; /* share of reads in rw / randrw */
	uint32_t bs_bytes; /* with bs_vary: the smallest, the offset unit */
	bool bs_vary;	   /* the sizes in bsd[] */
	struct lm_bsdir bsd[LM_DIRS]; /* read, write, trim */
	unsigned int iodepth;	      /* per thread */
	/* fio's iodepth_batch_submit: IOs are handed to the engine once
	 * this many are queued (LM_BATCH_ALL: all that may go at once). A
	 * device sees each IO as the job made it only when they go one by
	 * one: the block layer merges a batch's adjacent IOs. 0: lunmark's
	 * own choice, lm_job_batch() */
	unsigned int batch_submit;
	/* fio's iodepth_batch_complete_min and _max: a reap waits for at
	 * least min completions (default 1; 0 polls) and takes at most max
	 * (0: iodepth) */
	unsigned int batch_min, batch_max;
	unsigned int threads;
	uint64_t size_bytes;   /* region length; 0: to the end */
	uint64_t offset_bytes; /* region start */
	double size_pct;       /* fio's size=N%: of the target, when > 0 */
	double offset_pct;     /* fio's offset=N% */
	double offset_increment_pct; /* fio's offset_increment=N% ... */
	unsigned int offset_clone;   /* ... times this clone's number */
	double io_pct;		     /* fio's io_size=N%: of size_bytes */
	/* fio's offset_increment: thread k's region starts k times this
	 * further, and each thread has its own pass (0: they share one) */
	uint64_t offset_increment;
	/* fio's io_size: bytes a thread moves in a size-limited run (0:
	 * one pass over the region) */
	uint64_t io_bytes;
	/* fio's loops: a size-limited run moves its bytes this many times
	 * (0 or 1: once), as loops.h counts them with io_size */
	unsigned int loops;
	/* fio's io_size counts the job's verify read-back (loops.h) */
	bool io_readback;
	uint64_t runtime_ns; /* 0: until size_bytes are done */
	uint64_t ramp_ns;
	bool time_based;	 /* loop over the region until runtime */
	unsigned int random_pct; /* random jobs: share of random offsets,
				  * the rest sequential (percentage_random) */
	/* fully random jobs of one block size: every block once a pass,
	 * in random order (fio's random map); else uniform draws */
	bool randmap;
	/* fio's rw=randread:N: every Nth offset drawn, those between the
	 * blocks after the one before (rw_seq 0, rw_sequencer=sequential)
	 * or it again (1, identical), with no random map; 0: off */
	unsigned int seq_nr;
	int rw_seq;
	bool direct;
	/* fio's fadvise_hint: how a fio job's target is advised at open
	 * (enum lm_fadvise) */
	int fadvise;
	/* fio's invalidate: drop the target's page cache at open, so that
	 * a buffered job's IOs reach the device */
	bool invalidate;
	uint64_t seed;
	enum lm_pattern pattern;
	unsigned int compress_pct; /* fio's buffer_compress_percentage */
	/* fio's dedupe_percentage, dedupe_mode=working_set (dedupe_ws),
	 * dedupe_working_set_percentage, dedupe_global (buffer.h) */
	unsigned int dedupe_pct;
	int dedupe_ws;
	unsigned int dedupe_ws_pct; /* default 5 */
	bool dedupe_global;
	bool prefill; /* write the region before reading it */
	/* --verify: every block written carries a header (verify_block.h), every
	 * block read is checked, as verify_kind says (fio's verify=), against
	 * fio's verify_pattern when it has one */
	bool verify;
	enum lm_verify_kind verify_kind;
	struct lm_verify_pattern verify_pat;
	/* fio's buffer_pattern: the data every write holds (no stamps), or
	 * with compress_pct its compressible part's; len 0: none */
	struct lm_verify_pattern buf_pat;
	/* fio's verify_backlog and verify_backlog_batch: a write job's
	 * writes read back within its pass (src/run/backlog.h); 0: after
	 * it, as fio's verify phase */
	uint64_t verify_backlog;
	uint32_t verify_batch;
	/* a fio job's: of a mixed job's reads only those of its own writes
	 * are checked, as fio checks only reads from its verify list */
	bool verify_own;
	char engine[16];
	bool sqpoll;
	/* fio's engine options (struct lm_engine_conf says what each
	 * does): sqthread_poll_cpu, hipri, force_async, nowait */
	bool sqpoll_aff;
	unsigned int sqpoll_cpu;
	bool iopoll;
	unsigned int force_async;
	bool nowait;
	struct lm_fault fault;
	/* fio's ss=: stop once the run is steady by fio's rule */
	struct lm_steady_conf ss;
	/* fio's random_distribution: which blocks random IOs pick */
	struct lm_dist dist;
	/* record every measured IO (iolog.h) for fio's per-IO logs, in the
	 * memory of @iolog_budget (NULL: no budget but a thread's cap) */
	bool iolog;
	struct lm_iolog_budget *iolog_budget;
	/* fio's write_iolog: every IO issued, into this trace (trace.h);
	 * NULL: none */
	struct lm_trace *trace;
	/* fio's rate and rate_iops, per direction (read, write, trim; 0:
	 * flat out), and rate_process (src/run/rate.h) */
	uint64_t rate_bytes[LM_DIRS];
	uint64_t rate_iops[LM_DIRS];
	int rate_process; /* LM_RATE_LINEAR or LM_RATE_POISSON */
	/* fio's rate_min and rate_iops_min, per direction (0: none): a
	 * thread slower than this over a ratecycle fails (rate.h) */
	uint64_t rate_min_bytes[LM_DIRS];
	uint64_t rate_min_iops[LM_DIRS];
	uint64_t ratecycle_ms;	/* default 1000, as fio */
	uint64_t startdelay_ns; /* fio's startdelay: the job's IO starts late */
	/* fio's wait_for: the targets of its run (bit k: target k) whose
	 * workers must all be done before this job's first IO */
	uint64_t wait_mask;
	/* fio's thinktime: once think_blocks IOs have completed (issued,
	 * with think_issued) since the last pause, wait for those in
	 * flight, spin think_spin_ns and sleep the rest of think_ns */
	uint64_t think_ns, think_spin_ns;
	unsigned int think_blocks; /* default 1 */
	int think_issued;    /* thinktime_blocks_type=issue (1), complete (0) */
	uint64_t number_ios; /* a thread stops after this many IOs; 0: none */
	/* fio's fsync=N and fdatasync=N: a sync before the next IO once a
	 * multiple of N writes was issued (0: none); end_fsync and
	 * fsync_on_close: one when a writing thread is done (sync.h) */
	uint32_t fsync_every, fdatasync_every;
	bool end_fsync, fsync_on_close;
	/* fio's sync=: a writing job's target opened O_SYNC or O_DSYNC (on
	 * an iSCSI LUN, its writes with FUA); 0: neither */
	int open_sync;
	/* what lm_job_fit() cut off size_bytes, less than a block: fio's
	 * loop goes on while it is left (src/run/sync.h) */
	uint32_t size_rest;
	/* a fio job's file after its first (src/cmd/phase.h), served by
	 * that job's one fio thread: at once with the slot before it, or in
	 * turn, after it (the slot it waits for). Its IO records and
	 * samples are that thread's, and the thread is done (exitall) when
	 * all its files are. */
	enum lm_file_turn {
		LM_FILE_OWN,	 /* a thread of its own */
		LM_FILE_AT_ONCE, /* beside the slot before it */
		LM_FILE_IN_TURN, /* after the slot before it */
	} file_turn;
	/* a file in turn that the files before it leave no bytes for: made,
	 * opened and done with no IO, as fio's sequential service skips it */
	bool no_io;
	/* fio's exitall: when this job is done, stop the jobs of exit_what
	 * (LM_EXIT_WHAT_*): those of its group (exit_group, fio's group
	 * id), every job running, or those and every later one */
	bool exitall;
	unsigned int exit_what;
	unsigned int exit_group;
	/* fio's steady state (ss) is judged on the sum of the span the job
	 * is in (lm_run_span: a fio thread's files, a group_reporting
	 * group), and stops the whole span, as fio's steadystate.c sums a
	 * group's jobs; else on the job's own figures */
	bool ss_span;
	/* fio's flow: this job's threads' weight in flow flow_id (0: not in
	 * one), and how long a thread held by it sleeps (src/run/flow.h) */
	unsigned int flow, flow_id;
	uint64_t flow_sleep_ns;
	/* fio's latency_target (src/run/lattarget.h; 0: off),
	 * latency_window, latency_percentile (default 100) and latency_run */
	uint64_t lat_target_ns, lat_window_ns;
	double lat_pct;
	bool lat_run;
	/* fio's prio, prioclass and cmdprio options (prio.h) */
	struct lm_prio prio;
	/* each priority's latencies (fio's prios[]) of the whole IO, from
	 * issue (fio's with lat_percentiles), else from submission (clat) */
	bool prio_total;
	/* fio's cpus_allowed and numa_* options (place.h) */
	struct lm_place place;
	/* fio's size past the target's end: cut at it (job files), the size
	 * asked kept in size_asked (0: not cut); else refused */
	bool size_cut;
	uint64_t size_asked;
	/* fio's ramp_time in a size-limited job (job files): its IOs are of
	 * the pass, which is measured from the ramp's end on; else the
	 * ramp is a warm-up and a whole pass is measured after it */
	bool ramp_in_pass;
	/* fio's bwavgtime and iopsavgtime: its bw and iops samples
	 * period in ms (default 500); LM_SAMPLE_EACH_IO: a sample per
	 * measured IO, as fio's with a log of every IO (bw: its bytes over
	 * its clat, in fio's bytes per ms; iops: 1); LM_SAMPLE_NONE: none */
	unsigned int bw_avg_ms, iops_avg_ms;
	/* fio's continue_on_error and ignore_error (onerror.h), and its
	 * error_dump: each failed IO gone on past said on stderr */
	struct lm_onerr onerr;
	bool error_dump;
	/* several hosts in one run (src/run/clock.h), or NULL alone */
	const struct lm_run_clock *clock;
};

/* fio's defaults where fio has one: read, 4k, QD1, one thread, direct. */
void lm_job_defaults(struct lm_job *j);

/* Returns 0 or -EINVAL. */
const char *lm_rw_name(enum lm_rw rw);

static inline bool lm_rw_random(enum lm_rw rw)
{
	return rw == LM_RW_RANDREAD || rw == LM_RW_RANDWRITE ||
	       rw == LM_RW_RANDRW || rw == LM_RW_RANDTRIM ||
	       rw == LM_RW_RANDTRIMWRITE;
}

static inline bool lm_rw_mixed(enum lm_rw rw)
{
	return rw == LM_RW_RW || rw == LM_RW_RANDRW;
}

/* fio's trimwrite and randtrimwrite: each block trimmed, then written */
static inline bool lm_rw_trimwrite(enum lm_rw rw)
{
	return rw == LM_RW_TRIMWRITE || rw == LM_RW_RANDTRIMWRITE;
}

static inline bool lm_rw_reads(enum lm_rw rw)
{
	return rw == LM_RW_READ || rw == LM_RW_RANDREAD || lm_rw_mixed(rw);
}

/* Does it write data (a trimwrite does)? */
static inline bool lm_rw_writes(enum lm_rw rw)
{
	return rw == LM_RW_WRITE || rw == LM_RW_RANDWRITE || lm_rw_mixed(rw) ||
	       lm_rw_trimwrite(rw);
}

static inline bool lm_rw_trims(enum lm_rw rw)
{
	return rw == LM_RW_TRIM || rw == LM_RW_RANDTRIM || lm_rw_trimwrite(rw);
}

/* Does it change what the target holds (writes or trims): what the write
 * guard asks --allow-write for? */
static inline bool lm_rw_alters(enum lm_rw rw)
{
	return lm_rw_writes(rw) || lm_rw_trims(rw);
}

/* Does it do IOs of direction @d? */
static inline bool lm_rw_does(enum lm_rw rw, unsigned int d)
{
	return d == LM_DIR_READ	   ? lm_rw_reads(rw)
	       : d == LM_DIR_WRITE ? lm_rw_writes(rw)
				   : lm_rw_trims(rw);
}

#define LM_BATCH_ALL UINT_MAX

/* fio's rule: a reap takes at least what it waits for, so a batch_max
 * set below batch_min is raised to it (0 stays: iodepth). */
static inline void lm_job_reap_fix(struct lm_job *j)
{
	if (j->batch_max && j->batch_min > j->batch_max)
		j->batch_max = j->batch_min;
}

/* How many IOs a job queues before it hands them on (batch_submit): as
 * asked, else one by one where the job has sequential IOs and a kernel's
 * block layer (@merges) would merge a batch of them, and all at once
 * where nothing merges (one system call for the lot): random IOs, or an
 * engine of its own wire (iSCSI) or of none. */
static inline unsigned int lm_job_batch(const struct lm_job *j, bool merges)
{
	if (j->batch_submit)
		return j->batch_submit;
	return !merges || (lm_rw_random(j->rw) && j->random_pct >= 100)
		       ? LM_BATCH_ALL
		       : 1;
}

/* Are a job's overlapping IOs kept apart (src/run/overlap.h): --verify's
 * reads and writes, and trimwrite's write and the trim before it? */
static inline bool lm_job_guarded(const struct lm_job *j)
{
	return j->verify || lm_rw_trimwrite(j->rw);
}

/* Does the job walk a random map (randmap, and it can)? */
static inline bool lm_job_mapped(const struct lm_job *j)
{
	return j->randmap && lm_rw_random(j->rw) && j->random_pct >= 100 &&
	       !j->bs_vary && !lm_dist_placed(&j->dist) && !j->seq_nr;
}

/* Does a random job in strided zones walk each zone's blocks once a
 * round (randmap, fio's map reset each zonerange; lm_offset_zone_map())? */
static inline bool lm_job_zone_mapped(const struct lm_job *j)
{
	return j->randmap && lm_rw_random(j->rw) && j->random_pct >= 100 &&
	       !j->bs_vary && j->dist.kind == LM_DIST_UNIFORM &&
	       j->dist.zone_bytes && !j->seq_nr;
}

/* Does the job walk fio's random map of blocks (blockmap.h): randmap, in
 * a random job of several sizes, its offsets on the smallest one? (The
 * worker also needs its region to fit LM_BLOCKMAP_MAX_BLOCKS.) */
static inline bool lm_job_blockmapped(const struct lm_job *j)
{
	return j->randmap && lm_rw_random(j->rw) && j->random_pct >= 100 &&
	       j->bs_vary && !lm_dist_placed(&j->dist) && !j->seq_nr;
}

/* @j's IOs issued plainly, whatever the job asked of its engine (sqpoll,
 * fio's hipri, sqthread_poll_cpu, force_async, nowait): a run's own
 * passes (a prefill, explicit passes), which must not fail with EAGAIN
 * or EOPNOTSUPP where the job would have. */
static inline void lm_job_engine_plain(struct lm_job *j)
{
	j->sqpoll = j->sqpoll_aff = j->iopoll = j->nowait = false;
	j->force_async = 0;
}

/* Do @j's writes hold fio's buffer_pattern as it is? Not with
 * buffer_compress_percentage or dedupe_percentage, whose data is drawn
 * per write (the pattern in place of the zeros), as fio's
 * fill_io_buffer() checks them first. */
static inline bool lm_job_pattern_alone(const struct lm_job *j)
{
	return j->buf_pat.len && !j->compress_pct && !j->dedupe_pct;
}

/* Does a verifying job write what it checks (fio's verify= but null)? */
static inline bool lm_job_verify_checks(const struct lm_job *j)
{
	return j->verify && j->verify_kind != LM_VERIFY_NULL;
}

/* Are a verifying job's reads checked on a device of @lbs-byte blocks?
 * lunmark's hash checks each block by itself; a pattern only where a
 * block's bytes do not depend on which IO wrote it: not in a mixed job,
 * nor in a job of several sizes with a pattern whose bytes depend on
 * where a write began (verify_block.h). A fio job's mixed job checks
 * only the reads of its own writes (verify_own: its backlog's), as fio. */
static inline bool lm_job_checks_reads(const struct lm_job *j, uint32_t lbs)
{
	return lm_job_verify_checks(j) && !j->verify_own &&
	       (j->verify_kind == LM_VERIFY_HASH ||
		(!lm_rw_mixed(j->rw) &&
		 (!j->bs_vary ||
		  lm_verify_pattern_anchored(&j->verify_pat, lbs))));
}

/* The largest (@max) or smallest block size of one direction. */
uint32_t lm_bsdir_end(const struct lm_bsdir *b, bool max);

/* The largest and the smallest block size of direction @d (0 read, 1
 * write), or of the job (@d < 0). */
uint32_t lm_job_bs_max(const struct lm_job *j, int d);
uint32_t lm_job_bs_min(const struct lm_job *j, int d);

/* Can what a verifying job wrote be read back block by block, at the
 * offsets and sizes written? Not with writes of several sizes and a
 * pattern whose bytes depend on where a write began: they overlap at
 * other boundaries (verify_block.h). */
static inline bool lm_job_rereadable(const struct lm_job *j)
{
	return j->verify_kind == LM_VERIFY_HASH ||
	       j->verify_kind == LM_VERIFY_NULL ||
	       lm_verify_pattern_anchored(&j->verify_pat, 512) ||
	       lm_job_bs_min(j, LM_DIR_WRITE) == lm_job_bs_max(j, LM_DIR_WRITE);
}

/* After bsd[] changed: bs_vary and bs_bytes (the smallest size). */
void lm_job_bs_update(struct lm_job *j);

/* Memory the job's IO buffers take, all threads together. */
uint64_t lm_job_buffer_bytes(const struct lm_job *j);
/* The most lm_job_check() allows: half the machine's memory. */
uint64_t lm_job_buffer_limit(void);

/*
 * Check the job on its own (ranges, engine limits, buffer memory). On
 * failure writes a message naming the option and what to do into @msg
 * and returns -EINVAL.
 */
int lm_job_check(const struct lm_job *j, char *msg, size_t len);

/* Is a block size of @j not a multiple of @lbs? It is put in @bad. */
bool lm_job_bs_misfit(const struct lm_job *j, uint32_t lbs, uint32_t *bad);

/*
 * (fit.c) Is the job's region (size_bytes) at least one IO of each
 * direction it does? Else -EINVAL, and @msg says why, naming the size
 * as @size_word ("--size", or a job file's "size"). Larger sizes are
 * drawn again, as fio's (lm_bs_pick()).
 */
int lm_job_fit_blocks(const struct lm_job *j, const char *size_word, char *msg,
		      size_t len);

/*
 * (fit.c) Check the job against a target of @target_bytes with logical
 * blocks of @lbs_bytes (1: a buffered job's, any size and offset) that
 * takes IOs of at most @max_io_bytes (0: no limit), and fill in a zero
 * size (the rest of the target). The size becomes whole blocks, what is cut kept in
 * size_rest. On failure writes a message into @msg and returns -EINVAL.
 */
int lm_job_fit(struct lm_job *j, uint64_t target_bytes, uint32_t lbs_bytes,
	       uint32_t max_io_bytes, char *msg, size_t len);

/*
 * @pj: the job of explicit passes from @j, with @j's engine, pattern, seed
 * and faults: IOs of @bs_bytes at @depth, one thread, and nothing of a
 * run's own (block size ranges, compression, --verify, sqpoll and fio's
 * other engine options, per-IO records, rate_min, startdelay, thinktime,
 * number_ios, exitall, flow, dedupe, IO priorities), whatever the command
 * line or job file said.
 */
void lm_pass_job(struct lm_job *pj, const struct lm_job *j, uint32_t bs_bytes,
		 unsigned int depth);

/*
 * Nothing of a measured job's own pacing and early stops, for the runs
 * made from it (a prefill, explicit passes, a verify read-back): no
 * rate_min, startdelay, wait_for, thinktime, exitall, flow or
 * latency_target, no dedupe, and no syncs of fio's (fsync and its kin).
 * The rate caps, number_ios and steady-state stop are the caller's.
 */
void lm_job_unpaced(struct lm_job *j);

#endif

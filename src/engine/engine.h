/* SPDX-License-Identifier: MIT */
/*
 * The engine seam: one ops table per engine, one file per engine in
 * src/engine/, one list of them in engine.c (the registry). An engine's
 * table holds its hooks and its capabilities, so that the rest of lunmark
 * asks "does this engine need a target, how deep can it queue" instead of
 * spelling engine names. A worker thread owns one struct lm_engine and is
 * the only caller of its ops. Every hook returns 0 (or a count) on success
 * and -errno on failure; an IO's result is bytes transferred or -errno,
 * like cqe->res.
 *
 * Adding an engine: write src/engine/NAME.c defining
 * `const struct lm_engine_ops lm_engine_NAME`, and add NAME to the list in
 * engine.c. No other code names it; only the prose of --help
 * (src/cli/usage.c) and of man/lunmark.1 lists the engines by hand.
 */
#ifndef LM_ENGINE_H
#define LM_ENGINE_H

#include "src/job/job.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/uio.h>

struct lm_target;

struct lm_io {
	void *buf;
	uint64_t offset;
	uint32_t len;
	unsigned int slot; /* stable, in [0, depth): an engine's own index */
	unsigned int buf_index; /* index into the registered buffers */
	/* enum lm_dir: a trim only for an engine with ops->trim (else the
	 * worker does it: lm_target_trim()) */
	uint8_t dir;
	/* its priority (src/job/prio.h: class << 13 | level), for an
	 * engine with ops->ioprio; and its index among its direction's */
	uint16_t ioprio;
	uint8_t prio_idx;
	bool counted; /* the worker's: issued into a size-limited pass */
	bool verify;  /* the worker's: a verify_backlog read, checked */
	int res;      /* bytes, or -errno */
	uint64_t issue_ns;
	/* the worker's: when submit() had handed it on, with an engine
	 * whose ops->slat is set; 0 otherwise */
	uint64_t submit_ns;
};

/* What a worker asks of its engine. */
struct lm_engine_conf {
	unsigned int depth;
	bool sqpoll;
	/* the SQPOLL thread on CPU sqpoll_cpu (fio's sqthread_poll_cpu) */
	bool sqpoll_aff;
	unsigned int sqpoll_cpu;
	/* fio's io_uring options: completions polled (hipri:
	 * IORING_SETUP_IOPOLL; a device without poll queues fails each IO
	 * with EOPNOTSUPP, as under fio), IOSQE_ASYNC on every
	 * force_async-th IO; and RWF_NOWAIT on reads and writes (io_uring
	 * and libaio: an IO that would block fails with EAGAIN) */
	bool iopoll;
	unsigned int force_async;
	bool nowait;
	/* submit() hands what is queued to the kernel at once (fio's
	 * iodepth_batch_submit), not with the next reap's wait as uring
	 * does at a depth of 1 or with cpus_busy to save a system call */
	bool submit_now;
	/* the run has a worker for each CPU it may use: with none left
	 * idle to start a batch on while the worker goes on, uring hands
	 * it on with the next reap's wait at any depth, one system call a
	 * batch where a queue deeper than one otherwise takes two */
	bool cpus_busy;
	const struct iovec *bufs; /* for engines that register them */
	unsigned int nbufs;
	struct lm_fault fault;
	uint64_t seed;
};

struct lm_engine {
	const struct lm_engine_ops *ops;
	struct lm_engine_conf conf;
	void *priv;
	/* filled by setup or teardown: a note for the report, e.g. what
	 * fell back or what capped the queue */
	char note[96];
	/* filled by the engine: its first failure in words (setup, or an
	 * IO's SCSI sense); "" when strerror() says it all */
	char err[512];
	/* err is lm_engine_why()'s, of the last failure it saw */
	bool err_why;
	/* filled by teardown: sessions lost and logged in again */
	unsigned int reconnects;
};

/*
 * fio's engines with option lists of their own, a bit each: whose own
 * options an engine takes (struct lm_engine_ops' fio_opts), and whose an
 * option of fio's job files is (struct lm_option's engines).
 */
#define LM_ENGINE_OPTS_URING 1u /* io_uring's: hipri, fixedbufs, ... */
#define LM_ENGINE_OPTS_AIO 2u	/* libaio's: userspace_reap */

/* What an engine's target is: what lm_target_open() must open for it. */
enum lm_engine_target {
	LM_ENGINE_TARGET_PATH, /* a block device, a file or a directory */
	LM_ENGINE_TARGET_URL,  /* an iscsi:// URL */
	LM_ENGINE_TARGET_NONE, /* nothing: the engine does no IO to a target */
};

struct lm_engine_ops {
	const char *name;     /* lunmark's: --engine=NAME, saved in results */
	const char *fio_name; /* fio's ioengine= name; --engine takes it too */
	/* fio's other names of the same IO, space-separated, or NULL */
	const char *fio_also;
	/* the deepest queue it keeps; 0: no limit of its own */
	unsigned int max_depth;
	enum lm_engine_target target;
	bool sqpoll; /* polls submissions from a kernel thread (--sqpoll) */
	bool faults; /* injects faults (conf.fault: --fail-every, --fail-prob) */
	bool ioprio; /* sets each IO's priority (struct lm_io's ioprio) */
	/* LM_ENGINE_OPTS_*: the fio engine whose own options it takes
	 * (cmdprio*, hipri, nowait, ...), or 0 */
	unsigned int fio_opts;
	/*
	 * submit() hands what is queued to the kernel or the wire and
	 * returns before it completes, so its return ends the IOs'
	 * submission latency (fio's slat) and starts their completion
	 * latency (clat). False where one call submits and waits (uring's
	 * io_uring_enter) or does the IO (psync): lat is all clat there.
	 */
	bool slat;
	/* queue() takes trims (io->dir LM_DIR_TRIM, io->buf unused): an
	 * iSCSI UNMAP; else the worker trims in its own thread, as fio's
	 * engines do */
	bool trim;

	/*
	 * per-thread context for target @t; called in the worker thread. A
	 * failure the errno does not explain (a kernel that refuses the
	 * engine, a limit to raise) is put in words in e->err, with what to
	 * do about it.
	 */
	int (*setup)(struct lm_engine *e, const struct lm_target *t);
	/* take one IO; never more than conf.depth are outstanding */
	int (*queue)(struct lm_engine *e, struct lm_io *io);
	/*
	 * hand what is queued to the kernel (or the wire); an IO that cannot
	 * be submitted is completed with res = -errno and handed back by
	 * reap, so every queued IO is reaped exactly once. uring may keep
	 * them for the next reap's enter (conf.submit_now, cpus_busy) unless
	 * @now: an IO the thread does itself (a sync, a trim) comes next,
	 * and what was queued must be on its way before it.
	 */
	int (*submit)(struct lm_engine *e, bool now);
	/* wait for at least @min completions, return at most @max */
	int (*reap)(struct lm_engine *e, unsigned int min, struct lm_io **done,
		    unsigned int max);
	/*
	 * Called once after every setup, also after a setup that failed, and
	 * must cope with whatever setup left (priv may be NULL). Leaves priv
	 * NULL.
	 */
	void (*teardown)(struct lm_engine *e);
	/*
	 * optional: make what was written durable (SYNCHRONIZE CACHE) with
	 * nothing in flight; NULL where fdatasync() on the target's file
	 * descriptor does it
	 */
	int (*flush)(struct lm_engine *e);
};

/* By lunmark's name or fio's ioengine name; NULL when unknown. */
const struct lm_engine_ops *lm_engine_find(const char *name);
/* The @i-th engine of the registry, in its order; NULL past the last. */
const struct lm_engine_ops *lm_engine_at(unsigned int i);
/* The first engine @fits accepts, in the registry's order; NULL if none. */
const struct lm_engine_ops *
lm_engine_first(bool (*fits)(const struct lm_engine_ops *e));
/* The engine of a job that names none. */
const struct lm_engine_ops *lm_engine_default(void);
/* The engine of an iscsi:// URL when the job names none. */
const struct lm_engine_ops *lm_engine_url(void);
/* @want capped at @e's deepest queue. */
unsigned int lm_engine_depth(const struct lm_engine_ops *e, unsigned int want);

/*
 * "uring engine: WHAT: ..." with advice, for a -errno from setup (as @err,
 * positive) that engine @name did not put in words itself (struct
 * lm_engine's err).
 */
void lm_engine_report_setup_error(const char *name, const char *what, int err);

/* An IO's result @res: a failure that the engine's conf asked for (fio's
 * hipri or nowait) is put in words in e->err, unless the engine's own
 * words are there; another failure takes back what it put there, so
 * that a later failure (past continue_on_error) is not said so. */
void lm_engine_why(struct lm_engine *e, int res);

/* Long enough for lm_engine_names(). */
#define LM_ENGINE_NAMES_LEN 256
/*
 * Every engine, with fio's name in brackets where it differs, into @buf:
 * "uring (io_uring), aio (libaio), psync, iscsi (libiscsi), null".
 * Returns @buf.
 */
const char *lm_engine_names(char *buf, size_t len);
/* What an unknown engine name is told, with lm_engine_names()'s list:
 * "not an engine lunmark has: uring (io_uring), ...". Returns @buf. */
#define LM_ENGINE_UNKNOWN_LEN (LM_ENGINE_NAMES_LEN + 32)
const char *lm_engine_unknown(char *buf, size_t len);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * The engine seam: one ops table per engine, one file per engine in
 * src/engines/. A worker thread owns one struct lm_engine and is the only
 * caller of its ops. Every hook returns 0 (or a count) on success and
 * -errno on failure; an IO's result is bytes transferred or -errno, like
 * cqe->res.
 */
#ifndef LM_ENGINE_H
#define LM_ENGINE_H

#include "src/job/job.h"

#include <stdbool.h>
#include <stdint.h>
#include <sys/uio.h>

struct lm_target;

struct lm_io {
	void *buf;
	uint64_t offset;
	uint32_t len;
	unsigned int slot; /* stable, in [0, depth): an engine's own index */
	unsigned int buf_index; /* index into the registered buffers */
	bool write;
	bool counted; /* the worker's: issued into a size-limited pass */
	int res;      /* bytes, or -errno */
	uint64_t issue_ns;
};

/* What a worker asks of its engine. */
struct lm_engine_conf {
	unsigned int depth;
	bool sqpoll;
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
};

struct lm_engine_ops {
	const char *name;
	/* per-thread context for target @t; called in the worker thread */
	int (*setup)(struct lm_engine *e, const struct lm_target *t);
	/* take one IO; never more than conf.depth are outstanding */
	int (*queue)(struct lm_engine *e, struct lm_io *io);
	/*
	 * hand what is queued to the kernel (or the wire); an IO that cannot
	 * be submitted is completed with res = -errno and handed back by
	 * reap, so every queued IO is reaped exactly once
	 */
	int (*submit)(struct lm_engine *e);
	/* wait for at least @min completions, return at most @max */
	int (*reap)(struct lm_engine *e, unsigned int min, struct lm_io **done,
		    unsigned int max);
	void (*teardown)(struct lm_engine *e);
	/*
	 * optional: make what was written durable (SYNCHRONIZE CACHE) with
	 * nothing in flight; NULL where fdatasync() on the target's file
	 * descriptor does it
	 */
	int (*flush)(struct lm_engine *e);
};

extern const struct lm_engine_ops lm_engine_uring;
extern const struct lm_engine_ops lm_engine_aio;
extern const struct lm_engine_ops lm_engine_psync;
extern const struct lm_engine_ops lm_engine_null;
extern const struct lm_engine_ops lm_engine_iscsi;

/* By lunmark's name or fio's ioengine name; NULL when unknown. */
const struct lm_engine_ops *lm_engine_find(const char *name);
/* "uring (io_uring), aio (libaio), psync, iscsi (libiscsi), null" */
const char *lm_engine_names(void);

#endif

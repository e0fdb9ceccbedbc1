/* SPDX-License-Identifier: MIT */
/*
 * fio's write_iolog: every IO a run's workers issue, written as they
 * issue it, in fio's iolog version 3 (fio 3.31 on, what fio 3.33 writes
 * and its read_iolog replays): "fio version 3 iolog", then lines of
 * "USEC FILE add|open|close" and "USEC FILE read|write|trim|sync|datasync
 * OFFSET LENGTH", USEC counted from the trace's start. Ramp IOs, syncs,
 * trims and verify reads are in it, as in fio's.
 *
 * One trace is one file, shared by every job that names it, each worker
 * with a buffer of its own: a worker appends its lines without a lock or
 * a syscall and writes the buffer out when it is full and at its end, at
 * an offset taken from the trace (lock-free), so a file's lines are whole
 * but the workers' buffers interleave (fio's replay takes a time before
 * the last as no wait).
 */
#ifndef LM_TRACE_H
#define LM_TRACE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LM_TRACE_BUF (64u << 10) /* a worker's lines before a write */

struct lm_trace {
	int fd;
	/* @fd takes no offset (a FIFO, a socket, a terminal): written in
	 * turn, under @wlock */
	bool serial;
	pthread_mutex_t wlock;
	_Atomic uint64_t end; /* where the next buffer goes */
	uint64_t t0_ns;	      /* lm_now_ns() of its start */
	_Atomic int err;      /* the first failed write's -errno, else 0 */
	/* the files it said "add" of (a file is added once, whichever
	 * job or phase opens it) */
	pthread_mutex_t lock;
	char **added;
	size_t nadded, cap;
};

/* A worker's lines not yet written. */
struct lm_trace_buf {
	struct lm_trace *t; /* NULL: the worker traces nothing */
	char *b;
	size_t n;
	uint64_t last_off; /* the last IO's: a sync's line has it, as fio's */
};

/* @t on @fd, which holds @at bytes already (kept: fio appends), or which
 * takes no offset (@serial), its times from @t0_ns; its first line
 * written. 0, or -errno with nothing left to end. */
int lm_trace_start(struct lm_trace *t, int fd, bool serial, uint64_t at,
		   uint64_t t0_ns);
void lm_trace_end(struct lm_trace *t);

/* @b for a worker's lines into @t (NULL: none). 0 or -ENOMEM. */
int lm_trace_buf_init(struct lm_trace_buf *b, struct lm_trace *t);

/* @file (its name as the user gave it, no secret) opened at @now_ns: an
 * "add" line the first time the trace sees it, then "open". */
void lm_trace_open(struct lm_trace_buf *b, const char *file, uint64_t now_ns);

/* @file closed at @now_ns; @b written out and freed. */
void lm_trace_close(struct lm_trace_buf *b, const char *file, uint64_t now_ns);

/* One IO of @file issued at @now_ns: @act is fio's word for it (read,
 * write, trim), @off and @len its bytes. */
void lm_trace_io(struct lm_trace_buf *b, const char *file, uint64_t now_ns,
		 const char *act, uint64_t off, uint64_t len);

/* A sync of @file issued at @now_ns, @act "sync" or "datasync": a
 * length of 0 at the last IO's offset, as fio writes it (its sync reuses
 * an IO's record). */
void lm_trace_sync(struct lm_trace_buf *b, const char *file, uint64_t now_ns,
		   const char *act);

#endif

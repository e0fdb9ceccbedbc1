/* SPDX-License-Identifier: MIT */
/*
 * A record of every measured IO, for fio's logs of every IO
 * (log_avg_msec=0) and of windows that are not whole seconds. Each worker
 * appends to its own log, without locks, and allocates once per
 * LM_IOLOG_CHUNK IOs; at LM_IOLOG_MAX records, or when the run's budget
 * of memory for such logs is spent, a log is full and stops (fio's logs
 * grow until memory runs out).
 */
#ifndef LM_IOLOG_H
#define LM_IOLOG_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#define LM_IOLOG_CHUNK 65536u
#define LM_IOLOG_MAX (32ull << 20) /* 1.25 GiB a worker */

struct lm_io_rec {
	uint64_t at_ns;	 /* completion, from the measured window's start */
	uint64_t lat_ns; /* from issue to completion (fio's lat) */
	uint64_t offset; /* bytes, in the target (fio's log_offset) */
	uint32_t bs;
	uint16_t dir;  /* LM_DIR_READ or LM_DIR_WRITE */
	uint16_t prio; /* its priority (src/job/prio.h), fio's log_prio */
	/* of lat_ns, the submission's (fio's slat) where the engine tells
	 * it apart (engine.h's ops->slat), else 0; at most 2^32 - 1 ns */
	uint32_t slat_ns;
};

/* Its completion latency (fio's clat): all of lat_ns but the slat. */
static inline uint64_t lm_io_rec_clat(const struct lm_io_rec *e)
{
	return e->lat_ns - e->slat_ns;
}

/* An IO's bandwidth as fio's add_bw_sample() takes it: @bytes over its
 * completion latency @clat_ns, in bytes per ms; 0 in no time. */
static inline uint64_t lm_io_bw(uint64_t bytes, uint64_t clat_ns)
{
	return clat_ns ? bytes * 1000000ull / clat_ns : 0;
}

struct lm_iolog_chunk {
	struct lm_iolog_chunk *next;
	unsigned int n;
	struct lm_io_rec r[LM_IOLOG_CHUNK];
};

/*
 * The memory that all the logs of every IO of one run may hold together,
 * all its threads and jobs: taken a chunk at a time, without a lock, and
 * given back as chunks are freed. It outlives every log that uses it.
 */
struct lm_iolog_budget {
	_Atomic int64_t left; /* bytes */
	uint64_t total;
	_Atomic bool spent; /* a log stopped for want of it */
};

/* Half of what memroom.h's lm_mem_room() finds: the rest is left to the
 * host, to the run's other needs and to the log files, written after the
 * run (on tmpfs, memory again). */
void lm_iolog_budget_init(struct lm_iolog_budget *b);

struct lm_iolog {
	struct lm_iolog_chunk *head, *tail;
	uint64_t n;
	bool full; /* LM_IOLOG_MAX reached, budget spent or out of memory */
	/* whose memory its chunks take; NULL: none but LM_IOLOG_MAX */
	struct lm_iolog_budget *budget;
};

/* fio's bins of a latency histogram (FIO_IO_U_PLAT_NR): the first of
 * src/stats/hist.h's buckets, which are laid out as fio's are (exact to
 * 127 ns, then 64 to each power of two), the last holding the rest. */
#define LM_IOLOG_HIST_BINS 1856u

/* One window of fio's histogram log: its end (ms), direction, the block
 * size of the IO that ended it, and @nbins counts. */
typedef void lm_iolog_hist_fn(void *arg, uint64_t at_ms, unsigned int dir,
			      uint32_t bs, const uint64_t *bins,
			      unsigned int nbins);

/*
 * fio's clat histogram log (write_hist_log, log_hist_msec): each
 * direction's IOs' completion latencies (lm_io_rec_clat()) of @l in windows of @win_ms, cut as fio cuts them (the
 * first IO starts the clock; a window ends with the IO that completes
 * @win_ms or more after it began, and the next begins where that one was
 * due), each window's latencies in fio's bins, 2^@coarseness of them
 * summed into one (fio's log_hist_coarseness), handed to @emit. Returns
 * 0, or -ENOMEM.
 */
int lm_iolog_hist_windows(const struct lm_iolog *l, uint64_t win_ms,
			  unsigned int coarseness, lm_iolog_hist_fn *emit,
			  void *arg);

struct lm_io; /* src/engine/engine.h */

/* The record of @io, of direction @dir, completed at @now_ns, @at_ns
 * into the window: its latency, and its slat where the engine told it
 * (io->submit_ns). */
void lm_iolog_io(struct lm_iolog *l, const struct lm_io *io, unsigned int dir,
		 uint64_t now_ns, uint64_t at_ns);

/* Append one record; a full log takes no more. Before the first, set
 * @l->budget (or leave it NULL). */
void lm_iolog_add(struct lm_iolog *l, const struct lm_io_rec *rec);

/*
 * The records of @from into @to, each @shift_ns later (its window began
 * that much after @to's): after @to's, when @from's IOs all came after
 * them, else (@interleave) in order of completion. One log of one fio
 * thread that served several files. @from is left empty; what finds no
 * room (LM_IOLOG_MAX, the budget, memory) is left out and @to is marked
 * full. Both share one budget. Interleaving copies, freeing each chunk it
 * has copied: it holds two chunks more than the logs at most.
 */
void lm_iolog_merge(struct lm_iolog *to, struct lm_iolog *from,
		    uint64_t shift_ns, bool interleave);
/* @from's records moved to @to, which takes its budget too; @from is
 * left empty, with its budget. */
void lm_iolog_take(struct lm_iolog *to, struct lm_iolog *from);

/* Its records freed, their memory given back to its budget, which it
 * keeps. */
void lm_iolog_free(struct lm_iolog *l);

#endif

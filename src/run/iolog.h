/* SPDX-License-Identifier: MIT */
/*
 * A record of every measured IO, for fio's logs of every IO
 * (log_avg_msec=0) and of windows that are not whole seconds. Each worker
 * appends to its own log, without locks, and allocates once per
 * LM_IOLOG_CHUNK IOs; at LM_IOLOG_MAX records a log is full and stops
 * (fio's log_entries plays that part in fio).
 */
#ifndef LM_IOLOG_H
#define LM_IOLOG_H

#include <stdbool.h>
#include <stdint.h>

#define LM_IOLOG_CHUNK 65536u
#define LM_IOLOG_MAX (8ull << 20) /* 256 MiB a worker */

struct lm_io_rec {
	uint64_t at_ns;	 /* completion, from the measured window's start */
	uint64_t lat_ns; /* completion latency */
	uint64_t offset; /* bytes, in the target (fio's log_offset) */
	uint32_t bs;
	uint16_t dir;  /* LM_DIR_READ or LM_DIR_WRITE */
	uint16_t prio; /* its priority (src/job/prio.h), fio's log_prio */
};

struct lm_iolog_chunk {
	struct lm_iolog_chunk *next;
	unsigned int n;
	struct lm_io_rec r[LM_IOLOG_CHUNK];
};

struct lm_iolog {
	struct lm_iolog_chunk *head, *tail;
	uint64_t n;
	bool full; /* LM_IOLOG_MAX reached, or out of memory */
};

/* Append one record; a full log takes no more. */
void lm_iolog_add(struct lm_iolog *l, const struct lm_io_rec *rec);
void lm_iolog_free(struct lm_iolog *l);

#endif

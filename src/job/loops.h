/* SPDX-License-Identifier: MIT */
/*
 * fio's loops and io_size together: the bytes a size-limited job moves,
 * as fio's keep_running() goes on. A pass that ends at its region's end
 * (sequential with no skip, or random over fio's map) is one loop;
 * loops go on, at least `loops` of them, until the job's io_bytes (fio's
 * io_size, its read-back of a verifying write job counted in it, as
 * fio's io_bytes counts its verify reads) reach io_size, each loop
 * moving a pass at most (fio 3.33, size=256k: io_size=2M with loops=5,
 * 2 MiB; loops=9, 2.25 MiB; io_size=2M with verify, 1 MiB written and 1
 * MiB read back). A pass that does not end there (rw=read:N's skips,
 * norandommap, a random_distribution) moves io_size each loop; a mixed
 * job, its io_size each loop too.
 */
#ifndef LM_JOB_LOOPS_H
#define LM_JOB_LOOPS_H

#include <stdint.h>

struct lm_job;

/* The bytes @j moves over passes of @pass bytes (its io_bytes, else
 * one pass, each loop). */
uint64_t lm_loops_bytes(const struct lm_job *j, uint64_t pass);

#endif

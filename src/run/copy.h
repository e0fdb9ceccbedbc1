/* SPDX-License-Identifier: MIT */
/*
 * File copies, the way NAS reviews time them: a set of N files of F bytes
 * written ("upload"), then read back ("download"), one after the other.
 *
 * - In a directory: real files named lunmark-copy-N.tmp in a private
 *   directory lunmark makes there (target.h, newfile.h), each made anew,
 *   with O_DIRECT where the filesystem takes it for that size (otherwise
 *   buffered), fsync'd and closed; before the download their cached pages
 *   are dropped, so reads reach the storage. lm_copy_cleanup() removes
 *   them. These go through the filesystem call by call (open, pwrite or
 *   pread, fsync, close), as a copy tool does, not through an engine: an
 *   engine context is set up once for one open target, not per file.
 * - On a raw LUN, an iSCSI URL or a file: consecutive extents of F bytes
 *   from the region's start, each write followed by a cache flush
 *   (fdatasync, or SYNCHRONIZE CACHE through the iscsi engine): the
 *   block-level equivalent, through the job's engine and the one IO loop
 *   (worker.h: one explicit pass per extent). A stop (signal) or an error
 *   ends the set: the figures are those of the extents done whole.
 *
 * One thread, one IO in flight, chunks of at most 1 MiB, as a copy does.
 */
#ifndef LM_COPY_H
#define LM_COPY_H

#include "src/job/job.h"
#include "src/result/result.h"
#include "src/target/target.h"

#include <stdbool.h>
#include <stdint.h>

#define LM_COPY_CHUNK (1u << 20)

/* The set a copy test runs on @t: @files of @file_bytes, capped so the set
 * fits @cap_bytes (and the target): fewer files, or one smaller file. */
void lm_copy_fit(uint64_t files, uint64_t file_bytes, uint64_t cap_bytes,
		 uint64_t *n, uint64_t *f);

/*
 * Write (@write) or read back @n files of @f bytes on @t with @j's engine,
 * pattern and seed. Fills @r: per file an "IO" (ios = files, iops = files
 * per second, lat = time per file), bytes and MB/s, in r->sum[direction]
 * and r->sum[LM_SUM_ALL]. @r->note says when a directory's files could
 * not use O_DIRECT. Returns 0, or an exit code after printing why.
 */
int lm_copy_run(const struct lm_job *j, const struct lm_target *t, uint64_t n,
		uint64_t f, bool write, struct lm_run_result *r);

/* Remove the files a directory copy of @n files made. */
void lm_copy_cleanup(const struct lm_target *t, uint64_t n);

#endif

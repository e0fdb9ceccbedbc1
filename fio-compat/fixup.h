/* SPDX-License-Identifier: MIT */
/*
 * What fio checks and fixes in a job of a job file once its options
 * parsed, before its clones are made (jobs.c): fio 3.33's
 * fixup_options() and the checks of its init.c, and what lunmark cannot
 * run of a job's files.
 */
#ifndef LM_FIO_FIXUP_H
#define LM_FIO_FIXUP_H

#include "fio-compat/options.h"

#include <stddef.h>

struct lm_engine_ops;

/*
 * Job @fj, the next of @out (its files placed, lm_fio_files_place()):
 * - refused as fio refuses it: rate and rate_iops together, zonesize
 *   without zonemode (or the other way), a dedupe working set fio cannot
 *   make, a size under the smallest block, verify=pattern without a
 *   pattern, a wait_for= that names no single job before it, itself or
 *   a job of its flow; and what lunmark cannot run of its files (in
 *   turn with a runtime or number_ios, at once with a count to share
 *   under their number), or a blockalign it cannot keep;
 * - fixed as fio fixes it: filesize= each file's region (size= then the
 *   bytes moved), zones, iodepth_batch_complete_max, a mixed job's own
 *   reads checked, when verify_backlog reads back, io_size counting a
 *   write job's verify reads.
 * Returns 0, or -EINVAL with "file:line: ..." in @msg.
 */
int lm_fio_fixup_job(struct lm_fio_job *fj, const struct lm_fio_jobs *out,
		     char *msg, size_t len);

/* A synchronous engine @e (psync) does one IO at a time: fio caps @fj's
 * depth at 1 and says so among its reports, as lunmark to @notes
 * (lm_note_to()); lunmark's own run refuses it. */
void lm_fio_sync_depth(struct lm_fio_job *fj, const struct lm_engine_ops *e,
		       FILE *notes);

#endif

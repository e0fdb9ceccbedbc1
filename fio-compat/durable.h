/* SPDX-License-Identifier: MIT */
/*
 * fio's options about what the device holds once written, the job files'
 * rows of the option table that set them: the verify family (verify,
 * do_verify, and verify_* taken as lunmark's own verify serves them) and
 * the sync family (fsync, fdatasync, end_fsync, fsync_on_close, done by
 * src/run/sync.h; and sync=, the open's O_SYNC or O_DSYNC, FUA on an
 * iSCSI LUN, src/target/target.h). The table's lookups
 * (src/cli/lookup.c) walk them after the place rows (place.h).
 */
#ifndef LM_FIO_DURABLE_H
#define LM_FIO_DURABLE_H

#include "src/cli/options.h"

extern const struct lm_option lm_fio_durable_options[];
extern const unsigned int lm_fio_ndurable_options;

#endif

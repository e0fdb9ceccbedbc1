/* SPDX-License-Identifier: MIT */
/*
 * fio's options about what the device holds once written, the job files'
 * rows of the option table that set them: the verify family (verify,
 * do_verify, verify_pattern in fio's syntax, and the other verify_*
 * taken as lunmark's own verify serves them) and
 * the sync family (fsync, fdatasync, end_fsync, fsync_on_close, done by
 * src/run/sync.h; and sync=, the open's O_SYNC or O_DSYNC, FUA on an
 * iSCSI LUN, src/target/target.h). The table's lookups
 * (src/cli/lookup.c) walk them after the place rows (place.h).
 */
#ifndef LM_FIO_DURABLE_H
#define LM_FIO_DURABLE_H

#include "src/cli/options.h"
#include "src/job/verify_block.h"

#include <stddef.h>

extern const struct lm_option lm_fio_durable_options[];
extern const unsigned int lm_fio_ndurable_options;

/*
 * fio's verify_pattern syntax into @p, as fio 3.33 reads it: "text" (its
 * bytes, no escape), 'FILE' (the file's first bytes), %o (the IO's
 * offset, 8 bytes), 0xHEX (its bytes in order; an odd first digit stands
 * alone; a run ends where the next 0x begins) and a decimal number from
 * INT_MIN to INT_MAX (its bytes from the lowest, as many as it takes; 0
 * is one byte), one after another, at most 512 bytes. Returns 0, or
 * -EINVAL with what is wrong in @why.
 */
int lm_fio_pattern_parse(const char *v, struct lm_verify_pattern *p, char *why,
			 size_t len);

#endif

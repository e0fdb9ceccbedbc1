/* SPDX-License-Identifier: MIT */
/*
 * Saving a suite's result as JSON (json-c): every counted run of every
 * cell with its per-second samples, the statistics, the settings, the
 * target's identity and the host and version: what a later comparison
 * needs. The keys and their types are the schema's (schema.h, explained
 * in doc/result-schema.md); load.h reads the file back.
 */
#ifndef LM_SAVE_H
#define LM_SAVE_H

#include "src/report/report.h"
#include "src/suite/cell.h"
#include "src/target/identity.h"

#include <stddef.h>

/*
 * Write @m, as reported with @info, to @path (atomically and safely: a new
 * temporary file renamed onto it, newfile.h); @id, the target's identity, may be NULL (not saved). Returns 0
 * or -errno with a message naming the file.
 */
int lm_save_mark(const char *path, const struct lm_mark_info *info,
		 const struct lm_mark_result *m, const struct lm_identity *id,
		 char *msg, size_t len);

/* Whether @path can be saved to, tried before any IO (a temporary file
 * made and removed in its directory): 0, or -errno with a message. */
int lm_save_check(const char *path, char *msg, size_t len);

#endif

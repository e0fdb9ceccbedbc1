/* SPDX-License-Identifier: MIT */
/*
 * Saving a suite's result as JSON (json-c); load.h reads it back. The file
 * holds every counted run of every cell with its per-second samples, the
 * statistics, the settings, the target's identity and the host and
 * version: what a later comparison needs. doc/result-schema.md is the
 * schema; LM_SCHEMA_VERSION changes when the meaning of a field does.
 */
#ifndef LM_SAVE_H
#define LM_SAVE_H

#include "src/report/report.h"
#include "src/suite/suite.h"

#include <stddef.h>

#define LM_SCHEMA_NAME "lunmark-result"
#define LM_SCHEMA_VERSION 1

/* The keys of the file's ways ("read", "write", "mix"), sums ("read",
 * "write", "all") and latency percentiles ("p50" ... "p99.99"). */
extern const char *const lm_way_keys[LM_WAYS];
extern const char *const lm_sum_keys[LM_SUMS];
extern const char *const lm_pct_keys[LM_NPCT];

/*
 * Write @m, as reported with @info, to @path (atomically: a temporary file
 * renamed). Returns 0 or -errno with a message naming the file.
 */
int lm_save_mark(const char *path, const struct lm_mark_info *info,
		 const struct lm_mark_result *m, const struct lm_probe_info *id,
		 char *msg, size_t len);

#endif

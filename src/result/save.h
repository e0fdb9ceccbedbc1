/* SPDX-License-Identifier: MIT */
/*
 * Saving a suite's result as JSON and reading it back (json-c). The file
 * holds every counted run of every cell with its per-second samples, the
 * statistics, the settings, the target's identity and the host and
 * version: what a later comparison needs. doc/result-schema.md is the
 * schema; LM_SCHEMA_VERSION changes when the meaning of a field does.
 */
#ifndef LM_SAVE_H
#define LM_SAVE_H

#include "src/report/report.h"
#include "src/suite/cell.h"

#include <stddef.h>

#define LM_SCHEMA_NAME "lunmark-result"
#define LM_SCHEMA_VERSION 1

struct json_object;

/* The keys of the file's ways ("read", "write", "mix"), sums ("read",
 * "write", "all") and latency percentiles ("p50" ... "p99.99"). */
extern const char *const lm_way_keys[LM_WAYS];
extern const char *const lm_sum_keys[LM_SUMS];
extern const char *const lm_pct_keys[LM_NPCT];

/* A result read back: @info's strings live in @root. */
struct lm_saved {
	struct lm_mark_info info;
	struct lm_mark_result m;
	struct json_object *root;
};

/*
 * Write @m, as reported with @info, to @path (atomically: a temporary file
 * renamed). Returns 0 or -errno with a message naming the file.
 */
int lm_save_mark(const char *path, const struct lm_mark_info *info,
		 const struct lm_mark_result *m, const struct lm_probe_info *id,
		 char *msg, size_t len);

/*
 * Read @path into @s. Returns 0, or -EINVAL (not JSON, not a lunmark
 * result, a newer schema, a profile this lunmark lacks) or -errno with a
 * message naming the file and what is wrong.
 */
int lm_load_mark(const char *path, struct lm_saved *s, char *msg, size_t len);
/* The same from @n bytes of @text, named @name in messages. */
int lm_load_mark_text(const char *name, const char *text, size_t n,
		      struct lm_saved *s, char *msg, size_t len);
void lm_saved_free(struct lm_saved *s);

#endif

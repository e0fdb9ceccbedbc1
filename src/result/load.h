/* SPDX-License-Identifier: MIT */
/*
 * Reading a saved result back (save.h writes it): every field the schema
 * (schema.h) says a reader needs is checked, a file of a newer schema is
 * refused, and what is computed from the runs (rounds, a sustained step)
 * is computed again.
 */
#ifndef LM_LOAD_H
#define LM_LOAD_H

#include "src/report/report.h"
#include "src/suite/cell.h"
#include "src/target/identity.h"

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

struct json_object;

/* A result read back: @info's strings live in @root. */
struct lm_saved {
	struct lm_mark_info info;
	struct lm_mark_result m;
	char hostname[HOST_NAME_MAX + 1]; /* "" when not saved */
	uint64_t cpus;			  /* the host's; 0 when not saved */
	/* the target's size, vendor, model, revision and serial, when
	 * saved (has_id); its name, kind and block size are in info.r */
	struct lm_identity id;
	bool has_id;
	struct json_object *root;
};

/* The largest saved result read: far above what 16 tests x 100 runs of
 * per-second samples take, far below what would exhaust memory. */
#define LM_LOAD_MAX_BYTES (256u << 20)

/*
 * Read @path into @s. Returns 0, or -EINVAL (not a regular file, not JSON
 * or cut short, not a lunmark result, a newer schema, a profile this
 * lunmark lacks), -EFBIG (over LM_LOAD_MAX_BYTES), -EINTR (a signal:
 * lm_stop) or -errno with a message naming the file, the key and what is
 * wrong with it.
 */
int lm_load_mark(const char *path, struct lm_saved *s, char *msg, size_t len);
/* The same from @n bytes of @text, named @name in messages. */
int lm_load_mark_text(const char *name, const char *text, size_t n,
		      struct lm_saved *s, char *msg, size_t len);
void lm_saved_free(struct lm_saved *s);

#endif

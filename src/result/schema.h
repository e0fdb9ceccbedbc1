/* SPDX-License-Identifier: MIT */
/*
 * The saved result's schema, described once. Each JSON object of the file
 * has a table of fields: the key, the value's type, where the value lives
 * in the C structs (an offset from the table's struct), whether a reader
 * needs it, and its limits. save.c walks the tables to write a file and
 * load.c walks the same tables to read one back, so the two cannot
 * disagree on a key; the few values that need code (a computed one, an
 * enum spelled as a string, the per-profile tests) name a converter that
 * each side implements. doc/result-schema.md explains every key, and a
 * unit test checks that it names every key of the tables.
 *
 * LM_SCHEMA_VERSION changes when the meaning of a field changes or a
 * field goes away. A field added within a version is LM_FF_OPTIONAL: the
 * files older lunmarks wrote lack it.
 */
#ifndef LM_SCHEMA_H
#define LM_SCHEMA_H

#include "src/report/report.h"
#include "src/suite/suite.h"
#include "src/target/identity.h"

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define LM_SCHEMA_NAME "lunmark-result"
#define LM_SCHEMA_VERSION 1

/* The keys of the file's ways ("read", "write", "mix") and sums ("read",
 * "write", "all"), by enum lm_way and by sum. */
extern const char *const lm_way_keys[LM_WAYS];
extern const char *const lm_sum_keys[LM_SUMS];

/* What a field's value is in the file, and in C at the field's offset. */
enum lm_ftype {
	LM_FT_STR,     /* a string; const char * (save: NULL as "") */
	LM_FT_BUF,     /* a string; char[.size], cut to fit when read */
	LM_FT_U64,     /* an integer; uint64_t */
	LM_FT_UINT,    /* an integer; unsigned int, cut to it when read */
	LM_FT_INT,     /* an integer; int */
	LM_FT_DBL,     /* a number (an integer is taken too); double */
	LM_FT_BOOL,    /* true or false; bool */
	LM_FT_CONST,   /* always the string .text; nothing in C */
	LM_FT_VERSION, /* LM_SCHEMA_VERSION; a reader takes 1 to it */
	LM_FT_OBJ,     /* an object: the fields .sub, over the struct at off */
	LM_FT_MAP,     /* an object with the keys .keys[0 .. .max - 1], each
			* an object .sub over one element of a C array at off,
			* of .size bytes each */
	LM_FT_ARRAY,   /* an array of at most .max elements of .sub (objects,
			* or arrays when .sub is a tuple) of .size bytes each,
			* at off; their count an unsigned int at .count */
	LM_FT_CONV,    /* a converter names the value: .conv */
};

/* What a field needs from a reader, and where it is kept. */
enum lm_fflag {
	/* added within version 1: a file without it is read as 0, false,
	 * "" (or .def) */
	LM_FF_OPTIONAL = 1u << 0,
	/* LM_FF_OPTIONAL, and a value of another type counts as absent; a
	 * number of either kind is taken (as the first reader took these) */
	LM_FF_LAX = 1u << 1,
	/* any JSON value, converted as json-c converts it (the first reader
	 * took any for these) */
	LM_FF_ANY = 1u << 2,
	/* written for other readers: lunmark's reader skips it (with
	 * .when, it only notes that the key is there), because it takes
	 * the value from the profile or computes it again */
	LM_FF_SAVE_ONLY = 1u << 3,
	/* LM_FT_OBJ, LM_FT_MAP: the keys sit in this object (no key) */
	LM_FF_FLAT = 1u << 4,
	/* LM_FT_OBJ, LM_FT_MAP: off holds a pointer to the struct */
	LM_FF_DEREF = 1u << 5,
	/* LM_FT_ARRAY: off holds a pointer to the elements, which a reader
	 * allocates (freed with the result) */
	LM_FF_ALLOC = 1u << 6,
	/* LM_FT_STR: a reader checks that the file has what is there (the
	 * profile's), and stores nothing */
	LM_FF_MATCH = 1u << 7,
};

/* The values that need code, each in save.c and load.c. */
enum lm_conv {
	/* "tags": an object of strings, struct lm_mark_info's tags */
	LM_CONV_TAGS,
	/* "tests": one struct lm_test_doc per test of the profile, .sub */
	LM_CONV_TESTS,
	/* "warnings": one struct lm_warning_doc per warning, .sub */
	LM_CONV_WARNINGS,
	/* a warning's kind: lm_warn_key() of the unsigned int at off */
	LM_CONV_WARN_KIND,
	/* 1-based, 0 without a window: of the struct lm_cell */
	LM_CONV_FIRST_ROUND,
};

struct lm_fields;

struct lm_field {
	const char *key; /* NULL for LM_FF_FLAT */
	enum lm_ftype type;
	unsigned int flags; /* enum lm_fflag */
	size_t off;
	size_t size; /* LM_FT_BUF: the buffer's; MAP, ARRAY: an element's */
	/* saved only when the bool at .when.off is true; a reader sets it
	 * when the key is there */
	struct {
		bool on;
		size_t off;
	} when;
	size_t count;		 /* LM_FT_ARRAY: the offset of its count */
	unsigned int max;	 /* LM_FT_MAP: keys; LM_FT_ARRAY: elements */
	const char *const *keys; /* LM_FT_MAP */
	/* LM_FT_MAP: the keys (bit k for keys[k]) saved only when @used
	 * says their element holds something; absent, they read as zeros */
	unsigned int sparse;
	bool (*used)(const void *el);
	const char *text;  /* LM_FT_CONST */
	double def;	   /* LM_FT_DBL: when absent (else 0) */
	enum lm_conv conv; /* LM_FT_CONV */
	const struct lm_fields *sub;
};

/* The fields of one JSON object, in the order they are written. */
struct lm_fields {
	const struct lm_field *f;
	unsigned int n;
	/* an array of exactly n values, in the fields' order (the fields'
	 * keys name them in the document) */
	bool tuple;
	/* a reader fills what the file does not hold: NULL or a function */
	void (*loaded)(void *base);
};

/* The file's top level, as the root's fields find it: save copies its
 * arguments in, load hands info and m over. */
struct lm_saved_doc {
	struct lm_mark_info info;
	struct lm_mark_result m;
	struct lm_identity id; /* save only: the target's identity */
	bool has_id;
	bool named; /* save only: the host's name, when it has one */
	char hostname[HOST_NAME_MAX + 1];
	uint64_t cpus;
	uint64_t memory_bytes;
};

/* One element of "tests": the profile's test and that test's cells. */
struct lm_test_doc {
	const struct lm_test *t;
	struct lm_cell *cells; /* LM_WAYS of them */
};

/* One element of "outcome.warnings". */
struct lm_warning_doc {
	unsigned int kind; /* enum lm_warn_kind */
	const char *text;
};

/* The whole file: the fields of struct lm_saved_doc. */
extern const struct lm_fields lm_schema_root;

/* The value of @f in the struct at @base. */
static inline void *lm_field_at(const struct lm_field *f, void *base)
{
	return (char *)base + f->off;
}

/* The pointer @f's value is (LM_FF_DEREF, LM_FF_ALLOC), whatever it
 * points to. */
static inline void *lm_field_ptr(const struct lm_field *f, void *base)
{
	void *p;

	memcpy(&p, lm_field_at(f, base), sizeof(p));
	return p;
}

/* The struct @f's fields (.sub) are over, for LM_FT_OBJ and LM_FT_MAP
 * (its first element). */
static inline void *lm_field_sub(const struct lm_field *f, void *base)
{
	return f->flags & LM_FF_DEREF ? lm_field_ptr(f, base)
				      : lm_field_at(f, base);
}

/* Is @f saved, from the struct at @base? */
static inline bool lm_field_saved(const struct lm_field *f, const void *base)
{
	return !f->when.on || *(const bool *)((const char *)base + f->when.off);
}

#endif

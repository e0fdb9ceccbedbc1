// SPDX-License-Identifier: MIT
/* Reading a saved result back (load.h): the schema's tables (schema.h)
 * walked over the file; the first field that is missing or wrong stops
 * the reading, with a message naming it. */
#include "src/result/load.h"
#include "src/result/schema.h"
#include "src/lunmark.h"

#include <errno.h>
#include <json-c/json.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct lm_reader {
	const char *name; /* the file, in messages */
	char *msg;
	size_t len;
	int err;
	/* where the reading is, in messages: "tests[2].cells.read" */
	char at[256];
	size_t atlen;
};

/* Go into the member @key (or element @i, when @key is NULL); returns
 * where lm_out() comes back to. */
static size_t lm_in(struct lm_reader *rd, const char *key, size_t i)
{
	size_t was = rd->atlen, room = sizeof(rd->at) - was;
	int n;

	if (key)
		n = snprintf(rd->at + was, room, "%s%s", was ? "." : "", key);
	else
		n = snprintf(rd->at + was, room, "[%zu]", i);
	rd->atlen =
		n < 0 ? was : was + ((size_t)n < room ? (size_t)n : room - 1);
	return was;
}

static void lm_out(struct lm_reader *rd, size_t was)
{
	rd->atlen = was;
	rd->at[was] = '\0';
}

/* The first error only: the reading stops at it. */
__attribute__((format(printf, 2, 3))) static void lm_fail(struct lm_reader *rd,
							  const char *fmt, ...)
{
	va_list ap;

	if (rd->err)
		return;
	rd->err = -EINVAL;
	va_start(ap, fmt);
	vsnprintf(rd->msg, rd->len, fmt, ap);
	va_end(ap);
}

/* The field being read is not as the schema has it: @fmt says how. */
__attribute__((format(printf, 2, 3))) static void lm_bad(struct lm_reader *rd,
							 const char *fmt, ...)
{
	char how[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(how, sizeof(how), fmt, ap);
	va_end(ap);
	if (rd->atlen)
		lm_fail(rd, "%s: not a lunmark result: '%s' %s", rd->name,
			rd->at, how);
	else
		lm_fail(rd, "%s: not a lunmark result: the top level %s",
			rd->name, how);
}

static void lm_oom(struct lm_reader *rd)
{
	if (!rd->err)
		snprintf(rd->msg, rd->len, "%s: out of memory", rd->name);
	rd->err = -ENOMEM;
}

static const char *lm_kind_name(enum json_type t)
{
	switch (t) {
	case json_type_null:
		return "null";
	case json_type_boolean:
		return "true or false";
	case json_type_double:
		return "a number";
	case json_type_int:
		return "an integer";
	case json_type_object:
		return "an object";
	case json_type_array:
		return "an array";
	case json_type_string:
		return "a string";
	}
	return "something else";
}

/* What the file must hold for @f (json_type_double takes integers too). */
static enum json_type lm_want(const struct lm_field *f)
{
	switch (f->type) {
	case LM_FT_STR:
	case LM_FT_BUF:
	case LM_FT_CONST:
		return json_type_string;
	case LM_FT_U64:
	case LM_FT_UINT:
	case LM_FT_INT:
		/* LM_FF_LAX takes either kind of number */
		return f->flags & LM_FF_LAX ? json_type_double : json_type_int;
	case LM_FT_VERSION:
		return json_type_int;
	case LM_FT_DBL:
		return json_type_double;
	case LM_FT_BOOL:
		return json_type_boolean;
	case LM_FT_OBJ:
	case LM_FT_MAP:
		return json_type_object;
	case LM_FT_ARRAY:
		return json_type_array;
	case LM_FT_CONV:
		break;
	}
	switch (f->conv) {
	case LM_CONV_TAGS:
		return json_type_object;
	case LM_CONV_TESTS:
	case LM_CONV_WARNINGS:
		return json_type_array;
	case LM_CONV_WARN_KIND:
		return json_type_string;
	case LM_CONV_FIRST_ROUND:
		break;
	}
	return json_type_int;
}

static bool lm_is(struct json_object *v, enum json_type want)
{
	return json_object_is_type(v, want) ||
	       (want == json_type_double &&
		json_object_is_type(v, json_type_int));
}

/* Is @s text the reports may show as it is (lm_text_ok())? Said when not:
 * an ESC or a byte that is not UTF-8 never reaches a terminal or HTML. */
static bool lm_read_text(struct lm_reader *rd, const char *s)
{
	size_t at;

	if (!s || lm_text_ok(s, &at))
		return true;
	lm_bad(rd,
	       "holds a control character or a byte that is not UTF-8 (byte %zu of its text)",
	       at + 1);
	return false;
}

/* A string, a number or a boolean, of the type lm_want() says (or any,
 * for LM_FF_ANY, and NULL: json-c converts it). */
static void lm_read_leaf(struct lm_reader *rd, struct json_object *v,
			 const struct lm_field *f, void *base)
{
	void *at = lm_field_at(f, base);
	const char *s;

	if ((f->type == LM_FT_STR || f->type == LM_FT_BUF) &&
	    !lm_read_text(rd, json_object_get_string(v)))
		return;
	switch (f->type) {
	case LM_FT_STR:
		s = json_object_get_string(v);
		if (!(f->flags & LM_FF_MATCH))
			*(const char **)at = s ? s : "";
		else if (strcmp(s ? s : "", *(const char **)at))
			lm_fail(rd,
				"%s: '%s' is \"%s\" where this lunmark has \"%s\": made by another lunmark?",
				rd->name, rd->at, s, *(const char **)at);
		break;
	case LM_FT_BUF:
		s = json_object_get_string(v);
		snprintf(at, f->size, "%s", s ? s : "");
		break;
	case LM_FT_U64:
		*(uint64_t *)at = json_object_get_uint64(v);
		break;
	case LM_FT_UINT:
		*(unsigned int *)at = (unsigned int)json_object_get_uint64(v);
		break;
	case LM_FT_INT:
		*(int *)at = json_object_get_int(v);
		break;
	case LM_FT_DBL:
		*(double *)at = json_object_get_double(v);
		break;
	case LM_FT_BOOL:
		*(bool *)at = json_object_get_boolean(v);
		break;
	default:
		break;
	}
}

/* An optional field the file lacks (or, LM_FF_LAX, has of another type):
 * 0, false, "" or .def. */
static void lm_read_default(struct lm_reader *rd, const struct lm_field *f,
			    void *base)
{
	if (f->type == LM_FT_DBL)
		*(double *)lm_field_at(f, base) = f->def;
	else
		lm_read_leaf(rd, NULL, f, base);
}

static void lm_read_fields(struct lm_reader *rd, struct json_object *o,
			   const struct lm_fields *t, void *base);

static void lm_read_map(struct lm_reader *rd, struct json_object *o,
			const struct lm_field *f, void *base)
{
	char *first = lm_field_sub(f, base);
	struct json_object *v;
	unsigned int k;
	size_t was;

	for (k = 0; k < f->max && !rd->err; k++) {
		was = lm_in(rd, f->keys[k], 0);
		if (!json_object_object_get_ex(o, f->keys[k], &v)) {
			if (!(f->sparse >> k & 1))
				lm_bad(rd, "is missing");
		} else {
			lm_read_fields(rd, v, f->sub, first + k * f->size);
		}
		lm_out(rd, was);
	}
}

static void lm_read_array(struct lm_reader *rd, struct json_object *a,
			  const struct lm_field *f, void *base)
{
	size_t i, was, n = json_object_array_length(a);
	unsigned int *count = (unsigned int *)((char *)base + f->count);
	char *el = lm_field_at(f, base);

	if (n > f->max) {
		lm_bad(rd, "has %zu elements, more than %u", n, f->max);
		return;
	}
	if (f->flags & LM_FF_ALLOC) {
		void *p = n ? calloc(n, f->size) : NULL;

		if (n && !p) {
			lm_oom(rd);
			return;
		}
		memcpy(el, &p, sizeof(p));
		el = p;
	}
	for (i = 0; i < n && !rd->err; i++) {
		*count = (unsigned int)i + 1; /* to be freed, even if bad */
		was = lm_in(rd, NULL, i);
		lm_read_fields(rd, json_object_array_get_idx(a, i), f->sub,
			       el + i * f->size);
		lm_out(rd, was);
	}
}

/* "tags": strings, at most LM_TAGS_MAX */
static void lm_read_tags(struct lm_reader *rd, struct json_object *o,
			 struct lm_mark_info *info)
{
	size_t was;

	json_object_object_foreach(o, name, v)
	{
		if (info->ntags == LM_TAGS_MAX) {
			lm_bad(rd, "has more than %u tags", LM_TAGS_MAX);
			return;
		}
		if (!json_object_is_type(v, json_type_string)) {
			was = lm_in(rd, name, 0);
			lm_bad(rd, "is %s, not a string",
			       lm_kind_name(json_object_get_type(v)));
			lm_out(rd, was);
			return;
		}
		was = lm_in(rd, name, 0);
		if (!lm_read_text(rd, name) ||
		    !lm_read_text(rd, json_object_get_string(v))) {
			lm_out(rd, was);
			return;
		}
		lm_out(rd, was);
		info->tags[info->ntags].name = name;
		info->tags[info->ntags++].value = json_object_get_string(v);
	}
}

/* Rounds and a sustained step are saved for other readers; lunmark
 * computes them again from the runs, as the suite did. */
static void lm_cells_again(const struct lm_profile *p, struct lm_cell *cells)
{
	unsigned int w, sum;

	for (w = 0; w < LM_WAYS; w++) {
		sum = lm_way_sum(p, (enum lm_way)w);
		if (cells[w].by_rounds) {
			lm_cell_rounds(&cells[w], sum);
			lm_cell_warm(&cells[w], sum);
		}
		if (cells[w].sustain)
			lm_cell_step(&cells[w], sum);
	}
}

/* "tests": the profile's, one each (settings.profile was read before). */
static void lm_read_tests(struct lm_reader *rd, struct json_object *a,
			  const struct lm_field *f, struct lm_saved_doc *doc)
{
	const struct lm_profile *p = lm_profile_find(doc->info.profile);
	size_t i, was;

	if (!p) {
		lm_fail(rd, "%s: profile '%s' is not one this lunmark knows",
			rd->name, doc->info.profile);
		return;
	}
	if (json_object_array_length(a) != p->ntests) {
		lm_fail(rd,
			"%s: profile %s has %u tests here, the file %zu: made by another lunmark?",
			rd->name, p->name, p->ntests,
			json_object_array_length(a));
		return;
	}
	doc->m.profile = p;
	doc->m.cells = calloc(p->ntests, sizeof(*doc->m.cells));
	if (!doc->m.cells) {
		lm_oom(rd);
		return;
	}
	for (i = 0; i < p->ntests && !rd->err; i++) {
		struct lm_test_doc t = { &p->tests[i], doc->m.cells[i] };

		was = lm_in(rd, NULL, i);
		lm_read_fields(rd, json_object_array_get_idx(a, i), f->sub, &t);
		lm_out(rd, was);
		if (!rd->err)
			lm_cells_again(p, doc->m.cells[i]);
	}
}

/* "warnings": each one this lunmark knows; the others are left out, as
 * are elements that are not warnings at all (as the first reader did). */
static void lm_read_warnings(struct json_object *a, const struct lm_field *f,
			     struct lm_warnings *w)
{
	size_t i;

	for (i = 0; i < json_object_array_length(a); i++) {
		struct json_object *e = json_object_array_get_idx(a, i);
		struct lm_reader quiet = { .name = "" };
		struct lm_warning_doc d = { 0 };

		if (!json_object_is_type(e, json_type_object))
			continue;
		lm_read_fields(&quiet, e, f->sub, &d);
		if (!quiet.err)
			lm_warnings_add(w, (enum lm_warn_kind)d.kind, d.text);
	}
}

static void lm_read_warn_kind(struct lm_reader *rd, struct json_object *v,
			      unsigned int *kind)
{
	const char *s = json_object_get_string(v);

	for (*kind = 0; *kind < LM_WARN_KINDS; (*kind)++)
		if (s && !strcmp(s, lm_warn_key((enum lm_warn_kind) * kind)))
			return;
	lm_bad(rd, "is \"%s\", not a warning this lunmark knows", s);
}

static void lm_read_conv(struct lm_reader *rd, struct json_object *v,
			 const struct lm_field *f, void *base)
{
	switch (f->conv) {
	case LM_CONV_TAGS:
		lm_read_tags(rd, v, &((struct lm_saved_doc *)base)->info);
		break;
	case LM_CONV_TESTS:
		lm_read_tests(rd, v, f, base);
		break;
	case LM_CONV_WARNINGS:
		lm_read_warnings(v, f, &((struct lm_mark_result *)base)->warn);
		break;
	case LM_CONV_WARN_KIND:
		lm_read_warn_kind(rd, v, lm_field_at(f, base));
		break;
	case LM_CONV_FIRST_ROUND:
		break; /* computed again */
	}
}

/* The value @v of the field @f, its key already found. */
static void lm_read_value(struct lm_reader *rd, struct json_object *v,
			  const struct lm_field *f, void *base)
{
	int64_t version;

	if (f->type == LM_FT_CONST) {
		if (!json_object_is_type(v, json_type_string) ||
		    strcmp(json_object_get_string(v), f->text))
			lm_fail(rd,
				"%s: not a lunmark result (no \"%s\": \"%s\")",
				rd->name, f->key, f->text);
		return;
	}
	if (!(f->flags & LM_FF_ANY) && !lm_is(v, lm_want(f))) {
		if (f->flags & LM_FF_LAX)
			lm_read_default(rd, f, base);
		else
			lm_bad(rd, "is %s, not %s",
			       lm_kind_name(json_object_get_type(v)),
			       lm_kind_name(lm_want(f)));
		return;
	}
	switch (f->type) {
	case LM_FT_VERSION:
		version = json_object_get_int64(v);
		if (version < 1 || version > LM_SCHEMA_VERSION)
			lm_fail(rd,
				"%s: schema version %lld; this lunmark reads version %d (a newer lunmark wrote it?)",
				rd->name, (long long)version,
				LM_SCHEMA_VERSION);
		break;
	case LM_FT_OBJ:
		lm_read_fields(rd, v, f->sub, lm_field_sub(f, base));
		break;
	case LM_FT_MAP:
		lm_read_map(rd, v, f, base);
		break;
	case LM_FT_ARRAY:
		lm_read_array(rd, v, f, base);
		break;
	case LM_FT_CONV:
		lm_read_conv(rd, v, f, base);
		break;
	default:
		lm_read_leaf(rd, v, f, base);
		break;
	}
}

static void lm_read_field(struct lm_reader *rd, struct json_object *o,
			  const struct lm_field *f, void *base)
{
	struct json_object *v;
	size_t was;

	if (f->flags & LM_FF_FLAT) {
		lm_read_value(rd, o, f, base);
		return;
	}
	if ((f->flags & LM_FF_SAVE_ONLY) && !f->when.on)
		return;
	was = lm_in(rd, f->key, 0);
	if (!json_object_object_get_ex(o, f->key, &v)) {
		if (f->type == LM_FT_CONST && !(f->flags & LM_FF_SAVE_ONLY))
			lm_read_value(rd, NULL, f, base);
		else if (f->flags & (LM_FF_OPTIONAL | LM_FF_LAX))
			lm_read_default(rd, f, base);
		else if (!(f->flags & LM_FF_SAVE_ONLY))
			lm_bad(rd, "is missing");
	} else {
		if (f->when.on)
			*(bool *)((char *)base + f->when.off) = true;
		if (!(f->flags & LM_FF_SAVE_ONLY))
			lm_read_value(rd, v, f, base);
	}
	lm_out(rd, was);
}

/* @o, an object (or a tuple's array), into the struct at @base. */
static void lm_read_fields(struct lm_reader *rd, struct json_object *o,
			   const struct lm_fields *t, void *base)
{
	unsigned int i;

	if (!json_object_is_type(o, t->tuple ? json_type_array
					     : json_type_object)) {
		lm_bad(rd, "is %s, not %s",
		       lm_kind_name(json_object_get_type(o)),
		       t->tuple ? "an array" : "an object");
		return;
	}
	if (t->tuple && json_object_array_length(o) != t->n) {
		lm_bad(rd, "has %zu values, not %u",
		       json_object_array_length(o), t->n);
		return;
	}
	for (i = 0; i < t->n && !rd->err; i++) {
		if (t->tuple)
			lm_read_value(rd, json_object_array_get_idx(o, i),
				      &t->f[i], base);
		else
			lm_read_field(rd, o, &t->f[i], base);
	}
	if (!rd->err && t->loaded)
		t->loaded(base);
}

/* The result in s->root, read from @name. */
static int lm_load_root(const char *name, struct lm_saved *s, char *msg,
			size_t len)
{
	struct lm_reader rd = { .name = name, .msg = msg, .len = len };
	struct lm_saved_doc doc;

	memset(&doc, 0, sizeof(doc));
	lm_read_fields(&rd, s->root, &lm_schema_root, &doc);
	s->info = doc.info;
	s->m = doc.m;
	memcpy(s->hostname, doc.hostname, sizeof(s->hostname));
	s->cpus = doc.cpus;
	s->id = doc.id;
	s->has_id = doc.has_id;
	if (rd.err)
		lm_saved_free(s);
	return rd.err;
}

int lm_load_mark_text(const char *name, const char *text, size_t n,
		      struct lm_saved *s, char *msg, size_t len)
{
	struct json_tokener *tok;

	memset(s, 0, sizeof(*s));
	if (n > INT32_MAX) {
		snprintf(msg, len, "%s: too long", name);
		return -EINVAL;
	}
	tok = json_tokener_new();
	if (!tok) {
		snprintf(msg, len, "%s: out of memory", name);
		return -ENOMEM;
	}
	s->root = json_tokener_parse_ex(tok, text, (int)n);
	if (!s->root && json_tokener_get_error(tok) == json_tokener_continue) {
		snprintf(
			msg, len,
			"%s: ends before its JSON does (cut short? save it again)",
			name);
		json_tokener_free(tok);
		return -EINVAL;
	}
	if (!s->root || json_tokener_get_error(tok) != json_tokener_success) {
		snprintf(msg, len, "%s: not JSON: %s", name,
			 json_tokener_error_desc(json_tokener_get_error(tok)));
		json_tokener_free(tok);
		lm_saved_free(s);
		return -EINVAL;
	}
	json_tokener_free(tok);
	return lm_load_root(name, s, msg, len);
}

void lm_saved_free(struct lm_saved *s)
{
	/* whatever a failed read left: the ranks are read without cells */
	lm_mark_result_free(&s->m);
	if (s->root)
		json_object_put(s->root);
	memset(s, 0, sizeof(*s));
}

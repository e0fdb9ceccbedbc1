// SPDX-License-Identifier: MIT
/* Writing a result (save.h): the schema's tables (schema.h) walked over
 * the result, each field a JSON member in the tables' order. */
#include "src/result/save.h"
#include "src/newfile.h"
#include "src/result/jsonw.h"
#include "src/result/schema.h"

#include <errno.h>
#include <json-c/json.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static void lm_write_fields(struct json_object *o, const struct lm_fields *t,
			    void *base);

/* A new object, or an array for a tuple, holding @t's fields of @base. */
static struct json_object *lm_fields_json(const struct lm_fields *t, void *base)
{
	struct json_object *o =
		t->tuple ? json_object_new_array() : json_object_new_object();

	lm_write_fields(o, t, base);
	return o;
}

/* An object with a key per element, into @o itself when flat. */
static void lm_write_map(struct json_object *o, const struct lm_field *f,
			 void *base)
{
	struct json_object *x =
		f->flags & LM_FF_FLAT ? o : json_object_new_object();
	char *first = lm_field_sub(f, base);
	unsigned int k;

	for (k = 0; k < f->max; k++)
		if (!(f->sparse >> k & 1) || f->used(first + k * f->size))
			lm_jput(x, f->keys[k],
				lm_fields_json(f->sub, first + k * f->size));
	if (x != o)
		lm_jput(o, f->key, x);
}

static struct json_object *lm_array_json(const struct lm_field *f, void *base)
{
	struct json_object *a = json_object_new_array();
	unsigned int i, n = *(unsigned int *)((char *)base + f->count);
	char *el = f->flags & LM_FF_ALLOC ? lm_field_ptr(f, base)
					  : lm_field_at(f, base);
	for (i = 0; i < n; i++)
		json_object_array_add(a,
				      lm_fields_json(f->sub, el + i * f->size));
	return a;
}

static struct json_object *lm_tags_json(const struct lm_mark_info *info)
{
	struct json_object *o = json_object_new_object();
	unsigned int i;

	for (i = 0; i < info->ntags; i++)
		lm_jput_str(o, info->tags[i].name, info->tags[i].value);
	return o;
}

static struct json_object *lm_tests_json(const struct lm_field *f,
					 const struct lm_mark_result *m)
{
	struct json_object *a = json_object_new_array();
	unsigned int i;

	for (i = 0; i < m->profile->ntests; i++) {
		struct lm_test_doc t = { &m->profile->tests[i], m->cells[i] };

		json_object_array_add(a, lm_fields_json(f->sub, &t));
	}
	return a;
}

static struct json_object *lm_warnings_json(const struct lm_field *f,
					    const struct lm_warnings *w)
{
	struct json_object *a = json_object_new_array();
	unsigned int i;

	for (i = 0; i < w->n; i++) {
		struct lm_warning_doc e = { w->kind[i], w->text[i] };

		json_object_array_add(a, lm_fields_json(f->sub, &e));
	}
	return a;
}

/* The values that need code (enum lm_conv), of the struct at @base. */
static struct json_object *lm_conv_json(const struct lm_field *f, void *base)
{
	const struct lm_saved_doc *doc = base;
	const struct lm_mark_result *m = base;
	const struct lm_cell *c = base;

	switch (f->conv) {
	case LM_CONV_TAGS:
		return lm_tags_json(&doc->info);
	case LM_CONV_TESTS:
		return lm_tests_json(f, &doc->m);
	case LM_CONV_WARNINGS:
		return lm_warnings_json(f, &m->warn);
	case LM_CONV_WARN_KIND:
		return json_object_new_string(
			lm_warn_key((enum lm_warn_kind) *
				    (unsigned int *)lm_field_at(f, base)));
	case LM_CONV_FIRST_ROUND:
		return json_object_new_uint64(c->ss.n ? c->ss.first + 1 : 0);
	}
	return json_object_new_null();
}

/* The value of one field that has a key of its own. */
static struct json_object *lm_value_json(const struct lm_field *f, void *base)
{
	void *at = lm_field_at(f, base);

	switch (f->type) {
	case LM_FT_STR:
		return json_object_new_string(
			*(const char **)at ? *(const char **)at : "");
	case LM_FT_BUF:
		return json_object_new_string(at);
	case LM_FT_U64:
		return json_object_new_uint64(*(uint64_t *)at);
	case LM_FT_UINT:
		return json_object_new_uint64(*(unsigned int *)at);
	case LM_FT_INT:
		return json_object_new_int(*(int *)at);
	case LM_FT_DBL:
		return json_object_new_double(*(double *)at);
	case LM_FT_BOOL:
		return json_object_new_boolean(*(bool *)at);
	case LM_FT_CONST:
		return json_object_new_string(f->text);
	case LM_FT_VERSION:
		return json_object_new_int(LM_SCHEMA_VERSION);
	case LM_FT_OBJ:
		return lm_fields_json(f->sub, lm_field_sub(f, base));
	case LM_FT_ARRAY:
		return lm_array_json(f, base);
	case LM_FT_CONV:
		return lm_conv_json(f, base);
	case LM_FT_MAP:
		break; /* lm_write_map() */
	}
	return json_object_new_null();
}

static void lm_write_fields(struct json_object *o, const struct lm_fields *t,
			    void *base)
{
	unsigned int i;

	for (i = 0; i < t->n; i++) {
		const struct lm_field *f = &t->f[i];

		if (!lm_field_saved(f, base))
			continue;
		if (f->type == LM_FT_MAP)
			lm_write_map(o, f, base);
		else if (f->flags & LM_FF_FLAT)
			lm_write_fields(o, f->sub, lm_field_sub(f, base));
		else if (t->tuple)
			json_object_array_add(o, lm_value_json(f, base));
		else
			lm_jput(o, f->key, lm_value_json(f, base));
	}
}

/* What the file holds: the result and its settings, the target's
 * identity when known, and the host lunmark runs on. */
static void lm_doc_fill(struct lm_saved_doc *doc,
			const struct lm_mark_info *info,
			const struct lm_mark_result *m,
			const struct lm_identity *id)
{
	memset(doc, 0, sizeof(*doc));
	doc->info = *info;
	doc->m = *m;
	if (id) {
		doc->id = *id;
		doc->has_id = true;
	}
	doc->named = !gethostname(doc->hostname, sizeof(doc->hostname));
	doc->hostname[sizeof(doc->hostname) - 1] = '\0';
	doc->cpus = (uint64_t)sysconf(_SC_NPROCESSORS_ONLN);
	doc->memory_bytes = (uint64_t)sysconf(_SC_PHYS_PAGES) *
			    (uint64_t)sysconf(_SC_PAGESIZE);
}

/* All of @len bytes of @s to @fd. */
static int lm_write_all(int fd, const char *s, size_t len)
{
	ssize_t n;

	for (; len; s += n, len -= (size_t)n) {
		n = write(fd, s, len);
		if (n < 0 && errno == EINTR) {
			n = 0;
			continue;
		}
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
	}
	return 0;
}

int lm_save_mark(const char *path, const struct lm_mark_info *info,
		 const struct lm_mark_result *m, const struct lm_identity *id,
		 char *msg, size_t len)
{
	struct lm_saved_doc doc;
	struct json_object *root;
	struct lm_replace r;
	const char *text;
	int ret;

	lm_doc_fill(&doc, info, m, id);
	root = lm_fields_json(&lm_schema_root, &doc);
	/* never json-c's own file writer: it follows a planted symlink */
	ret = lm_replace_begin(&r, path);
	if (ret)
		goto out_put;
	text = json_object_to_json_string_ext(
		root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_NOSLASHESCAPE);
	ret = text ? lm_write_all(r.fd, text, strlen(text)) : -ENOMEM;
	if (ret)
		lm_replace_abort(&r);
	else
		ret = lm_replace_commit(&r);
out_put:
	if (ret)
		snprintf(msg, len, "--json=%s: cannot write it: %s", path,
			 lm_replace_strerror(ret));
	json_object_put(root);
	return ret;
}

int lm_save_check(const char *path, char *msg, size_t len)
{
	int ret = lm_replace_check(path);

	if (ret)
		snprintf(
			msg, len,
			"--json=%s: cannot write it: %s (give a file in a directory you may write)",
			path, lm_replace_strerror(ret));
	return ret;
}

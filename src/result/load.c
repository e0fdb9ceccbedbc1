// SPDX-License-Identifier: MIT
/* Reading a saved result back (load.h): every field checked, a file of a
 * newer schema refused. */
#include "src/lunmark.h"
#include "src/result/load.h"
#include "src/result/save.h"

#include <errno.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct lm_reader {
	const char *path;
	char *msg;
	size_t len;
	int err;
};

/* The member @k of @o, of @type; records the first missing one. */
static struct json_object *lm_get(struct lm_reader *rd, struct json_object *o,
				  const char *k, enum json_type type)
{
	struct json_object *v = NULL;

	if (o && json_object_object_get_ex(o, k, &v) &&
	    json_object_is_type(v, type))
		return v;
	/* an integer where a double is expected is fine */
	if (v && type == json_type_double &&
	    json_object_is_type(v, json_type_int))
		return v;
	if (!rd->err) {
		snprintf(
			rd->msg, rd->len,
			"%s: not a lunmark result: '%s' is missing or of the wrong type",
			rd->path, k);
		rd->err = -EINVAL;
	}
	return NULL;
}

static const char *lm_get_str(struct lm_reader *rd, struct json_object *o,
			      const char *k)
{
	struct json_object *v = lm_get(rd, o, k, json_type_string);

	return v ? json_object_get_string(v) : "";
}

static uint64_t lm_get_u64(struct lm_reader *rd, struct json_object *o,
			   const char *k)
{
	struct json_object *v = lm_get(rd, o, k, json_type_int);

	return v ? json_object_get_uint64(v) : 0;
}

static double lm_get_dbl(struct lm_reader *rd, struct json_object *o,
			 const char *k)
{
	struct json_object *v = lm_get(rd, o, k, json_type_double);

	return v ? json_object_get_double(v) : 0;
}

/* Fields added within schema 1: absent from older files. */
static double lm_opt_dbl(struct json_object *o, const char *k, double def)
{
	struct json_object *v;

	if (o && json_object_object_get_ex(o, k, &v) &&
	    (json_object_is_type(v, json_type_double) ||
	     json_object_is_type(v, json_type_int)))
		return json_object_get_double(v);
	return def;
}

static bool lm_opt_bool(struct json_object *o, const char *k)
{
	struct json_object *v;

	return o && json_object_object_get_ex(o, k, &v) &&
	       json_object_is_type(v, json_type_boolean) &&
	       json_object_get_boolean(v);
}

static bool lm_get_bool(struct lm_reader *rd, struct json_object *o,
			const char *k)
{
	struct json_object *v = lm_get(rd, o, k, json_type_boolean);

	return v && json_object_get_boolean(v);
}

static void lm_read_summary(struct lm_reader *rd, struct json_object *o,
			    struct lm_summary *s)
{
	struct json_object *lat = lm_get(rd, o, "lat_us", json_type_object);
	unsigned int i;

	s->ios = lm_get_u64(rd, o, "ios");
	s->bytes = lm_get_u64(rd, o, "bytes");
	s->errors = lm_get_u64(rd, o, "errors");
	s->seconds = lm_get_dbl(rd, o, "seconds");
	s->iops = lm_get_dbl(rd, o, "iops");
	s->mb_s = lm_get_dbl(rd, o, "mb_s");
	s->mib_s = lm_get_dbl(rd, o, "mib_s");
	s->io_mb = (double)s->bytes / 1e6;
	s->iops_min = lm_get_dbl(rd, o, "iops_min");
	s->iops_max = lm_get_dbl(rd, o, "iops_max");
	s->mb_s_min = lm_get_dbl(rd, o, "mb_s_min");
	s->mb_s_max = lm_get_dbl(rd, o, "mb_s_max");
	s->idle_s = (unsigned int)lm_get_u64(rd, o, "idle_s");
	s->lat_min_us = lm_get_dbl(rd, lat, "min");
	s->lat_max_us = lm_get_dbl(rd, lat, "max");
	s->lat_mean_us = lm_get_dbl(rd, lat, "mean");
	s->lat_stddev_us = lm_get_dbl(rd, lat, "stddev");
	for (i = 0; i < LM_NPCT; i++)
		s->lat_pct_us[i] = lm_get_dbl(rd, lat, lm_pct_keys[i]);
}

static void lm_read_sums(struct lm_reader *rd, struct json_object *o,
			 struct lm_summary *s)
{
	unsigned int k;

	for (k = 0; k < LM_SUMS; k++)
		lm_read_summary(rd,
				lm_get(rd, o, lm_sum_keys[k], json_type_object),
				&s[k]);
}

static void lm_read_series(struct lm_reader *rd, struct json_object *a,
			   struct lm_cell_run *r)
{
	size_t i, n = a ? json_object_array_length(a) : 0;

	r->series = n ? calloc(n, sizeof(*r->series)) : NULL;
	if (n && !r->series) {
		rd->err = -ENOMEM;
		return;
	}
	for (i = 0; i < n; i++) {
		struct json_object *e = json_object_array_get_idx(a, i);

		if (!json_object_is_type(e, json_type_array) ||
		    json_object_array_length(e) != 5) {
			lm_get(rd, NULL, "per_second", json_type_array);
			return;
		}
		r->series[i].dur_ns =
			json_object_get_uint64(json_object_array_get_idx(e, 0));
		r->series[i].ios[0] =
			json_object_get_uint64(json_object_array_get_idx(e, 1));
		r->series[i].ios[1] =
			json_object_get_uint64(json_object_array_get_idx(e, 2));
		r->series[i].bytes[0] =
			json_object_get_uint64(json_object_array_get_idx(e, 3));
		r->series[i].bytes[1] =
			json_object_get_uint64(json_object_array_get_idx(e, 4));
	}
	r->nseries = (unsigned int)n;
}

/* Rounds, the miss run and the sustained write (added within schema 1:
 * optional); what is computed from the runs is computed again. */
static void lm_read_cell_extra(struct lm_reader *rd, struct json_object *o,
			       struct lm_cell *c, unsigned int sum)
{
	struct json_object *v;

	if (rd->err)
		return;
	if (json_object_object_get_ex(o, "miss", &v)) {
		lm_read_sums(rd, lm_get(rd, o, "miss", json_type_object),
			     c->miss);
		c->has_miss = true;
	}
	if (json_object_object_get_ex(o, "rounds", &v)) {
		c->by_rounds = true;
		lm_cell_rounds(c, sum);
		lm_cell_warm(c, sum);
	}
	if (json_object_object_get_ex(o, "sustained", &v)) {
		c->sustain = true;
		lm_cell_step(c, sum);
	}
}

static void lm_read_cell(struct lm_reader *rd, struct json_object *o,
			 struct lm_cell *c, unsigned int sum)
{
	struct json_object *runs = lm_get(rd, o, "runs", json_type_array);
	struct json_object *sp = lm_get(rd, o, "mb_s_spread", json_type_object);
	size_t k, n = runs ? json_object_array_length(runs) : 0;

	c->wanted = lm_get_bool(rd, o, "wanted");
	lm_read_sums(rd, lm_get(rd, o, "headline", json_type_object),
		     c->headline);
	c->spread.mean = lm_get_dbl(rd, sp, "mean");
	c->spread.min = lm_get_dbl(rd, sp, "min");
	c->spread.max = lm_get_dbl(rd, sp, "max");
	c->spread.cv_pct = lm_get_dbl(rd, sp, "cv_pct");
	c->unstable = lm_get_bool(rd, o, "unstable");
	c->bar = lm_get_dbl(rd, o, "bar");
	c->link_pct = lm_get_dbl(rd, o, "link_pct");
	c->files = lm_get_u64(rd, o, "files");
	c->file_bytes = lm_get_u64(rd, o, "file_bytes");
	if (n > LM_RUNS_MAX) {
		lm_get(rd, NULL, "runs", json_type_array);
		return;
	}
	for (k = 0; k < n && !rd->err; k++) {
		struct json_object *r = json_object_array_get_idx(runs, k);

		c->nruns++;
		lm_read_sums(rd, r, c->runs[k].s);
		c->runs[k].cpu_s = lm_opt_dbl(r, "cpu_s", -1);
		c->runs[k].host_cpu_s = lm_opt_dbl(r, "host_cpu_s", -1);
		lm_read_series(rd, lm_get(rd, r, "per_second", json_type_array),
			       &c->runs[k]);
	}
	lm_read_cell_extra(rd, o, c, sum);
}

static void lm_read_tests(struct lm_reader *rd, struct json_object *tests,
			  struct lm_mark_result *m)
{
	const struct lm_profile *p = m->profile;
	unsigned int i, w;

	if (json_object_array_length(tests) != p->ntests) {
		snprintf(
			rd->msg, rd->len,
			"%s: profile %s has %u tests here, the file %zu: made by another lunmark?",
			rd->path, p->name, p->ntests,
			json_object_array_length(tests));
		rd->err = -EINVAL;
		return;
	}
	for (i = 0; i < p->ntests && !rd->err; i++) {
		struct json_object *t = json_object_array_get_idx(tests, i);
		struct json_object *c =
			lm_get(rd, t, "cells", json_type_object);

		if (strcmp(lm_get_str(rd, t, "label"), p->tests[i].label) &&
		    !rd->err) {
			snprintf(
				rd->msg, rd->len,
				"%s: test %u is not %s of profile %s: made by another lunmark?",
				rd->path, i + 1, p->tests[i].label, p->name);
			rd->err = -EINVAL;
		}
		for (w = 0; w < LM_WAYS && !rd->err; w++)
			lm_read_cell(
				rd,
				lm_get(rd, c, lm_way_keys[w], json_type_object),
				&m->cells[i][w], lm_way_sum(p, (enum lm_way)w));
	}
}

/* "label" and "tags" (added within schema 1: optional) */
static void lm_read_tags(struct lm_reader *rd, struct json_object *root,
			 struct lm_mark_info *i)
{
	struct json_object *v;

	i->label = "";
	if (json_object_object_get_ex(root, "label", &v))
		i->label = lm_get_str(rd, root, "label");
	if (!json_object_object_get_ex(root, "tags", &v))
		return;
	if (!lm_get(rd, root, "tags", json_type_object))
		return;
	json_object_object_foreach(v, name, val)
	{
		if (!json_object_is_type(val, json_type_string) ||
		    i->ntags == LM_TAGS_MAX) {
			snprintf(
				rd->msg, rd->len,
				"%s: tag '%s': not a string, or more than %u tags",
				rd->path, name, LM_TAGS_MAX);
			rd->err = -EINVAL;
			return;
		}
		i->tags[i->ntags].name = name;
		i->tags[i->ntags++].value = json_object_get_string(val);
	}
}

static void lm_read_info(struct lm_reader *rd, struct json_object *root,
			 struct lm_mark_info *i)
{
	struct json_object *host = lm_get(rd, root, "host", json_type_object);
	struct json_object *tg = lm_get(rd, root, "target", json_type_object);
	struct json_object *st = lm_get(rd, root, "settings", json_type_object);

	i->r.version = lm_get_str(rd, root, "lunmark_version");
	i->r.date = lm_get_str(rd, host, "date");
	i->r.kernel = lm_get_str(rd, host, "kernel");
	i->r.target = lm_get_str(rd, tg, "name");
	i->r.target_kind = lm_get_str(rd, tg, "kind");
	i->r.lbs_bytes =
		(unsigned int)lm_get_u64(rd, tg, "logical_block_bytes");
	i->r.engine = lm_get_str(rd, st, "engine");
	i->r.engine_note = lm_get_str(rd, st, "engine_note");
	i->r.size = lm_get_str(rd, st, "size");
	i->r.warning = lm_get_str(rd, root, "warning");
	i->profile = lm_get_str(rd, st, "profile");
	i->aggregate = lm_get_str(rd, st, "aggregate");
	i->runs = (unsigned int)lm_get_u64(rd, st, "runs");
	i->warmup = lm_get_bool(rd, st, "warmup");
	i->runtime_s = lm_get_dbl(rd, st, "runtime_s");
	i->interval_s = lm_get_dbl(rd, st, "interval_s");
	i->mix_pct = (unsigned int)lm_get_u64(rd, st, "mix_pct");
	i->link_gbit = lm_get_dbl(rd, st, "link_gbit");
	/* added within schema 1: optional */
	i->until_steady = lm_opt_bool(st, "until_steady");
	i->max_rounds = (unsigned int)lm_opt_dbl(st, "max_rounds", 0);
	i->working_set_bytes = (uint64_t)lm_opt_dbl(st, "working_set_bytes", 0);
	i->cache_bytes = (uint64_t)lm_opt_dbl(st, "cache_bytes", 0);
	i->nas_ram_bytes = (uint64_t)lm_opt_dbl(st, "nas_ram_bytes", 0);
	i->sustained = lm_opt_bool(st, "sustained");
	lm_read_tags(rd, root, i);
}

/* "warnings", "miss_bytes", "miss_note" (added within schema 1) */
static void lm_read_warnings(struct lm_reader *rd, struct json_object *o,
			     struct lm_mark_result *m)
{
	struct json_object *a, *e, *k, *t;
	unsigned int kind;
	size_t i;

	m->miss_bytes = (uint64_t)lm_opt_dbl(o, "miss_bytes", 0);
	m->primer_bytes = (uint64_t)lm_opt_dbl(o, "primer_bytes", 0);
	if (json_object_object_get_ex(o, "miss_note", &t))
		snprintf(m->miss_why, sizeof(m->miss_why), "%s",
			 lm_get_str(rd, o, "miss_note"));
	if (!json_object_object_get_ex(o, "warnings", &a))
		return;
	if (!lm_get(rd, o, "warnings", json_type_array))
		return;
	for (i = 0; i < json_object_array_length(a); i++) {
		e = json_object_array_get_idx(a, i);
		if (!json_object_object_get_ex(e, "kind", &k) ||
		    !json_object_object_get_ex(e, "text", &t))
			continue;
		for (kind = 0; kind < LM_WARN_KINDS; kind++)
			if (!strcmp(json_object_get_string(k),
				    lm_warn_key((enum lm_warn_kind)kind)))
				lm_warnings_add(&m->warn,
						(enum lm_warn_kind)kind,
						json_object_get_string(t));
	}
}

static void lm_read_outcome(struct lm_reader *rd, struct json_object *o,
			    struct lm_mark_result *m)
{
	struct json_object *v = lm_get(rd, o, "io_errno", json_type_int);

	m->prefilled = lm_get_bool(rd, o, "prefilled");
	m->interrupted = lm_get_bool(rd, o, "interrupted");
	m->link_ceiling_mb_s = lm_get_dbl(rd, o, "link_ceiling_mb_s");
	m->io_errno = v ? json_object_get_int(v) : 0;
	m->io_err_offset = lm_get_u64(rd, o, "io_error_offset");
	snprintf(m->io_err_test, sizeof(m->io_err_test), "%s",
		 lm_get_str(rd, o, "io_error_test"));
	snprintf(m->io_errtext, sizeof(m->io_errtext), "%s",
		 lm_get_str(rd, o, "io_error_text"));
	snprintf(m->note, sizeof(m->note), "%s", lm_get_str(rd, o, "note"));
	lm_read_warnings(rd, o, m);
	/* a mark with --verify (results of older lunmarks have none) */
	if (!json_object_object_get_ex(o, "verify", &v))
		return;
	m->verified = true;
	m->verify.blocks = lm_get_u64(rd, v, "blocks");
	m->verify.bad = lm_get_u64(rd, v, "bad");
	m->verify.bad_offset = lm_get_u64(rd, v, "first_bad_offset");
	snprintf(m->verify_test, sizeof(m->verify_test), "%s",
		 lm_get_str(rd, v, "first_bad_test"));
	snprintf(m->verify.why, sizeof(m->verify.why), "%s",
		 lm_get_str(rd, v, "first_bad"));
}

/* The file is ours, of a schema we read, for a profile we know. */
static int lm_read_head(struct lm_reader *rd, struct json_object *root,
			struct lm_saved *s)
{
	int64_t v;

	if (!json_object_is_type(root, json_type_object) ||
	    strcmp(lm_get_str(rd, root, "schema"), LM_SCHEMA_NAME)) {
		snprintf(
			rd->msg, rd->len,
			"%s: not a lunmark result (no \"schema\": \"" LM_SCHEMA_NAME
			"\")",
			rd->path);
		return -EINVAL;
	}
	v = (int64_t)lm_get_u64(rd, root, "schema_version");
	if (rd->err)
		return rd->err;
	if (v > LM_SCHEMA_VERSION || v < 1) {
		snprintf(
			rd->msg, rd->len,
			"%s: schema version %lld; this lunmark reads version %d (a newer lunmark wrote it?)",
			rd->path, (long long)v, LM_SCHEMA_VERSION);
		return -EINVAL;
	}
	lm_read_info(rd, root, &s->info);
	if (rd->err)
		return rd->err;
	s->m.profile = lm_profile_find(s->info.profile);
	if (!s->m.profile) {
		snprintf(rd->msg, rd->len,
			 "%s: profile '%s' is not one this lunmark knows",
			 rd->path, s->info.profile);
		return -EINVAL;
	}
	return 0;
}

/* The result in s->root, read from @path. */
static int lm_load_root(const char *path, struct lm_saved *s, char *msg,
			size_t len)
{
	struct lm_reader rd = { .path = path, .msg = msg, .len = len };
	struct json_object *tests;

	rd.err = lm_read_head(&rd, s->root, s);
	if (rd.err)
		goto out_free;
	s->m.cells = calloc(s->m.profile->ntests, sizeof(*s->m.cells));
	if (!s->m.cells) {
		rd.err = -ENOMEM;
		snprintf(msg, len, "%s: out of memory", path);
		goto out_free;
	}
	lm_read_outcome(&rd, lm_get(&rd, s->root, "outcome", json_type_object),
			&s->m);
	tests = lm_get(&rd, s->root, "tests", json_type_array);
	if (!rd.err)
		lm_read_tests(&rd, tests, &s->m);
	if (!rd.err)
		return 0;
out_free:
	lm_saved_free(s);
	return rd.err;
}

int lm_load_mark(const char *path, struct lm_saved *s, char *msg, size_t len)
{
	memset(s, 0, sizeof(*s));
	if (access(path, R_OK)) {
		int err = errno;

		snprintf(msg, len, "%s: cannot read it: %s", path,
			 strerror(err));
		return -err;
	}
	s->root = json_object_from_file(path);
	if (!s->root) {
		snprintf(msg, len, "%s: not JSON: %s", path,
			 json_util_get_last_err());
		msg[strcspn(msg, "\n")] = '\0';
		return -EINVAL;
	}
	return lm_load_root(path, s, msg, len);
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
	if (s->m.cells)
		lm_mark_result_free(&s->m);
	if (s->root)
		json_object_put(s->root);
	memset(s, 0, sizeof(*s));
}

// SPDX-License-Identifier: MIT
/*
 * The saved result's schema (src/result/schema.h): its document names
 * every key and no other, a result saved and read back saves the same
 * file, the file lunmark 0.1 wrote is written the same, and what a reader
 * refuses it refuses by naming the key.
 */
#include "src/job/profile.h"
#include "src/result/load.h"
#include "src/result/save.h"
#include "src/result/schema.h"
#include "src/suite/suite.h"
#include "tests/unit/unit.h"

#include <errno.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LM_DOC "doc/result-schema.md"
#define LM_CORPUS "tests/fuzz/corpus/result/null-default.json"
/* the doc's part about compare's outputs, which nothing reads back */
#define LM_DOC_END "\n## `lunmark compare`"
#define LM_KEYS_MAX 512u

static char *lm_slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "r");
	char *text = NULL;
	long len;

	if (!f)
		return NULL;
	if (!fseek(f, 0, SEEK_END) && (len = ftell(f)) >= 0 &&
	    !fseek(f, 0, SEEK_SET)) {
		text = calloc(1, (size_t)len + 1);
		if (text && fread(text, 1, (size_t)len, f) != (size_t)len) {
			free(text);
			text = NULL;
		}
		if (n)
			*n = (size_t)len;
	}
	fclose(f);
	return text;
}

/* Every key of @t and the tables under it. */
static void lm_keys(const struct lm_fields *t, const char **keys,
		    unsigned int *n)
{
	unsigned int i, k;

	for (i = 0; i < t->n; i++) {
		const struct lm_field *f = &t->f[i];

		if (f->key && *n < LM_KEYS_MAX)
			keys[(*n)++] = f->key;
		for (k = 0; f->type == LM_FT_MAP && k < f->max; k++)
			if (*n < LM_KEYS_MAX)
				keys[(*n)++] = f->keys[k];
		if (f->sub)
			lm_keys(f->sub, keys, n);
	}
}

static bool lm_is_key(const char *w, const char **keys, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (!strcmp(w, keys[i]))
			return true;
	return false;
}

/* Does the code span @span hold the word @w (words: letters, digits,
 * '_' and '.', so that "p99.9" is one)? */
static bool lm_span_has(const char *span, const char *w)
{
	const char *s = span;
	size_t n = strlen(w), len;

	while (*s) {
		len = strspn(s, "abcdefghijklmnopqrstuvwxyz"
				"ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.");
		if (len == n && !strncmp(s, w, n))
			return true;
		s += len ? len : 1;
	}
	return false;
}

/* A span that is one bare name ("cpu_s", "tests[]", a path such as
 * "runs[2].read.lat_us") must be a key (or keys joined by '.', with
 * indexes), a warning's kind or a profile's name. */
static bool lm_doc_name_known(const char *span, const char **keys,
			      unsigned int n)
{
	char w[128], *part, *save, *c;
	size_t len = strlen(span);
	unsigned int k;

	if (len >= sizeof(w) ||
	    strspn(span, "abcdefghijklmnopqrstuvwxyz"
			 "0123456789_.[]") != len ||
	    !(*span >= 'a' && *span <= 'z'))
		return true; /* not a bare name: prose, a value, a path */
	memcpy(w, span, len + 1);
	if (lm_is_key(w, keys, n) || lm_profile_find(w))
		return true;
	for (k = 0; k < LM_WARN_KINDS; k++)
		if (!strcmp(w, lm_warn_key((enum lm_warn_kind)k)))
			return true;
	for (c = strchr(w, '['); c; c = strchr(c, '['))
		while (*c && *c != '.')
			*c++ = '.'; /* "[2]" */
	for (part = strtok_r(w, ".", &save); part;
	     part = strtok_r(NULL, ".", &save))
		if (!lm_is_key(part, keys, n))
			return false;
	return true;
}

/* doc/result-schema.md names every key of the tables, and every name in
 * its code spans is one of them: the document cannot drift. */
static void lm_test_schema_doc(void)
{
	static const char *keys[LM_KEYS_MAX];
	char *spans[1024], *text = lm_slurp(LM_DOC, NULL), *s, *end;
	unsigned int nkeys = 0, nspans = 0, i, j;

	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	end = strstr(text, LM_DOC_END);
	CU_ASSERT_PTR_NOT_NULL_FATAL(end);
	*end = '\0';
	for (s = strchr(text, '`'); s && nspans < 1024; s = strchr(s, '`')) {
		end = strchr(s + 1, '`');
		if (!end)
			break;
		*end = '\0';
		spans[nspans++] = s + 1;
		s = end + 1;
	}
	lm_keys(&lm_schema_root, keys, &nkeys);
	CU_ASSERT(nkeys > 100 && nkeys < LM_KEYS_MAX);
	for (i = 0; i < nkeys; i++) {
		for (j = 0; j < nspans && !lm_span_has(spans[j], keys[i]); j++)
			;
		if (j == nspans)
			fprintf(stderr, "\n%s does not name the key '%s'",
				LM_DOC, keys[i]);
		CU_ASSERT(j < nspans);
	}
	for (j = 0; j < nspans; j++) {
		if (!lm_doc_name_known(spans[j], keys, nkeys))
			fprintf(stderr, "\n%s names `%s`, which is no key",
				LM_DOC, spans[j]);
		CU_ASSERT(lm_doc_name_known(spans[j], keys, nkeys));
	}
	free(text);
}

/* A cell of @nruns runs of @nseries seconds each, whose MB/s climb by
 * @step (a sustained write: the seconds' halves differ). */
static void lm_rt_cell(struct lm_cell *c, unsigned int nruns,
		       unsigned int nseries, double step)
{
	unsigned int r, k, i;

	c->wanted = true;
	c->nruns = nruns;
	c->files = 3;
	c->file_bytes = 4096;
	for (r = 0; r < nruns; r++) {
		struct lm_cell_run *run = &c->runs[r];

		for (k = 0; k < LM_SUMS; k++) {
			struct lm_summary *s = &run->s[k];

			s->ios = 1000 + r;
			s->bytes = s->ios * 4096;
			s->seconds = 1.25;
			s->mb_s = 100.0 / 3 + r * step + k;
			s->iops = s->mb_s * 244.140625;
			s->lat_mean_us = 12.5 + r;
			s->lat_pct_us[3] = 99.9 + r;
			s->idle_s = k;
		}
		run->cpu_s = r ? 0.1 * r : -1;
		run->host_cpu_s = 0.5;
		run->nseries = nseries;
		run->series =
			calloc(nseries ? nseries : 1, sizeof(*run->series));
		CU_ASSERT_PTR_NOT_NULL_FATAL(run->series);
		for (i = 0; i < nseries; i++) {
			run->series[i].dur_ns = 1000000000ull;
			run->series[i].ios[LM_DIR_WRITE] =
				i < nseries / 2 ? 900 : 300;
			run->series[i].bytes[LM_DIR_WRITE] =
				run->series[i].ios[LM_DIR_WRITE] << 20;
		}
	}
}

/* The cache profile's result, with every part the file may hold. */
static void lm_rt_result(struct lm_mark_result *m, struct lm_mark_info *info)
{
	const struct lm_profile *p = lm_profile_find("cache");
	unsigned int i, w;

	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	m->profile = p;
	m->cells = calloc(p->ntests, sizeof(*m->cells));
	CU_ASSERT_PTR_NOT_NULL_FATAL(m->cells);
	for (i = 0; i < p->ntests; i++)
		for (w = 0; w < LM_WAYS; w++) {
			struct lm_cell *c = &m->cells[i][w];

			if (!lm_way_used(p, (enum lm_way)w))
				continue;
			c->by_rounds = true;
			c->has_miss = i == 0;
			c->sustain = p->tests[i].sustain;
			lm_rt_cell(c, c->sustain ? 1 : 7, c->sustain ? 8 : 2,
				   i == 1 ? 0.001 : 7);
			c->miss[LM_SUM_ALL].mb_s = 4.5;
			lm_cell_aggregate(c, lm_way_sum(p, (enum lm_way)w),
					  LM_AGG_MEDIAN);
		}
	m->link_ceiling_mb_s = 1187.5;
	m->io_errno = -5;
	snprintf(m->io_errtext, sizeof(m->io_errtext), "I/O \"error\"");
	m->miss_bytes = 3 << 20;
	lm_warnings_add(&m->warn, LM_WARN_NAS_RAM, "the NAS's RAM holds it");
	lm_warnings_add(&m->warn, LM_WARN_UNSTABLE, "unstable");
	m->verified = true;
	m->verify.blocks = 1u << 20;
	m->verify.bad = 1;
	snprintf(m->verify.why, sizeof(m->verify.why), "a block of zeroes");
	info->r = (struct lm_report_info){ .version = "9.9",
					   .target = "/dev/sdz",
					   .target_kind = "block device",
					   .size = "16MiB",
					   .lbs_bytes = 4096,
					   .engine = "uring",
					   .date = "2026/11/30 12:00:00",
					   .kernel = "Linux 6.18 x86_64" };
	info->label = "lab";
	info->tags[0] = (struct lm_tag){ "cache", "on" };
	info->ntags = 1;
	info->profile = "cache";
	info->aggregate = "median";
	info->runs = 1;
	info->runtime_s = 0.5;
	info->until_steady = true;
	info->max_rounds = 25;
	info->working_set_bytes = 12 << 20;
	info->cache_bytes = 4 << 20;
	info->sustained = true;
}

/* Saved, read back and saved again: the same file, byte for byte, so
 * every field a reader keeps (or computes again) survives. */
static void lm_test_schema_round_trip(void)
{
	struct lm_identity id = { .size_bytes = 1ull << 30, .pbs_bytes = 512 };
	char a[] = "/tmp/lm-schema-a.XXXXXX", b[] = "/tmp/lm-schema-b.XXXXXX";
	struct lm_mark_info info = { 0 };
	struct lm_mark_result m = { 0 };
	char msg[512], *ta, *tb;
	struct lm_saved s;
	int fa = mkstemp(a), fb = mkstemp(b);

	CU_ASSERT_FATAL(fa >= 0 && fb >= 0);
	close(fa);
	close(fb);
	snprintf(id.vendor, sizeof(id.vendor), "LIO-ORG");
	lm_rt_result(&m, &info);
	CU_ASSERT_EQUAL_FATAL(lm_save_mark(a, &info, &m, &id, msg, sizeof(msg)),
			      0);
	CU_ASSERT_EQUAL_FATAL(lm_load_mark(a, &s, msg, sizeof(msg)), 0);
	CU_ASSERT_TRUE(s.m.verified);
	CU_ASSERT_EQUAL(s.m.warn.n, 2);
	CU_ASSERT_STRING_EQUAL(s.info.tags[0].value, "on");
	CU_ASSERT_TRUE(s.m.cells[0][LM_WAY_READ].has_miss);
	CU_ASSERT_TRUE(s.m.cells[0][LM_WAY_READ].by_rounds);
	CU_ASSERT_DOUBLE_EQUAL(s.m.cells[0][LM_WAY_READ].runs[0].cpu_s, -1, 0);
	CU_ASSERT_EQUAL_FATAL(
		lm_save_mark(b, &s.info, &s.m, &id, msg, sizeof(msg)), 0);
	ta = lm_slurp(a, NULL);
	tb = lm_slurp(b, NULL);
	CU_ASSERT_FATAL(ta && tb);
	CU_ASSERT_STRING_EQUAL(ta, tb);
	CU_ASSERT_PTR_NOT_NULL(strstr(ta, "\"sustained\":{"));
	CU_ASSERT_PTR_NOT_NULL(strstr(ta, "\"found\":true"));
	free(ta);
	free(tb);
	lm_saved_free(&s);
	lm_mark_result_free(&m);
	unlink(a);
	unlink(b);
}

/* @text without its "host" object, whose figures are this machine's. */
static void lm_drop_host(char *text)
{
	char *from = strstr(text, "\n  \"host\":{\n"), *to;

	CU_ASSERT_PTR_NOT_NULL_FATAL(from);
	to = strstr(from, "\n  },\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(to);
	memmove(from, to + 5, strlen(to + 5) + 1);
}

/* The corpus' file, written by lunmark 0.1 before the schema was a
 * table, is written again byte for byte (but for the host it ran on). */
static void lm_test_schema_golden(void)
{
	/* the target's identity in the file: a reader does not keep it */
	struct lm_identity id = { .size_bytes = 16777216 };
	char out[] = "/tmp/lm-schema-g.XXXXXX", msg[512], *want, *got;
	struct lm_saved s;
	int fd = mkstemp(out);

	CU_ASSERT_FATAL(fd >= 0);
	close(fd);
	CU_ASSERT_EQUAL_FATAL(lm_load_mark(LM_CORPUS, &s, msg, sizeof(msg)), 0);
	CU_ASSERT_EQUAL_FATAL(
		lm_save_mark(out, &s.info, &s.m, &id, msg, sizeof(msg)), 0);
	lm_saved_free(&s);
	want = lm_slurp(LM_CORPUS, NULL);
	got = lm_slurp(out, NULL);
	CU_ASSERT_FATAL(want && got);
	lm_drop_host(want);
	lm_drop_host(got);
	CU_ASSERT_STRING_EQUAL(got, want);
	free(want);
	free(got);
	unlink(out);
}

/* The corpus' file with the member at @path ('/' apart; numbers index
 * arrays) set to the JSON @value, or deleted when @value is NULL, then
 * read: lm_load_mark_text()'s return, the result in @s when 0. */
static int lm_load_edited(const char *path, const char *value,
			  struct lm_saved *s, char *msg, size_t len)
{
	struct json_object *root = json_object_from_file(LM_CORPUS), *o = root;
	char p[256], *part, *next, *save;
	const char *text;
	int ret;

	CU_ASSERT_PTR_NOT_NULL_FATAL(root);
	snprintf(p, sizeof(p), "%s", path);
	part = strtok_r(p, "/", &save);
	for (next = strtok_r(NULL, "/", &save); next;
	     part = next, next = strtok_r(NULL, "/", &save))
		o = json_object_is_type(o, json_type_array)
			    ? json_object_array_get_idx(o, (size_t)atoi(part))
			    : json_object_object_get(o, part);
	CU_ASSERT_PTR_NOT_NULL_FATAL(o);
	if (json_object_is_type(o, json_type_array))
		json_object_array_put_idx(o, (size_t)atoi(part),
					  json_tokener_parse(value));
	else if (value)
		json_object_object_add(o, part, json_tokener_parse(value));
	else
		json_object_object_del(o, part);
	text = json_object_to_json_string(root);
	ret = lm_load_mark_text("f.json", text, strlen(text), s, msg, len);
	json_object_put(root);
	return ret;
}

static const struct lm_edit {
	const char *path;
	const char *value; /* JSON; NULL: deleted */
	const char *msg;   /* what the refusal says; NULL: read */
} lm_edits[] = {
	{ "settings/engine", NULL, "'settings.engine' is missing" },
	{ "settings/runs", "\"5\"",
	  "'settings.runs' is a string, not an integer" },
	{ "tests/1/cells/write/runs/0/all/lat_us/p99.9", NULL,
	  "'tests[1].cells.write.runs[0].all.lat_us.p99.9' is missing" },
	{ "tests/0/cells/read/headline/read/ios", "1.5",
	  "'tests[0].cells.read.headline.read.ios' is a number, not an integer" },
	{ "outcome/miss_note", "5",
	  "'outcome.miss_note' is an integer, not a string" },
	{ "outcome/verify", "[]",
	  "'outcome.verify' is an array, not an object" },
	{ "schema_version", "2",
	  "f.json: schema version 2; this lunmark reads version 1 (a newer lunmark wrote it?)" },
	{ "schema", "\"lunmark-compare\"",
	  "f.json: not a lunmark result (no \"schema\": \"lunmark-result\")" },
	{ "schema", NULL,
	  "f.json: not a lunmark result (no \"schema\": \"lunmark-result\")" },
	{ "settings/profile", "\"nope\"",
	  "f.json: profile 'nope' is not one this lunmark knows" },
	{ "tests/0/label", "\"SEQ1M Q1T1\"",
	  "'tests[0].label' is \"SEQ1M Q1T1\" where this lunmark has \"SEQ1M Q8T1\": made by another lunmark?" },
	{ "tests/0/cells/read/runs/0/per_second/0", "[1, 2, 3, 4]",
	  "'tests[0].cells.read.runs[0].per_second[0]' has 4 values, not 5" },
	{ "tests/0/cells/mix", "null",
	  "'tests[0].cells.mix' is null, not an object" },
	{ "tags", "{\"a\": \"b\", \"c\": 1}",
	  "'tags.c' is an integer, not a string" },
	{ "tests", "[]",
	  "f.json: profile default has 4 tests here, the file 0: made by another lunmark?" },
	/* read: absent or, for the fields the first reader took loosely,
	 * of another type */
	{ "settings/max_rounds", NULL, NULL },
	{ "settings/max_rounds", "\"x\"", NULL },
	{ "settings/runtime_s", "5", NULL },
	{ "tests/0/cells/read/runs/0/cpu_s", "null", NULL },
	{ "tests/0/cells/read/runs/0/per_second/0",
	  "[\"1\", true, null, 2.5, 4]", NULL },
	{ "tests/0/cells/read/rounds", "null", NULL },
	{ "label", NULL, NULL },
	{ "tags", NULL, NULL },
	{ "outcome/warnings", NULL, NULL },
	/* a kind that is no string was a crash (strcmp of NULL) */
	{ "outcome/warnings",
	  "[{\"kind\": null, \"text\": \"x\"}, {\"kind\": \"what\", \"text\": \"x\"}, 5, {\"kind\": \"unstable\"}, {\"kind\": \"unstable\", \"text\": \"y\"}]",
	  NULL },
};

static void lm_test_schema_refusals(void)
{
	unsigned int i;
	struct lm_saved s;
	char msg[512];
	int ret;

	for (i = 0; i < sizeof(lm_edits) / sizeof(lm_edits[0]); i++) {
		const struct lm_edit *e = &lm_edits[i];

		msg[0] = '\0';
		ret = lm_load_edited(e->path, e->value, &s, msg, sizeof(msg));
		if (!e->msg) {
			if (ret)
				fprintf(stderr, "\n%s = %s: %s", e->path,
					e->value, msg);
			CU_ASSERT_EQUAL(ret, 0);
		} else {
			if (!strstr(msg, e->msg))
				fprintf(stderr, "\n%s = %s: got '%s'", e->path,
					e->value ? e->value : "(deleted)", msg);
			CU_ASSERT_EQUAL(ret, -EINVAL);
			CU_ASSERT_PTR_NOT_NULL(strstr(msg, e->msg));
		}
		if (!ret && !strcmp(e->path, "outcome/warnings") && e->value) {
			CU_ASSERT_EQUAL(s.m.warn.n, 1);
			CU_ASSERT_STRING_EQUAL(s.m.warn.text[0], "y");
		}
		if (!ret && !strcmp(e->path, "settings/max_rounds"))
			CU_ASSERT_EQUAL(s.info.max_rounds, 0);
		if (!ret && !strcmp(e->path, "tests/0/cells/read/rounds"))
			CU_ASSERT_TRUE(s.m.cells[0][LM_WAY_READ].by_rounds);
		if (!ret)
			lm_saved_free(&s);
	}
}

/* The top level, and arrays longer than the schema allows. */
static void lm_test_schema_shapes(void)
{
	char msg[512], runs[1024];
	struct lm_saved s;
	unsigned int i;
	size_t n = 0;

	CU_ASSERT_EQUAL(
		lm_load_mark_text("f.json", "[]", 2, &s, msg, sizeof(msg)),
		-EINVAL);
	CU_ASSERT_STRING_EQUAL(
		msg,
		"f.json: not a lunmark result: the top level is an array, not an object");
	n += (size_t)snprintf(runs + n, sizeof(runs) - n, "[");
	for (i = 0; i <= LM_RUNS_MAX; i++)
		n += (size_t)snprintf(runs + n, sizeof(runs) - n, "%s{}",
				      i ? "," : "");
	snprintf(runs + n, sizeof(runs) - n, "]");
	CU_ASSERT_EQUAL(lm_load_edited("tests/0/cells/read/runs", runs, &s, msg,
				       sizeof(msg)),
			-EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(
		msg,
		"'tests[0].cells.read.runs' has 101 elements, more than 100"));
}

int lm_suite_schema(void)
{
	static const struct lm_unit_test t[] = {
		{ "the document names every key", lm_test_schema_doc },
		{ "saved, read back, saved the same",
		  lm_test_schema_round_trip },
		{ "lunmark 0.1's file written the same",
		  lm_test_schema_golden },
		{ "refusals name the key", lm_test_schema_refusals },
		{ "the top level and long arrays", lm_test_schema_shapes },
		{ NULL, NULL },
	};
	return lm_unit_add("schema", t);
}

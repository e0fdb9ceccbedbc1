// SPDX-License-Identifier: MIT
#include "src/result/save.h"
#include "src/result/jsonw.h"
#include "src/lunmark.h"

#include <errno.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *const lm_way_keys[LM_WAYS] = { "read", "write", "mix" };
const char *const lm_sum_keys[LM_SUMS] = { "read", "write", "all" };
const char *const lm_pct_keys[LM_NPCT] = { "p50", "p90", "p99", "p99.9",
					   "p99.99" };

/* --- writing --- */

static struct json_object *lm_summary_json(const struct lm_summary *s)
{
	struct json_object *o = json_object_new_object();
	struct json_object *lat = json_object_new_object();
	unsigned int i;

	lm_jput_u64(o, "ios", s->ios);
	lm_jput_u64(o, "bytes", s->bytes);
	lm_jput_u64(o, "errors", s->errors);
	lm_jput_dbl(o, "seconds", s->seconds);
	lm_jput_dbl(o, "iops", s->iops);
	lm_jput_dbl(o, "mb_s", s->mb_s);
	lm_jput_dbl(o, "mib_s", s->mib_s);
	lm_jput_dbl(o, "iops_min", s->iops_min);
	lm_jput_dbl(o, "iops_max", s->iops_max);
	lm_jput_dbl(o, "mb_s_min", s->mb_s_min);
	lm_jput_dbl(o, "mb_s_max", s->mb_s_max);
	lm_jput_u64(o, "idle_s", s->idle_s);
	lm_jput_dbl(lat, "min", s->lat_min_us);
	lm_jput_dbl(lat, "max", s->lat_max_us);
	lm_jput_dbl(lat, "mean", s->lat_mean_us);
	lm_jput_dbl(lat, "stddev", s->lat_stddev_us);
	for (i = 0; i < LM_NPCT; i++)
		lm_jput_dbl(lat, lm_pct_keys[i], s->lat_pct_us[i]);
	lm_jput(o, "lat_us", lat);
	return o;
}

static struct json_object *lm_sums_json(const struct lm_summary *s)
{
	struct json_object *o = json_object_new_object();
	unsigned int k;

	for (k = 0; k < LM_SUMS; k++)
		lm_jput(o, lm_sum_keys[k], lm_summary_json(&s[k]));
	return o;
}

static struct json_object *lm_series_json(const struct lm_cell_run *r)
{
	struct json_object *a = json_object_new_array();
	unsigned int i;

	for (i = 0; i < r->nseries; i++) {
		const struct lm_sample *s = &r->series[i];
		struct json_object *e = json_object_new_array();

		json_object_array_add(e, json_object_new_uint64(s->dur_ns));
		json_object_array_add(e, json_object_new_uint64(s->ios[0]));
		json_object_array_add(e, json_object_new_uint64(s->ios[1]));
		json_object_array_add(e, json_object_new_uint64(s->bytes[0]));
		json_object_array_add(e, json_object_new_uint64(s->bytes[1]));
		json_object_array_add(a, e);
	}
	return a;
}

/* What rounds, the cache profile and --sustained add to a cell: computed
 * from its runs, written for other readers (lm_load_mark recomputes). */
static void lm_cell_extra_json(struct json_object *o, const struct lm_cell *c)
{
	struct json_object *x;

	if (c->by_rounds) {
		x = json_object_new_object();
		lm_jput_bool(x, "steady", c->ss.steady);
		lm_jput_u64(x, "window_first_round",
			    c->ss.n ? c->ss.first + 1 : 0);
		lm_jput_u64(x, "window_rounds", c->ss.n);
		lm_jput_dbl(x, "range_pct", c->ss.range_pct);
		lm_jput_dbl(x, "excursion_pct", c->ss.excursion_pct);
		lm_jput_dbl(x, "warm_ratio", c->warm_ratio);
		lm_jput_bool(x, "warmed", c->warmed);
		lm_jput_u64(x, "warm_bytes", c->warm_bytes);
		lm_jput_dbl(x, "warm_s", c->warm_s);
		lm_jput(o, "rounds", x);
	}
	if (c->has_miss)
		lm_jput(o, "miss", lm_sums_json(c->miss));
	if (c->sustain) {
		x = json_object_new_object();
		lm_jput_bool(x, "found", c->step.found);
		lm_jput_dbl(x, "burst_mb_s", c->step.before_mean);
		lm_jput_dbl(x, "sustained_mb_s", c->step.after_mean);
		lm_jput_dbl(x, "change_s", c->step_s);
		lm_jput_u64(x, "change_bytes", c->step_bytes);
		lm_jput(o, "sustained", x);
	}
}

static struct json_object *lm_cell_json(const struct lm_cell *c)
{
	struct json_object *o = json_object_new_object();
	struct json_object *runs = json_object_new_array();
	struct json_object *sp = json_object_new_object();
	unsigned int k;

	lm_jput_bool(o, "wanted", c->wanted);
	lm_jput(o, "headline", lm_sums_json(c->headline));
	lm_jput_dbl(sp, "mean", c->spread.mean);
	lm_jput_dbl(sp, "min", c->spread.min);
	lm_jput_dbl(sp, "max", c->spread.max);
	lm_jput_dbl(sp, "cv_pct", c->spread.cv_pct);
	lm_jput(o, "mb_s_spread", sp);
	lm_jput_bool(o, "unstable", c->unstable);
	lm_jput_dbl(o, "bar", c->bar);
	lm_jput_dbl(o, "link_pct", c->link_pct);
	lm_jput_u64(o, "files", c->files);
	lm_jput_u64(o, "file_bytes", c->file_bytes);
	for (k = 0; k < c->nruns; k++) {
		struct json_object *r = lm_sums_json(c->runs[k].s);

		lm_jput_dbl(r, "cpu_s", c->runs[k].cpu_s);
		lm_jput_dbl(r, "host_cpu_s", c->runs[k].host_cpu_s);
		lm_jput(r, "per_second", lm_series_json(&c->runs[k]));
		json_object_array_add(runs, r);
	}
	lm_jput(o, "runs", runs);
	lm_cell_extra_json(o, c);
	return o;
}

static struct json_object *lm_test_json(const struct lm_test *t,
					const struct lm_cell *cells)
{
	struct json_object *o = json_object_new_object();
	struct json_object *c = json_object_new_object();
	unsigned int w;

	lm_jput_str(o, "label", t->label);
	lm_jput_bool(o, "random", t->random);
	lm_jput_u64(o, "bs_bytes", t->bs_bytes);
	lm_jput_u64(o, "iodepth", t->qd);
	lm_jput_u64(o, "threads", t->threads);
	lm_jput_u64(o, "read_pct", t->read_pct);
	lm_jput_u64(o, "random_pct", t->random_pct);
	for (w = 0; w < LM_WAYS; w++)
		lm_jput(c, lm_way_keys[w], lm_cell_json(&cells[w]));
	lm_jput(o, "cells", c);
	return o;
}

static struct json_object *lm_target_json(const struct lm_report_info *r,
					  const struct lm_probe_info *id)
{
	struct json_object *o = json_object_new_object();

	lm_jput_str(o, "name", r->target);
	lm_jput_str(o, "kind", r->target_kind);
	lm_jput_u64(o, "logical_block_bytes", r->lbs_bytes);
	if (id) {
		lm_jput_u64(o, "size_bytes", id->size_bytes);
		lm_jput_u64(o, "physical_block_bytes", id->pbs_bytes);
		lm_jput_str(o, "vendor", id->vendor);
		lm_jput_str(o, "model", id->model);
		lm_jput_str(o, "revision", id->revision);
		lm_jput_str(o, "serial", id->serial);
	}
	return o;
}

static struct json_object *lm_settings_json(const struct lm_mark_info *i)
{
	struct json_object *o = json_object_new_object();

	lm_jput_str(o, "profile", i->profile);
	lm_jput_str(o, "engine", i->r.engine);
	lm_jput_str(o, "engine_note", i->r.engine_note);
	lm_jput_str(o, "size", i->r.size);
	lm_jput_str(o, "aggregate", i->aggregate);
	lm_jput_u64(o, "runs", i->runs);
	lm_jput_bool(o, "warmup", i->warmup);
	lm_jput_dbl(o, "runtime_s", i->runtime_s);
	lm_jput_dbl(o, "interval_s", i->interval_s);
	lm_jput_u64(o, "mix_pct", i->mix_pct);
	lm_jput_dbl(o, "link_gbit", i->link_gbit);
	lm_jput_bool(o, "until_steady", i->until_steady);
	lm_jput_u64(o, "max_rounds", i->max_rounds);
	lm_jput_u64(o, "working_set_bytes", i->working_set_bytes);
	lm_jput_u64(o, "cache_bytes", i->cache_bytes);
	lm_jput_u64(o, "nas_ram_bytes", i->nas_ram_bytes);
	lm_jput_bool(o, "sustained", i->sustained);
	return o;
}

static struct json_object *lm_warnings_json(const struct lm_warnings *w)
{
	struct json_object *a = json_object_new_array();
	unsigned int i;

	for (i = 0; i < w->n; i++) {
		struct json_object *e = json_object_new_object();

		lm_jput_str(e, "kind", lm_warn_key(w->kind[i]));
		lm_jput_str(e, "text", w->text[i]);
		json_object_array_add(a, e);
	}
	return a;
}

static struct json_object *lm_outcome_json(const struct lm_mark_result *m)
{
	struct json_object *o = json_object_new_object();

	lm_jput_bool(o, "prefilled", m->prefilled);
	lm_jput_bool(o, "interrupted", m->interrupted);
	lm_jput_dbl(o, "link_ceiling_mb_s", m->link_ceiling_mb_s);
	lm_jput(o, "io_errno", json_object_new_int(m->io_errno));
	lm_jput_u64(o, "io_error_offset", m->io_err_offset);
	lm_jput_str(o, "io_error_test", m->io_err_test);
	lm_jput_str(o, "io_error_text", m->io_errtext);
	lm_jput_str(o, "note", m->note);
	lm_jput_u64(o, "miss_bytes", m->miss_bytes);
	lm_jput_u64(o, "primer_bytes", m->primer_bytes);
	lm_jput_str(o, "miss_note", m->miss_why);
	lm_jput(o, "warnings", lm_warnings_json(&m->warn));
	if (m->verified) {
		struct json_object *v = json_object_new_object();

		lm_jput_u64(v, "blocks", m->verify.blocks);
		lm_jput_u64(v, "bad", m->verify.bad);
		lm_jput_u64(v, "first_bad_offset", m->verify.bad_offset);
		lm_jput_str(v, "first_bad_test", m->verify_test);
		lm_jput_str(v, "first_bad", m->verify.why);
		lm_jput(o, "verify", v);
	}
	return o;
}

int lm_save_mark(const char *path, const struct lm_mark_info *info,
		 const struct lm_mark_result *m, const struct lm_probe_info *id,
		 char *msg, size_t len)
{
	struct json_object *root = json_object_new_object();
	struct json_object *host = json_object_new_object();
	struct json_object *tests = json_object_new_array();
	struct json_object *tags = json_object_new_object();
	char tmp[4096];
	unsigned int i;
	int ret = 0;

	lm_jput_str(root, "schema", LM_SCHEMA_NAME);
	lm_jput(root, "schema_version", json_object_new_int(LM_SCHEMA_VERSION));
	lm_jput_str(root, "lunmark_version", info->r.version);
	lm_jput_str(root, "command", "mark");
	lm_jput_str(root, "label", info->label ? info->label : "");
	lm_jput(root, "tags", tags);
	for (i = 0; i < info->ntags; i++)
		lm_jput_str(tags, info->tags[i].name, info->tags[i].value);
	lm_jput_str(host, "date", info->r.date);
	lm_jput_str(host, "kernel", info->r.kernel);
	if (!gethostname(tmp, sizeof(tmp) - 1)) {
		tmp[sizeof(tmp) - 1] = '\0';
		lm_jput_str(host, "hostname", tmp);
	}
	lm_jput_u64(host, "cpus", (uint64_t)sysconf(_SC_NPROCESSORS_ONLN));
	lm_jput_u64(host, "memory_bytes",
		    (uint64_t)sysconf(_SC_PHYS_PAGES) *
			    (uint64_t)sysconf(_SC_PAGESIZE));
	lm_jput(root, "host", host);
	lm_jput(root, "target", lm_target_json(&info->r, id));
	lm_jput(root, "settings", lm_settings_json(info));
	lm_jput_str(root, "warning", info->r.warning);
	lm_jput(root, "outcome", lm_outcome_json(m));
	for (i = 0; i < m->profile->ntests; i++)
		json_object_array_add(tests, lm_test_json(&m->profile->tests[i],
							  m->cells[i]));
	lm_jput(root, "tests", tests);
	snprintf(tmp, sizeof(tmp), "%s.tmp%d", path, (int)getpid());
	if (json_object_to_file_ext(tmp, root,
				    JSON_C_TO_STRING_PRETTY |
					    JSON_C_TO_STRING_NOSLASHESCAPE)) {
		ret = errno ? -errno : -EIO;
		snprintf(msg, len, "--json=%s: cannot write it: %s", path,
			 strerror(-ret));
		unlink(tmp);
	} else if (rename(tmp, path)) {
		ret = -errno;
		snprintf(msg, len, "--json=%s: cannot write it: %s", path,
			 strerror(-ret));
		unlink(tmp);
	}
	json_object_put(root);
	return ret;
}

// SPDX-License-Identifier: MIT
#include "fiojson.h"
#include "../src/lunmark.h"
#include "../src/stats.h"

#include <errno.h>
#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

/* fio's default percentile list */
static const double lm_fio_pcts[] = { 1,  5,	10,   20,    30,   40,
				      50, 60,	70,   80,    90,   95,
				      99, 99.5, 99.9, 99.95, 99.99 };

static void lm_put(struct json_object *o, const char *k, struct json_object *v)
{
	json_object_object_add(o, k, v);
}

static void lm_put_i(struct json_object *o, const char *k, int64_t v)
{
	lm_put(o, k, json_object_new_int64(v));
}

static void lm_put_u(struct json_object *o, const char *k, uint64_t v)
{
	lm_put(o, k, json_object_new_uint64(v));
}

static void lm_put_d(struct json_object *o, const char *k, double v)
{
	lm_put(o, k, json_object_new_double(v));
}

/* as fio: options with a value; bare ones (time_based) it leaves out */
static void lm_options_add(struct json_object *o,
			   const struct lm_fio_section *s)
{
	unsigned int i;

	for (i = 0; s && i < s->nopts; i++)
		if (s->opts[i].val)
			lm_put(o, s->opts[i].key,
			       json_object_new_string(s->opts[i].val));
}

static struct json_object *lm_options_json(const struct lm_fio_section *s)
{
	struct json_object *o = json_object_new_object();

	lm_options_add(o, s);
	return o;
}

/* every [global] of the file, a later value replacing an earlier one */
static struct json_object *lm_globals_json(const struct lm_fio_file *f)
{
	struct json_object *o = json_object_new_object();
	unsigned int i;

	for (i = 0; f && i < f->nsecs; i++)
		if (f->secs[i].global)
			lm_options_add(o, &f->secs[i]);
	return o;
}

static struct json_object *lm_lat_json(const struct lm_hist *h, bool pcts)
{
	struct json_object *o = json_object_new_object();
	struct json_object *p;
	char key[32];
	unsigned int i;

	lm_put_u(o, "min", h->count ? h->min_ns : 0);
	lm_put_u(o, "max", h->max_ns);
	lm_put_d(o, "mean", lm_hist_mean(h));
	lm_put_d(o, "stddev", lm_hist_stddev(h));
	lm_put_u(o, "N", h->count);
	if (!pcts || !h->count)
		return o;
	p = json_object_new_object();
	for (i = 0; i < LM_ARRAY_SIZE(lm_fio_pcts); i++) {
		snprintf(key, sizeof(key), "%f", lm_fio_pcts[i]);
		lm_put_u(p, key, lm_hist_percentile(h, lm_fio_pcts[i]));
	}
	lm_put(o, "percentile", p);
	return o;
}

/* bw (KiB/s) and iops over the run's whole seconds */
static void lm_samples_json(struct json_object *o,
			    const struct lm_run_result *r, unsigned int d)
{
	double *bw = calloc(r->nseries + 1, sizeof(*bw));
	double *iops = calloc(r->nseries + 1, sizeof(*iops));
	struct lm_spread sb, si;
	unsigned int i, n = 0;

	for (i = 0; bw && iops && i < r->nseries; i++) {
		const struct lm_sample *s = &r->series[i];

		if (s->dur_ns < 1000000000ull)
			continue;
		bw[n] = (double)s->bytes[d] / 1024.0 * 1e9 / (double)s->dur_ns;
		iops[n++] = (double)s->ios[d] * 1e9 / (double)s->dur_ns;
	}
	lm_spread(bw, n, &sb);
	lm_spread(iops, n, &si);
	lm_put_i(o, "bw_min", (int64_t)sb.min);
	lm_put_i(o, "bw_max", (int64_t)sb.max);
	lm_put_d(o, "bw_agg", n ? 100.0 : 0.0);
	lm_put_d(o, "bw_mean", sb.mean);
	lm_put_d(o, "bw_dev", sb.mean * sb.cv_pct / 100.0);
	lm_put_i(o, "bw_samples", n);
	lm_put_i(o, "iops_min", (int64_t)si.min);
	lm_put_i(o, "iops_max", (int64_t)si.max);
	lm_put_d(o, "iops_mean", si.mean);
	lm_put_d(o, "iops_stddev", si.mean * si.cv_pct / 100.0);
	lm_put_i(o, "iops_samples", n);
	free(bw);
	free(iops);
}

static struct json_object *lm_dir_json(const struct lm_run_result *r,
				       unsigned int d)
{
	struct json_object *o = json_object_new_object();
	const struct lm_summary *s = &r->sum[d];
	struct lm_hist empty;

	lm_put_u(o, "io_bytes", s->bytes);
	lm_put_u(o, "io_kbytes", s->bytes / 1024);
	lm_put_u(o, "bw_bytes", (uint64_t)(s->mib_s * 1048576.0));
	lm_put_u(o, "bw", (uint64_t)(s->mib_s * 1024.0));
	lm_put_d(o, "iops", s->iops);
	lm_put_u(o, "runtime", r->elapsed_ns / 1000000);
	lm_put_u(o, "total_ios", s->ios + s->errors);
	lm_put_u(o, "short_ios", 0);
	lm_put_u(o, "drop_ios", 0);
	lm_hist_init(&empty);
	lm_put(o, "slat_ns", lm_lat_json(&empty, false));
	lm_put(o, "clat_ns", lm_lat_json(&r->lat[d], true));
	lm_put(o, "lat_ns", lm_lat_json(&r->lat[d], false));
	lm_samples_json(o, r, d);
	return o;
}

/* fio's latency buckets: % of IOs with latency in (previous key, key] */
static struct json_object *lm_buckets_json(const struct lm_run_result *r,
					   const unsigned int *keys,
					   unsigned int n, uint64_t unit_ns,
					   bool tail)
{
	struct json_object *o = json_object_new_object();
	uint64_t total = r->lat[0].count + r->lat[1].count, prev = 0, le;
	char key[16];
	unsigned int i;

	for (i = 0; i < n; i++) {
		le = lm_hist_count_le(&r->lat[0], keys[i] * unit_ns) +
		     lm_hist_count_le(&r->lat[1], keys[i] * unit_ns);
		snprintf(key, sizeof(key), "%u", keys[i]);
		lm_put_d(o, key,
			 total ? 100.0 * (double)(le - prev) / (double)total
			       : 0.0);
		prev = le;
	}
	if (tail)
		lm_put_d(o, ">=2000",
			 total ? 100.0 * (double)(total - prev) / (double)total
			       : 0.0);
	return o;
}

static void lm_latency_json(struct json_object *o,
			    const struct lm_run_result *r)
{
	static const unsigned int small[] = { 2,   4,	10,  20,  50,
					      100, 250, 500, 750, 1000 };
	static const unsigned int ms[] = { 2,	4,   10,  20,	50,  100,
					   250, 500, 750, 1000, 2000 };

	lm_put(o, "latency_ns",
	       lm_buckets_json(r, small, LM_ARRAY_SIZE(small), 1, false));
	lm_put(o, "latency_us",
	       lm_buckets_json(r, small, LM_ARRAY_SIZE(small), 1000, false));
	lm_put(o, "latency_ms",
	       lm_buckets_json(r, ms, LM_ARRAY_SIZE(ms), 1000000, true));
}

/* fio's depth buckets: levels 1, 2, 4 ... >=64; submit and complete
 * batches 0, 4, 8 ... 64, >=64 */
static struct json_object *lm_depth_json(unsigned int depth, bool batches)
{
	static const char *const level[] = { "1",  "2",	 "4",	"8",
					     "16", "32", ">=64" };
	static const char *const batch[] = { "0",  "4",	 "8",	"16",
					     "32", "64", ">=64" };
	static const unsigned int up[] = { 1, 2, 4, 8, 16, 32, UINT32_MAX };
	static const unsigned int bup[] = { 0, 4, 8, 16, 32, 64, UINT32_MAX };
	struct json_object *o = json_object_new_object();
	unsigned int i, at = 0;

	while (at < 6 && (batches ? bup : up)[at] < depth)
		at++;
	for (i = 0; i < LM_ARRAY_SIZE(level); i++)
		lm_put_d(o, batches ? batch[i] : level[i],
			 i == at ? 100.0 : 0.0);
	return o;
}

static struct json_object *lm_job_json(const struct lm_fio_job *fj,
				       const struct lm_run_result *r)
{
	struct json_object *o = json_object_new_object();
	struct json_object *z = json_object_new_object();
	struct lm_run_result none;

	lm_put(o, "jobname", json_object_new_string(fj->job.name));
	lm_put_i(o, "groupid", fj->group);
	lm_put_i(o, "error", r->io_errno);
	lm_put_i(o, "eta", 0);
	lm_put_i(o, "elapsed", (int64_t)(r->elapsed_ns / 1000000000ull));
	lm_put(o, "job options", lm_options_json(fj->sec));
	lm_put(o, "read", lm_dir_json(r, LM_DIR_READ));
	lm_put(o, "write", lm_dir_json(r, LM_DIR_WRITE));
	memset(&none, 0, sizeof(none));
	lm_hist_init(&none.lat[0]);
	lm_put(o, "trim", lm_dir_json(&none, LM_DIR_READ));
	lm_put_u(z, "total_ios", 0);
	lm_put(z, "lat_ns", lm_lat_json(&none.lat[0], false));
	lm_put(o, "sync", z);
	lm_put_u(o, "job_runtime", r->elapsed_ns / 1000000);
	lm_put_d(o, "usr_cpu", r->usr_pct);
	lm_put_d(o, "sys_cpu", r->sys_pct);
	lm_put_u(o, "ctx", r->cpu.ctx);
	lm_put_u(o, "majf", r->cpu.majf);
	lm_put_u(o, "minf", r->cpu.minf);
	lm_put(o, "iodepth_level", lm_depth_json(fj->job.iodepth, false));
	lm_put(o, "iodepth_submit", lm_depth_json(fj->job.iodepth, true));
	lm_put(o, "iodepth_complete", lm_depth_json(fj->job.iodepth, true));
	lm_latency_json(o, r);
	/* fio's latency target mode, off: its defaults */
	lm_put_i(o, "latency_depth", fj->job.iodepth);
	lm_put_i(o, "latency_target", 0);
	lm_put_d(o, "latency_percentile", 100.0);
	lm_put_i(o, "latency_window", 0);
	return o;
}

int lm_fio_json_write(FILE *f, const struct lm_fio_jobs *jobs,
		      const struct lm_run_result *res, unsigned int n,
		      const struct lm_fio_file *file, time_t start)
{
	struct json_object *root = json_object_new_object();
	struct json_object *arr = json_object_new_array();
	char t[64];
	unsigned int i;
	int ret = 0;

	lm_put(root, "fio version",
	       json_object_new_string("lunmark-" LM_VERSION));
	lm_put_i(root, "timestamp", (int64_t)start);
	lm_put_i(root, "timestamp_ms", (int64_t)start * 1000);
	ctime_r(&start, t);
	t[strcspn(t, "\n")] = '\0';
	lm_put(root, "time", json_object_new_string(t));
	lm_put(root, "global options", lm_globals_json(file));
	for (i = 0; i < n; i++)
		json_object_array_add(arr,
				      lm_job_json(&jobs->jobs[i], &res[i]));
	lm_put(root, "jobs", arr);
	if (fprintf(f, "%s\n",
		    json_object_to_json_string_ext(
			    root, JSON_C_TO_STRING_PRETTY |
					  JSON_C_TO_STRING_NOSLASHESCAPE)) < 0)
		ret = -EIO;
	json_object_put(root);
	return ret;
}

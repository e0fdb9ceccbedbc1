// SPDX-License-Identifier: MIT
#include "fio-compat/fiojson.h"
#include "src/cli/options.h"
#include "kmod-free/url.h"
#include "src/result/jsonw.h"
#include "src/lunmark.h"
#include "src/stats/stats.h"

#include <errno.h>
#include <json-c/json.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A real number as fio's json.c prints one, "%f" (six places: 5.446596,
 * 100.000000); one that is no number, as json-c prints it. */
static void lm_jput_f(struct json_object *o, const char *k, double v)
{
	char s[64];

	if (!isfinite(v) || snprintf(s, sizeof(s), "%f", v) >= (int)sizeof(s)) {
		lm_jput_dbl(o, k, v);
		return;
	}
	lm_jput(o, k, json_object_new_double_s(v, s));
}

/* A value as fio prints it, but never a CHAP secret (a filename's URL). */
static struct json_object *lm_option_value(const char *val)
{
	struct json_object *o;
	char *copy;

	if (!strcasestr(val, "iscsi"))
		return json_object_new_string(val);
	copy = strdup(val);
	if (!copy)
		return json_object_new_string("");
	lm_iscsi_text_drop(copy);
	o = json_object_new_string(copy);
	explicit_bzero(copy, strlen(copy));
	free(copy);
	return o;
}

/* as fio: options with a value, by the names fio prints (rw for
 * readwrite, bs for blocksize, ...); bare ones (time_based) it leaves out.
 * A job file's in the order fio parses them (@sorted: lm_fio_prio()), a
 * command line's as given. */
static void lm_options_add(struct json_object *o,
			   const struct lm_fio_section *s, bool sorted)
{
	const struct lm_option *row;
	const char *key;
	unsigned int i;
	int prio;

	for (prio = sorted; prio >= -(int)sorted; prio--)
		for (i = 0; s && i < s->nopts; i++) {
			key = s->opts[i].key;
			row = lm_opt_fio(key);
			if (row && row->fio)
				key = row->fio;
			if (s->opts[i].val &&
			    (!sorted || lm_fio_prio(key) == prio))
				lm_jput(o, key,
					lm_option_value(s->opts[i].val));
		}
}

/* a job's options; a command line's job (@name) is named first, as fio */
static struct json_object *lm_options_json(const struct lm_fio_section *s,
					   const char *name)
{
	struct json_object *o = json_object_new_object();

	if (name)
		lm_jput_str(o, "name", name);
	lm_options_add(o, s, s && !s->in_order);
	return o;
}

/* every [global] of the file, a later value replacing an earlier one */
static struct json_object *lm_globals_json(const struct lm_fio_file *f)
{
	struct json_object *o = json_object_new_object();
	/* of several job files, fio shows the last one's [global] alone */
	unsigned int i,
		from = f && f->nparts - f->cmdline > 1 ? f->nparts - 1 : 0;

	for (i = 0; f && i < f->nsecs; i++)
		if (f->secs[i].global && f->secs[i].part >= from)
			lm_options_add(o, &f->secs[i], !f->secs[i].in_order);
	return o;
}

/* fio's steadystate block: its verdict over the last window of points */
static struct json_object *lm_steady_json(const struct lm_steady_conf *c,
					  const struct lm_steady_state *st)
{
	struct json_object *o = json_object_new_object();
	struct json_object *d = json_object_new_object();
	struct json_object *iops = json_object_new_array();
	struct json_object *bw = json_object_new_array();
	char buf[64];
	unsigned int i;

	lm_steady_name(c, buf, sizeof(buf));
	lm_jput_str(o, "ss", buf);
	lm_jput_i64(o, "duration", (int64_t)(c->dur_ns / 1000000000ull));
	lm_jput_i64(o, "attained", st->attained);
	snprintf(buf, sizeof(buf), "%f%s", st->criterion, c->pct ? "%" : "");
	lm_jput_str(o, "criterion", buf);
	lm_jput_f(o, "max_deviation", st->max_dev);
	lm_jput_f(o, "slope", st->slope);
	lm_jput_i64(d, "bw_mean", (int64_t)st->bw_mean);
	lm_jput_i64(d, "iops_mean", (int64_t)st->iops_mean);
	/* fio's ring of ss_dur / ss_interval slots, filled from the first:
	 * a window not full yet ends in zeros */
	for (i = 0;
	     i < st->n || (c->interval_ns && i < c->dur_ns / c->interval_ns);
	     i++) {
		json_object_array_add(
			iops, json_object_new_int64(
				      i < st->n ? (int64_t)st->iops[i] : 0));
		json_object_array_add(
			bw, json_object_new_int64(i < st->n ? (int64_t)st->bw[i]
							    : 0));
	}
	lm_jput(d, "iops", iops);
	lm_jput(d, "bw", bw);
	lm_jput(o, "data", d);
	return o;
}

/* json+: the histogram itself, each bucket's count keyed by the middle
 * of the bucket in ns (fio keys its own buckets by a value inside) */
static struct json_object *lm_bins_json(const struct lm_hist *h)
{
	struct json_object *o = json_object_new_object();
	char key[32];
	unsigned int i;

	for (i = 0; i < LM_HIST_BUCKETS; i++) {
		if (!h->bucket[i])
			continue;
		snprintf(key, sizeof(key), "%llu",
			 (unsigned long long)(lm_hist_bucket_low(i) +
					      lm_hist_bucket_width(i) / 2));
		lm_jput_u64(o, key, h->bucket[i]);
	}
	return o;
}

/* @h's figures; with a list @p (fio's percentile_list, NULL: none) its
 * percentiles, and json+'s bins (p->plus) */
static struct json_object *lm_lat_json(const struct lm_hist *h,
				       const struct lm_fio_pct *p)
{
	struct json_object *o = json_object_new_object();
	struct json_object *pct;
	char key[32];
	unsigned int i;

	lm_jput_u64(o, "min", h->count ? h->min_ns : 0);
	lm_jput_u64(o, "max", h->max_ns);
	lm_jput_f(o, "mean", lm_hist_mean(h));
	lm_jput_f(o, "stddev", lm_hist_stddev(h));
	lm_jput_u64(o, "N", h->count);
	if (!p || !h->count)
		return o;
	pct = json_object_new_object();
	for (i = 0; i < p->n; i++) {
		snprintf(key, sizeof(key), "%f", p->v[i]);
		lm_jput_u64(pct, key, lm_hist_percentile(h, p->v[i]));
	}
	lm_jput(o, "percentile", pct);
	if (p->plus)
		lm_jput(o, "bins", lm_bins_json(h));
	return o;
}

/* bw (KiB/s) and iops: fio's samples of each thread (bwavgtime,
 * iopsavgtime), summed as fio's group_reporting sums them */
static void lm_samples_json(struct json_object *o,
			    const struct lm_run_result *r, unsigned int d)
{
	const struct lm_running *b = &r->bw_samples[d],
				*i = &r->iops_samples[d];

	lm_jput_i64(o, "bw_min", (int64_t)b->min);
	lm_jput_i64(o, "bw_max", (int64_t)b->max);
	lm_jput_f(o, "bw_agg", lm_fio_bw_agg(r, d));
	lm_jput_f(o, "bw_mean", b->mean);
	lm_jput_f(o, "bw_dev", lm_running_dev(b));
	lm_jput_i64(o, "bw_samples", (int64_t)b->n);
	lm_jput_i64(o, "iops_min", (int64_t)i->min);
	lm_jput_i64(o, "iops_max", (int64_t)i->max);
	lm_jput_f(o, "iops_mean", i->mean);
	lm_jput_f(o, "iops_stddev", lm_running_dev(i));
	lm_jput_i64(o, "iops_samples", (int64_t)i->n);
}

/* fio's prios[]: each priority's completion latency, of those with an
 * IO (fio prints none below two of them) */
static struct json_object *lm_prios_json(const struct lm_priolat *p,
					 const struct lm_fio_pct *pct)
{
	struct json_object *a = json_object_new_array(), *o;
	unsigned int i;

	for (i = 0; i < p->n; i++) {
		if (!p->h[i].count)
			continue;
		o = json_object_new_object();
		lm_jput_u64(o, "prioclass", lm_prio_class(p->val[i]));
		lm_jput_u64(o, "prio", lm_prio_level(p->val[i]));
		lm_jput(o, pct->lat ? "lat_ns" : "clat_ns",
			lm_lat_json(&p->h[i],
				    pct->clat || pct->lat ? pct : NULL));
		json_object_array_add(a, o);
	}
	return a;
}

/* One direction, its percentiles as @p says, without what fio did not
 * measure (p->off). */
static struct json_object *lm_dir_json(const struct lm_run_result *r,
				       unsigned int d,
				       const struct lm_fio_pct *p)
{
	struct json_object *o = json_object_new_object();
	const struct lm_summary *s = &r->sum[d];
	/* an engine that cannot tell slat apart: lat is all clat, as fio
	 * shows its synchronous engines */
	bool apart = r->slat[d].count != 0;
	const struct lm_hist *c, *lat, *slat;
	struct lm_fio_rate rate;
	struct lm_hist empty;

	/* over the runtime in ms, as fio's (a 16-IO job of 0.1 ms: 16000
	 * IOPS, not 160000) */
	lm_fio_rate_of(r, d, &rate);
	lm_jput_u64(o, "io_bytes", s->bytes);
	lm_jput_u64(o, "io_kbytes", s->bytes / 1024);
	lm_jput_u64(o, "bw_bytes", rate.bw_bytes);
	lm_jput_u64(o, "bw", rate.bw_bytes / 1024);
	lm_jput_f(o, "iops", rate.iops);
	lm_jput_u64(o, "runtime", rate.ms);
	lm_jput_u64(o, "total_ios", rate.ios);
	lm_jput_u64(o, "short_ios", 0);
	lm_jput_u64(o, "drop_ios", 0);
	lm_hist_init(&empty);
	lat = p->off.lat ? &empty : &r->lat[d];
	c = p->off.clat ? &empty : apart ? &r->clat[d] : &r->lat[d];
	slat = p->off.slat || !apart ? &empty : &r->slat[d];
	lm_jput(o, "slat_ns", lm_lat_json(slat, p->slat ? p : NULL));
	lm_jput(o, "clat_ns", lm_lat_json(c, p->clat ? p : NULL));
	lm_jput(o, "lat_ns", lm_lat_json(lat, p->lat ? p : NULL));
	/* of lat or clat, as the percentiles: none where it is off */
	if ((p->lat ? !p->off.lat : !p->off.clat) &&
	    lm_priolat_used(&r->prio[d]) >= 2)
		lm_jput(o, "prios", lm_prios_json(&r->prio[d], p));
	lm_samples_json(o, r, d);
	return o;
}

/* fio's syncs (src/run/sync.h): the fsyncs, and the latency of every
 * sync (fdatasyncs too), with its percentiles; none without clat, as
 * fio's */
static struct json_object *lm_sync_json(const struct lm_run_result *r,
					const struct lm_fio_pct *p)
{
	struct json_object *o = json_object_new_object();
	struct lm_hist empty;

	lm_hist_init(&empty);
	lm_jput_u64(o, "total_ios", r->fsyncs);
	lm_jput(o, "lat_ns",
		lm_lat_json(p->off.clat ? &empty : &r->sync_lat,
			    p->clat || p->lat ? p : NULL));
	return o;
}

/* The directions, as fio's unified_rw_reporting has them: read, write,
 * trim and sync; with mixed, "mixed" alone in their place; with both,
 * "mixed" after them (none at all when memory runs out). */
static void lm_dirs_json(struct json_object *o, const struct lm_fio_job *fj,
			 const struct lm_run_result *r,
			 const struct lm_fio_pct *pct)
{
	struct lm_run_result *m = NULL;

	if (fj->unified != LM_UNIFIED_NONE && lm_fio_mixed(r, &m)) {
		lm_note("job '%s': out of memory: fio's JSON has no \"mixed\"",
			fj->job.name);
		m = NULL;
	}
	if (fj->unified == LM_UNIFIED_MIXED) {
		if (m)
			lm_jput(o, "mixed", lm_dir_json(m, LM_DIR_READ, pct));
		lm_fio_mixed_free(m);
		return;
	}
	lm_jput(o, "read", lm_dir_json(r, LM_DIR_READ, pct));
	lm_jput(o, "write", lm_dir_json(r, LM_DIR_WRITE, pct));
	lm_jput(o, "trim", lm_dir_json(r, LM_DIR_TRIM, pct));
	lm_jput(o, "sync", lm_sync_json(r, pct));
	if (m)
		lm_jput(o, "mixed", lm_dir_json(m, LM_DIR_READ, pct));
	lm_fio_mixed_free(m);
}

/* fio's latency buckets: % of IOs with latency in (previous key, key] */
static struct json_object *lm_buckets_json(const struct lm_run_result *r,
					   const unsigned int *keys,
					   unsigned int n, uint64_t unit_ns,
					   bool tail)
{
	struct json_object *o = json_object_new_object();
	double share[LM_FIO_NMS + 1];
	char key[16];
	unsigned int i;

	lm_fio_lat_share(r, keys, n, unit_ns, tail, share);
	for (i = 0; i < n; i++) {
		snprintf(key, sizeof(key), "%u", keys[i]);
		lm_jput_f(o, key, share[i]);
	}
	if (tail)
		lm_jput_f(o, ">=2000", share[n]);
	return o;
}

/* fio's latency buckets of clat (@r NULL: disable_clat's, all 0) */
static void lm_latency_json(struct json_object *o,
			    const struct lm_run_result *r)
{
	lm_jput(o, "latency_ns",
		lm_buckets_json(r, lm_fio_lat_small, LM_FIO_NSMALL, 1, false));
	lm_jput(o, "latency_us",
		lm_buckets_json(r, lm_fio_lat_small, LM_FIO_NSMALL, 1000,
				false));
	lm_jput(o, "latency_ms",
		lm_buckets_json(r, lm_fio_lat_ms, LM_FIO_NMS, 1000000, true));
}

int lm_fio_error(const struct lm_fio_job *fj, const struct lm_run_result *r)
{
	/* a block not as written: fio's EILSEQ (84), the error of its
	 * verify */
	return r->io_errno	     ? r->io_errno
	       : r->verify.bad	     ? EILSEQ
	       : fj->job.onerr.kinds ? r->err_first
				     : 0;
}

/* One of fio's depth distributions (src/stats/depths.h), as shares. */
static struct json_object *lm_depth_json(const uint64_t *map, uint64_t less,
					 const char *const *names)
{
	struct json_object *o = json_object_new_object();
	double pct[LM_DEPTH_BUCKETS];
	unsigned int i;

	lm_depths_pct(map, less, pct);
	for (i = 0; i < LM_DEPTH_BUCKETS; i++)
		lm_jput_f(o, names[i], pct[i]);
	return o;
}

/* Several hosts (lunmark-mpi): the job's figures are their sum; each
 * rank's own part, a lunmark extension fio's readers pass over. */
static struct json_object *lm_ranks_json(const struct lm_run_result *r)
{
	struct json_object *a = json_object_new_array();
	unsigned int i, d;

	for (i = 0; i < r->nranks; i++) {
		const struct lm_rank_run *row = &r->ranks[i];
		struct json_object *o = json_object_new_object();

		lm_jput_u64(o, "rank", row->rank);
		lm_jput_i64(o, "error", row->io_errno);
		for (d = 0; d < LM_DIRS; d++) {
			struct json_object *s, *lat;

			if (d == LM_DIR_TRIM && !row->s[d].ios)
				continue; /* trims only when there were some */
			s = json_object_new_object();
			lat = json_object_new_object();
			lm_jput_u64(s, "io_bytes", row->s[d].bytes);
			lm_jput_u64(s, "total_ios", row->s[d].ios);
			lm_jput_u64(s, "bw_bytes",
				    (uint64_t)(row->s[d].mib_s * 1048576.0));
			lm_jput_f(s, "iops", row->s[d].iops);
			lm_jput_f(lat, "mean", row->s[d].lat_mean_us * 1e3);
			lm_jput(s, "lat_ns", lat);
			lm_jput(o, lm_dir_name(d), s);
		}
		lm_jput_f(o, "window_start_us", row->start_us);
		lm_jput_f(o, "window_end_us", row->end_us);
		json_object_array_add(a, o);
	}
	return a;
}

static struct json_object *lm_job_json(const struct lm_fio_job *fj,
				       const struct lm_fio_section *opts,
				       const struct lm_run_result *r,
				       bool cmdline,
				       const struct lm_fio_stamp *at, bool plus)
{
	struct json_object *o = json_object_new_object();
	struct json_object *jo;
	struct lm_fio_pct pct;
	/* latency_target's found depth, else the iodepth */
	unsigned int depth = fj->job.lat_target_ns ? r->lat_depth
			     : fj->depth_given	   ? fj->depth_given
						   : fj->job.iodepth;

	lm_jput(o, "jobname", json_object_new_string(fj->job.name));
	lm_jput_i64(o, "groupid", fj->group);
	lm_jput_i64(o, "error", lm_fio_error(fj, r));
	lm_jput_i64(o, "eta", 0);
	lm_jput_i64(o, "elapsed", (int64_t)at->elapsed_s); /* the run's */
	/* a summed entry's options, and their name, are its last job's */
	jo = lm_options_json(opts, !cmdline ? NULL
				   : opts   ? opts->name
					    : fj->job.name);
	/* fio leaves it out when the job's section has no option line; a
	 * section of options fio does not show (new_group, stonewall) has
	 * it empty */
	if (jo && !json_object_object_length(jo) && (!opts || !opts->nopts))
		json_object_put(jo);
	else
		lm_jput(o, "job options", jo);
	lm_fio_pct_of(fj, plus, &pct);
	lm_dirs_json(o, fj, r, &pct);
	lm_jput_u64(o, "job_runtime",
		    (r->runtime_sum_ns ? r->runtime_sum_ns : r->elapsed_ns) /
			    1000000);
	lm_jput_f(o, "usr_cpu", r->job_usr_pct);
	lm_jput_f(o, "sys_cpu", r->job_sys_pct);
	lm_jput_u64(o, "ctx", r->job_cpu.ctx);
	lm_jput_u64(o, "majf", r->job_cpu.majf);
	lm_jput_u64(o, "minf", r->job_cpu.minf);
	lm_jput(o, "iodepth_level",
		lm_depth_json(r->depths.level, r->depths.syncs,
			      lm_depth_level_names));
	lm_jput(o, "iodepth_submit",
		lm_depth_json(r->depths.submit, 0, lm_depth_batch_names));
	lm_jput(o, "iodepth_complete",
		lm_depth_json(r->depths.complete, 0, lm_depth_batch_names));
	lm_latency_json(o, pct.off.clat ? NULL : r);
	/* with continue_on_error only, as fio's */
	if (fj->job.onerr.kinds) {
		lm_jput_u64(o, "total_err", r->err_gone);
		lm_jput_i64(o, "first_error",
			    r->err_first
				    ?: r->verify.bad ? EILSEQ
						     : 0);
	}
	/* fio's latency target mode (off: the iodepth, and its defaults);
	 * the target in ns, the window in us, as fio prints them */
	lm_jput_i64(o, "latency_depth", depth);
	lm_jput_u64(o, "latency_target", fj->job.lat_target_ns);
	lm_jput_f(o, "latency_percentile", fj->job.lat_pct);
	lm_jput_u64(o, "latency_window", fj->job.lat_window_ns / 1000);
	if (fj->desc[0]) /* after the figures, as fio's */
		lm_jput_str(o, "desc", fj->desc);
	if (fj->job.ss.on)
		lm_jput(o, "steadystate", lm_steady_json(&fj->job.ss, &r->ss));
	if (r->nranks)
		lm_jput(o, "lunmark ranks", lm_ranks_json(r));
	return o;
}

/* fio's disk_util: each device's counters over the run, and its share
 * of the run's time busy. */
static struct json_object *lm_disks_json(const struct lm_fio_jobs *jobs)
{
	struct json_object *arr = json_object_new_array(), *o;
	unsigned int i;

	for (i = 0; i < jobs->ndisks; i++) {
		const struct lm_disk_stat *d = &jobs->disks[i];

		o = json_object_new_object();
		lm_jput(o, "name", json_object_new_string(d->name));
		lm_jput_u64(o, "read_ios", d->ios[0]);
		lm_jput_u64(o, "write_ios", d->ios[1]);
		lm_jput_u64(o, "read_merges", d->merges[0]);
		lm_jput_u64(o, "write_merges", d->merges[1]);
		lm_jput_u64(o, "read_ticks", d->ticks[0]);
		lm_jput_u64(o, "write_ticks", d->ticks[1]);
		lm_jput_u64(o, "in_queue", d->in_queue);
		lm_jput_f(o, "util", d->util_pct);
		json_object_array_add(arr, o);
	}
	return arr;
}

int lm_fio_json_write(FILE *f, const struct lm_fio_jobs *jobs,
		      const struct lm_run_result *res, unsigned int n,
		      const struct lm_fio_file *file,
		      const struct lm_fio_stamp *at, bool plus)
{
	time_t now = at->now.tv_sec;
	struct json_object *root = json_object_new_object();
	struct json_object *arr = json_object_new_array();
	struct json_object *g;
	char t[64];
	unsigned int i;
	int ret = 0;

	lm_jput(root, "fio version",
		json_object_new_string("lunmark-" LM_VERSION));
	lm_jput_i64(root, "timestamp", (int64_t)now);
	lm_jput_i64(root, "timestamp_ms",
		    (int64_t)now * 1000 + at->now.tv_nsec / 1000000);
	ctime_r(&now, t);
	t[strcspn(t, "\n")] = '\0';
	lm_jput(root, "time", json_object_new_string(t));
	/* fio leaves it out when there is none */
	g = lm_globals_json(file);
	if (json_object_object_length(g))
		lm_jput(root, "global options", g);
	else
		json_object_put(g);
	for (i = 0; i < n; i++) {
		const struct lm_fio_job *fj = &jobs->jobs[i];
		unsigned int last = i;

		if (!lm_fio_job_shown(jobs, i))
			continue;
		/* a summed entry shows its last job's options, as fio */
		while (last + 1 < jobs->n && jobs->jobs[last + 1].joins)
			last++;
		json_object_array_add(
			arr,
			lm_job_json(fj, jobs->jobs[last].sec, &res[i],
				    file->cmdline && !fj->sec->part, at, plus));
	}
	lm_jput(root, "jobs", arr);
	if (jobs->ndisks)
		lm_jput(root, "disk_util", lm_disks_json(jobs));
	ret = lm_fio_json_print(f, root);
	json_object_put(root);
	return ret;
}

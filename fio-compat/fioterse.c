// SPDX-License-Identifier: MIT
/* fio's terse output, versions 2 to 5 (fiojson.h). */
#include "fio-compat/fiojson.h"
#include "src/lunmark.h"

#include <errno.h>

/* min;max;mean;dev in us, from a histogram in ns */
static void lm_terse_lat(FILE *f, const struct lm_hist *h)
{
	fprintf(f, ";%llu;%llu;%f;%f",
		(unsigned long long)(h->count ? h->min_ns / 1000 : 0),
		(unsigned long long)(h->max_ns / 1000), lm_hist_mean(h) / 1000,
		lm_hist_stddev(h) / 1000);
}

/* A direction: KiB, KiB/s, IOPS, ms; slat, clat, 20 percentile slots
 * (of lat with lat_percentiles, else of clat, none with neither, as
 * fio's @p), lat (us); bw min, max, agg %, mean, dev (KiB/s); in version
 * 5, bw's samples and IOPS min, max, mean, dev and samples. */
static void lm_terse_dir(FILE *f, const struct lm_run_result *r, unsigned int d,
			 const struct lm_fio_pct *p, unsigned int ver)
{
	const struct lm_running *iops = &r->iops_samples[d];

	const struct lm_summary *s = &r->sum[d];
	/* slat apart where the engine tells it (fiojson.c does the same),
	 * none of what fio did not measure (p->off) */
	bool apart = r->slat[d].count != 0;
	const struct lm_hist *c, *ph, *lat, *slat;
	unsigned int i, n = p->lat || p->clat ? p->n : 0;
	struct lm_hist none;
	struct lm_fio_rate rate;
	const struct lm_running *bw = &r->bw_samples[d];

	lm_hist_init(&none);
	c = p->off.clat ? &none : apart ? &r->clat[d] : &r->lat[d];
	lat = p->off.lat ? &none : &r->lat[d];
	slat = p->off.slat || !apart ? &none : &r->slat[d];
	ph = p->lat ? lat : c;
	/* over the runtime in ms, as the JSON's; whole numbers, as fio's
	 * show_ddir_status_terse() divides them */
	lm_fio_rate_of(r, d, &rate);
	fprintf(f, ";%llu;%llu;%llu;%llu",
		(unsigned long long)(s->bytes / 1024),
		(unsigned long long)(rate.bw_bytes / 1024),
		(unsigned long long)(rate.ms ? 1000 * rate.ios / rate.ms : 0),
		(unsigned long long)rate.ms);
	lm_terse_lat(f, slat);
	lm_terse_lat(f, c);
	for (i = 0; i < LM_FIO_PCTS_MAX; i++) {
		if (i < n && ph->count)
			fprintf(f, ";%f%%=%llu", p->v[i],
				(unsigned long long)(lm_hist_percentile(
							     ph, p->v[i]) /
						     1000));
		else if (i < n)
			fprintf(f, ";%f%%=0", p->v[i]);
		else
			fputs(";0%=0", f);
	}
	lm_terse_lat(f, lat);
	fprintf(f, ";%llu;%llu;%f%%;%f;%f", (unsigned long long)bw->min,
		(unsigned long long)bw->max, lm_fio_bw_agg(r, d), bw->mean,
		lm_running_dev(bw));
	if (ver == 5)
		fprintf(f, ";%llu;%llu;%llu;%f;%f;%llu",
			(unsigned long long)bw->n,
			(unsigned long long)iops->min,
			(unsigned long long)iops->max, iops->mean,
			lm_running_dev(iops), (unsigned long long)iops->n);
}

/* Read, write and (but in version 3) trim; with unified_rw_reporting
 * mixed, their sum alone; with both, their sum after them, as fio's
 * (with none at all when memory runs out). */
static void lm_terse_dirs(FILE *f, const struct lm_fio_job *fj,
			  const struct lm_run_result *r,
			  const struct lm_fio_pct *p, unsigned int ver)
{
	struct lm_run_result *m = NULL;

	if (fj->unified != LM_UNIFIED_NONE && lm_fio_mixed(r, &m)) {
		lm_note("job '%s': out of memory: the terse line has no mixed block",
			fj->job.name);
		m = NULL;
	}
	if (fj->unified != LM_UNIFIED_MIXED) {
		lm_terse_dir(f, r, LM_DIR_READ, p, ver);
		lm_terse_dir(f, r, LM_DIR_WRITE, p, ver);
		if (ver != 3)
			lm_terse_dir(f, r, LM_DIR_TRIM, p, ver);
	}
	if (m)
		lm_terse_dir(f, m, LM_DIR_READ, p, ver);
	lm_fio_mixed_free(m);
}

/* fio's disk_util, after each line's latencies: the devices' counters
 * over the run, as the JSON's disk_util */
static void lm_terse_disks(FILE *f, const struct lm_fio_jobs *jobs)
{
	unsigned int i;

	for (i = 0; i < jobs->ndisks; i++) {
		const struct lm_disk_stat *d = &jobs->disks[i];

		fprintf(f, ";%s;%llu;%llu;%llu;%llu;%llu;%llu;%llu;%3.2f%%",
			d->name, (unsigned long long)d->ios[0],
			(unsigned long long)d->ios[1],
			(unsigned long long)d->merges[0],
			(unsigned long long)d->merges[1],
			(unsigned long long)d->ticks[0],
			(unsigned long long)d->ticks[1],
			(unsigned long long)d->in_queue, d->util_pct);
	}
}

static void lm_terse_job(FILE *f, const struct lm_fio_jobs *jobs,
			 const struct lm_fio_job *fj,
			 const struct lm_run_result *r, unsigned int ver)
{
	double share[LM_FIO_NMS + 1], depth[LM_DEPTH_BUCKETS], ns;
	const struct lm_run_result *clat;
	struct lm_fio_pct pct;
	unsigned int i;

	lm_fio_pct_of(fj, false, &pct);
	clat = pct.off.clat ? NULL : r; /* the latency buckets' */
	if (ver == 2)
		fprintf(f, "2;%s;%u;%d", fj->job.name, fj->group,
			lm_fio_error(fj, r));
	else
		fprintf(f, "%u;lunmark-%s;%s;%u;%d", ver, LM_VERSION,
			fj->job.name, fj->group, lm_fio_error(fj, r));
	lm_terse_dirs(f, fj, r, &pct, ver);
	fprintf(f, ";%f%%;%f%%;%llu;%llu;%llu", r->job_usr_pct, r->job_sys_pct,
		(unsigned long long)r->job_cpu.ctx,
		(unsigned long long)r->job_cpu.majf,
		(unsigned long long)r->job_cpu.minf);
	lm_depths_pct(r->depths.level, r->depths.syncs, depth);
	for (i = 0; i < LM_DEPTH_BUCKETS; i++)
		fprintf(f, ";%.1f%%", depth[i]);
	/* fio's terse has no ns slots: its first us slot takes them
	 * (stat.c's stat_calc_lat_nu()) */
	lm_fio_lat_share(clat, lm_fio_lat_small, LM_FIO_NSMALL, 1, false,
			 share);
	for (i = 0, ns = 0; i < LM_FIO_NSMALL; i++)
		ns += share[i];
	lm_fio_lat_share(clat, lm_fio_lat_small, LM_FIO_NSMALL, 1000, false,
			 share);
	share[0] += ns;
	for (i = 0; i < LM_FIO_NSMALL; i++)
		fprintf(f, ";%.2f%%", share[i]);
	lm_fio_lat_share(clat, lm_fio_lat_ms, LM_FIO_NMS, 1000000, true, share);
	for (i = 0; i <= LM_FIO_NMS; i++)
		fprintf(f, ";%.2f%%", share[i]);
	if (ver != 2)
		lm_terse_disks(f, jobs);
	/* with continue_on_error, its count and first error, as fio's */
	if (fj->job.onerr.kinds)
		fprintf(f, ";%llu;%d", (unsigned long long)r->err_gone,
			r->err_first);
	/* and the job's description= last, as fio's (on a line of its own
	 * in version 2) */
	if (fj->desc[0])
		fprintf(f, "%s;%s", ver == 2 ? "\n" : "", fj->desc);
	fputc('\n', f);
}

int lm_fio_terse_write(FILE *f, const struct lm_fio_jobs *jobs,
		       const struct lm_run_result *res, unsigned int n,
		       unsigned int ver)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (lm_fio_job_shown(jobs, i))
			lm_terse_job(f, jobs, &jobs->jobs[i], &res[i],
				     ver ? ver : 3);
	return ferror(f) ? -EIO : 0;
}

// SPDX-License-Identifier: MIT
/* The text report of `lunmark run`: one block per target. */
#include "src/report/report.h"
#include "src/report/table.h"
#include "src/job/prio.h"
#include "src/lunmark.h"
#include "src/units.h"

#include <string.h>

static void lm_run_dir(FILE *f, const char *name, const struct lm_summary *s)
{
	fprintf(f,
		"  %-5s: IOPS=%.1f, BW=%.3f MB/s (%.3f MiB/s), %.3f MB in %.2f s\n",
		name, s->iops, s->mb_s, s->mib_s, s->io_mb, s->seconds);
	/* no latency without an IO; but the failed IOs are told anyway */
	if (s->ios) {
		fprintf(f,
			"    lat (us): min=%.2f, max=%.2f, mean=%.2f, stdev=%.2f\n",
			s->lat_min_us, s->lat_max_us, s->lat_mean_us,
			s->lat_stddev_us);
		fprintf(f,
			"    lat percentiles (us): p50=%.2f, p90=%.2f, p99=%.2f, p99.9=%.2f, p99.99=%.2f\n",
			s->lat_pct_us[0], s->lat_pct_us[1], s->lat_pct_us[2],
			s->lat_pct_us[3], s->lat_pct_us[4]);
	}
	if (s->iops_max > 0)
		fprintf(f,
			"    per second: IOPS min=%.1f, max=%.1f; MB/s min=%.3f, max=%.3f\n",
			s->iops_min, s->iops_max, s->mb_s_min, s->mb_s_max);
	if (s->idle_s)
		fprintf(f,
			"    stalled: %u s with no IO completed, the first at second %u\n",
			s->idle_s, s->idle_first_s);
	if (s->errors)
		fprintf(f, "    errors: %llu\n", (unsigned long long)s->errors);
}

/* fio's syncs (fsync=N, fdatasync=N), where there were some */
static void lm_run_syncs(FILE *f, const struct lm_run_result *r)
{
	const struct lm_summary *s = &r->sync_sum;

	if (!s->ios)
		return;
	fprintf(f,
		"  sync : %llu (%llu fsync), %.1f per second\n"
		"    lat (us): min=%.2f, max=%.2f, mean=%.2f, stdev=%.2f, p50=%.2f, p99=%.2f\n",
		(unsigned long long)s->ios, (unsigned long long)r->fsyncs,
		s->iops, s->lat_min_us, s->lat_max_us, s->lat_mean_us,
		s->lat_stddev_us, s->lat_pct_us[0], s->lat_pct_us[2]);
}

/* fio's per-priority lines, where two or more priorities had IOs: each
 * one's completion latency, or (@total) the whole IO's (cmdprio,
 * src/job/prio.h) */
static void lm_run_prios(FILE *f, const struct lm_priolat *p, bool total)
{
	unsigned int i;

	if (!p->sum || lm_priolat_used(p) < 2)
		return;
	for (i = 0; i < p->n; i++) {
		const struct lm_summary *s = &p->sum[i];

		if (!s->ios)
			continue;
		fprintf(f,
			"    prio %u/%u %s (us): min=%.2f, max=%.2f, mean=%.2f, stdev=%.2f, p50=%.2f, p99=%.2f; %llu IOs\n",
			lm_prio_class(p->val[i]), lm_prio_level(p->val[i]),
			total ? "lat" : "clat", s->lat_min_us, s->lat_max_us,
			s->lat_mean_us, s->lat_stddev_us, s->lat_pct_us[0],
			s->lat_pct_us[2], (unsigned long long)s->ios);
	}
}

static void lm_run_cpu(FILE *f, const struct lm_run_result *r)
{
	if (!r->cpu_pct_known) {
		fprintf(f,
			"  cpu: usr=%.2f s, sys=%.2f s (too short a run for a share of a core)\n",
			r->cpu.usr_s, r->cpu.sys_s);
		return;
	}
	fprintf(f,
		"  cpu: usr=%.2f s (%.1f%%), sys=%.2f s (%.1f%%) of one core\n",
		r->cpu.usr_s, r->usr_pct, r->cpu.sys_s, r->sys_pct);
}

void lm_report_sum_text(FILE *f, const struct lm_job *j,
			const struct lm_run_result *sum, unsigned int ntargets,
			bool in_turn, bool one)
{
	unsigned int d;

	fprintf(f, "sum of %u %s, run %s:\n", ntargets,
		one ? "jobs on one target" : "targets",
		in_turn ? "one after another" : "at once");
	for (d = 0; d < LM_DIRS; d++)
		if (lm_rw_does(j->rw, d))
			lm_run_dir(f, lm_dir_name(d), &sum->sum[d]);
	lm_run_cpu(f, sum);
	if (sum->interrupted)
		fputs("Interrupted: the results above are partial.\n", f);
}

void lm_report_run_text(FILE *f, const struct lm_report_info *info,
			const struct lm_job *j, const struct lm_run_result *r)
{
	char bs[16], size[16], why[640];
	unsigned int d;

	lm_fmt_size(bs, sizeof(bs), j->bs_bytes);
	lm_fmt_size(size, sizeof(size), j->size_bytes);
	fprintf(f, "lunmark %s run: %s (%s, %u-byte logical blocks)\n",
		info->version, info->target, info->target_kind,
		info->lbs_bytes);
	fprintf(f, "  job %s: rw=%s", j->name, lm_rw_name(j->rw));
	if (lm_rw_mixed(j->rw))
		fprintf(f, " rwmixread=%u%%", j->rwmixread_pct);
	fprintf(f, " bs=%s iodepth=%u numjobs=%u engine=%s direct=%d size=%s\n",
		bs, j->iodepth, j->threads, info->engine, j->direct ? 1 : 0,
		size);
	if (info->engine_note[0])
		lm_wrap(f, "  note: ", "        ", info->engine_note,
			LM_REPORT_WIDTH);
	if (info->warning[0])
		lm_wrap(f, "  note: ", "        ", info->warning,
			LM_REPORT_WIDTH);
	for (d = 0; d < LM_DIRS; d++) {
		if (!lm_rw_does(j->rw, d))
			continue;
		lm_run_dir(f, lm_dir_name(d), &r->sum[d]);
		lm_run_prios(f, &r->prio[d], j->prio_total);
	}
	lm_run_syncs(f, r);
	if (!info->cpu_shared)
		lm_run_cpu(f, r);
	if (r->reconnects)
		fprintf(f,
			"  reconnects: %u (the session was lost and logged in again)\n",
			r->reconnects);
	fprintf(f, "  date: %s, %s\n", info->date, info->kernel);
	/* (its advice on a run that read nothing is for lunmark's headers;
	 * a fio mixed job that read back nothing checked none of its reads) */
	if (j->verify && !j->no_io &&
	    (r->verify.blocks ||
	     (j->verify_kind == LM_VERIFY_HASH && !j->verify_own)))
		lm_report_verify(f, "  verify", &r->verify, NULL);
	if (r->interrupted)
		fputs("Interrupted: the results above are partial.\n", f);
	if (r->io_errno)
		fprintf(f, "  error: %s\n",
			lm_run_result_error(r, why, sizeof(why)));
}

void lm_report_verify(FILE *f, const char *lead,
		      const struct lm_verify_tally *v, const char *by)
{
	if (!v->blocks) {
		fprintf(f,
			"%s: no block read; the blocks written carry headers (lunmark verify --check, or reads with --verify, check them)\n",
			lead);
		return;
	}
	if (!v->bad) {
		fprintf(f, "%s: %llu blocks read, all as written\n", lead,
			(unsigned long long)v->blocks);
		return;
	}
	fprintf(f,
		"%s: %llu of %llu blocks read not as written; the first%s%s%s at byte %llu: %s\n",
		lead, (unsigned long long)v->bad, (unsigned long long)v->blocks,
		by ? ", read by " : "", by ? by : "", by ? "," : "",
		(unsigned long long)v->bad_offset, v->why);
}

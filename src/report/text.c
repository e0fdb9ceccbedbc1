// SPDX-License-Identifier: MIT
#include "report.h"
#include "../lunmark.h"
#include "../units.h"

#include <string.h>

static const char lm_rule[] =
	"------------------------------------------------------------------------------\n";

static void lm_mark_line(FILE *f, const struct lm_test *t,
			 const struct lm_cell *c)
{
	char bs[16];

	lm_fmt_size(bs, sizeof(bs), t->bs_bytes);
	fprintf(f, "  %-3s %7s (Q=%3u, T=%2u):", t->random ? "RND" : "SEQ", bs,
		t->qd, t->threads);
	if (!c->nruns) {
		fprintf(f, "   (not measured)\n");
		return;
	}
	fprintf(f, " %9.3f MB/s [%9.1f IOPS] <%9.2f us>\n", c->headline.mb_s,
		c->headline.iops, c->headline.lat_mean_us);
}

static void lm_mark_section(FILE *f, const char *title,
			    const struct lm_mark_result *m, enum lm_dir d)
{
	unsigned int i;

	fprintf(f, "[%s]\n", title);
	for (i = 0; i < m->profile->ntests; i++)
		lm_mark_line(f, &m->profile->tests[i], &m->cells[i][d]);
	fputc('\n', f);
}

static bool lm_any_wanted(const struct lm_mark_result *m, enum lm_dir d)
{
	return m->profile->ntests && m->cells[0][d].wanted;
}

void lm_report_mark_text(FILE *f, const struct lm_mark_info *info,
			 const struct lm_mark_result *m)
{
	const struct lm_report_info *r = &info->r;

	fputs(lm_rule, f);
	fprintf(f, "lunmark %s: CrystalDiskMark-style matrix\n", r->version);
	fputs(lm_rule, f);
	fputs("* MB/s = 1,000,000 bytes/s; latency = mean completion latency\n",
	      f);
	fputs("* KB = 1000 bytes, KiB = 1024 bytes\n\n", f);
	fprintf(f, " Target: %s (%s, %u-byte logical blocks)\n", r->target,
		r->target_kind, r->lbs_bytes);
	fprintf(f, "   Test: %s (x%u)%s%s\n", r->size, info->runs,
		info->warmup ? " after 1 warm-up run" : "",
		m->prefilled ? ", prefilled" : ", not prefilled");
	fprintf(f, "Profile: %s (%s of %u run%s)\n", info->profile,
		info->aggregate, info->runs, info->runs == 1 ? "" : "s");
	fprintf(f, " Engine: %s%s%s\n", r->engine,
		r->engine_note[0] ? ", " : "", r->engine_note);
	fprintf(f, "   Time: Measure %g sec / Interval %g sec\n",
		info->runtime_s, info->interval_s);
	if (r->warning[0])
		fprintf(f, "   Note: %s\n", r->warning);
	fputc('\n', f);
	if (lm_any_wanted(m, LM_DIR_READ))
		lm_mark_section(f, "Read", m, LM_DIR_READ);
	if (lm_any_wanted(m, LM_DIR_WRITE))
		lm_mark_section(f, "Write", m, LM_DIR_WRITE);
	fprintf(f, "   Date: %s\n", r->date);
	fprintf(f, "     OS: %s\n", r->kernel);
	fprintf(f, "lunmark: %s\n", r->version);
	if (m->interrupted)
		fputs("Interrupted: the results above are partial.\n", f);
	if (m->io_errno)
		fprintf(f,
			"  Error: %s stopped at an IO error at offset %llu: %s\n",
			m->io_err_test, (unsigned long long)m->io_err_offset,
			lm_errtext(m->io_errno, m->io_errtext));
}

static void lm_run_dir(FILE *f, const char *name, const struct lm_summary *s)
{
	fprintf(f,
		"  %-5s: IOPS=%.1f, BW=%.3f MB/s (%.3f MiB/s), %.3f MB in %.2f s\n",
		name, s->iops, s->mb_s, s->mib_s, s->io_mb, s->seconds);
	if (!s->ios)
		return;
	fprintf(f, "    lat (us): min=%.2f, max=%.2f, mean=%.2f, stdev=%.2f\n",
		s->lat_min_us, s->lat_max_us, s->lat_mean_us, s->lat_stddev_us);
	fprintf(f,
		"    lat percentiles (us): p50=%.2f, p90=%.2f, p99=%.2f, p99.9=%.2f, p99.99=%.2f\n",
		s->lat_pct_us[0], s->lat_pct_us[1], s->lat_pct_us[2],
		s->lat_pct_us[3], s->lat_pct_us[4]);
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

static void lm_run_cpu(FILE *f, const struct lm_run_result *r)
{
	fprintf(f,
		"  cpu: usr=%.2f s (%.1f%%), sys=%.2f s (%.1f%%) of one core\n",
		r->cpu.usr_s, r->usr_pct, r->cpu.sys_s, r->sys_pct);
}

void lm_report_sum_text(FILE *f, const struct lm_job *j,
			const struct lm_run_result *sum, unsigned int ntargets)
{
	fprintf(f, "sum of %u targets, run at once:\n", ntargets);
	if (lm_rw_reads(j->rw))
		lm_run_dir(f, "read", &sum->sum[LM_DIR_READ]);
	if (lm_rw_writes(j->rw))
		lm_run_dir(f, "write", &sum->sum[LM_DIR_WRITE]);
	lm_run_cpu(f, sum);
	if (sum->interrupted)
		fputs("Interrupted: the results above are partial.\n", f);
}

void lm_report_run_text(FILE *f, const struct lm_report_info *info,
			const struct lm_job *j, const struct lm_run_result *r)
{
	char bs[16], size[16];

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
		fprintf(f, "  note: %s\n", info->engine_note);
	if (info->warning[0])
		fprintf(f, "  note: %s\n", info->warning);
	if (lm_rw_reads(j->rw))
		lm_run_dir(f, "read", &r->sum[LM_DIR_READ]);
	if (lm_rw_writes(j->rw))
		lm_run_dir(f, "write", &r->sum[LM_DIR_WRITE]);
	if (!info->cpu_shared)
		lm_run_cpu(f, r);
	fprintf(f, "  date: %s, %s\n", info->date, info->kernel);
	if (r->interrupted)
		fputs("Interrupted: the results above are partial.\n", f);
	if (r->io_errno)
		fprintf(f, "  error: %s at offset %llu failed: %s\n",
			r->io_err_write ? "write" : "read",
			(unsigned long long)r->io_err_offset,
			lm_errtext(r->io_errno, r->io_errtext));
}

// SPDX-License-Identifier: MIT
/* fio's output options (output.h). */
#include "fio-compat/output.h"
#include "fio-compat/options.h"
#include "src/cli/values.h"
#include "src/lunmark.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static lm_opt_set_fn lm_fio_set_log, lm_fio_set_pcts, lm_fio_set_log_clock,
	lm_fio_set_avg, lm_fio_set_trace;

static const struct lm_enum lm_fio_unifieds[] = {
	{ "none", LM_UNIFIED_NONE },
	{ "mixed", LM_UNIFIED_MIXED },
	{ "both", LM_UNIFIED_BOTH },
	{ "0", LM_UNIFIED_NONE },
	{ "1", LM_UNIFIED_MIXED },
	{ "2", LM_UNIFIED_BOTH },
	{ NULL, 0 },
};

const struct lm_option lm_fio_output_options[] = {
	{ .fio = "write_bw_log",
	  .type = LM_T_TEXT,
	  LM_FJ(bw_log),
	  .set = lm_fio_set_log,
	  .flags = LM_OF_OPTIONAL,
	  .help = "NAME_bw.1.log: KiB/s per log_avg_msec window, in fio's log format" },
	{ .fio = "write_iops_log",
	  .type = LM_T_TEXT,
	  LM_FJ(iops_log),
	  .set = lm_fio_set_log,
	  .flags = LM_OF_OPTIONAL,
	  .help = "NAME_iops.1.log: IOPS per window, as write_bw_log" },
	{ .fio = "write_lat_log",
	  .type = LM_T_TEXT,
	  LM_FJ(lat_log),
	  .set = lm_fio_set_log,
	  .flags = LM_OF_OPTIONAL,
	  .help = "NAME_lat.1.log and NAME_clat.1.log: mean completion latency (ns) per window" },
	{ .fio = "write_hist_log",
	  .type = LM_T_TEXT,
	  LM_FJ(hist_log),
	  .set = lm_fio_set_log,
	  .flags = LM_OF_OPTIONAL,
	  .help = "NAME_clat_hist.K.log: each thread's completion latency histogram (fio's 1856 bins) per log_hist_msec window, for fio's hist tools" },
	{ .fio = "write_iolog",
	  .type = LM_T_TEXT,
	  LM_FJ(write_iolog),
	  .set = lm_fio_set_trace,
	  .help = "FILE: every IO issued (ramp, syncs, trims and verify reads too) in fio's iolog version 3, for fio's read_iolog; what FILE held is kept before it, as fio appends; FILE is replaced after the run (a new file renamed onto it, a symlink never followed), but /dev/null, a FIFO and /dev/stdout are written as they are" },
	{ .fio = "log_hist_msec",
	  LM_NUMBER(0, 3600000),
	  LM_FJ(log_hist_ms),
	  .help = "write_hist_log's window in ms (0, the default: an empty log, as fio's)" },
	{ .fio = "log_hist_coarseness",
	  LM_NUMBER(0, 6),
	  LM_FJ(hist_coarse),
	  .help = "write_hist_log: 2^N of fio's bins summed into one (0 to 6)" },
	{ .fio = "log_avg_msec",
	  LM_NUMBER(0, 3600000),
	  LM_FJ(log_avg_ms),
	  .help = "the logs' window in ms; 0 (the default): a line per IO, a set of logs per thread" },
	{ .fio = "bwavgtime",
	  LM_NUMBER(1, 3600000),
	  LM_J(bw_avg_ms),
	  .set = lm_fio_set_avg,
	  .help = "each thread's bandwidth samples for the JSON's bw_min, bw_max, bw_mean, bw_dev and bw_samples: one each this many ms (default 500), as fio's; with a bw log of every IO, one per IO; with an averaged bw log and no bwavgtime, each log_avg_msec" },
	{ .fio = "iopsavgtime",
	  LM_NUMBER(1, 3600000),
	  LM_J(iops_avg_ms),
	  .set = lm_fio_set_avg,
	  .help = "each thread's IOPS samples for the JSON's iops_min, ... iops_samples: one each this many ms (default 500), as fio's; with an iops log of every IO, one per IO; with an averaged iops log and no iopsavgtime, each log_avg_msec" },
	{ .fio = "per_job_logs",
	  LM_BOOLEAN,
	  LM_FJ(per_job_logs),
	  .help = "1 (the default): each thread's logs NAME_KIND.N.log; 0: NAME_KIND.log, shared, each thread's lines after the last's, after what the file held, as fio appends" },
	{ .fio = "log_offset",
	  LM_BOOLEAN,
	  LM_FJ(log_offset),
	  .help = "the logs' lines carry each IO's offset, after its block size (an averaged line: 0)" },
	{ .fio = "log_unix_epoch",
	  LM_BOOLEAN,
	  LM_FJ(log_unix_epoch),
	  .help = "the logs' times in ms since the Unix epoch (of log_alternate_epoch_clock_id's clock), not since the job's start, as fio's" },
	{ .fio = "log_alternate_epoch",
	  LM_BOOLEAN,
	  LM_FJ(log_alt_epoch),
	  .help = "the logs' times in ms from the epoch of log_alternate_epoch_clock_id's clock" },
	{ .fio = "log_alternate_epoch_clock_id",
	  .type = LM_T_TEXT,
	  .set = lm_fio_set_log_clock,
	  .help = "the clock_gettime() clock of log_unix_epoch and log_alternate_epoch: 0 CLOCK_REALTIME (the default), 1 CLOCK_MONOTONIC, ..." },
	{ .fio = "percentile_list",
	  .type = LM_T_TEXT,
	  .set = lm_fio_set_pcts,
	  .help = "the latency percentiles of fio's JSON and terse output, A:B:..., at most 20 from 0 to 100 (a 0 ends the list), in order (default fio's 1:5:10:...:99.99)" },
	{ .fio = "clat_percentiles",
	  .type = LM_T_BOOL,
	  .val = 0,
	  LM_FJ(clat_pcts_off),
	  .help = "clat_ns has percentiles (default 1)" },
	{ .fio = "lat_percentiles",
	  LM_BOOLEAN,
	  LM_FJ(lat_pcts),
	  .help = "lat_ns has percentiles, and the priorities' and terse's are of it (default 0)" },
	{ .fio = "slat_percentiles",
	  LM_BOOLEAN,
	  LM_FJ(slat_pcts),
	  .help = "slat_ns has percentiles (default 0)" },
	{ .fio = "unified_rw_reporting",
	  .type = LM_T_ENUM,
	  LM_FJ(unified),
	  .values = lm_fio_unifieds,
	  .help = "fio's JSON and terse line: none (or 0, the default: read, write, trim apart), mixed (or 1: their sum alone, as \"mixed\" in read's place) or both (or 2: apart, then the sum)" },
	{ .fio = "disable_lat",
	  LM_BOOLEAN,
	  LM_FJ(no_lat),
	  .help = "no total latency (lat) in fio's JSON, terse line and lat log, as fio's (lunmark measures it all the same)" },
	{ .fio = "disable_clat",
	  LM_BOOLEAN,
	  LM_FJ(no_clat),
	  .help = "no completion latency (clat, the sync's, the latency buckets) in fio's JSON, terse line, clat and histogram logs, as fio's" },
	{ .fio = "disable_slat",
	  LM_BOOLEAN,
	  LM_FJ(no_slat),
	  .help = "no submission latency (slat) in fio's JSON, terse line and slat log, as fio's" },
	{ .fio = "disable_bw_measurement",
	  LM_BOOLEAN,
	  LM_FJ(no_bw),
	  .help = "no lines in a bw log of every IO (log_avg_msec=0), as fio's; an averaged bw log stays" },
	{ .fio = "disable_bw", LM_ALIAS("disable_bw_measurement") },
	{ .fio = "gtod_reduce",
	  LM_BOOLEAN,
	  LM_FJ(gtod_reduce),
	  .help = "no latency figures in fio's output, as fio's (lunmark still reads the clock per IO batch)" },
};

const unsigned int lm_fio_noutput_options =
	LM_ARRAY_SIZE(lm_fio_output_options);

/* log_alternate_epoch_clock_id=N: a clock this host has */
static int lm_fio_set_log_clock(const struct lm_opt_ctx *x,
				const struct lm_option *o, const char *v)
{
	struct lm_fio_job *fj = x->dst[LM_D_FIO];
	struct timespec ts;
	uint64_t id;

	(void)o;
	if (lm_opt_num(x, v, 0, INT32_MAX, &id))
		return -EINVAL;
	if (clock_gettime((clockid_t)id, &ts))
		return lm_opt_bad(
			x, v,
			"a clock_gettime() clock this host has: 0 CLOCK_REALTIME, 1 CLOCK_MONOTONIC, 7 CLOCK_BOOTTIME, ...");
	fj->log_clock = (unsigned int)id;
	return 0;
}

/* bwavgtime, iopsavgtime: N ms, and that it was given (fio's
 * fio_option_is_set(), which its log setup reads: lm_fio_avg_of_logs()) */
static int lm_fio_set_avg(const struct lm_opt_ctx *x, const struct lm_option *o,
			  const char *v)
{
	struct lm_fio_job *fj = x->dst[LM_D_FIO];
	unsigned int *f = lm_opt_field(x, o);
	uint64_t n;
	int ret = lm_opt_num(x, v, o->min, o->max, &n);

	if (ret)
		return ret;
	*f = (unsigned int)n;
	fj->avg_given |= f == &fj->job.bw_avg_ms ? 1u : 2u;
	return 0;
}

void lm_fio_avg_of_logs(struct lm_fio_job *fj)
{
	if (!fj->log_avg_ms)
		return;
	if (fj->bw_log[0] && !(fj->avg_given & 1u))
		fj->job.bw_avg_ms = fj->log_avg_ms;
	if (fj->iops_log[0] && !(fj->avg_given & 2u))
		fj->job.iops_avg_ms = fj->log_avg_ms;
}

/* The bit of log field @f of @fj in its log_by_name. */
static unsigned int lm_fio_log_bit(const struct lm_fio_job *fj, const char *f)
{
	return f == fj->bw_log	   ? 1u
	       : f == fj->iops_log ? 2u
	       : f == fj->lat_log  ? 4u
				   : 8u;
}

/* NAME, or with no NAME the job's name: a [global] section's log is its
 * jobs' names', as fio's make_log_name() takes it (lm_fio_log_names()). */
static int lm_fio_set_log(const struct lm_opt_ctx *x, const struct lm_option *o,
			  const char *v)
{
	struct lm_fio_job *fj = x->dst[LM_D_FIO];
	const struct lm_job *j = x->dst[LM_D_JOB];
	const char *name = v && *v ? v : j->name;
	char *f = lm_opt_field(x, o);

	if (strlen(name) >= o->size - 16)
		return lm_opt_bad(x, v, "too long a name");
	snprintf(f, o->size, "%s", name);
	if (v && *v)
		fj->log_by_name &= ~lm_fio_log_bit(fj, f);
	else
		fj->log_by_name |= lm_fio_log_bit(fj, f);
	return 0;
}

static int lm_fio_set_trace(const struct lm_opt_ctx *x,
			    const struct lm_option *o, const char *v)
{
	if (!v || !*v)
		return lm_opt_bad(x, v, "the file to write the IOs into");
	if (strlen(v) >= o->size)
		return lm_opt_bad(x, v, "too long a name");
	snprintf(lm_opt_field(x, o), o->size, "%s", v);
	return 0;
}

void lm_fio_log_names(struct lm_fio_job *fj)
{
	char *f[] = { fj->bw_log, fj->iops_log, fj->lat_log, fj->hist_log };
	unsigned int i;

	for (i = 0; i < LM_ARRAY_SIZE(f); i++)
		if (fj->log_by_name & lm_fio_log_bit(fj, f[i]))
			snprintf(f[i], sizeof(fj->bw_log), "%s", fj->job.name);
}

/* fio's percentile_list: A:B:..., each from 0 to 100, at most 20; a 0
 * ends it, as fio's list ends at its first 0; put in order, as fio
 * sorts it */
static int lm_fio_set_pcts(const struct lm_opt_ctx *x,
			   const struct lm_option *o, const char *v)
{
	struct lm_fio_job *fj = x->dst[LM_D_FIO];
	const char *p = v;
	unsigned int n = 0, all = 0, i, k;
	char *end;
	double d;

	(void)o;
	for (;;) {
		/* a number as fio's strtod reads one (.5 too), no sign */
		d = strtod(p, &end);
		if (end == p || (!isdigit((unsigned char)*p) && *p != '.') ||
		    !(d <= 100.0) || (*end && *end != ':') ||
		    all++ == LM_FIO_PCTS_MAX)
			return lm_opt_bad(
				x, v,
				"percentiles from 0 to 100 separated by ':', at most 20 (percentile_list=50:99:99.9)");
		/* fio's list ends at its first 0 */
		if (d != 0.0 && n == all - 1)
			fj->pcts[n++] = d;
		if (!*end)
			break;
		p = end + 1;
	}
	for (i = 1; i < n; i++)
		for (k = i; k && fj->pcts[k - 1] > fj->pcts[k]; k--) {
			d = fj->pcts[k];
			fj->pcts[k] = fj->pcts[k - 1];
			fj->pcts[k - 1] = d;
		}
	fj->npcts = n;
	fj->pcts_given = true;
	return 0;
}

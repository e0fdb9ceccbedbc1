// SPDX-License-Identifier: MIT
/*
 * fio's pace options (pace.h): when a job's IOs may go and when it stops
 * early. The rows, and their setters; src/run/rate.h and src/run/loop.c
 * do what they ask.
 */
#include "fio-compat/pace.h"
#include "fio-compat/options.h"
#include "fio-compat/values.h"
#include "src/cli/values.h"
#include "src/job/offset.h"
#include "src/lunmark.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static lm_opt_set_fn lm_fio_set_rate, lm_fio_set_us, lm_fio_set_ignore,
	lm_fio_set_startdelay;

static const struct lm_enum lm_fio_rate_processes[] = {
	{ "linear", LM_RATE_LINEAR },
	{ "poisson", LM_RATE_POISSON },
	{ NULL, 0 },
};

static const struct lm_enum lm_fio_submit_modes[] = {
	{ "inline", 0 },
	{ "offload", 1 },
	{ NULL, 0 },
};

static const struct lm_enum lm_fio_think_types[] = {
	{ "complete", 0 },
	{ "issue", 1 },
	{ NULL, 0 },
};

static const struct lm_enum lm_fio_exit_whats[] = {
	{ "group", LM_EXIT_WHAT_GROUP },
	{ "stonewall", LM_EXIT_WHAT_STONEWALL },
	{ "all", LM_EXIT_WHAT_ALL },
	{ NULL, 0 },
};

static const struct lm_enum lm_fio_onerrs[] = {
	{ "none", 0 },
	{ "read", 1 << LM_ONERR_READ },
	{ "write", 1 << LM_ONERR_WRITE },
	{ "io", 1 << LM_ONERR_READ | 1 << LM_ONERR_WRITE },
	{ "verify", 1 << LM_ONERR_VERIFY },
	{ "all", LM_ONERR_ANY },
	{ "0", 0 },
	{ "1", LM_ONERR_ANY },
	{ NULL, 0 },
};

/* In --cmdhelp order, after the rest of the job files' rows. */
const struct lm_option lm_fio_pace_options[] = {
	{ .fio = "rate",
	  .type = LM_T_SIZE,
	  LM_J(rate_bytes),
	  .set = lm_fio_set_rate,
	  .help = "r[,w]: the most bytes per second of reads and of writes (one value: both; empty: no cap)" },
	{ .fio = "rate_iops",
	  .type = LM_T_SIZE,
	  LM_J(rate_iops),
	  .set = lm_fio_set_rate,
	  .val = 1,
	  .help = "r[,w]: the most IOs per second, as rate (both given: the stricter)" },
	{ .fio = "rate_process",
	  .type = LM_T_ENUM,
	  LM_J(rate_process),
	  .values = lm_fio_rate_processes,
	  .help = "linear (the default: evenly spaced, what the device held back made up after) or poisson (exponential gaps of the same mean)" },
	{ .fio = "io_submit_mode",
	  .type = LM_T_ENUM,
	  LM_FJ(submit_mode),
	  .values = lm_fio_submit_modes,
	  .help = "inline or offload: taken; the job's own thread submits on the rate's schedule either way" },
	{ .fio = "rate_min",
	  .type = LM_T_SIZE,
	  LM_J(rate_min_bytes),
	  .set = lm_fio_set_rate,
	  .val = 2,
	  .help = "r[,w]: the least bytes per second each thread moves, over each ratecycle from 2 s in; below it the run fails (exit 1)" },
	{ .fio = "ratemin", LM_ALIAS("rate_min") },
	{ .fio = "rate_iops_min",
	  .type = LM_T_SIZE,
	  LM_J(rate_min_iops),
	  .set = lm_fio_set_rate,
	  .val = 3,
	  .help = "r[,w]: the least IOs per second, as rate_min (rate_min given: that one)" },
	{ .fio = "ratecycle",
	  LM_NUMBER(1, 3600000),
	  LM_J(ratecycle_ms),
	  .help = "milliseconds: rate_min's window (default 1000)" },
	{ .fio = "startdelay",
	  .type = LM_T_TIME,
	  LM_J(startdelay_ns),
	  .set = lm_fio_set_startdelay,
	  .help = "the job's first IO waits this long after the start; its ramp_time and runtime count from there; LO-HI: each clone a time drawn in the range" },
	{ .fio = "thinktime",
	  .type = LM_T_SIZE,
	  LM_J(think_ns),
	  .set = lm_fio_set_us,
	  .help = "a pause (microseconds by default, or with a unit) after each thinktime_blocks IOs, once those in flight have completed" },
	{ .fio = "thinktime_spin",
	  .type = LM_T_SIZE,
	  LM_J(think_spin_ns),
	  .set = lm_fio_set_us,
	  .help = "of the pause, this much spent spinning on the CPU (microseconds by default), the rest asleep" },
	{ .fio = "thinktime_blocks",
	  LM_NUMBER(0, 1000000000),
	  LM_J(think_blocks),
	  .help = "IOs between pauses (default 1; 0 pauses after each, as 1, as fio's)" },
	{ .fio = "thinktime_blocks_type",
	  .type = LM_T_ENUM,
	  LM_J(think_issued),
	  .values = lm_fio_think_types,
	  .help = "complete (the default: IOs completed count toward thinktime_blocks) or issue (IOs issued)" },
	{ .fio = "number_ios",
	  LM_NUMBER(0, UINT64_MAX),
	  LM_J(number_ios),
	  .help = "each thread stops after this many IOs (times loops), if its size or runtime has not ended it first" },
	{ .fio = "exitall",
	  LM_SET,
	  .flags = LM_OF_ON, /* fio's str_exitall_cb(): exitall=0 too */
	  LM_J(exitall),
	  .help = "when a job is done, stop others by exit_what (any job's exitall is every job's, as fio's)" },
	{ .fio = "exit_what",
	  .type = LM_T_ENUM,
	  LM_J(exit_what),
	  .values = lm_fio_exit_whats,
	  .help = "group (the default: the jobs of its group), stonewall (every job running), or all (those, and no later job runs)" },
	{ .fio = "flow",
	  LM_NUMBER(0, 1000),
	  LM_J(flow),
	  .help = "the job's weight in its flow: the threads of one flow_id keep their IOs in the ratio of their weights (0: in none)" },
	{ .fio = "flow_id",
	  LM_NUMBER(0, UINT32_MAX),
	  LM_J(flow_id),
	  .help = "the flow the job is in (default 0)" },
	{ .fio = "flow_sleep",
	  .type = LM_T_SIZE,
	  LM_J(flow_sleep_ns),
	  .set = lm_fio_set_us,
	  .help = "how long a thread held by its flow sleeps once its IOs in flight are done (microseconds by default; 0: it asks again at once, yielding its CPU)" },
	{ .fio = "latency_target",
	  .type = LM_T_SIZE,
	  LM_J(lat_target_ns),
	  .set = lm_fio_set_us,
	  .help = "the latency (microseconds by default) latency_percentile of each latency_window's IOs must keep: each thread searches the deepest queue up to iodepth that does, then measures one window at it and ends" },
	{ .fio = "latency_window",
	  .type = LM_T_SIZE,
	  LM_J(lat_window_ns),
	  .set = lm_fio_set_us,
	  .help = "how long latency_target judges a depth (microseconds by default; 0: after every reap, as fio)" },
	{ .fio = "latency_percentile",
	  .type = LM_T_REAL,
	  .min = 0,
	  .max = 100,
	  LM_J(lat_pct),
	  .help = "the share of a window's IOs, in %, that must be within latency_target (default 100: each IO over it lowers the depth at once)" },
	{ .fio = "latency_run",
	  LM_BOOLEAN,
	  LM_J(lat_run),
	  .help = "latency_target searches on until the job ends, instead of ending after a window at the depth found" },
	{ .fio = "continue_on_error",
	  .type = LM_T_ENUM,
	  LM_J(onerr.kinds),
	  .values = lm_fio_onerrs,
	  .help = "none (the default: a failed IO ends the run), read, write, io (both), verify, all (or 1): count the failed IOs of those kinds whose error ignore_error lists (else EIO and EILSEQ), and go on" },
	{ .fio = "ignore_error",
	  .type = LM_T_STR,
	  LM_J(onerr),
	  .set = lm_fio_set_ignore,
	  .help = "READ,WRITE,VERIFY: for each kind, the errors continue_on_error goes on past, apart by ':' (EPERM to ERANGE, or numbers; empty: EIO and EILSEQ); a list turns its kind on" },
	{ .fio = "error_dump",
	  LM_BOOLEAN,
	  LM_J(error_dump),
	  .help = "say each failed IO that continue_on_error goes on past on stderr (those that end the run always are)" },
	LM_TAKEN_SET("exitall_on_error",
		     "taken: an error ends every job of the run already"),
};

const unsigned int lm_fio_npace_options = LM_ARRAY_SIZE(lm_fio_pace_options);

/* rate, rate_iops, rate_min, rate_iops_min: "r[,w[,t]]" (values.h) */
static int lm_fio_set_rate(const struct lm_opt_ctx *x,
			   const struct lm_option *o, const char *v)
{
	struct lm_job *j = x->dst[LM_D_JOB];

	/* val: rate, rate_iops, rate_min, rate_iops_min */
	uint64_t *caps[] = { j->rate_bytes, j->rate_iops, j->rate_min_bytes,
			     j->rate_min_iops };
	bool iops = o->val & 1;

	/* only commas (rate=,): fio's "failed parsing" */
	if (strspn(v, ",") == strlen(v) ||
	    lm_fio_rate_caps(v, x->kb_base, iops, caps[o->val]))
		return lm_opt_bad(
			x, v,
			iops ? "r[,w[,t]]: IOs per second, each a count"
			     : "r[,w[,t]]: bytes per second, each a size (1m, 500k)");
	return 0;
}

/* thinktime, thinktime_spin: a time in microseconds unless it says */
static int lm_fio_set_us(const struct lm_opt_ctx *x, const struct lm_option *o,
			 const char *v)
{
	uint64_t ns;

	if (lm_fio_time(v, 1000, &ns))
		return lm_opt_bad(
			x, v,
			"a time in microseconds, or with d, h, m, s, ms, us");
	memcpy(lm_opt_field(x, o), &ns, sizeof(ns));
	return 0;
}

/* ignore_error: fio's lists of errors to go on past (onerror.h) */
static int lm_fio_set_ignore(const struct lm_opt_ctx *x,
			     const struct lm_option *o, const char *v)
{
	struct lm_job *j = x->dst[LM_D_JOB];
	char why[200];

	(void)o;
	if (lm_onerr_ignore(&j->onerr, v, why, sizeof(why)))
		return lm_opt_bad(x, v, why);
	return 0;
}

/* startdelay: a time, or LO-HI or LO:HI (fio's range: each thread draws
 * its own) */
static int lm_fio_set_startdelay(const struct lm_opt_ctx *x,
				 const struct lm_option *o, const char *v)
{
	struct lm_job *j = x->dst[LM_D_JOB];
	struct lm_fio_job *fj = x->dst[LM_D_FIO];
	const char *dash = *v ? strpbrk(v + 1, "-:") : NULL;
	uint64_t r[2] = { 0, 0 };
	char lo[64];

	(void)o;
	if (!dash) {
		if (lm_opt_time(x, v, &j->startdelay_ns))
			return -EINVAL;
	} else if ((size_t)(dash - v) >= sizeof(lo)) {
		return lm_opt_bad(
			x, v,
			"LO-HI: LO is too long for a time; give one like 1s-5s");
	} else {
		snprintf(lo, sizeof(lo), "%.*s", (int)(dash - v), v);
		if (lm_opt_time(x, lo, &r[0]) ||
		    lm_opt_time(x, dash + 1, &r[1]))
			return -EINVAL;
		if (r[1] < r[0])
			return lm_opt_bad(
				x, v,
				"LO-HI: LO must be at most HI (1-5, not 5-1)");
		j->startdelay_ns = r[0];
	}
	if (fj)
		memcpy(fj->startdelay_range, r, sizeof(r));
	return 0;
}

void lm_fio_pace_clone(struct lm_fio_job *fj)
{
	const uint64_t *r = fj->startdelay_range;
	struct lm_rand rnd;

	if (fj->job.time_based && !fj->job.runtime_ns) {
		if (!fj->clone)
			lm_note("%s:%u: job '%s': time_based requires a runtime/timeout setting (fio says so too): it runs by its size",
				fj->file, fj->line, fj->job.name);
		fj->job.time_based = false;
	}
	if (r[1] <= r[0])
		return;
	lm_rand_seed(&rnd, fj->job.seed ^ 0x5de1a7u);
	fj->job.startdelay_ns = r[0] + lm_rand_below(&rnd, r[1] - r[0] + 1);
}

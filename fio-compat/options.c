// SPDX-License-Identifier: MIT
/*
 * fio's job files (options.h): the option table's rows of job files alone,
 * the setters of fio's spellings, and the jobs a file describes.
 */
#include "fio-compat/options.h"
#include "fio-compat/values.h"
#include "src/cli/values.h"
#include "src/lunmark.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define LM_FJ(f) LM_AT(LM_D_FIO, struct lm_fio_job, f)
#define LM_J(f) LM_AT(LM_D_JOB, struct lm_job, f)
#define LM_TAKEN(key, why)                                       \
	{                                                        \
		.fio = (key), .type = LM_T_ACCEPT, .help = (why) \
	}
#define LM_REFUSED(key, why)                                     \
	{                                                        \
		.fio = (key), .type = LM_T_REFUSE, .help = (why) \
	}

static lm_opt_set_fn lm_fio_set_filename, lm_fio_set_kb_base, lm_fio_set_bytes,
	lm_fio_set_log, lm_fio_set_ss, lm_fio_set_ss_time;

/* The rows fio's job files have and lunmark's command line has not; the
 * rest are in src/cli/options.c. In --cmdhelp order. */
const struct lm_option lm_fio_options[] = {
	{ .fio = "filename",
	  .type = LM_T_STR,
	  LM_FJ(filename),
	  .set = lm_fio_set_filename,
	  .help = "the target: block device, file, directory or iscsi:// URL (write its ':' as '\\:'); a:b for several, each a sub-job" },
	{ .fio = "bsrange",
	  .type = LM_T_SIZE,
	  LM_J(bsd),
	  .set = lm_fio_set_bs,
	  .val = 1,
	  .help = "lo-hi: each IO a multiple of lo up to hi, evenly; r,w apart" },
	{ .fio = "blocksize_range", LM_ALIAS("bsrange") },
	{ .fio = "bssplit",
	  .type = LM_T_SIZE,
	  LM_J(bsd),
	  .set = lm_fio_set_bs,
	  .val = 2,
	  .help = "size/percent:...: the share of IOs of each size; r,w apart" },
	{ .fio = "kb_base",
	  LM_NUMBER(1000, 1024),
	  LM_FJ(kb_base),
	  .set = lm_fio_set_kb_base,
	  .help = "1024 (default: 4k = 4096, 1mi = 10^6) or 1000 (the other way)" },
	{ .fio = "stonewall",
	  LM_SET,
	  LM_FJ(stonewall),
	  .help = "wait for the jobs before; a new group" },
	{ .fio = "wait_for_previous", LM_ALIAS("stonewall") },
	{ .fio = "new_group",
	  LM_SET,
	  LM_FJ(new_group),
	  .help = "start a new reporting group" },
	{ .fio = "group_reporting",
	  LM_SET,
	  LM_FJ(group_reporting),
	  .help = "taken: lunmark reports a job's threads together anyway" },
	{ .fio = "zero_buffers",
	  .type = LM_T_FLAG,
	  .val = LM_PATTERN_ZERO,
	  LM_J(pattern),
	  .help = "write zeros (no stamps)" },
	{ .fio = "buffer_compress_percentage",
	  LM_NUMBER(0, 100),
	  LM_J(compress_pct),
	  .help = "N: each 512-byte chunk of written data ends in N% zeros (0: incompressible, the default)" },
	LM_TAKEN("refill_buffers",
		 "taken: every block lunmark writes is already unique"),
	LM_TAKEN("thread", "taken: lunmark's jobs are threads"),
	LM_TAKEN("randrepeat",
		 "taken: the same randseed repeats the same offsets"),
	{ .fio = "norandommap",
	  .type = LM_T_BOOL,
	  .val = 0,
	  LM_J(randmap),
	  .help = "random offsets drawn anew, a block may repeat (default: a random map, every block once a pass, for random jobs of one block size)" },
	LM_TAKEN("iodepth_batch", "taken: lunmark submits what it can at once"),
	{ .fio = "iodepth_batch_submit", LM_ALIAS("iodepth_batch") },
	LM_TAKEN("iodepth_batch_complete",
		 "taken: lunmark reaps what has completed"),
	{ .fio = "iodepth_batch_complete_min",
	  LM_ALIAS("iodepth_batch_complete") },
	{ .fio = "iodepth_batch_complete_max",
	  LM_ALIAS("iodepth_batch_complete") },
	{ .fio = "offset_increment",
	  .type = LM_T_SIZE,
	  LM_J(offset_increment),
	  .set = lm_fio_set_bytes,
	  .help = "thread k of numjobs starts k x this further, with its own pass (bytes)" },
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
	{ .fio = "log_avg_msec",
	  LM_NUMBER(0, 3600000),
	  LM_FJ(log_avg_ms),
	  .help = "the logs' window in ms; 0 (the default): a line per IO, a set of logs per thread" },
	{ .fio = "io_size",
	  .type = LM_T_SIZE,
	  LM_J(io_bytes),
	  .set = lm_fio_set_bytes,
	  .help = "bytes each thread moves in a size-limited run, wrapping over the region" },
	{ .fio = "io_limit", LM_ALIAS("io_size") },
	{ .fio = "steadystate",
	  .type = LM_T_STR,
	  LM_J(ss),
	  .set = lm_fio_set_ss,
	  .help = "iops, iops_slope, bw or bw_slope:LIMIT[%]: stop once steady by fio's rule over ss_dur (default iops_slope:0.01%)" },
	{ .fio = "ss", LM_ALIAS("steadystate") },
	{ .fio = "steadystate_duration",
	  .type = LM_T_TIME,
	  LM_J(ss.dur_ns),
	  .set = lm_fio_set_ss_time,
	  .help = "the window judged; steady-state detection is on when it is set" },
	{ .fio = "ss_dur", LM_ALIAS("steadystate_duration") },
	{ .fio = "steadystate_ramp_time",
	  .type = LM_T_TIME,
	  LM_J(ss.ramp_ns),
	  .set = lm_fio_set_ss_time,
	  .help = "no data before this, counted from the job's start (ramp_time included)" },
	{ .fio = "ss_ramp", LM_ALIAS("steadystate_ramp_time") },
	/* min: lunmark samples whole seconds */
	{ .fio = "steadystate_check_interval",
	  .type = LM_T_TIME,
	  .min = 1000000000ull,
	  LM_J(ss.interval_ns),
	  .set = lm_fio_set_ss_time,
	  .help = "one data point per interval, whole seconds (default 1s)" },
	{ .fio = "ss_interval", LM_ALIAS("steadystate_check_interval") },
	/* fio options people use that lunmark has no equivalent of yet */
	LM_REFUSED(
		"verify",
		"fio's verify phase is not run: use lunmark run --verify (writes carry checked headers, every read is checked) or lunmark verify TARGET"),
	LM_REFUSED("rate", "lunmark runs flat out"),
	LM_REFUSED("rate_iops", "lunmark runs flat out, as for rate"),
	LM_REFUSED("thinktime", "lunmark does not pause"),
	LM_REFUSED("fsync", "no syncs between writes"),
	LM_REFUSED("end_fsync", "no sync at the end"),
	LM_REFUSED("directory",
		   "filename= names the target (a directory gets a test file)"),
	LM_REFUSED("nrfiles", "one file per job (filename=a:b for several)"),
	LM_REFUSED("filesize", "size= sets the region"),
	LM_REFUSED("fsync_on_close", "no sync at close"),
	LM_REFUSED("file_service_type", "one file per job"),
};

const unsigned int lm_fio_noptions = LM_ARRAY_SIZE(lm_fio_options);

/* filename: '\\:' is a colon in the name; a bare ':' separates files */
static int lm_fio_set_filename(const struct lm_opt_ctx *x,
			       const struct lm_option *o, const char *v)
{
	struct lm_fio_job *fj = x->dst[LM_D_FIO];
	const char *p = v;
	size_t n = 0, start = 0;

	(void)o;
	fj->nfiles = 0;
	for (; *p; p++) {
		char ch = *p;

		if (p[0] == '\\' && p[1] == ':')
			ch = *++p;
		else if (*p == ':')
			ch = '\0';
		if (n + 2 >= sizeof(fj->filename))
			return lm_opt_bad(x, v, "too long");
		if (!ch && n == start)
			return lm_opt_bad(
				x, v,
				"an empty file name in the list (a ':' in a name is written '\\:')");
		fj->filename[n++] = ch;
		if (!ch) {
			fj->nfiles++;
			start = n;
		}
	}
	if (n == start)
		return lm_opt_bad(x, v,
				  n ? "an empty file name in the list"
				    : "needs a file name");
	fj->filename[n++] = '\0';
	fj->filename[n] = '\0';
	fj->nfiles++;
	if (fj->nfiles > LM_FIO_FILES_MAX)
		return lm_opt_bad(x, v, "more than 16 files in one job");
	return 0;
}

const char *lm_fio_file_at(const struct lm_fio_job *fj, unsigned int i)
{
	const char *p = fj->filename;

	while (i--)
		p += strlen(p) + 1;
	return p;
}

/*
 * bs, bsrange and bssplit (@k 0, 1, 2): one value for reads and writes, or
 * "R,W" (",W" or "R," set one of them; a third, trim's, is ignored).
 */
static int lm_fio_bs(const struct lm_opt_ctx *x, const char *val,
		     unsigned int k)
{
	static const char *const want[] = {
		"a block size from 512 to 64m, a multiple of 512 (bs=4k, or bs=4k,64k for reads and writes)",
		"lo-hi, block sizes from 512 to 64m (bsrange=4k-64k, or 4k-16k,64k-1m for reads and writes)",
		"size/percent:size/percent... adding up to 100 (bssplit=4k/30:64k/70; a size with no share splits what is left)",
	};
	struct lm_job *j = x->dst[LM_D_JOB];
	char v[256], *part[3] = { v, NULL, NULL };
	unsigned int d;
	int ret = 0;

	snprintf(v, sizeof(v), "%s", val);
	if ((part[1] = strchr(v, ',')))
		*part[1]++ = '\0';
	if (part[1] && (part[2] = strchr(part[1], ',')))
		*part[2] = '\0';
	for (d = 0; d < 2; d++)
		if (!j->bs_vary && !j->bsd[d].lo && !j->bsd[d].n)
			j->bsd[d].lo = j->bsd[d].hi = j->bs_bytes;
	for (d = 0; d < 2 && !ret; d++) {
		/* "A" is for both; "A,B" each its own; an empty one keeps */
		const char *p = part[1] ? part[d] : part[0];
		struct lm_bsdir b = j->bsd[d];

		if (!*p)
			continue;
		if (k == 0) {
			ret = lm_fio_bs_one(p, x->kb_base, &b.lo);
			b.hi = b.lo;
			b.n = 0;
		} else if (k == 1) {
			ret = lm_fio_bs_range(p, x->kb_base, &b);
		} else {
			ret = lm_fio_bs_split(p, x->kb_base, &b);
		}
		j->bsd[d] = b;
	}
	if (ret)
		return lm_opt_bad(x, val, want[k]);
	lm_job_bs_update(j);
	return 0;
}

/* bs, and bsrange and bssplit: the row's val says which */
int lm_fio_set_bs(const struct lm_opt_ctx *x, const struct lm_option *o,
		  const char *v)
{
	return lm_fio_bs(x, v, (unsigned int)o->val);
}

/* size and offset: bytes, or N% of the target */
static int lm_fio_sizepct(const struct lm_opt_ctx *x, const char *v,
			  uint64_t *bytes, double *pct)
{
	*pct = 0;
	if (strchr(v, '%')) {
		if (lm_fio_pct(v, pct) || *pct <= 0)
			return lm_opt_bad(
				x, v,
				"not a percentage above 0 and at most 100");
		*bytes = 0;
		return 0;
	}
	return lm_opt_size(x, v, bytes);
}

int lm_fio_set_size(const struct lm_opt_ctx *x, const struct lm_option *o,
		    const char *v)
{
	struct lm_job *j = x->dst[LM_D_JOB];

	(void)o;
	return lm_fio_sizepct(x, v, &j->size_bytes, &j->size_pct);
}

int lm_fio_set_offset(const struct lm_opt_ctx *x, const struct lm_option *o,
		      const char *v)
{
	struct lm_job *j = x->dst[LM_D_JOB];

	(void)o;
	return lm_fio_sizepct(x, v, &j->offset_bytes, &j->offset_pct);
}

/* offset_increment, io_size: bytes, no percentage (yet) */
static int lm_fio_set_bytes(const struct lm_opt_ctx *x,
			    const struct lm_option *o, const char *v)
{
	uint64_t n;

	if (lm_fio_size(v, x->kb_base, &n))
		return lm_opt_bad(
			x, v,
			"not a size in bytes (percentages are not supported here yet)");
	memcpy(lm_opt_field(x, o), &n, sizeof(n));
	return 0;
}

static int lm_fio_set_kb_base(const struct lm_opt_ctx *x,
			      const struct lm_option *o, const char *v)
{
	struct lm_fio_job *fj = x->dst[LM_D_FIO];
	uint64_t n;
	int ret = lm_opt_num(x, v, 0, UINT32_MAX, &n);

	if (ret)
		return ret;
	if (n != o->min && n != o->max)
		return lm_opt_bad(x, v, "must be 1024 or 1000");
	fj->kb_base = (unsigned int)n;
	return 0;
}

/* write_*_log[=NAME]: fio names the log after the job without a value */
static int lm_fio_set_log(const struct lm_opt_ctx *x, const struct lm_option *o,
			  const char *v)
{
	const struct lm_job *j = x->dst[LM_D_JOB];
	const char *name = v && *v ? v : j->name;

	if (strlen(name) >= o->size - 16)
		return lm_opt_bad(x, v, "too long a name");
	snprintf(lm_opt_field(x, o), o->size, "%s", name);
	return 0;
}

static int lm_fio_set_ss(const struct lm_opt_ctx *x, const struct lm_option *o,
			 const char *v)
{
	struct lm_job *j = x->dst[LM_D_JOB];

	(void)o;
	if (lm_steady_parse(v, &j->ss))
		return lm_opt_bad(
			x, v,
			"iops, iops_slope, bw or bw_slope, a colon and a limit, with % for a share of the mean (iops_slope:0.1%)");
	return 0;
}

/* the steady state's duration, ramp and interval (min: whole seconds) */
static int lm_fio_set_ss_time(const struct lm_opt_ctx *x,
			      const struct lm_option *o, const char *v)
{
	struct lm_job *j = x->dst[LM_D_JOB];
	uint64_t t;
	int ret = lm_opt_time(x, v, &t);

	if (ret)
		return ret;
	if (o->min && (t < o->min || t % o->min))
		return lm_opt_bad(
			x, v,
			"lunmark samples whole seconds: 1s or a multiple");
	memcpy(lm_opt_field(x, o), &t, sizeof(t));
	j->ss.on = j->ss.dur_ns > 0;
	if (j->ss.on && j->ss.dur_ns < j->ss.interval_ns)
		return lm_opt_bad(x, v,
				  "the window is shorter than ss_interval");
	return 0;
}

struct lm_fio_ctx {
	char *msg;
	size_t len;
	/* unsupported options warned about already */
	const char *warned[64];
	unsigned int nwarned;
	bool ignore;
};

/* Option @fo, refused (@o) or unknown (NULL): an error, or with
 * --ignore-unsupported a warning, once per option. */
static int lm_fio_unsupported(struct lm_fio_ctx *c, const struct lm_fio_opt *fo,
			      const struct lm_option *o)
{
	unsigned int k;

	if (!c->ignore && o) {
		snprintf(
			c->msg, c->len,
			"%s:%u: option '%s' is not supported by lunmark yet (%s; --ignore-unsupported skips it with a warning)",
			fo->file, fo->line, fo->key, o->help);
		return -EINVAL;
	}
	if (!c->ignore) {
		snprintf(
			c->msg, c->len,
			"%s:%u: option '%s' is not one lunmark knows (--ignore-unsupported skips it with a warning)",
			fo->file, fo->line, fo->key);
		return -EINVAL;
	}
	for (k = 0; k < c->nwarned; k++)
		if (!strcmp(c->warned[k], fo->key))
			return 0;
	lm_note("%s:%u: ignoring the unsupported option '%s'", fo->file,
		fo->line, fo->key);
	if (c->nwarned < LM_ARRAY_SIZE(c->warned))
		c->warned[c->nwarned++] = fo->key;
	return 0;
}

static int lm_fio_apply(struct lm_fio_ctx *c, const struct lm_fio_section *s,
			struct lm_fio_job *fj)
{
	struct lm_opt_ctx x = { .engine_set = &fj->engine_set,
				.msg = c->msg,
				.len = c->len };
	const struct lm_option *o;
	unsigned int i;
	int ret;

	x.dst[LM_D_JOB] = &fj->job;
	x.dst[LM_D_FIO] = fj;
	for (i = 0; i < s->nopts; i++) {
		const struct lm_fio_opt *fo = &s->opts[i];

		o = lm_opt_fio(fo->key);
		if (o && o->type == LM_T_ACCEPT)
			continue;
		if (!o || o->type == LM_T_REFUSE) {
			ret = lm_fio_unsupported(c, fo, o);
			if (ret)
				return ret;
			continue;
		}
		x.key = fo->key;
		x.file = fo->file;
		x.line = fo->line;
		x.kb_base = fj->kb_base; /* as set so far */
		ret = lm_opt_set(&x, o, fo->val);
		if (ret)
			return ret;
	}
	return 0;
}

static void lm_fio_defaults(struct lm_fio_job *fj)
{
	memset(fj, 0, sizeof(*fj));
	lm_job_defaults(&fj->job);
	/* fio's defaults, unlike lunmark's: a job file says direct=1, and
	 * random jobs walk a random map unless norandommap */
	fj->job.direct = false;
	fj->job.randmap = true;
	fj->kb_base = 1024;
}

int lm_fio_jobs_build(const struct lm_fio_file *f, bool ignore_unsupported,
		      struct lm_fio_jobs *out, char *msg, size_t len)
{
	struct lm_fio_ctx c = { .msg = msg,
				.len = len,
				.ignore = ignore_unsupported };
	struct lm_fio_job global;
	unsigned int i, group = 0, phase = 0;
	bool wait = false; /* the first job of a later file */
	int ret;

	memset(out, 0, sizeof(*out));
	lm_fio_defaults(&global);
	out->jobs = calloc(f->nsecs ? f->nsecs : 1, sizeof(*out->jobs));
	if (!out->jobs) {
		snprintf(msg, len, "out of memory");
		return -ENOMEM;
	}
	for (i = 0; i < f->nsecs; i++) {
		const struct lm_fio_section *s = &f->secs[i];
		struct lm_fio_job *fj;

		if (i && s->part != f->secs[i - 1].part) {
			/* another job file: fresh defaults, and its first
			 * job waits for the jobs before it, as in fio */
			lm_fio_defaults(&global);
			wait = out->n > 0;
		}
		if (s->global) {
			/* a [global] sets the defaults of the jobs after it */
			ret = lm_fio_apply(&c, s, &global);
			if (ret)
				return ret;
			/* stonewall and new_group in [global] are every
			 * job's, as in fio */
			continue;
		}
		if (out->n == LM_FIO_JOBS_MAX) {
			snprintf(msg, len, "%s:%u: more than %u jobs", s->file,
				 s->line, LM_FIO_JOBS_MAX);
			return -EINVAL;
		}
		fj = &out->jobs[out->n];
		*fj = global;
		snprintf(fj->job.name, sizeof(fj->job.name), "%s", s->name);
		fj->file = s->file;
		fj->line = s->line;
		fj->sec = s;
		ret = lm_fio_apply(&c, s, fj);
		if (ret)
			return ret;
		fj->stonewall |= wait;
		wait = false;
		/* per-IO logs, and windows that are not whole seconds, come
		 * from a record of every IO */
		fj->job.iolog =
			(fj->bw_log[0] || fj->iops_log[0] || fj->lat_log[0]) &&
			(!fj->log_avg_ms || fj->log_avg_ms % 1000);
		if (out->n && (fj->stonewall || fj->new_group))
			group++;
		if (out->n && fj->stonewall)
			phase++;
		fj->group = group;
		fj->phase = phase;
		out->n++;
	}
	if (!out->n) {
		snprintf(msg, len,
			 "%s: no job in it (only [global] or nothing)",
			 f->npaths ? f->paths[0] : "job file");
		return -EINVAL;
	}
	out->ngroups = group + 1;
	out->nphases = phase + 1;
	return 0;
}

void lm_fio_jobs_free(struct lm_fio_jobs *j)
{
	free(j->jobs);
	memset(j, 0, sizeof(*j));
}

/* One row for --cmdhelp: its fio name and note. */
static void lm_fio_note(FILE *f, const struct lm_option *o)
{
	const struct lm_option *t = lm_opt_target(o);

	if (o->type == LM_T_ALIAS)
		fprintf(f, "%-28s as %s\n", o->fio, t->fio ? t->fio : t->name);
	else if (o->type == LM_T_REFUSE)
		fprintf(f, "%-28s not supported yet: %s\n", o->fio, o->help);
	else
		fprintf(f, "%-28s %s%s\n", o->fio, o->help,
			o->fio_note ? o->fio_note : "");
}

int lm_fio_cmdhelp(FILE *f, const char *name)
{
	const struct lm_option *o;
	bool all = !strcmp(name, "all"), found = false;
	unsigned int i;

	for (i = 0; (o = lm_opt_at(i)); i++) {
		if (!o->fio || (!all && strcmp(o->fio, name)))
			continue;
		lm_fio_note(f, o);
		found = true;
	}
	return found ? 0 : -ENOENT;
}

// SPDX-License-Identifier: MIT
#include "fio-compat/options.h"
#include "fio-compat/values.h"
#include "src/engine/engine.h"
#include "src/lunmark.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum lm_fio_id {
	LM_F_NAME,
	LM_F_FILENAME,
	LM_F_RW,
	LM_F_RWMIXREAD,
	LM_F_RWMIXWRITE,
	LM_F_BS,
	LM_F_BSRANGE,
	LM_F_BSSPLIT,
	LM_F_IODEPTH,
	LM_F_NUMJOBS,
	LM_F_SIZE,
	LM_F_OFFSET,
	LM_F_RUNTIME,
	LM_F_TIME_BASED,
	LM_F_RAMP,
	LM_F_DIRECT,
	LM_F_IOENGINE,
	LM_F_RANDSEED,
	LM_F_PCT_RANDOM,
	LM_F_KB_BASE,
	LM_F_STONEWALL,
	LM_F_NEW_GROUP,
	LM_F_GROUP_REPORTING,
	LM_F_ZERO_BUFFERS,
	LM_F_COMPRESS,
	LM_F_OFFSET_INCREMENT,
	LM_F_BW_LOG,
	LM_F_IOPS_LOG,
	LM_F_LAT_LOG,
	LM_F_LOG_AVG,
	LM_F_IO_SIZE,
	LM_F_SS,
	LM_F_SS_DUR,
	LM_F_SS_RAMP,
	LM_F_SS_INTERVAL,
	LM_F_NORANDOMMAP,
	LM_F_ACCEPT, /* taken, changes nothing in lunmark */
	LM_F_REFUSE, /* known, not supported yet */
};

static const struct lm_fio_def {
	const char *name;
	enum lm_fio_id id;
	const char *note;
} lm_fio_defs[] = {
	{ "name", LM_F_NAME, "job name; each [section] is a job" },
	{ "filename", LM_F_FILENAME,
	  "the target: block device, file, directory or iscsi:// URL (write its ':' as '\\:'); a:b for several, each a sub-job" },
	{ "rw", LM_F_RW,
	  "read, write, randread, randwrite, rw (readwrite), randrw" },
	{ "readwrite", LM_F_RW, "as rw" },
	{ "rwmixread", LM_F_RWMIXREAD, "share of reads in rw and randrw" },
	{ "rwmixwrite", LM_F_RWMIXWRITE, "share of writes in rw and randrw" },
	{ "bs", LM_F_BS, "block size; bs=r,w for reads and writes apart" },
	{ "blocksize", LM_F_BS, "as bs" },
	{ "iodepth", LM_F_IODEPTH, "IOs in flight per thread" },
	{ "numjobs", LM_F_NUMJOBS,
	  "threads of the job; sequential jobs share one cursor" },
	{ "size", LM_F_SIZE, "region length, bytes or N% of the target" },
	{ "offset", LM_F_OFFSET, "region start, bytes or N% of the target" },
	{ "runtime", LM_F_RUNTIME, "seconds by default; d, h, m, s, ms, us" },
	{ "time_based", LM_F_TIME_BASED, "loop over the region until runtime" },
	{ "ramp_time", LM_F_RAMP, "run this long before measuring" },
	{ "direct", LM_F_DIRECT, "O_DIRECT (lunmark's default is 1)" },
	{ "ioengine", LM_F_IOENGINE,
	  "io_uring, libaio, psync, libiscsi, null: lunmark's uring, aio, psync, iscsi, null" },
	{ "randseed", LM_F_RANDSEED, "seed of offsets and data" },
	{ "percentage_random", LM_F_PCT_RANDOM,
	  "random jobs: share of random offsets, the rest sequential" },
	{ "kb_base", LM_F_KB_BASE,
	  "1024 (default: 4k = 4096, 1mi = 10^6) or 1000 (the other way)" },
	{ "stonewall", LM_F_STONEWALL,
	  "wait for the jobs before; a new group" },
	{ "wait_for_previous", LM_F_STONEWALL, "as stonewall" },
	{ "new_group", LM_F_NEW_GROUP, "start a new reporting group" },
	{ "group_reporting", LM_F_GROUP_REPORTING,
	  "taken: lunmark reports a job's threads together anyway" },
	{ "zero_buffers", LM_F_ZERO_BUFFERS, "write zeros (no stamps)" },
	{ "buffer_compress_percentage", LM_F_COMPRESS,
	  "N: each 512-byte chunk of written data ends in N% zeros (0: incompressible, the default)" },
	{ "refill_buffers", LM_F_ACCEPT,
	  "taken: every block lunmark writes is already unique" },
	{ "thread", LM_F_ACCEPT, "taken: lunmark's jobs are threads" },
	{ "randrepeat", LM_F_ACCEPT,
	  "taken: the same randseed repeats the same offsets" },
	{ "norandommap", LM_F_NORANDOMMAP,
	  "random offsets drawn anew, a block may repeat (default: a random map, every block once a pass, for random jobs of one block size)" },
	{ "iodepth_batch", LM_F_ACCEPT,
	  "taken: lunmark submits what it can at once" },
	{ "iodepth_batch_submit", LM_F_ACCEPT, "as iodepth_batch" },
	{ "iodepth_batch_complete", LM_F_ACCEPT,
	  "taken: lunmark reaps what has completed" },
	{ "iodepth_batch_complete_min", LM_F_ACCEPT,
	  "as iodepth_batch_complete" },
	{ "iodepth_batch_complete_max", LM_F_ACCEPT,
	  "as iodepth_batch_complete" },
	{ "bsrange", LM_F_BSRANGE,
	  "lo-hi: each IO a multiple of lo up to hi, evenly; r,w apart" },
	{ "blocksize_range", LM_F_BSRANGE, "as bsrange" },
	{ "bssplit", LM_F_BSSPLIT,
	  "size/percent:...: the share of IOs of each size; r,w apart" },
	{ "offset_increment", LM_F_OFFSET_INCREMENT,
	  "thread k of numjobs starts k x this further, with its own pass (bytes)" },
	{ "write_bw_log", LM_F_BW_LOG,
	  "NAME_bw.1.log: KiB/s per log_avg_msec window, in fio's log format" },
	{ "write_iops_log", LM_F_IOPS_LOG,
	  "NAME_iops.1.log: IOPS per window, as write_bw_log" },
	{ "write_lat_log", LM_F_LAT_LOG,
	  "NAME_lat.1.log and NAME_clat.1.log: mean completion latency (ns) per window" },
	{ "log_avg_msec", LM_F_LOG_AVG,
	  "the logs' window in ms; 0 (the default): a line per IO, a set of logs per thread" },
	{ "io_size", LM_F_IO_SIZE,
	  "bytes each thread moves in a size-limited run, wrapping over the region" },
	{ "io_limit", LM_F_IO_SIZE, "as io_size" },
	{ "steadystate", LM_F_SS,
	  "iops, iops_slope, bw or bw_slope:LIMIT[%]: stop once steady by fio's rule over ss_dur (default iops_slope:0.01%)" },
	{ "ss", LM_F_SS, "as steadystate" },
	{ "steadystate_duration", LM_F_SS_DUR,
	  "the window judged; steady-state detection is on when it is set" },
	{ "ss_dur", LM_F_SS_DUR, "as steadystate_duration" },
	{ "steadystate_ramp_time", LM_F_SS_RAMP,
	  "no data before this, counted from the job's start (ramp_time included)" },
	{ "ss_ramp", LM_F_SS_RAMP, "as steadystate_ramp_time" },
	{ "steadystate_check_interval", LM_F_SS_INTERVAL,
	  "one data point per interval, whole seconds (default 1s)" },
	{ "ss_interval", LM_F_SS_INTERVAL, "as steadystate_check_interval" },
	/* fio options people use that lunmark has no equivalent of yet */
	{ "verify", LM_F_REFUSE,
	  "fio's verify phase is not run: use lunmark run --verify (writes carry checked headers, every read is checked) or lunmark verify TARGET" },
	{ "rate", LM_F_REFUSE, "not yet: lunmark runs flat out" },
	{ "rate_iops", LM_F_REFUSE, "not yet: as rate" },
	{ "thinktime", LM_F_REFUSE, "not yet: lunmark does not pause" },
	{ "fsync", LM_F_REFUSE, "not yet: no syncs between writes" },
	{ "end_fsync", LM_F_REFUSE, "not yet: no sync at the end" },
	{ "directory", LM_F_REFUSE,
	  "not yet: filename= names the target (a directory gets a test file)" },
	{ "nrfiles", LM_F_REFUSE, "not yet: one file per job" },
	{ "filesize", LM_F_REFUSE, "not yet: size= sets the region" },
	{ "fsync_on_close", LM_F_REFUSE, "not yet" },
	{ "file_service_type", LM_F_REFUSE, "not yet: one file per job" },
};

static const struct lm_fio_def *lm_fio_def_find(const char *name)
{
	unsigned int i;

	for (i = 0; i < LM_ARRAY_SIZE(lm_fio_defs); i++)
		if (!strcmp(name, lm_fio_defs[i].name))
			return &lm_fio_defs[i];
	return NULL;
}

struct lm_fio_ctx {
	const struct lm_fio_opt *o;
	char *msg;
	size_t len;
	/* unsupported options warned about already */
	const char *warned[64];
	unsigned int nwarned;
	bool ignore;
};

static int lm_fio_err(struct lm_fio_ctx *c, const char *what)
{
	snprintf(c->msg, c->len, "%s:%u: %s=%s: %s", c->o->file, c->o->line,
		 c->o->key, c->o->val ? c->o->val : "", what);
	return -EINVAL;
}

static int lm_fio_need(struct lm_fio_ctx *c)
{
	return c->o->val ? 0 : lm_fio_err(c, "needs a value");
}

static int lm_fio_uint(struct lm_fio_ctx *c, unsigned int kb, uint64_t max,
		       uint64_t *out)
{
	int ret = lm_fio_need(c);

	if (ret)
		return ret;
	if (lm_fio_size(c->o->val, kb, out) || *out > max) {
		char what[80];

		snprintf(what, sizeof(what), "not a number from 0 to %llu",
			 (unsigned long long)max);
		return lm_fio_err(c, what);
	}
	return 0;
}

static int lm_fio_sizeval(struct lm_fio_ctx *c, struct lm_fio_job *fj,
			  uint64_t *bytes, double *pct)
{
	int ret = lm_fio_need(c);

	if (ret)
		return ret;
	*pct = 0;
	if (strchr(c->o->val, '%')) {
		if (lm_fio_pct(c->o->val, pct) || *pct <= 0)
			return lm_fio_err(
				c, "not a percentage above 0 and at most 100");
		*bytes = 0;
		return 0;
	}
	if (lm_fio_size(c->o->val, fj->kb_base, bytes))
		return lm_fio_err(
			c,
			"not a size (a number with k, m, g, t, p, an optional i and b)");
	return 0;
}

static int lm_fio_setbool(struct lm_fio_ctx *c, bool *out)
{
	return lm_fio_bool(c->o->val, out) ? lm_fio_err(c, "must be 0 or 1")
					   : 0;
}

/* filename: '\\:' is a colon in the name; a bare ':' separates files */
static int lm_fio_filename(struct lm_fio_ctx *c, struct lm_fio_job *fj)
{
	const char *p = c->o->val;
	size_t n = 0, start = 0;

	fj->nfiles = 0;
	for (; p && *p; p++) {
		char ch = *p;

		if (p[0] == '\\' && p[1] == ':')
			ch = *++p;
		else if (*p == ':')
			ch = '\0';
		if (n + 2 >= sizeof(fj->filename))
			return lm_fio_err(c, "too long");
		if (!ch && n == start)
			return lm_fio_err(
				c,
				"an empty file name in the list (a ':' in a name is written '\\:')");
		fj->filename[n++] = ch;
		if (!ch) {
			fj->nfiles++;
			start = n;
		}
	}
	if (n == start)
		return lm_fio_err(c, n ? "an empty file name in the list"
				       : "needs a file name");
	fj->filename[n++] = '\0';
	fj->filename[n] = '\0';
	fj->nfiles++;
	if (fj->nfiles > LM_FIO_FILES_MAX)
		return lm_fio_err(c, "more than 16 files in one job");
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
 * bs, bsrange and bssplit: one value for reads and writes, or "R,W"
 * (",W" or "R," set one of them; a third, trim's, is ignored).
 */
static int lm_fio_bs(struct lm_fio_ctx *c, struct lm_fio_job *fj,
		     enum lm_fio_id id)
{
	static const char *const want[] = {
		"a block size from 512 to 64m, a multiple of 512 (bs=4k, or bs=4k,64k for reads and writes)",
		"lo-hi, block sizes from 512 to 64m (bsrange=4k-64k, or 4k-16k,64k-1m for reads and writes)",
		"size/percent:size/percent... adding up to 100 (bssplit=4k/30:64k/70; a size with no share splits what is left)",
	};
	struct lm_job *j = &fj->job;
	char v[256], *part[3] = { v, NULL, NULL };
	unsigned int d, k = id == LM_F_BS ? 0 : id == LM_F_BSRANGE ? 1 : 2;
	int ret = 0;

	if (lm_fio_need(c))
		return -EINVAL;
	snprintf(v, sizeof(v), "%s", c->o->val);
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
			ret = lm_fio_bs_one(p, fj->kb_base, &b.lo);
			b.hi = b.lo;
			b.n = 0;
		} else if (k == 1) {
			ret = lm_fio_bs_range(p, fj->kb_base, &b);
		} else {
			ret = lm_fio_bs_split(p, fj->kb_base, &b);
		}
		j->bsd[d] = b;
	}
	if (ret)
		return lm_fio_err(c, want[k]);
	lm_job_bs_update(j);
	return 0;
}

static int lm_fio_engine(struct lm_fio_ctx *c, struct lm_fio_job *fj)
{
	char names[LM_ENGINE_NAMES_LEN], what[LM_ENGINE_NAMES_LEN + 32];
	const struct lm_engine_ops *e;

	if (lm_fio_need(c))
		return -EINVAL;
	e = lm_engine_find(c->o->val);
	if (!e) {
		snprintf(what, sizeof(what), "not an engine lunmark has (%s)",
			 lm_engine_names(names, sizeof(names)));
		return lm_fio_err(c, what);
	}
	snprintf(fj->job.engine, sizeof(fj->job.engine), "%s", e->name);
	fj->engine_set = true;
	return 0;
}

/* write_*_log[=NAME]: fio names the log after the job without a value */
static int lm_fio_log(struct lm_fio_ctx *c, enum lm_fio_id id,
		      struct lm_fio_job *fj)
{
	char *out = id == LM_F_BW_LOG	  ? fj->bw_log
		    : id == LM_F_IOPS_LOG ? fj->iops_log
					  : fj->lat_log;
	const char *v = c->o->val && *c->o->val ? c->o->val : fj->job.name;

	if (strlen(v) >= sizeof(fj->bw_log) - 16)
		return lm_fio_err(c, "too long a name");
	snprintf(out, sizeof(fj->bw_log), "%s", v);
	return 0;
}

/* steadystate and its duration, ramp and interval */
static int lm_fio_ss(struct lm_fio_ctx *c, enum lm_fio_id id, struct lm_job *j)
{
	uint64_t *t = id == LM_F_SS_DUR	   ? &j->ss.dur_ns
		      : id == LM_F_SS_RAMP ? &j->ss.ramp_ns
					   : &j->ss.interval_ns;

	if (lm_fio_need(c))
		return -EINVAL;
	if (id == LM_F_SS)
		return lm_ss_parse(c->o->val, &j->ss)
			       ? lm_fio_err(
					 c,
					 "iops, iops_slope, bw or bw_slope, a colon and a limit, with % for a share of the mean (iops_slope:0.1%)")
			       : 0;
	if (lm_fio_time(c->o->val, 1000000000ull, t))
		return lm_fio_err(
			c, "not a time (seconds, or with d, h, m, s, ms, us)");
	if (id == LM_F_SS_INTERVAL &&
	    (*t < 1000000000ull || *t % 1000000000ull))
		return lm_fio_err(
			c, "lunmark samples whole seconds: 1s or a multiple");
	j->ss.on = j->ss.dur_ns > 0;
	if (j->ss.on && j->ss.dur_ns < j->ss.interval_ns)
		return lm_fio_err(c, "the window is shorter than ss_interval");
	return 0;
}

static int lm_fio_set_more(struct lm_fio_ctx *c, const struct lm_fio_def *d,
			   struct lm_fio_job *fj)
{
	struct lm_job *j = &fj->job;
	uint64_t n = 0;
	bool b;
	int ret = 0;

	switch (d->id) {
	case LM_F_RANDSEED:
		ret = lm_fio_uint(c, fj->kb_base, UINT64_MAX, &j->seed);
		break;
	case LM_F_PCT_RANDOM:
		ret = lm_fio_uint(c, 1000, 100, &n);
		j->random_pct = (unsigned int)n;
		break;
	case LM_F_KB_BASE:
		ret = lm_fio_uint(c, 1000, UINT32_MAX, &n);
		if (!ret && n != 1000 && n != 1024)
			ret = lm_fio_err(c, "must be 1024 or 1000");
		fj->kb_base = (unsigned int)n;
		break;
	case LM_F_STONEWALL:
		fj->stonewall = true;
		break;
	case LM_F_NEW_GROUP:
		fj->new_group = true;
		break;
	case LM_F_GROUP_REPORTING:
		fj->group_reporting = true;
		break;
	case LM_F_ZERO_BUFFERS:
		j->pattern = LM_PATTERN_ZERO;
		break;
	case LM_F_COMPRESS:
		ret = lm_fio_uint(c, 1000, 100, &n);
		j->compress_pct = (unsigned int)n;
		break;
	case LM_F_TIME_BASED:
		ret = c->o->val ? lm_fio_setbool(c, &b) : 0;
		j->time_based = c->o->val ? b : true;
		break;
	case LM_F_BW_LOG:
	case LM_F_IOPS_LOG:
	case LM_F_LAT_LOG:
		return lm_fio_log(c, d->id, fj);
	case LM_F_LOG_AVG:
		ret = lm_fio_uint(c, 1000, 3600000, &n);
		fj->log_avg_ms = (unsigned int)n;
		break;
	case LM_F_SS:
	case LM_F_SS_DUR:
	case LM_F_SS_RAMP:
	case LM_F_SS_INTERVAL:
		return lm_fio_ss(c, d->id, j);
	case LM_F_OFFSET_INCREMENT:
	case LM_F_IO_SIZE:
		ret = lm_fio_need(c);
		if (!ret && lm_fio_size(c->o->val, fj->kb_base, &n))
			ret = lm_fio_err(
				c,
				"not a size in bytes (percentages are not supported here yet)");
		if (d->id == LM_F_IO_SIZE)
			j->io_bytes = n;
		else
			j->offset_increment = n;
		break;
	default:
		break;
	}
	return ret;
}

static int lm_fio_set(struct lm_fio_ctx *c, const struct lm_fio_def *d,
		      struct lm_fio_job *fj)
{
	struct lm_job *j = &fj->job;
	uint64_t n = 0;
	bool b;
	int ret = 0;

	switch (d->id) {
	case LM_F_NAME:
		if (!lm_fio_need(c))
			snprintf(j->name, sizeof(j->name), "%s", c->o->val);
		return c->o->val ? 0 : -EINVAL;
	case LM_F_FILENAME:
		return lm_fio_filename(c, fj);
	case LM_F_RW:
		if (lm_fio_need(c))
			return -EINVAL;
		if (!strcmp(c->o->val, "readwrite"))
			j->rw = LM_RW_RW;
		else if (lm_rw_parse(c->o->val, &j->rw))
			return lm_fio_err(
				c,
				"read, write, randread, randwrite, rw, readwrite or randrw");
		return 0;
	case LM_F_RWMIXREAD:
	case LM_F_RWMIXWRITE:
		ret = lm_fio_uint(c, 1000, 100, &n);
		j->rwmixread_pct =
			(unsigned int)(d->id == LM_F_RWMIXREAD ? n : 100 - n);
		return ret;
	case LM_F_BS:
	case LM_F_BSRANGE:
	case LM_F_BSSPLIT:
		return lm_fio_bs(c, fj, d->id);
	case LM_F_IODEPTH:
		ret = lm_fio_uint(c, 1000, LM_DEPTH_MAX, &n);
		if (!ret && !n)
			ret = lm_fio_err(c, "must be at least 1");
		j->iodepth = (unsigned int)n;
		return ret;
	case LM_F_NUMJOBS:
		ret = lm_fio_uint(c, 1000, LM_THREADS_MAX, &n);
		if (!ret && !n)
			ret = lm_fio_err(c, "must be at least 1");
		j->threads = (unsigned int)n;
		return ret;
	case LM_F_SIZE:
		return lm_fio_sizeval(c, fj, &j->size_bytes, &j->size_pct);
	case LM_F_OFFSET:
		return lm_fio_sizeval(c, fj, &j->offset_bytes, &j->offset_pct);
	case LM_F_RUNTIME:
	case LM_F_RAMP:
		if (lm_fio_need(c))
			return -EINVAL;
		if (lm_fio_time(c->o->val, 1000000000ull,
				d->id == LM_F_RUNTIME ? &j->runtime_ns
						      : &j->ramp_ns))
			return lm_fio_err(
				c,
				"not a time (seconds, or with d, h, m, s, ms, us)");
		return 0;
	case LM_F_DIRECT:
		ret = c->o->val ? lm_fio_setbool(c, &b) : 0;
		j->direct = c->o->val ? b : true;
		return ret;
	case LM_F_NORANDOMMAP:
		ret = c->o->val ? lm_fio_setbool(c, &b) : 0;
		j->randmap = c->o->val ? !b : false;
		return ret;
	case LM_F_IOENGINE:
		return lm_fio_engine(c, fj);
	default:
		return lm_fio_set_more(c, d, fj);
	}
}

static int lm_fio_apply(struct lm_fio_ctx *c, const struct lm_fio_section *s,
			struct lm_fio_job *fj)
{
	const struct lm_fio_def *d;
	unsigned int i, k;
	int ret;

	for (i = 0; i < s->nopts; i++) {
		c->o = &s->opts[i];
		d = lm_fio_def_find(c->o->key);
		if (d && d->id == LM_F_ACCEPT)
			continue;
		if (!d || d->id == LM_F_REFUSE) {
			if (!c->ignore) {
				snprintf(
					c->msg, c->len,
					"%s:%u: option '%s' is %s (--ignore-unsupported skips it with a warning)",
					c->o->file, c->o->line, c->o->key,
					d ? "not supported by lunmark yet"
					  : "not one lunmark knows");
				return -EINVAL;
			}
			for (k = 0; k < c->nwarned; k++)
				if (!strcmp(c->warned[k], c->o->key))
					break;
			if (k == c->nwarned) {
				lm_note("%s:%u: ignoring the unsupported option '%s'",
					c->o->file, c->o->line, c->o->key);
				if (c->nwarned < LM_ARRAY_SIZE(c->warned))
					c->warned[c->nwarned++] = c->o->key;
			}
			continue;
		}
		ret = lm_fio_set(c, d, fj);
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

int lm_fio_cmdhelp(FILE *f, const char *name)
{
	const struct lm_fio_def *d;
	unsigned int i;

	if (strcmp(name, "all")) {
		d = lm_fio_def_find(name);
		if (!d)
			return -ENOENT;
		fprintf(f, "%-28s %s\n", d->name, d->note);
		return 0;
	}
	for (i = 0; i < LM_ARRAY_SIZE(lm_fio_defs); i++)
		fprintf(f, "%-28s %s\n", lm_fio_defs[i].name,
			lm_fio_defs[i].note);
	return 0;
}

// SPDX-License-Identifier: MIT
/*
 * fio's job files (options.h): the option table's rows of job files alone,
 * the setters of fio's spellings, and --cmdhelp's notes.
 */
#include "fio-compat/options.h"
#include "fio-compat/values.h"
#include "src/cli/values.h"
#include "src/lunmark.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

static lm_opt_set_fn lm_fio_set_kb_base, lm_fio_set_ss, lm_fio_set_ss_time,
	lm_fio_set_dist;

static const struct lm_enum lm_fio_dedupe_modes[] = {
	{ "repeat", 0 },
	{ "working_set", 1 },
	{ NULL, 0 },
};

/* fio's fadvise_hint, onto enum lm_fadvise */
static const struct lm_enum lm_fio_fadvise[] = {
	{ "0", LM_FADV_NONE },
	{ "1", LM_FADV_BY_RW },
	{ "random", LM_FADV_RANDOM },
	{ "sequential", LM_FADV_SEQUENTIAL },
	{ NULL, 0 },
};

/* values of options of fio's normal output, taken */
static const struct lm_enum lm_fio_clocks[] = {
	{ "gettimeofday", 0 },
	{ "clock_gettime", 1 },
	{ "cpu", 2 },
	{ NULL, 0 },
};

static const struct lm_enum lm_fio_unit_bases[] = {
	{ "0", 0 },
	{ "8", 8 },
	{ "1", 1 },
	{ NULL, 0 },
};

/* fio's rw_sequencer: what comes between randread:N's drawn offsets */
static const struct lm_enum lm_fio_rw_seqs[] = {
	{ "sequential", 0 },
	{ "identical", 1 },
	{ NULL, 0 },
};

static const struct lm_enum lm_fio_zonemodes[] = {
	{ "none", 0 },
	{ "strided", 1 },
	{ NULL, 0 },
};

/* fio's random_generator values (LM_FIO_LFSR): lunmark draws from its own */
static const struct lm_enum lm_fio_generators[] = {
	{ "tausworthe", 0 },
	{ "lfsr", LM_FIO_LFSR },
	{ "tausworthe64", 2 },
	{ NULL, 0 },
};

/* The rows fio's job files have and lunmark's command line has not; the
 * rest are in src/cli/options.c. In --cmdhelp order. */
const struct lm_option lm_fio_options[] = {
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
	  .help = "1024 (default: 4k = 4ki = 4096, 1mib = 10^6) or 1000 (the other way)" },
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
	  .help = "a group's jobs are one entry of fio's output, their sum" },
	{ .fio = "zero_buffers",
	  .type = LM_T_FLAG,
	  .val = LM_PATTERN_ZERO,
	  LM_J(pattern),
	  .help = "write zeros (no stamps)" },
	{ .fio = "buffer_compress_percentage",
	  LM_NUMBER(0, 100),
	  LM_J(compress_pct),
	  .help = "N: each 512-byte chunk of written data ends in N% zeros (0: incompressible, the default)" },
	{ .fio = "dedupe_percentage",
	  LM_NUMBER(0, 100),
	  LM_J(dedupe_pct),
	  .help = "N: N% of the buffers written repeat one written before (no stamps then; --verify's headers keep blocks unique)" },
	{ .fio = "dedupe_mode",
	  .type = LM_T_ENUM,
	  LM_J(dedupe_ws),
	  .values = lm_fio_dedupe_modes,
	  .help = "repeat (the default: the last unique buffer) or working_set (one of the first unique buffers, dedupe_working_set_percentage of the region)" },
	{ .fio = "dedupe_working_set_percentage",
	  LM_NUMBER(0, 100),
	  LM_J(dedupe_ws_pct),
	  .help = "the working set's share of the region (default 5)" },
	{ .fio = "dedupe_global",
	  LM_BOOLEAN,
	  LM_J(dedupe_global),
	  .help = "the working set is spread over every thread of the run, so that copies match other jobs' data" },
	LM_TAKEN_SET("refill_buffers",
		     "taken: every block lunmark writes is already unique"),
	LM_TAKEN_SET("thread", "taken: lunmark's jobs are threads"),
	LM_TAKEN_BOOL("randrepeat",
		      "taken: the same randseed repeats the same offsets"),
	{ .fio = "norandommap",
	  .type = LM_T_BOOL,
	  .val = 0,
	  .flags = LM_OF_OPTIONAL, /* fio's STR_SET: bare is on */
	  LM_J(randmap),
	  .help = "random offsets drawn anew, a block may repeat (default: a random map, every block once a pass, for random jobs of one block size)" },
	{ .fio = "offset_increment",
	  .type = LM_T_SIZE,
	  LM_J(offset_increment),
	  .set = lm_fio_set_offset_inc,
	  .help = "clone k of numjobs starts k x this further (bytes, or N% of the target, each clone's start up to a whole block)" },
	{ .fio = "io_size",
	  .type = LM_T_SIZE,
	  LM_J(io_bytes),
	  .set = lm_fio_set_io_size,
	  .help = "bytes each thread moves in a size-limited run, wrapping over the region (a verifying write job's read-back counts in it, as fio's)" },
	{ .fio = "io_limit", LM_ALIAS("io_size") },
	{ .fio = "timeout", LM_ALIAS("runtime") },
	LM_TAKEN_NUM(
		"threads", 0, INT32_MAX,
		"taken: a number, fio's tiobench profile's thread count, which fio's job files take too"),
	{ .fio = "description",
	  .type = LM_T_TEXT,
	  LM_FJ(desc),
	  .help = "the job's description, fio's JSON desc" },
	{ .fio = "buffered",
	  .type = LM_T_BOOL,
	  .val = 0,
	  LM_J(direct),
	  .help = "buffered IO, the opposite of direct (default 1)" },
	LM_TAKEN_BOOL("allow_file_create",
		      "taken: lunmark creates no file that filename= names"),
	LM_TAKEN_BOOL(
		"create_on_open",
		"taken: a job's files are made before its first IO, the same files"),
	{ .fio = "random_distribution",
	  .type = LM_T_STR,
	  LM_J(dist),
	  .set = lm_fio_set_dist,
	  .help = "random (uniform, the default), zipf:THETA, pareto:H, normal:SIGMA% or zoned:IO%/SIZE%:...: which blocks random IOs pick (no random map then)" },
	{ .fio = "random_generator",
	  .type = LM_T_ENUM,
	  LM_FJ(rand_gen),
	  .values = lm_fio_generators,
	  .help = "lunmark draws from xoshiro256**; lfsr's every block once a pass, with norandommap or without, is lunmark's random map" },
	{ .fio = "fadvise_hint",
	  .type = LM_T_ENUM,
	  LM_J(fadvise),
	  .values = lm_fio_fadvise,
	  .help = "1 (the default: random for a random job, which turns readahead off, else sequential), 0 (none), random or sequential: posix_fadvise() of a buffered job's target at open" },
	LM_TAKEN_ENUM(
		"clocksource", lm_fio_clocks,
		"taken: lunmark times every IO with clock_gettime(CLOCK_MONOTONIC)"),
	LM_TAKEN_ENUM(
		"unit_base", lm_fio_unit_bases,
		"taken: bits or bytes in fio's normal output; lunmark's report is its own, and the JSON counts bytes either way"),
	LM_TAKEN_NUM(
		"significant_figures", 1, 10,
		"taken: the figures of fio's normal output; lunmark's report is its own"),
	{ .fio = "rw_sequencer",
	  .type = LM_T_ENUM,
	  LM_J(rw_seq),
	  .values = lm_fio_rw_seqs,
	  .help = "sequential (the default) or identical: with rw=randread:N, the N-1 offsets after each random one continue from it, or repeat it" },
	{ .fio = "zonemode",
	  .type = LM_T_ENUM,
	  LM_FJ(zonemode),
	  .values = lm_fio_zonemodes,
	  .help = "none (the default) or strided: zonesize moved in each zone of zonerange, zoneskip apart, sequential or random in it, as fio; zbd needs a zoned device lunmark does not drive" },
	{ .fio = "zonesize",
	  .type = LM_T_SIZE,
	  LM_FJ(zonesize),
	  .set = lm_fio_set_bytes,
	  .help = "strided: the bytes moved in a zone before the next (past zonerange: round it again); a multiple of the block size" },
	{ .fio = "zonerange",
	  .type = LM_T_SIZE,
	  LM_FJ(zonerange),
	  .set = lm_fio_set_bytes,
	  .help = "strided: the bytes each zone spans (default zonesize)" },
	{ .fio = "zoneskip",
	  .type = LM_T_SIZE,
	  LM_FJ(zoneskip),
	  .set = lm_fio_set_bytes,
	  .help = "strided: the bytes between a zone's end and the next's start" },
	/* fio's own name is ba, blockalign its alias (fio's JSON says ba) */
	{ .fio = "ba",
	  .type = LM_T_SIZE,
	  .min = 1,
	  LM_FJ(blockalign),
	  .set = lm_fio_set_bytes,
	  .help = "the unit of random offsets: the smallest block size (the default), or with bssplit or bsrange a multiple of it" },
	{ .fio = "blockalign", LM_ALIAS("ba") },
	{ .fio = "invalidate",
	  LM_BOOLEAN,
	  LM_J(invalidate),
	  .help = "drop the target's page cache at open, so that a buffered job's IOs reach the device (default 1, as fio)" },
	{ .fio = "loops",
	  LM_NUMBER(0, 1000000), /* 0, as fio: once */
	  LM_J(loops),
	  .help = "a size-limited job moves its bytes this many times (with io_size: at least this many passes, then more until io_size, as fio)" },
	{ .fio = "wait_for",
	  .type = LM_T_TEXT,
	  LM_FJ(wait_for),
	  .help = "start once every clone of the job named (an earlier one) is done; the jobs after it do not wait" },
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
	LM_TAKEN_BOOL("create_serialize",
		      "taken: lunmark creates no file for it"),
	LM_TAKEN_BOOL("fill_device",
		      "taken: without size= the region is the whole target"),
};

const unsigned int lm_fio_noptions = LM_ARRAY_SIZE(lm_fio_options);

/*
 * bs, bsrange and bssplit (@k 0, 1, 2): one value for reads, writes and
 * trims, or "R,W,T" as fio takes it (",W" or "R," set one of them).
 */
static int lm_fio_bs(const struct lm_opt_ctx *x, const char *val,
		     unsigned int k)
{
	static const char *const want[] = {
		"a block size from 512 to 64m (a multiple of 512 for direct IO: bs=4k, or bs=4k,64k,8k for reads, writes and trims)",
		"lo-hi, block sizes from 512 to 64m (bsrange=4k-64k, or 4k-16k,64k-1m for reads and writes, trims as writes)",
		"size/percent:size/percent... adding up to 100 (bssplit=4k/30:64k/70; a size with no share splits what is left)",
	};
	struct lm_job *j = x->dst[LM_D_JOB];
	char v[256], *part[LM_DIRS] = { v, NULL, NULL };
	unsigned int d, n = 0;
	int ret = 0;

	/* only commas (bs=,): fio's "failed parsing" */
	if (strspn(val, ",") == strlen(val))
		return lm_opt_bad(x, val, want[k]);
	snprintf(v, sizeof(v), "%s", val);
	while (n + 1 < LM_DIRS && (part[n + 1] = strchr(part[n], ','))) {
		*part[n + 1]++ = '\0';
		n++;
	}
	for (d = 0; d < LM_DIRS; d++)
		if (!j->bs_vary && !j->bsd[d].lo && !j->bsd[d].n)
			j->bsd[d].lo = j->bsd[d].hi = j->bs_bytes;
	for (d = 0; d < LM_DIRS && !ret; d++) {
		/* fio's: read, write, trim; a value with no comma after it
		 * is also the next ones' ("A": all, "A,B": trims B); an
		 * empty one keeps */
		const char *p = part[d <= n ? d : n];
		struct lm_bsdir b = j->bsd[d];

		if (!*p || k < b.rank)
			continue;
		b.rank = k;
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

/* size and offset: bytes, or N% of the target; 0% is 0, as fio's (the
 * option's default: the whole target, from its start) */
static int lm_fio_sizepct(const struct lm_opt_ctx *x, const char *v,
			  uint64_t *bytes, double *pct)
{
	*pct = 0;
	if (strchr(v, '%')) {
		/* fio 3.33 reads N.M% as N bytes: its suffix parser stops
		 * at the '.' */
		if (strchr(v, '.'))
			return lm_opt_bad(
				x, v,
				"a whole percentage (fio 3.33 reads N.M% as N bytes)");
		if (lm_fio_pct(v, pct) || *pct < 0)
			return lm_opt_bad(x, v,
					  "not a percentage from 0 to 100");
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

/* offset_increment: bytes, or N% of the target */
int lm_fio_set_offset_inc(const struct lm_opt_ctx *x, const struct lm_option *o,
			  const char *v)
{
	struct lm_job *j = x->dst[LM_D_JOB];

	(void)o;
	return lm_fio_sizepct(x, v, &j->offset_increment,
			      &j->offset_increment_pct);
}

/* io_size: bytes, or N% of the job's size (its region), as fio's */
int lm_fio_set_io_size(const struct lm_opt_ctx *x, const struct lm_option *o,
		       const char *v)
{
	struct lm_job *j = x->dst[LM_D_JOB];

	(void)o;
	return lm_fio_sizepct(x, v, &j->io_bytes, &j->io_pct);
}

/* ba, filesize: bytes, no percentage */
int lm_fio_set_bytes(const struct lm_opt_ctx *x, const struct lm_option *o,
		     const char *v)
{
	uint64_t n;

	if (lm_fio_size(v, x->kb_base, &n))
		return lm_opt_bad(
			x, v,
			"not a size in bytes (a whole number with fio's suffixes: 4k, 1m, 0x1000)");
	/* ba and filesize: fio's minval is 1 */
	if (n < o->min)
		return lm_opt_bad(x, v, "must not be zero");
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
	/* the interval row: not silently past what fio 3.33 refuses */
	if (o->off == offsetof(struct lm_job, ss.interval_ns))
		lm_note("%s:%u: %s is newer fio's: fio 3.33 refuses it as an option it does not know",
			x->file ? x->file : "command line", x->line, x->key);
	memcpy(lm_opt_field(x, o), &t, sizeof(t));
	j->ss.on = j->ss.dur_ns > 0;
	if (j->ss.on && j->ss.dur_ns < j->ss.interval_ns)
		return lm_opt_bad(x, v,
				  "the window is shorter than ss_interval");
	return 0;
}

static int lm_fio_set_dist(const struct lm_opt_ctx *x,
			   const struct lm_option *o, const char *v)
{
	struct lm_job *j = x->dst[LM_D_JOB];

	(void)o;
	if (lm_dist_parse(v, &j->dist))
		return lm_opt_bad(
			x, v,
			"random, zipf:THETA (not 1), pareto:H (0 to 1), normal:SIGMA (a percent) or zoned:IO/SIZE:... (percents adding up to 100 each)");
	return 0;
}

/* randread:N: every Nth offset random (rw_sequencer says what comes
 * between); fio reads N with atoi(), so 4k is 4 to it: refused here */
static int lm_fio_set_seq_nr(const struct lm_opt_ctx *x, struct lm_job *j,
			     const char *v, const char *nr)
{
	char *end;
	unsigned long n;

	errno = 0;
	n = strtoul(nr, &end, 10);
	if (errno || !isdigit((unsigned char)*nr) || *end || !n ||
	    n > UINT32_MAX)
		return lm_opt_bad(
			x, v,
			"MODE:N with a random mode, N a count of IOs from 1 (randread:8: every 8th offset random, rw_sequencer says what is between)");
	/* 1: every offset drawn, the random map kept, as fio's */
	j->seq_nr = n > 1 ? (unsigned int)n : 0;
	return 0;
}

/* rw=MODE or rw=MODE:N, fio's offset modifier: N bytes skipped after each
 * sequential IO (negative: back), or with a random mode every Nth offset
 * random */
int lm_fio_set_rw(const struct lm_opt_ctx *x, const struct lm_option *o,
		  const char *v)
{
	struct lm_job *j = x->dst[LM_D_JOB];
	struct lm_option plain = *o; /* the mode, as the command line's */
	size_t n = strcspn(v, ":");
	bool back = v[n] == ':' && v[n + 1] == '-';
	uint64_t skip = 0;
	char mode[32];
	int ret;

	plain.fio_set = NULL;
	/* as fio's str_rw_cb(): a mode without :N has none (a [global]'s
	 * read:8k is not a job's rw=read's) */
	j->seq_nr = 0;
	j->dist.skip_bytes = 0;
	if (!v[n])
		return lm_opt_set(x, &plain, v);
	snprintf(mode, sizeof(mode), "%.*s", (int)n, v);
	ret = lm_opt_set(x, &plain, mode);
	if (ret)
		return ret;
	if (lm_rw_random(j->rw))
		return lm_fio_set_seq_nr(x, j, v, v + n + 1);
	if (lm_fio_size(v + n + 1 + back, x->kb_base, &skip) ||
	    skip > INT64_MAX)
		return lm_opt_bad(x, v, "MODE:N, N a size (read:8k, read:-8k)");
	j->dist.skip_bytes = back ? -(int64_t)skip : (int64_t)skip;
	return 0;
}

/* One row for --cmdhelp: its fio name and note. */
static void lm_fio_note(FILE *f, const struct lm_option *o)
{
	const struct lm_option *t = lm_opt_target(o);

	if (o->type == LM_T_ALIAS)
		fprintf(f, "%-28s as %s\n", o->fio, t->fio ? t->fio : t->name);
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

bool lm_fio_unskippable(const char *key)
{
	static const char *const keep[] = {
		"verify_only", /* reads and checks, writes nothing */
		"file_append", /* writes after the file's end */
		"create_only", /* makes the files, no IO */
		"read_iolog",  /* the IOs a log names, and no others */
		"replay_redirect", "offset_align",
	};
	size_t k;

	for (k = 0; k < LM_ARRAY_SIZE(keep); k++)
		if (!strcmp(key, keep[k]))
			return true;
	return false;
}

int lm_fio_prio(const char *key)
{
	static const char *const first[] = { "kb_base", "unit_base", "lockfile",
					     "cpus_allowed_policy" };
	unsigned int i;

	for (i = 0; i < LM_ARRAY_SIZE(first); i++)
		if (!strcmp(key, first[i]))
			return 1;
	return strcmp(key, "filename") && strcmp(key, "filename_format") ? 0
									 : -1;
}

// SPDX-License-Identifier: MIT
#include "cli.h"
#include "engine.h"
#include "lunmark.h"
#include "units.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

enum lm_opt {
	LM_O_HELP = 'h',
	LM_O_FIRST = 256,
	LM_O_ENGINE,
	LM_O_DIRECT,
	LM_O_ALLOW_WRITE,
	LM_O_NO_PREFILL,
	LM_O_PATTERN,
	LM_O_SEED,
	LM_O_SQPOLL,
	LM_O_SIZE,
	LM_O_OFFSET,
	LM_O_RUNTIME,
	LM_O_FAIL_EVERY,
	LM_O_FAIL_PROB,
	LM_O_FAIL_ERRNO,
	/* run */
	LM_O_RW,
	LM_O_RWMIXREAD,
	LM_O_RWMIXWRITE,
	LM_O_BS,
	LM_O_IODEPTH,
	LM_O_NUMJOBS,
	LM_O_RAMP,
	LM_O_TIME_BASED,
	LM_O_NAME,
	/* mark */
	LM_O_PROFILE,
	LM_O_RUNS,
	LM_O_INTERVAL,
	LM_O_READ_ONLY,
	LM_O_WRITE_ONLY,
	LM_O_AGGREGATE,
	LM_O_NO_WARMUP,
};

#define LM_RUN (1u << LM_CMD_RUN)
#define LM_MARK (1u << LM_CMD_MARK)

static const struct {
	struct option o;
	unsigned int cmds;
} lm_opts[] = {
	{ { "help", no_argument, NULL, LM_O_HELP }, LM_RUN | LM_MARK },
	{ { "engine", required_argument, NULL, LM_O_ENGINE },
	  LM_RUN | LM_MARK },
	{ { "ioengine", required_argument, NULL, LM_O_ENGINE },
	  LM_RUN | LM_MARK },
	{ { "direct", optional_argument, NULL, LM_O_DIRECT },
	  LM_RUN | LM_MARK },
	{ { "allow-write", no_argument, NULL, LM_O_ALLOW_WRITE },
	  LM_RUN | LM_MARK },
	{ { "no-prefill", no_argument, NULL, LM_O_NO_PREFILL },
	  LM_RUN | LM_MARK },
	{ { "buffer-pattern", required_argument, NULL, LM_O_PATTERN },
	  LM_RUN | LM_MARK },
	{ { "seed", required_argument, NULL, LM_O_SEED }, LM_RUN | LM_MARK },
	{ { "randseed", required_argument, NULL, LM_O_SEED },
	  LM_RUN | LM_MARK },
	{ { "sqpoll", no_argument, NULL, LM_O_SQPOLL }, LM_RUN | LM_MARK },
	{ { "size", required_argument, NULL, LM_O_SIZE }, LM_RUN | LM_MARK },
	{ { "runtime", required_argument, NULL, LM_O_RUNTIME },
	  LM_RUN | LM_MARK },
	{ { "fail-every", required_argument, NULL, LM_O_FAIL_EVERY },
	  LM_RUN | LM_MARK },
	{ { "fail-prob", required_argument, NULL, LM_O_FAIL_PROB },
	  LM_RUN | LM_MARK },
	{ { "fail-errno", required_argument, NULL, LM_O_FAIL_ERRNO },
	  LM_RUN | LM_MARK },
	{ { "offset", required_argument, NULL, LM_O_OFFSET }, LM_RUN },
	{ { "rw", required_argument, NULL, LM_O_RW }, LM_RUN },
	{ { "readwrite", required_argument, NULL, LM_O_RW }, LM_RUN },
	{ { "rwmixread", required_argument, NULL, LM_O_RWMIXREAD }, LM_RUN },
	{ { "rwmixwrite", required_argument, NULL, LM_O_RWMIXWRITE }, LM_RUN },
	{ { "bs", required_argument, NULL, LM_O_BS }, LM_RUN },
	{ { "blocksize", required_argument, NULL, LM_O_BS }, LM_RUN },
	{ { "iodepth", required_argument, NULL, LM_O_IODEPTH }, LM_RUN },
	{ { "numjobs", required_argument, NULL, LM_O_NUMJOBS }, LM_RUN },
	{ { "threads", required_argument, NULL, LM_O_NUMJOBS }, LM_RUN },
	{ { "ramp_time", required_argument, NULL, LM_O_RAMP }, LM_RUN },
	{ { "ramp-time", required_argument, NULL, LM_O_RAMP }, LM_RUN },
	{ { "time_based", no_argument, NULL, LM_O_TIME_BASED }, LM_RUN },
	{ { "time-based", no_argument, NULL, LM_O_TIME_BASED }, LM_RUN },
	{ { "name", required_argument, NULL, LM_O_NAME }, LM_RUN },
	{ { "profile", required_argument, NULL, LM_O_PROFILE }, LM_MARK },
	{ { "runs", required_argument, NULL, LM_O_RUNS }, LM_MARK },
	{ { "interval", required_argument, NULL, LM_O_INTERVAL }, LM_MARK },
	{ { "read-only", no_argument, NULL, LM_O_READ_ONLY }, LM_MARK },
	{ { "write-only", no_argument, NULL, LM_O_WRITE_ONLY }, LM_MARK },
	{ { "aggregate", required_argument, NULL, LM_O_AGGREGATE }, LM_MARK },
	{ { "no-warmup", no_argument, NULL, LM_O_NO_WARMUP }, LM_MARK },
};

#define LM_NOPTS (sizeof(lm_opts) / sizeof(lm_opts[0]))

static const struct {
	const char *name;
	int value;
} lm_errnos[] = {
	{ "EIO", EIO },	    { "ENOSPC", ENOSPC }, { "ETIMEDOUT", ETIMEDOUT },
	{ "ENXIO", ENXIO }, { "EROFS", EROFS },	  { "ECONNRESET", ECONNRESET },
};

static int lm_bad(char *msg, size_t len, const char *opt, const char *val,
		  const char *want)
{
	snprintf(msg, len, "--%s=%s: %s", opt, val ? val : "", want);
	return -EINVAL;
}

static int lm_opt_size(const char *opt, const char *v, uint64_t *out, char *msg,
		       size_t len)
{
	if (lm_parse_size(v, out))
		return lm_bad(
			msg, len, opt, v,
			"not a size (a number with an optional k, m, g or t suffix, e.g. 4k or 1g)");
	return 0;
}

static int lm_opt_time(const char *opt, const char *v, uint64_t *out, char *msg,
		       size_t len)
{
	if (lm_parse_time(v, out))
		return lm_bad(
			msg, len, opt, v,
			"not a time (seconds, or a number with us, ms, s, m or h)");
	return 0;
}

static int lm_opt_uint(const char *opt, const char *v, uint64_t max,
		       uint64_t *out, char *msg, size_t len)
{
	if (lm_parse_uint(v, max, out)) {
		char want[64];

		snprintf(want, sizeof(want),
			 "not a whole number from 0 to %llu",
			 (unsigned long long)max);
		return lm_bad(msg, len, opt, v, want);
	}
	return 0;
}

static int lm_opt_errno(const char *v, int *out, char *msg, size_t len)
{
	uint64_t n;
	unsigned int i;

	for (i = 0; i < sizeof(lm_errnos) / sizeof(lm_errnos[0]); i++) {
		if (!strcmp(v, lm_errnos[i].name)) {
			*out = lm_errnos[i].value;
			return 0;
		}
	}
	if (!lm_parse_uint(v, 4095, &n) && n) {
		*out = (int)n;
		return 0;
	}
	return lm_bad(
		msg, len, "fail-errno", v,
		"an errno name (EIO, ENOSPC, ETIMEDOUT, ENXIO, EROFS, ECONNRESET) or number");
}

/* Options every command takes; they land in @j. */
static int lm_opt_common(int id, const char *name, const char *v,
			 struct lm_job *j, struct lm_cli *c, char *msg,
			 size_t len)
{
	uint64_t n;
	int ret = 0;

	switch (id) {
	case LM_O_ENGINE:
		if (!lm_engine_find(v))
			return lm_bad(
				msg, len, name, v,
				"unknown engine (uring, aio, psync or null; fio's io_uring and libaio also work)");
		snprintf(j->engine, sizeof(j->engine), "%s",
			 lm_engine_find(v)->name);
		break;
	case LM_O_DIRECT:
		if (!v || !strcmp(v, "1"))
			j->direct = true;
		else if (!strcmp(v, "0"))
			j->direct = false;
		else
			return lm_bad(msg, len, name, v, "must be 0 or 1");
		break;
	case LM_O_ALLOW_WRITE:
		c->allow_write = true;
		break;
	case LM_O_NO_PREFILL:
		j->prefill = false;
		break;
	case LM_O_PATTERN:
		if (!strcmp(v, "random"))
			j->pattern = LM_PATTERN_RANDOM;
		else if (!strcmp(v, "zero"))
			j->pattern = LM_PATTERN_ZERO;
		else
			return lm_bad(
				msg, len, name, v,
				"must be random (incompressible, the default) or zero");
		break;
	case LM_O_SEED:
		ret = lm_opt_uint(name, v, UINT64_MAX, &j->seed, msg, len);
		break;
	case LM_O_SQPOLL:
		j->sqpoll = true;
		break;
	case LM_O_SIZE:
		ret = lm_opt_size(name, v, &n, msg, len);
		if (!ret && !n)
			return lm_bad(msg, len, name, v, "must not be zero");
		j->size_bytes = n;
		break;
	case LM_O_RUNTIME:
		ret = lm_opt_time(name, v, &j->runtime_ns, msg, len);
		if (!ret && !j->runtime_ns)
			return lm_bad(msg, len, name, v, "must not be zero");
		break;
	case LM_O_FAIL_EVERY:
		ret = lm_opt_uint(name, v, UINT64_MAX, &j->fault.every_n, msg,
				  len);
		break;
	case LM_O_FAIL_PROB:
		if (lm_parse_double(v, &j->fault.prob_pct))
			return lm_bad(msg, len, name, v,
				      "a percentage from 0 to 100");
		break;
	case LM_O_FAIL_ERRNO:
		ret = lm_opt_errno(v, &j->fault.err_no, msg, len);
		break;
	default:
		return 1; /* not a common option */
	}
	return ret;
}

static int lm_opt_run(int id, const char *name, const char *v, struct lm_job *j,
		      char *msg, size_t len)
{
	uint64_t n;
	int ret = 0;

	switch (id) {
	case LM_O_OFFSET:
		ret = lm_opt_size(name, v, &j->offset_bytes, msg, len);
		break;
	case LM_O_RW:
		if (lm_rw_parse(v, &j->rw))
			return lm_bad(
				msg, len, name, v,
				"must be read, write, randread, randwrite, rw or randrw");
		break;
	case LM_O_RWMIXREAD:
	case LM_O_RWMIXWRITE:
		ret = lm_opt_uint(name, v, 100, &n, msg, len);
		j->rwmixread_pct =
			(unsigned int)(id == LM_O_RWMIXREAD ? n : 100 - n);
		break;
	case LM_O_BS:
		ret = lm_opt_size(name, v, &n, msg, len);
		if (!ret && (n > LM_BS_MAX || n < LM_BS_MIN))
			return lm_bad(msg, len, name, v,
				      "the block size must be from 512 to 64m");
		j->bs_bytes = (uint32_t)n;
		break;
	case LM_O_IODEPTH:
		ret = lm_opt_uint(name, v, LM_DEPTH_MAX, &n, msg, len);
		j->iodepth = (unsigned int)n;
		break;
	case LM_O_NUMJOBS:
		ret = lm_opt_uint(name, v, LM_THREADS_MAX, &n, msg, len);
		j->threads = (unsigned int)n;
		break;
	case LM_O_RAMP:
		ret = lm_opt_time(name, v, &j->ramp_ns, msg, len);
		break;
	case LM_O_TIME_BASED:
		j->time_based = true;
		break;
	case LM_O_NAME:
		snprintf(j->name, sizeof(j->name), "%s", v);
		break;
	}
	return ret;
}

static int lm_opt_mark(int id, const char *name, const char *v,
		       struct lm_cli *c, char *msg, size_t len)
{
	struct lm_suite_opts *o = &c->suite;
	uint64_t n;
	int ret = 0;

	switch (id) {
	case LM_O_PROFILE:
		c->profile = v;
		break;
	case LM_O_RUNS:
		ret = lm_opt_uint(name, v, LM_RUNS_MAX, &n, msg, len);
		if (!ret && !n)
			return lm_bad(msg, len, name, v, "must be at least 1");
		o->runs = (unsigned int)n;
		break;
	case LM_O_INTERVAL:
		ret = lm_opt_time(name, v, &o->interval_ns, msg, len);
		break;
	case LM_O_READ_ONLY:
		o->write = false;
		break;
	case LM_O_WRITE_ONLY:
		o->read = false;
		break;
	case LM_O_AGGREGATE:
		if (!strcmp(v, "median"))
			o->agg = LM_AGG_MEDIAN;
		else if (!strcmp(v, "max"))
			o->agg = LM_AGG_MAX;
		else
			return lm_bad(
				msg, len, name, v,
				"must be median (the default) or max (CrystalDiskMark's best-of)");
		break;
	case LM_O_NO_WARMUP:
		o->warmup = false;
		break;
	}
	return ret;
}

/* The command's own long options, for getopt_long. */
static void lm_build_opts(enum lm_cmd cmd, struct option *out)
{
	unsigned int i, n = 0;

	for (i = 0; i < LM_NOPTS; i++)
		if (lm_opts[i].cmds & (1u << cmd))
			out[n++] = lm_opts[i].o;
	memset(&out[n], 0, sizeof(out[n]));
}

static int lm_parse_cmd(int argc, char **argv, struct lm_cli *c, char *msg,
			size_t len)
{
	struct option longs[LM_NOPTS + 1];
	struct lm_job *j = c->cmd == LM_CMD_RUN ? &c->job : &c->suite.base;
	const char *cmdname = c->cmd == LM_CMD_RUN ? "run" : "mark";
	int id, idx, ret;

	lm_build_opts(c->cmd, longs);
	optind = 1;
	opterr = 0;
	while ((id = getopt_long(argc, argv, "h", longs, &idx)) != -1) {
		if (id == '?' || id == ':') {
			snprintf(
				msg, len,
				"%s: not an option of 'lunmark %s' or missing its value (see lunmark %s --help)",
				argv[optind - 1], cmdname, cmdname);
			return -EINVAL;
		}
		if (id == LM_O_HELP) {
			c->help_for = c->cmd;
			c->cmd = LM_CMD_HELP;
			return 0;
		}
		ret = lm_opt_common(id, longs[idx].name, optarg, j, c, msg,
				    len);
		if (ret == 1)
			ret = c->cmd == LM_CMD_RUN
				      ? lm_opt_run(id, longs[idx].name, optarg,
						   j, msg, len)
				      : lm_opt_mark(id, longs[idx].name, optarg,
						    c, msg, len);
		if (ret)
			return ret;
	}
	if (optind < argc)
		c->target = argv[optind++];
	if (optind < argc) {
		snprintf(
			msg, len,
			"%s: one target only (options go before or after it, as --name=value)",
			argv[optind]);
		return -EINVAL;
	}
	return 0;
}

int lm_cli_parse(int argc, char **argv, struct lm_cli *c, char *msg, size_t len)
{
	const char *cmd;
	int ret;

	memset(c, 0, sizeof(*c));
	lm_job_defaults(&c->job);
	lm_suite_defaults(&c->suite);
	c->profile = "default";
	c->cmd = LM_CMD_HELP;
	c->help_for = LM_CMD_HELP;
	if (argc < 2)
		return 0;
	cmd = argv[1];
	if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") ||
	    !strcmp(cmd, "help"))
		return 0;
	if (!strcmp(cmd, "--version") || !strcmp(cmd, "-V") ||
	    !strcmp(cmd, "version")) {
		c->cmd = LM_CMD_VERSION;
		return 0;
	}
	if (!strcmp(cmd, "run"))
		c->cmd = LM_CMD_RUN;
	else if (!strcmp(cmd, "mark"))
		c->cmd = LM_CMD_MARK;
	else {
		snprintf(
			msg, len,
			"%s: unknown command (use 'lunmark mark', 'lunmark run' or 'lunmark --help')",
			cmd);
		return -EINVAL;
	}
	ret = lm_parse_cmd(argc - 1, argv + 1, c, msg, len);
	if (ret || c->cmd == LM_CMD_HELP)
		return ret;
	if (c->cmd == LM_CMD_MARK) {
		if (!c->suite.read && !c->suite.write) {
			snprintf(
				msg, len,
				"--read-only and --write-only exclude each other");
			return -EINVAL;
		}
		if (c->suite.base.size_bytes)
			c->suite.size_bytes = c->suite.base.size_bytes;
		if (c->suite.base.runtime_ns)
			c->suite.runtime_ns = c->suite.base.runtime_ns;
		c->suite.base.size_bytes = 0;
		c->suite.base.runtime_ns = 0;
		c->suite.allow_write = c->allow_write;
		return 0;
	}
	if (!c->target && strcmp(c->job.engine, "null")) {
		snprintf(
			msg, len,
			"'lunmark run' needs a TARGET: a block device, a file or a directory");
		return -EINVAL;
	}
	return lm_job_check(&c->job, msg, len);
}

static const char lm_usage_main[] =
	"Usage: lunmark COMMAND [TARGET] [OPTIONS]\n"
	"\n"
	"A block-IO benchmark for iSCSI LUNs, block devices and files.\n"
	"\n"
	"Commands:\n"
	"  mark [TARGET]   the CrystalDiskMark matrix: SEQ1M Q8T1, SEQ1M Q1T1,\n"
	"                  RND4K Q32T1, RND4K Q1T1, read then write\n"
	"  run TARGET      one job, fio-style options (--rw, --bs, --iodepth, ...)\n"
	"  help, --help    this text; 'lunmark COMMAND --help' for a command\n"
	"  version         print the version\n"
	"\n"
	"TARGET is a block device, a regular file, or a directory (lunmark then\n"
	"creates lunmark-XXXXXX.tmp there and removes it at the end). 'mark' with\n"
	"no TARGET uses the current directory. Writing to a block device or an\n"
	"existing file needs --allow-write.\n"
	"\n"
	"Exit codes: 0 ok, 1 IO error during the run, 2 bad command line,\n"
	"3 target missing, of the wrong kind or not permitted, 4 job does not fit\n"
	"the target, 5 engine or O_DIRECT unavailable, 6 write refused by the\n"
	"write guard, 128+N stopped by signal N (130 for SIGINT) with partial\n"
	"results printed.\n"
	"\n"
	"See lunmark(1).\n";

static const char lm_usage_common[] =
	"  --engine=NAME       uring (default), aio, psync or null (no IO; tests);\n"
	"                      --ioengine=io_uring|libaio as in fio\n"
	"  --direct=0|1        O_DIRECT (default 1)\n"
	"  --allow-write       let write tests (and prefill) write to a block\n"
	"                      device or an existing file\n"
	"  --no-prefill        do not write the region before read tests\n"
	"  --buffer-pattern=P  random (incompressible, unique per block; default)\n"
	"                      or zero\n"
	"  --randseed=N        seed for offsets and data (--seed); default fixed\n"
	"  --sqpoll            io_uring submission polling thread (burns a core)\n"
	"  --fail-every=N, --fail-prob=PCT, --fail-errno=EIO\n"
	"                      null engine: fail every Nth IO, or PCT% of IOs\n";

static const char lm_usage_mark[] =
	"Usage: lunmark mark [TARGET] [OPTIONS]\n"
	"\n"
	"The CrystalDiskMark 8 matrix. Per test: one discarded warm-up run, then\n"
	"--runs counted runs; the headline is their median (MB/s = 10^6 B/s,\n"
	"IOPS, mean completion latency in us).\n"
	"\n"
	"  --profile=NAME      default (SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1,\n"
	"                      RND4K Q1T1)\n"
	"  --size=SIZE         test region / test file size (default 1g)\n"
	"  --runs=N            counted runs per test (default 5)\n"
	"  --runtime=TIME      length of each run (default 5s)\n"
	"  --interval=TIME     pause between tests (default 5s)\n"
	"  --no-warmup         count every run (no discarded warm-up run)\n"
	"  --read-only         read tests only\n"
	"  --write-only        write tests only\n"
	"  --aggregate=HOW     median (default) or max (CrystalDiskMark's best-of)\n";

static const char lm_usage_run[] =
	"Usage: lunmark run TARGET [OPTIONS]\n"
	"\n"
	"One job; reads and writes are reported apart.\n"
	"\n"
	"  --rw=MODE           read, write, randread, randwrite, rw, randrw\n"
	"  --rwmixread=PCT     share of reads in rw/randrw (default 50);\n"
	"                      --rwmixwrite=PCT sets the other share\n"
	"  --bs=SIZE           block size, 512 to 64m, a multiple of the\n"
	"                      target's logical block size (default 4k)\n"
	"  --iodepth=N         IOs in flight per thread, 1-1024 (default 1);\n"
	"                      bs x iodepth x numjobs (x2 for rw/randrw) of\n"
	"                      buffers may take half the machine's memory\n"
	"  --numjobs=N         threads, 1-64 (default 1); sequential jobs share\n"
	"                      one cursor, so no block is read twice in a pass\n"
	"  --size=SIZE         region length (default: to the end of the target;\n"
	"                      1g for a test file in a directory)\n"
	"  --offset=SIZE       region start (default 0)\n"
	"  --runtime=TIME      stop after TIME (default: after one pass of --size)\n"
	"  --time_based        keep going over the region until --runtime\n"
	"  --ramp_time=TIME    run this long before measuring\n"
	"  --name=NAME         job name\n";

void lm_cli_usage(FILE *f, enum lm_cmd cmd)
{
	switch (cmd) {
	case LM_CMD_MARK:
		fputs(lm_usage_mark, f);
		break;
	case LM_CMD_RUN:
		fputs(lm_usage_run, f);
		break;
	default:
		fputs(lm_usage_main, f);
		return;
	}
	fputs("\nCommon options:\n", f);
	fputs(lm_usage_common, f);
	fputs("\nSizes take k, m, g, t (powers of 1024, as fio); times take us, ms,\n"
	      "s (default), m, h.\n",
	      f);
}

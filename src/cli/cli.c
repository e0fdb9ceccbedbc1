// SPDX-License-Identifier: MIT
#include "src/cli/cli.h"
#include "src/cli/options.h"
#include "src/engine/engine.h"
#include "kmod-free/url.h"
#include "src/cli/values.h"
#include "src/lunmark.h"
#include "src/units.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

/* report and compare read result files: no target, no IO options */
static bool lm_cmd_reads_results(enum lm_cmd cmd)
{
	return cmd == LM_CMD_REPORT || cmd == LM_CMD_COMPARE;
}

static int lm_add_target(struct lm_cli *c, const char *v, char *msg, size_t len)
{
	if (c->ntargets && c->cmd != LM_CMD_RUN && c->cmd != LM_CMD_JOBS) {
		snprintf(
			msg, len,
			"one target only for this command ('lunmark run' takes several, run at once)");
		return -EINVAL;
	}
	if (c->ntargets == LM_RUN_TARGETS_MAX) {
		snprintf(msg, len, "at most %u targets at once",
			 LM_RUN_TARGETS_MAX);
		return -EINVAL;
	}
	c->targets[c->ntargets++] = v;
	return 0;
}

/* Options every command takes; they land in @j. */
static int lm_opt_common(int id, const char *name, const char *v,
			 struct lm_job *j, struct lm_cli *c, char *msg,
			 size_t len)
{
	uint64_t n;
	int ret = 0;

	switch (id) {
	case LM_O_LINK: /* run and mark: for the warnings */
		return lm_opt_link(v, &c->suite.link_gbit, msg, len);
	case LM_O_CACHE:
		return lm_cli_cache_opt(name, v, c, msg, len);
	case LM_O_ENGINE:
		if (!lm_engine_find(v))
			return lm_engine_unknown(name, v, msg, len);
		snprintf(j->engine, sizeof(j->engine), "%s",
			 lm_engine_find(v)->name);
		c->engine_set = true;
		break;
	case LM_O_TIMEOUT:
		ret = lm_opt_time(name, v, &n, msg, len);
		if (!ret && (n < 1000000000ull || n > 3600000000000ull))
			return lm_bad(msg, len, name, v,
				      "must be from 1s to 1h");
		/* libiscsi counts whole seconds */
		c->timeout_s =
			(unsigned int)((n + 999999999ull) / 1000000000ull);
		break;
	case LM_O_RECONNECT:
		c->reconnect = true;
		break;
	case LM_O_CHAP_FILE:
		c->chap_file = v;
		break;
	case LM_O_INITIATOR:
		c->initiator = v;
		break;
	case LM_O_TARGET:
		return lm_add_target(c, v, msg, len);
	case LM_O_JSON:
		c->json = true;
		break;
	case LM_O_EXPORT_FIO:
		c->export_fio = true;
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
	case LM_O_READ_ONLY: /* mark: the read tests only */
		c->suite.write = false;
		c->read_only = true;
		break;
	case LM_O_CHECK:
		c->verify_check = true;
		break;
	case LM_O_DESTROY:
		if (!*v)
			return lm_bad(msg, len, name, v,
				      "must name the target to destroy");
		c->destroy = v;
		break;
	case LM_O_NO_PREFILL:
		j->prefill = false;
		break;
	case LM_O_VERIFY:
		j->verify = true;
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
	case LM_O_PCT_RANDOM:
		ret = lm_opt_uint(name, v, 100, &n, msg, len);
		j->random_pct = (unsigned int)n;
		break;
	}
	return ret;
}

/* fio's --output-format: a comma list of normal, terse, json, json+ */
static int lm_opt_format(struct lm_cli *c, const char *v, char *msg, size_t len)
{
	char buf[128], *p, *save = NULL;

	snprintf(buf, sizeof(buf), "%s", v);
	c->out_normal = c->out_json = c->out_jsonplus = c->out_terse = false;
	for (p = strtok_r(buf, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
		if (!strcmp(p, "normal"))
			c->out_normal = true;
		else if (!strcmp(p, "json"))
			c->out_json = true;
		else if (!strcmp(p, "json+"))
			c->out_json = c->out_jsonplus = true;
		else if (!strcmp(p, "terse"))
			c->out_terse = true;
		else
			return lm_bad(
				msg, len, "output-format", v,
				"normal, terse, json or json+, or a comma list of them (normal,json)");
	}
	return 0;
}

static int lm_opt_jobs(int id, const char *v, struct lm_cli *c, char *msg,
		       size_t len)
{
	switch (id) {
	case LM_O_IGNORE_UNSUPPORTED:
		c->ignore_unsupported = true;
		return 0;
	case LM_O_OUTPUT_FORMAT:
		return lm_opt_format(c, v, msg, len);
	case LM_O_OUTPUT:
		c->output = v;
		return 0;
	}
	return 0;
}

/* --tag NAME=VALUE: NAME of letters, digits, '_', '-' and '.' */
static int lm_opt_tag(struct lm_cli *c, const char *v, char *msg, size_t len)
{
	size_t n = strcspn(v, "=");
	unsigned int i;

	if (!v[n] || !n || n >= sizeof(c->tag_names[0]) ||
	    strspn(v,
		   "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.") !=
		    n)
		return lm_bad(
			msg, len, "tag", v,
			"NAME=VALUE, NAME of at most 32 letters, digits, '_', '-' or '.' (--tag cache=on)");
	for (i = 0; i < c->ntags; i++)
		if (strlen(c->tag_names[i]) == n &&
		    !strncmp(c->tag_names[i], v, n))
			return lm_bad(msg, len, "tag", v,
				      "this tag is given twice");
	if (c->ntags == LM_TAGS_MAX)
		return lm_bad(msg, len, "tag", v, "at most 16 tags");
	snprintf(c->tag_names[c->ntags], sizeof(c->tag_names[0]), "%.*s",
		 (int)n, v);
	c->tag_values[c->ntags++] = v + n + 1;
	return 0;
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
	case LM_O_MIX:
		ret = lm_opt_uint(name, v, 100, &n, msg, len);
		o->mix_pct = (unsigned int)n;
		break;
	case LM_O_QUIET:
		o->quiet = true;
		break;
	case LM_O_JSON_FILE:
		c->json_path = v;
		break;
	case LM_O_LABEL:
		c->label = v;
		break;
	case LM_O_TAG:
		return lm_opt_tag(c, v, msg, len);
	}
	return ret;
}

static int lm_parse_cmd(int argc, char **argv, struct lm_cli *c, char *msg,
			size_t len)
{
	struct option longs[LM_CLI_OPTS_MAX + 1];
	struct lm_job *j = c->cmd == LM_CMD_MARK ? &c->suite.base : &c->job;
	const char *cmdname = c->cmd == LM_CMD_VERIFY	 ? "verify"
			      : c->cmd == LM_CMD_RUN	 ? "run"
			      : c->cmd == LM_CMD_MARK	 ? "mark"
			      : c->cmd == LM_CMD_JOBS	 ? "JOBFILE"
			      : c->cmd == LM_CMD_REPORT	 ? "report"
			      : c->cmd == LM_CMD_COMPARE ? "compare"
							 : "probe";
	int id, idx, ret;

	lm_cli_longopts(c->cmd, longs);
	optind = 0; /* glibc: getopt starts afresh, no state left over */
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
		if (ret == 1 && lm_cmd_reads_results(c->cmd))
			ret = lm_cli_cmp_opt(longs[idx].name, optarg, c, msg,
					     len);
		else if (ret == 1 &&
			 (c->cmd == LM_CMD_RUN || c->cmd == LM_CMD_VERIFY))
			ret = lm_opt_run(id, longs[idx].name, optarg, j, msg,
					 len);
		else if (ret == 1 && c->cmd == LM_CMD_JOBS)
			ret = lm_opt_jobs(id, optarg, c, msg, len);
		else if (ret == 1)
			ret = lm_opt_mark(id, longs[idx].name, optarg, c, msg,
					  len);
		if (ret)
			return ret;
	}
	for (; optind < argc; optind++) {
		ret = lm_cmd_reads_results(c->cmd)
			      ? lm_cli_cmp_file(c, argv[optind], msg, len)
			      : lm_add_target(c, argv[optind], msg, len);
		if (ret)
			return ret;
	}
	return 0;
}

/* An iscsi:// target is reached through the iscsi engine unless the user
 * named one; lm_cli_engine_check() refuses a mismatch. */
static void lm_cli_pick_engine(struct lm_cli *c, struct lm_job *j)
{
	if (!c->engine_set && c->ntargets && lm_iscsi_is_url(c->targets[0]))
		snprintf(j->engine, sizeof(j->engine), "%s",
			 lm_engine_url()->name);
}

static int lm_cli_engine_check(const struct lm_cli *c, const struct lm_job *j,
			       char *msg, size_t len)
{
	bool iscsi = lm_engine_find(j->engine)->target == LM_ENGINE_TARGET_URL;
	unsigned int i;

	for (i = 0; i < c->ntargets; i++) {
		bool url = lm_iscsi_is_url(c->targets[i]);

		if (url && !iscsi) {
			snprintf(
				msg, len,
				"--engine=%s cannot reach an iscsi:// URL; use --engine=%s (the default for URLs) or the LUN's /dev/sdX",
				j->engine, lm_engine_url()->name);
			return -EINVAL;
		}
		if (!url && iscsi) {
			snprintf(
				msg, len,
				"--engine=%s needs iscsi:// URLs as targets (iscsi://host[:port]/target-iqn/lun)",
				j->engine);
			return -EINVAL;
		}
	}
	return 0;
}

/*
 * fio's command line: --name=X starts a job, the other --key[=value] are
 * its options (before the first --name, [global]'s), as a job file whose
 * line N is argument N; lunmark's own options (--output-format, ...) are
 * parsed as such.
 */
static int lm_fio_cmdline(int argc, char **argv, struct lm_cli *c, char *msg,
			  size_t len)
{
	char *own[64] = { argv[0] };
	int i, nown = 1, n;
	const char *a;

	c->cmd = LM_CMD_JOBS;
	c->out_normal = true;
	n = snprintf(c->fio_text, sizeof(c->fio_text), "[global]\n");
	for (i = 1; i < argc && n > 0 && (size_t)n < sizeof(c->fio_text); i++) {
		a = argv[i];
		if (strncmp(a, "--", 2)) {
			snprintf(
				msg, len,
				"%s: fio's command line takes --option=value only (a job file goes first: lunmark job.fio)",
				a);
			return -EINVAL;
		}
		if (lm_cli_fio_own(a + 2, strcspn(a + 2, "="))) {
			if (nown == (int)LM_ARRAY_SIZE(own))
				break;
			own[nown++] = argv[i];
			n += snprintf(c->fio_text + n, sizeof(c->fio_text) - n,
				      "\n");
		} else if (!strncmp(a, "--name=", 7)) {
			n += snprintf(c->fio_text + n, sizeof(c->fio_text) - n,
				      "[%s]\n", a + 7);
		} else {
			n += snprintf(c->fio_text + n, sizeof(c->fio_text) - n,
				      "%s\n", a + 2);
		}
	}
	if (i < argc || n <= 0 || (size_t)n >= sizeof(c->fio_text)) {
		snprintf(msg, len, "the command line is too long for a job");
		return -EINVAL;
	}
	c->fio_len = (size_t)n;
	return lm_parse_cmd(nown, own, c, msg, len);
}

static bool lm_is_file(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode);
}

int lm_cli_parse(int argc, char **argv, struct lm_cli *c, char *msg, size_t len)
{
	struct lm_guard_opts g;
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
	else if (!strcmp(cmd, "verify"))
		c->cmd = LM_CMD_VERIFY;
	else if (!strcmp(cmd, "mark"))
		c->cmd = LM_CMD_MARK;
	else if (!strcmp(cmd, "probe"))
		c->cmd = LM_CMD_PROBE;
	else if (!strcmp(cmd, "report") || !strcmp(cmd, "compare")) {
		c->cmd = cmd[0] == 'r' ? LM_CMD_REPORT : LM_CMD_COMPARE;
		lm_cmp_opts_defaults(&c->cmp);
	} else if (!strcmp(cmd, "profiles")) {
		c->cmd = LM_CMD_PROFILES;
		if (argc > 2) {
			snprintf(msg, len,
				 "%s: 'lunmark profiles' takes no arguments",
				 argv[2]);
			return -EINVAL;
		}
		return 0;
	} else if (!strncmp(cmd, "--cmdhelp", 9) &&
		   (!cmd[9] || cmd[9] == '=')) {
		c->cmd = LM_CMD_CMDHELP;
		c->cmdhelp = cmd[9] ? cmd + 10 : "all";
		return 0;
	} else if (!strncmp(cmd, "--", 2) && strcmp(cmd, "--help") &&
		   strcmp(cmd, "--version")) {
		return lm_fio_cmdline(argc, argv, c, msg, len);
	} else if (cmd[0] != '-' && lm_is_file(cmd)) {
		/* fio's way: lunmark job.fio [more.fio ...] */
		c->cmd = LM_CMD_JOBS;
		c->out_normal = true;
		return lm_parse_cmd(argc, argv, c, msg, len);
	} else {
		snprintf(
			msg, len,
			"%s: unknown command (use 'lunmark mark', 'lunmark run', 'lunmark verify', 'lunmark probe', 'lunmark profiles', 'lunmark report', 'lunmark compare', a fio job file, or 'lunmark --help')",
			cmd);
		return -EINVAL;
	}
	ret = lm_parse_cmd(argc - 1, argv + 1, c, msg, len);
	if (ret || c->cmd == LM_CMD_HELP)
		return ret;
	if (lm_cmd_reads_results(c->cmd))
		return lm_cli_cmp_check(c, msg, len);
	if (c->cmd == LM_CMD_PROBE) {
		if (lm_cli_target(c))
			return 0;
		snprintf(
			msg, len,
			"'lunmark probe' needs a TARGET: a block device, a file or an iscsi:// URL");
		return -EINVAL;
	}
	lm_cli_pick_engine(c, c->cmd == LM_CMD_MARK ? &c->suite.base : &c->job);
	if (c->cmd == LM_CMD_MARK) {
		if (!c->suite.read && !c->suite.write) {
			snprintf(
				msg, len,
				"--read-only and --write-only exclude each other");
			return -EINVAL;
		}
		c->suite.size_set = c->suite.base.size_bytes != 0;
		c->suite.runtime_set = c->suite.base.runtime_ns != 0;
		if (c->suite.size_set)
			c->suite.size_bytes = c->suite.base.size_bytes;
		if (c->suite.runtime_set)
			c->suite.runtime_ns = c->suite.base.runtime_ns;
		c->suite.base.size_bytes = 0;
		c->suite.base.runtime_ns = 0;
		lm_guard_opts_cli(&g, c);
		c->suite.allow_write = lm_guard_permits(&g);
		ret = lm_cli_cache_check(c, msg, len);
		if (ret)
			return ret;
		return lm_cli_engine_check(c, &c->suite.base, msg, len);
	}
	if (!lm_cli_target(c) &&
	    lm_engine_find(c->job.engine)->target != LM_ENGINE_TARGET_NONE) {
		snprintf(
			msg, len,
			"'lunmark %s' needs a TARGET: a block device, a file, a directory or an iscsi:// URL",
			c->cmd == LM_CMD_VERIFY ? "verify" : "run");
		return -EINVAL;
	}
	ret = lm_cli_engine_check(c, &c->job, msg, len);
	if (ret)
		return ret;
	return lm_job_check(&c->job, msg, len);
}

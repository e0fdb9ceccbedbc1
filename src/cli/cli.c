// SPDX-License-Identifier: MIT
#include "src/cli/cli.h"
#include "src/cli/options.h"
#include "fio-compat/values.h"
#include "src/engine/engine.h"
#include "kmod-free/url.h"
#include "src/cli/values.h"
#include "src/lunmark.h"

#include <ctype.h>
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

int lm_cli_set_help(const struct lm_opt_ctx *x, const struct lm_option *o,
		    const char *v)
{
	struct lm_cli *c = x->dst[LM_D_CLI];

	(void)o;
	(void)v;
	c->help_for = c->cmd;
	c->cmd = LM_CMD_HELP;
	return 0;
}

int lm_cli_set_target(const struct lm_opt_ctx *x, const struct lm_option *o,
		      const char *v)
{
	(void)o;
	return lm_add_target(x->dst[LM_D_CLI], v, x->msg, x->len);
}

int lm_cli_set_destroy(const struct lm_opt_ctx *x, const struct lm_option *o,
		       const char *v)
{
	struct lm_cli *c = x->dst[LM_D_CLI];

	(void)o;
	if (!*v)
		return lm_opt_bad(x, v, "must name the target to destroy");
	c->destroy = v;
	return 0;
}

/* no write of any kind; mark: the read tests only */
int lm_cli_set_read_only(const struct lm_opt_ctx *x, const struct lm_option *o,
			 const char *v)
{
	struct lm_cli *c = x->dst[LM_D_CLI];

	(void)o;
	(void)v;
	c->suite.write = false;
	c->read_only = true;
	return 0;
}

int lm_cli_set_timeout(const struct lm_opt_ctx *x, const struct lm_option *o,
		       const char *v)
{
	struct lm_cli *c = x->dst[LM_D_CLI];
	uint64_t n;
	int ret = lm_opt_time(x, v, &n);

	(void)o;
	if (ret)
		return ret;
	if (n < 1000000000ull || n > 3600000000000ull)
		return lm_opt_bad(x, v, "must be from 1s to 1h");
	/* libiscsi counts whole seconds */
	c->timeout_s = (unsigned int)((n + 999999999ull) / 1000000000ull);
	return 0;
}

/* fio's --output-format: a comma list of normal, terse, json, json+ */
int lm_cli_set_output_format(const struct lm_opt_ctx *x,
			     const struct lm_option *o, const char *v)
{
	struct lm_cli *c = x->dst[LM_D_CLI];
	char buf[128], *p, *save;

	(void)o;
	snprintf(buf, sizeof(buf), "%s", v);
	c->out_normal = c->out_json = c->out_jsonplus = c->out_terse = false;
	/* strsep: an empty one (json,) is refused, as fio refuses it */
	for (save = buf; (p = strsep(&save, ","));) {
		if (!strcmp(p, "normal"))
			c->out_normal = true;
		else if (!strcmp(p, "json"))
			c->out_json = true;
		else if (!strcmp(p, "json+"))
			c->out_json = c->out_jsonplus = true;
		else if (!strcmp(p, "terse"))
			c->out_terse = true;
		else
			break;
	}
	/* a bad or empty one, or none at all (--output-format=): fio
	 * refuses each */
	if (p || !(c->out_normal || c->out_json || c->out_terse))
		return lm_opt_bad(
			x, v,
			"normal, terse, json or json+, or a comma list of them (normal,json)");
	return 0;
}

/* @v, the value of x->key, as text to show (lm_text_ok()); the message
 * names the bad byte, never echoes it (an ESC would reach the terminal). */
static int lm_cli_text(const struct lm_opt_ctx *x, const char *v)
{
	size_t at;

	if (lm_text_ok(v, &at))
		return 0;
	snprintf(
		x->msg, x->len,
		"--%s: byte %zu of the text (0x%02x) is a control character or not UTF-8; give printable UTF-8 text",
		x->key, at + 1, (unsigned char)v[at]);
	return -EINVAL;
}

/* --label TEXT */
int lm_cli_set_label(const struct lm_opt_ctx *x, const struct lm_option *o,
		     const char *v)
{
	struct lm_cli *c = x->dst[LM_D_CLI];

	(void)o;
	if (lm_cli_text(x, v))
		return -EINVAL;
	c->label = v;
	return 0;
}

/* --section=NAME, again for more */
int lm_cli_set_section(const struct lm_opt_ctx *x, const struct lm_option *o,
		       const char *v)
{
	struct lm_cli *c = x->dst[LM_D_CLI];

	(void)o;
	if (c->nsections == LM_ARRAY_SIZE(c->sections))
		return lm_opt_bad(x, v, "at most 16 sections");
	c->sections[c->nsections++] = v;
	return 0;
}

/* fio's --minimal: terse only */
int lm_cli_set_minimal(const struct lm_opt_ctx *x, const struct lm_option *o,
		       const char *v)
{
	(void)v;
	return lm_cli_set_output_format(x, o, "terse");
}

/* --append-terse[=X]: the terse line too, X dropped, as fio's */
int lm_cli_set_append_terse(const struct lm_opt_ctx *x,
			    const struct lm_option *o, const char *v)
{
	struct lm_cli *c = x->dst[LM_D_CLI];

	(void)o;
	(void)v;
	c->out_terse = true;
	return 0;
}

/* --tag NAME=VALUE: NAME of letters, digits, '_', '-' and '.' */
int lm_cli_set_tag(const struct lm_opt_ctx *x, const struct lm_option *o,
		   const char *v)
{
	struct lm_cli *c = x->dst[LM_D_CLI];
	size_t n = strcspn(v, "=");
	unsigned int i;

	(void)o;
	if (!v[n] || !n || n >= sizeof(c->tag_names[0]) ||
	    strspn(v,
		   "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.") !=
		    n)
		return lm_opt_bad(
			x, v,
			"NAME=VALUE, NAME of at most 32 letters, digits, '_', '-' or '.' (--tag cache=on)");
	for (i = 0; i < c->ntags; i++)
		if (strlen(c->tag_names[i]) == n &&
		    !strncmp(c->tag_names[i], v, n))
			return lm_opt_bad(x, v, "this tag is given twice");
	if (c->ntags == LM_TAGS_MAX)
		return lm_opt_bad(x, v, "at most 16 tags");
	if (lm_cli_text(x, v + n + 1))
		return -EINVAL;
	snprintf(c->tag_names[c->ntags], sizeof(c->tag_names[0]), "%.*s",
		 (int)n, v);
	c->tag_values[c->ntags++] = v + n + 1;
	return 0;
}

static const char *lm_cmd_name(enum lm_cmd cmd)
{
	switch (cmd) {
	case LM_CMD_VERIFY:
		return "verify";
	case LM_CMD_RUN:
		return "run";
	case LM_CMD_MARK:
		return "mark";
	case LM_CMD_JOBS:
		return "JOBFILE";
	case LM_CMD_REPORT:
		return "report";
	case LM_CMD_COMPARE:
		return "compare";
	default:
		return "probe";
	}
}

/* Where the options of @c's command go (options.h). */
static void lm_cli_ctx(struct lm_cli *c, struct lm_opt_ctx *x, char *msg,
		       size_t len)
{
	memset(x, 0, sizeof(*x));
	x->dst[LM_D_JOB] = c->cmd == LM_CMD_MARK ? &c->suite.base : &c->job;
	x->dst[LM_D_SUITE] = &c->suite;
	x->dst[LM_D_CLI] = c;
	x->dst[LM_D_CMP] = &c->cmp;
	x->engine_set = &c->engine_set;
	/* lunmark's sizes, as it prints them: 1GiB is 2^30 here, where fio's
	 * compatibility rule (job files, fio's command line) makes it 10^9 */
	x->kb_base = LM_KB_BINARY;
	x->msg = msg;
	x->len = len;
	x->notes = stderr;
}

static int lm_parse_cmd(int argc, char **argv, struct lm_cli *c, char *msg,
			size_t len)
{
	struct option longs[LM_CLI_OPTS_MAX + 1];
	const char *cmdname = lm_cmd_name(c->cmd);
	const struct lm_option *o;
	struct lm_opt_ctx x;
	char shorts[8];
	int id, idx = -1, ret;

	lm_cli_ctx(c, &x, msg, len);
	lm_cli_longopts(c->cmd, longs, shorts);
	optind = 0; /* glibc: getopt starts afresh, no state left over */
	opterr = 0;
	while ((id = getopt_long(argc, argv, shorts, longs, &idx)) != -1) {
		o = lm_cli_opt(id);
		if (id == '?' || id == ':' || !o) {
			snprintf(
				msg, len,
				"%s: not an option of 'lunmark %s' or missing its value (see lunmark %s --help)",
				argv[optind - 1], cmdname, cmdname);
			return -EINVAL;
		}
		/* a short option sets no index */
		x.key = idx >= 0 ? longs[idx].name : o->name;
		idx = -1;
		ret = lm_opt_set(&x, o, optarg);
		if (ret || c->cmd == LM_CMD_HELP)
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

/* mark, once its options are read: --size and --runtime beat the
 * profile's only when given. */
static int lm_cli_mark_check(struct lm_cli *c, char *msg, size_t len)
{
	struct lm_guard_opts g;
	int ret;

	if (!c->suite.read && !c->suite.write) {
		snprintf(msg, len,
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

/* What a command needs once all its options are read. */
static int lm_cli_check(struct lm_cli *c, char *msg, size_t len)
{
	int ret;

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
	if (c->read_only && (c->allow_write || c->destroy)) {
		snprintf(msg, len,
			 "--read-only and %s contradict each other: drop one",
			 c->allow_write ? "--allow-write" : "--destroy");
		return -EINVAL;
	}
	lm_cli_pick_engine(c, c->cmd == LM_CMD_MARK ? &c->suite.base : &c->job);
	if (c->cmd == LM_CMD_MARK)
		return lm_cli_mark_check(c, msg, len);
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
	lm_job_reap_fix(&c->job);
	return lm_job_check(&c->job, msg, len);
}

/*
 * The command argv[1] names, into c->cmd. Returns 1 when its options are
 * still to be read, 0 when the command line is read whole (help,
 * version, profiles, --cmdhelp, a job file, fio's command line), or
 * -EINVAL.
 */
static int lm_cli_command(int argc, char **argv, struct lm_cli *c, char *msg,
			  size_t len)
{
	const char *cmd = argv[1];

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
	} else if (!strncmp(cmd, "--", 2) ||
		   (cmd[0] != '-' && lm_cli_is_file(cmd))) {
		/* fio's way: lunmark [--opt=v] job.fio [more.fio] [--opt=v] */
		char *own[LM_FIO_OWN_MAX] = { argv[0] };
		int nown = 1, ret;

		ret = lm_fio_cmdline(argc, argv, c, own, &nown, msg, len);
		return ret ? ret : lm_parse_cmd(nown, own, c, msg, len);
	} else {
		snprintf(
			msg, len,
			"%s: unknown command (use 'lunmark mark', 'lunmark run', 'lunmark verify', 'lunmark probe', 'lunmark profiles', 'lunmark report', 'lunmark compare', a fio job file, or 'lunmark --help')",
			cmd);
		return -EINVAL;
	}
	return 1;
}

int lm_cli_parse(int argc, char **argv, struct lm_cli *c, char *msg, size_t len)
{
	int ret;

	memset(c, 0, sizeof(*c));
	lm_job_defaults(&c->job);
	lm_suite_defaults(&c->suite);
	c->profile = "default";
	c->cmd = LM_CMD_HELP;
	c->help_for = LM_CMD_HELP;
	if (argc < 2)
		return 0;
	ret = lm_cli_command(argc, argv, c, msg, len);
	if (ret <= 0)
		return ret;
	ret = lm_parse_cmd(argc - 1, argv + 1, c, msg, len);
	if (ret || c->cmd == LM_CMD_HELP)
		return ret;
	return lm_cli_check(c, msg, len);
}

// SPDX-License-Identifier: MIT
#include "src/cli/cli.h"
#include "src/cli/options.h"
#include "fio-compat/jobfile.h"
#include "fio-compat/options.h"
#include "src/job/job.h"
#include "src/lunmark.h"
#include "tests/unit/unit.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct lm_cli lm_c;
static char lm_msg[512];

#define LM_PARSE(...)                                                     \
	({                                                                \
		char *argv_[] = { "lunmark", __VA_ARGS__, NULL };         \
		lm_msg[0] = 0;                                            \
		lm_cli_parse((int)(sizeof(argv_) / sizeof(argv_[0])) - 1, \
			     argv_, &lm_c, lm_msg, sizeof(lm_msg));       \
	})

static void lm_test_run_options(void)
{
	CU_ASSERT_EQUAL_FATAL(LM_PARSE("run", "/dev/x", "--rw=randrw",
				       "--rwmixread=70", "--bs=8k",
				       "--iodepth=64", "--numjobs=2",
				       "--runtime=30"),
			      0);
	CU_ASSERT_EQUAL(lm_c.cmd, LM_CMD_RUN);
	CU_ASSERT_STRING_EQUAL(lm_cli_target(&lm_c), "/dev/x");
	CU_ASSERT_EQUAL(lm_c.job.rw, LM_RW_RANDRW);
	CU_ASSERT_EQUAL(lm_c.job.rwmixread_pct, 70);
	CU_ASSERT_EQUAL(lm_c.job.bs_bytes, 8192);
	CU_ASSERT_EQUAL(lm_c.job.iodepth, 64);
	CU_ASSERT_EQUAL(lm_c.job.threads, 2);
	CU_ASSERT_EQUAL(lm_c.job.runtime_ns, 30000000000ull);
	CU_ASSERT_TRUE(lm_c.job.direct);
	CU_ASSERT_STRING_EQUAL(lm_c.job.engine, "uring");
	CU_ASSERT_FALSE(lm_c.allow_write);

	/* options before the target, fio's names and aliases */
	CU_ASSERT_EQUAL_FATAL(LM_PARSE("run", "--ioengine=libaio", "--direct=0",
				       "--rwmixwrite=30", "--rw=rw",
				       "--ramp_time=2s", "--time_based",
				       "--runtime=1m", "--allow-write", "f"),
			      0);
	CU_ASSERT_STRING_EQUAL(lm_c.job.engine, "aio");
	CU_ASSERT_FALSE(lm_c.job.direct);
	CU_ASSERT_EQUAL(lm_c.job.rwmixread_pct, 70);
	CU_ASSERT_EQUAL(lm_c.job.ramp_ns, 2000000000ull);
	CU_ASSERT_TRUE(lm_c.job.time_based);
	CU_ASSERT_TRUE(lm_c.allow_write);
	CU_ASSERT_STRING_EQUAL(lm_cli_target(&lm_c), "f");
}

static void lm_test_mark_options(void)
{
	CU_ASSERT_EQUAL_FATAL(LM_PARSE("mark"), 0);
	CU_ASSERT_EQUAL(lm_c.cmd, LM_CMD_MARK);
	CU_ASSERT_PTR_NULL(lm_cli_target(&lm_c));
	/* CrystalDiskMark 8's defaults */
	CU_ASSERT_EQUAL(lm_c.suite.size_bytes, 1ull << 30);
	CU_ASSERT_EQUAL(lm_c.suite.runs, 5);
	CU_ASSERT_EQUAL(lm_c.suite.runtime_ns, 5000000000ull);
	CU_ASSERT_EQUAL(lm_c.suite.interval_ns, 5000000000ull);
	CU_ASSERT_TRUE(lm_c.suite.warmup);
	CU_ASSERT_EQUAL(lm_c.suite.agg, LM_AGG_MEDIAN);

	CU_ASSERT_EQUAL_FATAL(LM_PARSE("mark", "/dev/sdb", "--size=64m",
				       "--runs=3", "--runtime=1",
				       "--interval=0", "--read-only",
				       "--aggregate=max"),
			      0);
	CU_ASSERT_EQUAL(lm_c.suite.size_bytes, 64ull << 20);
	CU_ASSERT_EQUAL(lm_c.suite.runs, 3);
	CU_ASSERT_EQUAL(lm_c.suite.runtime_ns, 1000000000ull);
	CU_ASSERT_EQUAL(lm_c.suite.interval_ns, 0);
	CU_ASSERT_FALSE(lm_c.suite.write);
	CU_ASSERT_TRUE(lm_c.suite.read);
	CU_ASSERT_EQUAL(lm_c.suite.agg, LM_AGG_MAX);
}

/* Each bad input is refused with a message naming what was wrong. */
static void lm_test_errors(void)
{
	static const struct {
		const char *argv[4];
		const char *needle;
	} cases[] = {
		{ { "run", "f", "--bs=4q" }, "--bs=4q" },
		{ { "run", "f", "--bs=100" }, "512" },
		{ { "run", "f", "--bs=1000" }, "multiple of 512" },
		{ { "run", "f", "--bs=128m" }, "64m" },
		{ { "run", "f", "--iodepth=2000" }, "--iodepth=2000" },
		{ { "run", "f", "--iodepth=0" }, "--iodepth=0" },
		{ { "run", "f", "--numjobs=65" }, "--numjobs=65" },
		{ { "run", "f", "--rw=sideways" }, "randread" },
		{ { "run", "f", "--rwmixread=101" }, "--rwmixread=101" },
		{ { "run", "f", "--engine=spdk" },
		  "not an engine lunmark has" },
		{ { "run", "f", "--frobnicate" }, "--frobnicate" },
		{ { "run", "f", "--runtime=5x" }, "not a time" },
		{ { "run", "f", "--time_based" }, "--runtime" },
		{ { "run", "--rw=read" }, "needs a TARGET" },
		{ { "mark", "f", "g" }, "one target only" },
		{ { "probe", "f", "g" }, "one target only" },
		{ { "probe" }, "needs a TARGET" },
		{ { "run", "iscsi://h/iqn.2000-01.x:y/1", "--engine=uring" },
		  "cannot reach an iscsi:// URL" },
		{ { "run", "/dev/sdb", "--engine=iscsi" },
		  "needs iscsi:// URLs" },
		{ { "run", "f", "iscsi://h/iqn.2000-01.x:y/1" },
		  "--engine=uring cannot reach" },
		{ { "run", "f", "--timeout=0" }, "from 1s to 1h" },
		{ { "mark", "--timeout=2h" }, "from 1s to 1h" },
		{ { "mark", "--rw=read" }, "'lunmark mark'" },
		{ { "mark", "--runs=0" }, "at least 1" },
		{ { "mark", "--read-only", "--write-only" }, "exclude" },
		{ { "mark", "--aggregate=mean" }, "median" },
		{ { "frob" }, "unknown command" },
		{ { "run", "f", "--fail-every=3" }, "--engine=null" },
		{ { "run", "f", "--bs=64m", "--iodepth=1024" },
		  "needs 65536 MiB of IO buffers" },
	};
	unsigned int i, n;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *argv[6] = { "lunmark" };

		for (n = 0; n < 4 && cases[i].argv[n]; n++)
			argv[n + 1] = (char *)cases[i].argv[n];
		lm_msg[0] = 0;
		CU_ASSERT_EQUAL(lm_cli_parse((int)n + 1, argv, &lm_c, lm_msg,
					     sizeof(lm_msg)),
				-EINVAL);
		if (!strstr(lm_msg, cases[i].needle))
			fprintf(stderr, "\ncase %u: unexpected message '%s'\n",
				i, lm_msg);
		CU_ASSERT_PTR_NOT_NULL(strstr(lm_msg, cases[i].needle));
	}
}

/* fio's value syntax on lunmark's command line: one parser for both. */
static void lm_test_fio_syntax(void)
{
	CU_ASSERT_EQUAL_FATAL(LM_PARSE("run", "f", "--bs=0x1000", "--size=1KiB",
				       "--runtime=1d", "--direct=yes",
				       "--time_based=0", "--iodepth=1k"),
			      0);
	CU_ASSERT_EQUAL(lm_c.job.bs_bytes, 4096);
	/* lunmark's command line: 1KiB is 1024, as lunmark prints it (fio's
	 * kb_base=1024 would make it 1000: job files, test_fio.c) */
	CU_ASSERT_EQUAL(lm_c.job.size_bytes, 1024);
	CU_ASSERT_EQUAL(lm_c.job.runtime_ns, 86400000000000ull);
	CU_ASSERT_TRUE(lm_c.job.direct);
	CU_ASSERT_FALSE(lm_c.job.time_based);
	CU_ASSERT_EQUAL(lm_c.job.iodepth, 1000);
	/* fio's command-line form: a job needs its name */
	CU_ASSERT_EQUAL(LM_PARSE("--name=", "--rw=read"), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(lm_msg, "argument 1: --name= needs"));
	CU_ASSERT_EQUAL(LM_PARSE("--name=a", "--output-format=json,"), -EINVAL);
	CU_ASSERT_EQUAL(LM_PARSE("run", "f", "--bs=4KiB", "--size=1GiB"), 0);
	CU_ASSERT_EQUAL(lm_c.job.bs_bytes, 4096);
	CU_ASSERT_EQUAL(lm_c.job.size_bytes, 1ull << 30);
	/* as in fio: size=0 is to the end, runtime=0 no limit */
	CU_ASSERT_EQUAL(LM_PARSE("run", "f", "--size=0", "--runtime=0"), 0);
	/* mark's own --size and --runtime are not fio's */
	CU_ASSERT_EQUAL(LM_PARSE("mark", "--size=0"), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(lm_msg, "--size=0: must not be zero"));
}

/* The same bad value gets the same words on the command line and in a job
 * file; only where it was written differs. */
static void lm_test_one_message(void)
{
	static const char *const cases[] = {
		"iodepth=x",   "iodepth=2000",	"numjobs=0",
		"rw=sideways", "runtime=5x",	"size=4q",
		"direct=x",    "ioengine=spdk", "rwmixwrite=101",
		"randseed=-1", "offset=1z",	"percentage_random=200",
	};
	struct lm_fio_jobs js;
	struct lm_fio_file f;
	char arg[64], text[80], msg[512];
	unsigned int i;

	for (i = 0; i < LM_ARRAY_SIZE(cases); i++) {
		snprintf(arg, sizeof(arg), "--%s", cases[i]);
		CU_ASSERT_EQUAL(LM_PARSE("run", "f", arg), -EINVAL);
		snprintf(text, sizeof(text), "[a]\n%s\n", cases[i]);
		memset(&js, 0, sizeof(js));
		msg[0] = '\0';
		if (!lm_fio_read_text("t.fio", text, strlen(text), 0, &f, msg,
				      sizeof(msg)))
			CU_ASSERT_NOT_EQUAL(lm_fio_jobs_build(&f, false, &js,
							      msg, sizeof(msg)),
					    0);
		if (strncmp(msg, "t.fio:2: ", 9) || strcmp(msg + 9, lm_msg + 2))
			fprintf(stderr, "\n'%s' against '%s'\n", lm_msg, msg);
		CU_ASSERT_STRING_EQUAL(msg + 9, lm_msg + 2);
		lm_fio_jobs_free(&js);
		lm_fio_file_free(&f);
	}
}

/* The size of field a type fills by itself. */
static bool lm_field_fits(const struct lm_option *o)
{
	switch (o->type) {
	case LM_T_FLAG:
	case LM_T_BOOL:
		return o->size == sizeof(bool) || o->size == sizeof(int);
	case LM_T_NUM:
		return o->size == sizeof(uint64_t) ||
		       (o->size == sizeof(uint32_t) && o->max <= UINT32_MAX);
	case LM_T_SIZE:
	case LM_T_TIME:
		return o->size == sizeof(uint64_t);
	case LM_T_REAL:
		return o->size == sizeof(double);
	case LM_T_STR:
		return o->size == sizeof(const char *);
	case LM_T_TEXT:
		return o->size > 1;
	case LM_T_ENUM:
		return o->size == sizeof(int) && o->values;
	default:
		return o->dst == LM_D_NONE;
	}
}

/* The table holds together: aliases resolve, no name is taken twice for
 * one command, fields fit their types, job files fill jobs only. */
static void lm_test_table(void)
{
	const struct lm_option *o, *p;
	unsigned int i, k, c;

	for (i = 0; (o = lm_opt_at(i)); i++) {
		CU_ASSERT(o->name || o->fio);
		CU_ASSERT(lm_opt_target(o)->type != LM_T_ALIAS);
		if (o->type != LM_T_ALIAS) {
			CU_ASSERT(o->help && *o->help);
			CU_ASSERT(!o->name || o->cmds);
			CU_ASSERT(o->set || lm_field_fits(o));
		}
		if (o->fio)
			CU_ASSERT(lm_opt_target(o)->dst == LM_D_NONE ||
				  lm_opt_target(o)->dst == LM_D_JOB ||
				  lm_opt_target(o)->dst == LM_D_FIO);
		for (k = i + 1; (p = lm_opt_at(k)); k++) {
			if (o->fio && p->fio && !strcmp(o->fio, p->fio))
				CU_FAIL("a fio name in two rows");
			if (!o->name || !p->name || strcmp(o->name, p->name))
				continue;
			for (c = LM_CMD_HELP; c <= LM_CMD_VERIFY; c++)
				if (lm_opt_takes(o, c) && lm_opt_takes(p, c))
					CU_FAIL("a name in two rows of one command");
		}
	}
}

static char *lm_slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t n = 0;

	if (!f)
		return NULL;
	if (getdelim(&buf, &n, '\0', f) < 0) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	return buf;
}

/* Does @text name @name as written @pre@name (roff writes '-' as "\-"),
 * and not as the start of a longer name? */
static bool lm_names(const char *text, const char *pre, const char *name,
		     bool roff)
{
	char want[128];
	const char *p, *e;
	size_t n = (size_t)snprintf(want, sizeof(want), "%s", pre);

	for (; *name && n + 3 < sizeof(want); name++)
		n += (size_t)snprintf(want + n, sizeof(want) - n, "%s%c",
				      roff && *name == '-' ? "\\" : "", *name);
	for (p = text; (p = strstr(p, want)); p++) {
		e = p + n;
		/* a word starts the text, follows a non-name character, or a
		 * font change (\fB) */
		if (p > text && !*pre &&
		    (isalnum((unsigned char)p[-1]) || p[-1] == '_' ||
		     p[-1] == '-') &&
		    !(p - text >= 3 && p[-3] == '\\' && p[-2] == 'f'))
			continue;
		if (!isalnum((unsigned char)*e) && *e != '_' && *e != '-' &&
		    strncmp(e, "\\-", 2))
			return true;
	}
	return false;
}

/* Is @name set in bold (a .B, .BR, .RB line) in the roff @text? */
static bool lm_man_bold(const char *text, const char *name)
{
	char line[1024];
	size_t n;

	for (; *text; text += n + (text[n] == '\n')) {
		n = strcspn(text, "\n");
		if (strncmp(text, ".B", 2) && strncmp(text, ".RB", 3))
			continue;
		snprintf(line, sizeof(line), "%.*s", (int)n, text);
		if (lm_names(line, "", name, true))
			return true;
	}
	return false;
}

/* The man page names every option of the command line, and sets every fio
 * option in bold in JOB FILE OPTIONS. */
static void lm_test_man_page(void)
{
	char *man = lm_slurp("man/lunmark.1"), *fio, *end;
	const struct lm_option *o;
	unsigned int i;

	if (!man)
		fprintf(stderr,
			"\nman/lunmark.1: run the tests from the top of the tree\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(man);
	for (i = 0; (o = lm_opt_at(i)); i++) {
		if (!o->name || lm_names(man, "\\-\\-", o->name, true))
			continue;
		fprintf(stderr, "\nman/lunmark.1 does not name --%s\n",
			o->name);
		CU_FAIL("an option missing from the man page");
	}
	fio = strstr(man, "\n.SH JOB FILE OPTIONS\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(fio);
	end = strstr(fio + 1, "\n.SH ");
	if (end)
		end[1] = '\0';
	for (i = 0; (o = lm_opt_at(i)); i++) {
		if (!o->fio || lm_man_bold(fio + 1, o->fio))
			continue;
		fprintf(stderr, "\nman/lunmark.1's JOB FILE OPTIONS lack %s\n",
			o->fio);
		CU_FAIL("a fio option missing from the man page");
	}
	free(man);
}

/* Each command's --help lists the options the table gives it. */
static void lm_test_help(void)
{
	static const enum lm_cmd cmds[] = {
		LM_CMD_RUN,    LM_CMD_VERIFY,  LM_CMD_MARK, LM_CMD_PROBE,
		LM_CMD_REPORT, LM_CMD_COMPARE, LM_CMD_JOBS,
	};
	const struct lm_option *o;
	unsigned int i, k;
	char *buf = NULL;
	size_t n;
	FILE *f;

	for (k = 0; k < LM_ARRAY_SIZE(cmds); k++) {
		f = open_memstream(&buf, &n);
		CU_ASSERT_PTR_NOT_NULL_FATAL(f);
		lm_cli_usage(f, cmds[k]);
		fclose(f);
		for (i = 0; (o = lm_opt_at(i)); i++) {
			if (!lm_opt_takes(o, cmds[k]) ||
			    lm_names(buf, "--", o->name, false))
				continue;
			fprintf(stderr, "\n--help of command %d lacks --%s\n",
				cmds[k], o->name);
			CU_FAIL("an option missing from --help");
		}
		free(buf);
		buf = NULL;
	}
}

/* psync is never silently capped at depth 1: a deeper queue is refused. */
static void lm_test_psync_depth(void)
{
	CU_ASSERT_EQUAL(LM_PARSE("run", "f", "--engine=psync", "--iodepth=8"),
			-EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(lm_msg, "psync"));
	CU_ASSERT_PTR_NOT_NULL(strstr(lm_msg, "--iodepth=1"));
	CU_ASSERT_EQUAL(LM_PARSE("run", "f", "--engine=psync", "--iodepth=1"),
			0);
}

static void lm_test_fit(void)
{
	struct lm_job j;
	char msg[256];

	lm_job_defaults(&j);
	j.bs_bytes = 512;
	CU_ASSERT_EQUAL(lm_job_fit(&j, 1 << 30, 4096, 0, msg, sizeof(msg)),
			-EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "logical block size (4096"));

	/* not a multiple of 512: buffered only, and never with --verify */
	lm_job_defaults(&j);
	j.bs_bytes = 2300;
	CU_ASSERT_EQUAL(lm_job_check(&j, msg, sizeof(msg)), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(
		strstr(msg, "direct IO needs a multiple of 512"));
	j.direct = false;
	CU_ASSERT_EQUAL(lm_job_check(&j, msg, sizeof(msg)), 0);
	CU_ASSERT_EQUAL(lm_job_fit(&j, 1 << 30, 1, 0, msg, sizeof(msg)), 0);
	j.verify = true;
	CU_ASSERT_EQUAL(lm_job_check(&j, msg, sizeof(msg)), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "--verify (a header per 512"));

	lm_job_defaults(&j);
	j.size_bytes = 2ull << 30;
	CU_ASSERT_EQUAL(lm_job_fit(&j, 1 << 30, 512, 0, msg, sizeof(msg)),
			-EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "larger than the target (1GiB)"));

	/* a bs above the target's maximum transfer length (VPD 0xB0) */
	lm_job_defaults(&j);
	j.bs_bytes = 1 << 20;
	CU_ASSERT_EQUAL(
		lm_job_fit(&j, 1 << 30, 512, 512 << 10, msg, sizeof(msg)),
		-EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(
		msg,
		"larger than the target's maximum transfer length (512KiB"));
	j.bs_bytes = 512 << 10;
	CU_ASSERT_EQUAL(
		lm_job_fit(&j, 1 << 30, 512, 512 << 10, msg, sizeof(msg)), 0);

	/* fio's size=50% and offset=25% of the target */
	lm_job_defaults(&j);
	j.size_pct = 50;
	j.offset_pct = 25;
	CU_ASSERT_EQUAL(lm_job_fit(&j, 1 << 30, 512, 0, msg, sizeof(msg)), 0);
	CU_ASSERT_EQUAL(j.size_bytes, 512u << 20);
	CU_ASSERT_EQUAL(j.offset_bytes, 256u << 20);

	/* no size: the rest of the target, whole blocks only */
	lm_job_defaults(&j);
	j.bs_bytes = 1 << 20;
	j.offset_bytes = 4096;
	CU_ASSERT_EQUAL(lm_job_fit(&j, (10 << 20) + 4096 + 512, 512, 0, msg,
				   sizeof(msg)),
			0);
	CU_ASSERT_EQUAL(j.size_bytes, 10 << 20);

	/* offset_increment: the last of 4 threads starts 3 x 256m further;
	 * with no size each region is what is left after it */
	lm_job_defaults(&j);
	j.threads = 4;
	j.offset_increment = 256u << 20;
	CU_ASSERT_EQUAL(lm_job_fit(&j, 1 << 30, 512, 0, msg, sizeof(msg)), 0);
	CU_ASSERT_EQUAL(j.size_bytes, 256u << 20);
	j.size_bytes = (256u << 20) + 4096;
	CU_ASSERT_EQUAL(lm_job_fit(&j, 1 << 30, 512, 0, msg, sizeof(msg)),
			-EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "for the last thread"));
	j.size_bytes = 0;
	j.offset_increment = 512u << 20;
	CU_ASSERT_EQUAL(lm_job_fit(&j, 1 << 30, 512, 0, msg, sizeof(msg)),
			-EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "beyond the end of the target"));
	j.offset_increment = 1000;
	CU_ASSERT_EQUAL(lm_job_fit(&j, 1 << 30, 512, 0, msg, sizeof(msg)),
			-EINVAL);
}

int lm_suite_cli(void)
{
	static const struct lm_unit_test t[] = {
		{ "run: fio option names", lm_test_run_options },
		{ "mark: CrystalDiskMark defaults", lm_test_mark_options },
		{ "bad input names the option", lm_test_errors },
		{ "psync refuses iodepth > 1", lm_test_psync_depth },
		{ "fio's value syntax", lm_test_fio_syntax },
		{ "one message for both parsers", lm_test_one_message },
		{ "the option table holds together", lm_test_table },
		{ "the man page names every option", lm_test_man_page },
		{ "--help lists each command's options", lm_test_help },
		{ "job fits the target", lm_test_fit },
		{ NULL, NULL },
	};
	return lm_unit_add("cli", t);
}

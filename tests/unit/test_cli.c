// SPDX-License-Identifier: MIT
#include "src/cli/cli.h"
#include "src/job/job.h"
#include "tests/unit/unit.h"

#include <errno.h>
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
		{ { "run", "f", "--engine=spdk" }, "unknown engine" },
		{ { "run", "f", "--frobnicate" }, "--frobnicate" },
		{ { "run", "f", "--runtime=5d" }, "not a time" },
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
		{ "job fits the target", lm_test_fit },
		{ NULL, NULL },
	};
	return lm_unit_add("cli", t);
}

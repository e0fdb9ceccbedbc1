// SPDX-License-Identifier: MIT
/* fio's on/off values, counts and cmdprio options in job files, as fio
 * 3.33's parse.c reads them: checked against fio by an adversarial run,
 * where lunmark had taken stonewall=0 as on, iodepth=1k as 1000 and
 * io_uring's cmdprio_percentage in a [global] that runs on psync. */
#include "fio-compat/jobfile.h"
#include "fio-compat/options.h"
#include "src/job/prio.h"
#include "src/lunmark.h"
#include "tests/unit/unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* @text's first job into @j; 0 or the build's error, the message in
 * @msg. */
static int lm_first_job(const char *text, struct lm_fio_job *j, char *msg,
			size_t len)
{
	struct lm_fio_file f;
	struct lm_fio_jobs js;
	int ret;

	memset(&js, 0, sizeof(js));
	msg[0] = '\0';
	ret = lm_fio_read_text("t.fio", text, strlen(text), 0, &f, msg, len);
	if (!ret)
		ret = lm_fio_jobs_build(&f, false, &js, msg, len);
	if (!ret)
		*j = js.jobs[0];
	lm_fio_jobs_free(&js);
	lm_fio_file_free(&f);
	return ret;
}

/* Job file @text is refused, with @why in the message. */
static void lm_refused(const char *text, const char *why)
{
	struct lm_fio_job j;
	char msg[512];

	CU_ASSERT_EQUAL(lm_first_job(text, &j, msg, sizeof(msg)), -EINVAL);
	if (!strstr(msg, why))
		fprintf(stderr, "\n'%s': '%s'\n", text, msg);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, why));
}

static void lm_test_fio_onoff(void)
{
	struct lm_fio_job j;
	char msg[512];

	/* fio's STR_SET options: bare is on, a number its own value */
	CU_ASSERT_EQUAL(lm_first_job("[a]\nstonewall=0\ngroup_reporting=0\n"
				     "new_group=0\nzero_buffers=0\n",
				     &j, msg, sizeof(msg)),
			0);
	CU_ASSERT_FALSE(j.stonewall || j.group_reporting || j.new_group);
	CU_ASSERT_EQUAL(j.job.pattern, LM_PATTERN_RANDOM);
	CU_ASSERT_EQUAL(lm_first_job("[a]\nstonewall\ngroup_reporting=2\n"
				     "norandommap\ntime_based\nruntime=1\n",
				     &j, msg, sizeof(msg)),
			0);
	CU_ASSERT_TRUE(j.stonewall && j.group_reporting);
	CU_ASSERT_TRUE(j.job.time_based && !j.job.randmap);
	/* exitall: fio's callback turns it on whatever the number */
	CU_ASSERT_EQUAL(lm_first_job("[a]\nexitall=0\n", &j, msg, sizeof(msg)),
			0);
	CU_ASSERT_TRUE(j.job.exitall);
	/* fio's BOOL options: 0 or 1 (0x1 too); 2 or bare is an error */
	CU_ASSERT_EQUAL(lm_first_job("[a]\ndirect=0x1\n", &j, msg, sizeof(msg)),
			0);
	CU_ASSERT_TRUE(j.job.direct);
	CU_ASSERT_EQUAL(lm_first_job("[a]\ndirect=2\n", &j, msg, sizeof(msg)),
			-EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "direct=2: must be 0 or 1"));
	CU_ASSERT_EQUAL(lm_first_job("[a]\ndirect\n", &j, msg, sizeof(msg)),
			-EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "t.fio:2: direct=: needs a value"));
	CU_ASSERT_EQUAL(lm_first_job("[a]\ndirect=yes\n", &j, msg, sizeof(msg)),
			-EINVAL);
	CU_ASSERT_EQUAL(
		lm_first_job("[a]\nstonewall=on\n", &j, msg, sizeof(msg)),
		-EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "stonewall=on: not a number"));
}

/* A count's k is kb_base's, as fio's str_to_decimal() */
static void lm_test_fio_counts(void)
{
	struct lm_fio_job j;
	char msg[512];

	CU_ASSERT_EQUAL(lm_first_job("[a]\nioengine=io_uring\niodepth=1k\n", &j,
				     msg, sizeof(msg)),
			0);
	CU_ASSERT_EQUAL(j.job.iodepth, 1024);
	CU_ASSERT_EQUAL(lm_first_job("[a]\nkb_base=1000\nnumber_ios=2k\n", &j,
				     msg, sizeof(msg)),
			0);
	CU_ASSERT_EQUAL(j.job.number_ios, 2000);
}

/* Values fio refuses as it reads them, also of the options lunmark
 * takes with no effect of their own */
static void lm_test_fio_ranges(void)
{
	static const struct {
		const char *line, *why;
	} bad[] = {
		{ "random_generator=foo", "tausworthe, lfsr or tausworthe64" },
		{ "verify_interval=8", "must be at least 80" },
		{ "randrepeat=2", "must be 0 or 1" },
		{ "fill_device", "needs a value, 0 or 1" },
		{ "thread=abc", "thread=abc: not a number" },
		{ "ba=0", "ba=0: must not be zero" },
		{ "filesize=0", "must not be zero" },
		{ "bs=,", "bs=,: a block size" },
		{ "rate_iops=,", "IOs per second" },
		{ "random_distribution=normal:100", "normal:SIGMA" },
		{ "threads", "threads=: not a number" },
	};
	static const char *const good[] = {
		"thread",
		"random_generator=lfsr",
		"verify_interval=4k",
		"bs=,8k",
		"rate=,1m",
		"exitall_on_error",
		"randrepeat=0",
		"group_reporting ; a comment after a bare option",
		"cpus_allowed=0, 1",
		"cpumask=0x1",
	};
	struct lm_fio_job j;
	char text[128], msg[512];
	unsigned int i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(text, sizeof(text), "[a]\nrw=randread\n%s\n",
			 bad[i].line);
		lm_refused(text, bad[i].why);
	}
	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		snprintf(text, sizeof(text), "[a]\nrw=randread\n%s\n", good[i]);
		CU_ASSERT_EQUAL(lm_first_job(text, &j, msg, sizeof(msg)), 0);
	}
}

/* fio's init.c: a section whose name begins with "global" is one */
static void lm_test_fio_global_names(void)
{
	struct lm_fio_job j;
	char msg[512];

	CU_ASSERT_EQUAL(
		lm_first_job("[global_a]\nbs=8k\n[a]\n", &j, msg, sizeof(msg)),
		0);
	CU_ASSERT_STRING_EQUAL(j.job.name, "a");
	CU_ASSERT_EQUAL(j.job.bs_bytes, 8192);
	/* and ${VAR} is replaced in option lines only, as fio does */
	setenv("LM_T_SEC", "x", 1);
	CU_ASSERT_EQUAL(
		lm_first_job("[${LM_T_SEC}]\nbs=8k\n", &j, msg, sizeof(msg)),
		0);
	CU_ASSERT_STRING_EQUAL(j.job.name, "${LM_T_SEC}");
	/* a ${X} of "include f" is an option line, as fio reads it */
	setenv("LM_T_INC", "include /nonexistent.inc", 1);
	lm_refused(
		"[a]\n${LM_T_INC}\n",
		"option 'include /nonexistent.inc' is not one lunmark knows");
}

/* fio's fixup_options(): what it refuses in a job that parsed */
static void lm_test_fio_fixup(void)
{
	static const struct {
		const char *text, *why;
	} bad[] = {
		{ "[a]\nrate=1m\nrate_iops=100\n", "rate and rate_iops" },
		{ "[a]\nrate_min=1m\nrate_iops_min=5\n", "rate and rate_iops" },
		{ "[a]\nzonesize=64k\n", "zonesize without zonemode=strided" },
		{ "[a]\nzonemode=none\nzonesize=64k\n", "zonesize without" },
		{ "[a]\ndedupe_percentage=50\ndedupe_mode=working_set\n",
		  "dedupe_mode=working_set needs size=" },
		{ "[a]\nsize=1m\ndedupe_percentage=50\n"
		  "dedupe_mode=working_set\ndedupe_working_set_percentage=60\n",
		  "at most 100" },
		{ "[a]\nss_dur=1\nss=iops:5%\n[b]\n",
		  "t.fio:4: job 'b': its steady state" },
		{ "[a]\nss_dur=1\n[b]\nss_dur=2\n", "differs from job 'a'" },
		{ "[a]\nzonemode=strided\n",
		  "zonemode=strided without zonesize" },
	};
	struct lm_fio_job j;
	char msg[512];
	unsigned int i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		lm_refused(bad[i].text, bad[i].why);
	/* a synchronous engine's depth capped at 1, as fio caps it */
	CU_ASSERT_EQUAL(lm_first_job("[a]\niodepth=4\n", &j, msg, sizeof(msg)),
			0);
	CU_ASSERT_EQUAL(j.job.iodepth, 1);
	CU_ASSERT_EQUAL(j.depth_given, 4);
	/* fio compares ss_dur in whole seconds */
	CU_ASSERT_EQUAL(lm_first_job("[a]\nss_dur=1500ms\n[b]\nss_dur=1\n", &j,
				     msg, sizeof(msg)),
			0);
	CU_ASSERT_EQUAL(lm_first_job("[a]\nss_dur=1\n[b]\nnew_group\n", &j, msg,
				     sizeof(msg)),
			0);
	CU_ASSERT_EQUAL(lm_first_job("[a]\nrate=2m,1m\nrate_min=1m,1m\n"
				     "zonemode=strided\nzonesize=64k\n",
				     &j, msg, sizeof(msg)),
			0);
}

/* fio's cmdprio options as its examples write them, in sections whose
 * engine has them (its own ioengine=, before or after, or inherited);
 * bad ones name file:line */
static void lm_test_fio_cmdprio(void)
{
	static const char *const bad[] = {
		"cmdprio_bssplit=64k/50/4/0\n",
		"cmdprio_bssplit=64k/101\n",
		"cmdprio_bssplit=64k/50/1\n",
		"cmdprio_bssplit=x/50\n",
		"cmdprio_class=0\n",
		"cmdprio=8\n",
		"cmdprio_percentage=20,30,40\n",
		"prioclass=4\n",
	};
	struct lm_fio_job j;
	const struct lm_prio *p = &j.job.prio;
	char msg[512], text[256];
	unsigned int i;

	CU_ASSERT_EQUAL_FATAL(
		lm_first_job(
			"[global]\nioengine=io_uring\n"
			"[a]\nrw=randrw\nprio=7\nprioclass=2\nlog_prio=1\n"
			"cmdprio_bssplit=64k/25/1/1:64k/75/3/2:1024k/0,1024k/0\n",
			&j, msg, sizeof(msg)),
		0);
	CU_ASSERT_TRUE(j.log_prio);
	CU_ASSERT_EQUAL(lm_prio_own(p), 0x4007);
	CU_ASSERT_TRUE(p->by_bs);
	/* 1024k/0: no entry, as fio's */
	CU_ASSERT_EQUAL_FATAL(p->n[0], 2);
	CU_ASSERT_EQUAL(p->n[1], 0);
	CU_ASSERT_EQUAL(p->e[0][1].bs, 65536);
	CU_ASSERT_EQUAL(p->e[0][1].pct, 75);
	CU_ASSERT_EQUAL(p->e[0][1].klass, 3);
	CU_ASSERT_EQUAL(p->e[0][1].level, 2);
	CU_ASSERT_EQUAL_FATAL(
		lm_first_job("[b]\ncmdprio_percentage=20,30\ncmdprio_class=,3\n"
			     "ioengine=libaio\n",
			     &j, msg, sizeof(msg)),
		0);
	CU_ASSERT_EQUAL(p->e[0][0].pct, 20);
	CU_ASSERT_EQUAL(p->e[1][0].pct, 30);
	CU_ASSERT_EQUAL(p->cmd_class[0], -1);
	CU_ASSERT_EQUAL(p->cmd_class[1], 3);
	CU_ASSERT_EQUAL(lm_first_job("[global]\nioengine=libaio\n[a]\n"
				     "cmdprio_class=2\n",
				     &j, msg, sizeof(msg)),
			0);
	for (i = 0; i < LM_ARRAY_SIZE(bad); i++) {
		snprintf(text, sizeof(text), "[a]\nioengine=libaio\n%s",
			 bad[i]);
		lm_refused(text, "t.fio:3: ");
	}
	/* fio reads a [global] with psync's options ("Bad option") */
	lm_refused(
		"[global]\ncmdprio_percentage=50\n[a]\nioengine=io_uring\n",
		"t.fio:2: cmdprio_percentage= is an option of ioengine=io_uring and libaio, and [global] runs on psync (fio's default)");
	lm_refused("[a]\nioengine=sync\ncmdprio=2\n", "[a] runs on psync:");
}

int lm_suite_fio_values(void)
{
	static const struct lm_unit_test t[] = {
		{ "on/off values as fio reads them", lm_test_fio_onoff },
		{ "a count's k is kb_base's", lm_test_fio_counts },
		{ "what fio's fixup_options() refuses", lm_test_fio_fixup },
		{ "values fio refuses as it reads them", lm_test_fio_ranges },
		{ "cmdprio options, prio, log_prio", lm_test_fio_cmdprio },
		{ "[global...] sections are [global]'s",
		  lm_test_fio_global_names },
		{ NULL, NULL },
	};
	return lm_unit_add("fio values", t);
}

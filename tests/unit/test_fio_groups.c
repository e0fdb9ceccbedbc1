// SPDX-License-Identifier: MIT
/* fio's groups and phases (stonewall, new_group, wait_for), and when the
 * jobs of one run start to measure. */
#include "fio-compat/jobfile.h"
#include "fio-compat/options.h"
#include "src/lunmark.h"
#include "src/run/plan.h"
#include "tests/unit/unit.h"

#include <string.h>

/* @text's jobs: their groups and phases as "g/p" each, space apart. */
static int lm_groups_of(const char *text, char *out, size_t len, char *msg,
			size_t mlen)
{
	struct lm_fio_file f;
	struct lm_fio_jobs js;
	unsigned int i;
	size_t at = 0;
	int ret;

	out[0] = '\0';
	ret = lm_fio_read_text("t.fio", text, strlen(text), 0, &f, msg, mlen);
	if (ret)
		return ret;
	ret = lm_fio_jobs_build(&f, false, &js, msg, mlen);
	for (i = 0; !ret && i < js.n && at < len; i++)
		at += (size_t)snprintf(out + at, len - at, "%s%u/%u",
				       i ? " " : "", js.jobs[i].group,
				       js.jobs[i].phase);
	lm_fio_jobs_free(&js);
	lm_fio_file_free(&f);
	return ret;
}

/* wait_for keeps its job in the group and phase of the jobs before it
 * (fio's groupid), where stonewall starts both anew and new_group a
 * group; a waitee is an earlier job of one name, not the waiter. */
static void lm_test_fio_waitfor(void)
{
	static const struct {
		const char *text, *want;
	} ok[] = {
		{ "[a]\n[b]\nwait_for=a\n[c]\n", "0/0 0/0 0/0" },
		{ "[a]\nnumjobs=2\n[b]\nwait_for=a\nnumjobs=2\n",
		  "0/0 0/0 0/0 0/0" },
		{ "[a]\n[b]\nstonewall\n[c]\n", "0/0 1/1 1/1" },
		{ "[a]\n[b]\nnew_group\nwait_for=a\n[c]\n", "0/0 1/0 1/0" },
	};
	static const struct {
		const char *text, *why;
	} bad[] = {
		{ "[a]\n[b]\nwait_for=c\n",
		  "t.fio:3: wait_for=c: no job of that name before this one" },
		{ "[a]\nwait_for=a\n",
		  "wait_for=a: a job cannot wait for itself" },
		{ "[a]\n[a]\n[b]\nwait_for=a\n",
		  "wait_for=a: more than one job of that name before this one" },
		{ "[b]\nwait_for=a\n[a]\n",
		  "t.fio:2: wait_for=a: no job of that name before this one" },
		{ "[a]\nflow=1\n[b]\nwait_for=a\nflow=2\n",
		  "wait_for=a: it and the job it waits for are in one flow" },
	};
	char out[128], msg[512];
	unsigned int i;

	for (i = 0; i < LM_ARRAY_SIZE(ok); i++) {
		CU_ASSERT_EQUAL(lm_groups_of(ok[i].text, out, sizeof(out), msg,
					     sizeof(msg)),
				0);
		CU_ASSERT_STRING_EQUAL(out, ok[i].want);
	}
	for (i = 0; i < LM_ARRAY_SIZE(bad); i++) {
		msg[0] = '\0';
		CU_ASSERT_NOT_EQUAL(lm_groups_of(bad[i].text, out, sizeof(out),
						 msg, sizeof(msg)),
				    0);
		CU_ASSERT_PTR_NOT_NULL(strstr(msg, bad[i].why));
	}
}

/* A job that waits leads the clock in for nothing, measures when the main
 * thread says, and the clock runs until every job is done. */
static void lm_test_plan_waits(void)
{
	struct lm_job a, b, c, clock;
	const struct lm_job *jobs[3] = { &a, &b, &c };
	uint64_t delay[3];

	lm_job_defaults(&a);
	a.runtime_ns = 3 * LM_SEC_NS;
	a.ramp_ns = 2 * LM_SEC_NS;
	b = a;
	b.ramp_ns = 0;
	b.wait_mask = 1;
	c = a;
	c.ramp_ns = 3 * LM_SEC_NS;
	/* b waits: a's ramp leads the clock in, not b's shorter one */
	lm_run_plan(jobs, 2, &clock, delay);
	CU_ASSERT_EQUAL(clock.ramp_ns, 2 * LM_SEC_NS);
	CU_ASSERT_EQUAL(delay[1], LM_PLAN_WAIT);
	CU_ASSERT_EQUAL(clock.runtime_ns, 0);
	lm_run_plan(jobs, 3, &clock, delay);
	CU_ASSERT_EQUAL(delay[0], 0);
	CU_ASSERT_EQUAL(delay[2], LM_SEC_NS);
	CU_ASSERT_EQUAL(clock.runtime_ns, 0);
	b.wait_mask = 0;
	lm_run_plan(jobs, 3, &clock, delay);
	CU_ASSERT_EQUAL(clock.ramp_ns, 0);
	CU_ASSERT_EQUAL(delay[1], 0);
	CU_ASSERT_EQUAL(delay[2], 3 * LM_SEC_NS);
	CU_ASSERT_EQUAL(clock.runtime_ns, 6 * LM_SEC_NS);
}

/* startdelay=LO-HI: each clone its own delay in the range, as each of
 * fio's threads draws one; a later plain value in the job replaces it */
static void lm_test_startdelay_range(void)
{
	struct lm_fio_file f;
	struct lm_fio_jobs js;
	static const char text[] = "[global]\nioengine=null\nsize=1m\n"
				   "startdelay=1-2\n[a]\nnumjobs=4\n"
				   "[b]\nstartdelay=500ms\nnumjobs=2\n";
	static const char bad[] = "[a]\nioengine=null\nstartdelay=2-1\n";
	char msg[256];
	unsigned int i, k, same = 0;
	uint64_t d;

	CU_ASSERT_EQUAL_FATAL(lm_fio_read_text("t.fio", text, strlen(text), 0,
					       &f, msg, sizeof(msg)),
			      0);
	CU_ASSERT_EQUAL_FATAL(
		lm_fio_jobs_build(&f, false, &js, msg, sizeof(msg)), 0);
	CU_ASSERT_EQUAL(js.n, 6);
	for (i = 0; i < 4 && i < js.n; i++) {
		d = js.jobs[i].job.startdelay_ns;
		CU_ASSERT(d >= LM_SEC_NS && d <= 2 * LM_SEC_NS);
		for (k = 0; k < i; k++) /* each its own draw */
			same += d == js.jobs[k].job.startdelay_ns;
	}
	CU_ASSERT_EQUAL(same, 0);
	for (i = 4; i < js.n; i++)
		CU_ASSERT_EQUAL(js.jobs[i].job.startdelay_ns, LM_SEC_NS / 2);
	lm_fio_jobs_free(&js);
	lm_fio_file_free(&f);
	CU_ASSERT_NOT_EQUAL(
		lm_fio_read_text("t.fio", bad, strlen(bad), 0, &f, msg,
				 sizeof(msg)) ||
			lm_fio_jobs_build(&f, false, &js, msg, sizeof(msg)),
		0);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "LO must be at most HI"));
	lm_fio_file_free(&f);
}

int lm_suite_fio_groups(void)
{
	static const struct lm_unit_test t[] = {
		{ "wait_for: fio's groups and its waitee checks",
		  lm_test_fio_waitfor },
		{ "a waiting job in the run's plan", lm_test_plan_waits },
		{ "startdelay=LO-HI: a delay for each clone",
		  lm_test_startdelay_range },
		{ NULL, NULL },
	};
	return lm_unit_add("fio groups", t);
}

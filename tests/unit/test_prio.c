// SPDX-License-Identifier: MIT
/*
 * IO priorities (src/job/prio.h): fio's ioprio values, the plan's order
 * (the job's own first, as fio's clat_prio), the draws' shares, the
 * checks; and the latency per priority merged by value
 * (src/stats/priolat.h).
 */
#include "src/job/prio.h"
#include "src/stats/priolat.h"
#include "tests/unit/unit.h"

#include <errno.h>
#include <string.h>

static void lm_test_prio_own(void)
{
	struct lm_prio p;

	lm_prio_defaults(&p);
	CU_ASSERT_EQUAL(lm_prio_own(&p), 0);
	p.level = 7; /* prio alone: best-effort, as fio's ioprio_value() */
	CU_ASSERT_EQUAL(lm_prio_own(&p), 0x4007);
	p.level = -1;
	p.klass = 3; /* prioclass alone: level 0 */
	CU_ASSERT_EQUAL(lm_prio_own(&p), 0x6000);
	CU_ASSERT_EQUAL(lm_prio_class(0x6000), 3);
	CU_ASSERT_EQUAL(lm_prio_level(0x4007), 7);
	CU_ASSERT_TRUE(lm_prio_rt(0x2001));
	CU_ASSERT_FALSE(lm_prio_rt(0x4000));
}

/* cmdprio_percentage=20 with prioclass=3 and cmdprio_class=1, as fio's
 * cmdprio-percentage.fio: a fifth of the reads real-time, the rest idle */
static void lm_test_prio_percentage(void)
{
	struct lm_prio p;
	struct lm_prio_plan pl;
	struct lm_rand r;
	unsigned int i, n[2] = { 0, 0 }, k;

	lm_prio_defaults(&p);
	p.klass = 3;
	p.cmd_class[0] = p.cmd_class[1] = 1;
	p.by_pct = true;
	p.n[0] = 1;
	p.e[0][0] = (struct lm_prio_entry){ 0, 20, -1, -1 };
	CU_ASSERT_EQUAL(lm_prio_check(&p, (char[128]){ 0 }, 128), 0);
	lm_prio_plan(&p, &pl);
	CU_ASSERT_EQUAL(pl.nval[0], 2);
	CU_ASSERT_EQUAL(pl.val[0][0], 0x6000);
	CU_ASSERT_EQUAL(pl.val[0][1], 0x2000);
	/* writes: no entry, every IO the job's own */
	CU_ASSERT_EQUAL(pl.nval[1], 1);
	lm_rand_seed(&r, 7);
	for (i = 0; i < 100000; i++) {
		k = lm_prio_pick(&pl, 0, 131072, &r);
		CU_ASSERT_FATAL(k < 2);
		n[k]++;
		CU_ASSERT_EQUAL(lm_prio_pick(&pl, 1, 131072, &r), 0);
	}
	CU_ASSERT(n[1] > 19000 && n[1] < 21000);
}

/* fio's cmdprio-bssplit.fio, its third job: 64k reads 25 % at (1, 1) and
 * 75 % at (3, 2); 1M reads at the job's own (2, 7) */
static void lm_test_prio_bssplit(void)
{
	struct lm_prio p;
	struct lm_prio_plan pl;
	struct lm_rand r;
	unsigned int i, n[3] = { 0, 0, 0 };

	lm_prio_defaults(&p);
	p.klass = 2;
	p.level = 7;
	p.by_bs = true;
	p.n[0] = 2;
	p.e[0][0] = (struct lm_prio_entry){ 65536, 25, 1, 1 };
	p.e[0][1] = (struct lm_prio_entry){ 65536, 75, 3, 2 };
	lm_prio_plan(&p, &pl);
	CU_ASSERT_EQUAL_FATAL(pl.nval[0], 3);
	CU_ASSERT_EQUAL(pl.val[0][0], 0x4007);
	CU_ASSERT_EQUAL(pl.val[0][1], 0x2001);
	CU_ASSERT_EQUAL(pl.val[0][2], 0x6002);
	lm_rand_seed(&r, 11);
	for (i = 0; i < 40000; i++) {
		n[lm_prio_pick(&pl, 0, 65536, &r)]++;
		CU_ASSERT_EQUAL(lm_prio_pick(&pl, 0, 1048576, &r), 0);
	}
	CU_ASSERT_EQUAL(n[0], 0); /* 25 + 75: every 64k read has one */
	CU_ASSERT(n[1] > 9400 && n[1] < 10600);
	/* an entry of cmdprio_class's and cmdprio's: real-time by default */
	p.e[0][1] = (struct lm_prio_entry){ 65536, 75, -1, -1 };
	p.cmd_level[0] = 4;
	lm_prio_plan(&p, &pl);
	CU_ASSERT_EQUAL(pl.val[0][2], 0x2004);
	/* one value twice is one priority, as fio's */
	p.e[0][1] = (struct lm_prio_entry){ 4096, 10, 1, 1 };
	lm_prio_plan(&p, &pl);
	CU_ASSERT_EQUAL(pl.nval[0], 2);
	CU_ASSERT_EQUAL(pl.idx[0][1], 1);
}

static void lm_test_prio_check(void)
{
	struct lm_prio p;
	char msg[256];

	lm_prio_defaults(&p);
	p.by_bs = p.by_pct = true;
	CU_ASSERT_EQUAL(lm_prio_check(&p, msg, sizeof(msg)), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "exclude each other"));
	p.by_pct = false;
	p.n[1] = 2;
	p.e[1][0] = (struct lm_prio_entry){ 8192, 60, 1, 0 };
	p.e[1][1] = (struct lm_prio_entry){ 8192, 50, 3, 0 };
	CU_ASSERT_EQUAL(lm_prio_check(&p, msg, sizeof(msg)), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "8192-byte IOs add up to 110 %"));
	p.e[1][1].bs = 4096; /* apart: 60 and 50 */
	CU_ASSERT_EQUAL(lm_prio_check(&p, msg, sizeof(msg)), 0);
	p.cmd_class[0] = 0;
	CU_ASSERT_EQUAL(lm_prio_check(&p, msg, sizeof(msg)), -EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "cmdprio_class takes 1"));
}

static void lm_test_priolat_merge(void)
{
	const uint16_t a[] = { 0x6000, 0x2000 }, b[] = { 0x4007, 0x2000 };
	struct lm_priolat w1, w2, r;

	CU_ASSERT_EQUAL_FATAL(lm_priolat_init(&w1, a, 2), 0);
	CU_ASSERT_EQUAL_FATAL(lm_priolat_init(&w2, b, 2), 0);
	memset(&r, 0, sizeof(r));
	lm_hist_add(&w1.h[0], 100);
	lm_hist_add(&w1.h[1], 200);
	lm_hist_add(&w2.h[1], 300);
	CU_ASSERT_EQUAL(lm_priolat_used(&w2), 1);
	CU_ASSERT_EQUAL(lm_priolat_add(&r, w1.val[0], &w1.h[0]), 0);
	CU_ASSERT_EQUAL(lm_priolat_add(&r, w1.val[1], &w1.h[1]), 0);
	CU_ASSERT_EQUAL(lm_priolat_add(&r, w2.val[0], &w2.h[0]), 0);
	CU_ASSERT_EQUAL(lm_priolat_add(&r, w2.val[1], &w2.h[1]), 0);
	/* by value: the two threads' real-time IOs in one histogram */
	CU_ASSERT_EQUAL_FATAL(r.n, 3);
	CU_ASSERT_EQUAL(r.val[1], 0x2000);
	CU_ASSERT_EQUAL(r.h[1].count, 2);
	CU_ASSERT_EQUAL(r.h[1].max_ns, 300);
	CU_ASSERT_EQUAL(r.val[2], 0x4007);
	CU_ASSERT_EQUAL(lm_priolat_used(&r), 2);
	lm_priolat_free(&w1);
	lm_priolat_free(&w2);
	lm_priolat_free(&r);
	CU_ASSERT_EQUAL(r.n, 0);
}

int lm_suite_prio(void)
{
	static const struct lm_unit_test t[] = {
		{ "the job's own: fio's ioprio values", lm_test_prio_own },
		{ "cmdprio_percentage: a share at cmdprio_class",
		  lm_test_prio_percentage },
		{ "cmdprio_bssplit: per block size, the job's own first",
		  lm_test_prio_bssplit },
		{ "checks: exclusive, at most 100 %, classes",
		  lm_test_prio_check },
		{ "latency per priority, merged by value",
		  lm_test_priolat_merge },
		{ NULL, NULL },
	};
	return lm_unit_add("prio", t);
}

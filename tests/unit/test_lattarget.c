// SPDX-License-Identifier: MIT
/*
 * fio's latency_target (src/run/lattarget.h) on a clock given by hand:
 * the depth doubles while windows meet the target, bisects once one does
 * not, is found when it stays, is measured for one more window, and
 * fails at QD 1 only with latency_percentile 100.
 */
#include "src/run/lattarget.h"
#include "tests/unit/unit.h"

#define MS 1000000ull

static void lm_lt_job(struct lm_job *j, double pct)
{
	lm_job_defaults(j);
	j->iodepth = 16;
	j->lat_target_ns = 500 * 1000;
	j->lat_window_ns = 100 * MS;
	j->lat_pct = pct;
}

static void lm_test_lat_up_down(void)
{
	struct lm_lat_target t;
	struct lm_job j;
	uint64_t now = 0, ios = 0;
	unsigned int i;
	const unsigned int up[] = { 2, 4, 8 };

	lm_lt_job(&j, 99.0);
	lm_lat_target_init(&t, &j, now, ios);
	CU_ASSERT_TRUE(t.on);
	CU_ASSERT_EQUAL(t.qd, 1);
	/* inside the window: nothing */
	CU_ASSERT_EQUAL(lm_lat_target_check(&t, 50 * MS, 100), LM_LAT_GO);
	/* windows met: 1, 2, 4, 8, doubling toward the iodepth */
	for (i = 0; i < 3; i++) {
		now += 100 * MS;
		ios += 1000;
		CU_ASSERT_EQUAL(lm_lat_target_check(&t, now, ios), LM_LAT_GO);
		CU_ASSERT_EQUAL(t.qd, up[i]);
	}
	/* 2 % over the target at 8: half way down to 4 */
	for (i = 0; i < 20; i++)
		CU_ASSERT_EQUAL(lm_lat_target_over(&t, now, ios), LM_LAT_GO);
	now += 100 * MS;
	ios += 1000;
	CU_ASSERT_EQUAL(lm_lat_target_check(&t, now, ios), LM_LAT_QUIESCE);
	CU_ASSERT_EQUAL(t.qd, 6);
	CU_ASSERT_EQUAL(t.high, 8);
	/* met at 6: half way up to 8; 7 stays, and is found */
	now += 100 * MS;
	ios += 1000;
	CU_ASSERT_EQUAL(lm_lat_target_check(&t, now, ios), LM_LAT_GO);
	CU_ASSERT_EQUAL(t.qd, 7);
	now += 100 * MS;
	ios += 1000;
	CU_ASSERT_EQUAL(lm_lat_target_check(&t, now, ios), LM_LAT_MEASURE);
	CU_ASSERT_EQUAL(t.qd, 7);
	/* the measured window at 7, then the end */
	now += 100 * MS;
	ios += 1000;
	CU_ASSERT_EQUAL(lm_lat_target_check(&t, now, ios), LM_LAT_DONE);
	CU_ASSERT_EQUAL(t.qd, 7);
	/* fio's: once 8 has failed, 7 is tried against 8 again after three
	 * windows met in a row (latency_run keeps searching) */
	lm_lat_target_init(&t, &j, 0, 0);
	t.keep = true;
	t.qd = 7;
	t.low = 6;
	t.high = 8;
	for (i = 1; i <= 3; i++)
		lm_lat_target_check(&t, i * 100 * MS, i * 1000);
	CU_ASSERT_EQUAL(t.high, 9);
	CU_ASSERT_EQUAL(t.qd, 8);
	/* a window with no IO in it did not meet the target */
	lm_lat_target_init(&t, &j, 0, 0);
	CU_ASSERT_EQUAL(lm_lat_target_check(&t, 100 * MS, 1000), LM_LAT_GO);
	CU_ASSERT_EQUAL(lm_lat_target_check(&t, 200 * MS, 1000),
			LM_LAT_QUIESCE);
	CU_ASSERT_EQUAL(t.qd, 1);
}

static void lm_test_lat_strict(void)
{
	struct lm_lat_target t;
	struct lm_job j;

	/* latency_percentile 100: the first IO over it lowers the depth */
	lm_lt_job(&j, 100.0);
	lm_lat_target_init(&t, &j, 0, 0);
	CU_ASSERT_EQUAL(lm_lat_target_check(&t, 100 * MS, 10), LM_LAT_GO);
	CU_ASSERT_EQUAL(lm_lat_target_check(&t, 200 * MS, 20), LM_LAT_GO);
	CU_ASSERT_EQUAL(t.qd, 4);
	CU_ASSERT_EQUAL(lm_lat_target_over(&t, 210 * MS, 21), LM_LAT_QUIESCE);
	CU_ASSERT_EQUAL(t.qd, 3);
	CU_ASSERT_EQUAL(lm_lat_target_over(&t, 211 * MS, 22), LM_LAT_QUIESCE);
	CU_ASSERT_EQUAL(lm_lat_target_over(&t, 212 * MS, 23), LM_LAT_QUIESCE);
	CU_ASSERT_EQUAL(t.qd, 1);
	/* at QD 1: the job fails (fio's ETIMEDOUT) */
	CU_ASSERT_EQUAL(lm_lat_target_over(&t, 213 * MS, 24), LM_LAT_FAIL);
	/* but a window that missed at QD 1 is only the next one */
	lm_lt_job(&j, 99.0);
	lm_lat_target_init(&t, &j, 0, 0);
	lm_lat_target_over(&t, 1, 1);
	CU_ASSERT_EQUAL(lm_lat_target_check(&t, 100 * MS, 1), LM_LAT_GO);
	CU_ASSERT_EQUAL(t.start_ns, 100 * MS);
	/* off: the iodepth, nothing asked */
	j.lat_target_ns = 0;
	lm_lat_target_init(&t, &j, 0, 0);
	CU_ASSERT_FALSE(t.on);
	CU_ASSERT_EQUAL(t.qd, 16);
	CU_ASSERT_EQUAL(lm_lat_target_check(&t, 1000 * MS, 5), LM_LAT_GO);
}

int lm_suite_lattarget(void)
{
	static const struct lm_unit_test t[] = {
		{ "up by doubling, down by halves, found, measured",
		  lm_test_lat_up_down },
		{ "percentile 100: at once; QD 1 fails; off",
		  lm_test_lat_strict },
		{ NULL, NULL },
	};
	return lm_unit_add("latency_target", t);
}

// SPDX-License-Identifier: MIT
/* fio's IO depth distributions (src/stats/depths.h): fio's buckets, as
 * io_u.c's switches draw them, and stat_calc_dist()'s shares. */
#include "src/stats/depths.h"
#include "tests/unit/unit.h"

#include <string.h>

static void lm_test_depths_buckets(void)
{
	/* a depth and the level bucket fio's io_u_mark_depth() puts it in */
	static const unsigned int depth[][2] = {
		{ 0, 6 },  { 1, 0 },  { 2, 1 },	 { 3, 1 },   { 4, 2 },
		{ 7, 2 },  { 8, 3 },  { 15, 3 }, { 16, 4 },  { 31, 4 },
		{ 32, 5 }, { 63, 5 }, { 64, 6 }, { 256, 6 },
	};
	/* a batch and its submit/complete bucket (__io_u_mark_map()) */
	static const unsigned int batch[][2] = {
		{ 0, 0 },  { 1, 1 },  { 4, 1 },	   { 5, 2 },  { 8, 2 },
		{ 9, 3 },  { 16, 3 }, { 17, 4 },   { 32, 4 }, { 33, 5 },
		{ 64, 5 }, { 65, 6 }, { 1024, 6 },
	};
	struct lm_depths d;
	unsigned int i;

	for (i = 0; i < sizeof(depth) / sizeof(depth[0]); i++) {
		memset(&d, 0, sizeof(d));
		lm_depths_submit(&d, 3, depth[i][0]);
		CU_ASSERT_EQUAL(d.level[depth[i][1]], 3);
		CU_ASSERT_EQUAL(d.submit[1], 1); /* one call of 3 IOs */
	}
	for (i = 0; i < sizeof(batch) / sizeof(batch[0]); i++) {
		memset(&d, 0, sizeof(d));
		lm_depths_complete(&d, batch[i][0]);
		CU_ASSERT_EQUAL(d.complete[batch[i][1]], 1);
		lm_depths_submit(&d, batch[i][0], 64);
		CU_ASSERT_EQUAL(d.submit[batch[i][1]], 1);
	}
	CU_ASSERT_STRING_EQUAL(lm_depth_level_names[2], "4");
	CU_ASSERT_STRING_EQUAL(lm_depth_batch_names[6], ">=64");
}

static void lm_test_depths_pct(void)
{
	struct lm_depths a, b;
	double pct[LM_DEPTH_BUCKETS];

	memset(&a, 0, sizeof(a));
	lm_depths_pct(a.level, 0, pct);
	CU_ASSERT_DOUBLE_EQUAL(pct[0], 0.0, 1e-12);
	/* 1 of 10000: under 0.1 %, shown as 0.1, as fio's */
	lm_depths_submit(&a, 9999, 64);
	lm_depths_submit(&a, 1, 1);
	lm_depths_pct(a.level, 0, pct);
	CU_ASSERT_DOUBLE_EQUAL(pct[6], 99.99, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(pct[0], 0.1, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(pct[3], 0.0, 1e-12);
	/* threads summed */
	memset(&b, 0, sizeof(b));
	lm_depths_complete(&b, 2);
	lm_depths_add(&b, &a);
	CU_ASSERT_EQUAL(b.level[6], 9999);
	CU_ASSERT_EQUAL(b.submit[6], 1);
	CU_ASSERT_EQUAL(b.submit[1], 1);
	CU_ASSERT_EQUAL(b.complete[1], 1);
	/* fio's syncs: counted at their depth, over the other IOs alone
	 * (fsync=16 over 256 writes at QD 1: 271 of 256) */
	memset(&a, 0, sizeof(a));
	lm_depths_submit(&a, 256, 1);
	for (int i = 0; i < 15; i++)
		lm_depths_sync(&a, 1, true);
	lm_depths_add(&b, &a);
	CU_ASSERT_EQUAL(b.syncs, 15);
	lm_depths_pct(a.level, a.syncs, pct);
	CU_ASSERT_DOUBLE_EQUAL(pct[0], 105.859375, 1e-9);
	CU_ASSERT_EQUAL(a.submit[1], 15);
	CU_ASSERT_EQUAL(a.complete[1], 15);
	/* an engine with a commit: the depth alone */
	lm_depths_sync(&a, 8, false);
	CU_ASSERT_EQUAL(a.level[3], 1);
	CU_ASSERT_EQUAL(a.submit[1], 15);
	CU_ASSERT_EQUAL(a.complete[1], 15);
}

int lm_suite_depths(void)
{
	static const struct lm_unit_test t[] = {
		{ "fio's depth and batch buckets", lm_test_depths_buckets },
		{ "shares as fio's, threads summed", lm_test_depths_pct },
		{ NULL, NULL },
	};
	return lm_unit_add("depths", t);
}

// SPDX-License-Identifier: MIT
/*
 * A job's pace (src/run/rate.h) on a clock given by hand, and fio's
 * r[,w[,t]] form of rate and rate_iops (fio-compat/values.h).
 */
#include "fio-compat/values.h"
#include "src/run/rate.h"
#include "tests/unit/unit.h"

#include <errno.h>
#include <math.h>
#include <string.h>

/* 1000 IOPS: one IO each ms, none early; what is late is made up after,
 * so the mean stays the rate asked. */
static void lm_test_rate_linear(void)
{
	struct lm_job j;
	struct lm_rate r;
	unsigned int n = 0;
	uint64_t t;

	lm_job_defaults(&j);
	j.rate_iops[LM_DIR_READ] = 1000;
	lm_rate_init(&r, &j, 1);
	CU_ASSERT_TRUE(r.on);
	lm_rate_start(&r, 5000000);
	CU_ASSERT_TRUE(lm_rate_take(&r, LM_DIR_READ, 4096, 5000000));
	CU_ASSERT_FALSE(lm_rate_take(&r, LM_DIR_READ, 4096, 5999999));
	CU_ASSERT_EQUAL(lm_rate_wake(&r), 6000000);
	CU_ASSERT_TRUE(lm_rate_take(&r, LM_DIR_READ, 4096, 6000000));
	/* writes are not capped */
	CU_ASSERT_TRUE(lm_rate_take(&r, LM_DIR_WRITE, 4096, 6000000));
	CU_ASSERT_TRUE(lm_rate_take(&r, LM_DIR_WRITE, 4096, 6000000));
	/* held back 10 ms: ten go at once, then the pace again */
	for (t = 16000000; lm_rate_take(&r, LM_DIR_READ, 4096, t);)
		n++;
	CU_ASSERT_EQUAL(n, 10);
}

/* rate in bytes: a 64 KiB IO at 1 MiB/s waits 1/16 s; with rate_iops
 * too, the stricter gap. */
static void lm_test_rate_bytes(void)
{
	struct lm_job j;
	struct lm_rate r;

	lm_job_defaults(&j);
	j.rate_bytes[LM_DIR_WRITE] = 1048576;
	lm_rate_init(&r, &j, 1);
	lm_rate_start(&r, 0);
	CU_ASSERT_TRUE(lm_rate_take(&r, LM_DIR_WRITE, 65536, 0));
	CU_ASSERT_FALSE(lm_rate_take(&r, LM_DIR_WRITE, 65536, 62499999));
	CU_ASSERT_TRUE(lm_rate_take(&r, LM_DIR_WRITE, 65536, 62500000));
	j.rate_iops[LM_DIR_WRITE] = 1; /* one a second: stricter */
	lm_rate_init(&r, &j, 1);
	lm_rate_start(&r, 0);
	CU_ASSERT_TRUE(lm_rate_take(&r, LM_DIR_WRITE, 65536, 0));
	CU_ASSERT_EQUAL(lm_rate_wake(&r), 1000000000);
	/* no cap at all: never held */
	lm_job_defaults(&j);
	lm_rate_init(&r, &j, 1);
	CU_ASSERT_FALSE(r.on);
	CU_ASSERT_TRUE(lm_rate_take(&r, LM_DIR_READ, 4096, 0));
}

/* poisson: exponential gaps of the mean asked (their mean and their
 * standard deviation both 1/rate), not evenly spaced ones. */
static void lm_test_rate_poisson(void)
{
	struct lm_job j;
	struct lm_rate r;
	double prev = 0, gap, sum = 0, sq = 0, mean, sd;
	unsigned int i, n = 20000;

	lm_job_defaults(&j);
	j.rate_iops[LM_DIR_READ] = 100;
	j.rate_process = LM_RATE_POISSON;
	lm_rate_init(&r, &j, 42);
	lm_rate_start(&r, 0);
	for (i = 0; i < n; i++) {
		CU_ASSERT_TRUE_FATAL(
			lm_rate_take(&r, LM_DIR_READ, 4096, lm_rate_wake(&r)));
		gap = r.next_ns[LM_DIR_READ] - prev;
		prev = r.next_ns[LM_DIR_READ];
		sum += gap;
		sq += gap * gap;
	}
	mean = sum / n;
	sd = sqrt(sq / n - mean * mean);
	CU_ASSERT(fabs(mean / 1e7 - 1) < 0.03);
	CU_ASSERT(fabs(sd / 1e7 - 1) < 0.05);
}

/* fio's form: one value caps all, "r," reads alone, ",w" writes and trims,
 * "r,w," no trims */
static void lm_test_rate_parse(void)
{
	uint64_t c[LM_DIRS];

	CU_ASSERT_EQUAL(lm_fio_rate_caps("1m", 1024, false, c), 0);
	CU_ASSERT(c[0] == 1048576 && c[1] == 1048576 && c[2] == 1048576);
	CU_ASSERT_EQUAL(lm_fio_rate_caps("1m,500k", 1024, false, c), 0);
	CU_ASSERT(c[0] == 1048576 && c[1] == 512000 && c[2] == 512000);
	CU_ASSERT_EQUAL(lm_fio_rate_caps("1m,500k,", 1024, false, c), 0);
	CU_ASSERT(c[0] == 1048576 && c[1] == 512000 && c[2] == 0);
	CU_ASSERT_EQUAL(lm_fio_rate_caps("500k,", 1024, false, c), 0);
	CU_ASSERT(c[0] == 512000 && c[1] == 0 && c[2] == 0);
	CU_ASSERT_EQUAL(lm_fio_rate_caps(",500k", 1024, false, c), 0);
	CU_ASSERT(c[0] == 0 && c[1] == 512000 && c[2] == 512000);
	CU_ASSERT_EQUAL(lm_fio_rate_caps("300,200,100", 1024, true, c), 0);
	CU_ASSERT(c[0] == 300 && c[1] == 200 && c[2] == 100);
	CU_ASSERT_EQUAL(lm_fio_rate_caps("1k", 1024, true, c), -EINVAL);
	CU_ASSERT_EQUAL(lm_fio_rate_caps("-5", 1024, true, c), -EINVAL);
	CU_ASSERT_EQUAL(lm_fio_rate_caps("1,2,3,4", 1024, true, c), -EINVAL);
	CU_ASSERT_EQUAL(lm_fio_rate_caps("1x", 1024, false, c), -EINVAL);
}

/* rate= caps both directions; a read job issues no write, and its wake
 * is the read's, not the write schedule standing at the start (a read job
 * spun at 90% of a core on it). */
static void lm_test_rate_wake(void)
{
	struct lm_job j;
	struct lm_rate r;

	lm_job_defaults(&j);
	j.rate_bytes[LM_DIR_READ] = j.rate_bytes[LM_DIR_WRITE] = 1000000;
	lm_rate_init(&r, &j, 1);
	lm_rate_start(&r, 1000);
	CU_ASSERT_EQUAL(lm_rate_wake(&r), 0); /* none issued yet */
	CU_ASSERT_TRUE(lm_rate_take(&r, LM_DIR_READ, 1000, 1000));
	CU_ASSERT_FALSE(lm_rate_take(&r, LM_DIR_READ, 1000, 2000));
	CU_ASSERT_EQUAL(lm_rate_wake(&r), 1001000);
	/* both held: the earlier */
	CU_ASSERT_TRUE(lm_rate_take(&r, LM_DIR_WRITE, 500, 2000));
	CU_ASSERT_FALSE(lm_rate_take(&r, LM_DIR_WRITE, 500, 3000));
	CU_ASSERT_EQUAL(lm_rate_wake(&r), 501000);
	CU_ASSERT_TRUE(lm_rate_take(&r, LM_DIR_WRITE, 500, 501000));
	CU_ASSERT_EQUAL(lm_rate_wake(&r), 1001000);
}

/* rate_min: quiet for 2 s, then each ratecycle's rate against the floor;
 * a direction that moved nothing is not judged. */
static void lm_test_rate_min(void)
{
	_Atomic uint64_t bytes[LM_DIRS] = { 0, 0 }, ios[LM_DIRS] = { 0, 0 };
	const uint64_t s = 1000000000ull;
	struct lm_rate_min m;
	struct lm_job j;
	char why[160] = "";

	lm_job_defaults(&j);
	j.rate_min_bytes[LM_DIR_READ] = 1000000;
	j.rate_min_bytes[LM_DIR_WRITE] = 1000000;
	lm_rate_min_init(&m, &j);
	CU_ASSERT_TRUE(m.on);
	lm_rate_min_start(&m, s);
	/* nothing moved at all, 3 s in: not judged */
	CU_ASSERT_EQUAL(lm_rate_min_check(&m, 4 * s, bytes, ios, why, 160), 0);
	bytes[LM_DIR_READ] = 100; /* too little, but in the settle time */
	ios[LM_DIR_READ] = 1;
	CU_ASSERT_EQUAL(lm_rate_min_check(&m, 2 * s, bytes, ios, why, 160), 0);
	/* the first check after it only starts the cycle */
	CU_ASSERT_EQUAL(lm_rate_min_check(&m, 3 * s, bytes, ios, why, 160), 0);
	bytes[LM_DIR_READ] += 1500000;
	/* half a cycle: not yet judged */
	CU_ASSERT_EQUAL(
		lm_rate_min_check(&m, 3 * s + s / 2, bytes, ios, why, 160), 0);
	CU_ASSERT_EQUAL(lm_rate_min_check(&m, 4 * s, bytes, ios, why, 160), 0);
	bytes[LM_DIR_READ] += 900000;
	CU_ASSERT_EQUAL(lm_rate_min_check(&m, 5 * s, bytes, ios, why, 160), -1);
	CU_ASSERT_STRING_EQUAL(
		why,
		"rate_min=1000000 B/s not met by the reads: 900000 B/s over 1000 ms");
}

int lm_suite_rate(void)
{
	static const struct lm_unit_test t[] = {
		{ "linear: none early, the late made up", lm_test_rate_linear },
		{ "bytes per second, the stricter cap", lm_test_rate_bytes },
		{ "poisson: exponential gaps of the mean",
		  lm_test_rate_poisson },
		{ "fio's r[,w[,t]] form", lm_test_rate_parse },
		{ "the wake of a held direction only", lm_test_rate_wake },
		{ "rate_min: per ratecycle, after 2 s", lm_test_rate_min },
		{ NULL, NULL },
	};
	return lm_unit_add("rate", t);
}

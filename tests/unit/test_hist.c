// SPDX-License-Identifier: MIT
#include "src/stats/hist.h"
#include "src/stats/running.h"
#include "src/run/iolog.h"
#include "src/job/offset.h"
#include "tests/unit/unit.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

static struct lm_hist lm_h, lm_h2, lm_h3;

/* Every value's bucket midpoint is within 1% of it; exact below 128 ns. */
static void lm_test_error_bound(void)
{
	double worst = 0.0, err;
	uint64_t v, mid;
	unsigned int i;

	for (v = 0; v < 128; v++) {
		i = lm_hist_index(v);
		CU_ASSERT_EQUAL(lm_hist_bucket_low(i), v);
		CU_ASSERT_EQUAL(lm_hist_bucket_width(i), 1);
	}
	/* a geometric sweep up to one hour, plus every bucket edge */
	for (v = 128; v < 3600ull * 1000000000ull; v += v / 97 + 1) {
		i = lm_hist_index(v);
		CU_ASSERT_FATAL(i < LM_HIST_BUCKETS - 1);
		CU_ASSERT(lm_hist_bucket_low(i) <= v);
		CU_ASSERT(v < lm_hist_bucket_low(i) + lm_hist_bucket_width(i));
		mid = lm_hist_bucket_low(i) + lm_hist_bucket_width(i) / 2;
		err = fabs((double)mid - (double)v) / (double)v;
		if (err > worst)
			worst = err;
	}
	CU_ASSERT(worst <= 0.01);
	CU_ASSERT(worst > 0.0);
	/* buckets tile the range without gaps */
	for (i = 1; i < LM_HIST_BUCKETS; i++)
		CU_ASSERT_EQUAL(lm_hist_bucket_low(i),
				lm_hist_bucket_low(i - 1) +
					lm_hist_bucket_width(i - 1));
}

static void lm_test_huge_values_clamp(void)
{
	lm_hist_init(&lm_h);
	lm_hist_add(&lm_h, UINT64_MAX / 4);
	CU_ASSERT_EQUAL(lm_h.bucket[LM_HIST_BUCKETS - 1], 1);
	CU_ASSERT_EQUAL(lm_h.max_ns, UINT64_MAX / 4);
	CU_ASSERT_EQUAL(lm_hist_percentile(&lm_h, 50), UINT64_MAX / 4);
}

static int lm_cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* Percentiles agree with a sorted array within the bucket error. */
static void lm_test_percentiles_vs_sorted(void)
{
	static const double pcts[] = { 1, 10, 50, 90, 99, 99.9, 99.99, 100 };
	enum { LM_N = 100000 };
	uint64_t *v = malloc(LM_N * sizeof(*v)), exact, got;
	struct lm_rand r;
	unsigned int i;
	size_t rank;

	CU_ASSERT_FATAL(v != NULL);
	lm_rand_seed(&r, 42);
	lm_hist_init(&lm_h);
	for (i = 0; i < LM_N; i++) {
		/* log-uniform from 50 ns to ~50 ms */
		v[i] = (uint64_t)(50.0 *
				  pow(1e6, (double)lm_rand_next(&r) /
						   18446744073709551616.0));
		lm_hist_add(&lm_h, v[i]);
	}
	qsort(v, LM_N, sizeof(*v), lm_cmp_u64);
	for (i = 0; i < sizeof(pcts) / sizeof(pcts[0]); i++) {
		rank = (size_t)ceil(pcts[i] / 100.0 * LM_N);
		exact = v[rank - 1];
		got = lm_hist_percentile(&lm_h, pcts[i]);
		CU_ASSERT(fabs((double)got - (double)exact) <=
			  0.01 * (double)exact + 0.5);
	}
	CU_ASSERT_EQUAL(lm_h.min_ns, v[0]);
	CU_ASSERT_EQUAL(lm_h.max_ns, v[LM_N - 1]);
	free(v);
}

/* Merging two histograms equals adding all values to one. */
static void lm_test_merge_exact(void)
{
	struct lm_rand r;
	unsigned int i;
	uint64_t x;

	lm_rand_seed(&r, 7);
	lm_hist_init(&lm_h);
	lm_hist_init(&lm_h2);
	lm_hist_init(&lm_h3);
	for (i = 0; i < 50000; i++) {
		x = lm_rand_below(&r, 10000000);
		lm_hist_add(i % 3 ? &lm_h : &lm_h2, x);
		lm_hist_add(&lm_h3, x);
	}
	lm_hist_merge(&lm_h, &lm_h2);
	CU_ASSERT_EQUAL(lm_h.count, lm_h3.count);
	CU_ASSERT_EQUAL(lm_h.sum_ns, lm_h3.sum_ns);
	CU_ASSERT(lm_h.sum_sq_ns == lm_h3.sum_sq_ns);
	CU_ASSERT_EQUAL(lm_h.min_ns, lm_h3.min_ns);
	CU_ASSERT_EQUAL(lm_h.max_ns, lm_h3.max_ns);
	for (i = 0; i < LM_HIST_BUCKETS; i++)
		CU_ASSERT_EQUAL(lm_h.bucket[i], lm_h3.bucket[i]);
}

static void lm_test_mean_stddev(void)
{
	lm_hist_init(&lm_h);
	CU_ASSERT_EQUAL(lm_hist_percentile(&lm_h, 50), 0);
	CU_ASSERT_DOUBLE_EQUAL(lm_hist_mean(&lm_h), 0.0, 1e-12);
	/* 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sample stddev sqrt(32/7) */
	lm_hist_add(&lm_h, 2);
	lm_hist_add(&lm_h, 4);
	lm_hist_add(&lm_h, 4);
	lm_hist_add(&lm_h, 4);
	lm_hist_add(&lm_h, 5);
	lm_hist_add(&lm_h, 5);
	lm_hist_add(&lm_h, 7);
	lm_hist_add(&lm_h, 9);
	CU_ASSERT_DOUBLE_EQUAL(lm_hist_mean(&lm_h), 5.0, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(lm_hist_stddev(&lm_h), sqrt(32.0 / 7.0), 1e-9);
	CU_ASSERT_EQUAL(lm_hist_percentile(&lm_h, 50), 4);
	CU_ASSERT_EQUAL(lm_hist_percentile(&lm_h, 100), 9);
}

/* fio's bin of a latency, as its stat.c's plat_val_to_idx() computes it
 * (written here from its description, to check lunmark's layout) */
static unsigned int lm_fio_bin(uint64_t v)
{
	unsigned int msb = v ? 63u - (unsigned int)__builtin_clzll(v) : 0;
	unsigned int err, idx;

	if (msb <= 6)
		return (unsigned int)v;
	err = msb - 6;
	idx = (err + 1) * 64 + (unsigned int)((v >> err) & 63);
	return idx < LM_IOLOG_HIST_BINS ? idx : LM_IOLOG_HIST_BINS - 1;
}

struct lm_hw {
	unsigned int n;
	uint64_t at[8], sum[8];
	unsigned int dir[8], nbins[8], first[8];
};

static void lm_hw_emit(void *arg, uint64_t at_ms, unsigned int dir, uint32_t bs,
		       const uint64_t *bins, unsigned int n)
{
	struct lm_hw *hw = arg;
	unsigned int i, k = hw->n++;

	(void)bs;
	CU_ASSERT_FATAL(k < 8);
	hw->at[k] = at_ms;
	hw->dir[k] = dir;
	hw->nbins[k] = n;
	hw->sum[k] = 0;
	hw->first[k] = n;
	for (i = 0; i < n; i++) {
		hw->sum[k] += bins[i];
		if (bins[i] && hw->first[k] == n)
			hw->first[k] = i;
	}
}

/* fio's write_hist_log: its bins are the histogram's buckets, and its
 * windows cut as fio cuts them */
static void lm_test_fio_hist_log(void)
{
	static const uint64_t v[] = { 0,
				      1,
				      127,
				      128,
				      129,
				      255,
				      256,
				      1000,
				      4096,
				      65535,
				      1000000,
				      123456789,
				      (1ull << 34) - 1,
				      1ull << 34,
				      1ull << 40 };
	struct lm_iolog l = { 0 };
	struct lm_hw hw;
	unsigned int i, b;

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		b = lm_hist_index(v[i]);
		if (b >= LM_IOLOG_HIST_BINS)
			b = LM_IOLOG_HIST_BINS - 1;
		CU_ASSERT_EQUAL(b, lm_fio_bin(v[i]));
	}
	/* reads at 5, 50, 105, 110 and 230 ms; a write at 7 ms */
	lm_iolog_add(&l, &(struct lm_io_rec){ 5000000, 100, 0, 4096, 0, 0 });
	lm_iolog_add(&l, &(struct lm_io_rec){ 7000000, 200, 0, 4096, 1, 0 });
	lm_iolog_add(&l, &(struct lm_io_rec){ 50000000, 100, 0, 4096, 0, 0 });
	lm_iolog_add(&l, &(struct lm_io_rec){ 105000000, 300, 0, 4096, 0, 0 });
	lm_iolog_add(&l, &(struct lm_io_rec){ 110000000, 100, 0, 4096, 0, 0 });
	lm_iolog_add(&l, &(struct lm_io_rec){ 230000000, 100, 0, 4096, 0, 0 });
	memset(&hw, 0, sizeof(hw));
	CU_ASSERT_EQUAL(lm_iolog_hist_windows(&l, 100, 0, lm_hw_emit, &hw), 0);
	/* the first read starts the clock at 5; the read at 105 ends the
	 * first window (3 reads), the next is due at 205: 230 ends it; the
	 * lone write never fills one */
	CU_ASSERT_EQUAL_FATAL(hw.n, 2);
	CU_ASSERT_EQUAL(hw.at[0], 105);
	CU_ASSERT_EQUAL(hw.sum[0], 3);
	CU_ASSERT_EQUAL(hw.first[0], 100);
	CU_ASSERT_EQUAL(hw.nbins[0], LM_IOLOG_HIST_BINS);
	CU_ASSERT_EQUAL(hw.at[1], 230);
	CU_ASSERT_EQUAL(hw.sum[1], 2);
	/* coarseness 6: 29 bins of 64 (100 ns is in the first) */
	memset(&hw, 0, sizeof(hw));
	CU_ASSERT_EQUAL(lm_iolog_hist_windows(&l, 100, 6, lm_hw_emit, &hw), 0);
	CU_ASSERT_EQUAL(hw.nbins[0], 29);
	CU_ASSERT_EQUAL(hw.sum[0], 3);
	CU_ASSERT_EQUAL(hw.first[0], 1); /* 100 and 300: bins 1 and 3 */
	lm_iolog_free(&l);
}

/* fio's io_stat: Welford's mean and deviation, and group_reporting's
 * pure sum of two threads' */
static void lm_test_running(void)
{
	static const uint64_t v[] = { 10, 20, 30, 40 };
	struct lm_running a, b, s;
	unsigned int i;

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	memset(&s, 0, sizeof(s));
	CU_ASSERT_EQUAL(lm_running_dev(&a), 0.0);
	for (i = 0; i < 4; i++)
		lm_running_add(&a, v[i]);
	CU_ASSERT_EQUAL(a.n, 4);
	CU_ASSERT_EQUAL(a.min, 10);
	CU_ASSERT_EQUAL(a.max, 40);
	CU_ASSERT_DOUBLE_EQUAL(a.mean, 25.0, 1e-9);
	/* the sample deviation of 10, 20, 30, 40 */
	CU_ASSERT_DOUBLE_EQUAL(lm_running_dev(&a), sqrt(500.0 / 3.0), 1e-9);
	lm_running_add(&b, 5);
	lm_running_add(&b, 7);
	lm_running_sum(&s, &a);
	lm_running_sum(&s, &b);
	CU_ASSERT_EQUAL(s.n, 6);
	CU_ASSERT_EQUAL(s.min, 15);
	CU_ASSERT_EQUAL(s.max, 47);
	CU_ASSERT_DOUBLE_EQUAL(s.mean, 31.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(s.s, a.s + b.s, 1e-9);
}

/* One thread's files in turn: their samples pooled are those of one
 * stream, and their records one log on one timeline. */
static void lm_test_one_thread(void)
{
	static const uint64_t v[] = { 10, 40, 25, 7, 90, 33, 12 };
	struct lm_running all = { 0 }, a = { 0 }, b = { 0 };
	struct lm_iolog x = { 0 }, y = { 0 };
	const struct lm_iolog_chunk *c;
	uint64_t at[8] = { 0 };
	unsigned int i, n = 0;

	for (i = 0; i < 7; i++) {
		lm_running_add(&all, v[i]);
		lm_running_add(i < 3 ? &a : &b, v[i]);
	}
	lm_running_pool(&a, &b);
	CU_ASSERT_EQUAL(a.n, 7);
	CU_ASSERT_EQUAL(a.min, 7);
	CU_ASSERT_EQUAL(a.max, 90);
	CU_ASSERT_DOUBLE_EQUAL(a.mean, all.mean, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(lm_running_dev(&a), lm_running_dev(&all), 1e-9);
	/* in turn: after, shifted; at once: in order of completion */
	lm_iolog_add(&x, &(struct lm_io_rec){ .at_ns = 5 });
	lm_iolog_add(&x, &(struct lm_io_rec){ .at_ns = 20 });
	lm_iolog_add(&y, &(struct lm_io_rec){ .at_ns = 1 });
	lm_iolog_add(&y, &(struct lm_io_rec){ .at_ns = 4 });
	lm_iolog_merge(&x, &y, 30, false);
	CU_ASSERT(y.n == 0 && !y.head && x.n == 4);
	lm_iolog_add(&y, &(struct lm_io_rec){ .at_ns = 0 });
	lm_iolog_add(&y, &(struct lm_io_rec){ .at_ns = 33 });
	lm_iolog_merge(&x, &y, 10, true);
	for (c = x.head; c; c = c->next)
		for (i = 0; i < c->n && n < 8; i++)
			at[n++] = c->r[i].at_ns;
	CU_ASSERT_EQUAL(n, 6);
	CU_ASSERT(at[0] == 5 && at[1] == 10 && at[2] == 20 && at[3] == 31 &&
		  at[4] == 34 && at[5] == 43);
	CU_ASSERT_EQUAL(x.n, 6);
	lm_iolog_free(&x);
}

int lm_suite_hist(void)
{
	static const struct lm_unit_test t[] = {
		{ "error bound <= 1%, exact below 128 ns",
		  lm_test_error_bound },
		{ "values beyond the range clamp", lm_test_huge_values_clamp },
		{ "percentiles vs a sorted array",
		  lm_test_percentiles_vs_sorted },
		{ "merge is exact", lm_test_merge_exact },
		{ "mean and stddev", lm_test_mean_stddev },
		{ "fio's write_hist_log: bins and windows",
		  lm_test_fio_hist_log },
		{ "fio's bw and iops samples summed up", lm_test_running },
		{ "one thread's files: samples pooled, one log",
		  lm_test_one_thread },
		{ NULL, NULL },
	};
	return lm_unit_add("hist", t);
}

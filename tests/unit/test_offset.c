// SPDX-License-Identifier: MIT
#include "src/lunmark.h"
#include "src/job/blockmap.h"
#include "src/job/offset.h"
#include "tests/unit/unit.h"

#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#define LM_NBLOCKS 100003u /* prime: no accidental alignment with threads */
#define LM_TBS 4096u
#define LM_START (1u << 20)

static void lm_test_random_aligned_in_bounds(void)
{
	struct lm_offset_gen g;
	unsigned int *seen = calloc(LM_NBLOCKS, sizeof(*seen));
	unsigned int i, hit = 0;
	uint64_t off = 0;

	CU_ASSERT_FATAL(seen != NULL);
	lm_offset_init(&g, LM_START, LM_NBLOCKS, LM_TBS, 100, NULL, 1, 0);
	for (i = 0; i < 10 * LM_NBLOCKS; i++) {
		CU_ASSERT_FATAL(lm_offset_next(&g, &off));
		CU_ASSERT((off - LM_START) % LM_TBS == 0);
		CU_ASSERT(off >= LM_START);
		CU_ASSERT(off < LM_START + (uint64_t)LM_NBLOCKS * LM_TBS);
		seen[(off - LM_START) / LM_TBS]++;
	}
	/* uniform: with 10 draws per block, nearly every block is hit */
	for (i = 0; i < LM_NBLOCKS; i++)
		hit += seen[i] > 0;
	CU_ASSERT(hit > LM_NBLOCKS * 999u / 1000u);
	free(seen);
}

static void lm_test_random_deterministic(void)
{
	struct lm_offset_gen a, b, c;
	uint64_t x = 0, y = 0, z = 0;
	unsigned int i, same = 0;

	lm_offset_init(&a, 0, LM_NBLOCKS, LM_TBS, 100, NULL, 99, 3);
	lm_offset_init(&b, 0, LM_NBLOCKS, LM_TBS, 100, NULL, 99, 3);
	lm_offset_init(&c, 0, LM_NBLOCKS, LM_TBS, 100, NULL, 99, 4);
	for (i = 0; i < 1000; i++) {
		lm_offset_next(&a, &x);
		lm_offset_next(&b, &y);
		lm_offset_next(&c, &z);
		CU_ASSERT_EQUAL(x, y);
		same += x == z;
	}
	CU_ASSERT(same < 10); /* another thread, another stream */
}

static void lm_test_rand_below_small_n(void)
{
	unsigned int counts[3] = { 0 }, i;
	struct lm_rand r;

	lm_rand_seed(&r, 5);
	for (i = 0; i < 30000; i++)
		counts[lm_rand_below(&r, 3)]++;
	for (i = 0; i < 3; i++)
		CU_ASSERT(counts[i] > 9500 && counts[i] < 10500);
	CU_ASSERT_EQUAL(lm_rand_below(&r, 1), 0);
}

struct lm_seq_arg {
	struct lm_cursor *cursor;
	_Atomic unsigned int *touched;
	unsigned int thread;
	uint64_t unmarked; /* claims before the pass */
};

/* Claim until the cursor's limit; count the pass's blocks (all claims
 * when there is no pass) and the claims before it. */
static void *lm_seq_thread(void *p)
{
	struct lm_seq_arg *a = p;
	struct lm_offset_gen g;
	bool any = atomic_load(&a->cursor->limit) != UINT64_MAX;
	uint64_t off = 0;

	lm_offset_init(&g, LM_START, LM_NBLOCKS, LM_TBS, 0, a->cursor, 1,
		       a->thread);
	while (lm_offset_next(&g, &off)) {
		if (g.pass || any)
			atomic_fetch_add(&a->touched[(off - LM_START) / LM_TBS],
					 1);
		else
			a->unmarked++;
	}
	return NULL;
}

/* T threads sharing the cursor touch every block exactly once per pass. */
static void lm_test_shared_cursor_no_overlap(void)
{
	enum { LM_T = 8, LM_PASSES = 2 };
	struct lm_seq_arg args[LM_T];
	pthread_t tid[LM_T];
	struct lm_cursor cursor;
	_Atomic unsigned int *touched = calloc(LM_NBLOCKS, sizeof(*touched));
	unsigned int i, wrong = 0;

	CU_ASSERT_FATAL(touched != NULL);
	lm_cursor_init(&cursor);
	atomic_store(&cursor.limit, (uint64_t)LM_NBLOCKS * LM_PASSES);
	for (i = 0; i < LM_T; i++) {
		args[i] = (struct lm_seq_arg){ &cursor, touched, i, 0 };
		CU_ASSERT_FATAL(!pthread_create(&tid[i], NULL, lm_seq_thread,
						&args[i]));
	}
	for (i = 0; i < LM_T; i++)
		pthread_join(tid[i], NULL);
	for (i = 0; i < LM_NBLOCKS; i++)
		wrong += atomic_load(&touched[i]) != LM_PASSES;
	CU_ASSERT_EQUAL(wrong, 0);
	free((void *)touched);
}

/* A pass started while T threads claim (a ramp handing over to a
 * size-limited pass): exactly one pass is marked, each block once. */
static void lm_test_cursor_pass_live(void)
{
	enum { LM_T = 4 };
	struct lm_seq_arg args[LM_T];
	pthread_t tid[LM_T];
	struct lm_cursor cursor;
	_Atomic unsigned int *touched = calloc(LM_NBLOCKS, sizeof(*touched));
	unsigned int i, wrong = 0;
	uint64_t unmarked = 0;

	CU_ASSERT_FATAL(touched != NULL);
	lm_cursor_init(&cursor);
	for (i = 0; i < LM_T; i++) {
		args[i] = (struct lm_seq_arg){ &cursor, touched, i, 0 };
		CU_ASSERT_FATAL(!pthread_create(&tid[i], NULL, lm_seq_thread,
						&args[i]));
	}
	while (atomic_load(&cursor.next) < 3 * LM_NBLOCKS + 5)
		sched_yield();
	lm_cursor_pass(&cursor, LM_NBLOCKS);
	for (i = 0; i < LM_T; i++) {
		pthread_join(tid[i], NULL);
		unmarked += args[i].unmarked;
	}
	for (i = 0; i < LM_NBLOCKS; i++)
		wrong += atomic_load(&touched[i]) != 1;
	CU_ASSERT_EQUAL(wrong, 0);
	/* the claims before the pass are the cursor's index when it began */
	CU_ASSERT(unmarked >= 3 * LM_NBLOCKS + 5);
	CU_ASSERT_EQUAL(atomic_load(&cursor.limit),
			LM_CURSOR_PASS | (unmarked + LM_NBLOCKS));
	free((void *)touched);
}

static void lm_test_sequential_order(void)
{
	struct lm_offset_gen g;
	struct lm_cursor cursor;
	uint64_t off = 0;
	unsigned int i;

	lm_cursor_init(&cursor);
	atomic_store(&cursor.limit, 5);
	lm_offset_init(&g, LM_START, 3, LM_TBS, 0, &cursor, 1, 0);
	for (i = 0; i < 5; i++) {
		CU_ASSERT_FATAL(lm_offset_next(&g, &off));
		CU_ASSERT_EQUAL(off, LM_START + (uint64_t)(i % 3) * LM_TBS);
	}
	CU_ASSERT_FALSE(lm_offset_next(&g, &off));
}

/* rw=rw as fio: reads and writes each walk the region from its start on
 * a position of their own, wrapping alone; the claims (all directions)
 * still meet the one limit. */
static void lm_test_sequential_split(void)
{
	static const unsigned int dirs[] = { 0, 0, 1, 0, 1, 1, 1, 0, 1 };
	uint64_t want[2] = { 0, 0 }, off = 0;
	struct lm_offset_gen g;
	struct lm_cursor cursor;
	unsigned int i, d;

	lm_cursor_init(&cursor);
	atomic_store(&cursor.limit, 9);
	lm_offset_init(&g, LM_START, 3, LM_TBS, 0, &cursor, 1, 0);
	lm_offset_split(&g);
	for (i = 0; i < 9; i++) {
		d = dirs[i];
		CU_ASSERT_FATAL(lm_offset_next_dir(&g, &off, 1, d));
		CU_ASSERT_EQUAL(off, LM_START + want[d] % 3 * LM_TBS);
		want[d]++;
	}
	CU_ASSERT_FALSE(lm_offset_next_dir(&g, &off, 1, 0));
	/* a random generator is never split */
	lm_offset_init(&g, LM_START, 3, LM_TBS, 100, NULL, 1, 0);
	lm_offset_split(&g);
	CU_ASSERT_FALSE(g.split);
}

/* percentage_random: the share of offsets that do not continue from the
 * one before is the share asked for, within 2 points (IOmeter's
 * RealLife: 60% random). */
static void lm_test_percentage_random(void)
{
	static const unsigned int pcts[] = { 10, 60, 90 };
	struct lm_offset_gen g;
	uint64_t off = 0, prev = 0, jumps;
	unsigned int i, k, n = 200000;

	for (k = 0; k < LM_ARRAY_SIZE(pcts); k++) {
		lm_offset_init(&g, LM_START, 1u << 20, LM_TBS, pcts[k], NULL, 7,
			       0);
		CU_ASSERT_FATAL(lm_offset_next(&g, &prev));
		for (i = 0, jumps = 0; i < n; i++) {
			CU_ASSERT_FATAL(lm_offset_next(&g, &off));
			CU_ASSERT((off - LM_START) % LM_TBS == 0);
			if (off != prev + LM_TBS)
				jumps++;
			prev = off;
		}
		CU_ASSERT(fabs(100.0 * (double)jumps / n - pcts[k]) < 2.0);
	}
}

/* A random map: each pass touches every block exactly once, passes come
 * in different orders, the order is not sequential, and the cursor's
 * limit ends a size-limited pass. */
static void lm_test_random_map(void)
{
	static const uint64_t sizes[] = { 1, 2, 7, 1000, 4099 };
	struct lm_offset_gen g;
	struct lm_cursor c;
	unsigned int k, same;
	uint64_t i, n, off, *first;
	unsigned char *seen;

	for (k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		n = sizes[k];
		seen = calloc(n, 1);
		first = calloc(n, sizeof(*first));
		CU_ASSERT_FATAL(seen && first);
		lm_cursor_init(&c);
		atomic_store(&c.limit, 2 * n);
		lm_offset_init(&g, 4096, n, 512, 100, &c, 42, 0);
		lm_offset_map(&g, 42);
		for (i = 0; i < n; i++) {
			CU_ASSERT_TRUE(lm_offset_next(&g, &off));
			CU_ASSERT_EQUAL((off - 4096) % 512, 0);
			first[i] = (off - 4096) / 512;
			CU_ASSERT(first[i] < n);
			if (first[i] < n)
				seen[first[i]]++;
		}
		for (i = 0; i < n; i++)
			CU_ASSERT_EQUAL(seen[i], 1);
		same = 0;
		for (i = 0; i < n; i++) {
			CU_ASSERT_TRUE(lm_offset_next(&g, &off));
			same += (off - 4096) / 512 == first[i];
		}
		if (n >= 1000) {
			CU_ASSERT(same < n / 10); /* a new order */
			/* not the identity */
			for (i = 0, same = 0; i < n; i++)
				same += first[i] == i;
			CU_ASSERT(same < n / 10);
		}
		CU_ASSERT_FALSE(lm_offset_next(&g, &off));
		free(seen);
		free(first);
	}
}

/* fio's random_distribution: in the region, and shaped as asked. */
/* rw=read:N with 4k blocks over 10 of them, as fio 3.33's log of the
 * same jobs has them (log_offset=1) */
static void lm_test_dist_skips(void)
{
	static const struct {
		int64_t skip;
		uint64_t pass;
		uint64_t b[10];
	} t[] = {
		{ 8192, 4, { 0, 3, 6, 9, 0, 3, 6, 9, 0, 3 } },
		{ -8192, 10, { 0, 8, 7, 6, 5, 4, 3, 2, 1, 0 } },
		{ -12288, 10, { 0, 7, 5, 3, 1, 7, 5, 3, 1, 7 } },
		{ -4096, 10, { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 } },
	};
	struct lm_dist d;
	unsigned int i, c;

	for (i = 0; i < LM_ARRAY_SIZE(t); i++) {
		memset(&d, 0, sizeof(d));
		d.skip_bytes = t[i].skip;
		CU_ASSERT_EQUAL(lm_dist_pass(&d, 10, 4096), t[i].pass);
		for (c = 0; c < 10; c++)
			CU_ASSERT_EQUAL(lm_dist_seq(&d, c, 10, 4096),
					t[i].b[c] * 4096);
	}
}

/* read:-8k over @n 4k blocks from 16k into a 64k target: @k KiB each */
static void lm_test_dist_back(uint64_t n, const uint64_t *k)
{
	struct lm_dist d;
	uint64_t c;

	memset(&d, 0, sizeof(d));
	d.skip_bytes = -8192;
	lm_dist_fit(&d, n, 4096, 65536, 16384, true);
	CU_ASSERT_EQUAL(lm_dist_pass(&d, n, 4096), n);
	for (c = 0; c < n; c++)
		CU_ASSERT_EQUAL(lm_dist_seq(&d, c, n, 4096), k[c] * 1024);
}

/* rw=read:N over 10 blocks of 4k at the start of a target of 40k to 80k:
 * wrap or end, as fio 3.33's write_iolog of the same jobs on files of
 * those sizes has them (offsets in KiB); skips of part of a block too,
 * fio's step bs plus the skip */
static void lm_test_dist_wrap(void)
{
	static const struct {
		int64_t skip;
		uint64_t target; /* KiB */
		uint64_t pass;
		uint64_t k[10];
	} t[] = {
		{ 4096, 40, 10, { 0, 8, 16, 24, 32, 0, 8, 16, 24, 32 } },
		{ 4096, 44, 5, { 0, 8, 16, 24, 32 } },
		{ 4096, 80, 5, { 0, 8, 16, 24, 32 } },
		{ 8192, 40, 4, { 0, 12, 24, 36 } },
		{ 8192, 44, 10, { 0, 12, 24, 36, 0, 12, 24, 36, 0, 12 } },
		{ 8192, 80, 4, { 0, 12, 24, 36 } },
		{ 12288, 40, 10, { 0, 16, 32, 0, 16, 32, 0, 16, 32, 0 } },
		{ 12288, 44, 10, { 0, 16, 32, 0, 16, 32, 0, 16, 32, 0 } },
		{ 12288, 80, 3, { 0, 16, 32 } },
		{ 2048, 40, 7, { 0, 6, 12, 18, 24, 30, 36 } },
		{ 2048, 41, 10, { 0, 6, 12, 18, 24, 30, 36, 0, 6, 12 } },
		{ 2048, 42, 10, { 0, 6, 12, 18, 24, 30, 36, 0, 6, 12 } },
		{ 2048, 44, 7, { 0, 6, 12, 18, 24, 30, 36 } },
		{ 6144, 40, 10, { 0, 10, 20, 30, 0, 10, 20, 30, 0, 10 } },
		{ 6144, 41, 4, { 0, 10, 20, 30 } },
		{ -6144, 40, 10, { 0, 34, 32, 30, 28, 26, 24, 22, 20, 18 } },
		{ -10240, 40, 10, { 0, 30, 24, 18, 12, 6, 0, 30, 24, 18 } },
	};
	struct lm_dist d;
	unsigned int i, c;

	for (i = 0; i < LM_ARRAY_SIZE(t); i++) {
		memset(&d, 0, sizeof(d));
		d.skip_bytes = t[i].skip;
		lm_dist_fit(&d, 10, 4096, t[i].target * 1024, 0, true);
		CU_ASSERT_EQUAL(lm_dist_pass(&d, 10, 4096), t[i].pass);
		for (c = 0; c < t[i].pass; c++)
			CU_ASSERT_EQUAL(lm_dist_seq(&d, c, 10, 4096),
					t[i].k[c] * 1024);
		/* from an offset: no wrap, the pass ends at the region's */
		lm_dist_fit(&d, 10, 4096, t[i].target * 1024 + 4096, 4096,
			    true);
		CU_ASSERT_FALSE(d.wrap);
	}
}

/* A skip forward's room past the region, a size of part of a block, and
 * skips back past the region's start and from an offset, as fio 3.33's
 * logs of the same jobs have them */
static void lm_test_dist_room(void)
{
	struct lm_dist d;

	/* read:100: the 10th read, at 37764, ends past the 40k region; fio
	 * takes it where the target has room (44k from the region's start,
	 * from an offset too), not where it has none */
	memset(&d, 0, sizeof(d));
	d.skip_bytes = 100;
	lm_dist_fit(&d, 10, 4096, 40960, 0, true);
	CU_ASSERT_EQUAL(lm_dist_pass(&d, 10, 4096), 9);
	lm_dist_fit(&d, 10, 4096, 45056, 0, true);
	CU_ASSERT_EQUAL(lm_dist_pass(&d, 10, 4096), 10);
	CU_ASSERT_EQUAL(lm_dist_seq(&d, 9, 10, 4096), 37764);
	lm_dist_fit(&d, 10, 4096, 49152, 4096, true);
	CU_ASSERT_EQUAL(lm_dist_pass(&d, 10, 4096), 10);
	CU_ASSERT_FALSE(d.wrap);
	lm_dist_fit(&d, 10, 4096, 45056, 4096, true);
	CU_ASSERT_EQUAL(lm_dist_pass(&d, 10, 4096), 9);
	/* read:2k over a size of 41k (a region of 11 blocks): the IOs start
	 * below 41k; over 42k of a 42k target (10 blocks): the pass wraps
	 * and moves the 42k, 11 IOs */
	memset(&d, 0, sizeof(d));
	d.skip_bytes = 2048;
	d.size_bytes = 41 * 1024;
	lm_dist_fit(&d, 11, 4096, 65536, 0, true);
	CU_ASSERT_EQUAL(lm_dist_pass(&d, 11, 4096), 7);
	d.size_bytes = 42 * 1024;
	lm_dist_fit(&d, 10, 4096, 42 * 1024, 0, true);
	CU_ASSERT_TRUE(d.wrap);
	CU_ASSERT_EQUAL(lm_dist_pass(&d, 10, 4096), 11);
	CU_ASSERT_EQUAL(lm_dist_seq(&d, 10, 10, 4096), 18 * 1024);
	d.size_bytes = 0;
	/* back past the region's start (read:-65k over 64k): one IO, at 0 */
	d.skip_bytes = -66560;
	lm_dist_fit(&d, 16, 4096, 65536, 0, true);
	CU_ASSERT_EQUAL(lm_dist_pass(&d, 16, 4096), 1);
	CU_ASSERT_EQUAL(lm_dist_seq(&d, 0, 16, 4096), 0);
	/* read:-8k from an offset of 16k of a 64k target, over 32k and over
	 * the rest: fio rewinds to the region's end less the offset, takes
	 * the skip, and wraps to the region's end plus the skip (KiB from
	 * the region's start, from fio 3.33's log of the same jobs) */
	lm_test_dist_back(8, (const uint64_t[]){ 8, 4, 0, 24, 20, 16, 12, 8 });
	lm_test_dist_back(12, (const uint64_t[]){ 24, 20, 16, 12, 8, 4, 0, 40,
						  36, 32, 28, 24 });
}

/* A random job in strided zones (fio's t/strided.py): each IO in the zone
 * of its place, the zone's blocks once a round with the map (zonesize 8
 * blocks, zonerange 4: two rounds a zone), any with repeats without */
static void lm_test_zoned_random(void)
{
	struct lm_dist d = { .zone_bytes = 8 * 4096,
			     .zone_range_bytes = 4 * 4096,
			     .zone_skip_bytes = 4096 };
	struct lm_offset_gen g;
	uint64_t off, k, seen = 0, b;
	unsigned int map;

	for (map = 0; map < 2; map++) {
		lm_offset_init(&g, 0, 25, 4096, 100, NULL, 7, 0);
		lm_offset_dist(&g, &d);
		if (map)
			lm_offset_zone_map(&g, 7);
		for (k = 0; k < 64; k++) {
			CU_ASSERT(lm_offset_next_dir(&g, &off, 1, 0));
			b = off / 4096;
			/* zones begin at 0, 5, 10, 15, 20 (of 25 blocks) */
			CU_ASSERT(b >= k / 8 % 5 * 5 && b < k / 8 % 5 * 5 + 4);
			if (!map)
				continue;
			if (k % 4 == 0)
				seen = 0;
			CU_ASSERT_FALSE(seen >> (b - k / 8 % 5 * 5) & 1);
			seen |= 1ull << (b - k / 8 % 5 * 5);
		}
	}
}

static void lm_test_dist(void)
{
	struct lm_dist d;
	struct lm_rand r;
	uint64_t n = 1000, b, hits[1000] = { 0 }, top = 0, low = 0;
	unsigned int i;

	CU_ASSERT_EQUAL(lm_dist_parse("zipf:1.2", &d), 0);
	CU_ASSERT_EQUAL(d.kind, LM_DIST_ZIPF);
	lm_rand_seed(&r, 7);
	for (i = 0; i < 100000; i++) {
		b = lm_dist_next(&d, &r, n);
		CU_ASSERT_FATAL(b < n);
		hits[b]++;
	}
	for (i = 0; i < n; i++)
		top = hits[i] > top ? hits[i] : top;
	/* rank 1 of zipf 1.2 over 1000 takes about a fifth of the IOs */
	CU_ASSERT(top > 15000 && top < 30000);
	/* zoned: 90% of the IOs in the first 10% of the region */
	CU_ASSERT_EQUAL(lm_dist_parse("zoned:90/10:10/", &d), 0);
	for (i = 0; i < 100000; i++)
		low += lm_dist_next(&d, &r, n) < 100;
	CU_ASSERT(low > 89000 && low < 91000);
	CU_ASSERT_EQUAL(lm_dist_parse("normal:10", &d), 0);
	for (i = 0, low = 0; i < 100000; i++) {
		b = lm_dist_next(&d, &r, n);
		CU_ASSERT_FATAL(b < n);
		low += b >= 400 && b < 600; /* one sigma each side: 68% */
	}
	CU_ASSERT(low > 66000 && low < 70500);
	CU_ASSERT_EQUAL(lm_dist_parse("pareto:0.2", &d), 0);
	CU_ASSERT_EQUAL(lm_dist_parse("random", &d), 0);
	CU_ASSERT_EQUAL(d.kind, LM_DIST_UNIFORM);
	CU_ASSERT_NOT_EQUAL(lm_dist_parse("zipf:1", &d), 0);
	CU_ASSERT_NOT_EQUAL(lm_dist_parse("zoned:50/5:30/15", &d), 0);
	CU_ASSERT_NOT_EQUAL(lm_dist_parse("gauss:3", &d), 0);
	lm_test_dist_skips();
	lm_test_dist_room();
	/* strided: zones of 2 blocks, 3 skipped between them, 2 read in
	 * each */
	d.skip_bytes = 0;
	d.zone_bytes = 8192;
	d.zone_range_bytes = 8192;
	d.zone_skip_bytes = 12288;
	CU_ASSERT_EQUAL(lm_dist_seq(&d, 1, 100, 4096), 1 * 4096);
	CU_ASSERT_EQUAL(lm_dist_seq(&d, 2, 100, 4096), 5 * 4096);
	CU_ASSERT_EQUAL(lm_dist_seq(&d, 5, 100, 4096), 11 * 4096);
	/* zones begin at 0, 5 and 10 of 12 blocks; the next would begin
	 * past the end: fio starts over at 0, not at 15 mod 12 */
	CU_ASSERT_EQUAL(lm_dist_seq(&d, 5, 12, 4096), 11 * 4096);
	CU_ASSERT_EQUAL(lm_dist_seq(&d, 6, 12, 4096), 0 * 4096);
	CU_ASSERT_EQUAL(lm_dist_seq(&d, 9, 12, 4096), 6 * 4096);
	/* zonesize past zonerange: round the zone again (fio's "maintain
	 * the same zone"), 5 blocks in a zone of 2 */
	d.zone_bytes = 5 * 4096;
	d.zone_skip_bytes = 0;
	CU_ASSERT_EQUAL(lm_dist_seq(&d, 2, 100, 4096), 0 * 4096);
	CU_ASSERT_EQUAL(lm_dist_seq(&d, 4, 100, 4096), 0 * 4096);
	CU_ASSERT_EQUAL(lm_dist_seq(&d, 5, 100, 4096), 2 * 4096);
	/* zonesize under zonerange: the zone's first blocks, then the next
	 * zone (4 long, 1 read) */
	d.zone_bytes = 4096;
	d.zone_range_bytes = 4 * 4096;
	CU_ASSERT_EQUAL(lm_dist_seq(&d, 1, 100, 4096), 4 * 4096);
	CU_ASSERT_EQUAL(lm_dist_seq(&d, 2, 100, 4096), 8 * 4096);
	lm_test_zoned_random();
}

/* fio's random map of blocks: a covered start moves to the next free
 * block (wrapping), an IO stops at the first covered block, the bits past
 * the end are never free, and a word-summary skip finds a free block far
 * off. */
static void lm_test_blockmap(void)
{
	struct lm_blockmap m;
	uint64_t b, n = 0;

	CU_ASSERT_EQUAL(lm_blockmap_init(&m, 0), -E2BIG);
	CU_ASSERT_EQUAL(lm_blockmap_init(&m, LM_BLOCKMAP_MAX_BLOCKS + 1),
			-E2BIG);
	CU_ASSERT_EQUAL_FATAL(lm_blockmap_init(&m, 100), 0);
	CU_ASSERT_EQUAL(lm_blockmap_take(&m, 10, 5), 5);
	CU_ASSERT_EQUAL(lm_blockmap_take(&m, 5, 8), 5); /* cut at 10 */
	CU_ASSERT_EQUAL(lm_blockmap_free_at(&m, 12), 15);
	CU_ASSERT_EQUAL(lm_blockmap_free_at(&m, 4), 4);
	CU_ASSERT_EQUAL(lm_blockmap_take(&m, 98, 8), 2); /* the map's end */
	CU_ASSERT_EQUAL(lm_blockmap_take(&m, 15, 83), 83);
	CU_ASSERT_EQUAL(lm_blockmap_free_at(&m, 99), 0); /* wraps */
	CU_ASSERT_EQUAL(lm_blockmap_take(&m, 0, 100), 5);
	CU_ASSERT_EQUAL(m.left, 0);
	CU_ASSERT_EQUAL(lm_blockmap_free_at(&m, 0), UINT64_MAX);
	lm_blockmap_clear(&m);
	CU_ASSERT_EQUAL(m.left, 100);
	CU_ASSERT_EQUAL(lm_blockmap_free_at(&m, 99), 99);
	lm_blockmap_free(&m);
	/* 3 summary words: only block 200000 is free, found from 7 */
	CU_ASSERT_EQUAL_FATAL(lm_blockmap_init(&m, 300000), 0);
	CU_ASSERT_EQUAL(lm_blockmap_take(&m, 0, 200000), 200000);
	CU_ASSERT_EQUAL(lm_blockmap_take(&m, 200001, 300000), 99999);
	CU_ASSERT_EQUAL(lm_blockmap_free_at(&m, 7), 200000);
	CU_ASSERT_EQUAL(lm_blockmap_free_at(&m, 250000), 200000);
	lm_blockmap_free(&m);
	/* random starts and sizes until covered: each block exactly once */
	CU_ASSERT_EQUAL_FATAL(lm_blockmap_init(&m, 4099), 0);
	for (b = 1; m.left;
	     b = b * 6364136223846793005ull + 1442695040888963407ull)
		n += lm_blockmap_take(&m,
				      lm_blockmap_free_at(&m, (b >> 33) % 4099),
				      1 + (b >> 20) % 64);
	CU_ASSERT_EQUAL(n, 4099);
	lm_blockmap_free(&m);
}

int lm_suite_offset(void)
{
	static const struct lm_unit_test t[] = {
		{ "random: aligned, in bounds, uniform",
		  lm_test_random_aligned_in_bounds },
		{ "random: same seed, same offsets",
		  lm_test_random_deterministic },
		{ "rand_below is unbiased for small n",
		  lm_test_rand_below_small_n },
		{ "shared cursor: T threads, no overlap",
		  lm_test_shared_cursor_no_overlap },
		{ "sequential: order, wrap, limit", lm_test_sequential_order },
		{ "sequential: rw=rw, a position per direction",
		  lm_test_sequential_split },
		{ "cursor pass started while threads claim",
		  lm_test_cursor_pass_live },
		{ "percentage_random: the share asked for",
		  lm_test_percentage_random },
		{ "random map: each block once a pass", lm_test_random_map },
		{ "random map of several sizes: fio's cut IOs",
		  lm_test_blockmap },
		{ "rw=read:N at the target's end: wrap or end, as fio",
		  lm_test_dist_wrap },
		{ "random_distribution: zipf, zoned, normal", lm_test_dist },
		{ NULL, NULL },
	};
	return lm_unit_add("offset", t);
}

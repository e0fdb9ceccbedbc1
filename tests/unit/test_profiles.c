// SPDX-License-Identifier: MIT
/* Each built-in profile is exactly the method it names. */
#include "src/run/copy.h"
#include "src/lunmark.h"
#include "src/job/profile.h"
#include "src/suite/suite.h"
#include "tests/unit/unit.h"

#include <string.h>

#define K 1024u
#define M (1024u * 1024u)

struct lm_want {
	const char *label;
	bool random;
	uint32_t bs;
	unsigned int qd, threads, read_pct, random_pct;
};

static void lm_expect(const char *name, enum lm_profile_kind kind, bool mix,
		      const struct lm_want *w, unsigned int n)
{
	const struct lm_profile *p = lm_profile_find(name);
	unsigned int i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(p->kind, kind);
	CU_ASSERT_EQUAL(p->mix, mix);
	CU_ASSERT_EQUAL_FATAL(p->ntests, n);
	for (i = 0; i < n; i++) {
		CU_ASSERT_STRING_EQUAL(p->tests[i].label, w[i].label);
		CU_ASSERT_EQUAL(p->tests[i].random, w[i].random);
		CU_ASSERT_EQUAL(p->tests[i].bs_bytes, w[i].bs);
		CU_ASSERT_EQUAL(p->tests[i].qd, w[i].qd);
		CU_ASSERT_EQUAL(p->tests[i].threads, w[i].threads);
		CU_ASSERT_EQUAL(p->tests[i].read_pct, w[i].read_pct);
		CU_ASSERT_EQUAL(p->tests[i].random_pct, w[i].random_pct);
	}
}

/* The CrystalDiskMark 8 sets, each also with +mix. */
static void lm_test_cdm(void)
{
	static const struct lm_want def[] = {
		{ "SEQ1M Q8T1", false, M, 8, 1, 0, 0 },
		{ "SEQ1M Q1T1", false, M, 1, 1, 0, 0 },
		{ "RND4K Q32T1", true, 4 * K, 32, 1, 0, 0 },
		{ "RND4K Q1T1", true, 4 * K, 1, 1, 0, 0 },
	};
	static const struct lm_want peak[] = {
		{ "SEQ1M Q8T1", false, M, 8, 1, 0, 0 },
		{ "RND4K Q32T1", true, 4 * K, 32, 1, 0, 0 },
	};
	static const struct lm_want real[] = {
		{ "SEQ1M Q1T1", false, M, 1, 1, 0, 0 },
		{ "RND4K Q1T1", true, 4 * K, 1, 1, 0, 0 },
	};
	static const struct lm_want demo[] = {
		{ "SEQ1M Q8T1", false, M, 8, 1, 0, 0 },
	};
	static const struct lm_want nvme[] = {
		{ "SEQ1M Q8T1", false, M, 8, 1, 0, 0 },
		{ "SEQ128K Q32T1", false, 128 * K, 32, 1, 0, 0 },
		{ "RND4K Q32T16", true, 4 * K, 32, 16, 0, 0 },
		{ "RND4K Q1T1", true, 4 * K, 1, 1, 0, 0 },
	};
	static const struct {
		const char *name, *mixname;
		const struct lm_want *w;
		unsigned int n;
	} sets[] = {
		{ "default", "default+mix", def, LM_ARRAY_SIZE(def) },
		{ "peak", "peak+mix", peak, LM_ARRAY_SIZE(peak) },
		{ "real", "real+mix", real, LM_ARRAY_SIZE(real) },
		{ "demo", "demo+mix", demo, LM_ARRAY_SIZE(demo) },
		{ "nvme", "nvme+mix", nvme, LM_ARRAY_SIZE(nvme) },
	};
	unsigned int i;

	for (i = 0; i < LM_ARRAY_SIZE(sets); i++) {
		lm_expect(sets[i].name, LM_PK_MATRIX, false, sets[i].w,
			  sets[i].n);
		lm_expect(sets[i].mixname, LM_PK_MATRIX, true, sets[i].w,
			  sets[i].n);
	}
	CU_ASSERT_PTR_NULL(lm_profile_find("nope"));
}

static void lm_test_iometer(void)
{
	static const struct lm_want w[] = {
		{ "Max Throughput-100%Read", false, 32 * K, 64, 1, 100, 0 },
		{ "RealLife-60%Rand-65%Read", true, 8 * K, 64, 1, 65, 60 },
		{ "Max Throughput-50%Read", false, 32 * K, 64, 1, 50, 0 },
		{ "Random-8k-70%Read", true, 8 * K, 64, 1, 70, 100 },
	};

	lm_expect("iometer", LM_PK_MIXED, false, w, LM_ARRAY_SIZE(w));
	CU_ASSERT_EQUAL(lm_profile_find("iometer")->runtime_ns,
			300000000000ull);
}

static void lm_test_iops_throughput(void)
{
	static const struct lm_want iops[] = {
		{ "RND4K Q1T8", true, 4 * K, 1, 8, 0, 0 },
	};
	static const struct lm_want tp[] = {
		{ "SEQ1M Q8T4", false, M, 8, 4, 0, 0 },
	};
	const struct lm_profile *p;

	lm_expect("iops", LM_PK_MATRIX, false, iops, 1);
	p = lm_profile_find("iops");
	CU_ASSERT_EQUAL(p->size_bytes, 4ull << 30);
	CU_ASSERT_EQUAL(p->runtime_ns, 120000000000ull);
	lm_expect("throughput", LM_PK_MATRIX, false, tp, 1);
	CU_ASSERT_TRUE(lm_profile_find("throughput")->link_share);
	/* 1 GbE: 117.7 MB/s of TCP payload at MTU 1500 */
	CU_ASSERT_DOUBLE_EQUAL(lm_link_ceiling_mb_s(1), 117.7, 0.05);
	CU_ASSERT_DOUBLE_EQUAL(lm_link_ceiling_mb_s(10), 1176.85, 0.01);
}

static void lm_test_atto(void)
{
	static const uint32_t sizes[] = { 512,	   K,	    2 * K,   4 * K,
					  8 * K,   16 * K,  32 * K,  64 * K,
					  128 * K, 256 * K, 512 * K, M,
					  2 * M,   4 * M,   8 * M,   16 * M,
					  32 * M,  64 * M };
	const struct lm_profile *p = lm_profile_find("atto");
	unsigned int i;

	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(p->kind, LM_PK_SWEEP);
	CU_ASSERT_EQUAL(p->size_bytes, 256u << 20);
	CU_ASSERT_EQUAL_FATAL(p->ntests, LM_ARRAY_SIZE(sizes));
	for (i = 0; i < p->ntests; i++) {
		CU_ASSERT_EQUAL(p->tests[i].bs_bytes, sizes[i]);
		CU_ASSERT_EQUAL(p->tests[i].qd, 4);
		CU_ASSERT_EQUAL(p->tests[i].threads, 1);
		CU_ASSERT_FALSE(p->tests[i].random);
	}
}

static void lm_test_copy(void)
{
	const struct lm_profile *p = lm_profile_find("copy");
	uint64_t n, f;

	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(p->kind, LM_PK_COPY);
	CU_ASSERT_EQUAL_FATAL(p->ntests, 3);
	CU_ASSERT_EQUAL(p->tests[0].files, 1);
	CU_ASSERT_EQUAL(p->tests[0].file_bytes, 2ull << 30);
	CU_ASSERT_EQUAL(p->tests[1].files, 1000);
	CU_ASSERT_EQUAL(p->tests[1].file_bytes, 2u << 20);
	CU_ASSERT_EQUAL(p->tests[2].files, 10000);
	CU_ASSERT_EQUAL(p->tests[2].file_bytes, 2048);
	/* --size caps a set: fewer files, or one smaller file */
	lm_copy_fit(1000, 2u << 20, 16u << 20, &n, &f);
	CU_ASSERT(n == 8 && f == 2u << 20);
	lm_copy_fit(1, 2ull << 30, (16u << 20) + 4096, &n, &f);
	CU_ASSERT(n == 1 && f == 16u << 20);
	lm_copy_fit(10000, 2048, 2ull << 30, &n, &f);
	CU_ASSERT(n == 10000 && f == 2048);
}

/* The jobs a suite builds from a profile's rows. */
static void lm_test_jobs(void)
{
	struct lm_suite_opts o;
	struct lm_job j;
	const struct lm_profile *p;

	lm_suite_defaults(&o);
	p = lm_profile_find("iometer");
	lm_suite_job(&o, p, &p->tests[1], LM_WAY_MIX, &j);
	CU_ASSERT_EQUAL(j.rw, LM_RW_RANDRW);
	CU_ASSERT_EQUAL(j.rwmixread_pct, 65);
	CU_ASSERT_EQUAL(j.random_pct, 60);
	CU_ASSERT_EQUAL(j.iodepth, 64);
	CU_ASSERT_EQUAL(j.runtime_ns, 300000000000ull);
	o.runtime_set = true;
	o.runtime_ns = 2000000000ull;
	lm_suite_job(&o, p, &p->tests[1], LM_WAY_MIX, &j);
	CU_ASSERT_EQUAL(j.runtime_ns, 2000000000ull);
	p = lm_profile_find("default+mix");
	lm_suite_job(&o, p, &p->tests[2], LM_WAY_MIX, &j);
	CU_ASSERT_EQUAL(j.rw, LM_RW_RANDRW);
	CU_ASSERT_EQUAL(j.rwmixread_pct, 70);
	p = lm_profile_find("atto");
	lm_suite_job(&o, p, &p->tests[0], LM_WAY_WRITE, &j);
	CU_ASSERT_EQUAL(j.rw, LM_RW_WRITE);
	CU_ASSERT_FALSE(j.time_based);
	CU_ASSERT_EQUAL(j.size_bytes, 256u << 20);
}

int lm_suite_profiles(void)
{
	static const struct lm_unit_test t[] = {
		{ "CrystalDiskMark family, +mix", lm_test_cdm },
		{ "iometer access specs", lm_test_iometer },
		{ "iops and throughput", lm_test_iops_throughput },
		{ "atto sweep", lm_test_atto },
		{ "copy sets", lm_test_copy },
		{ "jobs from profile rows", lm_test_jobs },
		{ NULL, NULL },
	};
	return lm_unit_add("profiles", t);
}

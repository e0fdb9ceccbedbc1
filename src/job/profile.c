// SPDX-License-Identifier: MIT
#include "src/job/profile.h"
#include "src/lunmark.h"

#include <string.h>

#define KiB 1024u
#define MiB (1024u * 1024u)
#define GiB (1024ull * 1024 * 1024)
#define SEC 1000000000ull

/* CrystalDiskMark 8's sets. */
static const struct lm_test lm_cdm_default[] = {
	{ "SEQ1M Q8T1", false, MiB, 8, 1, 0, 0 },
	{ "SEQ1M Q1T1", false, MiB, 1, 1, 0, 0 },
	{ "RND4K Q32T1", true, 4 * KiB, 32, 1, 0, 0 },
	{ "RND4K Q1T1", true, 4 * KiB, 1, 1, 0, 0 },
};

static const struct lm_test lm_cdm_peak[] = {
	{ "SEQ1M Q8T1", false, MiB, 8, 1, 0, 0 },
	{ "RND4K Q32T1", true, 4 * KiB, 32, 1, 0, 0 },
};

static const struct lm_test lm_cdm_real[] = {
	{ "SEQ1M Q1T1", false, MiB, 1, 1, 0, 0 },
	{ "RND4K Q1T1", true, 4 * KiB, 1, 1, 0, 0 },
};

static const struct lm_test lm_cdm_demo[] = {
	{ "SEQ1M Q8T1", false, MiB, 8, 1, 0, 0 },
};

static const struct lm_test lm_cdm_nvme[] = {
	{ "SEQ1M Q8T1", false, MiB, 8, 1, 0, 0 },
	{ "SEQ128K Q32T1", false, 128 * KiB, 32, 1, 0, 0 },
	{ "RND4K Q32T16", true, 4 * KiB, 32, 16, 0, 0 },
	{ "RND4K Q1T1", true, 4 * KiB, 1, 1, 0, 0 },
};

/* The VMware community's IOmeter access specifications, 64 outstanding. */
static const struct lm_test lm_iometer[] = {
	{ "Max Throughput-100%Read", false, 32 * KiB, 64, 1, 100, 0 },
	{ "RealLife-60%Rand-65%Read", true, 8 * KiB, 64, 1, 65, 60 },
	{ "Max Throughput-50%Read", false, 32 * KiB, 64, 1, 50, 0 },
	{ "Random-8k-70%Read", true, 8 * KiB, 64, 1, 70, 100 },
};

/* 4 KiB IOPS with 8 threads, each with one IO in flight. */
static const struct lm_test lm_iops[] = {
	{ "RND4K Q1T8", true, 4 * KiB, 1, 8, 0, 0 },
};

/* Maximum network throughput: 1 MiB sequential, 4 threads x QD 8. */
static const struct lm_test lm_throughput[] = {
	{ "SEQ1M Q8T4", false, MiB, 8, 4, 0, 0 },
};

/* ATTO Disk Benchmark's sweep, QD 4. */
static const struct lm_test lm_atto[] = {
	{ "512B", false, 512, 4, 1, 0, 0 },
	{ "1KiB", false, KiB, 4, 1, 0, 0 },
	{ "2KiB", false, 2 * KiB, 4, 1, 0, 0 },
	{ "4KiB", false, 4 * KiB, 4, 1, 0, 0 },
	{ "8KiB", false, 8 * KiB, 4, 1, 0, 0 },
	{ "16KiB", false, 16 * KiB, 4, 1, 0, 0 },
	{ "32KiB", false, 32 * KiB, 4, 1, 0, 0 },
	{ "64KiB", false, 64 * KiB, 4, 1, 0, 0 },
	{ "128KiB", false, 128 * KiB, 4, 1, 0, 0 },
	{ "256KiB", false, 256 * KiB, 4, 1, 0, 0 },
	{ "512KiB", false, 512 * KiB, 4, 1, 0, 0 },
	{ "1MiB", false, MiB, 4, 1, 0, 0 },
	{ "2MiB", false, 2 * MiB, 4, 1, 0, 0 },
	{ "4MiB", false, 4 * MiB, 4, 1, 0, 0 },
	{ "8MiB", false, 8 * MiB, 4, 1, 0, 0 },
	{ "16MiB", false, 16 * MiB, 4, 1, 0, 0 },
	{ "32MiB", false, 32 * MiB, 4, 1, 0, 0 },
	{ "64MiB", false, 64 * MiB, 4, 1, 0, 0 },
};

/* The copies NAS reviews time; bs is the chunk a copy moves at once. */
static const struct lm_test lm_copy[] = {
	{ "1 x 2GiB", false, MiB, 1, 1, 0, 0, 1, 2 * GiB },
	{ "1000 x 2MiB", false, MiB, 1, 1, 0, 0, 1000, 2 * MiB },
	{ "10000 x 2KiB", false, 2 * KiB, 1, 1, 0, 0, 10000, 2 * KiB },
};

/* A read cache: each read test over its own working set, in passes. */
static const struct lm_test lm_cache[] = {
	{ "RND4K Q32T1", true, 4 * KiB, 32, 1, 0, 0 },
	{ "RND8K Q32T1", true, 8 * KiB, 32, 1, 0, 0 },
	{ "SEQ1M Q8T1", false, MiB, 8, 1, 0, 0 },
	{ "Sustained SEQ1M Q8T1", false, MiB, 8, 1, 0, 0, 0, 0, true },
};

#define LM_TESTS(t) LM_ARRAY_SIZE(t), t
#define LM_CDM(name, what, tests)                                        \
	{ name,                                                          \
	  "CrystalDiskMark 8 " what,                                     \
	  LM_PK_MATRIX,                                                  \
	  false,                                                         \
	  0,                                                             \
	  0,                                                             \
	  false,                                                         \
	  LM_TESTS(tests) },                                             \
	{                                                                \
		name "+mix", "CrystalDiskMark 8 " what " with [Mix]",    \
			LM_PK_MATRIX, true, 0, 0, false, LM_TESTS(tests) \
	}

static const struct lm_profile lm_profiles[] = {
	LM_CDM("default", "default", lm_cdm_default),
	LM_CDM("peak", "peak performance", lm_cdm_peak),
	LM_CDM("real", "real world", lm_cdm_real),
	LM_CDM("demo", "demo", lm_cdm_demo),
	LM_CDM("nvme", "NVMe SSD", lm_cdm_nvme),
	{ "iometer", "IOmeter access specifications (VMware community)",
	  LM_PK_MIXED, false, 0, 300 * SEC, false, LM_TESTS(lm_iometer) },
	{ "iops", "4 KiB random IOPS, 8 threads, 4 GiB, 120 s", LM_PK_MATRIX,
	  false, 4 * GiB, 120 * SEC, false, LM_TESTS(lm_iops) },
	{ "atto", "ATTO-style sequential sweep, QD 4, 256 MiB per size",
	  LM_PK_SWEEP, false, 256 * MiB, 0, false, LM_TESTS(lm_atto) },
	{ "throughput", "maximum network throughput, 1 MiB x QD 8 x 4 threads",
	  LM_PK_MATRIX, false, 0, 0, true, LM_TESTS(lm_throughput) },
	{ "copy", "file copies: 1 x 2 GiB, 1000 x 2 MiB, 10000 x 2 KiB",
	  LM_PK_COPY, false, 2 * GiB, 0, false, LM_TESTS(lm_copy) },
	{ "cache",
	  "read cache: cold and warm passes over a working set, the miss rate, a sustained write",
	  LM_PK_CACHE, false, 0, 0, false, LM_TESTS(lm_cache) },
};

const struct lm_profile *lm_profile_find(const char *name)
{
	unsigned int i;

	for (i = 0; i < LM_ARRAY_SIZE(lm_profiles); i++)
		if (!strcmp(name, lm_profiles[i].name))
			return &lm_profiles[i];
	return NULL;
}

const struct lm_profile *lm_profile_at(unsigned int i)
{
	return i < LM_ARRAY_SIZE(lm_profiles) ? &lm_profiles[i] : NULL;
}

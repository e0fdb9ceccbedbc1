/* SPDX-License-Identifier: MIT */
/*
 * Built-in profiles, as data, in one table (profile.c): the reviewers'
 * methods. A profile is a kind and a list of tests; a suite's plan
 * (suite/plan.h) turns each test into jobs, and its runner runs them.
 *
 * - LM_PK_MATRIX: CrystalDiskMark-style; each test runs as a read job, a
 *   write job and, for +mix profiles, a mixed job ([Read], [Write], [Mix]).
 * - LM_PK_MIXED: IOmeter-style; each test is one job with its own read
 *   share and random share, and its reads and writes are reported apart.
 * - LM_PK_SWEEP: ATTO-style; sequential, one test per block size, each a
 *   size-limited write pass then a read pass.
 * - LM_PK_COPY: file copies (copy.h); each test a set of files written
 *   ("upload") then read back ("download").
 * - LM_PK_CACHE: a read cache; each read test reads its own working set
 *   (--working-set, side by side) in passes until steady, then a region
 *   beyond them (the miss run); a test marked sustain writes
 *   2 x --cache-size once, only with --sustained.
 */
#ifndef LM_PROFILE_H
#define LM_PROFILE_H

#include <stdbool.h>
#include <stdint.h>

enum lm_profile_kind {
	LM_PK_MATRIX,
	LM_PK_MIXED,
	LM_PK_SWEEP,
	LM_PK_COPY,
	LM_PK_CACHE,
};

struct lm_test {
	const char *label; /* "SEQ1M Q8T1" */
	bool random;
	uint32_t bs_bytes;
	unsigned int qd;
	unsigned int threads;
	/* LM_PK_MIXED only */
	unsigned int read_pct;	 /* share of reads */
	unsigned int random_pct; /* share of random offsets */
	/* LM_PK_COPY only: the set */
	unsigned int files;
	uint64_t file_bytes;
	/* LM_PK_CACHE only: the sustained write (--sustained) */
	bool sustain;
};

struct lm_profile {
	const char *name;
	const char *what;
	enum lm_profile_kind kind;
	bool mix;	     /* matrix: a [Mix] job per test too */
	uint64_t size_bytes; /* region (sweep: per pass); 0: --size's default */
	uint64_t runtime_ns; /* 0: --runtime's default; sweeps are not timed */
	bool link_share;     /* report the share of --link's ceiling */
	unsigned int ntests;
	const struct lm_test *tests;
};

/* NULL when there is no such profile. */
const struct lm_profile *lm_profile_find(const char *name);

/* All profiles, in the order `lunmark profiles` lists them. */
const struct lm_profile *lm_profile_at(unsigned int i);

#endif

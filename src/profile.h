/* SPDX-License-Identifier: MIT */
/*
 * Built-in profiles, as data. A test is one block size, queue depth and
 * thread count, sequential or random; the suite runs it as a read test and
 * as a write test.
 */
#ifndef LM_PROFILE_H
#define LM_PROFILE_H

#include <stdbool.h>
#include <stdint.h>

struct lm_test {
	const char *label; /* "SEQ1M Q8T1" */
	bool random;
	uint32_t bs_bytes;
	unsigned int qd;
	unsigned int threads;
};

struct lm_profile {
	const char *name;
	const char *what;
	unsigned int ntests;
	const struct lm_test *tests;
};

/* NULL when there is no such profile. */
const struct lm_profile *lm_profile_find(const char *name);

#endif

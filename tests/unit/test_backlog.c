// SPDX-License-Identifier: MIT
/*
 * fio's verify_backlog (src/run/backlog.h) driven as a loop at QD 1
 * drives it: which IO comes next, and what is left at the pass's end.
 */
#include "src/run/backlog.h"
#include "tests/unit/unit.h"

#include <stdio.h>
#include <string.h>

/* A QD 1 pass of @n writes of block 0, 1, ...: at each step a read due
 * goes first, else the next write (completed at once); once the writes
 * are done, every one left is read. Returns "W0 W1 R0 ..." in @out. */
static void lm_backlog_walk(uint64_t every, uint64_t batch, unsigned int n,
			    char *out, size_t len)
{
	struct lm_backlog b;
	struct lm_backlog_io io;
	unsigned int w = 0;
	size_t at = 0;

	CU_ASSERT_EQUAL_FATAL(lm_backlog_init(&b, every, batch), 0);
	out[0] = '\0';
	for (;;) {
		if (lm_backlog_take(&b, w == n, &io)) {
			at += (size_t)snprintf(out + at, len - at, "R%llu ",
					       (unsigned long long)io.off);
		} else if (w < n) {
			lm_backlog_issued(&b);
			CU_ASSERT_EQUAL(lm_backlog_done(&b, w, 4096, true), 0);
			at += (size_t)snprintf(out + at, len - at, "W%u ", w++);
		} else {
			break;
		}
	}
	CU_ASSERT_FALSE(lm_backlog_waiting(&b));
	lm_backlog_free(&b);
}

/* The orders fio 3.33 gives for 16 psync writes with these settings
 * (t-fio-backlog compares the two tools' logs live). */
static void lm_test_backlog_order(void)
{
	char s[512];

	lm_backlog_walk(4, 0, 16, s, sizeof(s));
	CU_ASSERT_STRING_EQUAL(
		s,
		"W0 W1 W2 W3 R0 R1 R2 R3 W4 W5 W6 W7 R4 R5 R6 R7 "
		"W8 W9 W10 W11 R8 R9 R10 R11 W12 W13 W14 W15 R12 R13 R14 R15 ");
	lm_backlog_walk(4, 2, 16, s, sizeof(s));
	CU_ASSERT_STRING_EQUAL(
		s,
		"W0 W1 W2 W3 R0 R1 W4 W5 R2 R3 W6 W7 R4 R5 W8 W9 "
		"R6 R7 W10 W11 R8 R9 W12 W13 R10 R11 W14 W15 R12 R13 R14 R15 ");
	lm_backlog_walk(3, 5, 16, s, sizeof(s));
	CU_ASSERT_STRING_EQUAL(
		s,
		"W0 W1 W2 R0 R1 R2 W3 R3 W4 R4 W5 W6 W7 R5 R6 R7 "
		"W8 R8 W9 R9 W10 W11 W12 R10 R11 R12 W13 R13 W14 R14 W15 R15 ");
	/* no batch within the pass: every write read at its end */
	lm_backlog_walk(UINT64_MAX, 0, 3, s, sizeof(s));
	CU_ASSERT_STRING_EQUAL(s, "W0 W1 W2 R0 R1 R2 ");
}

/* A read waits for its write's completion; a failed write is not read. */
static void lm_test_backlog_inflight(void)
{
	struct lm_backlog b;
	struct lm_backlog_io io;

	CU_ASSERT_EQUAL_FATAL(lm_backlog_init(&b, 2, 0), 0);
	lm_backlog_issued(&b);
	lm_backlog_issued(&b); /* due: 2 waiting, none completed */
	CU_ASSERT_FALSE(lm_backlog_take(&b, false, &io));
	CU_ASSERT_TRUE(lm_backlog_waiting(&b));
	CU_ASSERT_EQUAL(lm_backlog_done(&b, 8192, 4096, false), 0);
	CU_ASSERT_FALSE(lm_backlog_take(&b, true, &io));
	CU_ASSERT_TRUE(lm_backlog_waiting(&b));
	CU_ASSERT_EQUAL(lm_backlog_done(&b, 0, 512, true), 0);
	CU_ASSERT_TRUE_FATAL(lm_backlog_take(&b, false, &io));
	CU_ASSERT_EQUAL(io.off, 0);
	CU_ASSERT_EQUAL(io.len, 512);
	CU_ASSERT_FALSE(lm_backlog_waiting(&b));
	lm_backlog_free(&b);
	/* off: nothing kept, nothing due */
	CU_ASSERT_EQUAL_FATAL(lm_backlog_init(&b, 0, 0), 0);
	lm_backlog_issued(&b);
	CU_ASSERT_EQUAL(lm_backlog_done(&b, 0, 512, true), 0);
	CU_ASSERT_FALSE(lm_backlog_take(&b, true, &io));
	CU_ASSERT_FALSE(lm_backlog_waiting(&b));
	lm_backlog_free(&b);
}

/* The ring grows past its first size with its oldest entry not at 0, and
 * keeps the order of completion. */
static void lm_test_backlog_grow(void)
{
	struct lm_backlog b;
	struct lm_backlog_io io;
	uint64_t i, next = 0;
	bool ordered = true;

	CU_ASSERT_EQUAL_FATAL(lm_backlog_init(&b, UINT64_MAX, 0), 0);
	for (i = 0; i < 1000; i++) {
		lm_backlog_issued(&b);
		lm_backlog_done(&b, i, 512, true);
	}
	for (i = 0; i < 500; i++)
		ordered &= lm_backlog_take(&b, true, &io) && io.off == next++;
	for (i = 1000; i < 5000; i++) {
		lm_backlog_issued(&b);
		CU_ASSERT_EQUAL(lm_backlog_done(&b, i, 512, true), 0);
	}
	while (lm_backlog_take(&b, true, &io))
		ordered &= io.off == next++;
	CU_ASSERT_TRUE(ordered);
	CU_ASSERT_EQUAL(next, 5000);
	CU_ASSERT_FALSE(lm_backlog_waiting(&b));
	lm_backlog_free(&b);
}

int lm_suite_backlog(void)
{
	static const struct lm_unit_test t[] = {
		{ "fio's order of writes and reads", lm_test_backlog_order },
		{ "a write in flight, a failed write",
		  lm_test_backlog_inflight },
		{ "the ring grows, in order", lm_test_backlog_grow },
		{ NULL, NULL },
	};
	return lm_unit_add("backlog", t);
}

// SPDX-License-Identifier: MIT
/* Several hosts' rows (result/ranks.h): the windows' skew, a rank's
 * headline over its runs, and the rows saved and read back. */
#include "src/result/load.h"
#include "src/result/ranks.h"
#include "src/result/save.h"
#include "src/suite/cell.h"
#include "tests/unit/unit.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* the schema tests' file: a null-engine mark of the default profile */
#define LM_RANKS_CORPUS "tests/fuzz/corpus/result/null-default.json"

static void lm_test_skew(void)
{
	struct lm_rank_run rows[3] = { { .start_us = 10, .end_us = 5000 },
				       { .start_us = 0, .end_us = 5300 },
				       { .start_us = 250, .end_us = 4990 } };
	struct lm_rank_skew sk;

	lm_rank_skew(rows, 3, &sk);
	CU_ASSERT_DOUBLE_EQUAL(sk.start_us, 250, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(sk.end_us, 310, 1e-9);
	lm_rank_skew(rows, 1, &sk);
	CU_ASSERT_DOUBLE_EQUAL(sk.start_us + sk.end_us, 0, 1e-9);
}

/* rank 1's median over three runs, each with two rows */
static void lm_test_headline(void)
{
	static const double mb[3] = { 90, 110, 100 };
	struct lm_rank_run rows[3][2];
	struct lm_cell_run runs[3];
	struct lm_summary s;
	unsigned int i;

	memset(rows, 0, sizeof(rows));
	memset(runs, 0, sizeof(runs));
	for (i = 0; i < 3; i++) {
		rows[i][1].s[LM_DIR_READ].mb_s = mb[i];
		rows[i][1].s[LM_DIR_READ].iops = mb[i] * 10;
		rows[i][0].s[LM_DIR_READ].mb_s = 1;
		runs[i].ranks = rows[i];
		runs[i].nranks = 2;
	}
	lm_rank_headline(runs, 3, 1, LM_DIR_READ, &s);
	CU_ASSERT_DOUBLE_EQUAL(s.mb_s, 100, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(s.iops, 1000, 1e-9);
	/* a rank a run has no row for counts in none of its figures */
	runs[2].nranks = 1;
	lm_rank_headline(runs, 3, 1, LM_DIR_READ, &s);
	CU_ASSERT_DOUBLE_EQUAL(s.mb_s, 100, 1e-9);
}

/* The ranks' table and a run's rows go to the file and come back. */
static void lm_test_saved(void)
{
	char out[] = "/tmp/lm-ranks.XXXXXX", msg[512];
	struct lm_identity id = { .size_bytes = 16777216 };
	struct lm_saved s, back;
	struct lm_cell_run *run;
	int fd = mkstemp(out);

	CU_ASSERT_FATAL(fd >= 0);
	close(fd);
	CU_ASSERT_EQUAL_FATAL(
		lm_load_mark(LM_RANKS_CORPUS, &s, msg, sizeof(msg)), 0);
	s.m.ranks = calloc(2, sizeof(*s.m.ranks));
	CU_ASSERT_PTR_NOT_NULL_FATAL(s.m.ranks);
	s.m.nranks = 2;
	s.m.ranked = true;
	s.m.ranks[1].rank = 1;
	strcpy(s.m.ranks[1].host, "h2");
	s.m.ranks[1].clock_offset_us = -3.5;
	s.m.ranks[1].rtt_us = 41;
	run = &s.m.cells[0][LM_WAY_READ].runs[0];
	run->ranks = calloc(2, sizeof(*run->ranks));
	CU_ASSERT_PTR_NOT_NULL_FATAL(run->ranks);
	run->nranks = 2;
	run->ranked = true;
	run->ranks[1].rank = 1;
	run->ranks[1].s[LM_DIR_READ].ios = 1234;
	run->ranks[1].end_us = 5e6;
	run->ranks[1].io_errno = 5;
	CU_ASSERT_EQUAL_FATAL(
		lm_save_mark(out, &s.info, &s.m, &id, msg, sizeof(msg)), 0);
	CU_ASSERT_EQUAL_FATAL(lm_load_mark(out, &back, msg, sizeof(msg)), 0);
	CU_ASSERT_EQUAL(back.m.nranks, 2);
	CU_ASSERT_STRING_EQUAL(back.m.ranks[1].host, "h2");
	CU_ASSERT_DOUBLE_EQUAL(back.m.ranks[1].clock_offset_us, -3.5, 1e-9);
	run = &back.m.cells[0][LM_WAY_READ].runs[0];
	CU_ASSERT_EQUAL_FATAL(run->nranks, 2);
	CU_ASSERT_EQUAL(run->ranks[1].s[LM_DIR_READ].ios, 1234);
	CU_ASSERT_DOUBLE_EQUAL(run->ranks[1].end_us, 5e6, 1e-6);
	CU_ASSERT_EQUAL(run->ranks[1].io_errno, 5);
	CU_ASSERT_EQUAL(back.m.cells[0][LM_WAY_READ].runs[1].nranks, 0);
	lm_saved_free(&back);
	lm_saved_free(&s);
	unlink(out);
}

int lm_suite_ranks(void)
{
	static const struct lm_unit_test t[] = {
		{ "windows' skew", lm_test_skew },
		{ "a rank's median over its runs", lm_test_headline },
		{ "ranks saved and read back", lm_test_saved },
		{ NULL, NULL },
	};
	return lm_unit_add("ranks", t);
}

// SPDX-License-Identifier: MIT
/* fio's reserved words in values, and the sums fio hands to bc. */
#include "fio-compat/keywords.h"
#include "src/lunmark.h"
#include "tests/unit/unit.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Each word replaced, wherever it stands; sums worked out as bc does. */
static void lm_test_keywords(void)
{
	long page = sysconf(_SC_PAGESIZE), cpus = sysconf(_SC_NPROCESSORS_CONF);
	long long mb = (long long)sysconf(_SC_PHYS_PAGES) * page / (1 << 20);
	char out[256], why[200], want[64];

	CU_ASSERT_EQUAL(
		lm_fio_keywords("4k", 0, out, sizeof(out), why, sizeof(why)),
		0);
	CU_ASSERT_STRING_EQUAL(out, "4k");
	/* no word: no sum either (fio calls bc only after a word) */
	CU_ASSERT_EQUAL(
		lm_fio_keywords("4k-8k", 0, out, sizeof(out), why, sizeof(why)),
		0);
	CU_ASSERT_STRING_EQUAL(out, "4k-8k");
	lm_fio_keywords("$ncpus", 0, out, sizeof(out), why, sizeof(why));
	snprintf(want, sizeof(want), "%ld", cpus);
	CU_ASSERT_STRING_EQUAL(out, want);
	lm_fio_keywords("$mb_memory", 0, out, sizeof(out), why, sizeof(why));
	snprintf(want, sizeof(want), "%lld", mb);
	CU_ASSERT_STRING_EQUAL(out, want);
	lm_fio_keywords("a$pagesize.b", 0, out, sizeof(out), why, sizeof(why));
	snprintf(want, sizeof(want), "a%ld.b", page);
	CU_ASSERT_STRING_EQUAL(out, want);
	/* bc's precedence, brackets, unary minus, division toward zero */
	CU_ASSERT_EQUAL(lm_fio_keywords("($pagesize + 4096) * (2+1) - 7/2", 0,
					out, sizeof(out), why, sizeof(why)),
			0);
	snprintf(want, sizeof(want), "%ld", (page + 4096) * 3 - 3);
	CU_ASSERT_STRING_EQUAL(out, want);
	lm_fio_keywords("-($ncpus*7)/2", 0, out, sizeof(out), why, sizeof(why));
	snprintf(want, sizeof(want), "%ld", -(cpus * 7) / 2);
	CU_ASSERT_STRING_EQUAL(out, want);
}

/* What bc fails, fio fails: each refused, saying why. */
static void lm_test_keywords_bad(void)
{
	static const struct {
		const char *in, *why;
	} t[] = {
		{ "$ncpus/0", "divides by zero" },
		{ "($ncpus*2", "'(' is not closed" },
		{ "$ncpus**2", "a number is missing" },
		{ "$ncpus*2)", "too many" },
		{ "9223372036854775807+$ncpus", "overflows" },
		{ "$pagesize*9223372036854775807", "overflows" },
		{ "4k-$pagesize", "bc" },
		{ "/data/$ncpus", "bc" },
		/* past bc's 100 characters fio reads the first number */
		{ "$pagesize*2+0+0+0+0+0+0+0+0+0+0+0+0+0+0+0+0+0+0+0+0+0+0+0"
		  "+0+0+0+0+0+0+0+0+0+0+0+0+0+0+0+0+0+0+0+0+0+0+0+0+0+0+0+1",
		  "where fio works out 100 at most" },
	};
	char out[256], why[200], big[300];
	unsigned int i;

	/* a sum of 85 characters ($ncpus and 42 "+1") after a name of 50:
	 * past fio's 127 for the line; after one of 10, worked out */
	strcpy(big, "$ncpus");
	for (i = 0; i < 42; i++)
		strcat(big, "+1");
	CU_ASSERT_EQUAL(
		lm_fio_keywords(big, 50, out, sizeof(out), why, sizeof(why)),
		-EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "127 with the name"));
	CU_ASSERT_EQUAL(
		lm_fio_keywords(big, 10, out, sizeof(out), why, sizeof(why)),
		0);

	for (i = 0; i < LM_ARRAY_SIZE(t); i++) {
		why[0] = '\0';
		CU_ASSERT_EQUAL(lm_fio_keywords(t[i].in, 0, out, sizeof(out),
						why, sizeof(why)),
				-EINVAL);
		CU_ASSERT_PTR_NOT_NULL(strstr(why, t[i].why));
	}
	/* a value longer than the room for it (a word is always longer
	 * than its number, so only a value too long to start with is) */
	memset(big, 'x', sizeof(big) - 7);
	memcpy(big + sizeof(big) - 7, "$ncpus", 7);
	CU_ASSERT_EQUAL(
		lm_fio_keywords(big, 0, out, sizeof(out), why, sizeof(why)),
		-EINVAL);
}

int lm_suite_fio_keywords(void)
{
	static const struct lm_unit_test t[] = {
		{ "$pagesize, $mb_memory, $ncpus and their sums",
		  lm_test_keywords },
		{ "sums bc fails are refused", lm_test_keywords_bad },
		{ NULL, NULL },
	};
	return lm_unit_add("fio keywords", t);
}

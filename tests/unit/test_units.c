// SPDX-License-Identifier: MIT
#include "src/units.h"
#include "tests/unit/unit.h"

#include <errno.h>
#include <string.h>

static void lm_test_sizes(void)
{
	static const struct {
		const char *in;
		uint64_t out;
	} ok[] = {
		{ "0", 0 },
		{ "512", 512 },
		{ "4k", 4096 },
		{ "4K", 4096 },
		{ "4KiB", 4096 },
		{ "4kb", 4096 },
		{ "1m", 1048576 },
		{ "1MiB", 1048576 },
		{ "2g", 2147483648ull },
		{ "1t", 1ull << 40 },
		{ "100b", 100 },
	};
	static const char *const bad[] = { "",	  "k",	  "-1",	 "4q",
					   "4 k", "1.5m", "0x10" };
	unsigned int i;
	uint64_t v;

	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		CU_ASSERT_EQUAL(lm_parse_size(ok[i].in, &v), 0);
		CU_ASSERT_EQUAL(v, ok[i].out);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		CU_ASSERT_EQUAL(lm_parse_size(bad[i], &v), -EINVAL);
	CU_ASSERT_EQUAL(lm_parse_size("99999999999999999999", &v), -ERANGE);
	CU_ASSERT_EQUAL(lm_parse_size("17179869184g", &v), -ERANGE);
}

static void lm_test_times(void)
{
	uint64_t ns;

	CU_ASSERT_EQUAL(lm_parse_time("5", &ns), 0);
	CU_ASSERT_EQUAL(ns, 5000000000ull);
	CU_ASSERT_EQUAL(lm_parse_time("250ms", &ns), 0);
	CU_ASSERT_EQUAL(ns, 250000000ull);
	CU_ASSERT_EQUAL(lm_parse_time("10us", &ns), 0);
	CU_ASSERT_EQUAL(ns, 10000ull);
	CU_ASSERT_EQUAL(lm_parse_time("2m", &ns), 0);
	CU_ASSERT_EQUAL(ns, 120000000000ull);
	CU_ASSERT_EQUAL(lm_parse_time("1h", &ns), 0);
	CU_ASSERT_EQUAL(ns, 3600000000000ull);
	CU_ASSERT_EQUAL(lm_parse_time("1d", &ns), -EINVAL);
	CU_ASSERT_EQUAL(lm_parse_time("s", &ns), -EINVAL);
}

static void lm_test_fmt_size(void)
{
	char b[32];

	lm_fmt_size(b, sizeof(b), 1ull << 30);
	CU_ASSERT_STRING_EQUAL(b, "1GiB");
	lm_fmt_size(b, sizeof(b), 4096);
	CU_ASSERT_STRING_EQUAL(b, "4KiB");
	lm_fmt_size(b, sizeof(b), 1536ull << 20);
	CU_ASSERT_STRING_EQUAL(b, "1536MiB");
	lm_fmt_size(b, sizeof(b), 1000);
	CU_ASSERT_STRING_EQUAL(b, "1000B");
	lm_fmt_size(b, sizeof(b), 0);
	CU_ASSERT_STRING_EQUAL(b, "0B");
}

int lm_suite_units(void)
{
	static const struct lm_unit_test t[] = {
		{ "sizes and suffixes", lm_test_sizes },
		{ "times and suffixes", lm_test_times },
		{ "size names", lm_test_fmt_size },
		{ NULL, NULL },
	};
	return lm_unit_add("units", t);
}

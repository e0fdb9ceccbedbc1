// SPDX-License-Identifier: MIT
#include "fio-compat/values.h"
#include "src/lunmark.h"
#include "src/units.h"
#include "tests/unit/unit.h"

#include <errno.h>
#include <string.h>

/* lunmark's command-line sizes: every prefix binary, i or not */
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
	static const char *const bad[] = { "",	  "k",	  "-1", "4q",
					   "4 k", "1.5m", "0x" };
	unsigned int i;
	uint64_t v;

	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		CU_ASSERT_EQUAL(lm_fio_size(ok[i].in, LM_KB_BINARY, &v), 0);
		CU_ASSERT_EQUAL(v, ok[i].out);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		CU_ASSERT_EQUAL(lm_fio_size(bad[i], LM_KB_BINARY, &v), -EINVAL);
	CU_ASSERT_EQUAL(lm_fio_size("99999999999999999999", LM_KB_BINARY, &v),
			-ERANGE);
	CU_ASSERT_EQUAL(lm_fio_size("17179869184g", LM_KB_BINARY, &v), -ERANGE);
}

static void lm_test_times(void)
{
	uint64_t ns;

	CU_ASSERT_EQUAL(lm_fio_time("5", 1000000000ull, &ns), 0);
	CU_ASSERT_EQUAL(ns, 5000000000ull);
	CU_ASSERT_EQUAL(lm_fio_time("250ms", 1000000000ull, &ns), 0);
	CU_ASSERT_EQUAL(ns, 250000000ull);
	CU_ASSERT_EQUAL(lm_fio_time("10us", 1000000000ull, &ns), 0);
	CU_ASSERT_EQUAL(ns, 10000ull);
	CU_ASSERT_EQUAL(lm_fio_time("2m", 1000000000ull, &ns), 0);
	CU_ASSERT_EQUAL(ns, 120000000000ull);
	CU_ASSERT_EQUAL(lm_fio_time("1h", 1000000000ull, &ns), 0);
	CU_ASSERT_EQUAL(ns, 3600000000000ull);
	CU_ASSERT_EQUAL(lm_fio_time("1d", 1000000000ull, &ns), 0);
	CU_ASSERT_EQUAL(ns, 86400000000000ull);
	CU_ASSERT_EQUAL(lm_fio_time("1w", 1000000000ull, &ns), -EINVAL);
	CU_ASSERT_EQUAL(lm_fio_time("s", 1000000000ull, &ns), -EINVAL);
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

/* What lunmark prints, typed back on its command line, is the same size. */
static void lm_test_size_round_trip(void)
{
	static const uint64_t sizes[] = {
		512, 4096, 1536ull << 20, 1ull << 30, (1ull << 40) + 4096, 1000
	};
	unsigned int i;
	uint64_t v;
	char b[32];

	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		lm_fmt_size(b, sizeof(b), sizes[i]);
		CU_ASSERT_EQUAL(lm_fio_size(b, LM_KB_BINARY, &v), 0);
		CU_ASSERT_EQUAL(v, sizes[i]);
	}
}

/* Text shown as it is: printable UTF-8, nothing else. */
static void lm_test_text_ok(void)
{
	static const struct {
		const char *s;
		bool ok;
		size_t at;
	} cases[] = {
		{ "RAID1 encrypted", true, 0 },
		{ "caf\xc3\xa9 \xe6\x97\xa5 \xf0\x9f\x98\x80", true, 0 },
		{ "a\x1b[2J", false, 1 },	  /* ESC */
		{ "tab\there", false, 3 },	  /* C0 */
		{ "del\x7f", false, 3 },	  /* DEL */
		{ "c1 \xc2\x9b", false, 3 },	  /* CSI as U+009B */
		{ "\xc0\xaf", false, 0 },	  /* overlong '/' */
		{ "\xed\xa0\x80", false, 0 },	  /* a surrogate */
		{ "\xf4\x90\x80\x80", false, 0 }, /* past U+10FFFF */
		{ "cut \xe6\x97", false, 4 },	  /* a sequence cut short */
		{ "\xff", false, 0 },
	};
	unsigned int i;
	size_t at;

	for (i = 0; i < LM_ARRAY_SIZE(cases); i++) {
		at = 99;
		CU_ASSERT_EQUAL(lm_text_ok(cases[i].s, &at), cases[i].ok);
		if (!cases[i].ok)
			CU_ASSERT_EQUAL(at, cases[i].at);
	}
}

int lm_suite_units(void)
{
	static const struct lm_unit_test t[] = {
		{ "sizes and suffixes", lm_test_sizes },
		{ "times and suffixes", lm_test_times },
		{ "size names", lm_test_fmt_size },
		{ "size names read back", lm_test_size_round_trip },
		{ "text shown as it is", lm_test_text_ok },
		{ NULL, NULL },
	};
	return lm_unit_add("units", t);
}

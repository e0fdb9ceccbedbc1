// SPDX-License-Identifier: MIT
/* The write guard's look at a target's ends (guard.h), on signatures laid
 * out by hand the way their tools write them. */
#include "src/target/guard.h"
#include "tests/unit/unit.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define LM_MIB (1u << 20)

static uint8_t lm_head[LM_MIB], lm_tail[LM_MIB];

static int lm_look(uint64_t size, char *out, size_t len)
{
	return lm_guard_probe(lm_head, size > LM_MIB ? lm_tail : NULL, LM_MIB,
			      size, 512, out, len);
}

static void lm_put_le32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

static void lm_clear(void)
{
	memset(lm_head, 0, sizeof(lm_head));
	memset(lm_tail, 0, sizeof(lm_tail));
}

/* A DOS partition table: one Linux partition, the 0x55AA mark */
static void lm_lay_dos(void)
{
	uint8_t *e = lm_head + 446;

	e[4] = 0x83;
	lm_put_le32(e + 8, 2048);
	lm_put_le32(e + 12, 100000);
	lm_head[510] = 0x55;
	lm_head[511] = 0xaa;
}

/* An md 0.90 superblock: 64 KiB from the end, 64 KiB aligned */
static void lm_lay_md(void)
{
	lm_put_le32(lm_tail + LM_MIB - 65536, 0xa92b4efc);
	lm_put_le32(lm_tail + LM_MIB - 65536 + 8, 90);
}

static void lm_test_nothing(void)
{
	char out[256] = "x";

	lm_clear();
	CU_ASSERT_EQUAL(lm_look(64ull * LM_MIB, out, sizeof(out)), 0);
	CU_ASSERT_STRING_EQUAL(out, "");
	/* random data is no signature either */
	srand(7);
	for (size_t i = 0; i < sizeof(lm_head); i++)
		lm_head[i] = (uint8_t)rand();
	CU_ASSERT_EQUAL(lm_look(64ull * LM_MIB, out, sizeof(out)), 0);
}

/* mkswap's header: version 1 at 1024, its label at 1052, the magic in
 * the last 10 bytes of the first 4 KiB page */
static void lm_test_swap(void)
{
	char out[256];

	lm_clear();
	lm_put_le32(lm_head + 1024, 1);
	lm_put_le32(lm_head + 1028, 16383);
	memcpy(lm_head + 1052, "scratch", 7);
	memcpy(lm_head + 4096 - 10, "SWAPSPACE2", 10);
	CU_ASSERT_EQUAL(lm_look(64ull * LM_MIB, out, sizeof(out)), 1);
	CU_ASSERT_STRING_EQUAL(out, "a swap area labelled 'scratch'");
}

/* md 0.90 sits near the end: only the look at the last MiB finds it */
static void lm_test_md_at_end(void)
{
	char out[256];

	lm_clear();
	lm_lay_md();
	CU_ASSERT_EQUAL(lm_look(256ull * LM_MIB, out, sizeof(out)), 1);
	CU_ASSERT_STRING_EQUAL(out, "an md RAID member");
	/* without the tail it is not seen */
	CU_ASSERT_EQUAL(lm_guard_probe(lm_head, NULL, LM_MIB, LM_MIB, 512, out,
				       sizeof(out)),
			0);
}

static void lm_test_dos(void)
{
	char out[256];

	lm_clear();
	lm_lay_dos();
	CU_ASSERT_EQUAL(lm_look(64ull * LM_MIB, out, sizeof(out)), 1);
	CU_ASSERT_STRING_EQUAL(out, "a DOS (MBR) partition table");
}

/* Two at once, joined; a short output buffer is cut, not overrun */
static void lm_test_two(void)
{
	char out[256], small[12];

	lm_clear();
	lm_lay_md();
	lm_lay_dos();
	CU_ASSERT_EQUAL(lm_look(256ull * LM_MIB, out, sizeof(out)), 1);
	CU_ASSERT_STRING_EQUAL(
		out, "an md RAID member; a DOS (MBR) partition table");
	CU_ASSERT_EQUAL(lm_look(256ull * LM_MIB, small, sizeof(small)), 1);
	CU_ASSERT_STRING_EQUAL(small, "an md RAID ");
}

int lm_suite_guard(void)
{
	static const struct lm_unit_test tests[] = {
		{ "nothing found on zeros or noise", lm_test_nothing },
		{ "swap, with its label", lm_test_swap },
		{ "md 0.90 in the last MiB", lm_test_md_at_end },
		{ "DOS partition table", lm_test_dos },
		{ "two signatures", lm_test_two },
		{ NULL, NULL },
	};

	return lm_unit_add("write guard", tests);
}

// SPDX-License-Identifier: MIT
/* The memory of the logs of every IO: the run's budget, and the room a
 * memory cgroup leaves, which the budget is half of. */
#include "src/run/iolog.h"
#include "src/run/memroom.h"
#include "tests/unit/unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define LM_CHUNK ((int64_t)sizeof(struct lm_iolog_chunk))

/* @n records, 2 ns apart from @at, into @l */
static void lm_fill(struct lm_iolog *l, uint64_t at, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		lm_iolog_add(l, &(struct lm_io_rec){ .at_ns = at + i * 2,
						     .bs = 4096 });
}

/* Two logs share a budget of two and a half chunks: the third chunk is
 * refused, whichever log asks, and freeing gives it all back. */
static void lm_test_budget(void)
{
	struct lm_iolog_budget b = { .total = 5 * LM_CHUNK / 2 };
	struct lm_iolog x = { .budget = &b }, y = { .budget = &b };

	atomic_init(&b.left, (int64_t)b.total);
	atomic_init(&b.spent, false);
	lm_fill(&x, 0, LM_IOLOG_CHUNK + 1); /* two chunks */
	CU_ASSERT_FALSE(x.full);
	CU_ASSERT_EQUAL(atomic_load(&b.left), LM_CHUNK / 2);
	lm_fill(&y, 0, 1);
	CU_ASSERT_TRUE(y.full);
	CU_ASSERT_EQUAL(y.n, 0);
	CU_ASSERT_TRUE(atomic_load(&b.spent));
	lm_fill(&x, 0, LM_IOLOG_CHUNK); /* fills the second, then stops */
	CU_ASSERT_TRUE(x.full);
	CU_ASSERT_EQUAL(x.n, 2 * LM_IOLOG_CHUNK);
	lm_iolog_free(&x);
	lm_iolog_free(&y);
	CU_ASSERT_EQUAL(atomic_load(&b.left), (int64_t)b.total);
	CU_ASSERT_PTR_EQUAL(x.budget, &b);
}

/* Interleaving two logs that spent the budget loses none of their
 * records: the copy frees what it has copied as it goes, and is charged
 * at the end, a chunk past the budget at most. */
static void lm_test_budget_interleave(void)
{
	struct lm_iolog_budget b = { .total = 2 * LM_CHUNK };
	struct lm_iolog x = { .budget = &b }, y = { .budget = &b };
	const struct lm_iolog_chunk *c;
	uint64_t prev = 0, n = 0;
	bool sorted = true;
	unsigned int i;

	atomic_init(&b.left, (int64_t)b.total);
	atomic_init(&b.spent, false);
	lm_fill(&x, 0, 1000);
	lm_fill(&y, 0, 1000); /* y's at 1, 3, 5 ... after the shift */
	CU_ASSERT_EQUAL(atomic_load(&b.left), 0);
	lm_iolog_merge(&x, &y, 1, true);
	CU_ASSERT_EQUAL(x.n, 2000);
	CU_ASSERT_FALSE(x.full);
	for (c = x.head; c; c = c->next)
		for (i = 0; i < c->n; i++, n++) {
			sorted &= c->r[i].at_ns == n;
			prev = c->r[i].at_ns;
		}
	CU_ASSERT_EQUAL(n, 2000);
	CU_ASSERT_EQUAL(prev, 1999);
	CU_ASSERT_TRUE(sorted);
	CU_ASSERT_EQUAL(y.n, 0);
	CU_ASSERT_EQUAL(atomic_load(&b.left), LM_CHUNK);
	lm_iolog_free(&x);
	CU_ASSERT_EQUAL(atomic_load(&b.left), (int64_t)b.total);
}

/* @text into @dir/@name; the path kept in @made[*n] to be removed */
static void lm_put(const char *dir, const char *name, const char *text,
		   char made[][96], unsigned int *n)
{
	char path[96];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs(text, f);
	fclose(f);
	snprintf(made[(*n)++], sizeof(made[0]), "%s", path);
}

/* A cgroup's room is the least of its own, its parents' and the root's
 * limits less their usage, the page cache they can drop left out: v2's
 * "max" and v1's page-rounded LLONG_MAX are no limit. */
static void lm_test_cgroup_room(void)
{
	char mnt[] = "/tmp/lm-cgroup.XXXXXX", a[64], ab[80], made[16][96];
	unsigned int n = 0;

	CU_ASSERT_PTR_NOT_NULL_FATAL(mkdtemp(mnt));
	snprintf(a, sizeof(a), "%s/a", mnt);
	snprintf(ab, sizeof(ab), "%s/a/b", mnt);
	if (mkdir(a, 0700) || mkdir(ab, 0700))
		goto out_rm;
	CU_ASSERT_EQUAL(lm_cgroup_room(mnt, "/a/b", false), UINT64_MAX);
	lm_put(a, "memory.max", "1000\n", made, &n);
	lm_put(a, "memory.current", "400\n", made, &n);
	lm_put(ab, "memory.max", "max\n", made, &n);
	lm_put(ab, "memory.current", "100\n", made, &n);
	CU_ASSERT_EQUAL(lm_cgroup_room(mnt, "/a/b", false), 600);
	/* 300 of a's 400 are page cache it can drop */
	lm_put(a, "memory.stat", "anon 100\nfile 300\ninactive_file 300\n",
	       made, &n);
	CU_ASSERT_EQUAL(lm_cgroup_room(mnt, "/a/b", false), 900);
	lm_put(ab, "memory.max", "500\n", made, &n);
	CU_ASSERT_EQUAL(lm_cgroup_room(mnt, "/a/b", false), 400);
	lm_put(ab, "memory.current", "700\n", made, &n); /* over its limit */
	CU_ASSERT_EQUAL(lm_cgroup_room(mnt, "/a/b", false), 0);
	/* the root counts: a container's cgroup, mounted as the root, where
	 * /proc/self/cgroup names a path that is not there */
	lm_put(mnt, "memory.max", "250\n", made, &n);
	lm_put(mnt, "memory.current", "50\n", made, &n);
	CU_ASSERT_EQUAL(lm_cgroup_room(mnt, "/docker/0123abcd", false), 200);
	/* v1: no limit is LLONG_MAX rounded down to a page */
	lm_put(a, "memory.limit_in_bytes", "9223372036854771712\n", made, &n);
	lm_put(a, "memory.usage_in_bytes", "178475008\n", made, &n);
	CU_ASSERT_EQUAL(lm_cgroup_room(mnt, "/a", true), UINT64_MAX);
	lm_put(a, "memory.limit_in_bytes", "4096\n", made, &n);
	lm_put(a, "memory.stat", "cache 2048\ntotal_inactive_file 1024\n", made,
	       &n);
	lm_put(a, "memory.usage_in_bytes", "3072\n", made, &n);
	CU_ASSERT_EQUAL(lm_cgroup_room(mnt, "/a", true), 2048);
out_rm:
	while (n)
		unlink(made[--n]);
	rmdir(ab);
	rmdir(a);
	CU_ASSERT_EQUAL(rmdir(mnt), 0);
}

int lm_suite_iolog(void)
{
	static const struct lm_unit_test t[] = {
		{ "a budget shared by two logs", lm_test_budget },
		{ "interleaving under a spent budget keeps every record",
		  lm_test_budget_interleave },
		{ "a cgroup's room: its limits and its parents'",
		  lm_test_cgroup_room },
		{ NULL, NULL },
	};
	return lm_unit_add("iolog", t);
}

// SPDX-License-Identifier: MIT
/*
 * The engine contract on a real file: every queued IO is reaped exactly
 * once with its result, including IOs the kernel refuses (a write to a
 * file opened read-only fails with EBADF, at submission for libaio, in
 * the completion for io_uring, in the call for psync).
 */
#include "src/job/buffer.h"
#include "src/engine/engine.h"
#include "src/target/target.h"
#include "tests/unit/unit.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char lm_path[] = "/tmp/lunmark-unit-XXXXXX";

static int lm_engines_init(void)
{
	int fd = mkstemp(lm_path);

	if (fd < 0)
		return -1;
	if (ftruncate(fd, 1 << 20)) {
		close(fd);
		return -1;
	}
	close(fd);
	return 0;
}

static int lm_engines_clean(void)
{
	unlink(lm_path);
	return 0;
}

/* Queue @n IOs, @writes of them writes, on @name; check every result. */
static void lm_contract(const char *name, unsigned int depth)
{
	struct lm_target_opts o = { .write = false, .direct = false };
	struct lm_io ios[4], *done[4];
	struct lm_engine e = { 0 };
	unsigned int i, got = 0, seen[4] = { 0 };
	struct lm_target t;
	struct lm_bufs b;
	int n, ret;

	CU_ASSERT_EQUAL_FATAL(lm_target_open(&t, lm_path, &o), 0);
	CU_ASSERT_EQUAL_FATAL(
		lm_bufs_alloc(&b, depth, 4096, LM_PATTERN_ZERO, 0), 0);
	e.ops = lm_engine_find(name);
	e.conf.depth = depth;
	e.conf.bufs = b.iov;
	e.conf.nbufs = b.n;
	ret = e.ops->setup(&e, &t);
	CU_ASSERT_EQUAL_FATAL(ret, 0);
	for (i = 0; i < depth; i++) {
		ios[i] = (struct lm_io){ .buf = b.iov[i].iov_base,
					 .offset = (uint64_t)i * 4096,
					 .len = 4096,
					 .slot = i,
					 .buf_index = i,
					 .dir = i % 2 == 1 ? LM_DIR_WRITE
							   : LM_DIR_READ,
					 .res = 12345 };
		CU_ASSERT_EQUAL(e.ops->queue(&e, &ios[i]), 0);
	}
	CU_ASSERT(e.ops->submit(&e, false) >= 0);
	while (got < depth) {
		n = e.ops->reap(&e, 1, done, 4);
		CU_ASSERT_FATAL(n >= 0);
		for (i = 0; i < (unsigned int)n; i++) {
			seen[done[i]->slot]++;
			got++;
		}
	}
	for (i = 0; i < depth; i++) {
		CU_ASSERT_EQUAL(seen[i], 1);
		CU_ASSERT_EQUAL(ios[i].res,
				ios[i].dir == LM_DIR_WRITE ? -EBADF : 4096);
	}
	e.ops->teardown(&e);
	lm_bufs_free(&b);
	lm_target_close(&t);
}

static void lm_test_uring(void)
{
	lm_contract("uring", 4);
}

static void lm_test_aio(void)
{
	lm_contract("aio", 4);
}

static void lm_test_psync(void)
{
	lm_contract("psync", 1);
}

/*
 * engine.h: teardown follows every setup, also one that failed, whatever
 * that setup left. A queue of no IOs fails every engine's setup (the iscsi
 * engine's sooner: a file is not an iscsi:// URL), before or after it
 * allocated its context.
 */
static void lm_test_failed_setup(void)
{
	struct lm_target_opts o = { .write = false, .direct = false };
	const struct lm_engine_ops *ops;
	struct lm_target t;
	unsigned int i;

	CU_ASSERT_EQUAL_FATAL(lm_target_open(&t, lm_path, &o), 0);
	for (i = 0; (ops = lm_engine_at(i)); i++) {
		struct lm_engine e = { .ops = ops };
		int ret = ops->setup(&e, &t);

		if (ret >= 0)
			fprintf(stderr, "\n%s: setup of depth 0 succeeded\n",
				ops->name);
		CU_ASSERT(ret < 0);
		ops->teardown(&e);
		CU_ASSERT_PTR_NULL(e.priv);
	}
	CU_ASSERT(i > 0);
	lm_target_close(&t);
}

/* buffer_compress_percentage: each 512-byte chunk ends in its zeros */
static void lm_test_compressible(void)
{
	struct lm_bufs b;
	const unsigned char *p;
	size_t at, i, nz;

	CU_ASSERT_EQUAL_FATAL(lm_bufs_alloc(&b, 2, 4096, LM_PATTERN_RANDOM, 7),
			      0);
	lm_bufs_compressible(&b, 50, NULL);
	for (at = 0; at < b.len; at += LM_COMPRESS_CHUNK) {
		p = (const unsigned char *)b.mem + at;
		for (i = 256, nz = 0; i < LM_COMPRESS_CHUNK; i++)
			nz += p[i] != 0;
		CU_ASSERT_EQUAL(nz, 0);
		for (i = 0, nz = 0; i < 256; i++)
			nz += p[i] != 0;
		CU_ASSERT(nz > 200);
	}
	lm_bufs_free(&b);
}

/* with buffer_pattern: each chunk's compressible part holds the pattern
 * from its start, as fio's fill_random_buf_percentage() */
static void lm_test_compressible_pattern(void)
{
	struct lm_verify_pattern pat = { .b = { 0xde, 0xad, 0xbe }, .len = 3 };
	struct lm_bufs b;
	const unsigned char *p;
	size_t at, i, bad;

	CU_ASSERT_EQUAL_FATAL(lm_bufs_alloc(&b, 2, 4096, LM_PATTERN_RANDOM, 7),
			      0);
	lm_bufs_compressible(&b, 25, &pat);
	for (at = 0; at < b.len; at += LM_COMPRESS_CHUNK) {
		p = (const unsigned char *)b.mem + at + 384;
		for (i = 0, bad = 0; i < 128; i++)
			bad += p[i] != pat.b[i % 3];
		CU_ASSERT_EQUAL(bad, 0);
	}
	lm_bufs_free(&b);
}

int lm_suite_engines(void)
{
	static const struct lm_unit_test t[] = {
		{ "uring: refused writes reaped once", lm_test_uring },
		{ "aio: refused writes reaped once", lm_test_aio },
		{ "psync: refused write reaped once", lm_test_psync },
		{ "every engine: teardown after a failed setup",
		  lm_test_failed_setup },
		{ "buffers: compressible by a share", lm_test_compressible },
		{ "buffers: compressible, a pattern in place of zeros",
		  lm_test_compressible_pattern },
		{ NULL, NULL },
	};
	CU_pSuite s = CU_add_suite("engines (real file)", lm_engines_init,
				   lm_engines_clean);
	const struct lm_unit_test *p;

	if (!s)
		return -1;
	for (p = t; p->name; p++)
		if (!CU_add_test(s, p->name, p->fn))
			return -1;
	return 0;
}

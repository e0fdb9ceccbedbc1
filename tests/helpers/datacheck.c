// SPDX-License-Identifier: MIT
/*
 * lm-datacheck ENGINE TARGET SIZE [DUMP]: read the first SIZE bytes of
 * TARGET through lunmark's ENGINE (uring, aio, psync, iscsi) in reads of
 * $LM_DATACHECK_BS bytes (default 256k) at queue depth $LM_DATACHECK_QD
 * (default 8, at most 32), and check that every logical block carries the stamp lunmark writes:
 * its own byte offset. With DUMP, also write what was read to that file,
 * so a test can compare it with what the kernel says the target holds.
 *
 * Prints "blocks=N stamped=N zero=N" and exits 0 when every block is
 * stamped with its own offset, 1 when not, 2 on a usage or IO error.
 */
#include "src/job/buffer.h"
#include "src/engine/engine.h"
#include "src/target/target.h"
#include "src/units.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LM_DEPTH 32u

static int lm_check(const struct lm_io *io, uint32_t lbs, uint64_t *stamped,
		    uint64_t *zero, FILE *dump)
{
	const unsigned char *p = io->buf;
	struct lm_stamp s;
	uint32_t at, i;
	int bad = 0;

	for (at = 0; at < io->len; at += lbs) {
		memcpy(&s, p + at, sizeof(s));
		if (s.offset == io->offset + at) {
			(*stamped)++;
			continue;
		}
		for (i = 0; i < lbs && !p[at + i]; i++)
			;
		if (i == lbs)
			(*zero)++;
		if (!bad)
			fprintf(stderr,
				"lm-datacheck: block at %llu carries offset %llu\n",
				(unsigned long long)(io->offset + at),
				(unsigned long long)s.offset);
		bad = 1;
	}
	if (dump && fwrite(p, 1, io->len, dump) != io->len)
		return -EIO;
	return bad;
}

int main(int argc, char **argv)
{
	struct lm_target_opts o = { .direct = true };
	struct lm_io ios[LM_DEPTH], *done[LM_DEPTH];
	uint64_t size, next = 0, expect = 0, stamped = 0, zero = 0;
	struct lm_engine e = { 0 };
	struct lm_target t;
	struct lm_bufs b;
	FILE *dump = NULL;
	unsigned int i, inflight = 0, depth = 8;
	uint64_t chunk = 256 << 10, qd = depth;
	int n, bad = 0, ret;

	if ((getenv("LM_DATACHECK_BS") &&
	     lm_parse_size(getenv("LM_DATACHECK_BS"), &chunk)) ||
	    (getenv("LM_DATACHECK_QD") &&
	     lm_parse_size(getenv("LM_DATACHECK_QD"), &qd)) ||
	    !chunk || chunk > (1u << 24) || !qd || qd > LM_DEPTH) {
		fprintf(stderr, "lm-datacheck: bad LM_DATACHECK_BS or _QD\n");
		return 2;
	}
	if (argc < 4 || !(e.ops = lm_engine_find(argv[1])) ||
	    lm_parse_size(argv[3], &size) || size % chunk) {
		fprintf(stderr,
			"usage: lm-datacheck ENGINE TARGET SIZE [DUMP] (SIZE a multiple of the read size)\n");
		return 2;
	}
	depth = lm_engine_depth(e.ops, (unsigned int)qd);
	if (lm_target_open(&t, argv[2], &o))
		return 2;
	if (lm_bufs_alloc(&b, depth, (uint32_t)chunk, LM_PATTERN_ZERO, 0))
		return 2;
	if (argc > 4 && !(dump = fopen(argv[4], "w")))
		return 2;
	e.conf.depth = depth;
	e.conf.bufs = b.iov;
	e.conf.nbufs = b.n;
	ret = e.ops->setup(&e, &t);
	if (ret) {
		fprintf(stderr, "lm-datacheck: %s setup: %s\n", argv[1],
			strerror(-ret));
		goto out_err;
	}
	/* Completions may come in any order; dump needs them in order, so
	 * each batch is issued, reaped whole, then checked by offset. */
	while (expect < size) {
		for (i = 0; i < depth && next < size; i++, next += chunk) {
			ios[i] = (struct lm_io){ .buf = b.iov[i].iov_base,
						 .offset = next,
						 .len = (uint32_t)chunk,
						 .slot = i,
						 .buf_index = i };
			e.ops->queue(&e, &ios[i]);
			inflight++;
		}
		e.ops->submit(&e);
		while (inflight) {
			n = e.ops->reap(&e, 1, done, depth);
			if (n < 0) {
				fprintf(stderr, "lm-datacheck: reap: %s\n",
					strerror(-n));
				goto out_err;
			}
			inflight -= (unsigned int)n;
		}
		for (i = 0; i < depth && expect < size; i++, expect += chunk) {
			if (ios[i].res != (int)chunk) {
				fprintf(stderr,
					"lm-datacheck: read at %llu: %d\n",
					(unsigned long long)ios[i].offset,
					ios[i].res);
				goto out_err;
			}
			ret = lm_check(&ios[i], t.lbs_bytes, &stamped, &zero,
				       dump);
			if (ret < 0)
				goto out_err;
			bad |= ret;
		}
	}
	e.ops->teardown(&e);
	if (dump)
		fclose(dump);
	lm_bufs_free(&b);
	lm_target_close(&t);
	printf("blocks=%llu stamped=%llu zero=%llu\n",
	       (unsigned long long)(size / t.lbs_bytes),
	       (unsigned long long)stamped, (unsigned long long)zero);
	return bad;
out_err:
	if (dump)
		fclose(dump);
	return 2;
}

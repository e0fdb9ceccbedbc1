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
#include "fio-compat/values.h"
#include "src/job/buffer.h"
#include "src/engine/engine.h"
#include "src/target/target.h"

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

/* What is read, and how. */
struct lm_dc {
	struct lm_engine e;
	struct lm_target t;
	struct lm_bufs b;
	FILE *dump;
	unsigned int depth;
	uint64_t chunk, size;
	uint64_t stamped, zero;
};

/*
 * Read @d->size bytes in batches of @d->depth reads and check each block.
 * Completions may come in any order; the dump needs them in order, so each
 * batch is issued, reaped whole, then checked by offset. 0 when every
 * block is stamped, 1 when not, -errno on an IO error.
 */
static int lm_dc_read(struct lm_dc *d)
{
	struct lm_io ios[LM_DEPTH], *done[LM_DEPTH];
	uint64_t next = 0, expect = 0;
	unsigned int i, inflight = 0;
	int n, bad = 0, ret;

	while (expect < d->size) {
		for (i = 0; i < d->depth && next < d->size;
		     i++, next += d->chunk) {
			ios[i] = (struct lm_io){ .buf = d->b.iov[i].iov_base,
						 .offset = next,
						 .len = (uint32_t)d->chunk,
						 .slot = i,
						 .buf_index = i };
			ret = d->e.ops->queue(&d->e, &ios[i]);
			if (ret < 0)
				return ret;
			inflight++;
		}
		ret = d->e.ops->submit(&d->e, false);
		if (ret < 0)
			return ret;
		while (inflight) {
			n = d->e.ops->reap(&d->e, 1, done, d->depth);
			if (n < 0)
				return n;
			inflight -= (unsigned int)n;
		}
		for (i = 0; i < d->depth && expect < d->size;
		     i++, expect += d->chunk) {
			if (ios[i].res != (int)d->chunk) {
				fprintf(stderr,
					"lm-datacheck: read at %llu: %d\n",
					(unsigned long long)ios[i].offset,
					ios[i].res);
				return ios[i].res < 0 ? ios[i].res : -EIO;
			}
			ret = lm_check(&ios[i], d->t.lbs_bytes, &d->stamped,
				       &d->zero, d->dump);
			if (ret < 0)
				return ret;
			bad |= ret;
		}
	}
	return bad;
}

int main(int argc, char **argv)
{
	struct lm_target_opts o = { .direct = true };
	struct lm_dc d = { .chunk = 256 << 10 };
	uint64_t qd = 8;
	int ret;

	if ((getenv("LM_DATACHECK_BS") &&
	     lm_fio_size(getenv("LM_DATACHECK_BS"), LM_KB_BINARY, &d.chunk)) ||
	    (getenv("LM_DATACHECK_QD") &&
	     lm_fio_size(getenv("LM_DATACHECK_QD"), LM_KB_BINARY, &qd)) ||
	    !d.chunk || d.chunk > (1u << 24) || !qd || qd > LM_DEPTH) {
		fprintf(stderr, "lm-datacheck: bad LM_DATACHECK_BS or _QD\n");
		return 2;
	}
	if (argc < 4 || !(d.e.ops = lm_engine_find(argv[1])) ||
	    lm_fio_size(argv[3], LM_KB_BINARY, &d.size) || d.size % d.chunk) {
		fprintf(stderr,
			"usage: lm-datacheck ENGINE TARGET SIZE [DUMP] (SIZE a multiple of the read size)\n");
		return 2;
	}
	d.depth = lm_engine_depth(d.e.ops, (unsigned int)qd);
	if (lm_target_open(&d.t, argv[2], &o))
		return 2;
	if (lm_bufs_alloc(&d.b, d.depth, (uint32_t)d.chunk, LM_PATTERN_ZERO, 0))
		return 2;
	if (argc > 4 && !(d.dump = fopen(argv[4], "w")))
		return 2;
	d.e.conf.depth = d.depth;
	d.e.conf.bufs = d.b.iov;
	d.e.conf.nbufs = d.b.n;
	ret = d.e.ops->setup(&d.e, &d.t);
	if (ret)
		fprintf(stderr, "lm-datacheck: %s setup: %s\n", argv[1],
			strerror(-ret));
	else
		ret = lm_dc_read(&d);
	if (ret < 0 && d.e.err[0])
		fprintf(stderr, "lm-datacheck: %s\n", d.e.err);
	d.e.ops->teardown(&d.e);
	if (d.dump)
		fclose(d.dump);
	lm_bufs_free(&d.b);
	if (ret >= 0)
		printf("blocks=%llu stamped=%llu zero=%llu\n",
		       (unsigned long long)(d.size / d.t.lbs_bytes),
		       (unsigned long long)d.stamped,
		       (unsigned long long)d.zero);
	lm_target_close(&d.t);
	return ret < 0 ? 2 : ret;
}

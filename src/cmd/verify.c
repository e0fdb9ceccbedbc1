// SPDX-License-Identifier: MIT
/* lunmark verify (verify.h). */
#include "src/cmd/verify.h"

#include "src/job/buffer.h"
#include "src/cmd/cmd.h"
#include "src/engine/engine.h"
#include "src/lunmark.h"
#include "src/stats/stats.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LM_VERIFY_DEPTH_MAX 256u
#define LM_VERIFY_SHOWN 10 /* mismatches printed one by one */

struct lm_vpass {
	struct lm_engine e;
	struct lm_target *t;
	const char *name; /* the target as the user knows it */
	struct lm_io ios[LM_VERIFY_DEPTH_MAX];
	struct lm_io *done[LM_VERIFY_DEPTH_MAX];
	unsigned int depth;
	uint64_t start, end; /* the region, bytes */
	uint32_t bs;
	uint64_t run;
	uint64_t blocks, bad; /* checked, and wrong */
	int io_err;
	uint64_t io_err_at;
};

/* A completed read: check its blocks. */
static void lm_vpass_check(struct lm_vpass *v, const struct lm_io *io)
{
	uint32_t lbs = v->t->lbs_bytes, at;
	char why[256];
	uint64_t found;

	for (at = 0; at < io->len; at += lbs, v->blocks++) {
		if (!lm_verify_check((const char *)io->buf + at, lbs,
				     io->offset + at, v->run, &found, why,
				     sizeof(why))) {
			if (!v->run) /* --check: the first good block names it */
				v->run = found;
			continue;
		}
		if (v->bad++ < LM_VERIFY_SHOWN)
			lm_err("verify: block at byte %llu: expected the block written there%s, found %s",
			       (unsigned long long)(io->offset + at),
			       v->run ? " by this pass" : "", why);
	}
}

/* One pass over the region, writing or reading, at v->depth. */
static int lm_vpass_run(struct lm_vpass *v, bool write)
{
	uint64_t next = v->start, seq = 0;
	unsigned int i, inflight = 0, free_n = v->depth;
	unsigned int freel[LM_VERIFY_DEPTH_MAX];
	uint32_t lbs = v->t->lbs_bytes;
	int n, k, ret;

	for (i = 0; i < v->depth; i++)
		freel[i] = i;
	while ((next < v->end && !lm_stop && !v->io_err) || inflight) {
		while (free_n && next < v->end && !lm_stop && !v->io_err) {
			struct lm_io *io = &v->ios[freel[--free_n]];

			io->offset = next;
			io->len =
				(uint32_t)(v->end - next < v->bs ? v->end - next
								 : v->bs);
			io->write = write;
			if (write)
				lm_verify_fill_io(io->buf, io->len, lbs, next,
						  v->run, seq);
			seq++;
			next += io->len;
			ret = v->e.ops->queue(&v->e, io);
			if (ret < 0) { /* not in flight: as a failed IO */
				freel[free_n++] = io->slot;
				v->io_err = -ret;
				v->io_err_at = io->offset;
				break;
			}
			inflight++;
		}
		/* what was queued is reaped even when this fails */
		ret = v->e.ops->submit(&v->e);
		if (ret < 0 && !v->io_err)
			v->io_err = -ret;
		if (!inflight)
			continue;
		n = v->e.ops->reap(&v->e, 1, v->done, v->depth);
		if (n < 0)
			return n;
		for (k = 0; k < n; k++) {
			struct lm_io *io = v->done[k];

			inflight--;
			freel[free_n++] = io->slot;
			if (io->res != (int)io->len) {
				if (!v->io_err) {
					v->io_err =
						io->res < 0 ? -io->res : EIO;
					v->io_err_at = io->offset;
				}
				continue;
			}
			if (!write)
				lm_vpass_check(v, io);
		}
	}
	return 0;
}

/* What the pass's options may not ask (the command line takes no option
 * of run's that verify has no use for: cli_opts.c). */
static int lm_verify_opts(const struct lm_cli *c)
{
	if (c->job.iodepth > LM_VERIFY_DEPTH_MAX) {
		lm_err("--iodepth=%u: lunmark verify goes to %u",
		       c->job.iodepth, LM_VERIFY_DEPTH_MAX);
		return LM_EXIT_USAGE;
	}
	return 0;
}

/* Set up @v's engine on @t with @b's buffers. */
static int lm_vpass_setup(struct lm_vpass *v, const struct lm_cli *c,
			  struct lm_target *t, struct lm_bufs *b)
{
	unsigned int i;
	int ret;

	v->t = t;
	v->name = t->kind == LM_TARGET_NONE ? "(none)" : t->name;
	v->e.ops = lm_engine_find(c->job.engine);
	v->depth = lm_engine_depth(v->e.ops, c->job.iodepth);
	v->bs = c->job.bs_bytes;
	if (lm_bufs_alloc(b, v->depth, v->bs, LM_PATTERN_RANDOM, c->job.seed)) {
		lm_err("out of memory for %u buffers of %u bytes", v->depth,
		       v->bs);
		return LM_EXIT_ENGINE;
	}
	for (i = 0; i < v->depth; i++)
		v->ios[i] = (struct lm_io){ .buf = b->iov[i].iov_base,
					    .slot = i,
					    .buf_index = i };
	v->e.conf.depth = v->depth;
	v->e.conf.bufs = b->iov;
	v->e.conf.nbufs = b->n;
	v->e.conf.seed = c->job.seed;
	v->e.conf.fault = c->job.fault;
	ret = v->e.ops->setup(&v->e, t);
	if (ret) {
		lm_err("%s: the %s engine: %s", t->name, v->e.ops->name,
		       lm_errtext(-ret, v->e.err));
		v->e.ops->teardown(&v->e);
		return LM_EXIT_ENGINE;
	}
	return 0;
}

/* Both passes, or the reading one; prints the outcome. */
static int lm_verify_passes(struct lm_vpass *v, bool check)
{
	uint64_t t0 = lm_now_ns();
	int ret = 0;

	if (!check) {
		ret = lm_vpass_run(v, true);
		if (!ret && !v->io_err && !lm_stop)
			ret = v->e.ops->flush ? v->e.ops->flush(&v->e)
			      : v->t->fd >= 0 && fdatasync(v->t->fd) ? -errno
								     : 0;
	}
	if (!ret && !v->io_err && !lm_stop)
		ret = lm_vpass_run(v, false);
	if (ret && !v->io_err)
		v->io_err = -ret;
	printf("verify: %s: %llu blocks of %u bytes checked from byte %llu (%s at QD %u) in %.2f s: ",
	       v->name, (unsigned long long)v->blocks, v->t->lbs_bytes,
	       (unsigned long long)v->start,
	       check ? "read" : "written, flushed, read", v->depth,
	       (double)(lm_now_ns() - t0) / 1e9);
	if (v->io_err)
		printf("an IO failed\n");
	else if (lm_stop)
		printf("interrupted\n");
	else if (v->bad)
		printf("%llu bad\n", (unsigned long long)v->bad);
	else
		printf("all good (run %016llx)\n", (unsigned long long)v->run);
	if (v->io_err) {
		lm_err("%s: an IO at byte %llu failed: %s", v->name,
		       (unsigned long long)v->io_err_at,
		       lm_errtext(v->io_err, v->e.err));
		return LM_EXIT_IO;
	}
	if (lm_stop)
		return lm_exit_of_signal();
	if (v->bad) {
		lm_err("verify: %s: %llu of %llu blocks did not read back as written",
		       v->name, (unsigned long long)v->bad,
		       (unsigned long long)v->blocks);
		return LM_EXIT_VERIFY;
	}
	return 0;
}

int lm_cmd_verify(struct lm_cli *c)
{
	struct lm_target_opts to = { 0 };
	struct lm_vpass *v;
	struct lm_guard_opts g;
	struct lm_target t;
	struct lm_bufs b;
	char msg[256];
	int ret;

	if (!c->ntargets)
		c->targets[c->ntargets++] = ""; /* the null engine's none */
	ret = lm_verify_opts(c);
	if (ret)
		return ret;
	lm_target_opts_iscsi(&to, c);
	to.direct = c->job.direct;
	to.none =
		lm_engine_find(c->job.engine)->target == LM_ENGINE_TARGET_NONE;
	to.write = !c->verify_check;
	to.create_bytes = c->job.offset_bytes +
			  (c->job.size_bytes ? c->job.size_bytes : 1ull << 30);
	ret = lm_target_open(&t, c->targets[0], &to);
	if (ret)
		return ret;
	v = calloc(1, sizeof(*v));
	ret = LM_EXIT_ENGINE;
	if (!v)
		goto out_close;
	lm_guard_opts_cli(&g, c);
	ret = c->verify_check
		      ? 0
		      : lm_guard_write(&t, &g,
				       "--check to read an earlier pass");
	if (ret)
		goto out_free;
	/* by default a GiB, or what the target holds beyond --offset */
	if (!c->job.size_bytes && t.size_bytes > c->job.offset_bytes)
		c->job.size_bytes =
			t.size_bytes - c->job.offset_bytes < 1ull << 30
				? t.size_bytes - c->job.offset_bytes
				: 1ull << 30;
	if (lm_job_fit(&c->job, t.size_bytes, t.lbs_bytes, t.max_io_bytes, msg,
		       sizeof(msg)) ||
	    t.lbs_bytes < sizeof(struct lm_vhdr)) {
		lm_err("%s: %s", t.name,
		       t.lbs_bytes < sizeof(struct lm_vhdr)
			       ? "blocks too small for a verify header"
			       : msg);
		ret = LM_EXIT_FIT;
		goto out_free;
	}
	v->start = c->job.offset_bytes;
	v->end = v->start + c->job.size_bytes;
	ret = lm_vpass_setup(v, c, &t, &b);
	if (ret)
		goto out_free;
	if (!c->verify_check)
		v->run = lm_verify_run_id();
	ret = lm_verify_passes(v, c->verify_check);
	v->e.ops->teardown(&v->e);
	lm_bufs_free(&b);
out_free:
	free(v);
out_close:
	lm_target_close(&t);
	return ret;
}

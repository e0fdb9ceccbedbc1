// SPDX-License-Identifier: MIT
/* lunmark verify (verify.h). */
#include "src/cmd/verify.h"

#include "src/cmd/cmd.h"
#include "src/engine/engine.h"
#include "src/lunmark.h"
#include "src/run/worker.h"
#include "src/stats/stats.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LM_VERIFY_DEPTH_MAX 256u /* the deepest --iodepth it takes */
#define LM_VERIFY_SHOWN 10	 /* mismatches printed one by one */

/* One verify: both passes through one worker, on one engine context. */
struct lm_vpass {
	struct lm_worker w;
	struct lm_shared s;
	struct lm_job job; /* the worker's: the command line's, as a pass */
	struct lm_io_hooks hooks;
	struct lm_target *t;
	const char *name; /* the target as the user knows it */
	unsigned int depth;
	uint64_t start, end; /* the region, bytes */
	uint64_t run;
	uint64_t seq;	      /* writes so far */
	uint64_t blocks, bad; /* checked, and wrong */
};

/* A write about to be queued: a header in each of its blocks. */
static void lm_vpass_fill(void *arg, struct lm_io *io)
{
	struct lm_vpass *v = arg;

	lm_verify_block_fill_io(io->buf, io->len, v->t->lbs_bytes, io->offset,
				v->run, v->seq++, LM_VERIFY_HASH);
}

/* A completed read: check its blocks. */
static void lm_vpass_check(void *arg, const struct lm_io *io)
{
	struct lm_vpass *v = arg;
	uint32_t lbs = v->t->lbs_bytes, at;
	char why[256];
	uint64_t found;

	for (at = 0; at < io->len; at += lbs, v->blocks++) {
		if (!lm_verify_block_check((const char *)io->buf + at, lbs,
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

/* What the pass's options may not ask (the command line takes no option
 * of run's that verify has no use for: cli_opts.c). */
static int lm_verify_opts(const struct lm_cli *c)
{
	if (c->job.iodepth > LM_VERIFY_DEPTH_MAX) {
		lm_err("--iodepth=%u: lunmark verify goes to %u",
		       c->job.iodepth, LM_VERIFY_DEPTH_MAX);
		return LM_EXIT_USAGE;
	}
	/* it stores nothing: every block would read back "misplaced" */
	if (lm_engine_find(c->job.engine)->target == LM_ENGINE_TARGET_NONE &&
	    !c->job.fault.every_n && c->job.fault.prob_pct <= 0) {
		lm_err("--engine=%s stores nothing, so verify has nothing to read back; give a target, or inject faults (--fail-every, --fail-prob) to try the error paths",
		       c->job.engine);
		return LM_EXIT_USAGE;
	}
	return 0;
}

/* Set up @v's worker on @t: its buffers, IOs and engine context. Whatever
 * it returns, lm_worker_teardown() undoes what was set up. */
static int lm_vpass_setup(struct lm_vpass *v, const struct lm_cli *c,
			  struct lm_target *t)
{
	struct lm_job *j = &v->job;
	int ret;

	v->t = t;
	v->name = t->kind == LM_TARGET_NONE ? "(none)" : t->name;
	v->depth =
		lm_engine_depth(lm_engine_find(c->job.engine), c->job.iodepth);
	/* the hooks write and check the headers: a block's rest is random */
	lm_pass_job(j, &c->job, c->job.bs_bytes, v->depth);
	j->pattern = LM_PATTERN_RANDOM;
	v->hooks = (struct lm_io_hooks){ .fill = lm_vpass_fill,
					 .check = lm_vpass_check,
					 .arg = v };
	lm_worker_solo(&v->w, &v->s, j, t, &v->hooks);
	ret = lm_worker_setup(&v->w);
	if (!ret)
		return 0;
	if (v->w.setup_engine)
		lm_err("%s: the %s engine: %s", t->name, j->engine,
		       lm_errtext(-ret, v->w.errtext));
	else
		lm_err("out of memory for %u buffers of %u bytes", v->depth,
		       j->bs_bytes);
	return LM_EXIT_ENGINE;
}

/* Both passes, or the reading one; prints the outcome. */
static int lm_verify_passes(struct lm_vpass *v, bool check)
{
	struct lm_pass p = { .start_bytes = v->start,
			     .bytes = v->end - v->start,
			     .write = true,
			     .flush = true };
	const struct lm_worker *w = &v->w;
	uint64_t t0 = lm_now_ns();
	int ret = 0;

	if (!check)
		ret = lm_worker_pass(&v->w, &p);
	p.write = false;
	if (!ret)
		lm_worker_pass(&v->w, &p);
	/* what was done, not what was meant: a failed write reads nothing */
	printf("verify: %s: %llu blocks of %u bytes checked from byte %llu (%s at QD %u) in %.2f s: ",
	       v->name, (unsigned long long)v->blocks, v->t->lbs_bytes,
	       (unsigned long long)v->start,
	       check		 ? "read"
	       : w->io_err_flush ? "written, not flushed, nothing read"
	       : ret		 ? "stopped while writing, nothing read"
				 : "written, flushed, read",
	       v->depth, (double)(lm_now_ns() - t0) / 1e9);
	if (w->io_errno)
		printf("%s failed\n", w->io_err_flush ? "the flush" : "an IO");
	else if (lm_stop)
		printf("interrupted\n");
	else if (v->bad)
		printf("%llu bad\n", (unsigned long long)v->bad);
	else
		printf("all good (run %016llx)\n", (unsigned long long)v->run);
	if (w->io_errno && w->io_err_flush) {
		lm_err("%s: the flush after the writes failed: %s", v->name,
		       lm_errtext(w->io_errno, w->errtext));
		return LM_EXIT_IO;
	}
	if (w->io_errno) {
		lm_err("%s: an IO at byte %llu failed: %s", v->name,
		       (unsigned long long)w->io_err_offset,
		       lm_errtext(w->io_errno, w->errtext));
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
	char msg[256];
	int ret;

	if (!c->ntargets)
		c->targets[c->ntargets++] = ""; /* the null engine's none */
	ret = lm_verify_opts(c);
	if (ret)
		return ret;
	lm_target_opts_cli(&to, c);
	to.direct = c->job.direct;
	to.none =
		lm_engine_find(c->job.engine)->target == LM_ENGINE_TARGET_NONE;
	to.write = !c->verify_check;
	ret = lm_test_file_bytes(&c->job, &to.create_bytes);
	if (!ret)
		ret = lm_target_open(&t, c->targets[0], &to);
	if (ret)
		return ret;
	/* the worker's counters are cache-line aligned: so is v */
	v = aligned_alloc(_Alignof(struct lm_vpass), sizeof(*v));
	ret = LM_EXIT_ENGINE;
	if (!v)
		goto out_close;
	memset(v, 0, sizeof(*v));
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
	    t.lbs_bytes < sizeof(struct lm_verify_block_header)) {
		lm_err("%s: %s", t.name,
		       t.lbs_bytes < sizeof(struct lm_verify_block_header)
			       ? "blocks too small for a verify header"
			       : msg);
		ret = LM_EXIT_FIT;
		goto out_free;
	}
	v->start = c->job.offset_bytes;
	v->end = v->start + c->job.size_bytes;
	ret = lm_vpass_setup(v, c, &t);
	if (!ret) {
		if (!c->verify_check)
			v->run = lm_verify_block_run_id();
		ret = lm_verify_passes(v, c->verify_check);
	}
	lm_worker_teardown(&v->w);
	if (v->w.reconnects)
		printf("  reconnects: %u (the session was lost and logged in again)\n",
		       v->w.reconnects);
out_free:
	free(v);
out_close:
	lm_target_close(&t);
	return ret;
}

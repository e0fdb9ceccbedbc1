// SPDX-License-Identifier: MIT
#include "src/run/worker.h"
#include "src/run/loop.h"
#include "src/run/sync.h"
#include "src/lunmark.h"
#include "src/target/target.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* fio's prio and prioclass: the thread's own IO priority; cmdprio: the
 * plan its IOs' priorities are drawn from, and their latency per
 * priority in each direction the job does with one per IO. */
static int lm_loop_prio(struct lm_worker *w, struct lm_loop *l)
{
	const struct lm_job *j = w->job;
	uint16_t own = lm_prio_own(&j->prio);
	unsigned int d;

	lm_prio_plan(&j->prio, &w->prio);
	lm_rand_seed(&l->prio, j->seed ^ (0xbf58476d1ce4e5b9ull * (w->id + 1)));
	/* 1: IOPRIO_WHO_PROCESS, and 0 this thread */
	if (own && syscall(SYS_ioprio_set, 1, 0, (int)own)) {
		w->setup_what =
			"setting the thread's IO priority (ioprio_set, for prio and prioclass)";
		return -errno;
	}
	for (d = 0; d < LM_DIRS; d++) {
		if (!lm_prio_per_io(&j->prio, d) || !lm_rw_does(j->rw, d))
			continue;
		if (lm_priolat_init(&w->prio_lat[d], w->prio.val[d],
				    w->prio.nval[d]))
			return -ENOMEM;
	}
	return 0;
}

/* fio's random map of blocks, for a random job of several sizes whose
 * directions all place their IOs on its smallest size. */
static int lm_loop_map(struct lm_worker *w, struct lm_loop *l)
{
	const struct lm_job *j = w->job;
	unsigned int d;
	int ret;

	if (!lm_job_blockmapped(j))
		return 0;
	for (d = 0; d < LM_DIRS; d++)
		if (lm_rw_does(j->rw, d) && l->align[d] != j->bs_bytes)
			return 0;
	ret = lm_blockmap_init(&l->map, w->nblocks);
	l->map_off = ret == -E2BIG;
	return l->map_off ? 0 : ret;
}

/* @l's @n IO buffers, with the data @w's job writes. */
static int lm_loop_bufs(struct lm_worker *w, struct lm_loop *l, unsigned int n)
{
	const struct lm_job *j = w->job;
	const struct lm_verify_pattern *pat;
	unsigned int i;
	int ret;

	ret = lm_bufs_alloc(&l->bufs, n, lm_job_bs_max(j, -1), j->pattern,
			    j->seed + w->id);
	if (ret)
		return ret;
	/* fio's verify_pattern, else its buffer_pattern: each buffer of a
	 * writing job holds it from its start, also with verify off, as
	 * fio's */
	pat = j->verify_pat.len		? &j->verify_pat
	      : lm_job_pattern_alone(j) ? &j->buf_pat
					: NULL;
	for (i = 0; pat && lm_rw_writes(j->rw) && i < l->bufs.n; i++)
		lm_verify_pattern_fill(pat, l->bufs.iov[i].iov_base, l->bufs.bs,
				       0);
	/* a verifying job's compressible data (its headers stamped on
	 * these buffers); the others draw theirs per write */
	if (!j->verify_pat.len && j->compress_pct &&
	    j->pattern == LM_PATTERN_RANDOM)
		lm_bufs_compressible(&l->bufs, j->compress_pct, &j->buf_pat);
	return 0;
}

/* What @w's writes get before they are queued (loop.h). */
static enum lm_fill lm_loop_fill(const struct lm_worker *w)
{
	const struct lm_job *j = w->job;

	if (w->hooks)
		return w->hooks->fill ? LM_FILL_HOOK : LM_FILL_NONE;
	if (lm_job_verify_checks(j) || j->verify_pat.len)
		return LM_FILL_VERIFY;
	/* fio's buffer_pattern alone: the pattern as it is, as fio's */
	if (lm_job_pattern_alone(j))
		return LM_FILL_NONE;
	/* fio refills a compressible job's buffers for every write, so its
	 * random part is new each time: a buffer reused with a stamp made
	 * a 1 MiB region of buffer_compress_percentage=50 deflate to 14
	 * KiB, fio's to 521 */
	if (j->pattern == LM_PATTERN_RANDOM)
		return j->dedupe_pct || j->compress_pct ? LM_FILL_SEEDED
							: LM_FILL_STAMP;
	return LM_FILL_NONE;
}

/* What @l's engine is asked for @w's job, at @depth. */
static void lm_loop_conf(struct lm_worker *w, struct lm_loop *l,
			 unsigned int depth)
{
	const struct lm_job *j = w->job;

	l->eng.ops = lm_engine_find(j->engine);
	/* the null engine reads nothing verify could check (fio's reads
	 * find the buffer's own data); a hook checks what it will */
	l->nodata = l->eng.ops->target == LM_ENGINE_TARGET_NONE;
	l->checks = l->checks && (w->hooks || !l->nodata);
	l->eng.conf.depth = depth;
	l->eng.conf.sqpoll = j->sqpoll;
	l->eng.conf.sqpoll_aff = j->sqpoll_aff;
	l->eng.conf.sqpoll_cpu = j->sqpoll_cpu;
	l->eng.conf.iopoll = j->iopoll;
	l->eng.conf.force_async = j->force_async;
	l->eng.conf.nowait = j->nowait;
	l->eng.conf.submit_now =
		lm_job_batch(j, l->eng.ops->target == LM_ENGINE_TARGET_PATH) !=
		LM_BATCH_ALL;
	l->eng.conf.cpus_busy = w->nall >= lm_place_cpus_here();
	l->eng.conf.bufs = l->bufs.iov;
	l->eng.conf.nbufs = l->bufs.n;
	l->eng.conf.fault = j->fault;
	l->eng.conf.seed = j->seed + w->id;
}

/* Allocate @l's buffers and IOs and set up its engine for @w's job.
 * Returns 0 or -errno, with w->setup_what and w->errtext. */
static int lm_loop_setup(struct lm_worker *w, struct lm_loop *l)
{
	const struct lm_job *j = w->job;
	unsigned int i, depth = j->iodepth;
	/* reads keep apart from writes' buffers, which hold their data */
	unsigned int nbufs =
		lm_rw_mixed(j->rw) || (j->verify_backlog && !w->hooks)
			? 2 * depth
			: depth;
	int ret;

	ret = lm_loop_bufs(w, l, nbufs);
	if (ret)
		return ret;
	for (i = 0; i < LM_DIRS; i++)
		l->align[i] = lm_job_bs_min(j, (int)i);
	ret = lm_loop_map(w, l);
	if (ret)
		return ret;
	l->ios = calloc(depth, sizeof(*l->ios));
	l->free_ios = calloc(depth, sizeof(*l->free_ios));
	l->done = calloc(depth, sizeof(*l->done));
	if (!l->ios || !l->free_ios || !l->done)
		return -ENOMEM;
	for (i = 0; i < depth; i++) {
		l->ios[i].slot = i;
		l->free_ios[i] = &l->ios[depth - 1 - i];
	}
	l->nfree = depth;
	ret = lm_backlog_init(&l->backlog, w->hooks ? 0 : j->verify_backlog,
			      j->verify_batch);
	if (ret)
		return ret;
	l->fill = lm_loop_fill(w);
	/* fio's working set: a share of the region, in the smallest writes */
	lm_dedupe_init(&l->dedupe, j->dedupe_pct, j->dedupe_ws,
		       j->dedupe_global,
		       j->size_bytes * j->dedupe_ws_pct / 100 /
			       lm_job_bs_min(j, LM_DIR_WRITE),
		       w->gid, w->nall);
	/* a hook checks what it will */
	l->checks = w->hooks ? w->hooks->check != NULL
			     : lm_job_checks_reads(j, w->stamp_bytes);
	lm_rand_seed(&l->mix, j->seed ^ (0xd1b54a32d192ed03ull * (w->id + 1)));
	lm_rate_init(&l->rate, j,
		     j->seed ^ (0x9e3779b97f4a7c15ull * (w->id + 1)));
	lm_rate_min_init(&l->rate_min, j);
	ret = lm_loop_prio(w, l);
	if (!ret)
		ret = lm_trace_buf_init(&l->trace, j->trace);
	if (ret)
		return ret;
	for (i = 0; i < LM_DIRS; i++) {
		lm_hist_init(&w->lat[i]);
		lm_hist_init(&w->slat[i]);
		lm_hist_init(&w->clat[i]);
	}
	lm_hist_init(&w->sync_lat);

	w->setup_what = "setting up the engine";
	w->setup_engine = true;
	lm_loop_conf(w, l, depth);
	ret = l->eng.ops->setup(&l->eng, w->target);
	if (ret) {
		memcpy(w->errtext, l->eng.err, sizeof(w->errtext));
		return ret;
	}
	lm_trace_open(&l->trace, lm_trace_file(w), lm_now_ns());
	l->traced = l->trace.t != NULL;
	return 0;
}

/* Free what lm_loop_setup() allocated, and @l, after the engine's
 * teardown. */
static void lm_loop_free(struct lm_loop *l)
{
	free(l->ios);
	free(l->free_ios);
	free(l->done);
	lm_backlog_free(&l->backlog);
	lm_blockmap_free(&l->map);
	lm_bufs_free(&l->bufs);
	free(l->trace.b);
	free(l);
}

int lm_worker_setup(struct lm_worker *w)
{
	char why[400];

	w->setup_engine = false;
	/* fio's cpus_allowed and numa_*: the thread placed before its
	 * buffers are, so that they come from its memory policy's nodes */
	w->setup_what = "placing the thread (cpus_allowed, numa_*, nice)";
	w->setup_err = lm_place_apply(&w->job->place, why, sizeof(why));
	if (w->setup_err) {
		snprintf(w->errtext, sizeof(w->errtext), "job '%.100s': %s",
			 w->job->name, why);
		return w->setup_err;
	}
	w->setup_what = "allocating buffers";
	w->iolog.budget = w->job->iolog_budget;
	w->loop = calloc(1, sizeof(*w->loop));
	w->setup_err = w->loop ? lm_loop_setup(w, w->loop) : -ENOMEM;
	return w->setup_err;
}

void lm_worker_teardown(struct lm_worker *w)
{
	struct lm_loop *l = w->loop;

	if (!l)
		return;
	/* teardown follows every setup, a failed one too (engine.h); ops
	 * is set just before setup is called */
	if (l->eng.ops)
		l->eng.ops->teardown(&l->eng);
	memcpy(w->note, l->eng.note, sizeof(w->note));
	if (!w->note[0] && l->map_off)
		snprintf(
			w->note, sizeof(w->note),
			"no random map: more than %llu blocks (as norandommap)",
			LM_BLOCKMAP_MAX_BLOCKS);
	w->reconnects = l->eng.reconnects;
	if (l->traced)
		lm_trace_close(&l->trace, lm_trace_file(w), lm_now_ns());
	lm_loop_free(l);
	w->loop = NULL;
}

/* The job's own pass: its offsets over the worker's region, its mix. */
static void lm_job_pass(struct lm_worker *w, struct lm_loop *l)
{
	const struct lm_job *j = w->job;

	lm_offset_init(&l->gen, w->start_bytes, w->nblocks, j->bs_bytes,
		       lm_rw_random(j->rw) ? j->random_pct : 0, w->cursor,
		       j->seed, w->id);
	if (lm_job_mapped(j))
		lm_offset_map(&l->gen, j->seed);
	if (l->map.bits)
		lm_blockmap_clear(&l->map);
	lm_offset_dist(&l->gen, &j->dist); /* fio's random_distribution */
	if (lm_job_zone_mapped(j))
		lm_offset_zone_map(&l->gen, j->seed);
	/* randread:N: a run past the region's end is drawn anew where it
	 * ends at the target's, else it ends the pass, as fio's */
	lm_offset_seq(&l->gen, j->seq_nr, j->rw_seq == 1,
		      j->time_based ? LM_SEQ_WRAP
		      : w->start_bytes + (uint64_t)w->nblocks * j->bs_bytes >=
				      w->target->size_bytes
			      ? LM_SEQ_DRAW
			      : LM_SEQ_STOP);
	l->mixed = lm_rw_mixed(j->rw);
	if (l->mixed)
		lm_offset_split(&l->gen); /* rw=rw: fio's two positions */
	l->batch = lm_job_batch(j, l->eng.ops->target == LM_ENGINE_TARGET_PATH);
	l->trimwrite = lm_rw_trimwrite(j->rw);
	l->dir = lm_rw_trims(j->rw)    ? LM_DIR_TRIM
		 : lm_rw_writes(j->rw) ? LM_DIR_WRITE
				       : LM_DIR_READ;
	l->held.on = false;
}

/* fio's per-job CPU (worker.h): from the first completion in the window
 * (fio resets its threads' usage when the ramp ends) ... */
void lm_worker_cpu_from(struct lm_worker *w, bool measuring)
{
	if (measuring && !w->cpu_from_ns) {
		w->cpu0 = lm_cpu_thread_now();
		w->cpu_from_ns = lm_now_ns();
	}
}

/* ... to the end of the loop, added up over a worker's passes. */
void lm_worker_cpu_to(struct lm_worker *w)
{
	struct lm_cpu used;

	if (!w->cpu_from_ns)
		return;
	used = lm_cpu_thread_since(&w->cpu0);
	lm_cpu_add(&w->cpu, &used);
	w->cpu_ns += lm_now_ns() - w->cpu_from_ns;
	w->cpu_from_ns = 0;
}

void lm_worker_restart(struct lm_worker *w, uint64_t now)
{
	unsigned int d, k;

	for (d = 0; d < LM_DIRS; d++) {
		lm_hist_init(&w->lat[d]);
		lm_hist_init(&w->slat[d]);
		lm_hist_init(&w->clat[d]);
		for (k = 0; k < w->prio_lat[d].n; k++)
			lm_hist_init(&w->prio_lat[d].h[k]);
		w->lat_base[0][d] = atomic_load(&w->live_ios[d]);
		w->lat_base[1][d] = atomic_load(&w->live_bytes[d]);
		w->lat_base[2][d] = atomic_load(&w->live_lat_ns[d]);
	}
	lm_hist_init(&w->sync_lat);
	w->fsyncs = 0;
	memset(&w->depths, 0, sizeof(w->depths));
	/* fio's bw and iops stats start again too (of each IO: the
	 * worker's; the windows are the main thread's, which the ramp's
	 * end and the result's base leave out) */
	memset(w->io_bw, 0, sizeof(w->io_bw));
	memset(w->io_iops, 0, sizeof(w->io_iops));
	w->lat_from_ns = now;
}

void lm_worker_free(struct lm_worker *w)
{
	unsigned int d;

	lm_iolog_free(&w->iolog);
	for (d = 0; d < LM_DIRS; d++)
		lm_priolat_free(&w->prio_lat[d]);
}

void lm_worker_solo(struct lm_worker *w, struct lm_shared *s,
		    const struct lm_job *j, const struct lm_target *t,
		    const struct lm_io_hooks *hooks)
{
	memset(s, 0, sizeof(*s));
	atomic_init(&s->phase, LM_PHASE_MEASURE);
	s->done_fd = -1;
	memset(w, 0, sizeof(*w));
	w->job = j;
	w->target = t;
	w->shared = s;
	w->cursor = &w->own;
	w->stamp_bytes = t->lbs_bytes;
	w->cursor_pass = true; /* a pass counts the IOs of its claims */
	w->hooks = hooks;
}

int lm_worker_pass(struct lm_worker *w, const struct lm_pass *p)
{
	struct lm_loop *l = w->loop;
	uint32_t bs = w->job->bs_bytes;

	w->start_bytes = p->start_bytes;
	w->nblocks = p->bytes / bs;
	lm_cursor_init(&w->own);
	lm_cursor_pass(&w->own, w->nblocks);
	lm_offset_init(&l->gen, p->start_bytes, w->nblocks, bs, 0, &w->own,
		       w->job->seed, w->id);
	l->mixed = l->trimwrite = false;
	l->batch = LM_BATCH_ALL;
	l->dir = p->write ? LM_DIR_WRITE : LM_DIR_READ;
	l->solo = true;
	lm_loop_run(w, l);
	if (!w->io_errno && lm_stop)
		return -EINTR;
	if (!w->io_errno && p->write && p->flush)
		lm_loop_flush(w, l, p->start_bytes);
	return -w->io_errno;
}

void *lm_worker_main(void *arg)
{
	struct lm_worker *w = arg;
	uint64_t one = 1;

	lm_worker_setup(w);
	lm_gate_arrive(&w->shared->gate);
	w->begin_ns = lm_now_ns();
	if (!w->setup_err) {
		lm_job_pass(w, w->loop);
		lm_loop_run(w, w->loop);
		lm_sync_end(w, w->loop); /* within its runtime, as fio's */
	}
	w->end_ns = lm_now_ns();
	lm_worker_teardown(w);
	atomic_store(&w->done, true);
	/* The main thread counts finished workers from this eventfd. A
	 * write fails only if the counter would overflow 2^64 - 2, which
	 * at most 64 writes cannot do, so the result is not checked. */
	(void)!write(w->shared->done_fd, &one, sizeof(one));
	return NULL;
}

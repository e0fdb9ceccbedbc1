// SPDX-License-Identifier: MIT
/* The run machinery (threads, timing, counting, errors) on the null
 * engine: exact counts and injected faults, no device needed. */
#include "src/lunmark.h"
#include "src/run/run.h"
#include "src/run/worker.h"
#include "src/target/target.h"
#include "tests/unit/unit.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <string.h>

static struct lm_run_result lm_r;

static void lm_null_job(struct lm_job *j, struct lm_target *t)
{
	struct lm_target_opts o = { .none = true, .create_bytes = 1 << 20 };

	lm_job_defaults(j);
	snprintf(j->engine, sizeof(j->engine), "null");
	CU_ASSERT_EQUAL_FATAL(lm_target_open(t, NULL, &o), 0);
}

/* A size-limited random run does exactly size / bs IOs across threads. */
static void lm_test_size_limited_random(void)
{
	struct lm_target t;
	struct lm_job j;

	lm_null_job(&j, &t);
	j.rw = LM_RW_RANDREAD;
	j.threads = 3;
	j.iodepth = 16;
	j.size_bytes = 1 << 20;
	CU_ASSERT_EQUAL_FATAL(lm_run(&j, &t, &lm_r), 0);
	CU_ASSERT_EQUAL(lm_r.ios[LM_DIR_READ], 256);
	CU_ASSERT_EQUAL(lm_r.ios[LM_DIR_WRITE], 0);
	CU_ASSERT_EQUAL(lm_r.bytes[LM_DIR_READ], 1 << 20);
	CU_ASSERT_EQUAL(lm_r.lat[LM_DIR_READ].count, 256);
	CU_ASSERT_EQUAL(lm_r.io_errno, 0);
	CU_ASSERT_FALSE(lm_r.interrupted);
	lm_run_result_free(&lm_r);
	lm_target_close(&t);
}

/* More threads than blocks: threads with no share do nothing, rather
 * than run unlimited (the runtime is only a backstop here). */
static void lm_test_more_threads_than_blocks(void)
{
	struct lm_target t;
	struct lm_job j;

	lm_null_job(&j, &t);
	j.rw = LM_RW_RANDREAD;
	j.threads = 4;
	j.size_bytes = 2 * 4096;
	j.runtime_ns = 3000000000ull;
	CU_ASSERT_EQUAL_FATAL(lm_run(&j, &t, &lm_r), 0);
	CU_ASSERT_EQUAL(lm_r.ios[LM_DIR_READ], 2);
	CU_ASSERT(lm_r.elapsed_ns < 1000000000ull);
	lm_run_result_free(&lm_r);
	lm_target_close(&t);
}

/* A sequential pass with several threads covers the region once. */
static void lm_test_size_limited_sequential(void)
{
	struct lm_target t;
	struct lm_job j;

	lm_null_job(&j, &t);
	j.rw = LM_RW_WRITE;
	j.threads = 4;
	j.iodepth = 8;
	j.bs_bytes = 8192;
	j.size_bytes = 1 << 20;
	CU_ASSERT_EQUAL_FATAL(lm_run(&j, &t, &lm_r), 0);
	CU_ASSERT_EQUAL(lm_r.ios[LM_DIR_WRITE], 128);
	CU_ASSERT_EQUAL(lm_r.bytes[LM_DIR_WRITE], 1 << 20);
	lm_run_result_free(&lm_r);
	lm_target_close(&t);
}

/* Mixed: the read share follows rwmixread; rates agree with counts. */
static void lm_test_mix_and_rates(void)
{
	struct lm_target t;
	struct lm_job j;
	double share, secs;

	lm_null_job(&j, &t);
	j.rw = LM_RW_RANDRW;
	j.rwmixread_pct = 70;
	j.iodepth = 4;
	j.size_bytes = 1 << 20;
	j.runtime_ns = 1500000000ull;
	j.time_based = true;
	CU_ASSERT_EQUAL_FATAL(lm_run(&j, &t, &lm_r), 0);
	share = (double)lm_r.ios[LM_DIR_READ] /
		(double)(lm_r.ios[LM_DIR_READ] + lm_r.ios[LM_DIR_WRITE]);
	CU_ASSERT(fabs(share - 0.70) < 0.01);
	secs = (double)lm_r.elapsed_ns / 1e9;
	CU_ASSERT(secs >= 1.5 && secs < 2.5);
	CU_ASSERT_DOUBLE_EQUAL(lm_r.sum[LM_DIR_READ].iops,
			       (double)lm_r.ios[LM_DIR_READ] / secs, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(lm_r.sum[LM_DIR_READ].mb_s,
			       lm_r.sum[LM_DIR_READ].iops * 4096 / 1e6, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(lm_r.sum[LM_DIR_READ].mib_s * 1048576.0,
			       lm_r.sum[LM_DIR_READ].mb_s * 1e6, 1e-3);
	/* one whole-second sample and the last half second */
	CU_ASSERT_EQUAL(lm_r.nseries, 2);
	CU_ASSERT(lm_r.series[0].dur_ns >= 1000000000ull);
	CU_ASSERT_EQUAL(lm_r.series[0].ios[LM_DIR_READ] +
				lm_r.series[1].ios[LM_DIR_READ],
			lm_r.ios[LM_DIR_READ]);
	CU_ASSERT(lm_r.sum[LM_DIR_READ].iops_max > 0);
	CU_ASSERT_DOUBLE_EQUAL(lm_r.sum[LM_DIR_READ].iops_max,
			       (double)lm_r.series[0].ios[LM_DIR_READ] * 1e9 /
				       (double)lm_r.series[0].dur_ns,
			       1e-6);
	/* relative, within 1%: a sample reads the IO counts, then the
	 * bytes, while the worker goes on adding to both, so one second's
	 * bytes may hold a few IOs more than its count (the next second's
	 * fewer); under TSan's pace it missed 1e-12 in CI */
	CU_ASSERT_DOUBLE_EQUAL(lm_r.sum[LM_DIR_READ].mb_s_max,
			       lm_r.sum[LM_DIR_READ].iops_max * 4096 / 1e6,
			       lm_r.sum[LM_DIR_READ].mb_s_max * 1e-2);
	lm_run_result_free(&lm_r);
	lm_target_close(&t);
}

/* With a ramp, the window measured is the runtime alone, and IOs from
 * the ramp are not counted: a size-limited pass after a ramp still
 * covers the region exactly once. */
static void lm_test_ramp(void)
{
	struct lm_target t;
	struct lm_job j;
	double secs;

	lm_null_job(&j, &t);
	j.rw = LM_RW_RANDREAD;
	j.iodepth = 8;
	j.ramp_ns = 700000000ull;
	j.runtime_ns = 1000000000ull;
	j.time_based = true;
	CU_ASSERT_EQUAL_FATAL(lm_run(&j, &t, &lm_r), 0);
	secs = (double)lm_r.elapsed_ns / 1e9;
	CU_ASSERT(secs >= 1.0 && secs < 1.5);
	CU_ASSERT(lm_r.ios[LM_DIR_READ] > 0);
	CU_ASSERT_EQUAL(lm_r.ios[LM_DIR_READ], lm_r.lat[LM_DIR_READ].count);
	lm_run_result_free(&lm_r);

	j.rw = LM_RW_READ;
	j.threads = 3;
	j.time_based = false;
	j.runtime_ns = 0;
	j.ramp_ns = 300000000ull;
	j.size_bytes = 1 << 20;
	CU_ASSERT_EQUAL_FATAL(lm_run(&j, &t, &lm_r), 0);
	/* exactly one pass after the ramp, whatever the ramp consumed and
	 * whatever was in flight as the window opened */
	CU_ASSERT_EQUAL(lm_r.ios[LM_DIR_READ], 256);
	lm_run_result_free(&lm_r);
	lm_target_close(&t);
}

/* Every 100th IO fails: the run stops, the error is reported once. */
static void lm_test_fault_every(void)
{
	struct lm_target t;
	struct lm_job j;

	lm_null_job(&j, &t);
	j.rw = LM_RW_RANDWRITE;
	j.iodepth = 1;
	j.size_bytes = 1 << 20;
	j.fault.every_n = 100;
	j.fault.err_no = ENOSPC;
	CU_ASSERT_EQUAL_FATAL(lm_run(&j, &t, &lm_r), 0);
	CU_ASSERT_EQUAL(lm_r.io_errno, ENOSPC);
	CU_ASSERT_EQUAL(lm_r.errors[LM_DIR_WRITE], 1);
	CU_ASSERT_EQUAL(lm_r.ios[LM_DIR_WRITE], 99);
	CU_ASSERT_EQUAL(lm_r.io_err_dir, LM_DIR_WRITE);
	lm_run_result_free(&lm_r);
	lm_target_close(&t);
}

/* Random faults with many threads and a deep queue: the run stops with
 * the injected errno; in-flight IOs are drained, nothing leaks (ASan). */
static void lm_test_fault_prob(void)
{
	struct lm_target t;
	struct lm_job j;

	lm_null_job(&j, &t);
	j.rw = LM_RW_RANDRW;
	j.threads = 4;
	j.iodepth = 64;
	j.runtime_ns = 5000000000ull;
	j.time_based = true;
	j.fault.prob_pct = 0.01;
	CU_ASSERT_EQUAL_FATAL(lm_run(&j, &t, &lm_r), 0);
	CU_ASSERT_EQUAL(lm_r.io_errno, EIO);
	CU_ASSERT(lm_r.errors[0] + lm_r.errors[1] >= 1);
	CU_ASSERT(lm_r.elapsed_ns < 5000000000ull);
	lm_run_result_free(&lm_r);
	lm_target_close(&t);
}

/* What an explicit pass's hooks saw. */
struct lm_seen {
	uint64_t fills, checks;
	uint64_t next; /* the offset the next IO should have */
	bool in_order;
};

static void lm_seen_fill(void *arg, struct lm_io *io)
{
	struct lm_seen *s = arg;

	s->in_order &= io->dir == LM_DIR_WRITE && io->offset == s->next;
	s->next = io->offset + io->len;
	s->fills++;
}

static void lm_seen_check(void *arg, const struct lm_io *io)
{
	struct lm_seen *s = arg;

	s->in_order &= io->dir == LM_DIR_READ && io->res == (int)io->len;
	s->checks++;
}

/* A solo worker's passes: each IO of the region once, writes in order
 * through the fill hook, reads through the check hook, one engine
 * context for both. */
static void lm_test_solo_passes(void)
{
	struct lm_seen seen = { .next = 1 << 20, .in_order = true };
	struct lm_io_hooks h = { lm_seen_fill, lm_seen_check, &seen };
	struct lm_pass p = { .start_bytes = 1 << 20,
			     .bytes = 1 << 20,
			     .write = true,
			     .flush = true };
	struct lm_shared s;
	struct lm_worker w;
	struct lm_target t;
	struct lm_job j;

	lm_null_job(&j, &t);
	j.iodepth = 1; /* the null engine completes in queue order */
	j.bs_bytes = 16384;
	lm_worker_solo(&w, &s, &j, &t, &h);
	CU_ASSERT_EQUAL_FATAL(lm_worker_setup(&w), 0);
	CU_ASSERT_EQUAL(lm_worker_pass(&w, &p), 0);
	CU_ASSERT_EQUAL(seen.fills, 64);
	CU_ASSERT_EQUAL(seen.next, 2 << 20);
	p.write = false;
	CU_ASSERT_EQUAL(lm_worker_pass(&w, &p), 0);
	CU_ASSERT_EQUAL(seen.checks, 64);
	CU_ASSERT(seen.in_order);
	CU_ASSERT_EQUAL(w.live_ios[LM_DIR_WRITE], 64);
	CU_ASSERT_EQUAL(w.live_ios[LM_DIR_READ], 64);
	/* the stop flag ends a pass before its first IO */
	lm_stop = SIGINT;
	CU_ASSERT_EQUAL(lm_worker_pass(&w, &p), -EINTR);
	lm_stop = 0;
	CU_ASSERT_EQUAL(seen.checks, 64);
	lm_worker_teardown(&w);
	CU_ASSERT_PTR_NULL(w.loop);
	lm_target_close(&t);
}

/* A failed IO ends a pass, named by its offset; later passes do
 * nothing and return the same error. */
static void lm_test_solo_error(void)
{
	struct lm_seen seen = { .next = 0, .in_order = true };
	struct lm_io_hooks h = { lm_seen_fill, lm_seen_check, &seen };
	struct lm_pass p = { .bytes = 1 << 20, .write = true };
	struct lm_shared s;
	struct lm_worker w;
	struct lm_target t;
	struct lm_job j;

	lm_null_job(&j, &t);
	j.iodepth = 8;
	j.fault.every_n = 10;
	j.fault.err_no = ENOSPC;
	lm_worker_solo(&w, &s, &j, &t, &h);
	CU_ASSERT_EQUAL_FATAL(lm_worker_setup(&w), 0);
	CU_ASSERT_EQUAL(lm_worker_pass(&w, &p), -ENOSPC);
	CU_ASSERT_EQUAL(w.io_errno, ENOSPC);
	CU_ASSERT_EQUAL(w.io_err_offset, 9 * 4096);
	CU_ASSERT_EQUAL(w.io_err_dir, LM_DIR_WRITE);
	CU_ASSERT_EQUAL(w.errors[LM_DIR_WRITE], 1);
	seen.fills = 0;
	p.write = false;
	CU_ASSERT_EQUAL(lm_worker_pass(&w, &p), -ENOSPC);
	CU_ASSERT_EQUAL(seen.fills + seen.checks, 0);
	lm_worker_teardown(&w);
	lm_target_close(&t);
}

int lm_suite_runs(void)
{
	static const struct lm_unit_test t[] = {
		{ "size-limited random: exact IO count",
		  lm_test_size_limited_random },
		{ "more threads than blocks",
		  lm_test_more_threads_than_blocks },
		{ "size-limited sequential, 4 threads",
		  lm_test_size_limited_sequential },
		{ "rwmixread share, rates, per-second series",
		  lm_test_mix_and_rates },
		{ "ramp: not counted, window is the runtime", lm_test_ramp },
		{ "fault every Nth IO stops the run", lm_test_fault_every },
		{ "random faults, 4 threads, QD64", lm_test_fault_prob },
		{ "a solo worker's explicit passes", lm_test_solo_passes },
		{ "a solo worker's first error", lm_test_solo_error },
		{ NULL, NULL },
	};
	return lm_unit_add("runs (null engine)", t);
}

// SPDX-License-Identifier: MIT
#include "run.h"
#include "lunmark.h"
#include "units.h"
#include "worker.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#define LM_SEC_NS 1000000000ull

void lm_run_report_setup_error(const struct lm_job *j, const char *what,
			       int err)
{
	const char *e = j->engine;

	/* j->engine is always the canonical name (cli.c stores ops->name) */
	if (!strcmp(e, "uring") &&
	    (err == ENOSYS || err == EPERM || err == EACCES)) {
		lm_err("io_uring is unavailable here (%s: %s; see /proc/sys/kernel/io_uring_disabled and seccomp); use --engine=aio",
		       what, strerror(err));
		return;
	}
	if (!strcmp(e, "aio") && err == EAGAIN) {
		lm_err("libaio: %s: %s (raise /proc/sys/fs/aio-max-nr or lower --iodepth)",
		       what, strerror(err));
		return;
	}
	if (err == ENOMEM) {
		lm_err("%s engine: %s: out of memory (lower --iodepth, --bs or --numjobs)",
		       e, what);
		return;
	}
	lm_err("%s engine: %s: %s", e, what, strerror(err));
}

/* Wait until @deadline_ns or until a worker finishes or a signal comes. */
static void lm_wait(int fd, uint64_t deadline_ns, unsigned int *finished)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	uint64_t now = lm_now_ns(), n;
	int ms;

	if (deadline_ns <= now)
		return;
	ms = (int)((deadline_ns - now + 999999) / 1000000);
	if (poll(&p, 1, ms) > 0 && read(fd, &n, sizeof(n)) == sizeof(n))
		*finished += (unsigned int)n;
}

static int lm_phase(struct lm_shared *s)
{
	return atomic_load_explicit(&s->phase, memory_order_relaxed);
}

static void lm_sample(struct lm_run_result *r, struct lm_worker *w,
		      unsigned int n, uint64_t last[2][LM_DIRS],
		      uint64_t dur_ns, unsigned int cap)
{
	struct lm_sample *s;
	uint64_t ios[LM_DIRS] = { 0 }, bytes[LM_DIRS] = { 0 };
	unsigned int i, d;

	for (i = 0; i < n; i++) {
		for (d = 0; d < LM_DIRS; d++) {
			ios[d] += atomic_load_explicit(&w[i].live_ios[d],
						       memory_order_relaxed);
			bytes[d] += atomic_load_explicit(&w[i].live_bytes[d],
							 memory_order_relaxed);
		}
	}
	if (r->nseries < cap && dur_ns) {
		s = &r->series[r->nseries++];
		s->dur_ns = dur_ns;
		for (d = 0; d < LM_DIRS; d++) {
			s->ios[d] = ios[d] - last[0][d];
			s->bytes[d] = bytes[d] - last[1][d];
		}
	}
	memcpy(last[0], ios, sizeof(ios));
	memcpy(last[1], bytes, sizeof(bytes));
}

static void lm_merge(struct lm_run_result *r, struct lm_worker *w,
		     unsigned int n)
{
	unsigned int i, d;

	for (d = 0; d < LM_DIRS; d++)
		lm_hist_init(&r->lat[d]);
	for (i = 0; i < n; i++) {
		for (d = 0; d < LM_DIRS; d++) {
			lm_hist_merge(&r->lat[d], &w[i].lat[d]);
			r->ios[d] += atomic_load(&w[i].live_ios[d]);
			r->bytes[d] += atomic_load(&w[i].live_bytes[d]);
			r->errors[d] += w[i].errors[d];
		}
		if (w[i].io_errno && !r->io_errno) {
			r->io_errno = w[i].io_errno;
			r->io_err_offset = w[i].io_err_offset;
			r->io_err_write = w[i].io_err_write;
		}
		if (w[i].note[0] && !r->note[0])
			memcpy(r->note, w[i].note, sizeof(r->note));
	}
	for (d = 0; d < LM_DIRS; d++)
		lm_summarize(&r->sum[d], &r->lat[d], r->ios[d], r->bytes[d],
			     r->errors[d], r->elapsed_ns, r->series, r->nseries,
			     (enum lm_dir)d);
	if (r->elapsed_ns) {
		r->usr_pct = r->cpu.usr_s * 1e11 / (double)r->elapsed_ns;
		r->sys_pct = r->cpu.sys_s * 1e11 / (double)r->elapsed_ns;
	}
}

/* Split the region among the workers: sequential jobs share one cursor,
 * random ones each get an equal share of a size-limited run's IOs. */
static void lm_plan(const struct lm_job *j, struct lm_worker *w, unsigned int i,
		    struct lm_shared *s, const struct lm_target *t)
{
	uint64_t nblocks = j->size_bytes / j->bs_bytes;

	w->job = j;
	w->target = t;
	w->shared = s;
	w->id = i;
	w->start_bytes = j->offset_bytes;
	w->nblocks = nblocks;
	w->stamp_bytes = t->lbs_bytes;
	w->budgeted = lm_rw_random(j->rw) && !j->time_based;
	if (w->budgeted)
		w->budget_ios = nblocks / j->threads +
				(i < nblocks % j->threads ? 1 : 0);
}

static void lm_start_measuring(const struct lm_job *j, struct lm_shared *s)
{
	uint64_t nblocks = j->size_bytes / j->bs_bytes;

	/* After a ramp a size-limited pass starts where the ramp left the
	 * cursor; without one the limit was set before the workers began. */
	if (j->ramp_ns && !j->time_based && !lm_rw_random(j->rw))
		atomic_store(&s->cursor.limit,
			     atomic_load(&s->cursor.next) + nblocks);
	atomic_store(&s->phase, LM_PHASE_MEASURE);
}

/* The main thread's clock: ramp, then samples once a second until the
 * runtime is over, every worker is done, a worker failed, or a signal. */
static void lm_keep_time(const struct lm_job *j, struct lm_shared *s,
			 struct lm_worker *w, struct lm_run_result *r,
			 unsigned int cap)
{
	uint64_t last[2][LM_DIRS] = { { 0 } };
	uint64_t t0, tick, end, next, now;
	unsigned int finished = 0;
	struct lm_cpu c0, c1;

	if (j->ramp_ns) {
		end = lm_now_ns() + j->ramp_ns;
		while (!lm_stop && lm_phase(s) != LM_PHASE_STOP &&
		       finished < j->threads && lm_now_ns() < end)
			lm_wait(s->done_fd, end, &finished);
		lm_sample(r, w, j->threads, last, 0, cap); /* baseline */
	}
	c0 = lm_cpu_now();
	t0 = lm_now_ns();
	if (!lm_stop && lm_phase(s) != LM_PHASE_STOP)
		lm_start_measuring(j, s);
	tick = t0;
	end = j->runtime_ns ? t0 + j->runtime_ns : UINT64_MAX;
	while (!lm_stop && lm_phase(s) != LM_PHASE_STOP &&
	       finished < j->threads) {
		next = tick + LM_SEC_NS < end ? tick + LM_SEC_NS : end;
		lm_wait(s->done_fd, next, &finished);
		now = lm_now_ns();
		if (now >= next && next != end) {
			lm_sample(r, w, j->threads, last, now - tick, cap);
			tick = now;
		}
		if (now >= end)
			break;
	}
	atomic_store(&s->phase, LM_PHASE_STOP);
	now = lm_now_ns();
	c1 = lm_cpu_now();
	r->elapsed_ns = now - t0;
	r->cpu.usr_s = c1.usr_s - c0.usr_s;
	r->cpu.sys_s = c1.sys_s - c0.sys_s;
	r->interrupted = lm_stop != 0;
	/* the last, possibly partial, second */
	lm_sample(r, w, j->threads, last, now - tick, cap);
}

int lm_run(const struct lm_job *j, const struct lm_target *t,
	   struct lm_run_result *r)
{
	struct lm_worker *w;
	struct lm_shared s;
	sigset_t all, old;
	unsigned int i, started = 0, cap;
	int ret = 0, err = 0;

	memset(r, 0, sizeof(*r));
	/* one sample a second, plus the ramp baseline and the last piece */
	cap = (unsigned int)(j->runtime_ns ? j->runtime_ns / LM_SEC_NS + 4
					   : 86400);
	r->series = calloc(cap, sizeof(*r->series));
	w = calloc(j->threads, sizeof(*w));
	if (!r->series || !w) {
		lm_err("out of memory starting %u threads", j->threads);
		ret = LM_EXIT_ENGINE;
		goto out_free;
	}
	memset(&s, 0, sizeof(s));
	atomic_init(&s.phase, j->ramp_ns ? LM_PHASE_RAMP : LM_PHASE_MEASURE);
	lm_cursor_init(&s.cursor);
	if (!j->ramp_ns && !j->time_based && !lm_rw_random(j->rw))
		atomic_init(&s.cursor.limit, j->size_bytes / j->bs_bytes);
	s.done_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (s.done_fd < 0) {
		lm_err("eventfd: %s", strerror(errno));
		ret = LM_EXIT_ENGINE;
		goto out_free;
	}
	lm_gate_init(&s.gate);

	/* signals go to the main thread, which keeps time */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	for (i = 0; i < j->threads; i++) {
		lm_plan(j, &w[i], i, &s, t);
		err = pthread_create(&w[i].tid, NULL, lm_worker_main, &w[i]);
		if (err)
			break;
		started++;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (started < j->threads) {
		/* the started workers see STOP as soon as the gate opens */
		atomic_store(&s.phase, LM_PHASE_STOP);
		lm_err("cannot start thread %u of %u: %s (lower --numjobs)",
		       started + 1, j->threads, strerror(err));
		ret = LM_EXIT_ENGINE;
	}
	lm_gate_open(&s.gate, started);
	for (i = 0; i < started && !ret; i++) {
		if (w[i].setup_err) {
			atomic_store(&s.phase, LM_PHASE_STOP);
			lm_run_report_setup_error(j, w[i].setup_what,
						  -w[i].setup_err);
			ret = LM_EXIT_ENGINE;
			break;
		}
	}
	if (!ret)
		lm_keep_time(j, &s, w, r, cap);
	for (i = 0; i < started; i++)
		pthread_join(w[i].tid, NULL);
	if (!ret)
		lm_merge(r, w, j->threads);
	lm_gate_destroy(&s.gate);
	close(s.done_fd);
out_free:
	free(w);
	if (ret)
		lm_run_result_free(r);
	return ret;
}

static uint32_t lm_prefill_bs(const struct lm_job *j, uint32_t lbs)
{
	uint32_t bs = 1u << 20;

	while (bs > lbs && (j->size_bytes % bs || j->offset_bytes % bs))
		bs /= 2;
	return bs;
}

int lm_prefill(const struct lm_job *j, const struct lm_target *t)
{
	struct lm_run_result r;
	struct lm_job p = *j;
	char size[32];
	int ret;

	p.rw = LM_RW_WRITE;
	p.bs_bytes = lm_prefill_bs(j, t->lbs_bytes);
	p.iodepth = strcmp(j->engine, "psync") ? 8 : 1;
	p.threads = 1;
	p.runtime_ns = 0;
	p.ramp_ns = 0;
	p.time_based = false;
	p.pattern = LM_PATTERN_RANDOM;
	lm_fmt_size(size, sizeof(size), j->size_bytes);
	lm_note("prefilling %s of %s so that reads read written data (--no-prefill skips this)",
		size, t->kind == LM_TARGET_TESTFILE ? t->path : t->name);
	ret = lm_run(&p, t, &r);
	if (ret)
		return ret;
	if (r.interrupted)
		ret = LM_EXIT_INTERRUPTED;
	else if (r.io_errno) {
		lm_err("%s: prefill write failed at offset %llu: %s", t->name,
		       (unsigned long long)r.io_err_offset,
		       strerror(r.io_errno));
		ret = LM_EXIT_IO;
	}
	lm_run_result_free(&r);
	return ret;
}

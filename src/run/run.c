// SPDX-License-Identifier: MIT
#include "src/run/run.h"
#include "src/run/clock.h"
#include "src/run/group.h"
#include "src/run/plan.h"
#include "src/lunmark.h"
#include "src/units.h"
#include "src/run/worker.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

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

/* What one run needs beyond the job: targets, workers, groups. */
struct lm_many {
	struct lm_job clock; /* ramp, and the longest runtime: lm_clock() */
	/* a job of a longer ramp_time than the clock's starts measuring
	 * this much after t0 (lm_keep_time() starts it) */
	uint64_t delay[LM_RUN_TARGETS_MAX];
	bool started[LM_RUN_TARGETS_MAX];
	const struct lm_job *jobs[LM_RUN_TARGETS_MAX]; /* per target */
	unsigned int first[LM_RUN_TARGETS_MAX];	       /* its first worker */
	uint64_t t0;				       /* measuring since */
	unsigned int ntargets;
	unsigned int nworkers;
	unsigned int ngroups; /* ntargets, plus the spans */
	unsigned int cap;     /* samples per result */
	uint64_t tick;	      /* when the last whole second was sampled */
	lm_tick_fn tick_fn;   /* progress, or NULL */
	void *tick_arg;
	uint64_t stop_ns; /* when the measured window closed */
	uint64_t nticks;  /* whole seconds ticked to the peers (clock.h) */
	struct lm_shared s;
	struct lm_cursor cursor[LM_RUN_TARGETS_MAX];
	struct lm_overlap guard[LM_RUN_TARGETS_MAX]; /* --verify's */
	bool exited[LM_RUN_TARGETS_MAX]; /* exitall: its stop was handed on */
	bool exit_all;			 /* exit_what=all: no later job */
	struct lm_flows flows;		 /* fio's flow */
	struct lm_worker *w;
	struct lm_group g[2 * LM_RUN_TARGETS_MAX];
};

static void lm_sample_all(struct lm_many *m, uint64_t dur_ns)
{
	unsigned int k;

	for (k = 0; k < m->ngroups; k++)
		lm_group_sample(&m->g[k], dur_ns, m->cap);
}

/* IOs a thread moves in a size-limited run: io_size, or one pass. */
static uint64_t lm_pass_ios(const struct lm_job *j)
{
	return (j->io_bytes ? j->io_bytes : j->size_bytes) / j->bs_bytes;
}

/* Does a size-limited pass of @j's end at its cursor's limit (sequential,
 * or random on a map), its IOs counted by their claims? */
static bool lm_cursor_limited(const struct lm_job *j)
{
	return !j->time_based && (!lm_rw_random(j->rw) || lm_job_mapped(j));
}

/*
 * Start the measured pass of target @k's cursors where they stand (after
 * a ramp, or at 0): a shared cursor makes one pass for all threads
 * (io_size for each), a thread of its own region (fio's offset_increment)
 * its own pass.
 */
static void lm_limit(struct lm_many *m, unsigned int k)
{
	const struct lm_job *j = m->jobs[k];
	unsigned int i;

	if (!lm_cursor_limited(j))
		return;
	if (!j->offset_increment) {
		lm_cursor_pass(&m->cursor[k],
			       j->io_bytes ? lm_pass_ios(j) * j->threads
					   : j->size_bytes / j->bs_bytes);
		return;
	}
	for (i = 0; i < j->threads; i++)
		lm_cursor_pass(&m->w[m->first[k] + i].own, lm_pass_ios(j));
}

/* Split a target's region among its workers: sequential jobs and random
 * ones on a map share the target's cursor, other random ones each get an equal share of a size-limited
 * run's IOs; with offset_increment each has its own region and pass. */
static void lm_plan(struct lm_many *m, unsigned int k, unsigned int i,
		    const struct lm_target *t)
{
	const struct lm_job *j = m->jobs[k];
	struct lm_worker *w = &m->w[m->first[k] + i];
	uint64_t nblocks = j->size_bytes / j->bs_bytes;

	w->job = j;
	w->target = t;
	w->shared = &m->s;
	w->cursor = j->offset_increment ? &w->own : &m->cursor[k];
	w->overlap = j->verify ? &m->guard[k] : NULL;
	w->flow = j->flow ? lm_flow_join(&m->flows, j->flow_id, j->flow) : NULL;
	w->id = i;
	w->gid = m->first[k] + i;
	w->nall = m->nworkers;
	w->start_bytes = j->offset_bytes + i * j->offset_increment;
	w->nblocks = nblocks;
	w->stamp_bytes = t->lbs_bytes;
	w->budgeted =
		lm_rw_random(j->rw) && !j->time_based && !lm_job_mapped(j);
	w->cursor_pass = lm_cursor_limited(j);
	if (w->budgeted && (j->offset_increment || j->io_bytes))
		w->budget_bytes = lm_pass_ios(j) * j->bs_bytes;
	else if (w->budgeted)
		w->budget_bytes = (nblocks / j->threads +
				   (i < nblocks % j->threads ? 1 : 0)) *
				  j->bs_bytes;
}

static void lm_start_measuring(struct lm_many *m, uint64_t t0)
{
	unsigned int k, i;

	for (k = 0; k < m->ntargets; k++) {
		const struct lm_job *j = m->jobs[k];

		/* After a ramp a size-limited pass starts where the ramp
		 * left the cursor; without one the limit was set before
		 * the workers began; a longer ramp starts later. */
		if (j->ramp_ns && !m->delay[k]) {
			lm_limit(m, k);
			m->started[k] = true;
		}
		for (i = 0; m->delay[k] && i < j->threads; i++)
			atomic_store(&m->w[m->first[k] + i].measure_from_ns,
				     t0 + m->delay[k]);
		/* a job shorter than the clock stops on its own */
		if (j->runtime_ns &&
		    (!m->clock.runtime_ns ||
		     m->delay[k] + j->runtime_ns < m->clock.runtime_ns))
			for (i = 0; i < j->threads; i++)
				atomic_store(&m->w[m->first[k] + i].deadline_ns,
					     t0 + m->delay[k] + j->runtime_ns);
	}
	/* after a ramp the per-IO records count from here; without one
	 * they count from the gate (lm_run_core), and stay in order */
	if (m->clock.ramp_ns)
		atomic_store(&m->s.t0_ns, t0);
	atomic_store(&m->s.phase, LM_PHASE_MEASURE);
}

/* Hand the last second's figures, all targets together, to the watcher. */
static void lm_tell(const struct lm_many *m)
{
	const struct lm_run_result *r = m->g[m->ngroups - 1].r;
	const struct lm_sample *s;
	double dur;

	if (!m->tick_fn || !r->nseries)
		return;
	s = &r->series[r->nseries - 1];
	dur = (double)s->dur_ns;
	m->tick_fn(m->tick_arg, (double)(s->bytes[0] + s->bytes[1]) * 1e3 / dur,
		   (double)(s->ios[0] + s->ios[1]) * 1e9 / dur);
}

/* fio's ss=: a job steady by its rule stops, as fio's does. */
static void lm_steady_watch(struct lm_many *m, uint64_t now, bool last)
{
	struct lm_run_result *r;
	unsigned int k, i;

	for (k = 0; k < m->ntargets; k++) {
		const struct lm_job *j = m->jobs[k];

		r = m->g[k].r;
		if (!j->ss.on || r->ss.attained ||
		    lm_steady_feed(&j->ss, r->series, r->nseries,
				   last ? j->ramp_ns : m->clock.ramp_ns,
				   &r->ss))
			continue;
		for (i = 0; r->ss.attained && !last && i < j->threads; i++)
			atomic_store(&m->w[m->first[k] + i].deadline_ns, now);
	}
}

/* The earliest start of a job of a longer ramp_time, if before @next. */
static uint64_t lm_next_start(const struct lm_many *m, uint64_t t0,
			      uint64_t next)
{
	unsigned int k;

	for (k = 0; k < m->ntargets; k++)
		if (m->delay[k] && !m->started[k] && t0 + m->delay[k] < next)
			next = t0 + m->delay[k];
	return next;
}

/* Such a job's size-limited pass starts where its ramp left the cursor. */
static void lm_start_due(struct lm_many *m, uint64_t t0, uint64_t now)
{
	unsigned int k;

	for (k = 0; k < m->ntargets; k++) {
		if (!m->delay[k] || m->started[k] || now < t0 + m->delay[k])
			continue;
		lm_limit(m, k);
		m->started[k] = true;
	}
}

/* The end of the second after @tick: with peers (clock.h), the next
 * whole second from @t0, counted, not read off the time (a late second
 * is still one), so that every side samples the same seconds. */
static uint64_t lm_next_second(const struct lm_many *m, uint64_t t0,
			       uint64_t tick, uint64_t end)
{
	uint64_t next = tick + LM_SEC_NS;

	if (m->clock.clock)
		next = t0 + (m->nticks + 1) * LM_SEC_NS;
	return next < end ? next : end;
}

/* A whole second with peers: this side's state to all; do all stop? A
 * side that stopped, or is done, waits for the others' verdict. */
static bool lm_clock_tick(struct lm_many *m, unsigned int finished)
{
	const struct lm_run_clock *c = m->clock.clock;
	enum lm_clock_state st = LM_CLOCK_RUNNING;

	if (!c)
		return false;
	m->nticks++;
	if (lm_stop || lm_phase(&m->s) == LM_PHASE_STOP)
		st = LM_CLOCK_STOP;
	else if (finished >= m->nworkers)
		st = LM_CLOCK_DONE;
	return c->ops->tick(c->arg, st);
}

/*
 * fio's exitall: a job whose every worker is done stops, by its
 * exit_what, the jobs of its group (fio's group id) or all of them (and,
 * with all, no later job runs). A job stopped so is done in turn, and
 * stops others by its own exit_what, as in fio.
 */
static void lm_exit_watch(struct lm_many *m)
{
	unsigned int k, x;

	for (k = 0; k < m->ntargets; k++) {
		const struct lm_job *j = m->jobs[k];

		if (!j->exitall || m->exited[k] || !lm_group_done(&m->g[k]))
			continue;
		m->exited[k] = true;
		m->exit_all |= j->exit_what == LM_EXIT_WHAT_ALL;
		for (x = 0; x < m->ntargets; x++)
			if (j->exit_what != LM_EXIT_WHAT_GROUP ||
			    m->jobs[x]->exit_group == j->exit_group)
				lm_group_halt(&m->g[x]);
	}
}

/* The main thread's clock: ramp, then samples once a second until the
 * runtime is over, every worker is done, a worker failed, or a signal. */
static void lm_keep_time(struct lm_many *m)
{
	const struct lm_job *j = &m->clock;
	struct lm_shared *s = &m->s;
	uint64_t t0, tick, end, next, now;
	unsigned int finished = 0, k;
	struct lm_cpu c0, used;

	if (j->ramp_ns) {
		end = lm_now_ns() + j->ramp_ns;
		while (!lm_stop && lm_phase(s) != LM_PHASE_STOP &&
		       finished < m->nworkers && lm_now_ns() < end) {
			lm_wait(s->done_fd, end, &finished);
			lm_exit_watch(m);
		}
		lm_sample_all(m, 0); /* baseline */
	}
	c0 = lm_cpu_now();
	t0 = lm_now_ns();
	m->t0 = t0;
	if (!lm_stop && lm_phase(s) != LM_PHASE_STOP)
		lm_start_measuring(m, t0);
	tick = t0;
	end = j->runtime_ns ? t0 + j->runtime_ns : UINT64_MAX;
	while (j->clock || (!lm_stop && lm_phase(s) != LM_PHASE_STOP &&
			    finished < m->nworkers)) {
		next = lm_next_second(m, t0, tick, end);
		lm_wait(s->done_fd, lm_next_start(m, t0, next), &finished);
		lm_exit_watch(m);
		now = lm_now_ns();
		lm_start_due(m, t0, now);
		/* a stop signal reaches every rank at once (mpirun's SIGTERM,
		 * with SIGKILL a second later): tick at once, not at the end
		 * of the second */
		if ((now >= next || (j->clock && lm_stop)) && next != end) {
			lm_sample_all(m, now - tick);
			tick = now;
			lm_steady_watch(m, now, false);
			lm_tell(m);
			if (lm_clock_tick(m, finished))
				break;
		}
		/* with peers, every second before the end is ticked */
		if (now >= end && (!j->clock || next == end))
			break;
		if (j->clock && lm_stop && next == end)
			break; /* the last second: no tick to wait for */
	}
	atomic_store(&s->phase, LM_PHASE_STOP);
	now = lm_now_ns();
	used = lm_cpu_since(&c0);
	/* the last, possibly partial, second is sampled once the workers
	 * are joined: IOs they reaped before they saw the stop count in it */
	m->tick = tick;
	m->stop_ns = now;
	for (k = 0; k < m->ngroups; k++) {
		struct lm_run_result *r = m->g[k].r;

		r->elapsed_ns = now > t0 + m->g[k].delay_ns
					? now - t0 - m->g[k].delay_ns
					: 0;
		/* the process's CPU: the targets share it; measured until
		 * the workers tore down, past the last IO elapsed_ns ends at */
		r->cpu = used;
		r->cpu_wall_ns = now - t0;
		r->interrupted = lm_stop != 0;
		r->exit_all = m->exit_all;
	}
}

static int lm_many_init(struct lm_many *m, const struct lm_job *const *jobs,
			unsigned int n, const struct lm_run_span *spans,
			unsigned int nspans, struct lm_run_result *r)
{
	const struct lm_job *j;
	unsigned int k, i;

	memset(m, 0, sizeof(*m));
	lm_run_plan(jobs, n, &m->clock, m->delay);
	j = &m->clock;
	m->ntargets = n;
	for (k = 0; k < n; k++) {
		m->jobs[k] = jobs[k];
		m->first[k] = m->nworkers;
		m->nworkers += jobs[k]->threads;
	}
	m->ngroups = n + nspans;
	/* one sample a second, plus the ramp baseline and the last piece */
	m->cap = (unsigned int)(j->runtime_ns ? j->runtime_ns / LM_SEC_NS + 4
					      : 86400);
	memset(r, 0, m->ngroups * sizeof(*r));
	for (k = 0; k < m->ngroups; k++) {
		r[k].series = calloc(m->cap, sizeof(*r[k].series));
		if (!r[k].series)
			return -ENOMEM;
		m->g[k].r = &r[k];
		m->g[k].n = k < n ? jobs[k]->threads : 0;
	}
	m->w = calloc(m->nworkers, sizeof(*m->w));
	if (!m->w)
		return -ENOMEM;
	for (k = 0; k < n; k++) {
		m->g[k].w = &m->w[m->first[k]];
		m->g[k].delay_ns = m->delay[k];
	}
	/* a span's workers are its targets', one after the other */
	for (k = 0; k < nspans; k++) {
		m->g[n + k].w = &m->w[m->first[spans[k].first]];
		m->g[n + k].delay_ns = m->delay[spans[k].first];
		for (i = 0; i < spans[k].n; i++)
			m->g[n + k].n += jobs[spans[k].first + i]->threads;
	}
	atomic_init(&m->s.phase, j->ramp_ns ? LM_PHASE_RAMP : LM_PHASE_MEASURE);
	m->s.verify_run = lm_verify_block_run_id();
	for (k = 0; k < n; k++) {
		lm_cursor_init(&m->cursor[k]);
		for (i = 0; i < jobs[k]->threads; i++)
			lm_cursor_init(&m->w[m->first[k] + i].own);
		if (!jobs[k]->ramp_ns)
			lm_limit(m, k);
		if (jobs[k]->verify &&
		    lm_overlap_init(&m->guard[k],
				    jobs[k]->threads * jobs[k]->iodepth))
			return -ENOMEM;
	}
	m->s.done_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (m->s.done_fd < 0)
		return -errno;
	lm_gate_init(&m->s.gate);
	return 0;
}

/* Start every worker with signals blocked: they go to the main thread. */
static unsigned int lm_start(struct lm_many *m,
			     const struct lm_target *const *t, int *err)
{
	unsigned int i, k, started = 0;
	sigset_t all, old;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	for (k = 0; k < m->ntargets && !*err; k++) {
		for (i = 0; i < m->jobs[k]->threads; i++) {
			lm_plan(m, k, i, t[k]);
			*err = pthread_create(&m->w[started].tid, NULL,
					      lm_worker_main, &m->w[started]);
			if (*err)
				break;
			started++;
		}
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return started;
}

static int lm_setup_failed(struct lm_many *m, unsigned int started)
{
	unsigned int i;

	for (i = 0; i < started; i++) {
		if (!m->w[i].setup_err)
			continue;
		atomic_store(&m->s.phase, LM_PHASE_STOP);
		if (m->w[i].errtext[0])
			lm_err("%s", m->w[i].errtext);
		else
			lm_engine_report_setup_error(m->w[i].job->engine,
						     m->w[i].setup_what,
						     -m->w[i].setup_err);
		return LM_EXIT_ENGINE;
	}
	return 0;
}

/* With peers (clock.h): all set up, each side with its setup's exit code
 * @ret, then sleep until the agreed start. The first failure is every
 * side's; the workers then see STOP when the gate opens. */
int lm_clock_begin(const struct lm_run_clock *clock, int ret,
		   uint64_t *start_ns)
{
	struct timespec ts;

	*start_ns = lm_now_ns();
	if (!clock)
		return ret;
	ret = clock->ops->ready(clock->arg, ret);
	if (!ret)
		ret = clock->ops->start(clock->arg, start_ns);
	if (ret)
		return ret;
	ts.tv_sec = (time_t)(*start_ns / LM_SEC_NS);
	ts.tv_nsec = (long)(*start_ns % LM_SEC_NS);
	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) ==
	       EINTR)
		;
	return 0;
}

static int lm_clock_start(struct lm_many *m, int ret)
{
	uint64_t start_ns;

	if (!m->clock.clock)
		return ret;
	ret = lm_clock_begin(m->clock.clock, ret, &start_ns);
	if (ret)
		atomic_store(&m->s.phase, LM_PHASE_STOP);
	return ret;
}

static int lm_run_core(const struct lm_job *const *jobs,
		       const struct lm_target *const *t, unsigned int n,
		       const struct lm_run_span *spans, unsigned int nspans,
		       struct lm_run_result *r, lm_tick_fn tick, void *arg)
{
	struct lm_many *m;
	unsigned int i, started;
	int ret = 0, err = 0;

	m = malloc(sizeof(*m));
	if (!m) {
		lm_err("out of memory starting the run's threads");
		return LM_EXIT_ENGINE;
	}
	err = lm_many_init(m, jobs, n, spans, nspans, r);
	m->tick_fn = tick;
	m->tick_arg = arg;
	if (err) {
		lm_err("cannot start the run: %s", strerror(-err));
		ret = LM_EXIT_ENGINE;
		goto out_free;
	}
	started = lm_start(m, t, &err);
	if (started < m->nworkers) {
		/* the started workers see STOP as soon as the gate opens */
		atomic_store(&m->s.phase, LM_PHASE_STOP);
		lm_err("cannot start thread %u of %u: %s (lower --numjobs)",
		       started + 1, m->nworkers, strerror(err));
		ret = LM_EXIT_ENGINE;
	}
	lm_gate_wait(&m->s.gate, started);
	if (!ret)
		ret = lm_setup_failed(m, started);
	ret = lm_clock_start(m, ret);
	/* without a ramp the workers measure from the gate: their per-IO
	 * records count from here until the clock starts (lm_keep_time) */
	atomic_store(&m->s.t0_ns, lm_now_ns());
	lm_gate_open(&m->s.gate);
	if (!ret)
		lm_keep_time(m);
	for (i = 0; i < started; i++)
		pthread_join(m->w[i].tid, NULL);
	if (!ret) {
		lm_sample_all(m, m->stop_ns - m->tick);
		/* the spans first: a fio job's records of every IO go to
		 * the span that is its result */
		for (i = 0; i < m->ngroups; i++)
			lm_group_merge(&m->g[(i + m->ntargets) % m->ngroups],
				       m->t0);
		lm_steady_watch(m, 0, true); /* the verdict at the end */
		if (m->clock.clock)
			ret = m->clock.clock->ops->gather(m->clock.clock->arg,
							  m->t0, m->stop_ns,
							  &r[m->ngroups - 1]);
	}
	lm_gate_destroy(&m->s.gate);
out_free:
	if (m->s.done_fd > 0)
		close(m->s.done_fd);
	for (i = 0; m->w && i < m->nworkers; i++)
		lm_worker_free(&m->w[i]);
	free(m->w);
	for (i = 0; i < m->ntargets; i++)
		lm_overlap_free(&m->guard[i]);
	if (ret)
		for (i = 0; i < m->ngroups; i++)
			lm_run_result_free(&r[i]);
	free(m);
	return ret;
}

int lm_run_spans(const struct lm_job *const *j,
		 const struct lm_target *const *t, unsigned int n,
		 const struct lm_run_span *spans, unsigned int nspans,
		 struct lm_run_result *r)
{
	return lm_run_core(j, t, n, spans, nspans, r, NULL, NULL);
}

int lm_run_jobs(const struct lm_job *const *j, const struct lm_target *const *t,
		unsigned int n, struct lm_run_result *r)
{
	const struct lm_run_span all = { 0, n };

	return lm_run_core(j, t, n, &all, n > 1, r, NULL, NULL);
}

int lm_run(const struct lm_job *j, const struct lm_target *t,
	   struct lm_run_result *r)
{
	return lm_run_core(&j, &t, 1, NULL, 0, r, NULL, NULL);
}

int lm_run_watched(const struct lm_job *j, const struct lm_target *t,
		   struct lm_run_result *r, lm_tick_fn tick, void *arg)
{
	return lm_run_core(&j, &t, 1, NULL, 0, r, tick, arg);
}

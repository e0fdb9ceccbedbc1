// SPDX-License-Identifier: MIT
/* One run: its plan, its workers started and joined, their figures
 * merged (run.h); the main thread's watch meanwhile is watch.c's. */
#include "src/run/run.h"
#include "src/run/many.h"
#include "src/run/plan.h"
#include "src/lunmark.h"
#include "src/units.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <time.h>
#include <unistd.h>

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
	w->overlap = lm_job_guarded(j) ? &m->guard[k] : NULL;
	w->flow = j->flow ? lm_flow_join(&m->flows, j->flow_id, j->flow) : NULL;
	w->id = i;
	w->gid = m->first[k] + i;
	w->nall = m->nworkers;
	w->start_bytes = j->offset_bytes + i * j->offset_increment;
	w->nblocks = nblocks;
	w->stamp_bytes = t->lbs_bytes;
	w->budgeted =
		lm_rw_random(j->rw) && !j->time_based && !lm_job_mapped(j);
	w->cursor_pass = lm_plan_cursor_limited(j);
	if (w->budgeted && (j->offset_increment || j->io_bytes))
		w->budget_bytes = lm_plan_pass_ios(j) * j->bs_bytes;
	else if (w->budgeted)
		w->budget_bytes = (nblocks / j->threads +
				   (i < nblocks % j->threads ? 1 : 0)) *
				  j->bs_bytes;
}

static int lm_many_init(struct lm_many *m, const struct lm_job *const *jobs,
			unsigned int n, const struct lm_run_span *spans,
			unsigned int nspans, struct lm_run_result *r)
{
	const struct lm_job *j;
	unsigned int k, i;

	memset(m, 0, sizeof(*m));
	m->tap_next = UINT64_MAX; /* none due before the window opens */
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
	for (k = 0; k < n; k++)
		m->judge[k] = k;
	/* a span's workers are its targets', one after the other; the
	 * first span of a target (the outermost) judges its steady state */
	for (k = 0; k < nspans; k++) {
		for (i = 0; i < spans[k].n; i++)
			if (jobs[spans[k].first + i]->ss_span &&
			    m->judge[spans[k].first + i] < n)
				m->judge[spans[k].first + i] = n + k;
		m->g[n + k].w = &m->w[m->first[spans[k].first]];
		m->g[n + k].delay_ns = m->delay[spans[k].first];
		for (i = 0; i < spans[k].n; i++) {
			m->g[n + k].n += jobs[spans[k].first + i]->threads;
			/* it measures from its first job's start: one that
			 * begins with a job that waits, from its first
			 * other's, or that job's (watch.c's
			 * lm_waited_delay()); with startdelay, the
			 * earliest */
			if (m->delay[spans[k].first + i] < m->g[n + k].delay_ns)
				m->g[n + k].delay_ns =
					m->delay[spans[k].first + i];
		}
	}
	atomic_init(&m->s.phase, j->ramp_ns ? LM_PHASE_RAMP : LM_PHASE_MEASURE);
	m->s.verify_run = lm_verify_block_run_id();
	for (k = 0; k < n; k++) {
		lm_cursor_init(&m->cursor[k]);
		for (i = 0; i < jobs[k]->threads; i++)
			lm_cursor_init(&m->w[m->first[k] + i].own);
		if (!jobs[k]->ramp_ns || jobs[k]->ramp_in_pass)
			lm_many_limit(m, k);
		if (lm_job_guarded(jobs[k]) &&
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
	 * records count from here until the clock starts (lm_many_watch) */
	atomic_store(&m->s.t0_ns, lm_now_ns());
	lm_gate_open(&m->s.gate);
	if (!ret)
		lm_many_watch(m);
	for (i = 0; i < started; i++)
		pthread_join(m->w[i].tid, NULL);
	if (!ret) {
		lm_many_sample(m, m->stop_ns - m->tick);
		/* the spans first: a fio job's records of every IO go to
		 * the span that is its result */
		for (i = 0; i < m->ngroups; i++)
			lm_group_merge(&m->g[(i + m->ntargets) % m->ngroups],
				       m->t0);
		lm_many_steady(m, 0, true); /* the verdict at the end */
		/* its logs' time 0: where its first worker's records count
		 * from (after a wait_for, its own start, as fio's) */
		for (i = 0; i < m->ngroups; i++)
			m->g[i].r->t0_ns =
				m->g[i].n ? lm_worker_record_base(&m->g[i].w[0])
					  : atomic_load(&m->s.t0_ns);
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

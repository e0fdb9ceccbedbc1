// SPDX-License-Identifier: MIT
/* The main thread's watch over a run (many.h). */
#include "src/run/many.h"
#include "src/run/plan.h"
#include "src/lunmark.h"

#include <limits.h>
#include <linux/futex.h>
#include <poll.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/*
 * Start the measured pass of target @k's cursors where they stand (after
 * a ramp, or at 0; a fio job's at 0 always, its ramp of the pass:
 * ramp_in_pass): a shared cursor makes one pass for all threads
 * (io_size for each), a thread of its own region (fio's offset_increment)
 * its own pass.
 */
void lm_many_limit(struct lm_many *m, unsigned int k)
{
	const struct lm_job *j = m->jobs[k];
	unsigned int i;

	if (!lm_plan_cursor_limited(j))
		return;
	if (!j->offset_increment) {
		lm_cursor_pass(&m->cursor[k],
			       j->io_bytes ? lm_plan_pass_ios(j) * j->threads
					   : lm_plan_pass_ios(j));
		return;
	}
	for (i = 0; i < j->threads; i++)
		lm_cursor_pass(&m->w[m->first[k] + i].own, lm_plan_pass_ios(j));
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

/* Are @avg_ms's samples of windows (not of each IO, nor none: job.h)? */
static bool lm_windowed(unsigned int avg_ms)
{
	return avg_ms != LM_SAMPLE_EACH_IO && avg_ms != LM_SAMPLE_NONE;
}

/* When a worker's next sample is due: its period after the last (fio's
 * helper thread sleeps that long; its 1 ms slack is for a wake-up a
 * little early); never for samples that are not of windows. */
static uint64_t lm_tap_next(const struct lm_rate_tap *t, const struct lm_job *j)
{
	uint64_t b = lm_windowed(j->bw_avg_ms)
			     ? t->at_ns[0] + j->bw_avg_ms * 1000000ull
			     : UINT64_MAX;
	uint64_t i = lm_windowed(j->iops_avg_ms)
			     ? t->at_ns[1] + j->iops_avg_ms * 1000000ull
			     : UINT64_MAX;

	return b < i ? b : i;
}

/* fio's samples of target @k's workers begin at @now, from the live
 * counters then (fio resets them when its ramp ends). */
static void lm_tap_begin(struct lm_many *m, unsigned int k, uint64_t now)
{
	unsigned int i, d;
	uint64_t due;

	for (i = 0; i < m->jobs[k]->threads; i++) {
		struct lm_worker *w = &m->w[m->first[k] + i];
		struct lm_rate_tap *t = &w->tap;

		memset(t, 0, sizeof(*t));
		t->at_ns[0] = t->at_ns[1] = now;
		for (d = 0; d < LM_DIRS; d++) {
			t->bytes[d] = atomic_load(&w->live_bytes[d]);
			t->ios[d] = atomic_load(&w->live_ios[d]);
		}
		due = lm_tap_next(t, m->jobs[k]);
		if (due < m->tap_next)
			m->tap_next = due;
	}
}

/*
 * One kind of fio's samples (@kind 0 bw in KiB/s, 1 iops) of a worker
 * at @now, as fio's __add_samples(): once @avg_ms have passed (less its
 * 1 ms slack), each direction that moved since the last gets its rate
 * over the whole ms since, in whole units.
 */
static void lm_tap_kind(struct lm_rate_tap *t, unsigned int kind,
			const _Atomic uint64_t *live, uint64_t *last,
			struct lm_running *out, unsigned int avg_ms,
			uint64_t now)
{
	uint64_t spent = (now - t->at_ns[kind]) / 1000000, v, delta;
	unsigned int d;

	if (!lm_windowed(avg_ms))
		return;
	if (spent < avg_ms && avg_ms - spent > 1)
		return;
	for (d = 0; d < LM_DIRS; d++) {
		v = atomic_load_explicit(&live[d], memory_order_relaxed);
		delta = v - last[d];
		if (!delta)
			continue;
		lm_running_add(&out[d], !spent ? 0
					: kind ? delta * 1000 / spent
					       : delta * 1000 / spent / 1024);
		last[d] = v;
	}
	t->at_ns[kind] = now;
}

/*
 * fio's samples due at @now, of the workers measuring and not done (fio
 * samples its running threads only); the next is due when the soonest
 * worker's is, so that a late wake-up delays a sample, as fio's helper
 * thread does, and loses none.
 */
static void lm_tap_due(struct lm_many *m, uint64_t now)
{
	unsigned int k, i;
	uint64_t due;

	if (now < m->tap_next)
		return;
	m->tap_next = UINT64_MAX;
	for (k = 0; k < m->ntargets; k++) {
		const struct lm_job *j = m->jobs[k];

		if (m->delay[k] && !m->started[k])
			continue;
		for (i = 0; i < j->threads; i++) {
			struct lm_worker *w = &m->w[m->first[k] + i];

			if (atomic_load(&w->done))
				continue;
			lm_tap_kind(&w->tap, 0, w->live_bytes, w->tap.bytes,
				    w->tap.bw, j->bw_avg_ms, now);
			lm_tap_kind(&w->tap, 1, w->live_ios, w->tap.ios,
				    w->tap.iops, j->iops_avg_ms, now);
			due = lm_tap_next(&w->tap, j);
			if (due < m->tap_next)
				m->tap_next = due;
		}
	}
}

void lm_many_sample(struct lm_many *m, uint64_t dur_ns)
{
	unsigned int k;

	for (k = 0; k < m->ngroups; k++)
		lm_group_sample(&m->g[k], dur_ns, m->cap);
}

/* Target @k's window from @t0 (the clock's measuring start) and its
 * delay. */
static void lm_start_target(struct lm_many *m, unsigned int k, uint64_t t0)
{
	const struct lm_job *j = m->jobs[k];
	unsigned int i;

	/* After a ramp a size-limited pass starts where the ramp left the
	 * cursor; without one (or a fio job's, ramp_in_pass) the limit was
	 * set before the workers began; a longer ramp starts later. */
	if (j->ramp_ns && !m->delay[k]) {
		if (!j->ramp_in_pass)
			lm_many_limit(m, k);
		m->started[k] = true;
	}
	if (!m->delay[k])
		lm_tap_begin(m, k, t0);
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

/* A job that waited (fio's wait_for) measures from its own start and
 * ramp's end, m->from[k]: its delay after @t0, and that of a span it is
 * in, if it starts the span's window. */
static void lm_waited_delay(struct lm_many *m, unsigned int k, uint64_t t0)
{
	uint64_t d = m->from[k] > t0 ? m->from[k] - t0 : 0;
	const struct lm_worker *w = &m->w[m->first[k]];
	unsigned int x;

	for (x = m->ntargets; x < m->ngroups; x++)
		if (w >= m->g[x].w && w < m->g[x].w + m->g[x].n &&
		    d < m->g[x].delay_ns)
			m->g[x].delay_ns = d;
	m->delay[k] = d;
	m->g[k].delay_ns = d;
}

static void lm_start_measuring(struct lm_many *m, uint64_t t0)
{
	unsigned int k;

	for (k = 0; k < m->ntargets; k++)
		if (!m->jobs[k]->wait_mask) /* lm_release() starts those */
			lm_start_target(m, k, t0);
	/* after a ramp the per-IO records count from here; without one
	 * they count from the gate (lm_run_core), and stay in order */
	if (m->clock.ramp_ns)
		atomic_store(&m->s.t0_ns, t0);
	atomic_store(&m->s.phase, LM_PHASE_MEASURE);
}

/*
 * fio's wait_for: a job whose waitees' workers are all done (its
 * wait_mask's targets) starts at @now, or when its startdelay is over
 * if later, and measures once its ramp is. Looked at from the clock's
 * t0 on (a waitee done within the clock's ramp releases it at t0), each
 * time a worker ends.
 */
static void lm_release(struct lm_many *m, uint64_t now)
{
	unsigned int k, x, i;
	uint64_t at;

	for (k = 0; k < m->ntargets; k++) {
		const struct lm_job *j = m->jobs[k];

		if (!j->wait_mask || m->from[k])
			continue;
		for (x = 0; x < m->ntargets; x++)
			if ((j->wait_mask >> x & 1) && !lm_group_done(&m->g[x]))
				break;
		if (x < m->ntargets)
			continue;
		at = m->gate_ns + j->startdelay_ns;
		m->from[k] = (at > now ? at : now) + j->ramp_ns;
		lm_waited_delay(m, k, m->t0);
		lm_start_target(m, k, m->t0);
		/* without a ramp its pass was set before the workers
		 * began: it starts with its first IO */
		if (!j->ramp_ns && m->from[k] <= now) {
			m->started[k] = true;
			lm_tap_begin(m, k, now);
		}
		for (i = 0; i < j->threads; i++) {
			struct lm_worker *w = &m->w[m->first[k] + i];

			atomic_store_explicit(&w->go, 1, memory_order_release);
			(void)syscall(SYS_futex, (void *)&w->go,
				      FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL,
				      0);
		}
	}
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
	m->tick_fn(m->tick_arg, (double)lm_dirs_sum(s->bytes) * 1e3 / dur,
		   (double)lm_dirs_sum(s->ios) * 1e9 / dur);
}

/* May target @k's steady state be judged at @now (m->judge): it has
 * started (a wait_for, a startdelay), or, judged in a span, every target
 * of it has and is past its ss_ramp, as fio judges a group once all its
 * jobs are past theirs? */
static bool lm_judge_ready(const struct lm_many *m, unsigned int k,
			   uint64_t now)
{
	unsigned int t;
	uint64_t from;

	for (t = k; t < m->ntargets && m->judge[t] == m->judge[k]; t++) {
		if ((m->jobs[t]->wait_mask || m->delay[t]) && !m->started[t])
			return false;
		if (m->judge[k] == k)
			break;
		from = m->delay[t] == LM_PLAN_WAIT ? m->from[t]
						   : m->t0 + m->delay[t];
		if (now < from + m->jobs[t]->ss.ramp_ns)
			return false;
	}
	return true;
}

/* fio's ss=: a job steady by its rule stops, as fio's does; one judged
 * on its span's sum (m->judge) stops with the whole span. */
void lm_many_steady(struct lm_many *m, uint64_t now, bool last)
{
	struct lm_run_result *r;
	struct lm_group *g;
	unsigned int k, i;

	for (k = 0; k < m->ntargets; k++) {
		const struct lm_job *j = m->jobs[k];

		/* a span's targets are one after the other: its first */
		if (k && m->judge[k] == m->judge[k - 1])
			continue;
		g = &m->g[m->judge[k]];
		r = g->r;
		/* a job that waits is judged once it measures, not on the
		 * empty seconds before (the verdict at the end: its own); a
		 * span once every job of it has started, as fio's group
		 * once all its jobs are past their ramp */
		if (!last && !lm_judge_ready(m, k, now))
			continue;
		if (!j->ss.on || r->ss.attained ||
		    lm_steady_feed(&j->ss, r->series, r->nseries,
				   last ? j->ramp_ns : m->clock.ramp_ns,
				   &r->ss))
			continue;
		for (i = 0; r->ss.attained && !last && i < g->n; i++)
			atomic_store(&g->w[i].deadline_ns, now);
	}
}

/* The earliest start of a job of a longer ramp_time, or fio's next
 * samples, if before @next. */
static uint64_t lm_next_start(const struct lm_many *m, uint64_t t0,
			      uint64_t next)
{
	unsigned int k;

	if (m->tap_next < next)
		next = m->tap_next;
	for (k = 0; k < m->ntargets; k++)
		if (m->delay[k] && !m->started[k] && t0 + m->delay[k] < next)
			next = t0 + m->delay[k];
	return next;
}

/* Such a job's size-limited pass starts where its ramp left the cursor
 * (a fio job's started with the run: ramp_in_pass). */
static void lm_start_due(struct lm_many *m, uint64_t t0, uint64_t now)
{
	unsigned int k;

	for (k = 0; k < m->ntargets; k++) {
		if (!m->delay[k] || m->started[k] || now < t0 + m->delay[k])
			continue;
		if (!m->jobs[k]->ramp_in_pass)
			lm_many_limit(m, k);
		m->started[k] = true;
		lm_tap_begin(m, k, now);
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

/* Are target @k's workers done, and those of the files after it that its
 * fio thread serves too (file_turn)? */
static bool lm_thread_done(const struct lm_many *m, unsigned int k)
{
	do {
		if (!lm_group_done(&m->g[k]))
			return false;
	} while (++k < m->ntargets && m->jobs[k]->file_turn != LM_FILE_OWN);
	return true;
}

/*
 * fio's exitall: a job whose every worker is done (of each of its
 * files) stops, by its exit_what, the jobs of its group (fio's group id)
 * or all of them (and, with all, no later job runs). A job stopped so is
 * done in turn, and stops others by its own exit_what, as in fio.
 */
static void lm_exit_watch(struct lm_many *m)
{
	unsigned int k, x;

	for (k = 0; k < m->ntargets; k++) {
		const struct lm_job *j = m->jobs[k];

		if (!j->exitall || j->file_turn != LM_FILE_OWN ||
		    m->exited[k] || !lm_thread_done(m, k))
			continue;
		m->exited[k] = true;
		m->exit_all |= j->exit_what == LM_EXIT_WHAT_ALL;
		for (x = 0; x < m->ntargets; x++)
			if (j->exit_what != LM_EXIT_WHAT_GROUP ||
			    m->jobs[x]->exit_group == j->exit_group)
				lm_group_halt(&m->g[x]);
	}
}

void lm_many_watch(struct lm_many *m)
{
	const struct lm_job *j = &m->clock;
	struct lm_shared *s = &m->s;
	uint64_t t0, tick, end, next, now;
	unsigned int finished = 0, k;
	struct lm_cpu c0, used;

	m->gate_ns = lm_now_ns();
	if (j->ramp_ns) {
		end = lm_now_ns() + j->ramp_ns;
		while (!lm_stop && lm_phase(s) != LM_PHASE_STOP &&
		       finished < m->nworkers && lm_now_ns() < end) {
			lm_wait(s->done_fd, end, &finished);
			lm_exit_watch(m);
		}
		lm_many_sample(m, 0); /* baseline */
	}
	c0 = lm_cpu_now();
	t0 = lm_now_ns();
	m->t0 = t0;
	if (!lm_stop && lm_phase(s) != LM_PHASE_STOP) {
		lm_start_measuring(m, t0);
		lm_release(m, t0);
	}
	tick = t0;
	end = j->runtime_ns ? t0 + j->runtime_ns : UINT64_MAX;
	while (j->clock || (!lm_stop && lm_phase(s) != LM_PHASE_STOP &&
			    finished < m->nworkers)) {
		next = lm_next_second(m, t0, tick, end);
		lm_wait(s->done_fd, lm_next_start(m, t0, next), &finished);
		lm_exit_watch(m);
		now = lm_now_ns();
		lm_release(m, now);
		lm_start_due(m, t0, now);
		/* none at the end: fio's threads are done by then */
		if (now < end)
			lm_tap_due(m, now);
		/* a stop signal reaches every rank at once (mpirun's SIGTERM,
		 * with SIGKILL a second later): tick at once, not at the end
		 * of the second */
		if ((now >= next || (j->clock && lm_stop)) && next != end) {
			lm_many_sample(m, now - tick);
			tick = now;
			lm_many_steady(m, now, false);
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

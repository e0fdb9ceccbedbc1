// SPDX-License-Identifier: MIT
/* A group of a run's workers and its result (run_group.h). */
#include "src/run/group.h"

#include <stdlib.h>
#include <string.h>

void lm_group_sample(struct lm_group *g, uint64_t dur_ns, unsigned int cap)
{
	uint64_t ios[LM_DIRS] = { 0 }, bytes[LM_DIRS] = { 0 };
	uint64_t lat[LM_DIRS] = { 0 }, slat[LM_DIRS] = { 0 };
	struct lm_run_result *r = g->r;
	struct lm_sample *s;
	unsigned int i, d;

	for (i = 0; i < g->n; i++) {
		for (d = 0; d < LM_DIRS; d++) {
			ios[d] += atomic_load_explicit(&g->w[i].live_ios[d],
						       memory_order_relaxed);
			bytes[d] += atomic_load_explicit(&g->w[i].live_bytes[d],
							 memory_order_relaxed);
			lat[d] += atomic_load_explicit(&g->w[i].live_lat_ns[d],
						       memory_order_relaxed);
			slat[d] += atomic_load_explicit(
				&g->w[i].live_slat_ns[d], memory_order_relaxed);
		}
	}
	if (r->nseries < cap && dur_ns) {
		s = &r->series[r->nseries++];
		s->dur_ns = dur_ns;
		for (d = 0; d < LM_DIRS; d++) {
			s->ios[d] = ios[d] - g->last[0][d];
			s->bytes[d] = bytes[d] - g->last[1][d];
			s->lat_ns[d] = lat[d] - g->last[2][d];
			s->slat_ns[d] = slat[d] - g->last[3][d];
		}
	}
	memcpy(g->last[0], ios, sizeof(ios));
	memcpy(g->last[1], bytes, sizeof(bytes));
	memcpy(g->last[2], lat, sizeof(lat));
	memcpy(g->last[3], slat, sizeof(slat));
}

/*
 * A group whose workers all ended before the window closed (a job of
 * its own shorter runtime, or done with its pass, while others ran on)
 * measured until its last worker ended: its elapsed time ends there, and
 * its per-second series with it, the last second cut to what it ran. It
 * began when its first worker woke past the gate, as a fio job's
 * runtime begins in its own thread: on a loaded host a 16-IO job's
 * runtime was the 3 ms its thread took to wake.
 */
static void lm_group_end(struct lm_group *g, uint64_t t0)
{
	struct lm_run_result *r = g->r;
	uint64_t end = 0, begin = UINT64_MAX, elapsed, sum = 0;
	unsigned int i, n;

	for (i = 0; i < g->n; i++) {
		if (g->w[i].end_ns > end)
			end = g->w[i].end_ns;
		if (g->w[i].begin_ns && g->w[i].begin_ns < begin)
			begin = g->w[i].begin_ns;
	}
	t0 += g->delay_ns;
	if (begin != UINT64_MAX && begin > t0 && end - t0 < r->elapsed_ns)
		t0 = begin;
	if (!end || end <= t0 || end - t0 >= r->elapsed_ns)
		return;
	elapsed = end - t0;
	r->elapsed_ns = elapsed;
	n = (unsigned int)((elapsed + LM_SEC_NS - 1) / LM_SEC_NS);
	if (r->nseries > n)
		r->nseries = n;
	for (i = 0; i + 1 < r->nseries; i++)
		sum += r->series[i].dur_ns;
	if (r->nseries && sum < elapsed)
		r->series[r->nseries - 1].dur_ns = elapsed - sum;
}

/* Is worker @i of @g one more file of the fio thread of the one before
 * it (file_turn)? */
static bool lm_same_thread(const struct lm_group *g, unsigned int i)
{
	return i && g->w[i].job->file_turn != LM_FILE_OWN;
}

/* The workers' records of every IO become the result's (the first group
 * holding a worker takes its record), one log per fio thread: a file
 * after its first joins its thread's log, its records shifted to count
 * from the thread's start. */
static void lm_take_iologs(struct lm_group *g)
{
	struct lm_run_result *r = g->r;
	unsigned int i, head = 0, n = 0;
	bool any = false;

	/* a log the budget left empty is said to be cut, so taken too */
	for (i = 0; i < g->n; i++)
		any |= g->w[i].iolog.head || g->w[i].iolog.full;
	if (!any)
		return;
	r->iolog = calloc(g->n, sizeof(*r->iolog));
	if (!r->iolog)
		return;
	for (i = 0; i < g->n; i++) {
		if (!lm_same_thread(g, i)) {
			head = i;
			lm_iolog_take(&r->iolog[n++], &g->w[i].iolog);
			continue;
		}
		/* in turn, all its records came after the thread's */
		lm_iolog_merge(&r->iolog[n - 1], &g->w[i].iolog,
			       lm_worker_record_base(&g->w[i]) -
				       lm_worker_record_base(&g->w[head]),
			       g->w[i].job->file_turn == LM_FILE_AT_ONCE);
	}
	r->niolog = n;
}

/* Is worker @k of @g a file served in turn after the one before it? */
static bool lm_in_turn(const struct lm_group *g, unsigned int k)
{
	return k < g->n && g->w[k].job->file_turn == LM_FILE_IN_TURN;
}

/* Worker @w's samples of @kind (0 bw, 1 iops) in direction @d: its own
 * of each IO, or the main thread's of its windows. */
static const struct lm_running *lm_samples_of(const struct lm_worker *w,
					      unsigned int kind, unsigned int d)
{
	unsigned int avg_ms = kind ? w->job->iops_avg_ms : w->job->bw_avg_ms;

	if (avg_ms == LM_SAMPLE_EACH_IO)
		return kind ? &w->io_iops[d] : &w->io_bw[d];
	return kind ? &w->tap.iops[d] : &w->tap.bw[d];
}

/* fio's bw and iops samples: a thread's files in turn as one stream of
 * samples; threads, and files at once, summed as fio's group_reporting
 * sums its threads'. */
static void lm_group_samples(struct lm_group *g)
{
	struct lm_running bw, iops;
	struct lm_run_result *r = g->r;
	unsigned int i, k, d;

	for (d = 0; d < LM_DIRS; d++) {
		for (i = 0; i < g->n; i = k) {
			bw = *lm_samples_of(&g->w[i], 0, d);
			iops = *lm_samples_of(&g->w[i], 1, d);
			for (k = i + 1; lm_in_turn(g, k); k++) {
				lm_running_pool(&bw,
						lm_samples_of(&g->w[k], 0, d));
				lm_running_pool(&iops,
						lm_samples_of(&g->w[k], 1, d));
			}
			lm_running_sum(&r->bw_samples[d], &bw);
			lm_running_sum(&r->iops_samples[d], &iops);
		}
	}
}

/*
 * A group that measured after the clock's t0 (a longer ramp_time): its
 * series starts at its own start. The samples before it go; the one it
 * began in keeps what followed, added to the next when under half a
 * second.
 */
static void lm_group_trim(struct lm_group *g)
{
	struct lm_run_result *r = g->r;
	struct lm_sample *s = r->series;
	uint64_t at = 0;
	unsigned int i = 0, d;

	if (!g->delay_ns)
		return;
	while (i < r->nseries && at + s[i].dur_ns <= g->delay_ns)
		at += s[i++].dur_ns;
	if (i < r->nseries) {
		s[i].dur_ns = at + s[i].dur_ns - g->delay_ns;
		if (s[i].dur_ns < LM_SEC_NS / 2 && i + 1 < r->nseries) {
			s[i + 1].dur_ns += s[i].dur_ns;
			for (d = 0; d < LM_DIRS; d++) {
				s[i + 1].ios[d] += s[i].ios[d];
				s[i + 1].bytes[d] += s[i].bytes[d];
				s[i + 1].lat_ns[d] += s[i].lat_ns[d];
				s[i + 1].slat_ns[d] += s[i].slat_ns[d];
			}
			i++;
		}
	}
	memmove(s, s + i, (r->nseries - i) * sizeof(*s));
	r->nseries -= i;
}

/* A worker's latencies per priority, into its group's by value (out of
 * memory: the rest of fio's prios[] is left out, nothing else). */
static void lm_group_prios(struct lm_priolat *to, const struct lm_priolat *w)
{
	unsigned int k;

	for (k = 0; k < w->n; k++)
		if (lm_priolat_add(to, w->val[k], &w->h[k]))
			return;
}

/* fio's latency_target: a group measured from its threads' last start
 * of a measured window (their search before it left out), as a group
 * of a longer ramp_time does from its own start. */
static void lm_group_latency(struct lm_group *g, uint64_t t0)
{
	struct lm_run_result *r = g->r;
	uint64_t from = 0, shift;
	unsigned int i;

	for (i = 0; i < g->n; i++) {
		if (g->w[i].lat_from_ns > from)
			from = g->w[i].lat_from_ns;
		if (g->w[i].lat_depth > r->lat_depth)
			r->lat_depth = g->w[i].lat_depth;
	}
	if (from <= t0 + g->delay_ns)
		return;
	shift = from - t0 - g->delay_ns;
	r->elapsed_ns = r->elapsed_ns > shift ? r->elapsed_ns - shift : 1;
	g->delay_ns += shift;
}

void lm_group_merge(struct lm_group *g, uint64_t t0)
{
	struct lm_run_result *r = g->r;
	struct lm_worker *w = g->w;
	unsigned int i, d;

	lm_group_latency(g, t0);
	lm_group_trim(g);
	lm_group_end(g, t0);
	lm_take_iologs(g);
	lm_group_samples(g);

	for (d = 0; d < LM_DIRS; d++) {
		lm_hist_init(&r->lat[d]);
		lm_hist_init(&r->slat[d]);
		lm_hist_init(&r->clat[d]);
		lm_priolat_free(&r->prio[d]);
	}
	lm_hist_init(&r->sync_lat);
	for (i = 0; i < g->n; i++) {
		lm_hist_merge(&r->sync_lat, &w[i].sync_lat);
		r->fsyncs += w[i].fsyncs;
		for (d = 0; d < LM_DIRS; d++) {
			lm_hist_merge(&r->lat[d], &w[i].lat[d]);
			lm_hist_merge(&r->slat[d], &w[i].slat[d]);
			lm_hist_merge(&r->clat[d], &w[i].clat[d]);
			lm_group_prios(&r->prio[d], &w[i].prio_lat[d]);
			/* fio's latency_target: its measured window's */
			r->ios[d] += atomic_load(&w[i].live_ios[d]) -
				     w[i].lat_base[0][d];
			r->bytes[d] += atomic_load(&w[i].live_bytes[d]) -
				       w[i].lat_base[1][d];
			r->errors[d] += w[i].errors[d];
		}
		r->err_gone += w[i].err_gone;
		lm_depths_add(&r->depths, &w[i].depths);
		if (!r->err_first)
			r->err_first = w[i].err_first;
		if (w[i].io_errno && !r->io_errno) {
			r->io_errno = w[i].io_errno;
			r->io_err_offset = w[i].io_err_offset;
			r->io_err_dir = w[i].io_err_dir;
			memcpy(r->io_errtext, w[i].errtext,
			       sizeof(r->io_errtext));
		}
		r->reconnects += w[i].reconnects;
		lm_cpu_add(&r->job_cpu, &w[i].cpu);
		r->job_cpu_s += (double)w[i].cpu_ns / 1e9;
		r->cut |= !w[i].whole;
		if (w[i].note[0] && !r->note[0])
			memcpy(r->note, w[i].note, sizeof(r->note));
		lm_verify_tally_add(&r->verify, &w[i].verify);
	}
	lm_run_result_summarize(r);
}

bool lm_group_done(const struct lm_group *g)
{
	unsigned int i;

	for (i = 0; i < g->n; i++)
		if (!atomic_load(&g->w[i].done))
			return false;
	return true;
}

void lm_group_halt(struct lm_group *g)
{
	unsigned int i;

	for (i = 0; i < g->n; i++)
		atomic_store(&g->w[i].halt, true);
}

// SPDX-License-Identifier: MIT
/* `lunmark run` on one or several targets (jobs.c: fio job files). */
#include "src/cmd/cmd.h"
#include "src/engine/engine.h"
#include "kmod-free/url.h"
#include "src/lunmark.h"
#include "src/units.h"
#include "src/newfile.h"
#include "src/target/identity.h"
#include "src/run/clock.h"
#include "src/run/prefill.h"
#include "src/run/run.h"
#include "src/suite/suite.h"
#include "fio-compat/export.h"
#include "fio-compat/fiojson.h"
#include "fio-compat/jobfile.h"
#include "fio-compat/options.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

/* A buffered fio job's file, as fio opens it: its cached pages dropped
 * (invalidate), and fio's fadvise_hint (by default random for a random
 * job, which turns readahead off, else sequential). fio advises its
 * region; Linux applies RANDOM and SEQUENTIAL to the open file whatever
 * the range, so the whole file is advised here. */
static void lm_run_hint(const struct lm_job *j, const struct lm_target *t)
{
	bool random = j->fadvise == LM_FADV_RANDOM ||
		      (j->fadvise == LM_FADV_BY_RW && lm_rw_random(j->rw));

	if (j->invalidate)
		lm_target_drop_cache(t, 0, 0);
	if (j->fadvise != LM_FADV_NONE)
		(void)posix_fadvise(t->fd, 0, 0,
				    random ? POSIX_FADV_RANDOM
					   : POSIX_FADV_SEQUENTIAL);
}

/* A fio job's size past its target's end was cut at it, as fio cuts a
 * device's or a LUN's; fio extends a regular file instead, writing it,
 * which lunmark does not do to a file that was there. A file made for
 * the run is as fio makes it: a clone's filesize from its offset ends at
 * its end, as fio's io_size does, and is no cut to speak of. */
static void lm_run_cut_note(struct lm_job *j, const struct lm_target *t)
{
	char a[32], b[32];

	if (!j->size_asked || t->made) {
		j->size_asked = 0;
		return;
	}
	lm_fmt_size(a, sizeof(a), j->size_asked);
	lm_fmt_size(b, sizeof(b), j->size_bytes);
	lm_note("job '%s': size=%s goes past the end of %s: cut to the %s from its offset to the end, %s",
		j->name, a, t->name, b,
		t->kind == LM_TARGET_FILE
			? "where fio would extend the file and write it out (lunmark writes no file that was there to make it larger)"
			: "as fio cuts it");
	j->size_asked = 0;
}

/*
 * Does job @j prefill @t before it reads? In lunmark's own commands, what
 * it may write (lm_may_prefill()). In fio's job files only a file made
 * for the job, as fio lays its files out when a job reads: fio never
 * writes a device or a file that was there for a read job, and neither
 * does lunmark then, --allow-write or not (a job file's write jobs may
 * need it, its read jobs must not overwrite what they read). A write
 * job's file stays as fallocate= made it (sparse with none), as fio's.
 */
static bool lm_run_prefills(const struct lm_cli *c, const struct lm_job *j,
			    const struct lm_target *t)
{
	if (!j->prefill || t->kind == LM_TARGET_CHAR ||
	    !(lm_rw_reads(j->rw) || t->kind == LM_TARGET_TESTFILE))
		return false;
	/* lunmark's own file in a directory given is made for the run too */
	return c->cmd == LM_CMD_JOBS ? t->made || t->kind == LM_TARGET_TESTFILE
				     : lm_may_prefill(t, c);
}

/*
 * Has an earlier target of this run passed the write guard for the block
 * device @k is? Its exclusive hold is this process's, so a second job on
 * the device (fio's jobs of one group, or clones) writes under it, as
 * fio's jobs share one device.
 */
static bool lm_run_guarded_before(const struct lm_target *t, unsigned int k)
{
	unsigned int i;

	if (t[k].kind != LM_TARGET_BLOCK)
		return false;
	for (i = 0; i < k; i++)
		if (t[i].excl_fd >= 0 && lm_target_same(&t[i], &t[k]))
			return true;
	return false;
}

/*
 * Has an earlier job of this run prefilled all of what job @k would, on
 * the same target? fio's clones (numjobs) and a group's jobs on one
 * device would otherwise write it once each before the run.
 */
static bool lm_run_prefilled_before(struct lm_job *const *jobs,
				    const struct lm_target *t,
				    const bool *prefilled, unsigned int k)
{
	uint64_t a, b, x, y;
	unsigned int i;

	lm_prefill_span(jobs[k], &x, &y);
	for (i = 0; i < k; i++) {
		if (!prefilled[i] || !lm_target_same(&t[i], &t[k]))
			continue;
		lm_prefill_span(jobs[i], &a, &b);
		if (a <= x && b >= y)
			return true;
	}
	return false;
}

/* Open, guard and fit every target of a run, target k for job k. */
static int lm_run_open(const struct lm_cli *c, struct lm_job *const *jobs,
		       struct lm_target *t, struct lm_target_opts *to,
		       const struct lm_guard_opts *g)
{
	char msg[256];
	unsigned int k;
	int ret;

	for (k = 0; k < c->ntargets; k++) {
		struct lm_job *j = jobs[k];

		to->direct = j->direct;
		to->nofollow = (c->made | c->fio_named) >> k & 1;
		/* a file made for the run: the one made, not its name again */
		to->held = c->made >> k & 1;
		to->held_fd = c->made_fd[k];
		to->none = lm_engine_find(j->engine)->target ==
			   LM_ENGINE_TARGET_NONE;
		/* a test file is made large enough for the region */
		ret = lm_test_file_bytes(j, &to->create_bytes);
		if (ret)
			return ret;
		/* a test file in a directory is always opened for writing,
		 * and a file made for a fio job is prefilled */
		to->write = lm_rw_alters(j->rw) ||
			    (j->prefill &&
			     ((c->made >> k & 1) ||
			      (c->cmd != LM_CMD_JOBS && lm_guard_permits(g))));
		ret = lm_target_open(&t[k], c->targets[k], to);
		if (ret)
			return ret;
		t[k].made = c->made >> k & 1;
		/* a hint: a target that keeps no cache says no, harmlessly */
		if (!j->direct && t[k].fd >= 0 && c->cmd == LM_CMD_JOBS)
			lm_run_hint(j, &t[k]);
		/* /dev/null and /dev/zero hold no data to guard */
		if (t[k].kind != LM_TARGET_CHAR &&
		    !lm_run_guarded_before(t, k) &&
		    (lm_rw_alters(j->rw) || lm_run_prefills(c, j, &t[k]))) {
			ret = lm_guard_write(
				&t[k], g,
				lm_rw_alters(j->rw)
					? "--rw=read or randread to test reads only"
					: "--no-prefill to read it as it is");
			if (ret)
				return ret;
		}
		/* the first target sets a zero size; the others must hold
		 * the same region; buffered, any size and offset will do
		 * (but --verify's headers are the logical block's) */
		if (lm_job_fit(j, t[k].size_bytes,
			       t[k].direct || lm_job_verify_checks(j)
				       ? t[k].lbs_bytes
				       : 1,
			       t[k].max_io_bytes, msg, sizeof(msg))) {
			if (c->cmd == LM_CMD_JOBS) /* which job: by name */
				lm_err("job '%s': %s: %s", j->name, t[k].name,
				       msg);
			else
				lm_err("%s: %s", t[k].name, msg);
			return LM_EXIT_FIT;
		}
		lm_run_cut_note(j, &t[k]);
	}
	return 0;
}

/* fio's sync=, from the prefill's end on: a job that writes data (a trim
 * job's open has no flags in fio) */
static int lm_run_sync(struct lm_job *const *jobs, struct lm_target *t,
		       unsigned int n)
{
	unsigned int k;
	int ret;

	for (k = 0; k < n; k++) {
		if (!lm_rw_writes(jobs[k]->rw) || lm_rw_trims(jobs[k]->rw))
			continue;
		ret = lm_target_sync(&t[k], jobs[k]->open_sync);
		if (ret)
			return ret;
	}
	return 0;
}

/* lm_run_open(), then prefill where it may, then sync= where asked. */
static int lm_run_targets(struct lm_cli *c, struct lm_job *const *jobs,
			  struct lm_target *t, struct lm_host *h,
			  bool *prefilled)
{
	struct lm_target_opts to = { 0 };
	struct lm_guard_opts g;
	bool prefill;
	unsigned int k;
	int ret;

	lm_target_opts_cli(&to, c);
	to.null_zero = c->cmd == LM_CMD_JOBS; /* as fio takes them */
	lm_guard_opts_cli(&g, c);
	ret = lm_run_open(c, jobs, t, &to, &g);
	/* with peers (clock.h): all set up, or none runs, before prefill */
	ret = lm_clock_ready(jobs[0]->clock, ret);
	if (ret)
		return ret;
	lm_host_fill(h, jobs[0]->size_bytes);
	for (k = 0; k < c->ntargets; k++) {
		const struct lm_job *j = jobs[k];

		prefill = lm_run_prefills(c, j, &t[k]);
		if (!prefill)
			continue;
		if (lm_run_prefilled_before(jobs, t, prefilled, k)) {
			prefilled[k] = true;
			continue;
		}
		ret = lm_prefill(j, &t[k], lm_cmd_notes(c));
		prefilled[k] = !ret;
		if (ret == LM_EXIT_INTERRUPTED) {
			lm_err("%s: interrupted while prefilling the region; nothing was measured",
			       t[k].name);
			ret = lm_exit_of_signal();
		}
		if (ret)
			return ret;
	}
	return lm_run_sync(jobs, t, c->ntargets);
}

/* The note of target @t's report: its own reads of data lunmark did not
 * write, named by its own name (not the first target's). */
static void lm_run_note(const struct lm_cli *c, const struct lm_job *j,
			const struct lm_target *t, struct lm_host *h)
{
	h->warning[0] = '\0';
	/* fio's job files read what is there, as fio's do: nothing to say */
	if (lm_rw_reads(j->rw) && j->prefill && !lm_run_prefills(c, j, t) &&
	    t->kind != LM_TARGET_NONE && c->cmd != LM_CMD_JOBS)
		lm_warn_unprefilled(h, t);
}

/* The warnings of one target's run (warn.h), after its report. */
static void lm_run_warnings(const struct lm_cli *c, const struct lm_job *j,
			    const struct lm_target *t,
			    const struct lm_run_result *r, bool prefilled)
{
	struct lm_warn_in in = { 0 };
	struct lm_identity id;
	struct lm_warnings w;

	lm_identity_fill(t, &id);
	in.working_set_bytes = j->size_bytes;
	in.nas_ram_bytes = c->suite.nas_ram_bytes;
	in.link_gbit = c->suite.link_gbit;
	if (in.link_gbit > 0)
		in.link_ceiling_mb_s = lm_link_ceiling_mb_s(in.link_gbit);
	in.top_mb_s = r->sum[LM_SUM_ALL].mb_s;
	in.top_what = t->name;
	in.thin = id.thin;
	in.reads = lm_rw_reads(j->rw);
	in.prefilled = prefilled;
	in.fio_jobs = c->cmd == LM_CMD_JOBS;
	in.reconnects = r->reconnects;
	lm_warnings_fill(&in, &w);
	lm_report_warnings(stdout, &w);
}

/* With peers (clock.h), rank 0's result is the sum: its rows. */
static void lm_run_ranks(const struct lm_run_clock *clock,
			 const struct lm_run_result *r)
{
	struct lm_rank *ranks = NULL;
	unsigned int n;

	if (!clock || !r->nranks)
		return;
	n = clock->ops->describe(clock->arg, &ranks);
	lm_report_run_ranks(stdout, r, ranks, n);
	free(ranks);
}

/* Did the targets of @span run one after another (a fio job's files in
 * turn, each after the one before it)? */
static bool lm_run_in_turn(struct lm_job *const *jobs,
			   const struct lm_run_span *span)
{
	unsigned int k;

	for (k = span->first + 1; k < span->first + span->n; k++)
		if (jobs[k]->file_turn != LM_FILE_IN_TURN)
			return false;
	return span->n > 1;
}

/* Are the jobs of @span on one target (fio's clones, or jobs of one
 * group_reporting entry)? */
static bool lm_run_one_target(const struct lm_target *t,
			      const struct lm_run_span *span)
{
	unsigned int k;

	for (k = span->first + 1; k < span->first + span->n; k++)
		if (strcmp(t[k].name, t[span->first].name))
			return false;
	return true;
}

/*
 * jobs[k] on c->targets[k], all at once: one job on several targets, or
 * the jobs of a fio group; each of @nspans spans of targets (several
 * targets of one job) also gets their sum, reported after its last
 * target. With @keep the results are moved there, one per target, then
 * one per span (the caller frees them).
 */
int lm_run_set(struct lm_cli *c, struct lm_job *const *jobs,
	       const struct lm_run_span *spans, unsigned int nspans,
	       struct lm_run_result *keep, bool text)
{
	const struct lm_target *tp[LM_RUN_TARGETS_MAX];
	bool prefilled[LM_RUN_TARGETS_MAX] = { false };
	struct lm_run_result *r; /* per target, and their sum: ~40 KiB each */
	struct lm_report_info info = { 0 };
	unsigned int k, s, n = c->ntargets;
	struct lm_target *t;
	struct lm_host h;
	char why[640];
	int ret;

	t = calloc(n, sizeof(*t));
	r = calloc(n + nspans, sizeof(*r));
	if (!t || !r) {
		free(t);
		free(r);
		lm_err("out of memory");
		return LM_EXIT_ENGINE;
	}
	for (k = 0; k < n; k++) {
		t[k].fd = -1;
		t[k].excl_fd = -1;
		tp[k] = &t[k];
	}
	ret = lm_run_targets(c, jobs, t, &h, prefilled);
	if (ret)
		goto out_close;
	ret = lm_run_spans((const struct lm_job *const *)jobs, tp, n, spans,
			   nspans, r);
	if (ret)
		goto out_close;
	for (k = 0; k < n && text; k++) {
		lm_run_note(c, jobs[k], &t[k], &h);
		lm_info_fill(&info, &h, &t[k], jobs[k]->engine, r[k].note);
		info.cpu_shared = n > 1;
		lm_report_run_text(stdout, &info, jobs[k], &r[k]);
		lm_run_warnings(c, jobs[k], &t[k], &r[k], prefilled[k]);
		for (s = 0; s < nspans; s++)
			if (spans[s].first + spans[s].n == k + 1)
				lm_report_sum_text(
					stdout, jobs[k], &r[n + s], spans[s].n,
					lm_run_in_turn(jobs, &spans[s]),
					lm_run_one_target(t, &spans[s]));
	}
	if (text)
		lm_run_ranks(jobs[0]->clock, &r[n + nspans - 1]);
	fflush(stdout);
	for (k = 0; k < n + nspans && keep; k++)
		lm_run_result_move(&keep[k], &r[k]);
	if (r[0].interrupted)
		ret = lm_exit_of_signal();
	/* an error is said on stderr, also in a run the stop cut short
	 * (its exit code stays the signal's): fio's JSON has no words */
	for (k = 0; k < n; k++) {
		if (r[k].io_errno) {
			lm_err("%s: %s",
			       t[k].kind == LM_TARGET_NONE ? "(none)"
							   : t[k].name,
			       lm_run_result_error(&r[k], why, sizeof(why)));
			ret = ret ? ret : LM_EXIT_IO;
		}
		if (r[k].verify.bad) {
			lm_verify_say(t[k].name, jobs[k]->name, &r[k].verify);
			ret = ret ? ret : LM_EXIT_VERIFY;
		}
	}
	for (k = 0; k < n + nspans; k++)
		lm_run_result_free(&r[k]);
out_close:
	for (k = 0; k < n; k++)
		lm_target_close(&t[k]);
	free(t);
	free(r);
	return ret;
}

/* lunmark run --output-format=json|terse: fio's output, a job per target
 * (their sum is the text report's only) */
static int lm_run_fio(struct lm_cli *c, struct lm_job *const *jobs,
		      const struct lm_run_span *all)
{
	unsigned int k, n = c->ntargets, nspans = n > 1;
	struct lm_run_result *r = calloc(n + 1, sizeof(*r));
	struct lm_fio_jobs js = { .jobs = calloc(n, sizeof(*js.jobs)) };
	struct lm_fio_file f = { 0 };
	struct lm_fio_sink sink;
	struct timespec start;
	int ret, ret2 = 0;

	clock_gettime(CLOCK_MONOTONIC, &start);
	if (!r || !js.jobs) {
		free(r);
		free(js.jobs);
		lm_err("out of memory");
		return LM_EXIT_ENGINE;
	}
	for (k = 0; k < n; k++) {
		js.jobs[k].job = c->job;
		js.jobs[k].number = k + 1;
		if (!js.jobs[k].job.name[0])
			snprintf(js.jobs[k].job.name,
				 sizeof(js.jobs[k].job.name), "run");
		/* its target, for fio's disk_util */
		snprintf(js.jobs[k].filename, sizeof(js.jobs[k].filename) - 1,
			 "%s", c->targets[k]);
		js.jobs[k].nfiles = 1;
	}
	js.n = n;
	ret = lm_fio_out_open(c, &sink);
	if (ret)
		goto out_free;
	lm_fio_disks(&js, false);
	ret = lm_run_set(c, jobs, all, nspans, r, c->out_normal);
	lm_fio_disks(&js, true);
	js.ngroups = js.nphases = 1;
	/* what was measured is written, also after a failed IO */
	if (!ret || r[0].elapsed_ns)
		ret2 = lm_fio_out(c, &sink, &js, r, n, &f, &start);
	else
		lm_fio_out_abort(&sink);
out_free:
	for (k = 0; k < n + nspans; k++)
		lm_run_result_free(&r[k]);
	free(r);
	free(js.jobs);
	return ret ? ret : ret2;
}

int lm_cmd_run(struct lm_cli *c)
{
	struct lm_job *jobs[LM_RUN_TARGETS_MAX];
	struct lm_run_span all = { 0, 0 }; /* their sum, when several */
	unsigned int k;

	if (!c->ntargets)
		c->targets[c->ntargets++] = ""; /* the null engine's none */
	if (c->export_fio) {
		lm_fio_export_run(stdout, &c->job, c->targets, c->ntargets);
		return 0;
	}
	for (k = 0; k < c->ntargets; k++)
		jobs[k] = &c->job;
	all.n = c->ntargets;
	/* fio's formats, or the report into --output's file */
	if (c->out_json || c->out_terse || c->output)
		return lm_run_fio(c, jobs, &all);
	return lm_run_set(c, jobs, &all, c->ntargets > 1, NULL, true);
}

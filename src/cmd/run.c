// SPDX-License-Identifier: MIT
/* `lunmark run` on one or several targets, and fio job files. */
#include "src/cmd/cmd.h"
#include "src/engine/engine.h"
#include "kmod-free/url.h"
#include "src/lunmark.h"
#include "src/newfile.h"
#include "src/target/identity.h"
#include "src/run/prefill.h"
#include "src/run/run.h"
#include "src/suite/suite.h"
#include "fio-compat/export.h"
#include "fio-compat/fiojson.h"
#include "fio-compat/jobfile.h"
#include "fio-compat/options.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

/* Does job @j prefill @t before it reads? */
static bool lm_run_prefills(const struct lm_cli *c, const struct lm_job *j,
			    const struct lm_target *t)
{
	return j->prefill && lm_may_prefill(t, c) &&
	       (lm_rw_reads(j->rw) || t->kind == LM_TARGET_TESTFILE);
}

/* Open, guard and fit every target of a run, target k for job k;
 * prefill where it may. */
static int lm_run_targets(struct lm_cli *c, struct lm_job *const *jobs,
			  struct lm_target *t, struct lm_host *h,
			  bool *prefilled)
{
	struct lm_target_opts to = { 0 };
	struct lm_guard_opts g;
	char msg[256];
	bool prefill;
	unsigned int k;
	int ret;

	lm_target_opts_cli(&to, c);
	lm_guard_opts_cli(&g, c);
	for (k = 0; k < c->ntargets; k++) {
		struct lm_job *j = jobs[k];

		to.direct = j->direct;
		to.none = lm_engine_find(j->engine)->target ==
			  LM_ENGINE_TARGET_NONE;
		/* a test file is made large enough for the region */
		ret = lm_test_file_bytes(j, &to.create_bytes);
		if (ret)
			return ret;
		/* a test file in a directory is always opened for writing */
		to.write = lm_rw_writes(j->rw) ||
			   (j->prefill && lm_guard_permits(&g));
		ret = lm_target_open(&t[k], c->targets[k], &to);
		if (ret)
			return ret;
		if (lm_rw_writes(j->rw) || lm_run_prefills(c, j, &t[k])) {
			ret = lm_guard_write(
				&t[k], &g,
				lm_rw_writes(j->rw)
					? "--rw=read or randread to test reads only"
					: "--no-prefill to read it as it is");
			if (ret)
				return ret;
		}
		/* the first target sets a zero size; the others must hold
		 * the same region */
		if (lm_job_fit(j, t[k].size_bytes, t[k].lbs_bytes,
			       t[k].max_io_bytes, msg, sizeof(msg))) {
			lm_err("%s: %s", t[k].name, msg);
			return LM_EXIT_FIT;
		}
	}
	lm_host_fill(h, jobs[0]->size_bytes);
	for (k = 0; k < c->ntargets; k++) {
		const struct lm_job *j = jobs[k];

		prefill = lm_run_prefills(c, j, &t[k]);
		if (lm_rw_reads(j->rw) && j->prefill && !prefill &&
		    t[k].kind != LM_TARGET_NONE && !h->warning[0])
			lm_warn_unprefilled(h, &t[k]);
		if (!prefill)
			continue;
		ret = lm_prefill(j, &t[k]);
		prefilled[k] = !ret;
		if (ret == LM_EXIT_INTERRUPTED) {
			lm_err("%s: interrupted while prefilling the region; nothing was measured",
			       t[k].name);
			ret = lm_exit_of_signal();
		}
		if (ret)
			return ret;
	}
	return 0;
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
	in.reconnects = r->reconnects;
	lm_warnings_fill(&in, &w);
	lm_report_warnings(stdout, &w);
}

/*
 * jobs[k] on c->targets[k], all at once: one job on several targets, or
 * the jobs of a fio group; each of @nspans spans of targets (several
 * targets of one job) also gets their sum, reported after its last
 * target. With @keep the results are moved there, one per target, then
 * one per span (the caller frees them).
 */
static int lm_run_set(struct lm_cli *c, struct lm_job *const *jobs,
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
		lm_info_fill(&info, &h, &t[k], jobs[k]->engine, r[k].note);
		info.cpu_shared = n > 1;
		lm_report_run_text(stdout, &info, jobs[k], &r[k]);
		lm_run_warnings(c, jobs[k], &t[k], &r[k], prefilled[k]);
		for (s = 0; s < nspans; s++)
			if (spans[s].first + spans[s].n == k + 1)
				lm_report_sum_text(stdout, jobs[k], &r[n + s],
						   spans[s].n);
	}
	fflush(stdout);
	for (k = 0; k < n + nspans && keep; k++)
		lm_run_result_move(&keep[k], &r[k]);
	if (r[0].interrupted)
		ret = lm_exit_of_signal();
	for (k = 0; k < n; k++) {
		if (!ret && r[k].io_errno) {
			lm_err("%s: %s at offset %llu failed: %s",
			       t[k].kind == LM_TARGET_NONE ? "(none)"
							   : t[k].name,
			       r[k].io_err_write ? "write" : "read",
			       (unsigned long long)r[k].io_err_offset,
			       lm_errtext(r[k].io_errno, r[k].io_errtext));
			ret = LM_EXIT_IO;
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
	return lm_run_set(c, jobs, &all, c->ntargets > 1, NULL, true);
}

/*
 * File @i of job @f as a job of its own: a job with several
 * files runs a sub-job per file at once, which share its iodepth (each at
 * least 1), its size and its io_size. 0, or an exit code after saying why.
 */
static int lm_jobs_sub(const struct lm_fio_job *f, unsigned int i, bool prefill,
		       struct lm_job *out)
{
	unsigned int nf = f->nfiles ? f->nfiles : 1;
	const char *file = lm_fio_file_at(f, i);
	char msg[512];

	*out = f->job;
	out->prefill = prefill; /* --no-prefill */
	out->iodepth = f->job.iodepth / nf + (i < f->job.iodepth % nf);
	if (!out->iodepth)
		out->iodepth = 1;
	out->size_bytes /= nf;
	out->io_bytes /= nf;
	if (!f->engine_set && lm_iscsi_is_url(file))
		snprintf(out->engine, sizeof(out->engine), "%s",
			 lm_engine_url()->name);
	if (lm_job_check(out, msg, sizeof(msg))) {
		lm_err("%s:%u: job '%s': %s", f->file, f->line, f->job.name,
		       msg);
		return LM_EXIT_USAGE;
	}
	return 0;
}

/* Can job @f run? 0, or an exit code. */
static int lm_jobs_fits(const struct lm_fio_job *f)
{
	if (f->filename[0] ||
	    lm_engine_find(f->job.engine)->target == LM_ENGINE_TARGET_NONE)
		return 0;
	lm_err("%s:%u: job '%s' has no filename (give the target: a device, a file, a directory or an iscsi:// URL)",
	       f->file, f->line, f->job.name);
	return LM_EXIT_USAGE;
}

/*
 * The jobs of one phase (up to the next stonewall) run at once, as in
 * fio, each after its own ramp_time. A job with several files runs a
 * sub-job per file, and its result is their sum (a span).
 */
static int lm_jobs_phase(struct lm_cli *c, const struct lm_fio_job *fj,
			 unsigned int n, bool prefill,
			 struct lm_run_result *res)
{
	struct lm_run_span spans[LM_RUN_TARGETS_MAX];
	unsigned int slot[LM_RUN_TARGETS_MAX]; /* job k's first */
	struct lm_job *jobs[LM_RUN_TARGETS_MAX], *copy;
	struct lm_run_result *r;
	unsigned int k, i, nf, slots = 0, nspans = 0;
	int ret = 0;

	for (k = 0; k < n; k++)
		slots += fj[k].nfiles > 1 ? fj[k].nfiles : 1;
	if (slots > LM_RUN_TARGETS_MAX) {
		lm_err("%s:%u: %u jobs and files would run at once; lunmark runs at most %u together (add stonewall)",
		       fj[n - 1].file, fj[n - 1].line, slots,
		       LM_RUN_TARGETS_MAX);
		return LM_EXIT_USAGE;
	}
	copy = calloc(slots, sizeof(*copy));
	r = calloc(2 * slots, sizeof(*r));
	if (!copy || !r) {
		free(copy);
		free(r);
		lm_err("out of memory");
		return LM_EXIT_ENGINE;
	}
	for (k = 0; k < n && !ret; k++)
		ret = lm_jobs_fits(&fj[k]);
	for (k = 0, slots = 0; k < n && !ret; k++) {
		/* the files of a job, one after the other */
		nf = fj[k].nfiles > 1 ? fj[k].nfiles : 1;
		slot[k] = slots;
		if (nf > 1)
			spans[nspans++] = (struct lm_run_span){ slots, nf };
		for (i = 0; i < nf && !ret; i++, slots++) {
			ret = lm_jobs_sub(&fj[k], i, prefill, &copy[slots]);
			jobs[slots] = &copy[slots];
			c->targets[slots] = lm_fio_file_at(&fj[k], i);
		}
	}
	c->ntargets = slots;
	if (!ret)
		ret = lm_run_set(c, jobs, spans, nspans, r, c->out_normal);
	/* each job's result: its one target's, or its span's */
	for (k = 0, i = 0; k < n && slots; k++) {
		nf = fj[k].nfiles > 1 ? fj[k].nfiles : 1;
		lm_run_result_move(&res[k],
				   nf > 1 ? &r[slots + i++] : &r[slot[k]]);
	}
	for (k = 0; k < slots + nspans; k++)
		lm_run_result_free(&r[k]);
	free(r);
	free(copy);
	return ret;
}

/* Can job @fj's engine reach each of its files? Said before any job runs
 * (as run's --engine check), not as "Bad file descriptor" mid-run. */
static int lm_jobs_engine_fits(const struct lm_fio_job *fj, char *msg,
			       size_t len)
{
	const struct lm_engine_ops *e = lm_engine_find(fj->job.engine);
	unsigned int i;
	bool url;

	if (!e || e->target == LM_ENGINE_TARGET_NONE)
		return 0;
	for (i = 0; i < fj->nfiles; i++) {
		url = lm_iscsi_is_url(lm_fio_file_at(fj, i));
		if (url && fj->engine_set &&
		    e->target != LM_ENGINE_TARGET_URL) {
			snprintf(
				msg, len,
				"%s:%u: job '%s': ioengine=%s cannot reach an iscsi:// URL; use ioengine=%s (the default for URLs) or the LUN's /dev/sdX",
				fj->file, fj->line, fj->job.name,
				e->fio_name ? e->fio_name : e->name,
				lm_engine_url()->fio_name);
			return -EINVAL;
		}
		if (!url && e->target == LM_ENGINE_TARGET_URL) {
			snprintf(
				msg, len,
				"%s:%u: job '%s': ioengine=%s needs iscsi:// URLs as filename (iscsi\\://host/target-iqn/lun, its ':' written '\\:')",
				fj->file, fj->line, fj->job.name, e->fio_name);
			return -EINVAL;
		}
	}
	return 0;
}

static int lm_jobs_read(struct lm_cli *c, struct lm_fio_file *f,
			struct lm_fio_jobs *js)
{
	char msg[600];
	unsigned int i;
	int ret;

	/* fio's command line: "[global]" is line 0, argument N line N */
	ret = c->fio_len ? lm_fio_read_text("command line, argument",
					    c->fio_text, c->fio_len, UINT_MAX,
					    f, msg, sizeof(msg))
			 : lm_fio_read(c->targets[0], f, msg, sizeof(msg));
	/* more job files, one after the other, as fio */
	for (i = 1; !ret && !c->fio_len && i < c->ntargets; i++)
		ret = lm_fio_read_next(c->targets[i], f, msg, sizeof(msg));
	if (!ret)
		ret = lm_fio_jobs_build(f, c->ignore_unsupported, js, msg,
					sizeof(msg));
	/* every job's engine against its files, before any job runs */
	for (i = 0; !ret && i < js->n; i++)
		ret = lm_jobs_engine_fits(&js->jobs[i], msg, sizeof(msg));
	if (ret) {
		lm_err("%s", msg);
		return LM_EXIT_USAGE;
	}
	js->cmdline = c->fio_len != 0;
	return 0;
}

/* fio's terse or JSON output, to stdout or to --output's file, replaced
 * safely (newfile.h). 0, or -errno after saying why. */
static int lm_jobs_output(const struct lm_cli *c, const struct lm_fio_jobs *js,
			  const struct lm_run_result *res, unsigned int done,
			  const struct lm_fio_file *f, time_t start)
{
	struct lm_replace r;
	FILE *out = stdout;
	int ret = 0;

	if (c->output) {
		ret = lm_replace_begin(&r, c->output);
		out = ret ? NULL : lm_replace_stream(&r);
		if (!ret && !out) {
			ret = -errno;
			lm_replace_abort(&r);
		}
		if (ret)
			goto out_say;
	}
	if (c->out_terse)
		lm_fio_terse_write(out, js, res, done);
	if (c->out_json)
		lm_fio_json_write(out, js, res, done, f, start,
				  c->out_jsonplus);
	if (out == stdout)
		return 0;
	if (fclose(out)) {
		ret = -errno;
		lm_replace_abort(&r);
	} else {
		ret = lm_replace_commit(&r);
	}
out_say:
	if (ret)
		lm_err("--output=%s: cannot write it: %s", c->output,
		       strerror(-ret));
	return ret;
}

int lm_cmd_jobs(struct lm_cli *c)
{
	struct lm_run_result *res;
	struct lm_fio_file f;
	struct lm_fio_jobs js = { 0 };
	time_t start = time(NULL);
	bool prefill = c->job.prefill;
	unsigned int i, n, done = 0;
	int ret;

	ret = lm_jobs_read(c, &f, &js);
	if (ret)
		goto out_free;
	/* a typo in --output loses nothing: found before the first IO */
	ret = c->output ? lm_replace_check(c->output) : 0;
	if (ret) {
		lm_err("--output=%s: cannot write it: %s (give a file in a directory you may write)",
		       c->output, strerror(-ret));
		ret = LM_EXIT_USAGE;
		goto out_free;
	}
	res = calloc(js.n, sizeof(*res));
	if (!res) {
		lm_err("out of memory");
		ret = LM_EXIT_ENGINE;
		goto out_free;
	}
	for (i = 0; i < js.n && !ret && !lm_stop; i += n) {
		for (n = 1;
		     i + n < js.n && js.jobs[i + n].phase == js.jobs[i].phase;
		     n++)
			;
		ret = lm_jobs_phase(c, &js.jobs[i], n, prefill, &res[i]);
		/* the last phase may not have run: nothing of it to show */
		if (!ret || ret == LM_EXIT_IO || res[i].elapsed_ns)
			done = i + n;
	}
	/* what was measured is written, also after a failed job */
	if ((c->out_json || c->out_terse) &&
	    lm_jobs_output(c, &js, res, done, &f, start))
		ret = ret ? ret : LM_EXIT_USAGE;
	for (i = 0; i < done; i++) {
		char msg[600];

		if (lm_fio_logs_write(&js.jobs[i], &res[i], msg, sizeof(msg))) {
			lm_err("%s:%u: job '%s': cannot write its log: %s",
			       js.jobs[i].file, js.jobs[i].line,
			       js.jobs[i].job.name, msg);
			ret = ret ? ret : LM_EXIT_USAGE;
		}
	}
	for (i = 0; i < js.n; i++)
		lm_run_result_free(&res[i]);
	free(res);
out_free:
	lm_fio_jobs_free(&js);
	lm_fio_file_free(&f);
	return ret;
}

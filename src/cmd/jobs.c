// SPDX-License-Identifier: MIT
/* A fio job file, or fio's command line: its jobs by group and phase, and
 * fio's outputs (`lunmark run` takes them too). */
#include "src/cmd/cmd.h"
#include "src/cmd/phase.h"
#include "src/engine/engine.h"
#include "kmod-free/url.h"
#include "src/lunmark.h"
#include "src/newfile.h"
#include "src/run/iolog.h"
#include "src/target/identity.h"
#include "src/suite/suite.h"
#include "fio-compat/export.h"
#include "fio-compat/fiojson.h"
#include "fio-compat/jobfile.h"
#include "fio-compat/options.h"
#include "fio-compat/files.h"
#include "fio-compat/trace.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>

/* Why fio skips a verify phase too: its runtime ends the job (backend.c
 * stops before do_verify()) */
static const char lm_jobs_timed[] =
	"a time-based job's writes end at no pass; read them in a job after a stonewall";
static const char lm_jobs_cut[] =
	"its pass was cut short (a runtime, a stop), so not every block was written";

/*
 * fio's verify phase: does @fj, a write job with verify (and do_verify),
 * read back what it wrote? NULL if so, else why not.
 */
static const char *lm_jobs_reads_back(const struct lm_fio_job *fj)
{
	const struct lm_job *j = &fj->job;

	if (!j->verify || !fj->do_verify || !lm_rw_writes(j->rw))
		return "";
	if (!lm_job_rereadable(j))
		return "verify_pattern's bytes depend on where each write began (a %o, or a length that does not divide 512), and writes of several sizes overlap at other boundaries: read them back in a job of one size after a stonewall";
	if (j->time_based)
		return lm_jobs_timed;
	return NULL;
}

/* The job that reads back what @j wrote: the same threads, regions and
 * offsets in the same order, each block checked, nothing else of the
 * run's (no prefill, ramp, runtime, pace, logs). */
static void lm_jobs_reader(struct lm_job *j)
{
	size_t len = strlen(j->name);

	j->rw = j->rw == LM_RW_WRITE ? LM_RW_READ : LM_RW_RANDREAD;
	/* the writes' sizes; none given: the job's one size stays */
	if (j->bsd[LM_DIR_WRITE].lo || j->bsd[LM_DIR_WRITE].n) {
		j->bsd[LM_DIR_READ] = j->bsd[LM_DIR_WRITE];
		lm_job_bs_update(j);
	}
	j->prefill = false;
	j->ramp_ns = j->runtime_ns = 0;
	memset(j->rate_bytes, 0, sizeof(j->rate_bytes));
	memset(j->rate_iops, 0, sizeof(j->rate_iops));
	lm_job_unpaced(j);
	j->ss.on = false;
	j->iolog = false;
	snprintf(j->name + len, sizeof(j->name) - len, " (verify)");
}

/*
 * fio's verify phase after a phase of write jobs with verify: each reads
 * back what it wrote, every block checked, and its result gets those
 * reads (fio's verify phase). A job with verify_backlog read its writes
 * back in its own pass (src/run/backlog.h): it has nothing left here.
 * Only when every other job of the phase is such a job and every pass of
 * it ended by itself; else the first job that wants it says why not. 0
 * or an exit code.
 */
static int lm_jobs_readback(struct lm_cli *c, const struct lm_fio_job *fj,
			    unsigned int n, struct lm_run_result *res,
			    struct lm_fio_madeset *made)
{
	const struct lm_fio_job *first = NULL;
	const char *why = NULL, *no;
	struct lm_run_result *r = NULL;
	struct lm_fio_job *rb = NULL;
	int ret = LM_EXIT_ENGINE;
	unsigned int k;

	for (k = 0; k < n; k++) {
		if (fj[k].job.verify_backlog) {
			if (res[k].cut && !fj[k].job.time_based)
				lm_note("%s:%u: job '%s': its pass was cut short (a runtime, a stop): the writes still waiting for verify_backlog's reads were not read back",
					fj[k].file, fj[k].line, fj[k].job.name);
			continue;
		}
		no = lm_jobs_reads_back(&fj[k]);
		if ((!no || *no) && !first)
			first = &fj[k];
		if (!why && no)
			why = *no ? no
				  : "another job of its phase writes no verify data";
		if (!why && !no && res[k].cut)
			why = lm_jobs_cut;
	}
	if (!first)
		return 0;
	if (why) {
		/* where fio skips it too, a note among the reports, as
		 * other notes fio makes; else on stderr: fio would verify */
		lm_note_to(why == lm_jobs_timed || why == lm_jobs_cut
				   ? lm_cmd_notes(c)
				   : stderr,
			   "%s:%u: job '%s': verify's read-back is not run: %s",
			   first->file, first->line, first->job.name, why);
		return 0;
	}
	rb = malloc(n * sizeof(*rb));
	r = calloc(n, sizeof(*r));
	if (!rb || !r) {
		lm_err("out of memory");
		goto out_free;
	}
	for (k = 0; k < n; k++) {
		rb[k] = fj[k];
		lm_jobs_reader(&rb[k].job);
		rb[k].job.no_io = fj[k].job.verify_backlog != 0;
	}
	ret = lm_phase_run(c, rb, n, r, made);
	for (k = 0; k < n; k++) {
		if (!fj[k].job.verify_backlog &&
		    (!ret || ret == LM_EXIT_IO || ret == LM_EXIT_VERIFY))
			lm_run_result_add_readback(&res[k], &r[k]);
		lm_run_result_free(&r[k]);
	}
out_free:
	free(rb);
	free(r);
	return ret;
}

/* fio's ramp: a size-limited job whose pass ended within its ramp_time
 * measured nothing here; fio, whose stats are reset only when the ramp
 * ends, reports its ramp's IOs then. Said, not left as zeros. */
static void lm_jobs_ramp_note(const struct lm_fio_job *fj, unsigned int n,
			      const struct lm_run_result *res)
{
	unsigned int k, d;
	uint64_t ios;

	for (k = 0; k < n; k++) {
		if (!fj[k].job.ramp_ns || fj[k].job.time_based ||
		    res[k].io_errno || res[k].cut)
			continue;
		for (ios = 0, d = 0; d < LM_DIRS; d++)
			ios += res[k].ios[d];
		if (!ios)
			lm_note("%s:%u: job '%s': its pass ended within its ramp_time, so nothing was measured (fio reports the ramp's IOs then); give it a larger size or a shorter ramp_time",
				fj[k].file, fj[k].line, fj[k].job.name);
	}
}

/* The device a job's file is on, or, one to be made, its directory's
 * (fio's disk_util names the device a file it lays out lands on). */
static int lm_jobs_disk_of(const char *path, struct lm_disk_stat *s)
{
	char dir[PATH_MAX];
	int ret = lm_disk_stat_read(path, s);

	if (ret != -ENOENT)
		return ret;
	ret = lm_path_dir(path, dir);
	return ret ? ret : lm_disk_stat_read(dir, s);
}

void lm_fio_disks(struct lm_fio_jobs *js, bool end)
{
	struct lm_disk_stat s;
	unsigned int i, k, d;

	for (d = 0; end && d < js->ndisks; d++) {
		struct lm_disk_stat *was = &js->disks[d];

		if (lm_disk_stat_settled(was->dev, &s))
			s = *was; /* gone: nothing moved */
		lm_disk_stat_since(&s, was);
		*was = s;
	}
	for (i = 0; !end && i < js->n; i++) {
		for (k = 0; k < js->jobs[i].nfiles; k++) {
			if (js->ndisks == LM_FIO_DISKS_MAX ||
			    lm_jobs_disk_of(lm_fio_file_at(&js->jobs[i], k),
					    &s))
				continue;
			for (d = 0; d < js->ndisks && js->disks[d].dev != s.dev;
			     d++)
				;
			if (d == js->ndisks)
				js->disks[js->ndisks++] = s;
		}
	}
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

/*
 * Under lunmark-mpi the peers' sum is one result a phase (clock.h): each
 * phase one job, or the clones of one group_reporting group, on one file
 * each. Says which job is not, and returns non-zero.
 */
static int lm_jobs_one_sum(const struct lm_cli *c, const struct lm_fio_jobs *js)
{
	const struct lm_fio_job *j, *first = NULL;
	unsigned int i;

	for (i = 0; i < js->n; i++) {
		j = &js->jobs[i];
		if (!first || first->phase != j->phase)
			first = j;
		if (j->nfiles > 1 || (j != first && !j->joins)) {
			if (!c->peer) /* every rank's: rank 0 says it */
				lm_err("%s:%u: job '%s': under lunmark-mpi a job file runs one job at a time (a stonewall between jobs, or numjobs= with group_reporting), on one filename; this one %s",
				       j->file, j->line, j->job.name,
				       j->nfiles > 1
					       ? "has several files"
					       : "runs beside another job");
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

	/* fio's command line first: "[global]" is line 0, argument N line
	 * N; then the job files, one after the other, as fio */
	ret = lm_fio_read_cmdline(c->fio_text, c->fio_len, f, msg, sizeof(msg));
	for (i = 0; !ret && i < c->ntargets; i++)
		ret = lm_fio_read_next(c->targets[i], f, msg, sizeof(msg));
	f->only = c->sections;
	f->nonly = c->nsections;
	f->notes = lm_cmd_notes(c);
	if (!ret)
		ret = lm_fio_jobs_build(f, c->ignore_unsupported, js, msg,
					sizeof(msg));
	/* every job's engine against its files, before any job runs */
	for (i = 0; !ret && i < js->n; i++)
		ret = lm_jobs_engine_fits(&js->jobs[i], msg, sizeof(msg));
	if (ret) {
		if (!c->peer) /* the same on every rank: rank 0 says it */
			lm_err("%s", msg);
		return LM_EXIT_USAGE;
	}
	for (i = 0; c->read_only && i < js->n; i++) {
		if (!lm_rw_alters(js->jobs[i].job.rw))
			continue;
		lm_err("%s:%u: job '%s' writes or trims, and --readonly forbids it (as fio, which refuses it too)",
		       js->jobs[i].file, js->jobs[i].line,
		       js->jobs[i].job.name);
		return LM_EXIT_USAGE;
	}
	if (c->job.clock && lm_jobs_one_sum(c, js))
		return LM_EXIT_USAGE;
	return 0;
}

/* The logs of the first @done jobs of @js, and the traces @tr put in
 * place. Returns 0, or LM_EXIT_USAGE when one could not be written
 * (said). */
static int lm_jobs_logs(const struct lm_fio_jobs *js,
			const struct lm_run_result *res, unsigned int done,
			struct lm_fio_traces *tr)
{
	struct lm_fio_logs logs = { 0 };
	char msg[600];
	unsigned int i;
	int ret = 0;

	for (i = 0; i < done; i++) {
		if (lm_fio_logs_write(&logs, &js->jobs[i], &res[i], msg,
				      sizeof(msg))) {
			lm_err("%s:%u: job '%s': cannot write its log: %s",
			       js->jobs[i].file, js->jobs[i].line,
			       js->jobs[i].job.name, msg);
			ret = LM_EXIT_USAGE;
		}
	}
	if (lm_fio_logs_end(&logs, msg, sizeof(msg))) {
		lm_err("cannot write a log: %s", msg);
		ret = LM_EXIT_USAGE;
	}
	if (lm_fio_traces_end(tr, msg, sizeof(msg))) {
		lm_err("cannot write a log of the IOs issued: %s", msg);
		ret = LM_EXIT_USAGE;
	}
	return ret;
}

/* What a run records besides its figures: the memory for its records of
 * every IO, and its write_iolog files. */
struct lm_jobs_rec {
	struct lm_iolog_budget budget;
	struct lm_fio_traces traces;
};

/* One budget of memory for the records of every IO of all @js's jobs,
 * and their write_iolog files opened. A peer rank keeps neither: rank 0
 * alone writes logs. Returns 0, or LM_EXIT_USAGE (said). */
static int lm_jobs_records(const struct lm_cli *c, struct lm_fio_jobs *js,
			   struct lm_jobs_rec *rec)
{
	char msg[4600];
	unsigned int i;

	memset(rec, 0, sizeof(*rec));
	lm_iolog_budget_init(&rec->budget);
	for (i = 0; i < js->n; i++) {
		js->jobs[i].job.iolog_budget = &rec->budget;
		js->jobs[i].job.iolog &= !c->peer;
	}
	if (c->peer || !lm_fio_traces_open(&rec->traces, js, msg, sizeof(msg)))
		return 0;
	lm_err("%s", msg);
	return LM_EXIT_USAGE;
}

int lm_cmd_jobs(struct lm_cli *c)
{
	struct lm_run_result *res;
	struct lm_fio_file f = { 0 };
	struct lm_fio_jobs js = { 0 };
	struct lm_fio_madeset made = { 0 };
	struct lm_jobs_rec rec;
	struct lm_fio_sink sink;
	struct timespec start;
	unsigned int i, n, done = 0;
	int out_ret;
	int ret;

	clock_gettime(CLOCK_MONOTONIC, &start);
	/* --output first, as fio opens it where it reads it: the notes of
	 * reading the jobs go into it too, and a typo loses nothing */
	ret = lm_fio_out_open(c, &sink);
	if (ret)
		goto out_free;
	ret = lm_jobs_read(c, &f, &js);
	if (ret || c->parse_only || c->showcmd) {
		lm_fio_out_abort(&sink);
		if (!ret && c->showcmd)
			lm_fio_showcmd(stdout, &f);
		goto out_free;
	}
	made.notes = lm_cmd_notes(c);
	res = calloc(js.n, sizeof(*res));
	if (!res) {
		lm_fio_out_abort(&sink);
		lm_err("out of memory");
		ret = LM_EXIT_ENGINE;
		goto out_free;
	}
	ret = lm_jobs_records(c, &js, &rec);
	lm_fio_disks(&js, false);
	for (i = 0; i < js.n && !ret && !lm_stop; i += n) {
		for (n = 1;
		     i + n < js.n && js.jobs[i + n].phase == js.jobs[i].phase;
		     n++)
			;
		ret = lm_phase_run(c, &js.jobs[i], n, &res[i], &made);
		if (!ret && !lm_stop)
			lm_jobs_ramp_note(&js.jobs[i], n, &res[i]);
		if (!ret && !lm_stop)
			ret = lm_jobs_readback(c, &js.jobs[i], n, &res[i],
					       &made);
		lm_fio_made_unlink(&made);
		/* the last phase may not have run: nothing of it to show */
		if (!ret || ret == LM_EXIT_IO || res[i].elapsed_ns)
			done = i + n;
		/* exit_what=all: the later jobs never run; shown with
		 * nothing done, as fio shows them */
		if (!ret && res[i].exit_all) {
			done = js.n;
			break;
		}
	}
	lm_fio_disks(&js, true);
	lm_fio_made_end(&made);
	/* what was measured is written, also after a failed job; a job
	 * refused before any IO leaves the error alone, no empty output */
	if (ret && !done) {
		lm_fio_out_abort(&sink);
		out_ret = 0;
	} else {
		out_ret = lm_fio_out(c, &sink, &js, res, done, &f, &start);
	}
	ret = ret ? ret : out_ret;
	/* several ranks: rank 0's logs, of the sum, are the only ones */
	out_ret = c->peer ? 0 : lm_jobs_logs(&js, res, done, &rec.traces);
	ret = ret ? ret : out_ret;
	for (i = 0; i < js.n; i++)
		lm_run_result_free(&res[i]);
	free(res);
out_free:
	lm_fio_jobs_free(&js);
	lm_fio_file_free(&f);
	return ret;
}

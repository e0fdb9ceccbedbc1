// SPDX-License-Identifier: MIT
/* One phase of a fio job file: its jobs' files as the run's slots. */
#include "src/cmd/phase.h"
#include "src/job/loops.h"
#include "src/cmd/cmd.h"
#include "src/engine/engine.h"
#include "kmod-free/url.h"
#include "src/lunmark.h"
#include "src/run/run.h"
#include "fio-compat/made.h"
#include "fio-compat/files.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* What has no size of its own for a job to run over: an engine with no
 * target (null), /dev/null and /dev/zero (any character device); NULL
 * when @file has one. */
static const char *lm_phase_sizeless(const struct lm_job *j, const char *file)
{
	const struct lm_engine_ops *e = lm_engine_find(j->engine);
	struct stat st;

	if (e && e->target == LM_ENGINE_TARGET_NONE)
		return "the null engine";
	if (file && !stat(file, &st) && S_ISCHR(st.st_mode))
		return file;
	return NULL;
}

/* v, a job's, shared by @nf files at once: file @i's part, at least 1
 * where @v is not 0. */
static uint64_t lm_phase_part(uint64_t v, unsigned int nf, unsigned int i)
{
	uint64_t part = v / nf + (i < v % nf);

	return v && !part ? 1 : part;
}

/* What a job's files served at once share: its iodepth, its rates and
 * number_ios (fio's are the job's, not a file's); and its thinktime,
 * which fio's one thread takes after its IOs to any file, so each
 * file's thinks @nf times as long. */
static void lm_phase_split(struct lm_job *out, unsigned int nf, unsigned int i)
{
	unsigned int d;

	out->iodepth = (unsigned int)lm_phase_part(out->iodepth, nf, i);
	out->number_ios = lm_phase_part(out->number_ios, nf, i);
	out->think_ns *= nf;
	out->think_spin_ns *= nf;
	for (d = 0; d < LM_DIRS; d++) {
		out->rate_bytes[d] = lm_phase_part(out->rate_bytes[d], nf, i);
		out->rate_iops[d] = lm_phase_part(out->rate_iops[d], nf, i);
		out->rate_min_bytes[d] =
			lm_phase_part(out->rate_min_bytes[d], nf, i);
		out->rate_min_iops[d] =
			lm_phase_part(out->rate_min_iops[d], nf, i);
	}
}

/*
 * File @i of @nf's share of job @j's region and bytes. Files in turn with
 * bytes to move (size under what they hold, io_size, loops) are served
 * as fio's sequential service does: whole blocks fill each file before
 * the next, from the first again after the last, until the job's bytes
 * (times its loops) are moved or passed; a file they leave nothing for
 * has no IO. Otherwise each file has an equal share.
 */
static void lm_phase_share(struct lm_job *j, unsigned int nf, unsigned int i,
			   bool in_turn)
{
	uint64_t each = j->size_bytes / nf, bs = j->bs_vary ? 1 : j->bs_bytes;
	uint64_t holds = each / bs, all, rest, done = holds * i;

	j->size_bytes = each;
	if (!in_turn || j->time_based || !j->io_bytes || !holds) {
		j->io_bytes /= nf;
		return;
	}
	all = (lm_loops_bytes(j, holds * nf * bs) + bs - 1) / bs;
	rest = all % (holds * nf);
	j->io_bytes = (all / (holds * nf) * holds + (rest <= done ? 0
						     : rest - done >= holds
							     ? holds
							     : rest - done)) *
		      bs;
	j->loops = 1;
	j->io_readback = false; /* counted: the bytes are the file's */
	j->no_io = j->no_io || !j->io_bytes; /* a read-back may have set it */
}

/*
 * File @i of job @f as a job of its own: a job with several files runs
 * a sub-job per file, which share its size and io_size; at once, they
 * share its iodepth and rates too (lm_phase_split()); one after another
 * (file_service_type=sequential), each has them whole. 0, or an exit
 * code after saying why.
 */
static int lm_phase_sub(const struct lm_cli *c, const struct lm_fio_job *f,
			unsigned int i, struct lm_job *out)
{
	unsigned int nf = lm_fio_nfiles(f);
	const char *file = lm_fio_file_at(f, i), *sizeless;
	char msg[512];

	*out = f->job;
	/* fio's "you need to specify size=": a percentage is of nothing */
	sizeless = lm_phase_sizeless(out, file);
	if (!out->size_bytes && !f->filesize && sizeless) {
		lm_err("%s:%u: job '%s': you need to specify size= (fio refuses it too: %s has no size of its own)",
		       f->file, f->line, f->job.name, sizeless);
		return LM_EXIT_USAGE;
	}
	/* --no-prefill; a verify read-back reads what its job wrote */
	out->prefill = c->job.prefill && f->job.prefill;
	out->clock = c->job.clock; /* lunmark-mpi's, or NULL */
	out->file_turn = !i		    ? LM_FILE_OWN
			 : f->files_in_turn ? LM_FILE_IN_TURN
					    : LM_FILE_AT_ONCE;
	if (f->files_in_turn) {
		/* one after another, each at the whole depth; the job's
		 * ramp_time is its first file's */
		if (i)
			out->ramp_ns = 0;
	} else {
		lm_phase_split(out, nf, i);
	}
	lm_phase_share(out, nf, i, f->files_in_turn);
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
static int lm_phase_fits(const struct lm_fio_job *f)
{
	if (f->filename[0] ||
	    lm_engine_find(f->job.engine)->target == LM_ENGINE_TARGET_NONE)
		return 0;
	lm_err("%s:%u: job '%s' has no filename (give the target: a device, a file, a directory or an iscsi:// URL)",
	       f->file, f->line, f->job.name);
	return LM_EXIT_USAGE;
}

/* The slots of @fj's @n jobs, their spans (a job's files; a summed
 * group, group_reporting) and @res's source slot (@from: a span's sum
 * when >= slots). A group's span comes before its first job's files':
 * the run gives a worker's records of every IO to the first span that
 * holds it, which must be the one whose result is shown. Returns the
 * slot count. */
static unsigned int lm_phase_spans(const struct lm_fio_job *fj, unsigned int n,
				   struct lm_run_span *spans,
				   unsigned int *nspans, unsigned int *from)
{
	unsigned int k, nf, slots = 0, first = 0, gspan = 0;

	*nspans = 0;
	for (k = 0; k < n; k++) {
		nf = lm_fio_nfiles(&fj[k]);
		from[k] = slots;
		if (fj[k].summed && !fj[k].joins) {
			/* a new summed entry: its first job reports it */
			first = k;
			gspan = *nspans;
			spans[(*nspans)++] = (struct lm_run_span){ slots, 0 };
		}
		if (nf > 1) {
			from[k] = LM_RUN_TARGETS_MAX + *nspans;
			spans[(*nspans)++] = (struct lm_run_span){ slots, nf };
		}
		slots += nf;
		if (fj[k].summed) {
			spans[gspan].n = slots - spans[gspan].first;
			from[first] = LM_RUN_TARGETS_MAX + gspan;
		}
	}
	return slots;
}

/* Did job @k of a phase start apart from job @first of its entry: after
 * a job of the phase it waits for, or at another startdelay? */
static bool lm_phase_apart(const struct lm_fio_job *fj, unsigned int first,
			   unsigned int k)
{
	unsigned int i;

	if (fj[k].job.startdelay_ns != fj[first].job.startdelay_ns)
		return true;
	for (i = 0; fj[k].wait_for[0] && i < k; i++)
		if (!strcmp(fj[i].job.name, fj[k].wait_for))
			return true;
	return false;
}

/* fio's job_runtime of a group_reporting entry: its jobs' runtimes
 * added up (stat.c's sum_thread_stats()), a job's the longest of its
 * files'; where they ran one after another (wait_for, startdelay), its
 * runtime the longest of them, not the span from the first start to the
 * last end. @r: each slot's own result. */
static void lm_phase_runtimes(const struct lm_fio_job *fj, unsigned int n,
			      const struct lm_run_result *r,
			      struct lm_run_result *res)
{
	unsigned int k, i, nf, slot = 0, first = 0;
	uint64_t job_ns, most = 0;
	bool apart = false;

	for (k = 0; k <= n; k++) {
		if (k && fj[first].summed && (k == n || !fj[k].joins) &&
		    apart && most < res[first].elapsed_ns) {
			res[first].runtime_max_ns = most;
			lm_run_result_summarize(&res[first]);
		}
		if (k == n)
			break;
		nf = lm_fio_nfiles(&fj[k]);
		/* its files at once: the longest; in turn: all of them */
		for (job_ns = 0, i = slot; i < slot + nf; i++)
			if (fj[k].files_in_turn)
				job_ns += r[i].elapsed_ns;
			else if (r[i].elapsed_ns > job_ns)
				job_ns = r[i].elapsed_ns;
		slot += nf;
		if (!fj[k].joins) {
			first = k;
			most = 0;
			apart = false;
		}
		apart |= lm_phase_apart(fj, first, k);
		res[first].runtime_sum_ns += fj[k].summed ? job_ns : 0;
		most = job_ns > most ? job_ns : most;
	}
}

/* Slot @k's file, of job @fj (c->fio_named: of fio's name), its job
 * @j: made when missing, or made earlier in the run (clones on one
 * filename=, a job of an earlier phase) and extended to this slot's
 * region; either way lunmark's (c->made). One an earlier phase made and
 * this one did not extend is laid out: not prefilled again, as fio lays
 * out a file once. 0, or an exit code after saying why. */
static int lm_phase_make(struct lm_cli *c, const struct lm_fio_job *fj,
			 struct lm_job *j, struct lm_fio_madeset *made,
			 unsigned int k)
{
	enum lm_fio_mine mine;
	int ret;

	c->fio_named |= (uint64_t)fj->named << k;
	ret = lm_fio_made_take(made, fj, c->targets[k], c->read_only, &mine,
			       &c->made_fd[k]);
	if (mine != LM_MADE_NOT)
		c->made |= 1ull << k;
	if (mine == LM_MADE_BEFORE)
		j->prefill = false;
	return ret;
}

/*
 * fio's wait_for: the slots of a job naming an earlier job of this phase
 * wait for every slot of that job and its clones (one of an earlier
 * phase is done already). @first[k]: job @k's first slot.
 */
static void lm_phase_waits(const struct lm_fio_job *fj, unsigned int n,
			   const unsigned int *first, struct lm_job *copy)
{
	unsigned int k, i, s;
	uint64_t mask;

	for (k = 0; k < n; k++) {
		for (mask = 0, i = 0; fj[k].wait_for[0] && i < k; i++)
			for (s = first[i]; s < first[i + 1]; s++)
				if (!strcmp(fj[i].job.name, fj[k].wait_for))
					mask |= 1ull << s;
		for (s = first[k]; s < first[k + 1]; s++)
			copy[s].wait_mask = mask;
		/* file_service_type=sequential: each file after the one
		 * before it */
		for (s = first[k] + 1; fj[k].files_in_turn && s < first[k + 1];
		     s++)
			copy[s].wait_mask = 1ull << (s - 1);
	}
}

int lm_phase_run(struct lm_cli *c, const struct lm_fio_job *fj, unsigned int n,
		 struct lm_run_result *res, struct lm_fio_madeset *made)
{
	struct lm_run_span spans[LM_RUN_TARGETS_MAX];
	unsigned int from[LM_RUN_TARGETS_MAX], first[LM_RUN_TARGETS_MAX + 1];
	struct lm_job *jobs[LM_RUN_TARGETS_MAX], *copy;
	struct lm_run_result *r;
	unsigned int k, i, nf, slots = 0, nspans = 0;
	int ret = 0;

	for (k = 0; k < n; k++)
		slots += lm_fio_nfiles(&fj[k]);
	if (slots > LM_RUN_TARGETS_MAX || n > LM_RUN_TARGETS_MAX) {
		lm_err("%s:%u: %u jobs and files in one phase; lunmark runs at most %u in one (add stonewall)",
		       fj[n - 1].file, fj[n - 1].line, slots,
		       LM_RUN_TARGETS_MAX);
		return LM_EXIT_USAGE;
	}
	slots = lm_phase_spans(fj, n, spans, &nspans, from);
	copy = calloc(slots, sizeof(*copy));
	r = calloc(slots + LM_RUN_TARGETS_MAX, sizeof(*r));
	if (!copy || !r) {
		free(copy);
		free(r);
		lm_err("out of memory");
		return LM_EXIT_ENGINE;
	}
	for (k = 0; k < n && !ret; k++)
		ret = lm_phase_fits(&fj[k]);
	for (k = 0, slots = 0; k < n && !ret; k++) {
		/* the files of a job, one after the other */
		nf = lm_fio_nfiles(&fj[k]);
		first[k] = slots;
		first[k + 1] = slots + nf;
		for (i = 0; i < nf && !ret; i++, slots++) {
			ret = lm_phase_sub(c, &fj[k], i, &copy[slots]);
			jobs[slots] = &copy[slots];
			c->targets[slots] = lm_fio_file_at(&fj[k], i);
			/* fio makes a job's missing file, not a URL */
			if (!ret &&
			    lm_engine_find(copy[slots].engine)->target ==
				    LM_ENGINE_TARGET_PATH)
				ret = lm_phase_make(c, &fj[k], &copy[slots],
						    made, slots);
		}
	}
	c->ntargets = slots;
	if (!ret)
		lm_phase_waits(fj, n, first, copy);
	if (!ret)
		ret = lm_run_set(c, jobs, spans, nspans, r, c->out_normal);
	/* each job's result: its one target's, or its span's (r[slots + s]) */
	for (k = 0; k < n && slots; k++)
		lm_run_result_move(
			&res[k],
			from[k] >= LM_RUN_TARGETS_MAX
				? &r[slots + from[k] - LM_RUN_TARGETS_MAX]
				: &r[from[k]]);
	/* a file in turn left no bytes took no part in the job's time */
	for (k = 0; k < slots; k++)
		if (copy[k].no_io)
			r[k].elapsed_ns = 0;
	if (slots)
		lm_phase_runtimes(fj, n, r, res);
	for (k = 0; k < slots + nspans; k++)
		lm_run_result_free(&r[k]);
	lm_fio_made_laid(made);
	c->made = c->fio_named = 0;
	free(r);
	free(copy);
	return ret;
}

// SPDX-License-Identifier: MIT
/*
 * fio's job files (options.h): the jobs a file describes, with [global]
 * inheritance and clones (the checks fio makes of a job's options:
 * fixup.h; groups and phases: groups.h).
 */
#include "fio-compat/blank.h"
#include "fio-compat/engine.h"
#include "fio-compat/options.h"
#include "fio-compat/output.h"
#include "fio-compat/files.h"
#include "fio-compat/fixup.h"
#include "fio-compat/fiojson.h"
#include "fio-compat/groups.h"
#include "fio-compat/pace.h"
#include "src/cli/values.h"
#include "src/engine/engine.h"
#include "src/lunmark.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct lm_fio_ctx {
	char *msg;
	size_t len;
	/* unsupported options warned about already */
	const char *warned[64];
	unsigned int nwarned;
	bool ignore;
	FILE *notes; /* lm_fio_file's */
};

/* Option @fo, one lunmark does not know: an error, or with
 * --ignore-unsupported a warning, once per option. */
static int lm_fio_unsupported(struct lm_fio_ctx *c, const struct lm_fio_opt *fo)
{
	unsigned int k;

	if (lm_fio_unskippable(fo->key)) {
		snprintf(
			c->msg, c->len,
			"%s:%u: option '%s' is not one lunmark knows, and --ignore-unsupported does not skip it: it decides whether or where fio writes, and without it lunmark would write where fio does not (take it out of the job to run the job without it)",
			fo->file, fo->line, fo->key);
		return -EINVAL;
	}
	if (!c->ignore) {
		snprintf(
			c->msg, c->len,
			"%s:%u: option '%s' is not one lunmark knows (--ignore-unsupported skips it with a warning)",
			fo->file, fo->line, fo->key);
		return -EINVAL;
	}
	for (k = 0; k < c->nwarned; k++)
		if (!strcmp(c->warned[k], fo->key))
			return 0;
	lm_note("%s:%u: ignoring the unsupported option '%s'", fo->file,
		fo->line, fo->key);
	if (c->nwarned < LM_ARRAY_SIZE(c->warned))
		c->warned[c->nwarned++] = fo->key;
	return 0;
}

/* A taken option's value, checked as fio checks it (LM_TAKEN_*). */
static int lm_fio_taken(const struct lm_opt_ctx *x, const struct lm_option *o,
			const char *v)
{
	const struct lm_enum *e;
	char want[160];
	size_t n = 0;
	uint64_t num;

	if (o->values) {
		for (e = o->values; v && e->name; e++)
			if (!strcmp(v, e->name))
				return 0;
		for (e = o->values; e->name && n < sizeof(want); e++)
			n += (size_t)snprintf(
				want + n, sizeof(want) - n, "%s%s",
				e == o->values ? "" : ", ", e->name);
		return lm_opt_bad(x, v ? v : "", want);
	}
	if (o->max == 1 || (o->flags & LM_OF_OPTIONAL))
		return lm_opt_fio_int(x, v, o->flags & LM_OF_OPTIONAL, o->max,
				      &num);
	return o->max ? lm_opt_num(x, v ? v : "", o->min, o->max, &num) : 0;
}

/* One option of a section onto @fj. */
static int lm_fio_apply_one(struct lm_fio_ctx *c, struct lm_opt_ctx *x,
			    struct lm_fio_job *fj, const struct lm_fio_opt *fo)
{
	const struct lm_option *o = lm_opt_fio(fo->key);
	char shown[256], want[512];

	if (!o)
		return lm_fio_unsupported(c, fo);
	x->key = fo->key;
	x->file = fo->file;
	x->line = fo->line;
	x->kb_base = fj->kb_base; /* as set so far */
	if (fo->blank && fo->val &&
	    lm_fio_blank(fo->key, fo->val, want, sizeof(want))) {
		snprintf(shown, sizeof(shown), " %s", fo->val);
		return lm_opt_bad(x, shown, want);
	}
	if (o->type == LM_T_ACCEPT)
		return lm_fio_taken(x, o, fo->val);
	return lm_opt_set(x, o, fo->val);
}

/* The fio engines whose own option @o is, by their fio names, into
 * @buf: "io_uring and libaio". */
static const char *lm_fio_engines_of(const struct lm_option *o, char *buf,
				     size_t len)
{
	const struct lm_engine_ops *e;
	unsigned int i, n = 0;
	size_t at = 0;

	buf[0] = '\0';
	for (i = 0; (e = lm_engine_at(i)) && at < len; i++)
		if (e->fio_opts & o->engines)
			at += (size_t)snprintf(buf + at, len - at, "%s%s",
					       n++ ? " and " : "", e->fio_name);
	return buf;
}

/* fio takes io_uring's and libaio's own options (cmdprio*, hipri,
 * userspace_reap, ...) only in a section whose engine has them: its own
 * ioengine= (before or after them), else the one it inherits, else
 * psync. A [global] of them before the jobs' ioengine= is "Bad option"
 * to fio. */
static int lm_fio_engine_opts(struct lm_fio_ctx *c,
			      const struct lm_fio_section *s,
			      const struct lm_fio_job *fj)
{
	const struct lm_engine_ops *e = lm_engine_find(fj->job.engine);
	const struct lm_option *o;
	char names[64];
	unsigned int i;

	if (!e)
		return 0;
	for (i = 0; i < s->nopts; i++) {
		o = lm_opt_fio(s->opts[i].key);
		if (!o || !o->engines || (o->engines & e->fio_opts))
			continue;
		if (!strcmp(fj->engine_as, "pvsync2") &&
		    lm_fio_pvsync2_opt(o->fio)) {
			snprintf(
				c->msg, c->len,
				"%s:%u: %s= is an option of ioengine=%s, and of fio's pvsync2, which lunmark runs as psync without its own options: set ioengine=%s in [%s]",
				s->opts[i].file, s->opts[i].line,
				s->opts[i].key,
				lm_fio_engines_of(o, names, sizeof(names)),
				lm_engine_default()->fio_name, s->name);
			return -EINVAL;
		}
		snprintf(
			c->msg, c->len,
			"%s:%u: %s= is an option of ioengine=%s, and [%s] runs on %s%s: fio refuses it there too (\"%s\"): set ioengine= in [%s]",
			s->opts[i].file, s->opts[i].line, s->opts[i].key,
			lm_fio_engines_of(o, names, sizeof(names)), s->name,
			e->fio_name, fj->engine_set ? "" : " (fio's default)",
			s->in_order ? "unrecognized option" : "Bad option",
			s->name);
		return -EINVAL;
	}
	return 0;
}

static int lm_fio_apply(struct lm_fio_ctx *c, const struct lm_fio_section *s,
			struct lm_fio_job *fj)
{
	struct lm_opt_ctx x = { .engine_set = &fj->engine_set,
				.msg = c->msg,
				.len = c->len,
				.notes = c->notes };
	unsigned int i, pass;
	int ret;

	x.dst[LM_D_JOB] = &fj->job;
	x.dst[LM_D_FIO] = fj;
	lm_fio_engine_reload(fj, s);
	/* fio parses a job file's kb_base first (its priority: size=1m then
	 * kb_base=1000 is 10^6 bytes), the command line's where it stands:
	 * pass 0 takes kb_base, pass 1 the rest (all, in_order) */
	for (pass = s->in_order; pass < 2; pass++)
		for (i = 0; i < s->nopts; i++) {
			const struct lm_fio_opt *fo = &s->opts[i];

			if (!s->in_order &&
			    (pass == 0) != !strcmp(fo->key, "kb_base"))
				continue;
			ret = lm_fio_apply_one(c, &x, fj, fo);
			if (ret)
				return ret;
		}
	return lm_fio_engine_opts(c, s, fj);
}

static void lm_fio_defaults(struct lm_fio_job *fj)
{
	memset(fj, 0, sizeof(*fj));
	lm_job_defaults(&fj->job);
	/* fio's defaults, unlike lunmark's: a job file says direct=1, and
	 * random jobs walk a random map unless norandommap, ... */
	fj->job.direct = false;
	fj->job.randmap = true;
	fj->job.invalidate = true;
	fj->job.size_cut = true;     /* fio cuts a size at the target's end */
	fj->job.ramp_in_pass = true; /* a ramp's IOs are of the pass */
	fj->job.batch_submit = 1;    /* each IO handed on alone */
	/* and fio's default engine on Linux */
	snprintf(fj->job.engine, sizeof(fj->job.engine), "%s",
		 lm_engine_find("psync")->name);
	fj->kb_base = 1024;
	fj->do_verify = true;
	fj->per_job_logs = true;
}

/* Is section @s a job --section leaves out? A command line's job was
 * kept or left out where it stood (src/cli/fiocmd.c), as fio's. */
static bool lm_fio_left_out(const struct lm_fio_file *f,
			    const struct lm_fio_section *s)
{
	unsigned int k;

	if (!f->nonly || (f->cmdline && !s->part))
		return false;
	for (k = 0; k < f->nonly; k++)
		if (!strcmp(f->only[k], s->name))
			return false;
	return true;
}

/*
 * numjobs=N: N clones of the job just built (out->jobs[out->n]), each
 * doing the whole job with a jobs[] entry of its own, as fio's; clone k
 * starts k offset_increments further and draws its own random offsets.
 * @number counts every clone from 1, as fio's log names do.
 */
static int lm_fio_clone(struct lm_fio_jobs *out, unsigned int *number,
			char *msg, size_t len)
{
	struct lm_fio_job *fj = &out->jobs[out->n];
	unsigned int k, n = fj->job.threads ? fj->job.threads : 1;
	uint64_t inc;

	if (out->n + n > LM_FIO_JOBS_MAX) {
		snprintf(msg, len, "%s:%u: more than %u jobs (clones counted)",
			 fj->file, fj->line, LM_FIO_JOBS_MAX);
		return -EINVAL;
	}
	fj->job.threads = 1;
	fj->nclones = n;
	inc = fj->job.offset_increment;
	fj->job.offset_increment = 0;
	for (k = 0; k < n; k++) {
		struct lm_fio_job *c = &out->jobs[out->n + k];

		if (k)
			*c = *fj;
		c->clone = k;
		c->number = ++*number;
		/* cpus_allowed_policy=split: fio's thread_number - 1 */
		c->job.place.index = c->number - 1;
		/* $jobnum: each clone's own files */
		if (k && c->named && lm_fio_files_place(c, msg, len))
			return -EINVAL;
		c->job.offset_bytes = fj->job.offset_bytes + k * inc;
		c->job.offset_clone = k; /* offset_increment=N%, fitted */
		c->job.seed = fj->job.seed + k;
		lm_fio_pace_clone(c);
	}
	out->n += n;
	return 0;
}

/*
 * fio's bw or iops log of every IO (log_avg_msec=0) puts a sample per IO
 * in the place of that kind's windows, in the JSON's bw_ and iops_ figures
 * (fio's per_unit_log()); none where fio does not measure it (its
 * disable_bw, gtod_reduce); an averaged one, its window's.
 */
static void lm_fio_io_samples(struct lm_fio_job *fj)
{
	struct lm_fio_off off;

	lm_fio_avg_of_logs(fj);
	if (fj->log_avg_ms)
		return;
	lm_fio_off_of(fj, &off);
	if (fj->bw_log[0])
		fj->job.bw_avg_ms = off.bw ? LM_SAMPLE_NONE : LM_SAMPLE_EACH_IO;
	if (fj->iops_log[0])
		fj->job.iops_avg_ms =
			off.iops ? LM_SAMPLE_NONE : LM_SAMPLE_EACH_IO;
}

/* Job section @s on @global's defaults, with its clones, into @out. */
static int lm_fio_job(struct lm_fio_ctx *c, const struct lm_fio_section *s,
		      const struct lm_fio_job *global, struct lm_fio_jobs *out,
		      unsigned int *number)
{
	struct lm_fio_job *fj = &out->jobs[out->n];
	const struct lm_engine_ops *e;
	int ret;

	*fj = *global;
	snprintf(fj->job.name, sizeof(fj->job.name), "%s", s->name);
	fj->file = s->file;
	fj->line = s->line;
	fj->sec = s;
	ret = lm_fio_apply(c, s, fj);
	lm_fio_log_names(fj);
	/* no filename=: files of fio's names, made where missing */
	e = lm_engine_find(fj->job.engine);
	if (!ret && e)
		lm_fio_sync_depth(fj, e, c->notes);
	fj->named = !fj->nfiles && e && e->target == LM_ENGINE_TARGET_PATH;
	if (!ret)
		ret = lm_fio_files_place(fj, c->msg, c->len);
	if (!ret)
		ret = lm_fio_fixup_job(fj, out, c->msg, c->len);
	if (ret)
		return ret;
	/* per-IO logs, and windows that are not whole seconds, come from a
	 * record of every IO */
	fj->job.iolog = ((fj->bw_log[0] || fj->iops_log[0] || fj->lat_log[0]) &&
			 (!fj->log_avg_ms || fj->log_avg_ms % 1000)) ||
			(fj->hist_log[0] && fj->log_hist_ms);
	lm_fio_io_samples(fj);
	return lm_fio_clone(out, number, c->msg, c->len);
}

/* lm_fio_jobs_build() into @out's jobs, allocated. */
static int lm_fio_jobs_fill(const struct lm_fio_file *f, struct lm_fio_ctx *c,
			    struct lm_fio_jobs *out)
{
	char *msg = c->msg;
	size_t len = c->len;
	struct lm_fio_job global, base;
	unsigned int i, number = 0;
	bool wait = false; /* the first job of a later file */
	int ret;

	lm_fio_defaults(&global);
	base = global;
	for (i = 0; i < f->nsecs; i++) {
		const struct lm_fio_section *s = &f->secs[i];

		if (i && s->part != f->secs[i - 1].part) {
			/* another job file: the command line's defaults,
			 * and its first job waits for the jobs of the job
			 * file before it, as in fio; the command line's own
			 * jobs (--name) run beside the first file's */
			bool after_cmdline =
				f->cmdline && f->secs[i - 1].part == 0;

			if (after_cmdline)
				base = global;
			global = base;
			wait = out->n > 0 && !after_cmdline;
		}
		/* a [global] sets the defaults of the jobs after it (its
		 * stonewall and new_group are every job's, as in fio) */
		if (s->global)
			ret = lm_fio_apply(c, s, &global);
		else if (lm_fio_left_out(f, s))
			continue;
		else
			ret = lm_fio_job(c, s, &global, out, &number);
		if (ret)
			return ret;
		if (!s->global) {
			out->jobs[out->n - out->jobs[out->n - 1].nclones]
				.stonewall |= wait;
			wait = false;
		}
	}
	if (!out->n) {
		snprintf(msg, len, "%s: %s",
			 f->npaths ? f->paths[0] : "job file",
			 f->nonly ? "no job that --section names"
				  : "no job in it (only [global] or nothing)");
		return -EINVAL;
	}
	lm_fio_groups(out);
	return lm_fio_groups_check(out, msg, len);
}

int lm_fio_jobs_build(const struct lm_fio_file *f, bool ignore_unsupported,
		      struct lm_fio_jobs *out, char *msg, size_t len)
{
	struct lm_fio_ctx c = { .msg = msg,
				.len = len,
				.ignore = ignore_unsupported,
				.notes = f->notes };
	int ret;

	memset(out, 0, sizeof(*out));
	out->jobs = calloc(LM_FIO_JOBS_MAX, sizeof(*out->jobs));
	if (!out->jobs) {
		snprintf(msg, len, "out of memory");
		return -ENOMEM;
	}
	ret = lm_fio_jobs_fill(f, &c, out);
	if (ret)
		lm_fio_jobs_free(out);
	return ret;
}

void lm_fio_jobs_free(struct lm_fio_jobs *j)
{
	free(j->jobs);
	memset(j, 0, sizeof(*j));
}

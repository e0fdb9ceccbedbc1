// SPDX-License-Identifier: MIT
#include "fio-compat/export.h"
#include "kmod-free/url.h"
#include "src/engine/engine.h"
#include "src/lunmark.h"

#include <inttypes.h>
#include <limits.h>
#include <string.h>

static const char *lm_fio_engine(const char *engine)
{
	const struct lm_engine_ops *e = lm_engine_find(engine);

	return e ? e->fio_name : engine;
}

/* A size as fio reads it under kb_base=1024: 4k, 1m, 1g, or bytes. */
static void lm_fio_size_put(FILE *f, const char *key, uint64_t v)
{
	static const char units[] = "kmgtp";
	unsigned int i = 0;

	while (v && v % 1024 == 0 && i < sizeof(units) - 1) {
		v /= 1024;
		i++;
	}
	if (i)
		fprintf(f, "%s=%" PRIu64 "%c\n", key, v, units[i - 1]);
	else
		fprintf(f, "%s=%" PRIu64 "\n", key, v);
}

/* A time in seconds, or ms when it is not whole. */
static void lm_fio_time_put(FILE *f, const char *key, uint64_t ns)
{
	if (ns % 1000000000ull == 0)
		fprintf(f, "%s=%" PRIu64 "\n", key,
			(uint64_t)(ns / 1000000000ull));
	else
		fprintf(f, "%s=%" PRIu64 "ms\n", key,
			(uint64_t)(ns / 1000000ull));
}

/* fio's filename: a ':' in the name is written '\:'; a URL's CHAP secret
 * is left out (libiscsi takes it from LIBISCSI_CHAP_PASSWORD). */
static void lm_fio_filename_put(FILE *f, const char *target)
{
	char name[PATH_MAX];
	const char *p;

	if (!target) {
		fputs("filename=${TARGET}\n", f);
		return;
	}
	snprintf(name, sizeof(name), "%s", target);
	if (lm_iscsi_text_drop(name))
		fputs("; the CHAP secret is left out: set LIBISCSI_CHAP_PASSWORD\n",
		      f);
	fputs("filename=", f);
	for (p = name; *p; p++) {
		if (*p == ':')
			fputc('\\', f);
		fputc(*p, f);
	}
	fputc('\n', f);
}

/* A section name fio and lunmark both take: no spaces. */
static void lm_fio_section(FILE *f, const char *name)
{
	fputc('[', f);
	for (; *name; name++)
		fputc(*name == ' ' || *name == '[' || *name == ']' ? '-'
								   : *name,
		      f);
	fputs("]\n", f);
}

/* What differs from job to job. */
static void lm_fio_job_put(FILE *f, const struct lm_job *j)
{
	const struct lm_engine_ops *e = lm_engine_find(j->engine);
	bool mixed = lm_rw_mixed(j->rw);
	unsigned int sub =
		lm_job_batch(j, e && e->target == LM_ENGINE_TARGET_PATH);

	fprintf(f, "rw=%s\n", lm_rw_name(j->rw));
	if (mixed)
		fprintf(f, "rwmixread=%u\n", j->rwmixread_pct);
	if (lm_rw_random(j->rw) && j->random_pct < 100)
		fprintf(f, "percentage_random=%u\n", j->random_pct);
	lm_fio_size_put(f, "bs", j->bs_bytes);
	fprintf(f, "iodepth=%u\n", j->iodepth);
	/* the batches lunmark hands on, as asked or its own choice
	 * (lm_job_batch(): random IOs all at once, sequential ones alone
	 * to a block device), where fio's default is 1; then the reap's
	 * most, which is iodepth in lunmark and _min in fio */
	if (sub != 1 && (j->iodepth > 1 || j->batch_submit))
		fprintf(f, "iodepth_batch_submit=%u\n",
			sub == LM_BATCH_ALL ? 0 : sub);
	if (j->batch_min != 1)
		fprintf(f, "iodepth_batch_complete_min=%u\n", j->batch_min);
	if (j->iodepth > 1 || j->batch_min != 1 || j->batch_max)
		fprintf(f, "iodepth_batch_complete_max=%u\n",
			j->batch_max ? j->batch_max : j->iodepth);
	if (j->threads > 1)
		fprintf(f, "numjobs=%u\n", j->threads);
	if (j->runtime_ns) {
		lm_fio_time_put(f, "runtime", j->runtime_ns);
		if (j->time_based)
			fputs("time_based\n", f);
	}
	if (j->ramp_ns)
		lm_fio_time_put(f, "ramp_time", j->ramp_ns);
	if (lm_job_mapped(j))
		fputs("norandommap=0\n", f);
}

/* The cache profile: each job is one pass; lunmark repeats it. */
static void lm_fio_cache_put(FILE *f, const struct lm_suite_opts *o,
			     const struct lm_job *j)
{
	lm_fio_size_put(f, "offset", j->offset_bytes);
	lm_fio_size_put(f, "size", j->size_bytes);
	if (j->io_bytes)
		lm_fio_size_put(f, "io_size", j->io_bytes);
	else
		fprintf(f, "loops=%u\n", o->max_rounds);
}

static void lm_fio_global(FILE *f, const struct lm_job *j, bool filename,
			  const char *target, uint64_t size)
{
	fputs("[global]\n", f);
	if (filename)
		lm_fio_filename_put(f, target);
	fprintf(f, "ioengine=%s\n", lm_fio_engine(j->engine));
	fprintf(f, "direct=%d\n", j->direct);
	if (size)
		lm_fio_size_put(f, "size", size);
	if (j->offset_bytes)
		lm_fio_size_put(f, "offset", j->offset_bytes);
	if (j->pattern == LM_PATTERN_ZERO)
		fputs("zero_buffers\n", f);
	else
		fputs("refill_buffers\n", f);
	fputs("norandommap\nrandrepeat=1\ngroup_reporting\nthread\n", f);
}

/* The region written once before reads, as lunmark prefills it. */
static void lm_fio_prefill(FILE *f)
{
	fputs("\n; lunmark writes the region once before it reads it\n", f);
	lm_fio_section(f, "prefill");
	fputs("rw=write\nbs=1m\niodepth=8\n", f);
}

static void lm_fio_export_copy(FILE *f, const struct lm_suite_opts *o,
			       const struct lm_profile *p, const char *target)
{
	unsigned int i;

	fputs("; file copies: fio writes the set into a directory, then reads it\n"
	      "; back (TARGET is a directory); fsync per file, as lunmark\n",
	      f);
	fputs("[global]\n", f);
	if (target)
		fprintf(f, "directory=%s\n", target);
	else
		fputs("directory=${TARGET}\n", f);
	fprintf(f, "ioengine=%s\nfsync_on_close=1\n",
		lm_fio_engine(o->base.engine));
	fputs("file_service_type=sequential\nthread\n", f);
	for (i = 0; i < p->ntests; i++) {
		const struct lm_test *t = &p->tests[i];
		uint64_t bs =
			t->file_bytes < (1u << 20) ? t->file_bytes : 1u << 20;
		unsigned int w;

		for (w = 0; w < 2; w++) {
			char name[96];

			snprintf(name, sizeof(name), "%s %s", t->label,
				 w ? "download" : "upload");
			fputc('\n', f);
			lm_fio_section(f, name);
			fputs("stonewall\n", f);
			/* O_DIRECT needs 4 KiB blocks on most filesystems:
			 * lunmark falls back to buffered IO below that */
			fprintf(f, "direct=%d\n",
				o->base.direct && t->file_bytes >= 4096);
			fprintf(f, "rw=%s\n", w ? "read" : "write");
			lm_fio_size_put(f, "bs", bs);
			fprintf(f, "nrfiles=%u\n", t->files);
			lm_fio_size_put(f, "filesize", t->file_bytes);
			lm_fio_size_put(f, "size",
					(uint64_t)t->files * t->file_bytes);
		}
	}
}

void lm_fio_export_mark(FILE *f, const struct lm_suite_opts *o,
			const struct lm_profile *p, const char *target)
{
	uint64_t runtime = lm_suite_runtime(o, p);
	bool prefilled = false;
	unsigned int i, k;
	struct lm_job j;

	fprintf(f,
		"; lunmark %s: profile %s (%s) as a fio job file\n"
		"; made by: lunmark mark --profile=%s --export-fio\n"
		"; run: TARGET=%s fio %s.fio%s\n",
		LM_VERSION, p->name, p->what, p->name,
		p->kind == LM_PK_COPY ? "/a/directory" : "/dev/sdX", p->name,
		p->kind == LM_PK_COPY || !lm_suite_writes(o, p)
			? ""
			: " (writes destroy TARGET's data)");
	if (p->kind == LM_PK_COPY) {
		lm_fio_export_copy(f, o, p, target);
		return;
	}
	if (p->kind == LM_PK_CACHE)
		fprintf(f,
			"; lunmark repeats each read job, one pass of its working set a round,\n"
			"; until the last %u rounds are steady (SNIA PTS), at most %u rounds\n"
			"; (here loops=%u), then reads beyond the sets for --runtime (the miss\n"
			"; run, with --cache-size); fio makes every loop\n",
			LM_STEADY_WINDOW, o->max_rounds, o->max_rounds);
	else if (o->until_steady)
		fprintf(f,
			"; lunmark repeats each job until the last %u runs are steady (SNIA\n"
			"; PTS), at most %u, and reports the median of those; fio runs it once\n",
			LM_STEADY_WINDOW, o->max_rounds);
	else
		fprintf(f,
			"; lunmark runs each job %s%u time%s and reports the median%s;\n"
			"; fio runs it once\n",
			o->warmup && runtime
				? "once to warm up (here ramp_time), then "
				: "",
			o->runs, o->runs == 1 ? "" : "s",
			runtime ? "" : " (one pass over size each)");
	lm_fio_global(f, &o->base, true, target, lm_suite_size(o, p));
	for (i = 0; i < p->ntests; i++) {
		for (k = 0; k < LM_WAYS; k++) {
			enum lm_way w = lm_way_at(p, k);

			if (!lm_wanted(o, p, &p->tests[i], w))
				continue;
			lm_suite_job(o, p, &p->tests[i], w, &j);
			if (o->base.prefill && !prefilled &&
			    lm_rw_reads(j.rw) && p->kind != LM_PK_CACHE &&
			    (p->kind != LM_PK_SWEEP || !o->write)) {
				lm_fio_prefill(f);
				prefilled = true;
			}
			if (o->warmup && j.runtime_ns && !o->until_steady)
				j.ramp_ns = j.runtime_ns;
			fputc('\n', f);
			lm_fio_section(f, j.name);
			fputs("stonewall\n", f);
			lm_fio_job_put(f, &j);
			if (p->kind == LM_PK_CACHE)
				lm_fio_cache_put(f, o, &j);
		}
	}
}

void lm_fio_export_run(FILE *f, const struct lm_job *j,
		       const char *const *targets, unsigned int n)
{
	unsigned int k;

	fprintf(f, "; lunmark %s: one job as a fio job file%s\n", LM_VERSION,
		n > 1 ? " (a job per target, run at once)" : "");
	lm_fio_global(f, j, false, NULL, j->size_bytes);
	for (k = 0; k < n; k++) {
		const char *name = j->name[0] ? j->name : "job";
		char sec[LM_JOB_NAME_MAX + 16];

		if (n > 1)
			snprintf(sec, sizeof(sec), "%s-%u", name, k + 1);
		else
			snprintf(sec, sizeof(sec), "%s", name);
		fputc('\n', f);
		lm_fio_section(f, sec);
		lm_fio_filename_put(f, targets[k]);
		lm_fio_job_put(f, j);
	}
}

/* One section's options as fio's --key[=value] arguments. */
static void lm_fio_showcmd_sec(FILE *f, const struct lm_fio_section *s)
{
	unsigned int k;

	if (!s->global)
		fprintf(f, "--name=%s ", s->name);
	for (k = 0; k < s->nopts; k++)
		fprintf(f, s->opts[k].val ? "--%s=%s " : "--%s ",
			s->opts[k].key, s->opts[k].val);
}

void lm_fio_showcmd(FILE *f, const struct lm_fio_file *jf)
{
	unsigned int part, i;

	for (part = jf->cmdline; part < jf->nparts; part++) {
		fputs("fio ", f);
		for (i = 0; i < jf->nsecs; i++) {
			const struct lm_fio_section *s = &jf->secs[i];

			/* the command line's [global] leads the first file,
			 * as fio prints it */
			if (s->part == part ||
			    (jf->cmdline && part == 1 && !s->part && s->global))
				lm_fio_showcmd_sec(f, s);
		}
		fputs("\n", f);
	}
}

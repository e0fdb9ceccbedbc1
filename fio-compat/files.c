// SPDX-License-Identifier: MIT
/*
 * A fio job's files (files.h): the rows, filename='s list (with fio's
 * '\\:' for a colon in a name, kept NUL-separated in the job), the
 * setters, and where each file is.
 */
#include "fio-compat/files.h"
#include "src/cli/values.h"
#include "src/lunmark.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

static lm_opt_set_fn lm_fio_set_filename, lm_fio_set_nrfiles, lm_fio_set_fst;

static const struct lm_enum lm_fio_fallocs[] = {
	{ "native", LM_FALLOC_NATIVE },	    { "none", LM_FALLOC_NONE },
	{ "posix", LM_FALLOC_POSIX },	    { "keep", LM_FALLOC_KEEP },
	{ "truncate", LM_FALLOC_TRUNCATE }, { "0", LM_FALLOC_NONE },
	{ "1", LM_FALLOC_POSIX },	    { NULL, 0 },
};

const struct lm_option lm_fio_file_options[] = {
	{ .fio = "filename",
	  .type = LM_T_STR,
	  LM_FJ(filename),
	  .set = lm_fio_set_filename,
	  .help = "the target: block device, file, directory or iscsi:// URL (write its ':' as '\\:'); a:b for several, each a sub-job" },
	{ .fio = "filesize",
	  .type = LM_T_SIZE,
	  .min = 1,
	  LM_FJ(filesize),
	  .set = lm_fio_set_bytes,
	  .help = "each file's region (size, when given, is the bytes moved)" },
	{ .fio = "nrfiles",
	  LM_NUMBER(1, LM_FIO_FILES_MAX),
	  LM_FJ(nrfiles),
	  .set = lm_fio_set_nrfiles,
	  .help = "a job without filename= makes this many files (default 1), each of filesize, or size / nrfiles" },
	{ .fio = "directory",
	  .type = LM_T_TEXT,
	  LM_FJ(directory),
	  .help = "where a job's files are (its filename='s relative ones, and those it makes); default: the current directory" },
	{ .fio = "filename_format",
	  .type = LM_T_TEXT,
	  LM_FJ(fname_format),
	  .help = "the names of the files a job without filename= makes: $jobname, $jobnum (its clone, from 0) and $filenum (from 0); default $jobname.$jobnum.$filenum" },
	{ .fio = "file_service_type",
	  .type = LM_T_STR,
	  LM_FJ(files_in_turn),
	  .set = lm_fio_set_fst,
	  .help = "how a job with several files serves them: roundrobin (the default: all at once, sharing its iodepth) or sequential (one after another, each at its whole iodepth); :N is taken" },
	{ .fio = "unlink",
	  LM_BOOLEAN,
	  LM_FJ(unlink),
	  .help = "remove the files lunmark made for the job when it is done (default 0: they stay, as fio's)" },
	{ .fio = "fallocate",
	  .type = LM_T_ENUM,
	  LM_FJ(falloc),
	  .values = lm_fio_fallocs,
	  .help = "how a file lunmark makes gets its blocks: native (the default: fallocate), posix (or 1: posix_fallocate), keep (fallocate keeping its size, then sized), none (or 0) or truncate (sized alone: sparse)" },
};

const unsigned int lm_fio_nfile_options = LM_ARRAY_SIZE(lm_fio_file_options);

/*
 * filename: '\\:' is a colon in the name; a bare ':' separates files. As
 * in fio, each filename= adds to the files the job has so far (its
 * [global]'s, the command line's): fio --filename=a job.fio, where the
 * job says filename=b, runs on a and b.
 */
static int lm_fio_set_filename(const struct lm_opt_ctx *x,
			       const struct lm_option *o, const char *v)
{
	struct lm_fio_job *fj = x->dst[LM_D_FIO];
	const char *p = v;
	size_t n = 0, start;

	(void)o;
	if (fj->nfiles) /* after the last name's NUL */
		n = (size_t)(lm_fio_file_at(fj, fj->nfiles - 1) -
			     fj->filename) +
		    strlen(lm_fio_file_at(fj, fj->nfiles - 1)) + 1;
	for (start = n; *p; p++) {
		char ch = *p;

		if (p[0] == '\\' && p[1] == ':')
			ch = *++p;
		else if (*p == ':')
			ch = '\0';
		if (n + 2 >= sizeof(fj->filename))
			return lm_opt_bad(x, v, "too long");
		if (!ch && n == start)
			return lm_opt_bad(
				x, v,
				"an empty file name in the list (a ':' in a name is written '\\:')");
		fj->filename[n++] = ch;
		if (!ch) {
			fj->nfiles++;
			start = n;
		}
	}
	if (n == start)
		return lm_opt_bad(x, v,
				  *v ? "an empty file name in the list"
				     : "needs a file name");
	fj->filename[n++] = '\0';
	fj->filename[n] = '\0';
	fj->nfiles++;
	if (fj->nfiles > LM_FIO_FILES_MAX)
		return lm_opt_bad(x, v, "more than 16 files in one job");
	return 0;
}

/* The @i-th name of a NUL-separated @list. */
static const char *lm_fio_list_at(const char *list, unsigned int i)
{
	while (i--)
		list += strlen(list) + 1;
	return list;
}

const char *lm_fio_file_at(const struct lm_fio_job *fj, unsigned int i)
{
	return lm_fio_list_at(fj->filename, i);
}

/* fio's filename_format for file @n of @fj, into @out. */
static int lm_fio_file_name(const struct lm_fio_job *fj, unsigned int n,
			    char *out, size_t len)
{
	const char *f = fj->fname_format[0] ? fj->fname_format
					    : "$jobname.$jobnum.$filenum";
	size_t at = 0, k;
	int w;

	while (*f && at < len) {
		if (!strncmp(f, "$jobname", k = 8))
			w = snprintf(out + at, len - at, "%s", fj->job.name);
		else if (!strncmp(f, "$jobnum", k = 7))
			w = snprintf(out + at, len - at, "%u", fj->clone);
		else if (!strncmp(f, "$filenum", k = 8))
			w = snprintf(out + at, len - at, "%u", n);
		else
			w = snprintf(out + at, len - at, "%c", *f), k = 1;
		at += (size_t)w;
		f += k;
	}
	return at < len && at ? 0 : -EINVAL;
}

/* @name in directory= (a relative name; an absolute one stays) at @n
 * of @fj's list. */
static int lm_fio_file_put(struct lm_fio_job *fj, size_t *n, const char *name)
{
	int w = fj->directory[0] && name[0] != '/'
			? snprintf(fj->filename + *n, sizeof(fj->filename) - *n,
				   "%s/%s", fj->directory, name)
			: snprintf(fj->filename + *n, sizeof(fj->filename) - *n,
				   "%s", name);

	if (w < 0 || (size_t)w + 2 >= sizeof(fj->filename) - *n)
		return -EINVAL;
	*n += (size_t)w + 1;
	return 0;
}

int lm_fio_files_place(struct lm_fio_job *fj, char *msg, size_t len)
{
	char list[sizeof(fj->filename)], name[PATH_MAX];
	unsigned int i,
		nf = fj->named ? (fj->nrfiles ? fj->nrfiles : 1) : fj->nfiles;
	const char *one;
	size_t n = 0;
	int ret = 0;

	if (!fj->named && !fj->directory[0])
		return 0;
	memcpy(list, fj->filename, sizeof(list));
	for (i = 0; i < nf && !ret; i++) {
		one = lm_fio_list_at(list, i);
		if (fj->named) {
			ret = lm_fio_file_name(fj, i, name, sizeof(name));
			one = name;
		}
		if (!ret)
			ret = lm_fio_file_put(fj, &n, one);
	}
	if (ret) {
		snprintf(
			msg, len,
			"%s:%u: the job's file names (directory=, filename_format=) are too long",
			fj->file, fj->line);
		return -EINVAL;
	}
	fj->filename[n] = '\0';
	fj->nfiles = nf;
	return 0;
}

/*
 * fio's file_service_type. roundrobin, fio's default, is what lunmark
 * does with a job's files: each is served at once by a sub-job of its
 * own. sequential finishes one file before the next. fio's :N (IOs
 * before it moves on) changes nothing there, and is taken as a number;
 * a file chosen at random per IO is not done.
 */
static int lm_fio_set_fst(const struct lm_opt_ctx *x, const struct lm_option *o,
			  const char *v)
{
	/* fio's types: 0 at once, 1 in turn, 2 a file chosen per IO */
	static const struct lm_enum types[] = {
		{ "roundrobin", 0 }, { "sequential", 1 }, { "random", 2 },
		{ "zipf", 2 },	     { "pareto", 2 },	  { "normal", 2 },
		{ "gauss", 2 },	     { NULL, 0 },
	};
	struct lm_fio_job *fj = x->dst[LM_D_FIO];
	size_t len = strcspn(v, ":");
	const struct lm_enum *e = types;
	unsigned long long n;
	char *end;

	(void)o;
	while (e->name && (strlen(e->name) != len || strncmp(v, e->name, len)))
		e++;
	if (!e->name)
		return lm_opt_bad(
			x, v,
			"roundrobin or sequential (with :N, IOs per file before the next)");
	if (e->value == 2)
		return lm_opt_bad(
			x, v,
			"lunmark serves a job's files at once (roundrobin) or one after another (sequential); a file chosen per IO at random or by a distribution is not done yet");
	fj->files_in_turn = e->value == 1;
	if (!v[len])
		return 0;
	errno = 0;
	n = strtoull(v + len + 1, &end, 10);
	if (*end || end == v + len + 1 || !isdigit((unsigned char)v[len + 1]) ||
	    !n || n > UINT32_MAX || errno)
		return lm_opt_bad(
			x, v,
			"roundrobin or sequential, and after a ':' a whole number of IOs from 1");
	return 0;
}

/* nrfiles: past lunmark's files of a job, says so (fio takes more). */
static int lm_fio_set_nrfiles(const struct lm_opt_ctx *x,
			      const struct lm_option *o, const char *v)
{
	struct lm_fio_job *fj = x->dst[LM_D_FIO];
	uint64_t n;
	int ret = lm_opt_num(x, v, o->min, UINT32_MAX, &n);

	if (ret)
		return ret;
	if (n > o->max) {
		char want[160];

		snprintf(
			want, sizeof(want),
			"lunmark runs at most %u files in a job (a sub-job each); for a set of many small files, lunmark mark --profile=copy",
			LM_FIO_FILES_MAX);
		return lm_opt_bad(x, v, want);
	}
	fj->nrfiles = (unsigned int)n;
	return 0;
}

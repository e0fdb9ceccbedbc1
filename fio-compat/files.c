// SPDX-License-Identifier: MIT
/*
 * The files a job names (options.h): filename='s list, with fio's '\\:'
 * for a colon in a name, kept NUL-separated in the job.
 */
#include "fio-compat/options.h"
#include "src/cli/values.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

/*
 * filename: '\\:' is a colon in the name; a bare ':' separates files. As
 * in fio, each filename= adds to the files the job has so far (its
 * [global]'s, the command line's): fio --filename=a job.fio, where the
 * job says filename=b, runs on a and b.
 */
int lm_fio_set_filename(const struct lm_opt_ctx *x, const struct lm_option *o,
			const char *v)
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

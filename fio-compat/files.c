// SPDX-License-Identifier: MIT
/*
 * The files a job names (options.h): filename='s list, with fio's '\\:'
 * for a colon in a name, kept NUL-separated in the job.
 */
#include "fio-compat/options.h"
#include "src/cli/values.h"

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

const char *lm_fio_file_at(const struct lm_fio_job *fj, unsigned int i)
{
	const char *p = fj->filename;

	while (i--)
		p += strlen(p) + 1;
	return p;
}

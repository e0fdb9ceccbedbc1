/* SPDX-License-Identifier: MIT */
/*
 * The files fio makes for a job: a job's file that does not exist (one
 * of fio's names, jobname.N.M, for a job without filename=, or a name
 * filename= gives) is made, as fio makes it, of filesize (else to the
 * end of the job's region: offset and size over the job's files), before
 * the job runs: created O_EXCL|O_NOFOLLOW
 * (src/newfile.h), so that a name another user planted (a symlink too)
 * is refused, never followed; its blocks allocated as fallocate= says;
 * and lunmark's own for that run, which writes it without --allow-write
 * (and prefills it first for a job that reads, as fio lays it out). It
 * stays afterwards, as fio's do, unless the job says unlink=1; a later
 * run finds it as any other file, which may hold data. Nothing is made
 * under /dev/, where a misspelt device would become a file.
 */
#ifndef LM_FIO_MADE_H
#define LM_FIO_MADE_H

#include "fio-compat/options.h"

#include <limits.h>
#include <stdbool.h>

/* A file made, held open until the job is done. */
struct lm_fio_made {
	int fd;	   /* -1: none made */
	int dirfd; /* its directory */
	char base[NAME_MAX + 1];
	bool unlink;
};

/*
 * File @path of job @fj: made into @m when it does not exist (with
 * @read_only, --readonly, it is refused instead); else @m->fd is -1.
 * Returns 0, or an exit code after saying why.
 */
int lm_fio_make(const struct lm_fio_job *fj, const char *path, bool read_only,
		struct lm_fio_made *m);

/*
 * File @path, made into @m for an earlier job of the run (the clones of
 * one job on one filename=), is this job's too: extended to its region
 * when that goes further, as fio extends it. 0, or an exit code after
 * saying why.
 */
int lm_fio_made_grow(const struct lm_fio_job *fj, const char *path,
		     const struct lm_fio_made *m);

/* The job is done: @m closed, and removed with unlink=1 (while it is
 * still the file made). */
void lm_fio_made_done(struct lm_fio_made *m);

#endif

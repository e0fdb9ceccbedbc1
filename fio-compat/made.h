/* SPDX-License-Identifier: MIT */
/*
 * The files fio makes for a job: a job's file that does not exist (one
 * of fio's names, jobname.N.M, for a job without filename=, or a name
 * filename= gives) is made, as fio makes it, of filesize (else to the
 * end of the job's region: offset and size over the job's files), before
 * the job runs: created O_EXCL|O_NOFOLLOW
 * (src/newfile.h), so that a name another user planted (a symlink too)
 * is refused, never followed; its blocks allocated as fallocate= says;
 * and lunmark's own for that run, its later phases too, which write it
 * without --allow-write
 * (and prefill it first for a job that reads, as fio lays it out). It
 * stays afterwards, as fio's do, unless the job says unlink=1; a later
 * run finds it as any other file, which may hold data. Nothing is made
 * under /dev/, where a misspelt device would become a file.
 */
#ifndef LM_FIO_MADE_H
#define LM_FIO_MADE_H

#include "fio-compat/options.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>

/* A file made, held open until the run is done (unlink=1: the phase). */
struct lm_fio_made {
	int fd;	   /* -1: none made */
	int dirfd; /* its directory, while unlink=1 needs it; else -1 */
	char base[NAME_MAX + 1];
	bool unlink;
	bool old; /* made by an earlier phase of the run */
};

/* The files made in a run, each held open until the run ends: a later
 * job of the run on one of them (the same device and inode) has it as
 * lunmark's, as fio's later jobs write the files its earlier ones made.
 * Zero it to begin; the files made and extended are said to notes, as
 * fio says "Laying out IO file" (lm_note_to(): NULL, to none). */
struct lm_fio_madeset {
	struct lm_fio_made *v;
	unsigned int n;
	FILE *notes;
};

/* Whose a job's file is (lm_fio_made_take()). */
enum lm_fio_mine {
	LM_MADE_NOT,	/* it was there (or is not made): the user's */
	LM_MADE_NOW,	/* lunmark's, made by this phase or extended now */
	LM_MADE_BEFORE, /* lunmark's, made by an earlier phase, laid out */
};

/*
 * File @path of job @fj: one @set made earlier in the run and still that
 * file is extended to the job's region when that goes further, as fio
 * extends it; else it is made when it does not exist (with @read_only,
 * --readonly, refused instead) and kept in @set; whose it is to @mine,
 * and when lunmark's, @held its fd in @set (else -1), which the job's
 * target opens in place of @path (a name, or a directory above it,
 * swapped in since is never resolved). Returns 0, or an exit code
 * after saying why.
 */
int lm_fio_made_take(struct lm_fio_madeset *set, const struct lm_fio_job *fj,
		     const char *path, bool read_only, enum lm_fio_mine *mine,
		     int *held);

/* A phase is done: the files made so far are laid out (LM_MADE_BEFORE
 * to a later phase's jobs). */
void lm_fio_made_laid(struct lm_fio_madeset *set);

/* A phase and its verify read-back are done: the files its jobs asked
 * unlink=1 of removed (while they still are the files made), as fio
 * removes them after the job and its verify. */
void lm_fio_made_unlink(struct lm_fio_madeset *set);

/* The run is done: @set's files closed, those of unlink=1 removed. */
void lm_fio_made_end(struct lm_fio_madeset *set);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * A fio job's files: the job files' rows of the option table that name
 * them and say how a job serves them (filename, filesize, nrfiles,
 * directory, filename_format, file_service_type, unlink, fallocate), the
 * list filename= keeps, and where each file is. The files are made by
 * made.h and run by src/cmd/phase.h (a sub-job per file). The table's
 * lookups (src/cli/lookup.c) walk these rows after the durable rows
 * (durable.h).
 */
#ifndef LM_FIO_FILES_H
#define LM_FIO_FILES_H

#include "fio-compat/options.h"

extern const struct lm_option lm_fio_file_options[];
extern const unsigned int lm_fio_nfile_options;

/* How many files @fj runs on: its list's, at least 1 (the null engine's
 * job names none). */
static inline unsigned int lm_fio_nfiles(const struct lm_fio_job *fj)
{
	return fj->nfiles > 1 ? fj->nfiles : 1;
}

/* The @i-th file of a job's filename list. */
const char *lm_fio_file_at(const struct lm_fio_job *fj, unsigned int i);

/*
 * The files of @fj as fio places them: with filename=, its relative
 * names in directory=; without (fj->named), nrfiles names by
 * filename_format ($jobname.$jobnum.$filenum) in directory=, $jobnum
 * its clone. Returns 0, or -EINVAL with "file:line: ..." in @msg.
 */
int lm_fio_files_place(struct lm_fio_job *fj, char *msg, size_t len);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * --export-fio: the fio job file that does what a lunmark run or profile
 * does, so that anyone can cross-check lunmark with fio itself. The
 * profile files in fio-compat/profiles/ are this output, checked in.
 */
#ifndef LM_FIO_EXPORT_H
#define LM_FIO_EXPORT_H

#include "src/suite/suite.h"
#include "fio-compat/jobfile.h"

#include <stdio.h>

/*
 * Profile @p with @o as `lunmark mark` would run it on @target (NULL:
 * fio's ${TARGET}, to be set in the environment): a stonewalled job per
 * test and way in lunmark's order, a prefill job before reads.
 */
void lm_fio_export_mark(FILE *f, const struct lm_suite_opts *o,
			const struct lm_profile *p, const char *target);

/* One `lunmark run` job on @n targets (each its own job, run at once). */
void lm_fio_export_run(FILE *f, const struct lm_job *j,
		       const char *const *targets, unsigned int n);

/* --showcmd: each job file of @jf as fio's command line, one a line,
 * as fio 3.33 prints it (the command line's options lead the first). */
void lm_fio_showcmd(FILE *f, const struct lm_fio_file *jf);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * fio job files, read with fio's rules: `[section]` headers, `[global]`
 * among them; `key=value` and bare `key` options; lines whose first
 * non-blank character is ';' or '#' are comments; `include FILE` (relative
 * to the including file's directory; loops and missing files are errors);
 * `${VAR}` replaced by the environment's VAR. This layer keeps every option
 * with its file and line; what an option means is options.h's business.
 */
#ifndef LM_FIO_JOBFILE_H
#define LM_FIO_JOBFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define LM_FIO_INCLUDE_DEPTH 16

struct lm_fio_opt {
	char *key;
	char *val;  /* NULL for a bare option */
	bool blank; /* a blank after its '=' (fio-compat/blank.h) */
	const char *file;
	unsigned int line;
};

struct lm_fio_section {
	char *name;
	bool global;
	unsigned int part; /* which of the job files given, from 0 */
	/* fio's command line: its options parsed as given, one by one; a
	 * job file's by their priority (parse.c's sort_options()) */
	bool in_order;
	const char *file;
	unsigned int line;
	struct lm_fio_opt *opts;
	unsigned int nopts;
};

struct lm_fio_file {
	struct lm_fio_section *secs;
	unsigned int nsecs;
	char **paths; /* every file read, owned: options point at them */
	unsigned int npaths;
	unsigned int nparts; /* job files given (lunmark a.fio b.fio) */
	/* part 0 is fio's command line: its [global] is the default of
	 * every job file's jobs, which their own [global] overrides */
	bool cmdline;
	/* --section=NAME: only the jobs named (nonly 0: every job) */
	const char *const *only;
	unsigned int nonly;
	/* where the notes fio writes among its reports go: stdout in fio's
	 * normal output, NULL in its JSON and terse (lm_note_to()) */
	FILE *notes;
};

/*
 * Read @path (and what it includes) into @f. Returns 0, or -EINVAL /
 * -errno with "file:line: what is wrong" in @msg. Free @f either way with
 * lm_fio_file_free().
 */
int lm_fio_read(const char *path, struct lm_fio_file *f, char *msg, size_t len);

/*
 * One more job file given after the first (lunmark a.fio b.fio): its
 * sections are appended to @f as part f->nparts. As in fio, its [global]
 * applies to its own jobs only, and its first job waits for the jobs
 * before it (options.h).
 */
int lm_fio_read_next(const char *path, struct lm_fio_file *f, char *msg,
		     size_t len);

/*
 * The same for text in memory, named @name in messages (a command line,
 * tests, fuzzing), its first line numbered @line0 + 1. An include is read
 * from disk, relative to the current directory.
 */
int lm_fio_read_text(const char *name, const char *text, size_t n,
		     unsigned int line0, struct lm_fio_file *f, char *msg,
		     size_t len);

/*
 * fio's command line, one argument a line after "[global]" (line 0; a
 * --name=JOB as [JOB]): read as fio reads its arguments, each value as
 * given. Unlike a job file's, a ';' or '#' in it is no comment, and
 * ${VAR} and $ncpus are not replaced (fio refuses numjobs=$ncpus there).
 * Sets f->cmdline; later job files follow with lm_fio_read_next().
 */
int lm_fio_read_cmdline(const char *text, size_t n, struct lm_fio_file *f,
			char *msg, size_t len);

void lm_fio_file_free(struct lm_fio_file *f);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * fio's write_iolog files of a run's jobs (src/run/trace.h writes their
 * lines): one trace a file, shared by the jobs that name it, begun before
 * the first job runs with what the file held (fio appends to it), and put
 * in place at the end (src/newfile.h: a new file renamed onto the name, a
 * symlink never followed; /dev/null, a FIFO and /dev/stdout written as
 * they are), also after a failed or interrupted run.
 */
#ifndef LM_FIO_TRACE_H
#define LM_FIO_TRACE_H

#include "fio-compat/options.h"
#include "src/newfile.h"
#include "src/run/trace.h"

struct lm_fio_trace {
	struct lm_replace rp;
	struct lm_trace t;
	const char *path; /* the first job's write_iolog */
};

struct lm_fio_traces {
	struct lm_fio_trace **v;
	unsigned int n;
};

/*
 * The traces @js's jobs ask for, opened, each job's job.trace set to its
 * own. Returns 0, or -errno with the job and its file in @msg (then
 * nothing is left open).
 */
int lm_fio_traces_open(struct lm_fio_traces *tr, struct lm_fio_jobs *js,
		       char *msg, size_t len);

/* Each trace put in place, and @tr emptied. Returns 0 or the first
 * -errno, with its file in @msg; a trace that failed is left out. */
int lm_fio_traces_end(struct lm_fio_traces *tr, char *msg, size_t len);

#endif

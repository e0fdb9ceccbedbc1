/* SPDX-License-Identifier: MIT */
/*
 * Which failed IOs a job counts and goes on past, as fio's
 * continue_on_error and ignore_error say. By default the first failed IO
 * ends the run. A kind (a read's error, a write's, a verify's) that
 * continue_on_error names goes on past the errors of its ignore_error
 * list, else past EIO and EILSEQ, fio's defaults; an ignore_error list
 * turns its kind on, as fio's does.
 */
#ifndef LM_JOB_ONERROR_H
#define LM_JOB_ONERROR_H

#include <stdbool.h>
#include <stddef.h>

enum lm_onerr_kind {
	LM_ONERR_READ,
	LM_ONERR_WRITE, /* a write's, or a trim's */
	LM_ONERR_VERIFY,
	LM_ONERR_KINDS,
};

#define LM_ONERR_ANY ((1u << LM_ONERR_KINDS) - 1)
#define LM_ONERR_MAX 16 /* errors one kind's list holds */

struct lm_onerr {
	unsigned int kinds;		/* 1 << kind: the kinds gone on past */
	unsigned int n[LM_ONERR_KINDS]; /* 0: fio's defaults, EIO and EILSEQ */
	int err[LM_ONERR_KINDS][LM_ONERR_MAX];
};

/* Does a failed IO (a write's if @write) of error @err (a positive errno;
 * EILSEQ is a verify's) let the job go on? */
bool lm_onerr_goes_on(const struct lm_onerr *o, bool write, int err);

/*
 * fio's ignore_error: "READ,WRITE,VERIFY", each a list of errors apart by
 * ':' (fio's names EPERM to ERANGE, or numbers), an empty one keeping
 * the defaults. Returns 0, or -EINVAL with what was wrong in @why.
 */
int lm_onerr_ignore(struct lm_onerr *o, const char *v, char *why, size_t len);

#endif

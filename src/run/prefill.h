/* SPDX-License-Identifier: MIT */
/*
 * Prefill: the region a job reads written once before it is read, so that
 * reads read data that was really written, never a thin-provisioned LUN's
 * unwritten zeros. A run of its own (run.h): one thread of sequential
 * large writes of incompressible data, through the same workers as any
 * run.
 */
#ifndef LM_PREFILL_H
#define LM_PREFILL_H

#include "src/job/job.h"
#include "src/target/target.h"

#include <stdio.h>

/*
 * Write the region of @j on @t (every thread's, with offset_increment)
 * once, saying so to @notes first (lm_note_to(): stderr, fio's normal
 * output where fio would say "Laying out IO file", or NULL). Returns 0
 * or an exit code after printing why.
 */
int lm_prefill(const struct lm_job *j, const struct lm_target *t, FILE *notes);

/* The bytes [@from, @to) of @t that lm_prefill() writes for @j: from its
 * offset over every thread's region, each of the size given (with the
 * part block a size of no whole blocks leaves, size_rest). */
void lm_prefill_span(const struct lm_job *j, uint64_t *from, uint64_t *to);

#endif

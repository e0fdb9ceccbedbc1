/* SPDX-License-Identifier: MIT */
/*
 * The suite runner: carries out a profile's plan (plan.h). For each test,
 * each of its ways (read, write, mix): one discarded warm-up run, N
 * counted runs (or rounds until steady), an interval between tests; the
 * cache profile's primer and miss runs; then each cell's figures
 * (cell.h), the bars and link shares, and the warnings (warn.h).
 */
#ifndef LM_SUITE_H
#define LM_SUITE_H

#include "src/job/profile.h"
#include "src/suite/cell.h"
#include "src/suite/plan.h"
#include "src/target/target.h"

/* Run the profile. 0, or an exit code after printing why; m holds what was
 * measured either way. Free with lm_mark_result_free(). */
int lm_suite_mark(const struct lm_suite_opts *o, const struct lm_profile *p,
		  const struct lm_target *t, struct lm_mark_result *m);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * fio's groups and phases of a job file's jobs: stonewall starts a new
 * phase (the jobs before it are done first) and a new group, new_group
 * a new group alone (fio's groupid); group_reporting joins a job to the
 * entry before it in its group; exitall is every job's once one has it.
 * And what fio wants one within a group: its steady state.
 */
#ifndef LM_FIO_GROUPS_H
#define LM_FIO_GROUPS_H

#include "fio-compat/options.h"

/* Each job's group, phase, exit_group, joins and summed, and @out's
 * counts of groups and phases. */
void lm_fio_groups(struct lm_fio_jobs *out);

/* 0, or -EINVAL with "file:line: ..." in @msg where two jobs of one group
 * have steady states fio would tell apart (fio rejects it too). */
int lm_fio_groups_check(const struct lm_fio_jobs *out, char *msg, size_t len);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * fio's pace options, the job files' rows of the option table that say
 * when a job's IOs may go and when it stops early: rate, rate_iops,
 * rate_process, io_submit_mode, rate_min, rate_iops_min, ratecycle,
 * startdelay, thinktime and its kin, number_ios, exitall, exit_what,
 * flow, flow_id, flow_sleep, latency_target and its kin, and
 * continue_on_error, ignore_error and error_dump (how IO errors end it).
 * The table's lookups (src/cli/lookup.c) walk them after options.h's.
 */
#ifndef LM_FIO_PACE_H
#define LM_FIO_PACE_H

#include "src/cli/options.h"

extern const struct lm_option lm_fio_pace_options[];
extern const unsigned int lm_fio_npace_options;

struct lm_fio_job;

/* Clone @fj's pace as fio's init.c fixes it: startdelay=LO-HI its own
 * delay, drawn from its seed in the range, as each of fio's threads
 * draws one; time_based with no runtime off (fio says so, and runs the
 * job by its size). */
void lm_fio_pace_clone(struct lm_fio_job *fj);

#endif

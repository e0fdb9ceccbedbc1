/* SPDX-License-Identifier: MIT */
/*
 * One phase of a fio job file (its jobs up to the next stonewall), run.
 *
 * The jobs of a phase run at once, as in fio, each after its own
 * startdelay and ramp_time, or once the jobs it waits for are done
 * (wait_for). Each job, and each numjobs clone, is a slot of the run per
 * file it has: a job with several files (filename=a:b, nrfiles) runs a
 * sub-job per file, and its result is their sum (a span); so is a summed
 * group's first job's (group_reporting). The sub-jobs share the job's
 * size and io_size. As fio's roundrobin (its default file_service_type)
 * they run at once and share its iodepth, rates, number_ios and
 * thinktime (each a part of at least 1); with file_service_type=
 * sequential each waits for the one before it (a wait mask) and has them
 * whole. Either way they are marked the job's one fio thread
 * (struct lm_job's file_turn), whose log, samples and exitall the run
 * keeps as one.
 */
#ifndef LM_CMD_PHASE_H
#define LM_CMD_PHASE_H

#include "src/cli/cli.h"
#include "src/result/result.h"
#include "fio-compat/made.h"
#include "fio-compat/options.h"

/*
 * Run the @n jobs @fj of a phase on @c's options (c->targets and
 * c->ntargets are set to the phase's files; the files missing are made
 * into the run's @made, or taken from it when an earlier job made them,
 * and removed after as fio would). @res[k] gets job @k's result: its one
 * file's, or its span's; a group's first job, the group's sum. Returns 0
 * or an exit code after saying why.
 */
int lm_phase_run(struct lm_cli *c, const struct lm_fio_job *fj, unsigned int n,
		 struct lm_run_result *res, struct lm_fio_madeset *made);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * What the commands share: the host's strings for report headers, the
 * target options every command passes, the exit code of a signal; and the
 * commands themselves.
 */
#ifndef LM_CMD_H
#define LM_CMD_H

#include "src/cli/cli.h"
#include "src/report/report.h"
#include "src/result/result.h"
#include "src/target/target.h"
#include "src/newfile.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <time.h>
#include <stdint.h>

/* Strings for report headers and footers, filled once. */
struct lm_host {
	char date[32];
	char kernel[200];
	char size[32];
	char warning[PATH_MAX + 256];
};

void lm_host_fill(struct lm_host *h, uint64_t size_bytes);
void lm_info_fill(struct lm_report_info *i, const struct lm_host *h,
		  const struct lm_target *t, const char *engine,
		  const char *note);
int lm_exit_of_signal(void);
/*
 * lunmark keeps its own copy of each iSCSI URL in c->targets (@copies,
 * LM_RUN_TARGETS_MAX of them, freed by the caller) and scrubs the secret
 * from argv, so ps no longer shows it, and says where a secret belongs
 * instead. Returns false when out of memory.
 */
bool lm_cmd_own_urls(struct lm_cli *c, char **copies, int argc, char **argv);
/* Reads that lunmark may not prefill are said to be so. */
void lm_warn_unprefilled(struct lm_host *h, const struct lm_target *t);
/* May a prefill write to @t, the guard permitting? */
bool lm_may_prefill(const struct lm_target *t, const struct lm_cli *c);
/* The size of a test file that holds @j's region (a GiB when @j has no
 * size) in *@out; LM_EXIT_FIT, said, when the sum wraps. */
int lm_test_file_bytes(const struct lm_job *j, uint64_t *out);
/* The target options the command line sets: iSCSI's, --read-only. */
void lm_target_opts_cli(struct lm_target_opts *to, const struct lm_cli *c);
/* --verify found bad blocks on @target: how many, and the first (read by
 * job or test @what), on stderr. */
void lm_verify_say(const char *target, const char *what,
		   const struct lm_verify_tally *v);

/*
 * The commands, one file each (src/cmd/NAME.c), each a function of the
 * parsed command line that returns the exit code (enum lm_exit). main.c
 * holds the table that dispatches to them.
 */
/* `lunmark run`: c->job on c->targets, at once; each reported, and
 * their sum when several. */
int lm_cmd_run(struct lm_cli *c);
/* `lunmark JOBFILE...` and fio's --name= command line: fio job files
 * (fio-compat/), run as `run` runs its job (run.c). */
int lm_cmd_jobs(struct lm_cli *c);

/* Shared by run.c and jobs.c. */
struct lm_run_span;
struct lm_run_result;
struct lm_fio_jobs;
struct lm_fio_file;
/*
 * jobs[k] on c->targets[k], all at once: one job on several targets, or
 * the jobs of a fio group; each of @nspans spans of targets also gets
 * their sum. With @keep the results are moved there (the caller frees
 * them); @text prints the reports.
 */
int lm_run_set(struct lm_cli *c, struct lm_job *const *jobs,
	       const struct lm_run_span *spans, unsigned int nspans,
	       struct lm_run_result *keep, bool text);
/* Where @c's notes of what lunmark does go (lm_note_to()): lunmark's own
 * commands' to stderr; a job file's where fio says "Laying out IO file",
 * in its normal output, none in JSON or terse alone, with --showcmd or
 * --parse-only (and none of an MPI rank but rank 0, which says the
 * same). */
FILE *lm_cmd_notes(const struct lm_cli *c);

/* Where fio's formats go: stdout, or --output's file, replaced safely
 * (newfile.h) once everything is in it. */
struct lm_fio_sink {
	bool file;     /* --output: r is being written */
	int stdout_fd; /* the normal format into the file: stdout's own */
	struct lm_replace r;
};

/*
 * Before the first IO: --output can be written (else LM_EXIT_USAGE after
 * saying why), and, as fio's, the normal format (the reports) goes into
 * it too, stdout pointed at it until lm_fio_out() or lm_fio_out_abort().
 */
int lm_fio_out_open(const struct lm_cli *c, struct lm_fio_sink *s);
/* fio's terse and JSON of @n results after the reports, of a run that
 * began at @start (CLOCK_MONOTONIC), then the file put in place and stdout
 * restored; 0 or LM_EXIT_USAGE after saying why. */
int lm_fio_out(const struct lm_cli *c, struct lm_fio_sink *s,
	       const struct lm_fio_jobs *js, const struct lm_run_result *res,
	       unsigned int n, const struct lm_fio_file *f,
	       const struct timespec *start);
/* Nothing to write after all: stdout restored, --output left as it was. */
void lm_fio_out_abort(struct lm_fio_sink *s);
/*
 * fio's disk_util: the counters of the devices @js's files are or live
 * on, before the first IO, and (@end) what they moved by since. A file
 * on no device (tmpfs, a URL) has none.
 */
void lm_fio_disks(struct lm_fio_jobs *js, bool end);
/* `lunmark mark [TARGET]`: c->profile as a suite (suite.h), reported,
 * saved with --json=FILE. */
int lm_cmd_mark(struct lm_cli *c);
/* `lunmark probe TARGET`: what the target is; nothing is read or
 * written. */
int lm_cmd_probe(struct lm_cli *c);
/* `lunmark profiles`: the profiles with their exact tests. */
int lm_cmd_profiles(struct lm_cli *c);
/* `lunmark report FILE`: a saved result as text again; another
 * --format= is a comparison of one (lm_cmd_compare()). */
int lm_cmd_report(struct lm_cli *c);
/* `lunmark compare A B...`, and `report --format=` other than text */
int lm_cmd_compare(struct lm_cli *c);
/* `lunmark --cmdhelp=NAME|all`: the fio options lunmark takes, with
 * notes */
int lm_cmd_cmdhelp(struct lm_cli *c);
/* `lunmark verify TARGET` is in verify.h. */

#endif

/* SPDX-License-Identifier: MIT */
/*
 * The command line, as main() takes it:
 *   lunmark mark [TARGET] [OPTIONS]     a profile (CrystalDiskMark's, ...)
 *   lunmark run TARGET... [OPTIONS]     one job, fio's option names
 *   lunmark verify TARGET [OPTIONS]     an integrity pass over a region
 *   lunmark probe TARGET [OPTIONS]      what the target is
 *   lunmark profiles                    the profiles and their tests
 *   lunmark report RESULT.json          a saved result, rendered again
 *   lunmark compare A.json B.json...    saved results side by side
 *   lunmark JOBFILE... [OPTIONS]        fio job files
 *   lunmark --name=JOB [fio options]    fio's command line, as a job file
 *   lunmark --cmdhelp[=OPTION|all]      the fio options lunmark takes
 *   lunmark help | --help | -h, lunmark COMMAND --help
 *   lunmark version | --version | -V
 * Every option is a row of the option table (options.h); its value is
 * parsed as values.h says.
 */
#ifndef LM_CLI_H
#define LM_CLI_H

#include "src/result/compare.h"
#include "src/target/guard.h"
#include "src/job/job.h"
#include "src/run/run.h"
#include "src/suite/suite.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum lm_cmd {
	LM_CMD_HELP,
	LM_CMD_VERSION,
	LM_CMD_RUN,
	LM_CMD_MARK,
	LM_CMD_PROBE,
	LM_CMD_PROFILES,
	LM_CMD_REPORT,
	LM_CMD_COMPARE,
	LM_CMD_JOBS,	/* lunmark JOBFILE...: fio job files */
	LM_CMD_CMDHELP, /* --cmdhelp=OPTION|all */
	LM_CMD_VERIFY,	/* run's options on a region (verify.h) */
};

struct lm_cli {
	enum lm_cmd cmd;
	enum lm_cmd help_for;			 /* with LM_CMD_HELP */
	struct lm_job job;			 /* run */
	struct lm_suite_opts suite;		 /* mark */
	const char *targets[LM_RUN_TARGETS_MAX]; /* run: all run at once */
	unsigned int ntargets;
	/* fio's jobs: a bit per target lunmark made for the run
	 * (fio-compat/made.h), written without --allow-write; and one per
	 * target of fio's name (jobname.N.M): both opened O_NOFOLLOW, as a
	 * symlink there is another user's */
	uint64_t made, fio_named;
	/* each made target's file, held open by made.h: the target opens
	 * that file, not its name again (target.h's held) */
	int made_fd[LM_RUN_TARGETS_MAX];
	const char *profile;
	bool allow_write;
	bool read_only;	       /* --read-only: no write of any kind */
	const char *destroy;   /* --destroy=NAME (guard.h) */
	bool verify_check;     /* verify --check: read an earlier pass */
	bool engine_set;       /* --engine given: an iscsi:// URL picks iscsi */
	bool json;	       /* probe --json */
	bool export_fio;       /* run, mark: print the fio job file */
	const char *json_path; /* mark --json=FILE; report FILE */
	/* job files (in targets[]): fio's output options */
	bool ignore_unsupported;
	bool out_json;	    /* --output-format=json */
	bool out_jsonplus;  /* json+: with the latency histograms */
	bool out_terse;	    /* terse: fio's lines (--terse-version) */
	bool out_normal;    /* --output-format=normal (the default) */
	const char *output; /* --output=FILE */
	bool peer; /* lunmark-mpi, a rank but rank 0: it writes no file */
	/* fio's own command-line options */
	const char *sections[16]; /* --section=NAME: only these jobs */
	unsigned int nsections;
	bool showcmd;		     /* print the job files as command lines */
	bool parse_only;	     /* read them, run nothing */
	const char *max_jobs;	     /* fio 3.33 ignores it, so does lunmark */
	uint64_t status_interval_ns; /* taken, no effect */
	const char *eta;	     /* taken, no effect */
	uint64_t eta_newline_ns;     /* taken, no effect */
	uint64_t eta_interval_ns;    /* taken, no effect */
	unsigned int terse_version;  /* 2 to 5; 0: 3, as fio's */
	const char *cmdhelp;
	/* fio's command line as a job file: line N is argument N */
	char fio_text[16384];
	size_t fio_len;
	/* mark: --label, --tag NAME=VALUE (the value points into argv) */
	const char *label;
	char tag_names[LM_TAGS_MAX][33];
	const char *tag_values[LM_TAGS_MAX];
	unsigned int ntags;
	/* report, compare */
	struct lm_cmp_opts cmp;
	/* iSCSI */
	const char *chap_file;
	const char *initiator;
	unsigned int timeout_s;
	bool reconnect;
};

/* --allow-write, --read-only and --destroy as the write guard takes them */
static inline void lm_guard_opts_cli(struct lm_guard_opts *g,
				     const struct lm_cli *c)
{
	g->allow_write = c->allow_write;
	g->read_only = c->read_only;
	g->destroy = c->destroy;
}

/* The (first) target; NULL when none was given. */
static inline const char *lm_cli_target(const struct lm_cli *c)
{
	return c->ntargets ? c->targets[0] : NULL;
}

/*
 * Parse @argv into @c. Returns 0, or -EINVAL with a message naming the
 * option and what to do in @msg.
 */
int lm_cli_parse(int argc, char **argv, struct lm_cli *c, char *msg,
		 size_t len);

/*
 * compare.c, for the parser in cli.c: a result file of `lunmark report`
 * or `lunmark compare`, and their check once all are read.
 */
int lm_cli_cmp_file(struct lm_cli *c, const char *path, char *msg, size_t len);
int lm_cli_cmp_check(struct lm_cli *c, char *msg, size_t len);

/* cache.c: mark's cache options checked once all are read (the profile
 * known). */
int lm_cli_cache_check(struct lm_cli *c, char *msg, size_t len);

/* The help of @cmd (LM_CMD_HELP: lunmark's), its options from the table. */
void lm_cli_usage(FILE *f, enum lm_cmd cmd);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * The option table: every option lunmark has, one row each, read by the
 * command-line parser (cli.c builds getopt_long's table from it), by the
 * fio job-file reader (fio-compat/options.c looks keys up in it) and by
 * --help and --cmdhelp (usage.c, fio-compat). A row holds the option's
 * lunmark name, its fio name, its value type, the commands that take it,
 * the field it fills and its help text; values.h parses a value into that
 * field, with one set of messages.
 *
 * options.c holds the rows of lunmark's command line, most of which fio's
 * job files take too (a row with a fio name); fio-compat/options.c holds
 * the rows of job files alone: fio's spellings lunmark takes only there
 * (bsrange, stonewall, ...) and fio options taken with no effect; and
 * fio-compat's pace.h, prio.h, place.h, durable.h and files.h hold the
 * job files' rows of one concept each. lm_opt_at() walks all the parts
 * in that order (lookup.c), lm_opt_fio() looks in all.
 */
#ifndef LM_CLI_OPTIONS_H
#define LM_CLI_OPTIONS_H

#include "src/cli/cli.h"

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* What a value is: its syntax (values.c), and so getopt's has_arg. */
enum lm_otype {
	LM_T_FLAG,  /* no value: stores the row's val */
	LM_T_BOOL,  /* fio's bool, the value optional (1, yes, on, ...) */
	LM_T_NUM,   /* a whole number from min to max */
	LM_T_REAL,  /* a decimal number from min to max */
	LM_T_SIZE,  /* bytes, fio's suffixes under kb_base; min 1: not 0 */
	LM_T_TIME,  /* ns from seconds or fio's units; min 1: not 0 */
	LM_T_STR,   /* a pointer to the value (argv's, or the job file's) */
	LM_T_TEXT,  /* a copy of the value in a char array */
	LM_T_ENUM,  /* one of values[], stored as an int */
	LM_T_ALIAS, /* another spelling of the row named by alias */
	/* job files only: a fio option lunmark takes with no effect (the
	 * help says why) */
	LM_T_ACCEPT,
};

/* The struct a row's field is in. */
enum lm_odst {
	LM_D_NONE,
	LM_D_JOB,   /* struct lm_job: run's, mark's base, a job file's job */
	LM_D_SUITE, /* struct lm_suite_opts: mark's */
	LM_D_CLI,   /* struct lm_cli */
	LM_D_CMP,   /* struct lm_cmp_opts: report's and compare's */
	LM_D_FIO,   /* struct lm_fio_job (fio-compat/options.h) */
	LM_D_COUNT,
};

/* Where --help lists a row. */
enum lm_osect {
	LM_S_CMD,    /* the command's own options */
	LM_S_COMMON, /* "Common options" */
	LM_S_ISCSI,  /* "iSCSI options" */
};

/* Row flags */
#define LM_OF_OPTIONAL 1u /* the value may be left out (a bare key) */
/* a flag fio turns on whatever number it has (exitall=0 is on) */
#define LM_OF_ON 2u

/* A bit per command (enum lm_cmd) in a row's cmds. */
#define LM_IN(cmd) (1u << (cmd))

struct lm_enum {
	const char *name;
	int value;
};

struct lm_option;

/*
 * Where a value goes, and whom to blame: one option's parse. file is the
 * job file (or "command line, argument" for fio's command line) and line
 * its line; NULL for lunmark's command line, where a message names
 * --key=value instead.
 */
struct lm_opt_ctx {
	void *dst[LM_D_COUNT];
	bool *engine_set; /* set when an engine is named */
	unsigned int kb_base;
	const char *key; /* the option as written */
	const char *file;
	unsigned int line;
	char *msg;
	size_t len;
	FILE *notes; /* where a setter's notes go (lm_note_to()) */
};

/* A setter of its own, for what the type alone does not say. Returns 0,
 * or -EINVAL with the message in x->msg (lm_opt_bad()). */
typedef int lm_opt_set_fn(const struct lm_opt_ctx *x, const struct lm_option *o,
			  const char *v);

struct lm_option {
	const char *name; /* --NAME on lunmark's command line; NULL: none */
	const char *fio;  /* NAME= in fio's job files; NULL: none */
	enum lm_otype type;
	unsigned int cmds; /* LM_IN() of the commands that take --NAME */
	enum lm_odst dst;  /* the field: where, its offset and size */
	size_t off;
	size_t size;
	uint64_t min, max; /* NUM, REAL, SIZE, TIME */
	/* FLAG: stored; BOOL: 0 stores the negation; else the setter's */
	uint64_t val;
	const struct lm_enum *values; /* ENUM, ended by a NULL name */
	lm_opt_set_fn *set;	      /* instead of the type's own */
	lm_opt_set_fn *fio_set;	      /* in job files: fio's spellings */
	const char *alias;	      /* ALIAS: the row's name or fio name */
	unsigned int flags;	      /* LM_OF_* */
	/* job files: an option of these fio engines' own (src/engine's
	 * LM_ENGINE_OPTS_*: cmdprio*, hipri, ...), which fio takes only in
	 * a section whose engine has it; 0: every engine's */
	unsigned int engines;
	char short_opt; /* -X on the command line, or 0 */
	enum lm_osect sect;
	const char *arg;      /* the value in --help: --bs=SIZE */
	const char *help;     /* for --help, and --cmdhelp */
	const char *fio_note; /* --cmdhelp adds it: a job file's spellings */
};

/* For the rows: the field (LM_AT(LM_D_JOB, struct lm_job, iodepth)), and
 * the types that carry a value of their own. */
#define LM_AT(d, type, f) \
	.dst = (d), .off = offsetof(type, f), .size = sizeof(((type *)0)->f)
#define LM_SET .type = LM_T_FLAG, .val = 1
#define LM_CLEAR .type = LM_T_FLAG, .val = 0
#define LM_BOOLEAN .type = LM_T_BOOL, .val = 1
#define LM_NUMBER(lo, hi) .type = LM_T_NUM, .min = (lo), .max = (hi)
#define LM_ALIAS(of) .type = LM_T_ALIAS, .alias = (of)

/* The command line's part (options.c); lookup.c walks it with the job
 * files' part (fio-compat/options.h). */
extern const struct lm_option lm_options[];
extern const unsigned int lm_noptions;

/* The rows of both parts, from 0; NULL past the last. */
const struct lm_option *lm_opt_at(unsigned int i);

/* The row an ALIAS stands for (itself when it is none). */
const struct lm_option *lm_opt_target(const struct lm_option *o);

/* The row of fio option @key (its alias resolved), or NULL. */
const struct lm_option *lm_opt_fio(const char *key);

/* Does --NAME of row @o (an alias: of its target) belong to @cmd? */
bool lm_opt_takes(const struct lm_option *o, enum lm_cmd cmd);

/* Does @o need a value (neither a flag nor optional)? */
bool lm_opt_needs_value(const struct lm_option *o);

/*
 * The setters of the command line's own rows: cli.c (--help, --target,
 * --destroy, --read-only, --timeout, --output-format, --tag, --section,
 * --minimal), cache.c
 * (mark's --max-rounds, --working-set), compare.c (--format, --metric,
 * --by, --delta).
 */
lm_opt_set_fn lm_cli_set_help, lm_cli_set_target, lm_cli_set_destroy,
	lm_cli_set_read_only, lm_cli_set_timeout, lm_cli_set_output_format,
	lm_cli_set_tag, lm_cli_set_section, lm_cli_set_minimal,
	lm_cli_set_append_terse;
lm_opt_set_fn lm_cli_set_max_rounds, lm_cli_set_working_set;
lm_opt_set_fn lm_cli_set_label;
lm_opt_set_fn lm_cli_set_format, lm_cli_set_metric, lm_cli_set_by,
	lm_cli_set_delta;

/* At most this many long options for one command. */
#define LM_CLI_OPTS_MAX 128u

/* Command @cmd's long options into @out (LM_CLI_OPTS_MAX + 1 entries),
 * ended by a zeroed one, and their short ones into @shorts (8 bytes),
 * for getopt_long; each val is for lm_cli_opt(). */
void lm_cli_longopts(enum lm_cmd cmd, struct option *out, char *shorts);

/* The row getopt_long returned @val for. */
const struct lm_option *lm_cli_opt(int val);

/* The row of the @n bytes at @name if it is one of lunmark's own options
 * on fio's command line (--output-format, --allow-write, ...), else NULL. */
const struct lm_option *lm_cli_fio_own(const char *name, size_t n);

/* Is @path a regular file (a job file)? */
bool lm_cli_is_file(const char *path);

/* The most arguments of lunmark's own options on fio's command line. */
#define LM_FIO_OWN_MAX 64

/*
 * fio's command line, as fio 3.33 reads it (fiocmd.c): job files and
 * --options in any order, a value after = or in the next argument where
 * fio's getopt takes one there (--rw randread; not a bare --time_based).
 * --name=X starts a job of the command line's own; the other
 * --key[=value] are its options, or before the first --name [global]'s,
 * which is also the default of every job file's jobs: the files' own
 * [global] and sections override it, before or after the file (fio
 * --filename=/dev/sdb job.fio points a job file without filename= at
 * /dev/sdb; fio --runtime=1 job.fio does not shorten a job file's
 * runtime=). The command line becomes c->fio_text, a job file whose line
 * N is argument N; lunmark's and fio's own options (--output-format,
 * --section, ...) are added to @own (@nown of LM_FIO_OWN_MAX) for the
 * caller's getopt. 0 or -EINVAL with @msg.
 */
int lm_fio_cmdline(int argc, char **argv, struct lm_cli *c, char **own,
		   int *nown, char *msg, size_t len);

#endif

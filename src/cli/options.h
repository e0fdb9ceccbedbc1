/* SPDX-License-Identifier: MIT */
/*
 * The command line's options: their ids, and which commands take each
 * (the table getopt_long is built from). cli.c parses their values.
 */
#ifndef LM_CLI_OPTS_H
#define LM_CLI_OPTS_H

#include "src/cli/cli.h"

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>

enum lm_opt {
	LM_O_HELP = 'h',
	LM_O_FIRST = 256,
	LM_O_ENGINE,
	LM_O_DIRECT,
	LM_O_ALLOW_WRITE,
	LM_O_DESTROY,
	LM_O_CHECK,
	LM_O_NO_PREFILL,
	LM_O_VERIFY,
	LM_O_PATTERN,
	LM_O_SEED,
	LM_O_SQPOLL,
	LM_O_SIZE,
	LM_O_OFFSET,
	LM_O_RUNTIME,
	LM_O_FAIL_EVERY,
	LM_O_FAIL_PROB,
	LM_O_FAIL_ERRNO,
	/* run */
	LM_O_RW,
	LM_O_RWMIXREAD,
	LM_O_RWMIXWRITE,
	LM_O_BS,
	LM_O_IODEPTH,
	LM_O_NUMJOBS,
	LM_O_RAMP,
	LM_O_TIME_BASED,
	LM_O_NAME,
	/* mark */
	LM_O_PROFILE,
	LM_O_RUNS,
	LM_O_INTERVAL,
	LM_O_READ_ONLY,
	LM_O_WRITE_ONLY,
	LM_O_AGGREGATE,
	LM_O_NO_WARMUP,
	/* iSCSI, and targets */
	LM_O_TIMEOUT,
	LM_O_RECONNECT,
	LM_O_CHAP_FILE,
	LM_O_INITIATOR,
	LM_O_TARGET,
	LM_O_JSON,
	/* suites */
	LM_O_MIX,
	LM_O_LINK,
	LM_O_QUIET,
	LM_O_PCT_RANDOM,
	LM_O_JSON_FILE,
	LM_O_IGNORE_UNSUPPORTED,
	LM_O_OUTPUT_FORMAT,
	LM_O_OUTPUT,
	LM_O_LABEL,
	LM_O_TAG,
	LM_O_EXPORT_FIO,
	LM_O_CACHE, /* cli_cache.c, by name */
	/* report, compare */
	LM_O_FORMAT,
	LM_O_METRIC,
	LM_O_DELTA,
	LM_O_BY,
	LM_O_BASELINE,
};

/* At most this many long options for one command. */
#define LM_CLI_OPTS_MAX 128u

/* Command @cmd's long options into @out (LM_CLI_OPTS_MAX + 1 entries),
 * ended by a zeroed one, for getopt_long. */
void lm_cli_longopts(enum lm_cmd cmd, struct option *out);

/* Is the @n bytes at @name the name of one of lunmark's own options of
 * fio's command line (--output-format, ...)? */
bool lm_cli_fio_own(const char *name, size_t n);

#endif

// SPDX-License-Identifier: MIT
/* The command line's options (cli_opts.h). */
#include "src/cli/options.h"

#include <string.h>

#define LM_RUN (1u << LM_CMD_RUN)
/* verify takes those of run's options it has a use for */
#define LM_VERIFY (1u << LM_CMD_VERIFY)
#define LM_MARK (1u << LM_CMD_MARK)
#define LM_PROBE (1u << LM_CMD_PROBE)
#define LM_JOBS (1u << LM_CMD_JOBS)
#define LM_ALL (LM_RUN | LM_VERIFY | LM_MARK | LM_PROBE | LM_JOBS)
#define LM_REPORT (1u << LM_CMD_REPORT)
#define LM_COMPARE (1u << LM_CMD_COMPARE)

static const struct {
	struct option o;
	unsigned int cmds;
} lm_opts[] = {
	{ { "help", no_argument, NULL, LM_O_HELP },
	  LM_ALL | LM_REPORT | LM_COMPARE },
	{ { "format", required_argument, NULL, LM_O_FORMAT },
	  LM_REPORT | LM_COMPARE },
	{ { "metric", required_argument, NULL, LM_O_METRIC },
	  LM_REPORT | LM_COMPARE },
	{ { "delta", required_argument, NULL, LM_O_DELTA }, LM_COMPARE },
	{ { "by", required_argument, NULL, LM_O_BY }, LM_COMPARE },
	{ { "baseline", required_argument, NULL, LM_O_BASELINE }, LM_COMPARE },
	{ { "timeout", required_argument, NULL, LM_O_TIMEOUT }, LM_ALL },
	{ { "reconnect", no_argument, NULL, LM_O_RECONNECT },
	  LM_RUN | LM_MARK | LM_JOBS | LM_VERIFY },
	{ { "ignore-unsupported", no_argument, NULL, LM_O_IGNORE_UNSUPPORTED },
	  LM_JOBS },
	{ { "output-format", required_argument, NULL, LM_O_OUTPUT_FORMAT },
	  LM_JOBS },
	{ { "output", required_argument, NULL, LM_O_OUTPUT }, LM_JOBS },
	{ { "chap-file", required_argument, NULL, LM_O_CHAP_FILE }, LM_ALL },
	{ { "initiator-name", required_argument, NULL, LM_O_INITIATOR },
	  LM_ALL },
	{ { "target", required_argument, NULL, LM_O_TARGET },
	  LM_RUN | LM_MARK | LM_PROBE | LM_VERIFY },
	{ { "json", no_argument, NULL, LM_O_JSON }, LM_PROBE },
	{ { "export-fio", no_argument, NULL, LM_O_EXPORT_FIO },
	  LM_RUN | LM_MARK },
	{ { "mix", required_argument, NULL, LM_O_MIX }, LM_MARK },
	{ { "link", required_argument, NULL, LM_O_LINK }, LM_RUN | LM_MARK },
	{ { "until-steady", no_argument, NULL, LM_O_CACHE }, LM_MARK },
	{ { "max-rounds", required_argument, NULL, LM_O_CACHE }, LM_MARK },
	{ { "working-set", required_argument, NULL, LM_O_CACHE }, LM_MARK },
	{ { "cache-size", required_argument, NULL, LM_O_CACHE }, LM_MARK },
	{ { "nas-ram", required_argument, NULL, LM_O_CACHE },
	  LM_RUN | LM_MARK },
	{ { "sustained", no_argument, NULL, LM_O_CACHE }, LM_MARK },
	{ { "quiet", no_argument, NULL, LM_O_QUIET }, LM_MARK },
	{ { "json", required_argument, NULL, LM_O_JSON_FILE }, LM_MARK },
	{ { "percentage_random", required_argument, NULL, LM_O_PCT_RANDOM },
	  LM_RUN },
	{ { "engine", required_argument, NULL, LM_O_ENGINE },
	  LM_RUN | LM_MARK | LM_VERIFY },
	{ { "ioengine", required_argument, NULL, LM_O_ENGINE },
	  LM_RUN | LM_MARK | LM_VERIFY },
	{ { "direct", optional_argument, NULL, LM_O_DIRECT },
	  LM_RUN | LM_MARK | LM_VERIFY },
	{ { "allow-write", no_argument, NULL, LM_O_ALLOW_WRITE },
	  LM_RUN | LM_MARK | LM_JOBS | LM_VERIFY },
	{ { "destroy", required_argument, NULL, LM_O_DESTROY },
	  LM_RUN | LM_MARK | LM_JOBS | LM_VERIFY },
	{ { "check", no_argument, NULL, LM_O_CHECK }, LM_VERIFY },
	{ { "no-prefill", no_argument, NULL, LM_O_NO_PREFILL },
	  LM_RUN | LM_MARK | LM_JOBS },
	{ { "verify", no_argument, NULL, LM_O_VERIFY }, LM_RUN | LM_MARK },
	{ { "buffer-pattern", required_argument, NULL, LM_O_PATTERN },
	  LM_RUN | LM_MARK },
	{ { "seed", required_argument, NULL, LM_O_SEED },
	  LM_RUN | LM_MARK | LM_VERIFY },
	{ { "randseed", required_argument, NULL, LM_O_SEED },
	  LM_RUN | LM_MARK | LM_VERIFY },
	{ { "sqpoll", no_argument, NULL, LM_O_SQPOLL }, LM_RUN | LM_MARK },
	{ { "size", required_argument, NULL, LM_O_SIZE },
	  LM_RUN | LM_MARK | LM_VERIFY },
	{ { "runtime", required_argument, NULL, LM_O_RUNTIME },
	  LM_RUN | LM_MARK },
	{ { "fail-every", required_argument, NULL, LM_O_FAIL_EVERY },
	  LM_RUN | LM_MARK | LM_VERIFY },
	{ { "fail-prob", required_argument, NULL, LM_O_FAIL_PROB },
	  LM_RUN | LM_MARK | LM_VERIFY },
	{ { "fail-errno", required_argument, NULL, LM_O_FAIL_ERRNO },
	  LM_RUN | LM_MARK | LM_VERIFY },
	{ { "offset", required_argument, NULL, LM_O_OFFSET },
	  LM_RUN | LM_VERIFY },
	{ { "rw", required_argument, NULL, LM_O_RW }, LM_RUN },
	{ { "readwrite", required_argument, NULL, LM_O_RW }, LM_RUN },
	{ { "rwmixread", required_argument, NULL, LM_O_RWMIXREAD }, LM_RUN },
	{ { "rwmixwrite", required_argument, NULL, LM_O_RWMIXWRITE }, LM_RUN },
	{ { "bs", required_argument, NULL, LM_O_BS }, LM_RUN | LM_VERIFY },
	{ { "blocksize", required_argument, NULL, LM_O_BS },
	  LM_RUN | LM_VERIFY },
	{ { "iodepth", required_argument, NULL, LM_O_IODEPTH },
	  LM_RUN | LM_VERIFY },
	{ { "numjobs", required_argument, NULL, LM_O_NUMJOBS }, LM_RUN },
	{ { "threads", required_argument, NULL, LM_O_NUMJOBS }, LM_RUN },
	{ { "ramp_time", required_argument, NULL, LM_O_RAMP }, LM_RUN },
	{ { "ramp-time", required_argument, NULL, LM_O_RAMP }, LM_RUN },
	{ { "time_based", no_argument, NULL, LM_O_TIME_BASED }, LM_RUN },
	{ { "time-based", no_argument, NULL, LM_O_TIME_BASED }, LM_RUN },
	{ { "name", required_argument, NULL, LM_O_NAME }, LM_RUN },
	{ { "profile", required_argument, NULL, LM_O_PROFILE }, LM_MARK },
	{ { "runs", required_argument, NULL, LM_O_RUNS }, LM_MARK },
	{ { "interval", required_argument, NULL, LM_O_INTERVAL }, LM_MARK },
	{ { "read-only", no_argument, NULL, LM_O_READ_ONLY },
	  LM_RUN | LM_MARK | LM_JOBS | LM_VERIFY },
	{ { "write-only", no_argument, NULL, LM_O_WRITE_ONLY }, LM_MARK },
	{ { "aggregate", required_argument, NULL, LM_O_AGGREGATE }, LM_MARK },
	{ { "no-warmup", no_argument, NULL, LM_O_NO_WARMUP }, LM_MARK },
	{ { "label", required_argument, NULL, LM_O_LABEL }, LM_MARK },
	{ { "tag", required_argument, NULL, LM_O_TAG }, LM_MARK },
};

#define LM_NOPTS (sizeof(lm_opts) / sizeof(lm_opts[0]))

_Static_assert(LM_NOPTS <= LM_CLI_OPTS_MAX, "raise LM_CLI_OPTS_MAX");

void lm_cli_longopts(enum lm_cmd cmd, struct option *out)
{
	unsigned int i, n = 0;

	for (i = 0; i < LM_NOPTS; i++)
		if (lm_opts[i].cmds & (1u << cmd))
			out[n++] = lm_opts[i].o;
	memset(&out[n], 0, sizeof(out[n]));
}

bool lm_cli_fio_own(const char *name, size_t n)
{
	unsigned int i;

	for (i = 0; i < LM_NOPTS; i++)
		if ((lm_opts[i].cmds & LM_JOBS) &&
		    strlen(lm_opts[i].o.name) == n &&
		    !strncmp(name, lm_opts[i].o.name, n))
			return true;
	return false;
}

// SPDX-License-Identifier: MIT
/* Where fio's output formats go (cmd.h): stdout, or --output's file. */
#include "fio-compat/fiojson.h"
#include "src/cmd/cmd.h"
#include "src/lunmark.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int lm_fio_out_say(const struct lm_cli *c, int err, const char *what)
{
	lm_err("--output=%s: cannot write it: %s%s", c->output,
	       lm_replace_strerror(-err), what);
	return LM_EXIT_USAGE;
}

FILE *lm_cmd_notes(const struct lm_cli *c)
{
	if (c->cmd != LM_CMD_JOBS)
		return stderr;
	/* --showcmd's stdout is the command lines, --parse-only's nothing */
	return c->out_normal && !c->peer && !c->showcmd && !c->parse_only
		       ? stdout
		       : NULL;
}

int lm_fio_out_open(const struct lm_cli *c, struct lm_fio_sink *s)
{
	int ret;

	memset(s, 0, sizeof(*s));
	s->stdout_fd = -1;
	if (!c->output)
		return 0;
	/* a typo in --output loses nothing: found before the first IO */
	ret = lm_replace_begin(&s->r, c->output);
	if (ret)
		return lm_fio_out_say(
			c, -ret, " (give a file in a directory you may write)");
	s->file = true;
	if (!c->out_normal)
		return 0;
	fflush(stdout);
	s->stdout_fd = dup(STDOUT_FILENO);
	if (s->stdout_fd < 0 || dup2(s->r.fd, STDOUT_FILENO) < 0) {
		ret = errno;
		lm_fio_out_abort(s);
		return lm_fio_out_say(c, ret, "");
	}
	return 0;
}

/* stdout is stdout again */
static void lm_fio_out_restore(struct lm_fio_sink *s)
{
	if (s->stdout_fd < 0)
		return;
	fflush(stdout);
	dup2(s->stdout_fd, STDOUT_FILENO);
	close(s->stdout_fd);
	s->stdout_fd = -1;
}

void lm_fio_out_abort(struct lm_fio_sink *s)
{
	lm_fio_out_restore(s);
	if (s->file)
		lm_replace_abort(&s->r);
	s->file = false;
}

int lm_fio_out(const struct lm_cli *c, struct lm_fio_sink *s,
	       const struct lm_fio_jobs *js, const struct lm_run_result *res,
	       unsigned int n, const struct lm_fio_file *f,
	       const struct timespec *start)
{
	struct lm_fio_stamp at;
	struct timespec mono;
	/* after the reports, in the file when they are in it */
	FILE *out =
		s->file && s->stdout_fd < 0 ? lm_replace_stream(&s->r) : stdout;
	int ret = 0;

	if (!out) {
		ret = errno;
		lm_fio_out_abort(s);
		return lm_fio_out_say(c, ret, "");
	}
	if (c->out_terse)
		lm_fio_terse_write(out, js, res, n, c->terse_version);
	/* as fio stamps it: when written, the run's seconds rounded up
	 * (on the monotonic clock, which no clock step moves) */
	clock_gettime(CLOCK_REALTIME, &at.now);
	clock_gettime(CLOCK_MONOTONIC, &mono);
	at.elapsed_s = (uint64_t)(mono.tv_sec - start->tv_sec) +
		       (mono.tv_nsec > start->tv_nsec);
	if (c->out_json)
		lm_fio_json_write(out, js, res, n, f, &at, c->out_jsonplus);
	if (out != stdout && fclose(out))
		ret = errno;
	if (out == stdout && fflush(stdout))
		ret = errno;
	lm_fio_out_restore(s);
	if (!s->file)
		return 0;
	s->file = false;
	if (ret) {
		lm_replace_abort(&s->r);
		return lm_fio_out_say(c, ret, "");
	}
	ret = lm_replace_commit(&s->r);
	return ret ? lm_fio_out_say(c, -ret, "") : 0;
}

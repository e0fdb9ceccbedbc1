// SPDX-License-Identifier: MIT
/*
 * fio's command line, as fio 3.33 reads it (options.h): job files and
 * --options in any order, a value after = or, as fio's getopt takes it,
 * in the next argument.
 */
#include "src/cli/cli.h"
#include "src/cli/options.h"
#include "src/lunmark.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

bool lm_cli_is_file(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode);
}

/* A job file on fio's command line: job files run one after the other. */
static int lm_cli_jobfile(struct lm_cli *c, const char *a, char *msg,
			  size_t len)
{
	if (!lm_cli_is_file(a)) {
		snprintf(
			msg, len,
			"%s: cannot open this job file (not a regular file; fio's options are --option=value or --option value)",
			a);
		return -EINVAL;
	}
	if (c->ntargets == LM_RUN_TARGETS_MAX) {
		snprintf(msg, len, "at most %u job files", LM_RUN_TARGETS_MAX);
		return -EINVAL;
	}
	c->targets[c->ntargets++] = a;
	return 0;
}

/* Does --@a (no =) take the next argument as its value, as fio's getopt
 * has it: lunmark's own option that needs one, or a job option fio does
 * not set by its name alone (fio's STR_SET: time_based, stonewall)? */
static bool lm_fio_takes_next(const char *a, const struct lm_option *own)
{
	const struct lm_option *o = own ? own : lm_opt_fio(a);

	if (strchr(a, '=') || !o)
		return false;
	if (own)
		return lm_opt_needs_value(own);
	return o->type != LM_T_FLAG && !(o->flags & LM_OF_OPTIONAL);
}

/* A line of the job text, @x @y @z: fio's command line is read as a job
 * file whose line N is argument N. */
static int lm_fio_text(struct lm_cli *c, int *n, const char *x, const char *y,
		       const char *z)
{
	if (*n > 0 && (size_t)*n < sizeof(c->fio_text))
		*n += snprintf(c->fio_text + *n, sizeof(c->fio_text) - *n,
			       "%s%s%s\n", x, y, z);
	return *n > 0 && (size_t)*n < sizeof(c->fio_text) ? 0 : -E2BIG;
}

/* The command line's --section names so far: fio's filter applies to a
 * --name when it comes, not to the jobs before it. */
struct lm_fio_secs {
	const char *name[16];
	size_t n;
};

/* Does a --section before job @val leave it out? fio then makes no job
 * of it, and its options, as fio's, go to the defaults of the jobs
 * after it (fio's def_thread): the job's lines become a [global]. */
static bool lm_fio_skipped(const struct lm_fio_secs *s, const char *val, int i)
{
	size_t k;

	if (!s->n || !strncmp(val, "global", 6))
		return false;
	for (k = 0; k < s->n; k++)
		if (!strcmp(s->name[k], val))
			return false;
	lm_note("argument %d: --name=%s: no --section before it names it, so there is no such job; its options apply to the jobs after it, as in fio",
		i, val);
	return true;
}

/* --@a (@v, the next argument, its value) as a line: --name starts a
 * job, what fio refuses of it refused; the next argument an empty line */
static int lm_fio_cmdline_opt(struct lm_cli *c, int *n, int i, const char *a,
			      const char *v, const struct lm_fio_secs *secs,
			      char *msg, size_t len)
{
	bool name = !strncmp(a, "name", 4) && (!a[4] || a[4] == '=');
	const char *val = v ? v : name && a[4] ? a + 5 : "";
	int ret;

	if (name && !*val) {
		snprintf(msg, len,
			 "argument %d: --%s needs a job's name: --name=JOB", i,
			 a);
		return -EINVAL;
	}
	if (name && isspace((unsigned char)val[0])) {
		snprintf(
			msg, len,
			"argument %d: --name=%s: fio keeps the blank in the job's name: write --name=%s",
			i, val, val + strspn(val, " \t"));
		return -EINVAL;
	}
	if (name && lm_fio_skipped(secs, val, i))
		ret = lm_fio_text(c, n, "[global]", "", "");
	else if (name)
		ret = lm_fio_text(c, n, "[", val, "]");
	else
		ret = lm_fio_text(c, n, a, v ? "=" : "", v ? v : "");
	return !ret && v ? lm_fio_text(c, n, "", "", "") : ret;
}

/* Note --section's value, @a or @v, for the --name options after it
 * (more than the table takes is refused when the options are read). */
static void lm_fio_own_section(struct lm_fio_secs *s, const struct lm_option *o,
			       const char *a, const char *v)
{
	const char *eq = strchr(a, '=');

	if (strcmp(o->name, "section") || s->n == LM_ARRAY_SIZE(s->name))
		return;
	if (v || eq)
		s->name[s->n++] = v ? v : eq + 1;
}

int lm_fio_cmdline(int argc, char **argv, struct lm_cli *c, char **own,
		   int *nown, char *msg, size_t len)
{
	const struct lm_option *o;
	struct lm_fio_secs secs = { .n = 0 };
	const char *a, *v;
	int i, n, ret = 0;

	c->cmd = LM_CMD_JOBS;
	c->out_normal = true;
	n = snprintf(c->fio_text, sizeof(c->fio_text), "[global]\n");
	for (i = 1; i < argc && !ret; i++) {
		a = argv[i];
		o = strncmp(a, "--", 2)
			    ? NULL
			    : lm_cli_fio_own(a + 2, strcspn(a + 2, "="));
		v = !strncmp(a, "--", 2) && i + 1 < argc &&
				    lm_fio_takes_next(a + 2, o)
			    ? argv[i + 1]
			    : NULL;
		/* the text is one argument a line */
		if (strchr(a, '\n') || (v && strchr(v, '\n'))) {
			snprintf(
				msg, len,
				"argument %d has a line break in it: fio's command line takes one option an argument",
				strchr(a, '\n') ? i : i + 1);
			return -EINVAL;
		}
		if (strncmp(a, "--", 2)) {
			ret = lm_cli_jobfile(c, a, msg, len);
			if (!ret)
				ret = lm_fio_text(c, &n, "", "", "");
		} else if (o && *nown + 2 > LM_FIO_OWN_MAX) {
			ret = -E2BIG;
		} else if (o) {
			lm_fio_own_section(&secs, o, a, v);
			own[(*nown)++] = argv[i];
			if (v)
				own[(*nown)++] = argv[i + 1];
			ret = lm_fio_text(c, &n, "", "", "");
			if (!ret && v)
				ret = lm_fio_text(c, &n, "", "", "");
		} else {
			ret = lm_fio_cmdline_opt(c, &n, i, a + 2, v, &secs, msg,
						 len);
		}
		i += v != NULL;
	}
	if (ret == -E2BIG)
		snprintf(msg, len, "the command line is too long for a job");
	if (ret)
		return -EINVAL;
	c->fio_len = (size_t)n;
	return 0;
}

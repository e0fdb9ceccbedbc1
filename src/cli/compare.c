// SPDX-License-Identifier: MIT
/* The command lines of `lunmark report` and `lunmark compare`: four
 * setters of the table (options.h), the result files and their check
 * (cli.h). */
#include "src/cli/cli.h"
#include "src/cli/options.h"
#include "src/result/compare.h"
#include "src/cli/values.h"
#include "src/units.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

int lm_cli_set_metric(const struct lm_opt_ctx *x, const struct lm_option *o,
		      const char *v)
{
	struct lm_cmp_opts *c = x->dst[LM_D_CMP];
	char buf[128], *p, *save = NULL;
	int m;

	(void)o;
	c->metrics = 0;
	if (!strcmp(v, "all")) {
		c->metrics = (1u << LM_METRICS) - 1;
		return 0;
	}
	snprintf(buf, sizeof(buf), "%s", v);
	for (p = strtok_r(buf, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
		m = lm_metric_find(p);
		if (m < 0)
			return lm_opt_bad(
				x, v,
				"a comma list of mb_s, iops, lat_mean_us, lat_p99_us, cpu_s_per_gb, or all");
		c->metrics |= 1u << m;
	}
	return c->metrics ? 0 : lm_opt_bad(x, v, "names no metric");
}

int lm_cli_set_format(const struct lm_opt_ctx *x, const struct lm_option *o,
		      const char *v)
{
	struct lm_cmp_opts *c = x->dst[LM_D_CMP];
	int f = lm_format_find(v), i;
	char want[128] = "one of:";

	(void)o;
	if (f < 0) {
		for (i = 0; lm_format_name(i); i++)
			snprintf(want + strlen(want),
				 sizeof(want) - strlen(want), " %s",
				 lm_format_name(i));
		return lm_opt_bad(x, v, want);
	}
	c->format = f;
	return 0;
}

int lm_cli_set_delta(const struct lm_opt_ctx *x, const struct lm_option *o,
		     const char *v)
{
	struct lm_cmp_opts *c = x->dst[LM_D_CMP];
	double d;

	(void)o;
	if (lm_parse_double(v, &d) || d <= 0 || d >= 100)
		return lm_opt_bad(
			x, v,
			"the smallest change that matters, in % above 0 and below 100 (default 5)");
	c->delta = d / 100;
	return 0;
}

int lm_cli_set_by(const struct lm_opt_ctx *x, const struct lm_option *o,
		  const char *v)
{
	struct lm_cmp_opts *c = x->dst[LM_D_CMP];

	(void)o;
	if (!v[0] || strlen(v) > 32 || v[strcspn(v, "=")])
		return lm_opt_bad(x, v,
				  "a tag name given with --tag NAME=VALUE");
	c->by = v;
	return 0;
}

int lm_cli_cmp_file(struct lm_cli *c, const char *path, char *msg, size_t len)
{
	if (c->cmp.nfiles == LM_CMP_FILES_MAX) {
		snprintf(msg, len, "at most %u result files", LM_CMP_FILES_MAX);
		return -EINVAL;
	}
	c->cmp.files[c->cmp.nfiles++] = path;
	return 0;
}

int lm_cli_cmp_check(struct lm_cli *c, char *msg, size_t len)
{
	const struct lm_cmp_opts *o = &c->cmp;
	unsigned int need = o->baseline && !o->by ? 1 : 2;

	if (c->cmd == LM_CMD_REPORT && o->nfiles != 1) {
		snprintf(
			msg, len,
			"'lunmark report' takes one saved result: lunmark report RESULT.json [--format=FMT]");
		return -EINVAL;
	}
	if (c->cmd == LM_CMD_COMPARE && o->nfiles < need) {
		snprintf(
			msg, len,
			"'lunmark compare' needs two results or more: lunmark compare A.json B.json ... (or --baseline A.json B.json ...)");
		return -EINVAL;
	}
	c->json_path = o->files[0];
	return 0;
}

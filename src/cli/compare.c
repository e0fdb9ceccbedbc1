// SPDX-License-Identifier: MIT
/* The command lines of `lunmark report` and `lunmark compare` (cli.h). */
#include "src/cli/cli.h"
#include "src/result/compare.h"
#include "src/cli/values.h"
#include "src/units.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static int lm_cmp_metrics(const char *v, unsigned int *mask, char *msg,
			  size_t len)
{
	char buf[128], *p, *save = NULL;
	int m;

	*mask = 0;
	if (!strcmp(v, "all")) {
		*mask = (1u << LM_METRICS) - 1;
		return 0;
	}
	snprintf(buf, sizeof(buf), "%s", v);
	for (p = strtok_r(buf, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
		m = lm_metric_find(p);
		if (m < 0)
			return lm_bad(
				msg, len, "metric", v,
				"a comma list of mb_s, iops, lat_mean_us, lat_p99_us, cpu_s_per_gb, or all");
		*mask |= 1u << m;
	}
	return *mask ? 0 : lm_bad(msg, len, "metric", v, "names no metric");
}

int lm_cli_cmp_opt(const char *name, const char *v, struct lm_cli *c, char *msg,
		   size_t len)
{
	struct lm_cmp_opts *o = &c->cmp;
	double d;
	int f;

	if (!strcmp(name, "format")) {
		f = lm_format_find(v);
		if (f < 0)
			return lm_bad(msg, len, name, v,
				      "text, md, csv, json or html");
		o->format = f;
	} else if (!strcmp(name, "metric")) {
		return lm_cmp_metrics(v, &o->metrics, msg, len);
	} else if (!strcmp(name, "delta")) {
		if (lm_parse_double(v, &d) || d <= 0 || d >= 100)
			return lm_bad(
				msg, len, name, v,
				"the smallest change that matters, in % above 0 and below 100 (default 5)");
		o->delta = d / 100;
	} else if (!strcmp(name, "by")) {
		if (!v[0] || strlen(v) > 32 || v[strcspn(v, "=")])
			return lm_bad(msg, len, name, v,
				      "a tag name given with --tag NAME=VALUE");
		o->by = v;
	} else if (!strcmp(name, "baseline")) {
		o->baseline = v;
	}
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

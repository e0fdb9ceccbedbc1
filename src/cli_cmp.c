// SPDX-License-Identifier: MIT
/* The command lines of `lunmark report` and `lunmark compare` (cli.h). */
#include "cli.h"
#include "compare.h"
#include "optval.h"
#include "units.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

enum {
	LM_C_FORMAT = 256,
	LM_C_METRIC,
	LM_C_DELTA,
	LM_C_BY,
	LM_C_BASELINE,
};

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

static int lm_cmp_opt(int id, const char *v, struct lm_cli *c, char *msg,
		      size_t len)
{
	struct lm_cmp_opts *o = &c->cmp;
	double d;
	int f;

	switch (id) {
	case LM_C_FORMAT:
		f = lm_format_find(v);
		if (f < 0)
			return lm_bad(msg, len, "format", v,
				      "text, md, csv, json or html");
		o->format = f;
		return 0;
	case LM_C_METRIC:
		return lm_cmp_metrics(v, &o->metrics, msg, len);
	case LM_C_DELTA:
		if (lm_parse_double(v, &d) || d <= 0 || d >= 100)
			return lm_bad(
				msg, len, "delta", v,
				"the smallest change that matters, in % above 0 and below 100 (default 5)");
		o->delta = d / 100;
		return 0;
	case LM_C_BY:
		if (!v[0] || strlen(v) > 32 || v[strcspn(v, "=")])
			return lm_bad(msg, len, "by", v,
				      "a tag name given with --tag NAME=VALUE");
		o->by = v;
		return 0;
	case LM_C_BASELINE:
		o->baseline = v;
		return 0;
	}
	return 0;
}

int lm_cli_parse_cmp(int argc, char **argv, struct lm_cli *c, char *msg,
		     size_t len)
{
	static const struct option report[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "format", required_argument, NULL, LM_C_FORMAT },
		{ "metric", required_argument, NULL, LM_C_METRIC },
		{ 0 },
	};
	static const struct option compare[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "format", required_argument, NULL, LM_C_FORMAT },
		{ "metric", required_argument, NULL, LM_C_METRIC },
		{ "delta", required_argument, NULL, LM_C_DELTA },
		{ "by", required_argument, NULL, LM_C_BY },
		{ "baseline", required_argument, NULL, LM_C_BASELINE },
		{ 0 },
	};
	bool cmp = c->cmd == LM_CMD_COMPARE;
	const char *name = cmp ? "compare" : "report";
	struct lm_cmp_opts *o = &c->cmp;
	int id, ret;
	unsigned int need;

	lm_cmp_opts_defaults(o);
	optind = 1;
	opterr = 0;
	while ((id = getopt_long(argc, argv, "h", cmp ? compare : report,
				 NULL)) != -1) {
		if (id == '?' || id == ':') {
			snprintf(
				msg, len,
				"%s: not an option of 'lunmark %s' or missing its value (see lunmark %s --help)",
				argv[optind - 1], name, name);
			return -EINVAL;
		}
		if (id == 'h') {
			c->help_for = c->cmd;
			c->cmd = LM_CMD_HELP;
			return 0;
		}
		ret = lm_cmp_opt(id, optarg, c, msg, len);
		if (ret)
			return ret;
	}
	for (; optind < argc; optind++) {
		if (o->nfiles == LM_CMP_FILES_MAX) {
			snprintf(msg, len, "at most %u result files",
				 LM_CMP_FILES_MAX);
			return -EINVAL;
		}
		o->files[o->nfiles++] = argv[optind];
	}
	if (!cmp && o->nfiles != 1) {
		snprintf(
			msg, len,
			"'lunmark report' takes one saved result: lunmark report RESULT.json [--format=FMT]");
		return -EINVAL;
	}
	need = o->baseline && !o->by ? 1 : 2;
	if (cmp && o->nfiles < need) {
		snprintf(
			msg, len,
			"'lunmark compare' needs two results or more: lunmark compare A.json B.json ... (or --baseline A.json B.json ...)");
		return -EINVAL;
	}
	c->json_path = o->files[0];
	return 0;
}

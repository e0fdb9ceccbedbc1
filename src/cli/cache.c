// SPDX-License-Identifier: MIT
/* mark's cache options: two setters of the table (options.h), and their
 * check once all are read (cli.h). */
#include "fio-compat/values.h"
#include "src/cli/cli.h"
#include "src/cli/options.h"
#include "src/cli/values.h"
#include "src/suite/suite.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#define LM_MIB (1ull << 20)

int lm_cli_set_max_rounds(const struct lm_opt_ctx *x, const struct lm_option *o,
			  const char *v)
{
	struct lm_suite_opts *s = x->dst[LM_D_SUITE];
	uint64_t n;
	/* the range said is the one taken: 0 is not in it */
	int ret = lm_opt_num(x, v, o->min, o->max, &n);

	if (ret && !lm_fio_size(v, 1000, &n) && n < o->min)
		return lm_opt_bad(
			x, v,
			"must be at least 5: the steady-state window is the last 5 rounds");
	if (ret)
		return ret;
	s->max_rounds = (unsigned int)n;
	return 0;
}

int lm_cli_set_working_set(const struct lm_opt_ctx *x,
			   const struct lm_option *o, const char *v)
{
	struct lm_suite_opts *s = x->dst[LM_D_SUITE];
	uint64_t n;
	int ret = lm_opt_size(x, v, &n);

	(void)o;
	if (ret)
		return ret;
	if (!n)
		return lm_opt_bad(x, v, "must not be zero");
	if (n % LM_MIB)
		return lm_opt_bad(
			x, v,
			"must be a whole number of MiB (each test's set starts where the last ends, aligned for its 1 MiB reads)");
	s->working_set_bytes = n;
	return 0;
}

int lm_cli_cache_check(struct lm_cli *c, char *msg, size_t len)
{
	const struct lm_profile *p = lm_profile_find(c->profile);
	struct lm_suite_opts *o = &c->suite;

	if (!p)
		return 0; /* lm_cmd_mark() names the profile */
	if (o->sustained && p->kind != LM_PK_CACHE) {
		snprintf(msg, len,
			 "--sustained is part of --profile=cache (add it)");
		return -EINVAL;
	}
	if (o->sustained && !o->cache_bytes) {
		snprintf(
			msg, len,
			"--sustained writes 2 x --cache-size: give --cache-size (the NAS's SSD cache, e.g. --cache-size=256g)");
		return -EINVAL;
	}
	if (o->sustained && !o->write) {
		snprintf(
			msg, len,
			"--sustained writes, and --read-only forbids it: drop one of them");
		return -EINVAL;
	}
	if (o->until_steady && p->kind == LM_PK_COPY) {
		snprintf(
			msg, len,
			"--until-steady does not apply to --profile=copy (its runs are file sets, not rounds)");
		return -EINVAL;
	}
	return 0;
}

// SPDX-License-Identifier: MIT
#include "src/cli/values.h"
#include "src/lunmark.h"
#include "src/units.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

static const struct {
	const char *name;
	int value;
} lm_errnos[] = {
	{ "EIO", EIO },	    { "ENOSPC", ENOSPC }, { "ETIMEDOUT", ETIMEDOUT },
	{ "ENXIO", ENXIO }, { "EROFS", EROFS },	  { "ECONNRESET", ECONNRESET },
};

int lm_bad(char *msg, size_t len, const char *opt, const char *val,
	   const char *want)
{
	snprintf(msg, len, "--%s=%s: %s", opt, val ? val : "", want);
	return -EINVAL;
}

int lm_opt_size(const char *opt, const char *v, uint64_t *out, char *msg,
		size_t len)
{
	if (lm_parse_size(v, out))
		return lm_bad(
			msg, len, opt, v,
			"not a size (a number with an optional k, m, g or t suffix, e.g. 4k or 1g)");
	return 0;
}

int lm_opt_time(const char *opt, const char *v, uint64_t *out, char *msg,
		size_t len)
{
	if (lm_parse_time(v, out))
		return lm_bad(
			msg, len, opt, v,
			"not a time (seconds, or a number with us, ms, s, m or h)");
	return 0;
}

int lm_opt_uint(const char *opt, const char *v, uint64_t max, uint64_t *out,
		char *msg, size_t len)
{
	if (lm_parse_uint(v, max, out)) {
		char want[64];

		snprintf(want, sizeof(want),
			 "not a whole number from 0 to %llu",
			 (unsigned long long)max);
		return lm_bad(msg, len, opt, v, want);
	}
	return 0;
}

int lm_opt_errno(const char *v, int *out, char *msg, size_t len)
{
	uint64_t n;
	unsigned int i;

	for (i = 0; i < sizeof(lm_errnos) / sizeof(lm_errnos[0]); i++) {
		if (!strcmp(v, lm_errnos[i].name)) {
			*out = lm_errnos[i].value;
			return 0;
		}
	}
	if (!lm_parse_uint(v, 4095, &n) && n) {
		*out = (int)n;
		return 0;
	}
	return lm_bad(
		msg, len, "fail-errno", v,
		"an errno name (EIO, ENOSPC, ETIMEDOUT, ENXIO, EROFS, ECONNRESET) or number");
}

int lm_opt_link(const char *v, double *gbit, char *msg, size_t len)
{
	static const struct {
		const char *name;
		double gbit;
	} links[] = { { "1g", 1 },    { "2.5g", 2.5 }, { "5g", 5 },
		      { "10g", 10 },  { "25g", 25 },   { "40g", 40 },
		      { "100g", 100 } };
	unsigned int i;

	for (i = 0; i < LM_ARRAY_SIZE(links); i++) {
		if (!strcasecmp(v, links[i].name)) {
			*gbit = links[i].gbit;
			return 0;
		}
	}
	return lm_bad(msg, len, "link", v,
		      "a line rate: 1g, 2.5g, 5g, 10g, 25g, 40g or 100g");
}

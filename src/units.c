// SPDX-License-Identifier: MIT
#include "src/units.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int lm_parse_uint(const char *s, uint64_t max, uint64_t *v)
{
	unsigned long long x;
	char *end;

	if (!s || *s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	x = strtoull(s, &end, 10);
	if (errno == ERANGE || x > max)
		return -ERANGE;
	if (*end)
		return -EINVAL;
	*v = x;
	return 0;
}

int lm_parse_double(const char *s, double *v)
{
	char *end;
	double x;

	if (!s || !*s)
		return -EINVAL;
	errno = 0;
	x = strtod(s, &end);
	if (errno || *end || !isfinite(x))
		return -EINVAL;
	*v = x;
	return 0;
}

struct lm_unit {
	const char *name;
	uint64_t mult;
};

/* A decimal number followed by one of @units' suffixes (any case). */
static int lm_parse_scaled(const char *s, const struct lm_unit *units,
			   unsigned int n, uint64_t *out)
{
	unsigned long long x;
	unsigned int i;
	char *end;

	if (!s || *s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	x = strtoull(s, &end, 10);
	if (errno == ERANGE)
		return -ERANGE;
	for (i = 0; i < n; i++) {
		if (strcasecmp(end, units[i].name))
			continue;
		if (x > UINT64_MAX / units[i].mult)
			return -ERANGE;
		*out = x * units[i].mult;
		return 0;
	}
	return -EINVAL;
}

#define LM_KI (1ull << 10)
#define LM_MI (1ull << 20)
#define LM_GI (1ull << 30)
#define LM_TI (1ull << 40)
#define LM_PI (1ull << 50)

int lm_parse_size(const char *s, uint64_t *bytes)
{
	static const struct lm_unit units[] = {
		{ "", 1 },	 { "b", 1 },	   { "k", LM_KI },
		{ "kb", LM_KI }, { "kib", LM_KI }, { "m", LM_MI },
		{ "mb", LM_MI }, { "mib", LM_MI }, { "g", LM_GI },
		{ "gb", LM_GI }, { "gib", LM_GI }, { "t", LM_TI },
		{ "tb", LM_TI }, { "tib", LM_TI }, { "p", LM_PI },
		{ "pb", LM_PI }, { "pib", LM_PI },
	};

	return lm_parse_scaled(s, units, sizeof(units) / sizeof(units[0]),
			       bytes);
}

int lm_parse_time(const char *s, uint64_t *ns)
{
	static const struct lm_unit units[] = {
		{ "", 1000000000ull },	 { "s", 1000000000ull },
		{ "us", 1000ull },	 { "ms", 1000000ull },
		{ "m", 60000000000ull }, { "h", 3600000000000ull },
	};

	return lm_parse_scaled(s, units, sizeof(units) / sizeof(units[0]), ns);
}

void lm_fmt_size(char *buf, size_t len, uint64_t bytes)
{
	static const char *const names[] = { "B",   "KiB", "MiB",
					     "GiB", "TiB", "PiB" };
	unsigned int i = 0;

	while (i + 1 < sizeof(names) / sizeof(names[0]) && bytes &&
	       !(bytes & 1023)) {
		bytes >>= 10;
		i++;
	}
	snprintf(buf, len, "%llu%s", (unsigned long long)bytes, names[i]);
}

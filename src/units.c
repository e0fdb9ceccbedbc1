// SPDX-License-Identifier: MIT
#include "units.h"

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

static int lm_split_number(const char *s, uint64_t *num, const char **suffix)
{
	unsigned long long x;
	char *end;

	if (!s || *s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	x = strtoull(s, &end, 10);
	if (errno == ERANGE)
		return -ERANGE;
	*num = x;
	*suffix = end;
	return 0;
}

int lm_parse_size(const char *s, uint64_t *bytes)
{
	static const struct {
		const char *name;
		unsigned int shift;
	} units[] = {
		{ "", 0 },     { "b", 0 },    { "k", 10 },   { "kb", 10 },
		{ "kib", 10 }, { "m", 20 },   { "mb", 20 },  { "mib", 20 },
		{ "g", 30 },   { "gb", 30 },  { "gib", 30 }, { "t", 40 },
		{ "tb", 40 },  { "tib", 40 }, { "p", 50 },   { "pb", 50 },
		{ "pib", 50 },
	};
	const char *suffix;
	uint64_t num;
	unsigned int i;
	int ret;

	ret = lm_split_number(s, &num, &suffix);
	if (ret)
		return ret;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcasecmp(suffix, units[i].name))
			continue;
		if (units[i].shift && num > (UINT64_MAX >> units[i].shift))
			return -ERANGE;
		*bytes = num << units[i].shift;
		return 0;
	}
	return -EINVAL;
}

int lm_parse_time(const char *s, uint64_t *ns)
{
	static const struct {
		const char *name;
		uint64_t ns;
	} units[] = {
		{ "", 1000000000ull },	 { "s", 1000000000ull },
		{ "us", 1000ull },	 { "ms", 1000000ull },
		{ "m", 60000000000ull }, { "h", 3600000000000ull },
	};
	const char *suffix;
	uint64_t num;
	unsigned int i;
	int ret;

	ret = lm_split_number(s, &num, &suffix);
	if (ret)
		return ret;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcasecmp(suffix, units[i].name))
			continue;
		if (num > UINT64_MAX / units[i].ns)
			return -ERANGE;
		*ns = num * units[i].ns;
		return 0;
	}
	return -EINVAL;
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

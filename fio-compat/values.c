// SPDX-License-Identifier: MIT
#include "values.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static int lm_fio_mul(uint64_t *v, uint64_t m)
{
	if (m && *v > UINT64_MAX / m)
		return -ERANGE;
	*v *= m;
	return 0;
}

int lm_fio_size(const char *s, unsigned int kb_base, uint64_t *out)
{
	static const char prefixes[] = "kmgtp";
	uint64_t v, base = 1;
	const char *p;
	char *end;
	bool iec = false;
	int n = 0, i;

	if (!s || !isdigit((unsigned char)*s))
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, !strncasecmp(s, "0x", 2) ? 16 : 10);
	if (errno)
		return -ERANGE;
	p = end;
	if (*p) {
		const char *c = strchr(prefixes, tolower((unsigned char)*p));

		if (c) {
			n = (int)(c - prefixes) + 1;
			p++;
			if (tolower((unsigned char)*p) == 'i') {
				iec = true;
				p++;
			}
		}
		if (tolower((unsigned char)*p) == 'b')
			p++;
		if (*p)
			return -EINVAL;
	}
	/* kb_base=1024 is fio's compatibility mode: the prefixes swap */
	if (kb_base == 1024)
		base = iec ? 1000 : 1024;
	else if (kb_base == 1000)
		base = iec ? 1024 : 1000;
	else
		return -EINVAL;
	for (i = 0; i < n; i++)
		if (lm_fio_mul(&v, base))
			return -ERANGE;
	*out = v;
	return 0;
}

int lm_fio_time(const char *s, uint64_t unit_ns, uint64_t *out_ns)
{
	static const struct {
		const char *name;
		uint64_t ns;
	} units[] = {
		{ "d", 86400000000000ull }, { "h", 3600000000000ull },
		{ "m", 60000000000ull },    { "s", 1000000000ull },
		{ "sec", 1000000000ull },   { "ms", 1000000ull },
		{ "msec", 1000000ull },	    { "us", 1000ull },
		{ "usec", 1000ull },
	};
	uint64_t v, m = unit_ns;
	unsigned int i;
	char *end;

	if (!s || !isdigit((unsigned char)*s))
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno)
		return -ERANGE;
	if (*end) {
		for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
			if (!strcasecmp(end, units[i].name))
				break;
		if (i == sizeof(units) / sizeof(units[0]))
			return -EINVAL;
		m = units[i].ns;
	}
	if (lm_fio_mul(&v, m))
		return -ERANGE;
	*out_ns = v;
	return 0;
}

int lm_fio_bool(const char *s, bool *out)
{
	if (!s || !strcmp(s, "1") || !strcasecmp(s, "true") ||
	    !strcasecmp(s, "yes") || !strcasecmp(s, "on")) {
		*out = true;
		return 0;
	}
	if (!strcmp(s, "0") || !strcasecmp(s, "false") ||
	    !strcasecmp(s, "no") || !strcasecmp(s, "off")) {
		*out = false;
		return 0;
	}
	return -EINVAL;
}

int lm_fio_pct(const char *s, double *pct)
{
	char *end;
	double v;

	if (!s || !isdigit((unsigned char)*s))
		return -EINVAL;
	v = strtod(s, &end);
	if (end[0] != '%' || end[1] || v < 0 || v > 100)
		return -EINVAL;
	*pct = v;
	return 0;
}

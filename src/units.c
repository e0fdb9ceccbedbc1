// SPDX-License-Identifier: MIT
#include "src/units.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

// SPDX-License-Identifier: MIT
#include "fio-compat/values.h"
#include "src/job/job.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
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
			/* fio 3.33: "ki" is "k"; only "kib" is the other
			 * base (checked against fio itself) */
			if (tolower((unsigned char)*p) == 'i') {
				p++;
				iec = tolower((unsigned char)*p) == 'b';
				p += iec;
			}
		}
		if (!iec && tolower((unsigned char)*p) == 'b')
			p++;
		if (*p)
			return -EINVAL;
	}
	/* kb_base=1024 is fio's compatibility mode: the prefixes swap;
	 * LM_KB_BINARY is lunmark's own command line: powers of 1024, with
	 * or without the i, as lunmark prints sizes */
	if (kb_base == LM_KB_BINARY)
		base = 1024;
	else if (kb_base == 1024)
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

/* One block size: 512 to 64m (direct IO's multiple of 512: the job's
 * check, lm_job_check()). */
int lm_fio_bs_one(const char *v, unsigned int kb, uint32_t *out)
{
	uint64_t n;

	if (lm_fio_size(v, kb, &n) || n < LM_BS_MIN || n > LM_BS_MAX)
		return -EINVAL;
	*out = (uint32_t)n;
	return 0;
}

/* "lo-hi": bsrange's sizes, multiples of lo */
int lm_fio_bs_range(const char *v, unsigned int kb, struct lm_bsdir *b)
{
	char lo[32];
	const char *dash = strchr(v, '-');

	if (!dash || (size_t)(dash - v) >= sizeof(lo))
		return -EINVAL;
	snprintf(lo, sizeof(lo), "%.*s", (int)(dash - v), v);
	if (lm_fio_bs_one(lo, kb, &b->lo) ||
	    lm_fio_bs_one(dash + 1, kb, &b->hi) || b->hi < b->lo)
		return -EINVAL;
	b->hi -= b->hi % b->lo;
	b->n = 0;
	return 0;
}

/* "4k/10:64k/50:32k": bssplit; sizes without a share split what the
 * others leave, evenly */
int lm_fio_bs_split(const char *v, unsigned int kb, struct lm_bsdir *b)
{
	char buf[256], *p, *save = NULL, *slash;
	unsigned int pct[LM_BS_SPLITS], i, sum = 0, open = 0, rest;
	uint64_t n;

	snprintf(buf, sizeof(buf), "%s", v);
	b->n = 0;
	for (p = strtok_r(buf, ":", &save); p; p = strtok_r(NULL, ":", &save)) {
		if (b->n == LM_BS_SPLITS)
			return -EINVAL;
		slash = strchr(p, '/');
		if (slash)
			*slash++ = '\0';
		if (lm_fio_bs_one(p, kb, &b->bs[b->n]))
			return -EINVAL;
		if (slash && *slash) {
			if (lm_fio_size(slash, 1000, &n) || n > 100)
				return -EINVAL;
			pct[b->n] = (unsigned int)n;
			sum += pct[b->n];
		} else {
			pct[b->n] = UINT32_MAX;
			open++;
		}
		b->n++;
	}
	if (!b->n || sum > 100 || (!open && sum != 100))
		return -EINVAL;
	/* what the given shares leave, split evenly, the last open size
	 * taking the remainder of the division */
	rest = 100 - sum;
	for (i = 0, sum = 0; i < b->n; i++) {
		if (pct[i] == UINT32_MAX) {
			pct[i] = rest / open;
			rest -= pct[i];
			open--;
		}
		sum += pct[i];
		b->cum_pct[i] = sum;
	}
	if (sum != 100)
		return -EINVAL;
	b->lo = b->hi = 0;
	return 0;
}

int lm_fio_rate_caps(const char *v, unsigned int kb, bool iops,
		     uint64_t out[LM_DIRS])
{
	char part[3][64] = { "", "", "" };
	const char *p = v;
	unsigned int n = 0, i;
	size_t len;
	char *end;

	for (; n < 3; n++) {
		len = strcspn(p, ",");
		if (len >= sizeof(part[n]))
			return -EINVAL;
		memcpy(part[n], p, len);
		p += len;
		if (!*p++)
			break;
	}
	if (n == 3)
		return -EINVAL; /* a fourth value */
	for (i = 0; i < LM_DIRS; i++) {
		/* fio's: a value with no comma after it is also the next
		 * directions' ("500k": all; "1m,500k": trims 500k); "500k,"
		 * caps reads alone */
		const char *s = part[i <= n ? i : n];

		out[i] = 0;
		if (!*s)
			continue;
		if (iops) {
			errno = 0;
			out[i] = strtoull(s, &end, 10);
			if (*end || errno || *s == '-')
				return -EINVAL;
		} else if (lm_fio_size(s, kb, &out[i])) {
			return -EINVAL;
		}
	}
	return 0;
}

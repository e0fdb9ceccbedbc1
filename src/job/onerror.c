// SPDX-License-Identifier: MIT
/* Which failed IOs a job goes on past (onerror.h). */
#include "src/job/onerror.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool lm_onerr_goes_on(const struct lm_onerr *o, bool write, int err)
{
	enum lm_onerr_kind k = err == EILSEQ ? LM_ONERR_VERIFY
			       : write	     ? LM_ONERR_WRITE
					     : LM_ONERR_READ;
	unsigned int i;

	if (!(o->kinds & (1u << k)))
		return false;
	if (!o->n[k])
		return err == EIO || err == EILSEQ;
	for (i = 0; i < o->n[k]; i++)
		if (o->err[k][i] == err)
			return true;
	return false;
}

/* One error of a list: fio's names are errnos 1 to 34 (EPERM to ERANGE),
 * else a number, its sign dropped; 0 if neither. */
static int lm_onerr_one(const char *s, size_t n)
{
	char buf[32], *end;
	long v;
	int e;

	if (!n || n >= sizeof(buf))
		return 0;
	memcpy(buf, s, n);
	buf[n] = '\0';
	if (buf[0] == 'E') {
		for (e = 1; e <= ERANGE; e++)
			if (!strcmp(buf, strerrorname_np(e)))
				return e;
		return 0;
	}
	v = strtol(buf, &end, 10);
	if (*end || v == 0 || v > 4095 || v < -4095)
		return 0;
	return (int)(v < 0 ? -v : v);
}

/* Kind @k's list, @n bytes at @s ("EIO:ENOSPC:28"). */
static int lm_onerr_list(struct lm_onerr *o, enum lm_onerr_kind k,
			 const char *s, size_t n, char *why, size_t len)
{
	const char *end = s + n, *c;
	unsigned int i = 0;

	while (s < end) {
		c = memchr(s, ':', (size_t)(end - s));
		if (!c)
			c = end;
		if (c == s)
			break; /* fio ends a list at an empty entry */
		if (i == LM_ONERR_MAX) {
			snprintf(why, len, "more than %d errors in one list",
				 LM_ONERR_MAX);
			return -EINVAL;
		}
		o->err[k][i] = lm_onerr_one(s, (size_t)(c - s));
		if (!o->err[k][i]) {
			snprintf(
				why, len,
				"unknown error \"%.*s\": fio's names are EPERM to ERANGE (EIO, ENOSPC, ...), else use its number (84 for EILSEQ)",
				(int)(c - s), s);
			return -EINVAL;
		}
		i++;
		s = c + 1;
	}
	if (i) {
		o->n[k] = i;
		o->kinds |= 1u << k;
	}
	return 0;
}

int lm_onerr_ignore(struct lm_onerr *o, const char *v, char *why, size_t len)
{
	enum lm_onerr_kind k = LM_ONERR_READ;
	const char *c;
	int ret;

	for (;; k++) {
		c = strchr(v, ',');
		if (k == LM_ONERR_KINDS) {
			snprintf(why, len,
				 "three lists at most: READ,WRITE,VERIFY");
			return -EINVAL;
		}
		ret = lm_onerr_list(o, k, v, c ? (size_t)(c - v) : strlen(v),
				    why, len);
		if (ret || !c)
			return ret;
		v = c + 1;
	}
}

// SPDX-License-Identifier: MIT
/* Option values (values.h). */
#include "src/cli/values.h"
#include "fio-compat/values.h"
#include "src/engine/engine.h"
#include "src/lunmark.h"
#include "src/units.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int lm_opt_bad(const struct lm_opt_ctx *x, const char *v, const char *want)
{
	if (x->file)
		snprintf(x->msg, x->len, "%s:%u: %s=%s: %s", x->file, x->line,
			 x->key, v ? v : "", want);
	else
		snprintf(x->msg, x->len, "--%s=%s: %s", x->key, v ? v : "",
			 want);
	return -EINVAL;
}

void *lm_opt_field(const struct lm_opt_ctx *x, const struct lm_option *o)
{
	return (char *)x->dst[o->dst] + o->off;
}

/* A whole number into a field of @size bytes: bool, 32 or 64 bits. */
static void lm_opt_store(void *p, size_t size, uint64_t v)
{
	bool b = v != 0;
	uint32_t u = (uint32_t)v;

	if (size == sizeof(b))
		memcpy(p, &b, sizeof(b));
	else if (size == sizeof(u))
		memcpy(p, &u, sizeof(u));
	else
		memcpy(p, &v, sizeof(v));
}

int lm_opt_num(const struct lm_opt_ctx *x, const char *v, uint64_t min,
	       uint64_t max, uint64_t *out)
{
	char want[96];

	/* a count's k is 1000 on lunmark's command line, kb_base's in
	 * fio's dialect (fio's iodepth=1k is 1024) */
	if (lm_fio_size(v, x->file ? x->kb_base : 1000, out) || *out > max) {
		snprintf(want, sizeof(want), "not a number from %llu to %llu",
			 (unsigned long long)min, (unsigned long long)max);
		return lm_opt_bad(x, v, want);
	}
	if (*out < min) {
		snprintf(want, sizeof(want), "must be at least %llu",
			 (unsigned long long)min);
		return lm_opt_bad(x, v, want);
	}
	return 0;
}

int lm_opt_size(const struct lm_opt_ctx *x, const char *v, uint64_t *out)
{
	if (lm_fio_size(v, x->kb_base, out))
		return lm_opt_bad(
			x, v,
			"not a size (a number with k, m, g, t, p, an optional i and b)");
	return 0;
}

int lm_opt_time(const struct lm_opt_ctx *x, const char *v, uint64_t *out_ns)
{
	if (lm_fio_time(v, 1000000000ull, out_ns))
		return lm_opt_bad(
			x, v,
			"not a time (seconds, or with d, h, m, s, ms, us)");
	return 0;
}

/* One of the row's values, or a message listing them: "a, b or c". */
static int lm_opt_enum(const struct lm_opt_ctx *x, const struct lm_option *o,
		       const char *v, void *p)
{
	const struct lm_enum *e;
	char want[256];
	size_t n = 0;

	for (e = o->values; e->name; e++) {
		if (!strcmp(v, e->name)) {
			memcpy(p, &e->value, sizeof(e->value));
			return 0;
		}
	}
	want[0] = '\0';
	for (e = o->values; e->name && n < sizeof(want); e++)
		n += (size_t)snprintf(want + n, sizeof(want) - n, "%s%s",
				      e == o->values ? ""
				      : e[1].name    ? ", "
						     : " or ",
				      e->name);
	return lm_opt_bad(x, v, want);
}

/* The lower bound of a size or a time: 1 is "not zero". */
static int lm_opt_least(const struct lm_opt_ctx *x, const struct lm_option *o,
			const char *v, uint64_t n)
{
	char want[64];

	if (n >= o->min)
		return 0;
	if (o->min == 1)
		return lm_opt_bad(x, v, "must not be zero");
	snprintf(want, sizeof(want), "must be at least %llu%s",
		 (unsigned long long)(o->type == LM_T_TIME ? o->min / 1000000
							   : o->min),
		 o->type == LM_T_TIME ? "ms" : "");
	return lm_opt_bad(x, v, want);
}

static int lm_opt_real(const struct lm_opt_ctx *x, const struct lm_option *o,
		       const char *v, void *p)
{
	char want[96];
	double d;

	if (lm_parse_double(v, &d) || d < (double)o->min ||
	    d > (double)o->max) {
		snprintf(want, sizeof(want), "a number from %llu to %llu",
			 (unsigned long long)o->min,
			 (unsigned long long)o->max);
		return lm_opt_bad(x, v, want);
	}
	memcpy(p, &d, sizeof(d));
	return 0;
}

int lm_opt_fio_int(const struct lm_opt_ctx *x, const char *v, bool bare,
		   uint64_t max, uint64_t *n)
{
	bool hex = v && (!strncmp(v, "0x", 2) || !strncmp(v, "0X", 2));
	char want[64], *end;

	*n = 1;
	if (!v && !bare)
		return lm_opt_bad(
			x, "",
			max == 1
				? "needs a value, 0 or 1 (fio refuses the option bare too)"
				: "needs a value (fio refuses the option bare too)");
	if (!v)
		return 0;
	errno = 0;
	*n = strtoull(v, &end, hex ? 16 : 10);
	if (isdigit((unsigned char)*v) && !*end && !errno && *n <= max)
		return 0;
	snprintf(want, sizeof(want), "not a number from 0 to %llu",
		 (unsigned long long)max);
	return lm_opt_bad(x, v, max == 1 ? "must be 0 or 1" : want);
}

/* fio's on/off values (parse.c): a FIO_OPT_BOOL's is 0 or 1, given; a
 * FIO_OPT_STR_SET's (a flag here, or LM_OF_OPTIONAL: norandommap,
 * time_based) any number, 0 off, bare on. */
static int lm_opt_fio_onoff(const struct lm_opt_ctx *x,
			    const struct lm_option *o, const char *v, bool *on)
{
	bool bare = o->type == LM_T_FLAG || (o->flags & LM_OF_OPTIONAL);
	uint64_t n;

	if (lm_opt_fio_int(x, v, bare, bare ? INT32_MAX : 1, &n))
		return -EINVAL;
	*on = n != 0;
	return 0;
}

/* A value by the row's type alone. */
static int lm_opt_typed(const struct lm_opt_ctx *x, const struct lm_option *o,
			const char *v, void *p)
{
	uint64_t n = 0;
	bool b = true;
	int ret;

	switch (o->type) {
	case LM_T_FLAG:
		if (x->file && lm_opt_fio_onoff(x, o, v, &b))
			return -EINVAL;
		b |= (o->flags & LM_OF_ON) != 0;
		lm_opt_store(p, o->size, b ? o->val : !o->val);
		return 0;
	case LM_T_BOOL:
		if (x->file ? lm_opt_fio_onoff(x, o, v, &b)
			    : v && lm_fio_bool(v, &b))
			return x->file ? -EINVAL
				       : lm_opt_bad(x, v, "must be 0 or 1");
		lm_opt_store(p, o->size, o->val ? b : !b);
		return 0;
	case LM_T_NUM:
		ret = lm_opt_num(x, v, o->min, o->max, &n);
		break;
	case LM_T_SIZE:
		ret = lm_opt_size(x, v, &n);
		ret = ret ? ret : lm_opt_least(x, o, v, n);
		break;
	case LM_T_TIME:
		ret = lm_opt_time(x, v, &n);
		ret = ret ? ret : lm_opt_least(x, o, v, n);
		break;
	case LM_T_REAL:
		return lm_opt_real(x, o, v, p);
	case LM_T_STR:
		memcpy(p, &v, sizeof(v));
		return 0;
	case LM_T_TEXT:
		snprintf(p, o->size, "%s", v);
		return 0;
	case LM_T_ENUM:
		return lm_opt_enum(x, o, v, p);
	default:
		return lm_opt_bad(x, v, "not an option lunmark sets");
	}
	if (!ret)
		lm_opt_store(p, o->size, n);
	return ret;
}

int lm_opt_set(const struct lm_opt_ctx *x, const struct lm_option *o,
	       const char *v)
{
	lm_opt_set_fn *set = x->file && o->fio_set ? o->fio_set : o->set;

	if (!v && lm_opt_needs_value(o))
		return lm_opt_bad(x, v, "needs a value");
	/* a row whose struct this parse has not: never in the table's
	 * commands (test_cli.c checks), refused all the same */
	if (o->dst != LM_D_NONE && !x->dst[o->dst])
		return lm_opt_bad(x, v, "not an option here");
	if (set)
		return set(x, o, v);
	return lm_opt_typed(x, o, v, lm_opt_field(x, o));
}

int lm_set_engine(const struct lm_opt_ctx *x, const struct lm_option *o,
		  const char *v)
{
	const struct lm_engine_ops *e = lm_engine_find(v);
	char want[LM_ENGINE_UNKNOWN_LEN];

	if (!e)
		return lm_opt_bad(x, v, lm_engine_unknown(want, sizeof(want)));
	snprintf(lm_opt_field(x, o), o->size, "%s", e->name);
	if (x->engine_set)
		*x->engine_set = true;
	return 0;
}

int lm_set_rwmixwrite(const struct lm_opt_ctx *x, const struct lm_option *o,
		      const char *v)
{
	uint64_t n;
	int ret = lm_opt_num(x, v, 0, 100, &n);

	if (!ret)
		lm_opt_store(lm_opt_field(x, o), o->size, 100 - n);
	return ret;
}

int lm_set_bs(const struct lm_opt_ctx *x, const struct lm_option *o,
	      const char *v)
{
	uint32_t bs;

	if (lm_fio_bs_one(v, x->kb_base, &bs))
		return lm_opt_bad(
			x, v,
			"a block size from 512 to 64m (4k, 64k, 1m; a multiple of 512 for direct IO)");
	lm_opt_store(lm_opt_field(x, o), o->size, bs);
	return 0;
}

int lm_set_batch(const struct lm_opt_ctx *x, const struct lm_option *o,
		 const char *v)
{
	struct lm_option plain = *o;
	unsigned int n;
	int ret;

	plain.set = NULL;
	ret = lm_opt_set(x, &plain, v);
	if (ret)
		return ret;
	memcpy(&n, lm_opt_field(x, o), sizeof(n));
	if (!n) {
		n = LM_BATCH_ALL;
		memcpy(lm_opt_field(x, o), &n, sizeof(n));
	}
	return 0;
}

int lm_set_link(const struct lm_opt_ctx *x, const struct lm_option *o,
		const char *v)
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
			memcpy(lm_opt_field(x, o), &links[i].gbit,
			       sizeof(links[i].gbit));
			return 0;
		}
	}
	return lm_opt_bad(x, v,
			  "a line rate: 1g, 2.5g, 5g, 10g, 25g, 40g or 100g");
}

int lm_set_errno(const struct lm_opt_ctx *x, const struct lm_option *o,
		 const char *v)
{
	static const struct lm_enum errnos[] = {
		{ "EIO", EIO },
		{ "ENOSPC", ENOSPC },
		{ "ETIMEDOUT", ETIMEDOUT },
		{ "ENXIO", ENXIO },
		{ "EROFS", EROFS },
		{ "ECONNRESET", ECONNRESET },
	};
	uint64_t n;
	unsigned int i;
	int e = 0;

	for (i = 0; i < LM_ARRAY_SIZE(errnos); i++)
		if (!strcmp(v, errnos[i].name))
			e = errnos[i].value;
	if (!e && !lm_fio_size(v, 1000, &n) && n <= 4095)
		e = (int)n;
	if (!e)
		return lm_opt_bad(
			x, v,
			"an errno name (EIO, ENOSPC, ETIMEDOUT, ENXIO, EROFS, ECONNRESET) or number");
	memcpy(lm_opt_field(x, o), &e, sizeof(e));
	return 0;
}

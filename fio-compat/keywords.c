// SPDX-License-Identifier: MIT
/* fio's reserved words in values, and their sums (keywords.h). */
#include "fio-compat/keywords.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* A sum being read: where it is, and what went wrong. */
struct lm_sum {
	const char *p;
	const char *err; /* NULL while it reads */
};

static int64_t lm_sum_expr(struct lm_sum *s);

static void lm_sum_space(struct lm_sum *s)
{
	while (*s->p == ' ' || *s->p == '\t')
		s->p++;
}

static int64_t lm_sum_fail(struct lm_sum *s, const char *why)
{
	if (!s->err)
		s->err = why;
	return 0;
}

/* A number, a bracketed sum, or either negated. */
static int64_t lm_sum_factor(struct lm_sum *s)
{
	int64_t v = 0;

	lm_sum_space(s);
	if (*s->p == '-') {
		s->p++;
		v = lm_sum_factor(s);
		return v == INT64_MIN ? lm_sum_fail(s, "it overflows") : -v;
	}
	if (*s->p == '(') {
		s->p++;
		v = lm_sum_expr(s);
		lm_sum_space(s);
		if (*s->p != ')')
			return lm_sum_fail(s, "a '(' is not closed");
		s->p++;
		return v;
	}
	if (*s->p < '0' || *s->p > '9')
		return lm_sum_fail(s, "a number is missing");
	while (*s->p >= '0' && *s->p <= '9') {
		if (__builtin_mul_overflow(v, 10, &v) ||
		    __builtin_add_overflow(v, *s->p - '0', &v))
			return lm_sum_fail(s, "it overflows");
		s->p++;
	}
	return v;
}

/* @v @op @w, or the failure said. */
static int64_t lm_sum_op(struct lm_sum *s, char op, int64_t v, int64_t w)
{
	int64_t r = 0;

	if (op == '/' && !w)
		return lm_sum_fail(s, "it divides by zero");
	if (op == '/')
		return v == INT64_MIN && w == -1
			       ? lm_sum_fail(s, "it overflows")
			       : v / w;
	if (op == '*'	? __builtin_mul_overflow(v, w, &r)
	    : op == '+' ? __builtin_add_overflow(v, w, &r)
			: __builtin_sub_overflow(v, w, &r))
		return lm_sum_fail(s, "it overflows");
	return r;
}

/* Terms joined by + and - (@level 0), factors by * and / (1), left to
 * right, as bc reads them. */
static int64_t lm_sum_level(struct lm_sum *s, int level)
{
	const char *ops = level ? "*/" : "+-";
	int64_t v = level ? lm_sum_factor(s) : lm_sum_level(s, 1), w;
	char op;

	for (;;) {
		lm_sum_space(s);
		op = *s->p;
		if (!op || !strchr(ops, op))
			return v;
		s->p++;
		w = level ? lm_sum_factor(s) : lm_sum_level(s, 1);
		v = lm_sum_op(s, op, v, w);
	}
}

static int64_t lm_sum_expr(struct lm_sum *s)
{
	return lm_sum_level(s, 0);
}

/* An operator in it: fio hands the value to bc. */
static bool lm_is_sum(const char *v)
{
	return strpbrk(v, "+-*/") != NULL;
}

/* The number each reserved word stands for, as fio reckons it. */
static long long lm_keyword_value(unsigned int i)
{
	long page = sysconf(_SC_PAGESIZE), pages = sysconf(_SC_PHYS_PAGES);

	if (i == 0)
		return page;
	if (i == 1)
		return (long long)pages * page / (1024 * 1024);
	return sysconf(_SC_NPROCESSORS_CONF);
}

int lm_fio_keywords(const char *in, size_t klen, char *out, size_t size,
		    char *why, size_t wlen)
{
	static const char *const words[] = { "$pagesize", "$mb_memory",
					     "$ncpus" };
	struct lm_sum s = { 0 };
	size_t o = 0, n, k;
	bool replaced = false;
	char num[32];
	int64_t v;

	while (*in) {
		for (k = 0; k < sizeof(words) / sizeof(words[0]); k++)
			if (!strncmp(in, words[k], strlen(words[k])))
				break;
		if (k < sizeof(words) / sizeof(words[0])) {
			n = (size_t)snprintf(num, sizeof(num), "%lld",
					     lm_keyword_value((unsigned int)k));
			in += strlen(words[k]);
			replaced = true;
		} else {
			num[0] = *in++;
			n = 1;
		}
		if (o + n >= size) {
			snprintf(why, wlen, "the value is too long");
			return -EINVAL;
		}
		memcpy(out + o, num, n);
		o += n;
	}
	out[o] = '\0';
	if (!replaced || !lm_is_sum(out))
		return 0;
	/* fio hands bc no value over 100 characters, nor one whose line
	 * (key=value) is 128 or more: its option parser gets the sum
	 * unworked, and a number's reads the number it begins with
	 * (bs=4096*2+0+...+0 is 4096) */
	if (o > 100 || klen + 1 + o >= 128) {
		snprintf(
			why, wlen,
			"%.40s...: a sum of %zu characters after a name of %zu, where fio works out 100 at most, 127 with the name (it reads the number the sum begins with): shorten it",
			out, o, klen);
		return -EINVAL;
	}
	/* bc takes whole numbers, + - * /, brackets and blanks; fio fails
	 * the option when bc fails (bsrange=4k-$pagesize) */
	if (strspn(out, "0123456789+-*/() \t") != strlen(out))
		s.err = "with a reserved word in it fio hands the value to bc, which takes only sums of whole numbers (fio fails it too)";
	s.p = out;
	v = s.err ? 0 : lm_sum_expr(&s);
	lm_sum_space(&s);
	if (!s.err && *s.p)
		s.err = "it does not add up (an operator or bracket too many)";
	if (s.err) {
		snprintf(why, wlen, "%s: %s", out, s.err);
		return -EINVAL;
	}
	snprintf(out, size, "%" PRId64, v);
	return 0;
}

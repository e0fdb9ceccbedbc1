// SPDX-License-Identifier: MIT
#include "src/stats/verdict.h"
#include "src/stats/stats.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *lm_verdict_word(enum lm_verdict v, enum lm_sense s)
{
	switch (v) {
	case LM_VERDICT_BETTER:
		return s == LM_SENSE_COST ? "less CPU" : "faster";
	case LM_VERDICT_WORSE:
		return s == LM_SENSE_COST ? "more CPU" : "slower";
	case LM_VERDICT_EQUIVALENT:
		return "equivalent";
	case LM_VERDICT_INCONCLUSIVE:
		return "inconclusive";
	case LM_VERDICT_FEW_RUNS:
		return "no verdict";
	default:
		return "";
	}
}

/* The logs of @v, their moments, with the side's variance floor; false
 * when a value is not positive. */
static bool lm_log_moments(const struct lm_side *s, double *tmp,
			   struct lm_moments *out)
{
	unsigned int i;

	for (i = 0; i < s->n; i++) {
		if (!(s->v[i] > 0))
			return false;
		tmp[i] = log(s->v[i]);
	}
	*out = lm_moments_of(tmp, s->n);
	if (out->var < s->rel_res * s->rel_res)
		out->var = s->rel_res * s->rel_res;
	return true;
}

static double lm_side_median(const struct lm_side *s, double *tmp)
{
	memcpy(tmp, s->v, sizeof(*tmp) * s->n);
	return lm_median(tmp, s->n);
}

int lm_cmp_test(const struct lm_side *a, const struct lm_side *b,
		struct lm_cmp_stat *out)
{
	struct lm_moments la, lb;
	double *tmp, ma;
	bool logs;

	memset(out, 0, sizeof(*out));
	out->ratio = out->median_ratio = out->lo = out->hi = NAN;
	out->welch.t = out->welch.df = out->welch.p = NAN;
	out->verdict = LM_VERDICT_INCONCLUSIVE;
	if (!a->n || !b->n)
		return 0;
	tmp = malloc(sizeof(*tmp) * (a->n > b->n ? a->n : b->n));
	if (!tmp)
		return -ENOMEM;
	ma = lm_side_median(a, tmp);
	if (ma > 0)
		out->median_ratio = lm_side_median(b, tmp) / ma;
	logs = lm_log_moments(a, tmp, &la) && lm_log_moments(b, tmp, &lb);
	free(tmp);
	if (!logs)
		return 0;
	out->ratio = exp(lb.mean - la.mean);
	out->var_log = (la.var + lb.var) / 2;
	out->runs = a->n > b->n ? a->n : b->n;
	if (lm_welch_moments(&la, &lb, &out->welch) && a->n > 1 && b->n > 1) {
		/* no spread at all on either side: the change is exact */
		out->welch.p = lb.mean != la.mean ? 0 : 1;
	}
	if (a->n < LM_CMP_MIN_RUNS || b->n < LM_CMP_MIN_RUNS)
		out->verdict = LM_VERDICT_FEW_RUNS;
	return 0;
}

static bool lm_cmp_ranked(const struct lm_cmp_stat *s)
{
	return s->verdict == LM_VERDICT_INCONCLUSIVE && !isnan(s->welch.p);
}

struct lm_ranked {
	const struct lm_cmp_stat *s;
	unsigned int i;
};

static int lm_cmp_by_p(const void *x, const void *y)
{
	const struct lm_ranked *a = x, *b = y;

	if (a->s->welch.p != b->s->welch.p)
		return a->s->welch.p < b->s->welch.p ? -1 : 1;
	return (a->i > b->i) - (a->i < b->i); /* ties: in the order given */
}

void lm_cmp_holm(struct lm_cmp_stat *const *st, unsigned int n,
		 unsigned int family, double alpha)
{
	struct lm_ranked *v = malloc(sizeof(*v) * (n ? n : 1));
	unsigned int i, k = 0;
	bool stepping = true;
	double level;

	family = family < n ? n : family;
	family = family ? family : 1;
	level = alpha / family;
	for (i = 0; i < n; i++) {
		/* Bonferroni: the level of what takes no rank, and of all
		 * when there is no memory to rank them */
		st[i]->family = family;
		st[i]->alpha = level;
		if (v && lm_cmp_ranked(st[i]))
			v[k++] = (struct lm_ranked){ st[i], i };
	}
	if (!v)
		return;
	qsort(v, k, sizeof(*v), lm_cmp_by_p);
	for (i = 0; i < k; i++) {
		struct lm_cmp_stat *s = st[v[i].i];

		if (stepping)
			level = alpha / (family - i);
		stepping = stepping && s->welch.p <= level;
		s->rank = i + 1;
		s->alpha = level;
	}
	free(v);
}

/*
 * Runs per side for a two-sided test at the family's first Holm level
 * with 80% power: 2 (z + z_p)^2 s^2 / e^2, s^2 the mean variance of the
 * logs, e the effect on the log scale: the one seen when it is at least
 * delta (to show the difference), else the room left inside the margin
 * (to show equivalence). At least one run more than there are.
 */
static unsigned int lm_runs_needed(const struct lm_cmp_stat *s, double delta)
{
	const double z80 = 0.8416212335729143;
	double d = fabs(log(s->ratio)), margin = log1p(delta), z, e, n;

	z = lm_z(1 - LM_CMP_ALPHA / 2 / (s->family ? s->family : 1));
	e = d >= margin ? d : margin - d;
	n = e > 0 ? ceil(2 * (z + z80) * (z + z80) * s->var_log / (e * e))
		  : LM_CMP_RUNS_CAP;
	if (n > LM_CMP_RUNS_CAP)
		return LM_CMP_RUNS_CAP;
	if (n <= s->runs)
		n = s->runs + 1;
	return n < LM_CMP_MIN_RUNS ? LM_CMP_MIN_RUNS : (unsigned int)n;
}

void lm_cmp_decide(struct lm_cmp_stat *s, double delta, bool higher_better)
{
	double d, half = 0;

	s->runs_needed = 0;
	if (isnan(s->ratio) || isnan(s->welch.p))
		return;
	d = log(s->ratio);
	if (s->welch.se > 0)
		half = lm_t_q2(s->alpha, s->welch.df) * s->welch.se;
	s->lo = exp(d - half);
	s->hi = exp(d + half);
	if (s->verdict == LM_VERDICT_FEW_RUNS)
		return;
	if ((s->lo > 1 || s->hi < 1) && fabs(d) >= log1p(delta))
		s->verdict = (d > 0) == higher_better ? LM_VERDICT_BETTER
						      : LM_VERDICT_WORSE;
	else if (s->lo >= 1 / (1 + delta) && s->hi <= 1 + delta)
		s->verdict = LM_VERDICT_EQUIVALENT;
	if (s->verdict == LM_VERDICT_INCONCLUSIVE)
		s->runs_needed = lm_runs_needed(s, delta);
}

int lm_cmp_one(const struct lm_side *a, const struct lm_side *b, double delta,
	       bool higher_better, unsigned int family, struct lm_cmp_stat *out)
{
	struct lm_cmp_stat *one = out;
	int ret = lm_cmp_test(a, b, out);

	if (ret)
		return ret;
	lm_cmp_holm(&one, 1, family ? family : 1, LM_CMP_ALPHA);
	lm_cmp_decide(out, delta, higher_better);
	return 0;
}

// SPDX-License-Identifier: MIT
/*
 * The verdicts of `lunmark compare` (stats/verdict.h) on samples whose
 * answer is worked out by hand here, Holm's step-down on p-values given
 * directly, and the rule that the interval shown and the verdict agree,
 * checked on many random samples.
 */
#include "src/report/figures.h"
#include "src/result/runs.h"
#include "src/stats/stats.h"
#include "src/stats/verdict.h"
#include "tests/unit/unit.h"

#include <math.h>
#include <string.h>

static struct lm_side lm_s(const double *v, unsigned int n)
{
	return (struct lm_side){ v, n, 0 };
}

/*
 * 3 runs a side, B twice A at a CV of 10%: the logs of 100, 110, 121 have
 * mean ln 110 and variance 2 (ln 1.1)^2 / 2 = 0.00908403, as have B's
 * around ln 220; se^2 = 2 * 0.00908403 / 3, se = 0.0778204, t = ln 2 / se
 * = 8.90701, df = 4 exactly (equal variances and sizes). Alone, the 95%
 * interval is 2 exp(+-2.776445 se) = 2 exp(+-0.216064) = [1.61137,
 * 2.48236].
 */
static void lm_test_by_hand(void)
{
	const double a[] = { 100, 110, 121 }, b[] = { 200, 220, 242 };
	struct lm_side sa = lm_s(a, 3), sb = lm_s(b, 3);
	struct lm_cmp_stat s;

	CU_ASSERT_EQUAL_FATAL(lm_cmp_one(&sa, &sb, 0.05, true, 1, &s), 0);
	CU_ASSERT_DOUBLE_EQUAL(s.ratio, 2, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(s.median_ratio, 2, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(s.welch.se, 0.0778204, 1e-7);
	CU_ASSERT_DOUBLE_EQUAL(s.welch.t, 8.90701, 1e-5);
	CU_ASSERT_DOUBLE_EQUAL(s.welch.df, 4, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(s.alpha, 0.05, 1e-15);
	CU_ASSERT_DOUBLE_EQUAL(s.lo, 1.61137, 1e-5);
	CU_ASSERT_DOUBLE_EQUAL(s.hi, 2.48236, 1e-5);
	CU_ASSERT_EQUAL(s.verdict, LM_VERDICT_BETTER);
	CU_ASSERT_EQUAL(s.runs_needed, 0);
	/* the bar: called at 3 runs a side in a table's family of
	 * 16 (4 cells x 4 metrics), where Holm's first level is 0.05/16 */
	lm_cmp_one(&sa, &sb, 0.05, true, 16, &s);
	CU_ASSERT_DOUBLE_EQUAL(s.alpha, 0.05 / 16, 1e-15);
	CU_ASSERT(s.welch.p < 0.05 / 16);
	CU_ASSERT_EQUAL(s.verdict, LM_VERDICT_BETTER);
	CU_ASSERT(s.lo > 1);
	/* the other way round, and for a metric where lower is better */
	lm_cmp_one(&sb, &sa, 0.05, true, 16, &s);
	CU_ASSERT_EQUAL(s.verdict, LM_VERDICT_WORSE);
	CU_ASSERT_DOUBLE_EQUAL(s.ratio, 0.5, 1e-12);
	lm_cmp_one(&sa, &sb, 0.05, false, 16, &s);
	CU_ASSERT_EQUAL(s.verdict, LM_VERDICT_WORSE);
	CU_ASSERT_STRING_EQUAL(lm_verdict_word(s.verdict, LM_SENSE_COST),
			       "more CPU");
	CU_ASSERT_STRING_EQUAL(
		lm_verdict_word(LM_VERDICT_BETTER, LM_SENSE_TIME), "faster");
	/* two runs a side: an interval, but no verdict */
	sa.n = sb.n = 2;
	lm_cmp_one(&sa, &sb, 0.05, true, 1, &s);
	CU_ASSERT_EQUAL(s.verdict, LM_VERDICT_FEW_RUNS);
	CU_ASSERT(!isnan(s.lo) && s.lo < s.hi);
	CU_ASSERT_STRING_EQUAL(lm_verdict_word(s.verdict, LM_SENSE_RATE),
			       "no verdict");
}

/*
 * Host CPU time in ticks: 5 ticks a run on one side, 6 on the other, no
 * spread at all. Taken as exact, that is a certain 20% (p 0); with the
 * grain of 2 CPUs' ticks, sqrt(2/6) / 100 s = 0.0057735 s, the relative
 * floors are 0.11547 and 0.096225: se^2 = (0.11547^2 + 0.096225^2) / 3,
 * se = 0.086780, t = ln 1.2 / se = 2.1010: not a difference at 5%.
 */
static void lm_test_floor(void)
{
	const double a[] = { 0.05, 0.05, 0.05 }, b[] = { 0.06, 0.06, 0.06 };
	double res = lm_host_cpu_res_s(2);
	struct lm_side sa = lm_s(a, 3), sb = lm_s(b, 3);
	struct lm_cmp_stat s;

	CU_ASSERT_DOUBLE_EQUAL(res, 0.0057735, 1e-7);
	lm_cmp_one(&sa, &sb, 0.05, false, 1, &s);
	CU_ASSERT(s.welch.p < 1e-9);
	CU_ASSERT_EQUAL(s.verdict, LM_VERDICT_WORSE);
	sa.rel_res = res / 0.05;
	sb.rel_res = res / 0.06;
	lm_cmp_one(&sa, &sb, 0.05, false, 1, &s);
	CU_ASSERT_DOUBLE_EQUAL(s.welch.se, 0.086780, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(s.welch.t, 2.1010, 1e-4);
	CU_ASSERT(s.welch.p > 0.05);
	CU_ASSERT_EQUAL(s.verdict, LM_VERDICT_INCONCLUSIVE);
	CU_ASSERT(s.lo < 1 && s.hi > 1);
	CU_ASSERT(s.runs_needed > 3);
}

/* A stat with only a p, as lm_cmp_test leaves an undecided one. */
static void lm_p(struct lm_cmp_stat *s, double p)
{
	memset(s, 0, sizeof(*s));
	s->welch.p = p;
	s->verdict = LM_VERDICT_INCONCLUSIVE;
}

/*
 * p = 0.04, 0.001, 0.3, 0.01 in a family of 4 at 5%: sorted, 0.001 <=
 * 0.05/4 and 0.01 <= 0.05/3 pass, 0.04 > 0.05/2 fails, and it and 0.3
 * keep 0.025. In a family fixed at 8, 0.01 > 0.05/7 already fails.
 */
static void lm_test_holm(void)
{
	static const double p[] = { 0.04, 0.001, 0.3, 0.01 };
	struct lm_cmp_stat s[5], *v[5];
	unsigned int i;

	for (i = 0; i < 4; i++) {
		lm_p(&s[i], p[i]);
		v[i] = &s[i];
	}
	lm_cmp_holm(v, 4, 4, 0.05);
	CU_ASSERT_EQUAL(s[1].rank, 1);
	CU_ASSERT_DOUBLE_EQUAL(s[1].alpha, 0.0125, 1e-15);
	CU_ASSERT_EQUAL(s[3].rank, 2);
	CU_ASSERT_DOUBLE_EQUAL(s[3].alpha, 0.05 / 3, 1e-15);
	CU_ASSERT_EQUAL(s[0].rank, 3);
	CU_ASSERT_DOUBLE_EQUAL(s[0].alpha, 0.025, 1e-15);
	CU_ASSERT_DOUBLE_EQUAL(s[2].alpha, 0.025, 1e-15);
	CU_ASSERT_EQUAL(s[0].family, 4);
	lm_cmp_holm(v, 4, 8, 0.05);
	CU_ASSERT_DOUBLE_EQUAL(s[1].alpha, 0.05 / 8, 1e-15);
	CU_ASSERT_DOUBLE_EQUAL(s[3].alpha, 0.05 / 7, 1e-15);
	CU_ASSERT_DOUBLE_EQUAL(s[0].alpha, 0.05 / 7, 1e-15);
	CU_ASSERT_DOUBLE_EQUAL(s[2].alpha, 0.05 / 7, 1e-15);
	/* a test with no verdict to make takes no rank and no step */
	lm_p(&s[4], 1e-9);
	s[4].verdict = LM_VERDICT_FEW_RUNS;
	v[4] = &s[4];
	lm_cmp_holm(v, 5, 5, 0.05);
	CU_ASSERT_EQUAL(s[4].rank, 0);
	CU_ASSERT_EQUAL(s[1].rank, 1);
	CU_ASSERT_DOUBLE_EQUAL(s[1].alpha, 0.01, 1e-15);
}

static uint64_t lm_rng = 0x9e3779b97f4a7c15ull;

static double lm_gauss(void)
{
	double u[2];
	unsigned int i;

	for (i = 0; i < 2; i++) {
		lm_rng ^= lm_rng << 13;
		lm_rng ^= lm_rng >> 7;
		lm_rng ^= lm_rng << 17;
		u[i] = ((double)(lm_rng >> 11) + 0.5) / 9007199254740992.0;
	}
	return sqrt(-2 * log(u[0])) * cos(2 * M_PI * u[1]);
}

/* Over many random samples: "different" never with an interval holding
 * 1, never "inconclusive" with one wholly beyond +-delta, "equivalent"
 * only with one inside it. */
static void lm_test_agree(void)
{
	const double delta = 0.05, ratios[] = { 1, 1.03, 1.06, 1.2, 3 };
	unsigned int i, k, n, bad = 0, called = 0;
	double a[10], b[10];
	struct lm_cmp_stat s;

	for (i = 0; i < 4000; i++) {
		struct lm_side sa = lm_s(a, 3 + i % 8), sb = lm_s(b, 3 + i % 8);
		double r = ratios[i % 5], cv = 0.01 * (1 + i % 13);

		for (k = 0, n = sa.n; k < n; k++) {
			a[k] = 100 * exp(cv * lm_gauss());
			b[k] = 100 * r * exp(cv * lm_gauss());
		}
		lm_cmp_one(&sa, &sb, delta, true, 1 + i % 20, &s);
		if (s.verdict == LM_VERDICT_BETTER ||
		    s.verdict == LM_VERDICT_WORSE) {
			called++;
			bad += s.lo <= 1 && s.hi >= 1;
		}
		if (s.verdict == LM_VERDICT_INCONCLUSIVE)
			bad += s.lo > 1 + delta || s.hi < 1 / (1 + delta);
		if (s.verdict == LM_VERDICT_EQUIVALENT)
			bad += s.lo < 1 / (1 + delta) || s.hi > 1 + delta;
	}
	CU_ASSERT_EQUAL(bad, 0);
	CU_ASSERT(called > 1000); /* the rule was put to work */
}

/* The throttled loop device of t-compare, as CI saw it once: a noisy
 * fast side of 5 runs against a steady side 130 times slower. */
static void lm_test_throttled(void)
{
	static const double fast[] = { 339632.9, 412179.4, 140910.7, 302468.5,
				       308554.8 };
	static const double slow[] = { 2550.1, 2556.7, 2556.5 };
	struct lm_side sa = lm_s(fast, 5), sb = lm_s(slow, 3);
	struct lm_cmp_stat s;

	lm_cmp_one(&sa, &sb, 0.05, true, 16, &s);
	CU_ASSERT_EQUAL(s.verdict, LM_VERDICT_WORSE);
	CU_ASSERT(s.hi < 0.05);
}

/* CPU time under a tick reads 0, which has no logarithm: no ratio, and
 * the words say why rather than "~0 runs a side" beside a "nan". */
static void lm_test_zero(void)
{
	static const double a[] = { 0.30, 0.0, 0.31 },
			    b[] = { 0.30, 0.29, 0.31 };
	struct lm_side sa = lm_s(a, 3), sb = lm_s(b, 3);
	struct lm_cmp_stat st;
	char w[96];

	CU_ASSERT_EQUAL_FATAL(lm_cmp_one(&sa, &sb, 0.05, false, 1, &st), 0);
	CU_ASSERT(isnan(st.ratio));
	CU_ASSERT_EQUAL(st.verdict, LM_VERDICT_INCONCLUSIVE);
	lm_fmt_verdict(w, sizeof(w), &st, LM_MET_CPU);
	CU_ASSERT_STRING_EQUAL(w, "inconclusive (a run measured 0: no ratio)");
	lm_fmt_change(w, sizeof(w), &st);
	CU_ASSERT_STRING_EQUAL(w, "-");
}

int lm_suite_verdict(void)
{
	static const struct lm_unit_test tests[] = {
		{ "a run that measured 0: no ratio, said so", lm_test_zero },
		{ "3 runs a side, 2x at 10%, by hand", lm_test_by_hand },
		{ "a floor for CPU ticks", lm_test_floor },
		{ "Holm's step-down", lm_test_holm },
		{ "interval and verdict agree", lm_test_agree },
		{ "a throttled side", lm_test_throttled },
		{ NULL, NULL },
	};

	return lm_unit_add("verdict", tests);
}

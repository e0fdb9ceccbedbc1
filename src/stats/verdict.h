/* SPDX-License-Identifier: MIT */
/*
 * The verdict on one cell (test x way x metric) of configuration B
 * against A, as `lunmark compare` prints it.
 *
 * Rates and latencies change by a factor, so everything is on the log
 * scale: the change is the ratio of the geometric means of the runs, and
 * its interval is Welch's t-interval of the difference of the mean logs,
 * at a level set by Holm's step-down over the family of comparisons the
 * configuration is part of (lm_cmp_holm). That one interval decides:
 *   - better/worse ("faster"/"slower", or "less CPU"/"more CPU"): the
 *     interval excludes 1 and the ratio is at least 1 + delta, or at most
 *     1 / (1 + delta);
 *   - equivalent: the interval lies within [1 / (1 + delta), 1 + delta];
 *   - inconclusive: anything else, with the runs a side likely to decide;
 *   - no verdict under LM_CMP_MIN_RUNS runs a side.
 * So no interval shown beyond +-delta goes with "inconclusive", and no
 * interval that holds 1 goes with a difference.
 */
#ifndef LM_STATS_VERDICT_H
#define LM_STATS_VERDICT_H

#include "src/stats/welch.h"

#include <stdbool.h>

/* fewer counted runs per side than this get no verdict */
#define LM_CMP_MIN_RUNS 3u
/* the runs-needed estimate is capped here */
#define LM_CMP_RUNS_CAP 1000u
/* the family-wise error rate of a configuration's verdicts */
#define LM_CMP_ALPHA 0.05

/* What a ratio above 1 means, and the words for it. */
enum lm_sense {
	LM_SENSE_RATE, /* higher is faster: MB/s, IOPS */
	LM_SENSE_TIME, /* lower is faster: latency */
	LM_SENSE_COST, /* lower is cheaper: CPU-seconds per GB */
};

enum lm_verdict {
	LM_VERDICT_NONE,	 /* the reference itself, or nothing compared */
	LM_VERDICT_FEW_RUNS,	 /* under LM_CMP_MIN_RUNS a side */
	LM_VERDICT_BETTER,	 /* faster, or less CPU */
	LM_VERDICT_WORSE,	 /* slower, or more CPU */
	LM_VERDICT_EQUIVALENT,	 /* the interval within +-delta */
	LM_VERDICT_INCONCLUSIVE, /* anything else */
};

/* "faster", "more CPU", "equivalent", "no verdict"...; "" for NONE. */
const char *lm_verdict_word(enum lm_verdict v, enum lm_sense s);

/* One side: a configuration's runs of one metric. */
struct lm_side {
	const double *v;
	unsigned int n;
	/* the standard deviation of one value's measurement error, relative
	 * to the value; 0 when exact. A floor under the side's variance of
	 * the logs, so that values that tie because the clock is coarse (CPU
	 * time in ticks) do not make a difference look certain. */
	double rel_res;
};

struct lm_cmp_stat {
	double ratio;	       /* geometric mean of B / of A; NaN: no logs */
	double median_ratio;   /* median(B) / median(A); NaN when A's is 0 */
	struct lm_welch welch; /* on the logs; p 0 or 1 when se is 0 */
	double var_log;	       /* the sides' variances of the logs, mean */
	unsigned int runs;     /* the larger side's */
	/* Holm: the rank of p in the family (1: the smallest), the family's
	 * size, and the two-sided level the interval is drawn at */
	unsigned int rank, family;
	double alpha;
	double lo, hi; /* the interval of ratio at 1 - alpha: it decides */
	enum lm_verdict verdict;
	/* inconclusive: the runs per side likely to decide it (80% power at
	 * the spread seen), at most LM_CMP_RUNS_CAP; else 0 */
	unsigned int runs_needed;
};

/* The first step: B against A on the log scale, no verdict yet. Values
 * that are not all positive have no logs: inconclusive, ratio NaN.
 * Returns 0 or -ENOMEM. */
int lm_cmp_test(const struct lm_side *a, const struct lm_side *b,
		struct lm_cmp_stat *out);

/*
 * Holm's step-down over the @n tests at @st of one family of @family
 * comparisons fixed in advance (@family >= @n; tests not made count as
 * not rejected): the k-th smallest p is held against @alpha / (family -
 * k + 1) until one fails; that one and all after it get the level it
 * failed at. Tests without a p (no verdict) take no rank.
 */
void lm_cmp_holm(struct lm_cmp_stat *const *st, unsigned int n,
		 unsigned int family, double alpha);

/* The last step: the interval at the level Holm gave, and the verdict.
 * @delta is the smallest change that matters (0.05 for 5%). */
void lm_cmp_decide(struct lm_cmp_stat *s, double delta, bool higher_better);

/* All three for one comparison in a family of @family (1: alone). */
int lm_cmp_one(const struct lm_side *a, const struct lm_side *b, double delta,
	       bool higher_better, unsigned int family,
	       struct lm_cmp_stat *out);

#endif

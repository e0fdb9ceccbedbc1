// SPDX-License-Identifier: MIT
/*
 * How often lunmark compare's verdicts are right, on samples drawn with
 * known answers. A trial is one table as `compare` builds it for two
 * configurations: FAMILY comparisons (16 for the default profile: 4
 * cells x 4 metrics, MB/s and IOPS one), each of RUNS runs a side with
 * lognormal run-to-run noise of coefficient of variation CV, held
 * together by Holm's step-down (stats/verdict.h). The first CHANGED
 * comparisons (default 1) have B = RATIO x A, the others B = A.
 *   - RATIO 1: the share of tables with any comparison called faster or
 *     slower: the false-positive rate of the whole table;
 *   - RATIO > 1: the share of changed comparisons called faster: the
 *     power, among FAMILY - CHANGED unchanged ones.
 * Built and run by scripts/compare-calib.sh.
 *
 *   compare-calib RUNS CV RATIO FAMILY [TRIALS [CHANGED]]
 */
#include "src/stats/verdict.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define LM_CALIB_FAMILY_MAX 64

static uint64_t lm_state = 0x2545f4914f6cdd1dull;

static double lm_uniform(void)
{
	/* xorshift64*, then 53 bits in (0, 1) */
	lm_state ^= lm_state >> 12;
	lm_state ^= lm_state << 25;
	lm_state ^= lm_state >> 27;
	return ((double)((lm_state * 0x2545f4914f6cdd1dull) >> 11) + 0.5) /
	       9007199254740992.0;
}

static double lm_gauss(void)
{
	return sqrt(-2 * log(lm_uniform())) * cos(2 * M_PI * lm_uniform());
}

/* One table: how many changed comparisons were called faster, in
 * @hits, and whether any unchanged one was called different. */
static bool lm_calib_table(unsigned int n, double sd, double ratio,
			   unsigned int family, unsigned int changed,
			   unsigned int *hits)
{
	static double a[LM_CALIB_FAMILY_MAX][100], b[LM_CALIB_FAMILY_MAX][100];
	struct lm_cmp_stat st[LM_CALIB_FAMILY_MAX], *p[LM_CALIB_FAMILY_MAX];
	unsigned int j, k;
	bool alarm = false;

	for (j = 0; j < family; j++) {
		struct lm_side sa = { a[j], n, 0 }, sb = { b[j], n, 0 };

		for (k = 0; k < n; k++) {
			a[j][k] = 100 * exp(sd * lm_gauss());
			b[j][k] = 100 * (j < changed ? ratio : 1) *
				  exp(sd * lm_gauss());
		}
		if (lm_cmp_test(&sa, &sb, &st[j]))
			exit(1);
		p[j] = &st[j];
	}
	lm_cmp_holm(p, family, family, LM_CMP_ALPHA);
	for (j = 0; j < family; j++) {
		enum lm_verdict v;

		lm_cmp_decide(&st[j], 0.05, true);
		v = st[j].verdict;
		if (j < changed && ratio != 1)
			*hits += v == LM_VERDICT_BETTER;
		else if (v == LM_VERDICT_BETTER || v == LM_VERDICT_WORSE)
			alarm = true;
	}
	return alarm;
}

int main(int argc, char **argv)
{
	unsigned int n, family, trials, changed, i, hit = 0, alarm = 0;
	double cv, ratio, sd;

	if (argc < 5) {
		fprintf(stderr,
			"usage: compare-calib RUNS CV RATIO FAMILY [TRIALS [CHANGED]]\n");
		return 2;
	}
	n = (unsigned int)atoi(argv[1]);
	cv = atof(argv[2]);
	ratio = atof(argv[3]);
	family = (unsigned int)atoi(argv[4]);
	trials = argc > 5 ? (unsigned int)atoi(argv[5]) : 2000;
	changed = argc > 6 ? (unsigned int)atoi(argv[6]) : 1;
	if (n < 2 || n > 100 || !family || family > LM_CALIB_FAMILY_MAX ||
	    !trials || cv <= 0 || ratio <= 0 || !changed || changed > family)
		return 2;
	/* a lognormal's CV is sqrt(exp(sd^2) - 1) */
	sd = sqrt(log1p(cv * cv));
	for (i = 0; i < trials; i++)
		alarm += lm_calib_table(n, sd, ratio, family, changed, &hit);
	printf("%u %.2f %.2f %u %.4f %.4f\n", n, cv, ratio, family,
	       ratio == 1 ? (double)alarm / trials
			  : (double)hit / trials / changed,
	       (double)alarm / trials);
	return 0;
}

// SPDX-License-Identifier: MIT
/*
 * How often lunmark compare's verdicts are right, on samples drawn with
 * known answers: N runs a side with lognormal noise of a given spread, B
 * equal to A (an A/A comparison: "faster" or "slower" is a false alarm)
 * or shifted by a given ratio (then it is the power). Built and run by
 * scripts/compare-calib.sh.
 *
 *   compare-calib RUNS SPREAD RATIO FAMILY [TRIALS]
 */
#include "src/stats/bootstrap.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

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

int main(int argc, char **argv)
{
	unsigned int n, family, trials, i, k, called = 0, equiv = 0;
	double spread, ratio, a[100], b[100];
	struct lm_cmp_stat s;

	if (argc < 5) {
		fprintf(stderr,
			"usage: compare-calib RUNS SPREAD RATIO FAMILY [TRIALS]\n");
		return 2;
	}
	n = (unsigned int)atoi(argv[1]);
	spread = atof(argv[2]);
	ratio = atof(argv[3]);
	family = (unsigned int)atoi(argv[4]);
	trials = argc > 5 ? (unsigned int)atoi(argv[5]) : 2000;
	if (n < 2 || n > 100 || !family || !trials)
		return 2;
	for (i = 0; i < trials; i++) {
		for (k = 0; k < n; k++) {
			a[k] = 100 * exp(spread * lm_gauss());
			b[k] = 100 * ratio * exp(spread * lm_gauss());
		}
		if (lm_cmp_stat(a, n, b, n, 0.05, true, family, &s))
			return 1;
		called += s.verdict == LM_VERDICT_FASTER ||
			  s.verdict == LM_VERDICT_SLOWER;
		equiv += s.verdict == LM_VERDICT_EQUIVALENT;
	}
	printf("%u %.2f %.2f %u %.4f %.4f\n", n, spread, ratio, family,
	       (double)called / trials, (double)equiv / trials);
	return 0;
}

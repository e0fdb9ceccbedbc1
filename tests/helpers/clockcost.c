// SPDX-License-Identifier: MIT
/*
 * lm-clockcost: what one read of lunmark's clock (lm_now_ns(): vDSO
 * clock_gettime(CLOCK_MONOTONIC)) costs on this machine, in ns, the best
 * of several timed loops so that a loaded machine's preemptions do not
 * count. The benchmark scripts print it beside lunmark's CPU per IO: the
 * worker reads the clock twice per IO (its issue and its completion).
 */
#include "src/stats/stats.h"

#include <stdio.h>

#define LM_READS 2000000u
#define LM_LOOPS 7

int main(void)
{
	double best = 1e9;
	unsigned int i, k;

	for (k = 0; k < LM_LOOPS; k++) {
		uint64_t t0 = lm_now_ns(), t1;

		for (i = 0; i < LM_READS; i++)
			(void)lm_now_ns(); /* a libc call: not elided */
		t1 = lm_now_ns();
		if ((double)(t1 - t0) / LM_READS < best)
			best = (double)(t1 - t0) / LM_READS;
	}
	printf("%.1f\n", best);
	return 0;
}

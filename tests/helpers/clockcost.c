// SPDX-License-Identifier: MIT
/*
 * lm-clockcost: what one read of lunmark's clock (lm_now_ns(): vDSO
 * clock_gettime(CLOCK_MONOTONIC)) costs on this machine, in ns, the best
 * of many short timed loops so that a loaded machine's preemptions do
 * not count. scripts/bench-uring.sh prints it beside lunmark's CPU per
 * IO: the worker reads the clock at most twice per IO (each completion;
 * each submitted batch, and each write after its data is filled).
 */
#include "src/stats/stats.h"

#include <stdio.h>

#define LM_READS 200000u
#define LM_LOOPS 25

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

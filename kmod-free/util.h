/* SPDX-License-Identifier: MIT */
/*
 * What every file of kmod-free shares, private to it: the library has no
 * dependency on lunmark's src/, so it keeps its own clock.
 */
#ifndef LM_KMF_UTIL_H
#define LM_KMF_UTIL_H

#include <stdint.h>
#include <time.h>

#define LM_KF_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* CLOCK_MONOTONIC in milliseconds: every wait of the library is in ms. */
static inline uint64_t lm_kf_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

#endif

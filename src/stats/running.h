/* SPDX-License-Identifier: MIT */
/*
 * A running summary of samples, as fio keeps its bandwidth and IOPS
 * samples (its io_stat): their count, least, greatest, mean and sum of
 * squared deviations (Welford's update), from which the deviation.
 */
#ifndef LM_STATS_RUNNING_H
#define LM_STATS_RUNNING_H

#include <stdint.h>

struct lm_running {
	uint64_t n;
	uint64_t min, max; /* 0 while n is 0 */
	double mean, s;	   /* s: sum of squared deviations from the mean */
};

void lm_running_add(struct lm_running *r, uint64_t v);

/* fio's group_reporting sum of its threads' summaries (stat.c's pure
 * sum): counts, least, greatest, means and squares each added. */
void lm_running_sum(struct lm_running *to, const struct lm_running *r);

/* @r's samples into @to's as one stream of samples (one thread's that
 * served its files in turn): counts added, the least and greatest of
 * both, the mean of all and its squares pooled. */
void lm_running_pool(struct lm_running *to, const struct lm_running *r);

/* The sample deviation (n - 1), 0 below two samples. */
double lm_running_dev(const struct lm_running *r);

#endif

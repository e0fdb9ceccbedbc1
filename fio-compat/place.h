/* SPDX-License-Identifier: MIT */
/*
 * fio's CPU and NUMA placement options, the job files' rows of the option
 * table that set them (src/job/place.h does what they ask):
 * cpus_allowed, cpumask, cpus_allowed_policy, numa_cpu_nodes,
 * numa_mem_policy and nice (the threads' CPU niceness). Each value is
 * checked as fio checks it when it reads it: against this host's CPUs
 * and NUMA nodes. The table's lookups
 * (src/cli/lookup.c) walk them after the engines' rows (engine.h).
 */
#ifndef LM_FIO_PLACE_H
#define LM_FIO_PLACE_H

#include "src/cli/options.h"

extern const struct lm_option lm_fio_place_options[];
extern const unsigned int lm_fio_nplace_options;

/* The CPUs this host has configured (CPUs 0 to N-1), at most
 * LM_PLACE_CPUS: what fio checks a CPU it is given against. */
unsigned int lm_fio_ncpus(void);

#endif

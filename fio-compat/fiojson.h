/* SPDX-License-Identifier: MIT */
/*
 * fio's JSON output (--output-format=json), in fio 3.33's shape, so tools
 * that read fio's JSON read lunmark's: "fio version" (naming lunmark),
 * timestamps, "global options", "jobs" with fio's keys, units and types.
 * lunmark measures latency from submission to completion: the same
 * histogram fills clat_ns and lat_ns; it has no submission latency of its
 * own (slat_ns N = 0, as fio with it disabled); iodepth_level puts the run
 * at its configured depth, which lunmark refills after every reap.
 */
#ifndef LM_FIO_JSON_H
#define LM_FIO_JSON_H

#include "../src/result.h"
#include "jobfile.h"
#include "options.h"

#include <stdio.h>
#include <time.h>

/*
 * Write the first @n jobs of @jobs, read from @file, with their results
 * @res.
 */
int lm_fio_json_write(FILE *f, const struct lm_fio_jobs *jobs,
		      const struct lm_run_result *res, unsigned int n,
		      const struct lm_fio_file *file, time_t start);

#endif

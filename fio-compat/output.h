/* SPDX-License-Identifier: MIT */
/*
 * fio's output options, the job files' rows of the option table that say
 * what a job's reports and logs hold: write_bw_log, write_iops_log,
 * write_lat_log, write_hist_log and their log_* kin, bwavgtime and
 * iopsavgtime (the JSON's samples), percentile_list and
 * clat_/lat_/slat_percentiles (fiojson.h's struct lm_fio_pct), and
 * gtod_reduce. The table's lookups (src/cli/lookup.c) walk them after
 * options.h's.
 */
#ifndef LM_FIO_OUTPUT_H
#define LM_FIO_OUTPUT_H

#include "src/cli/options.h"

extern const struct lm_option lm_fio_output_options[];
extern const unsigned int lm_fio_noutput_options;

struct lm_fio_job;

/* The logs of @fj asked for without a NAME named after its job, once its
 * name is known (fio names a [global] section's log after each job). */
void lm_fio_log_names(struct lm_fio_job *fj);

/* A bw or iops log averaged over log_avg_msec=N sets that kind's samples
 * to N ms where bwavgtime or iopsavgtime was not given, as fio's log
 * setup sets them (init.c). */
void lm_fio_avg_of_logs(struct lm_fio_job *fj);

#endif

// SPDX-License-Identifier: MIT
/* A value written after a blank, as fio 3.33 reads it (blank.h). */
#include "fio-compat/blank.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdbool.h>
#include <string.h>

/* fio's word options and their aliases (FIO_OPT_STR, _STR_MULTI and
 * _STR_ULL with a list of words, in fio 3.33's options.c) */
static const char *const lm_fio_words[] = {
	"continue_on_error",
	"cpus_allowed_policy",
	"clocksource",
	"dedupe_mode",
	"exit_what",
	"fadvise_hint",
	"fallocate",
	"file_service_type",
	"io_submit_mode",
	"iomem",
	"kb_base",
	"lockfile",
	"mem",
	"random_distribution",
	"random_generator",
	"rate_process",
	"readwrite",
	"rw",
	"rw_sequencer",
	"ss",
	"steadystate",
	"sync",
	"sync_file_range",
	"thinktime_blocks_type",
	"unified_rw_reporting",
	"unit_base",
	"verify",
	"write_hint",
	"zonemode",
	NULL,
};

/* fio's numbers and their aliases (FIO_OPT_INT, _ULL, _STR_VAL and
 * _STR_VAL_TIME), those lunmark takes */
static const char *const lm_fio_numbers[] = {
	"ba",
	"blockalign",
	"blocksize",
	"bs",
	"bwavgtime",
	"buffer_compress_percentage",
	"cpumask",
	"dedupe_percentage",
	"dedupe_working_set_percentage",
	"fdatasync",
	"filesize",
	"flow",
	"flow_id",
	"flow_sleep",
	"fsync",
	"io_limit",
	"io_size",
	"iodepth",
	"iodepth_batch",
	"iodepth_batch_complete",
	"iodepth_batch_complete_max",
	"iodepth_batch_complete_min",
	"iodepth_batch_submit",
	"iopsavgtime",
	"latency_target",
	"latency_window",
	"log_avg_msec",
	"log_hist_coarseness",
	"log_hist_msec",
	"loops",
	"nrfiles",
	"number_ios",
	"numjobs",
	"offset",
	"offset_increment",
	"percentage_random",
	"prio",
	"prioclass",
	"ramp_time",
	"randseed",
	"rate",
	"rate_iops",
	"rate_iops_min",
	"rate_min",
	"ratecycle",
	"ratemin",
	"runtime",
	"rwmixread",
	"rwmixwrite",
	"size",
	"ss_dur",
	"ss_ramp",
	"startdelay",
	"steadystate_duration",
	"steadystate_ramp_time",
	"thinktime",
	"thinktime_blocks",
	"thinktime_spin",
	"timeout",
	"verify_async",
	"verify_backlog",
	"verify_interval",
	"zonerange",
	"zoneskip",
	"zonesize",
	NULL,
};

static bool lm_fio_listed(const char *const *list, const char *key)
{
	for (; *list; list++)
		if (!strcmp(*list, key))
			return true;
	return false;
}

/* A unit fio would drop: a letter or '%' after the first digit. */
static bool lm_fio_has_unit(const char *v)
{
	if (!isdigit((unsigned char)*v))
		return false;
	for (; *v; v++)
		if (isalpha((unsigned char)*v) || *v == '%')
			return true;
	return false;
}

int lm_fio_blank(const char *key, const char *v, char *why, size_t len)
{
	if (lm_fio_listed(lm_fio_words, key)) {
		snprintf(
			why, len,
			"fio matches the value as written, blank and all, and refuses the job (\"failed parsing\"): write %s=%s",
			key, v);
		return -EINVAL;
	}
	if (lm_fio_listed(lm_fio_numbers, key) && lm_fio_has_unit(v)) {
		snprintf(
			why, len,
			"after a blank fio reads the number alone, %.*s, and drops its unit: write %s=%s",
			(int)strspn(v, "0123456789"), v, key, v);
		return -EINVAL;
	}
	return 0;
}

// SPDX-License-Identifier: MIT
/* A value written after a blank, as fio 3.33 reads it (blank.h). */
#include "fio-compat/blank.h"

#include <errno.h>
#include <stdio.h>
#include <stdbool.h>
#include <string.h>
#include <strings.h>

/* What fio refuses after a blank: its word options and their aliases
 * (FIO_OPT_STR, _STR_MULTI and _STR_ULL with a list of words, in fio
 * 3.33's options.c), and the values it looks up as written (an engine,
 * a directory, a job to wait for, a memory policy) */
static const char *const lm_fio_refused[] = {
	"clocksource",
	"continue_on_error",
	"cpus_allowed_policy",
	"dedupe_mode",
	"directory",
	"exit_what",
	"fadvise_hint",
	"fallocate",
	"file_service_type",
	"io_submit_mode",
	"ioengine",
	"iomem",
	"kb_base",
	"lockfile",
	"mem",
	"numa_mem_policy",
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
	"wait_for",
	"write_hint",
	"zonemode",
	NULL,
};

/* What fio reads only a decimal number of after a blank: an error's
 * name (" EIO": "Unknown error", then fio aborts) and a pattern's hex
 * or string (" 0xff": "failed parsing") */
static const char *const lm_fio_decimal[] = {
	"buffer_pattern",
	"ignore_error",
	"verify_pattern",
	NULL,
};

/* Names fio keeps the blank in: a job's, its logs' and its files' */
static const char *const lm_fio_named[] = {
	"filename_format", "name",	    "write_bw_log", "write_hist_log",
	"write_iops_log",  "write_lat_log", NULL,
};

/* fio's numbers and their aliases (FIO_OPT_INT, _ULL, _STR_VAL,
 * _STR_VAL_TIME and _RANGE), those lunmark takes */
static const char *const lm_fio_numbers[] = {
	"ba",
	"blockalign",
	"blocksize",
	"blocksize_range",
	"bs",
	"bsrange",
	"bwavgtime",
	"buffer_compress_percentage",
	"cmdprio",
	"cmdprio_class",
	"cmdprio_percentage",
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
	"verify_backlog_batch",
	"verify_interval",
	"zonerange",
	"zoneskip",
	"zonesize",
	NULL,
};

/* Times whose bare number is in seconds, and in microseconds: after a
 * blank fio reads the number in that unit, so a unit that is the same
 * one changes nothing */
static const char *const lm_fio_secs[] = {
	"ramp_time",
	"runtime",
	"ss_dur",
	"ss_ramp",
	"startdelay",
	"steadystate_duration",
	"steadystate_ramp_time",
	"timeout",
	NULL,
};
static const char *const lm_fio_usecs[] = {
	"latency_target", "latency_window", "thinktime", "thinktime_spin", NULL,
};

static bool lm_fio_listed(const char *const *list, const char *key)
{
	for (; *list; list++)
		if (!strcmp(*list, key))
			return true;
	return false;
}

/*
 * A unit fio would drop from @v, a number of option @key: letters or a
 * '%' after the digits of its first part (up to a ',', ':', '-' or '/':
 * fio reads the parts after it apart, units and all). A hexadecimal
 * number has none, nor a time in its option's own unit.
 */
static bool lm_fio_loses_unit(const char *key, const char *v)
{
	size_t digits = strspn(v, "0123456789"), end;
	char unit[8];

	if (!digits || !strncasecmp(v, "0x", 2))
		return false;
	end = digits + strcspn(v + digits, ",:-/");
	if (end == digits)
		return false;
	if (end - digits >= sizeof(unit))
		return true;
	memcpy(unit, v + digits, end - digits);
	unit[end - digits] = '\0';
	/* a zone count (fio's "z") fio reads apart, blank or not */
	if (!strcasecmp(unit, "z"))
		return false;
	if (lm_fio_listed(lm_fio_secs, key))
		return strcasecmp(unit, "s") && strcasecmp(unit, "sec");
	if (lm_fio_listed(lm_fio_usecs, key))
		return strcasecmp(unit, "us") && strcasecmp(unit, "usec");
	return true;
}

/* Is @v's first part (up to a ',', ':' or '/') a decimal number, or
 * empty? */
static bool lm_fio_decimal_first(const char *v)
{
	char end = v[strspn(v, "0123456789")];

	return !end || strchr(",:/", end);
}

int lm_fio_blank(const char *key, const char *v, char *why, size_t len)
{
	const char *what;

	if (lm_fio_listed(lm_fio_refused, key))
		what = "fio takes the value as written, blank and all, and refuses the job";
	else if (lm_fio_listed(lm_fio_decimal, key) && !lm_fio_decimal_first(v))
		what = "after a blank fio reads only a decimal number there, and refuses or fails on the rest";
	else if (lm_fio_listed(lm_fio_named, key))
		what = "fio keeps the blank in the name it makes";
	else if (lm_fio_listed(lm_fio_numbers, key) &&
		 lm_fio_loses_unit(key, v))
		what = "after a blank fio reads the number alone and drops its unit";
	else
		return 0;
	snprintf(why, len, "%s: write %s=%s", what, key, v);
	return -EINVAL;
}

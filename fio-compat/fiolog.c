// SPDX-License-Identifier: MIT
/* fio's bw, iops and latency logs (fiojson.h). */
#include "fiojson.h"

#include <errno.h>
#include <string.h>

enum lm_log_kind { LM_LOG_BW, LM_LOG_IOPS, LM_LOG_LAT };

/*
 * "msec, value, ddir, 0, 0" per window and direction: the windows are
 * whole log_avg_msec spans of the run's per-second samples (the last,
 * cut short by the stop, is left out, as fio does); bs and offset are 0,
 * as in fio's
 * averaged logs. A direction the job does not do is left out, and so is a
 * latency of a window with no IO.
 */
static void lm_log_lines(FILE *f, const struct lm_fio_job *fj,
			 const struct lm_run_result *r, enum lm_log_kind kind)
{
	uint64_t win = (fj->log_avg_ms ? fj->log_avg_ms : 1000) * 1000000ull;
	uint64_t dur = 0, at = 0, ios[LM_DIRS] = { 0 }, bytes[LM_DIRS] = { 0 };
	unsigned int k = 0;
	uint64_t lat[LM_DIRS] = { 0 }, v;
	unsigned int i, d;

	for (i = 0; i < r->nseries; i++) {
		const struct lm_sample *s = &r->series[i];

		dur += s->dur_ns;
		for (d = 0; d < LM_DIRS; d++) {
			ios[d] += s->ios[d];
			bytes[d] += s->bytes[d];
			lat[d] += s->lat_ns[d];
		}
		/* whole windows only, as the JSON's whole seconds: the
		 * main thread samples a second at or after its end */
		if (dur < win)
			continue;
		/* fio stamps a window with its nominal end */
		at = ++k * (win / 1000000);
		for (d = 0; d < LM_DIRS; d++) {
			if (!(d ? lm_rw_writes(fj->job.rw)
				: lm_rw_reads(fj->job.rw)))
				continue;
			if (kind == LM_LOG_LAT && !ios[d])
				continue;
			v = kind == LM_LOG_BW
				    ? (uint64_t)((double)bytes[d] / 1024.0 *
						 1e9 / (double)dur)
			    : kind == LM_LOG_IOPS
				    ? (uint64_t)((double)ios[d] * 1e9 /
						 (double)dur)
				    : lat[d] / ios[d];
			fprintf(f, "%llu, %llu, %u, 0, 0\n",
				(unsigned long long)at, (unsigned long long)v,
				d);
		}
		dur = 0;
		memset(ios, 0, sizeof(ios));
		memset(bytes, 0, sizeof(bytes));
		memset(lat, 0, sizeof(lat));
	}
}

static int lm_log_file(const char *name, const char *suffix,
		       const struct lm_fio_job *fj,
		       const struct lm_run_result *r, enum lm_log_kind kind,
		       bool empty, char *msg, size_t len)
{
	char path[512];
	FILE *f;
	int ret = 0;

	snprintf(path, sizeof(path), "%s_%s.1.log", name, suffix);
	f = fopen(path, "we");
	if (!f) {
		ret = -errno;
		snprintf(msg, len, "%s: %s", path, strerror(-ret));
		return ret;
	}
	if (!empty)
		lm_log_lines(f, fj, r, kind);
	if (fclose(f)) {
		ret = -errno;
		snprintf(msg, len, "%s: %s", path, strerror(-ret));
	}
	return ret;
}

int lm_fio_logs_write(const struct lm_fio_job *fj,
		      const struct lm_run_result *r, char *msg, size_t len)
{
	int ret = 0;

	if (fj->bw_log[0])
		ret = lm_log_file(fj->bw_log, "bw", fj, r, LM_LOG_BW, false,
				  msg, len);
	if (!ret && fj->iops_log[0])
		ret = lm_log_file(fj->iops_log, "iops", fj, r, LM_LOG_IOPS,
				  false, msg, len);
	/* completion latency is lunmark's whole latency; it has no
	 * submission latency of its own: slat is empty */
	if (!ret && fj->lat_log[0])
		ret = lm_log_file(fj->lat_log, "lat", fj, r, LM_LOG_LAT, false,
				  msg, len);
	if (!ret && fj->lat_log[0])
		ret = lm_log_file(fj->lat_log, "clat", fj, r, LM_LOG_LAT, false,
				  msg, len);
	if (!ret && fj->lat_log[0])
		ret = lm_log_file(fj->lat_log, "slat", fj, r, LM_LOG_LAT, true,
				  msg, len);
	return ret;
}

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

#include "src/result/result.h"
#include "fio-compat/jobfile.h"
#include "fio-compat/options.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

struct json_object;

/* When fio's JSON is written (its timestamp, timestamp_ms and time), and
 * the run's seconds by then, rounded up (each job's elapsed), as fio's. */
struct lm_fio_stamp {
	struct timespec now; /* CLOCK_REALTIME */
	uint64_t elapsed_s;
};

/*
 * Write the first @n jobs of @jobs, read from @file, with their results
 * @res, stamped @at; with @plus (json+) each clat_ns has its histogram
 * as "bins".
 */
int lm_fio_json_write(FILE *f, const struct lm_fio_jobs *jobs,
		      const struct lm_run_result *res, unsigned int n,
		      const struct lm_fio_file *file,
		      const struct lm_fio_stamp *at, bool plus);

/* @root as fio's json.c prints its JSON (fiolayout.c): a pair or element
 * a line, two blanks a level, "name" : value, reals as "%f"; 0 or -EIO. */
int lm_fio_json_print(FILE *f, struct json_object *root);

/*
 * The terse output (--output-format=terse) of fio's version @ver (2 to
 * 5; 0 is 3, fio's default): a line of fields separated by ';' per job,
 * fio's fields and units (KiB, KiB/s, us): 2 without fio's version and
 * the disks, 3 without the trims, 5 with each direction's bw samples
 * and IOPS figures. fioterse.c.
 */
int lm_fio_terse_write(FILE *f, const struct lm_fio_jobs *jobs,
		       const struct lm_run_result *res, unsigned int n,
		       unsigned int ver);

/* The log files of a run (lm_fio_logs_write()): those that several
 * threads share (per_job_logs=0) stay open until lm_fio_logs_end(). Zero
 * it to begin. */
struct lm_fio_logs {
	struct lm_fio_shared *v;
	unsigned int n;
};

/*
 * fio's logs of job @fj, as write_bw_log, write_iops_log and
 * write_lat_log ask: NAME_bw.K.log, NAME_iops.K.log, NAME_lat.K.log and
 * NAME_clat.K.log (and an empty NAME_slat.K.log), each replacing the file
 * of its name. With log_avg_msec set, one set (K = the clone's number)
 * for its threads together, "msec, value, ddir, 0, 0" per window and
 * direction: from the per-second samples for whole seconds, from the
 * record of every IO for other windows. With log_avg_msec=0 (fio's
 * default) a set per thread, a line per IO, from its record (iolog.h).
 * With per_job_logs=0, NAME_bw.log and so on, shared: each set's lines
 * after the one's before, all after what the file held (fio appends),
 * written out by lm_fio_logs_end(). fiolog.c. Returns 0 or -errno with
 * the file in @msg.
 */
int lm_fio_logs_write(struct lm_fio_logs *lg, const struct lm_fio_job *fj,
		      const struct lm_run_result *r, char *msg, size_t len);

/* @lg's shared files put in place (fsync'd, renamed onto their names),
 * and @lg emptied. Returns 0 or the first -errno, with its file in @msg. */
int lm_fio_logs_end(struct lm_fio_logs *lg, char *msg, size_t len);

/* What the JSON and terse outputs share. */
/* What fio leaves unmeasured of a job (disable_lat, disable_clat,
 * disable_slat, disable_bw_measurement; gtod_reduce all four): its JSON,
 * terse line and logs have none of it (empty figures, no percentiles,
 * clat's latency buckets at 0; a log of every IO's bw, and with clat,
 * slat and bw all off its iops too, without lines), as fio's; lunmark
 * measures all the same. */
struct lm_fio_off {
	bool lat, clat, slat, bw, iops;
};
void lm_fio_off_of(const struct lm_fio_job *fj, struct lm_fio_off *off);

/* Which latencies of a job fio's JSON shows percentiles of, and which
 * (fio's percentile_list, clat_percentiles, lat_percentiles and
 * slat_percentiles; the sync's and each priority's with clat or lat) */
struct lm_fio_pct {
	const double *v; /* in order */
	unsigned int n;
	bool plus; /* json+: each with its histogram's bins */
	bool clat, lat, slat;
	struct lm_fio_off off; /* and which it has none of */
};

/* Job @fj's (@plus: json+). */
void lm_fio_pct_of(const struct lm_fio_job *fj, bool plus,
		   struct lm_fio_pct *p);

#define LM_FIO_NPCTS 17
#define LM_FIO_NSMALL 10
#define LM_FIO_NMS 11
extern const double lm_fio_pcts[LM_FIO_NPCTS]; /* fio's default list */
/* latency_us (and _ns) keys 2 ... 1000, latency_ms keys 2 ... 2000 */
extern const unsigned int lm_fio_lat_small[LM_FIO_NSMALL];
extern const unsigned int lm_fio_lat_ms[LM_FIO_NMS];

/* % of reads and writes with a latency in (previous key, key], keys in
 * @unit_ns; with @tail out[n] is the share above the last key. @r NULL:
 * all 0 (fio's disable_clat, struct lm_fio_off). */
void lm_fio_lat_share(const struct lm_run_result *r, const unsigned int *keys,
		      unsigned int n, uint64_t unit_ns, bool tail, double *out);

/* A direction's runtime as fio reports it, in ms rounded up (0 where it
 * did no IO), and its bandwidth (bytes/s) and IOPS over those ms, as
 * fio's stat.c divides (1000 * io_bytes / runtime): the JSON's and the
 * terse line's. */
struct lm_fio_rate {
	uint64_t ms, bw_bytes, ios;
	double iops;
};
void lm_fio_rate_of(const struct lm_run_result *r, unsigned int d,
		    struct lm_fio_rate *out);

/*
 * fio's unified_rw_reporting=mixed and both: a copy of @r whose read
 * direction holds every direction's IOs, as fio's sum_thread_stats()
 * sums them (latencies and priorities merged, bw and iops samples added
 * as fio adds them, the runtime the longest of the directions' with IO),
 * in *@out, for lm_fio_mixed_free(); only its read direction is for
 * use. Returns 0 or -ENOMEM.
 */
int lm_fio_mixed(const struct lm_run_result *r, struct lm_run_result **out);
void lm_fio_mixed_free(struct lm_run_result *m);

/* fio's bw_agg of direction @d: the bw samples' mean as a share, in %
 * (at most 100), of the job's bandwidth; 0 without samples. fio's is of
 * its reporting group's, which is the job's where a group has one job. */
double lm_fio_bw_agg(const struct lm_run_result *r, unsigned int d);

/* A job's "error": its run's first fatal IO error, else EILSEQ when a
 * block read was not as written (fio's verify error), else, when
 * continue_on_error went on past failed IOs, the first one's, as fio. */
int lm_fio_error(const struct lm_fio_job *fj, const struct lm_run_result *r);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * Counters, per-second series, CPU use, and the summary a report prints.
 * Everything a report shows is computed here; reports only format.
 */
#ifndef LM_STATS_H
#define LM_STATS_H

#include "src/stats/hist.h"

#include <stdint.h>
#include <time.h>

/* An IO's direction. A trim (fio's trim: BLKDISCARD, a punched hole,
 * SCSI UNMAP) moves no data, but is counted and timed as its own. */
enum lm_dir { LM_DIR_READ, LM_DIR_WRITE, LM_DIR_TRIM, LM_DIRS };

/* The directions that move data, the first ones: what a profile's mixes
 * are made of. */
#define LM_DATA_DIRS 2

/* "read", "write" or "trim". */
static inline const char *lm_dir_name(unsigned int d)
{
	return d == LM_DIR_READ ? "read" : d == LM_DIR_WRITE ? "write" : "trim";
}

/* The sum of a per-direction counter over every direction. */
static inline uint64_t lm_dirs_sum(const uint64_t v[LM_DIRS])
{
	uint64_t n = 0;

	for (unsigned int d = 0; d < LM_DIRS; d++)
		n += v[d];
	return n;
}

/* Summaries kept per run: each direction, and all together. */
#define LM_SUM_ALL LM_DIRS
#define LM_SUMS (LM_DIRS + 1)

/* Percentiles every summary carries, in this order. */
#define LM_NPCT 5
extern const double lm_pcts[LM_NPCT]; /* 50, 90, 99, 99.9, 99.99 */

#define LM_SEC_NS 1000000000ull

static inline uint64_t lm_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * LM_SEC_NS + (uint64_t)ts.tv_nsec;
}

/* One per-second sample of a run, taken by the main thread. */
struct lm_sample {
	uint64_t dur_ns; /* a whole second, except perhaps the last */
	uint64_t ios[LM_DIRS];
	uint64_t bytes[LM_DIRS];
	uint64_t lat_ns[LM_DIRS]; /* the IOs' completion latencies, summed */
	/* their submission parts, summed (0 from an engine that does not
	 * tell them apart): lat_ns - slat_ns is their clat */
	uint64_t slat_ns[LM_DIRS];
};

/* A sample's bytes of direction @dir, or of all for LM_SUM_ALL. */
static inline uint64_t lm_sample_bytes(const struct lm_sample *s,
				       unsigned int dir)
{
	return dir < LM_DIRS ? s->bytes[dir] : lm_dirs_sum(s->bytes);
}

struct lm_cpu {
	double usr_s;
	double sys_s;
	uint64_t ctx;  /* context switches, voluntary and not */
	uint64_t majf; /* page faults with and without IO */
	uint64_t minf;
	/* the whole host's busy CPU time (user, nice, system, irq,
	 * softirq, steal from /proc/stat): work done for the IO outside
	 * the process too (the kernel initiator, dm-crypt), and anything
	 * else the host ran; 0 when /proc/stat cannot be read */
	double host_s;
};

/* Process CPU time so far (all threads), and the host's. */
struct lm_cpu lm_cpu_now(void);
/* What was used since @c0 was taken (host_s 0 when it was unknown). */
struct lm_cpu lm_cpu_since(const struct lm_cpu *c0);
/* The calling thread's own CPU time so far (host_s 0), and what it used
 * since @c0: fio's per-job usr_cpu, sys_cpu, ctx, majf and minf. */
struct lm_cpu lm_cpu_thread_now(void);
struct lm_cpu lm_cpu_thread_since(const struct lm_cpu *c0);
/* @c added to @to (host_s too). */
void lm_cpu_add(struct lm_cpu *to, const struct lm_cpu *c);
/* The standard deviation of host_s's rounding on a host of @cpus CPUs:
 * /proc/stat counts whole clock ticks per CPU, so a difference of two
 * readings is off by up to a tick either way on each, triangularly. */
double lm_host_cpu_res_s(unsigned int cpus);

/* What a report prints for one direction of one run or one cell. */
struct lm_summary {
	uint64_t ios;
	uint64_t bytes;
	uint64_t errors;
	double seconds;
	double io_mb; /* bytes / 10^6 */
	double iops;
	double mb_s;  /* decimal: 10^6 bytes per second */
	double mib_s; /* binary: 2^20 bytes per second */
	double lat_min_us;
	double lat_max_us;
	double lat_mean_us;
	double lat_stddev_us;
	double lat_pct_us[LM_NPCT];
	/* over the per-second samples (whole seconds only) */
	double iops_min;
	double iops_max;
	double mb_s_min;
	double mb_s_max;
	/* whole seconds in which no IO of this direction completed (a
	 * stall, a reconnect), and the first of them, counted from 1 */
	unsigned int idle_s;
	unsigned int idle_first_s;
};

/* @dir is a direction, or LM_SUM_ALL for all together. */
void lm_summarize(struct lm_summary *s, const struct lm_hist *lat, uint64_t ios,
		  uint64_t bytes, uint64_t errors, uint64_t elapsed_ns,
		  const struct lm_sample *series, unsigned int nseries,
		  unsigned int dir);

/* The spread of @n values: mean, min, max, coefficient of variation. */
struct lm_spread {
	double mean;
	double min;
	double max;
	double cv_pct; /* sample standard deviation / mean, in % */
};
void lm_spread(const double *v, unsigned int n, struct lm_spread *out);

/* The sum of the squared deviations of @n > 0 values from their mean,
 * which goes to @mean. */
double lm_sumsq_dev(const double *v, unsigned int n, double *mean);

/* Median of @n values (sorted in place); 0 for n == 0. */
double lm_median(double *v, unsigned int n);

#endif

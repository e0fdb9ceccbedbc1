/* SPDX-License-Identifier: MIT */
/*
 * Steady state and change: the arithmetic behind --until-steady, the
 * cache profile, --sustained and fio's ss options. Pure functions of a
 * series of figures; nothing here does IO or keeps time.
 *
 * - SNIA PTS (Solid State Storage Performance Test Specification 2.0,
 *   section 2.1.21): a figure is steady over a window of 5 rounds when
 *   its range is at most 20% of the window's mean and the least-squares
 *   line through the window rises or falls by at most 10% of that mean
 *   across the window.
 * - fio's ss=: the deviation rule (the largest distance from the mean)
 *   or the slope rule (of the least-squares line, per sample), each as
 *   a value or a share of the mean, over the last ss_dur samples.
 * - A step: the single split of a series into a before and an after
 *   that leaves the least squared error (a burst, then a sustained rate).
 */
#ifndef LM_STATS_STEADY_H
#define LM_STATS_STEADY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LM_STEADY_WINDOW 5u
#define LM_STEADY_RANGE_PCT 20.0
#define LM_STEADY_SLOPE_PCT 10.0
#define LM_STEADY_ROUNDS_MAX 25u

/* The SNIA rule over the window ending at the last figure. */
struct lm_snia {
	bool steady;
	unsigned int first; /* the window: figures first .. first + n - 1 */
	unsigned int n;	    /* 0 when there are fewer than LM_STEADY_WINDOW */
	double mean;
	double range_pct;     /* (max - min) / mean, in % */
	double excursion_pct; /* |slope| * (n - 1) / mean, in % */
};

/* Judge @y[0..n-1] by the SNIA rule over its last LM_STEADY_WINDOW figures. */
void lm_snia_check(const double *y, unsigned int n, struct lm_snia *s);

/* Least squares through (i, y[i]), i = 0 .. n - 1: the slope per step
 * and the mean. n < 2 gives a slope of 0. */
double lm_ls_slope(const double *y, unsigned int n, double *mean);

/* fio's ss=: what is tracked and how it is judged. */
enum lm_steady_metric { LM_STEADY_IOPS, LM_STEADY_BW };
struct lm_steady_conf {
	bool on;
	enum lm_steady_metric metric;
	bool slope; /* iops_slope / bw_slope; else the deviation rule */
	bool pct;   /* the limit is a share of the mean, in % */
	double limit;
	uint64_t dur_ns;      /* ss_dur: the window */
	uint64_t ramp_ns;     /* ss_ramp: not judged before this */
	uint64_t interval_ns; /* ss_interval: one data point, 1 s default */
};

/* Parse fio's "iops:10%", "bw_slope:0.1", "iops_slope:0.1%"; 0 or
 * -EINVAL. @c's other fields are untouched. */
int lm_steady_parse(const char *s, struct lm_steady_conf *c);
/* The form fio's JSON prints: "iops_slope:0.100000%". */
void lm_steady_name(const struct lm_steady_conf *c, char *buf, size_t len);

/* fio's verdict over the last window of data points. */
struct lm_steady_state {
	bool attained;
	double criterion; /* in the limit's unit: % of the mean, or raw */
	double max_dev;	  /* deviation rule: the largest |y - mean| */
	double slope;	  /* slope rule: per data point */
	double bw_mean;	  /* bytes/s over the window */
	double iops_mean;
	unsigned int n; /* data points in the window (at most ss_dur) */
	double *iops;	/* the window's points, oldest first (owned) */
	double *bw;	/* bytes/s */
};

/*
 * Judge points @iops[0..n-1] and @bw[0..n-1] by @c over their last
 * ss_dur / ss_interval points (fewer points: not attained). @s's arrays
 * are allocated and filled with the window. 0 or -ENOMEM.
 */
int lm_steady_judge(const struct lm_steady_conf *c, const double *iops,
		    const double *bw, unsigned int n,
		    struct lm_steady_state *s);
void lm_steady_state_free(struct lm_steady_state *s);

struct lm_sample;
/*
 * The data points of a run's per-second series @series[0..n-1] (the
 * measured window, which began @ramp_ns after the job started) and their
 * verdict: samples that start before ss_ramp are left out, then each
 * ss_interval of whole samples makes a point (its IOPS and bytes/s), and
 * the last ss_dur of them are judged. A sample shorter than half a second
 * (the run's last piece) is left out. 0 or -ENOMEM.
 */
int lm_steady_feed(const struct lm_steady_conf *c,
		   const struct lm_sample *series, unsigned int n,
		   uint64_t ramp_ns, struct lm_steady_state *s);

/* A step in a series: before the change, after it, and where. */
struct lm_step {
	/* the after is at least 10% off the before, the difference is
	 * more than 3 standard errors of the two means (pooled), and
	 * each side holds at least 2 points */
	bool found;
	unsigned int at;    /* the first point after the change */
	double before_mean; /* of y[0 .. at - 1] */
	double after_mean;  /* of y[at .. n - 1] */
};

void lm_step_fit(const double *y, unsigned int n, struct lm_step *s);

#endif

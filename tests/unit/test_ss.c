// SPDX-License-Identifier: MIT
/* Steady state, fio's ss rules and the step fit, on synthetic series
 * whose answers are known. */
#include "tests/unit/unit.h"
#include "src/job/offset.h"
#include "src/stats/steady.h"
#include "src/stats/stats.h"
#include "src/suite/warn.h"

#include <string.h>

#include <errno.h>
#include <math.h>
#include <stdlib.h>

/* Constant: steady at the first window, rounds 0-4. */
static void lm_test_snia_constant(void)
{
	const double y[] = { 100, 100, 100, 100, 100, 100, 100 };
	struct lm_snia s;

	lm_snia_check(y, 4, &s);
	CU_ASSERT_FALSE(s.steady); /* not yet 5 rounds */
	CU_ASSERT_EQUAL(s.n, 0);
	lm_snia_check(y, 5, &s);
	CU_ASSERT_TRUE(s.steady);
	CU_ASSERT_EQUAL(s.first, 0);
	CU_ASSERT_EQUAL(s.n, 5);
	CU_ASSERT_DOUBLE_EQUAL(s.mean, 100, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(s.range_pct, 0, 1e-9);
}

/* Noise within the range rule, and just outside it. */
static void lm_test_snia_noisy(void)
{
	/* range 18 of mean 100, no trend: steady */
	const double ok[] = { 91, 109, 100, 95, 105 };
	/* range 22 of mean 100: not */
	const double wide[] = { 89, 111, 100, 95, 105 };
	struct lm_snia s;

	lm_snia_check(ok, 5, &s);
	CU_ASSERT_TRUE(s.steady);
	CU_ASSERT_DOUBLE_EQUAL(s.range_pct, 18, 1e-9);
	lm_snia_check(wide, 5, &s);
	CU_ASSERT_FALSE(s.steady);
	CU_ASSERT_DOUBLE_EQUAL(s.range_pct, 22, 1e-9);
}

/* Rising by 4 a round: over rounds 7-11 (128..144, mean 136) the range
 * is 11.8% of the mean and passes, but the line climbs 16 across the
 * window, 11.8% of the mean: not steady. Rising by 2 (114..122, mean
 * 118): the line climbs 6.8%: steady. */
static void lm_test_snia_rising(void)
{
	double fast[12], slow[12];
	struct lm_snia s;
	unsigned int i;

	for (i = 0; i < 12; i++) {
		fast[i] = 100 + 4.0 * i;
		slow[i] = 100 + 2.0 * i;
	}
	lm_snia_check(fast, 12, &s);
	CU_ASSERT_FALSE(s.steady);
	CU_ASSERT_DOUBLE_EQUAL(s.excursion_pct, 100.0 * 16 / 136, 1e-9);
	CU_ASSERT(s.range_pct <= LM_STEADY_RANGE_PCT);
	lm_snia_check(slow, 12, &s);
	CU_ASSERT_TRUE(s.steady);
	CU_ASSERT_DOUBLE_EQUAL(s.excursion_pct, 100.0 * 8 / 118, 1e-9);
}

/* A step from 100 to 300 (a cache filling): not steady while the window
 * spans the step, steady once it holds only the new level. */
static void lm_test_snia_step(void)
{
	const double y[] = { 100, 100, 100, 300, 300, 300, 300, 300 };
	struct lm_snia s;
	unsigned int n, first_steady = 0;

	for (n = 5; n <= 8 && !first_steady; n++) {
		lm_snia_check(y, n, &s);
		if (s.steady)
			first_steady = n;
	}
	CU_ASSERT_EQUAL(first_steady, 8);
	CU_ASSERT_EQUAL(s.first, 3);
	CU_ASSERT_DOUBLE_EQUAL(s.mean, 300, 1e-9);
}

static void lm_test_ls_slope(void)
{
	const double y[] = { 1, 3, 5, 7 };
	double mean;

	CU_ASSERT_DOUBLE_EQUAL(lm_ls_slope(y, 4, &mean), 2, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(mean, 4, 1e-12);
	CU_ASSERT_DOUBLE_EQUAL(lm_ls_slope(y, 1, &mean), 0, 1e-12);
}

/* fio's forms and rules, worked by hand. */
static void lm_test_fio_ss(void)
{
	const double iops[] = { 50, 100, 102, 98, 100 };
	const double bw[] = { 5e5, 1e6, 1.1e6, 0.9e6, 1e6 };
	struct lm_steady_conf c = { .on = true, .dur_ns = 4000000000ull };
	struct lm_steady_state s = { 0 };
	char name[64];

	CU_ASSERT_EQUAL(lm_steady_parse("iops:5%", &c), 0);
	CU_ASSERT_EQUAL(c.metric, LM_STEADY_IOPS);
	CU_ASSERT_FALSE(c.slope);
	CU_ASSERT_TRUE(c.pct);
	lm_steady_name(&c, name, sizeof(name));
	CU_ASSERT_STRING_EQUAL(name, "iops:5.000000%");
	/* the last 4 points: mean 100, largest deviation 2: 2% < 5% */
	CU_ASSERT_EQUAL(lm_steady_judge(&c, iops, bw, 5, &s), 0);
	CU_ASSERT_TRUE(s.attained);
	CU_ASSERT_EQUAL(s.n, 4);
	CU_ASSERT_DOUBLE_EQUAL(s.criterion, 2, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(s.max_dev, 2, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(s.iops[0], 100, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(s.bw_mean, 1e6, 1e-3);
	/* bw deviation 10% is over 5% */
	CU_ASSERT_EQUAL(lm_steady_parse("bw:5%", &c), 0);
	lm_steady_judge(&c, iops, bw, 5, &s);
	CU_ASSERT_FALSE(s.attained);
	CU_ASSERT_DOUBLE_EQUAL(s.criterion, 10, 1e-9);
	/* a raw limit: a deviation of 2 IOPS is under 3 */
	CU_ASSERT_EQUAL(lm_steady_parse("iops:3", &c), 0);
	CU_ASSERT_FALSE(c.pct);
	lm_steady_judge(&c, iops, bw, 5, &s);
	CU_ASSERT_TRUE(s.attained);
	/* slope of 100, 102, 98, 100 is -0.4 a point, -0.4% of the mean */
	CU_ASSERT_EQUAL(lm_steady_parse("iops_slope:0.5%", &c), 0);
	CU_ASSERT_TRUE(c.slope);
	lm_steady_judge(&c, iops, bw, 5, &s);
	CU_ASSERT_DOUBLE_EQUAL(s.slope, -0.4, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(s.criterion, -0.4, 1e-9);
	CU_ASSERT_TRUE(s.attained);
	CU_ASSERT_EQUAL(lm_steady_parse("iops_slope:0.3%", &c), 0);
	lm_steady_judge(&c, iops, bw, 5, &s);
	CU_ASSERT_FALSE(s.attained);
	/* too few points for the window: never attained */
	lm_steady_judge(&c, iops, bw, 3, &s);
	CU_ASSERT_FALSE(s.attained);
	CU_ASSERT_EQUAL(s.n, 3);
	lm_steady_state_free(&s);
	CU_ASSERT_EQUAL(lm_steady_parse("iops", &c), -EINVAL);
	CU_ASSERT_EQUAL(lm_steady_parse("lat:5%", &c), -EINVAL);
	CU_ASSERT_EQUAL(lm_steady_parse("iops:5x", &c), -EINVAL);
	CU_ASSERT_EQUAL(lm_steady_parse("bw:-1", &c), -EINVAL);
}

/* A burst of 400 for 10 s, then 100 with noise: found at 10. A flat
 * noisy series: no step. */
static void lm_test_step(void)
{
	double y[40], flat[40];
	struct lm_rand r;
	struct lm_step s;
	unsigned int i;

	lm_rand_seed(&r, 7);
	for (i = 0; i < 40; i++) {
		double noise = (double)lm_rand_below(&r, 2001) / 100.0 - 10;

		y[i] = (i < 10 ? 400 : 100) + noise;
		flat[i] = 200 + noise;
	}
	lm_step_fit(y, 40, &s);
	CU_ASSERT_TRUE(s.found);
	CU_ASSERT_EQUAL(s.at, 10);
	CU_ASSERT(fabs(s.before_mean - 400) < 10);
	CU_ASSERT(fabs(s.after_mean - 100) < 10);
	lm_step_fit(flat, 40, &s);
	CU_ASSERT_FALSE(s.found);
	lm_step_fit(y, 3, &s);
	CU_ASSERT_FALSE(s.found);
}

/* A run's series into fio's data points: ss_ramp counted from the job's
 * start (the measured window began 1 s in), points of ss_interval whole
 * samples, a short last piece and an unfinished point left out. */
static void lm_test_ss_feed(void)
{
	struct lm_steady_conf c = { .on = true,
				    .metric = LM_STEADY_IOPS,
				    .pct = true,
				    .limit = 50,
				    .dur_ns = 4000000000ull,
				    .ramp_ns = 2000000000ull,
				    .interval_ns = 2000000000ull };
	struct lm_sample series[7];
	struct lm_steady_state s = { 0 };
	unsigned int i;

	for (i = 0; i < 7; i++) {
		series[i] = (struct lm_sample){ .dur_ns = 1000000000ull };
		series[i].ios[0] = 100 * (i + 1);
		series[i].bytes[0] = 4096 * series[i].ios[0];
	}
	series[6].dur_ns = 300000000ull;
	/* samples 1-5 start at 2 s or later: points (200 + 300) / 2 and
	 * (400 + 500) / 2; 600 alone does not fill a point */
	CU_ASSERT_EQUAL(lm_steady_feed(&c, series, 7, 1000000000ull, &s), 0);
	CU_ASSERT_EQUAL(s.n, 2);
	CU_ASSERT_DOUBLE_EQUAL(s.iops[0], 250, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(s.iops[1], 450, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(s.bw[1], 450 * 4096.0, 1e-6);
	CU_ASSERT_DOUBLE_EQUAL(s.iops_mean, 350, 1e-9);
	/* largest deviation 100 of 350: 28.6% < 50% */
	CU_ASSERT_TRUE(s.attained);
	CU_ASSERT_DOUBLE_EQUAL(s.criterion, 100.0 * 100 / 350, 1e-9);
	/* a later ramp leaves one point: the window is not full */
	c.ramp_ns = 4000000000ull;
	lm_steady_feed(&c, series, 7, 1000000000ull, &s);
	CU_ASSERT_EQUAL(s.n, 1);
	CU_ASSERT_FALSE(s.attained);
	lm_steady_state_free(&s);
}

static bool lm_has_warn(const struct lm_warnings *w, enum lm_warn_kind k)
{
	unsigned int i;

	for (i = 0; i < w->n; i++)
		if (w->kind[i] == k)
			return true;
	return false;
}

/* Each warning exactly when its condition holds: at either side of its
 * threshold, and not without the option it needs. */
static void lm_test_warnings(void)
{
	struct lm_warn_in in = { .working_set_bytes = 1300ull << 20,
				 .nas_ram_bytes = 1000ull << 20,
				 .link_gbit = 1,
				 .link_ceiling_mb_s = 100,
				 .top_mb_s = 95,
				 .top_what = "SEQ1M Q8T1 read",
				 .thin = 1,
				 .reads = true,
				 .prefilled = true,
				 .unstable_cv_pct = 5 };
	struct lm_warnings w;

	lm_warnings_fill(&in, &w); /* every condition just short */
	CU_ASSERT_EQUAL(w.n, 0);
	in.working_set_bytes--;
	lm_warnings_fill(&in, &w);
	CU_ASSERT_EQUAL(w.n, 1);
	CU_ASSERT_TRUE(lm_has_warn(&w, LM_WARN_NAS_RAM));
	CU_ASSERT_PTR_NOT_NULL(strstr(w.text[0], "measuring the NAS's RAM"));
	in.nas_ram_bytes = 0; /* --nas-ram not given */
	lm_warnings_fill(&in, &w);
	CU_ASSERT_EQUAL(w.n, 0);
	in.top_mb_s = 95.01;
	lm_warnings_fill(&in, &w);
	CU_ASSERT_TRUE(lm_has_warn(&w, LM_WARN_NETWORK));
	CU_ASSERT_PTR_NOT_NULL(strstr(w.text[0], "network-bound"));
	CU_ASSERT_PTR_NOT_NULL(strstr(w.text[0], "SEQ1M Q8T1 read"));
	/* beyond the link: the traffic never crossed it, or --link is
	 * wrong; not "network-bound" */
	in.top_mb_s = 100.01;
	lm_warnings_fill(&in, &w);
	CU_ASSERT_TRUE(lm_has_warn(&w, LM_WARN_BEYOND_LINK));
	CU_ASSERT_FALSE(lm_has_warn(&w, LM_WARN_NETWORK));
	CU_ASSERT_PTR_NOT_NULL(strstr(w.text[0], "check --link or the path"));
	CU_ASSERT_PTR_NULL(strstr(w.text[0], "network-bound"));
	in.top_mb_s = 95.01;
	in.link_ceiling_mb_s = 0; /* --link not given */
	lm_warnings_fill(&in, &w);
	CU_ASSERT_EQUAL(w.n, 0);
	in.prefilled = false;
	lm_warnings_fill(&in, &w);
	CU_ASSERT_TRUE(lm_has_warn(&w, LM_WARN_THIN));
	in.thin = -1; /* unknown is not thin */
	lm_warnings_fill(&in, &w);
	CU_ASSERT_EQUAL(w.n, 0);
	in.thin = 1;
	in.reads = false; /* writes only */
	lm_warnings_fill(&in, &w);
	CU_ASSERT_EQUAL(w.n, 0);
	in.unstable = 2;
	lm_warnings_fill(&in, &w);
	CU_ASSERT_EQUAL(w.n, 1);
	CU_ASSERT_TRUE(lm_has_warn(&w, LM_WARN_UNSTABLE));
	CU_ASSERT_PTR_NOT_NULL(strstr(w.text[0], "2 cells are unstable"));
}

int lm_suite_ss(void)
{
	static const struct lm_unit_test tests[] = {
		{ "SNIA rule: constant", lm_test_snia_constant },
		{ "SNIA rule: noisy", lm_test_snia_noisy },
		{ "SNIA rule: rising", lm_test_snia_rising },
		{ "SNIA rule: step", lm_test_snia_step },
		{ "least-squares slope", lm_test_ls_slope },
		{ "fio's ss rules", lm_test_fio_ss },
		{ "step fit", lm_test_step },
		{ "warnings at their thresholds", lm_test_warnings },
		{ "fio's data points from a run", lm_test_ss_feed },
		{ NULL, NULL },
	};

	return lm_unit_add("steady state", tests);
}

// SPDX-License-Identifier: MIT
#include "src/job/profile.h"
#include "src/report/report.h"
#include "src/result/load.h"
#include "src/suite/suite.h"
#include "tests/unit/unit.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char lm_golden_mark[] =
	"------------------------------------------------------------------------------\n"
	"lunmark 9.9: CrystalDiskMark 8 default\n"
	"------------------------------------------------------------------------------\n"
	"* MB/s = 1,000,000 bytes/s; latency = mean completion latency\n"
	"* KB = 1000 bytes, KiB = 1024 bytes\n"
	"\n"
	" Target: /dev/sdz (block device, 4096-byte logical blocks)\n"
	"   Test: 1GiB (x5) after 1 warm-up run, prefilled\n"
	"Profile: default (median of 5 runs)\n"
	" Engine: uring\n"
	"   Time: Measure 5 sec / Interval 5 sec\n"
	"\n"
	"[Read]\n"
	"  SEQ    1MiB (Q=  8, T= 1):   512.345 MB/s [    488.6 IOPS] < 16373.22 us>\n"
	"  SEQ    1MiB (Q=  1, T= 1):  1234.500 MB/s [   1177.3 IOPS] <   849.12 us>\n"
	"      unstable (CV 7.3%)\n"
	"  RND    4KiB (Q= 32, T= 1):    40.960 MB/s [  10000.0 IOPS] <  3200.00 us>\n"
	"  RND    4KiB (Q=  1, T= 1):   (not measured)\n"
	"\n"
	"Warning: 1 cell is unstable: its counted runs vary by more than 5%\n"
	"         (coefficient of variation); more --runs or a longer --runtime may\n"
	"         settle it\n"
	"\n"
	"   Date: 2026/11/30 12:00:00\n"
	"     OS: Linux 6.18 x86_64\n"
	"Version: lunmark 9.9\n"
	"Interrupted: the results above are partial.\n";

static void lm_golden_cell(struct lm_cell *c, unsigned int nruns, double mb_s,
			   double iops, double lat_us)
{
	c->wanted = true;
	c->nruns = nruns;
	c->headline[LM_DIR_READ].mb_s = mb_s;
	c->headline[LM_DIR_READ].iops = iops;
	c->headline[LM_DIR_READ].lat_mean_us = lat_us;
}

static void lm_test_mark_golden(void)
{
	const struct lm_profile *p = lm_profile_find("default");
	struct lm_mark_info info = {
		.r = { .version = "9.9",
		       .target = "/dev/sdz",
		       .target_kind = "block device",
		       .size = "1GiB",
		       .lbs_bytes = 4096,
		       .engine = "uring",
		       .engine_note = "",
		       .date = "2026/11/30 12:00:00",
		       .kernel = "Linux 6.18 x86_64",
		       .warning = "" },
		.profile = "default",
		.aggregate = "median",
		.runs = 5,
		.warmup = true,
		.runtime_s = 5,
		.interval_s = 5,
	};
	static struct lm_cell cells[4][LM_WAYS]; /* large: not on the stack */
	struct lm_mark_result m = { .profile = p,
				    .cells = cells,
				    .interrupted = true,
				    .prefilled = true };
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	CU_ASSERT_FATAL(p && p->ntests == 4);
	memset(cells, 0, sizeof(cells));
	lm_golden_cell(&cells[0][LM_WAY_READ], 5, 512.345, 488.6, 16373.22);
	lm_golden_cell(&cells[1][LM_WAY_READ], 5, 1234.5, 1177.3, 849.12);
	cells[1][LM_WAY_READ].unstable = true;
	cells[1][LM_WAY_READ].spread.cv_pct = 7.3;
	lm_golden_cell(&cells[2][LM_WAY_READ], 2, 40.96, 10000, 3200);
	cells[3][LM_WAY_READ].wanted = true;
	lm_warnings_add(
		&m.warn, LM_WARN_UNSTABLE,
		"1 cell is unstable: its counted runs vary by more than 5% (coefficient of variation); more --runs or a longer --runtime may settle it");
	f = open_memstream(&buf, &len);
	CU_ASSERT_FATAL(f != NULL);
	lm_report_mark_text(f, &info, &m);
	fclose(f);
	if (strcmp(buf, lm_golden_mark))
		fprintf(stderr, "\n--- got:\n%s--- want:\n%s", buf,
			lm_golden_mark);
	CU_ASSERT_STRING_EQUAL(buf, lm_golden_mark);
	free(buf);
}

static const char lm_golden_run[] =
	"lunmark 9.9 run: /dev/sdz (block device, 512-byte logical blocks)\n"
	"  job job: rw=randrw rwmixread=70% bs=8KiB iodepth=64 numjobs=2 engine=uring direct=1 size=1GiB\n"
	"  read : IOPS=1000.0, BW=8.192 MB/s (7.812 MiB/s), 81.920 MB in 10.00 s\n"
	"    lat (us): min=10.00, max=900.00, mean=120.50, stdev=30.25\n"
	"    lat percentiles (us): p50=110.00, p90=150.00, p99=400.00, p99.9=800.00, p99.99=890.00\n"
	"    per second: IOPS min=900.0, max=1100.0; MB/s min=7.373, max=9.011\n"
	"  write: IOPS=0.0, BW=0.000 MB/s (0.000 MiB/s), 0.000 MB in 10.00 s\n"
	"    errors: 64\n"
	"  cpu: usr=1.00 s (10.0%), sys=2.00 s (20.0%) of one core\n"
	"  date: 2026/11/30 12:00:00, Linux 6.18 x86_64\n"
	"  error: write at offset 4096 failed: Input/output error\n";

static void lm_test_run_golden(void)
{
	struct lm_report_info info = { .version = "9.9",
				       .target = "/dev/sdz",
				       .target_kind = "block device",
				       .size = "1GiB",
				       .lbs_bytes = 512,
				       .engine = "uring",
				       .engine_note = "",
				       .date = "2026/11/30 12:00:00",
				       .kernel = "Linux 6.18 x86_64",
				       .warning = "" };
	static struct lm_run_result r;
	struct lm_job j;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	lm_job_defaults(&j);
	j.rw = LM_RW_RANDRW;
	j.rwmixread_pct = 70;
	j.bs_bytes = 8192;
	j.iodepth = 64;
	j.threads = 2;
	j.size_bytes = 1ull << 30;
	memset(&r, 0, sizeof(r));
	r.sum[LM_DIR_READ] =
		(struct lm_summary){ .ios = 10000,
				     .seconds = 10,
				     .io_mb = 81.92,
				     .iops = 1000,
				     .mb_s = 8.192,
				     .mib_s = 7.8125,
				     .lat_min_us = 10,
				     .lat_max_us = 900,
				     .lat_mean_us = 120.5,
				     .lat_stddev_us = 30.25,
				     .lat_pct_us = { 110, 150, 400, 800, 890 },
				     .iops_min = 900,
				     .iops_max = 1100,
				     .mb_s_min = 7.3728,
				     .mb_s_max = 9.0112 };
	/* every write failed, none completed: the failures are told */
	r.sum[LM_DIR_WRITE].seconds = 10;
	r.sum[LM_DIR_WRITE].errors = 64;
	r.cpu.usr_s = 1;
	r.cpu.sys_s = 2;
	r.usr_pct = 10;
	r.sys_pct = 20;
	r.cpu_pct_known = true;
	r.io_errno = EIO;
	r.io_err_offset = 4096;
	r.io_err_dir = LM_DIR_WRITE;
	f = open_memstream(&buf, &len);
	CU_ASSERT_FATAL(f != NULL);
	lm_report_run_text(f, &info, &j, &r);
	fclose(f);
	if (strcmp(buf, lm_golden_run))
		fprintf(stderr, "\n--- got:\n%s--- want:\n%s", buf,
			lm_golden_run);
	CU_ASSERT_STRING_EQUAL(buf, lm_golden_run);
	free(buf);
}

static void lm_test_aggregate(void)
{
	static struct lm_cell c;
	static const double mb[] = { 100, 300, 200, 250 };
	static const double lat[] = { 4, 1, 2, 3 };
	unsigned int i;

	memset(&c, 0, sizeof(c));
	c.nruns = 4;
	for (i = 0; i < 4; i++)
		c.runs[i].s[LM_DIR_READ] = (struct lm_summary){
			.mb_s = mb[i], .iops = mb[i] / 10, .lat_mean_us = lat[i]
		};
	lm_cell_aggregate(&c, LM_DIR_READ, LM_AGG_MEDIAN);
	CU_ASSERT_DOUBLE_EQUAL(c.headline[LM_DIR_READ].mb_s, 225.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(c.headline[LM_DIR_READ].iops, 22.5, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(c.headline[LM_DIR_READ].lat_mean_us, 2.5, 1e-9);
	/* mean, min, max and the sample CV of 100, 300, 200, 250 */
	CU_ASSERT_DOUBLE_EQUAL(c.spread.mean, 212.5, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(c.spread.min, 100.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(c.spread.max, 300.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(c.spread.cv_pct,
			       100.0 * sqrt(21875.0 / 3) / 212.5, 1e-9);
	CU_ASSERT_TRUE(c.unstable);
	lm_cell_aggregate(&c, LM_DIR_READ, LM_AGG_MAX);
	CU_ASSERT_DOUBLE_EQUAL(c.headline[LM_DIR_READ].mb_s, 300.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(c.headline[LM_DIR_READ].iops, 30.0, 1e-9);
	CU_ASSERT_DOUBLE_EQUAL(c.headline[LM_DIR_READ].lat_mean_us, 1.0, 1e-9);
	/* the runs themselves are left as measured */
	CU_ASSERT_DOUBLE_EQUAL(c.runs[0].s[LM_DIR_READ].mb_s, 100.0, 1e-9);
	/* steady runs are not flagged */
	for (i = 0; i < 4; i++)
		c.runs[i].s[LM_DIR_READ].mb_s = 100 + i;
	lm_cell_aggregate(&c, LM_DIR_READ, LM_AGG_MEDIAN);
	CU_ASSERT_FALSE(c.unstable);
}

/* A saved result read from memory as from its file; cut short, refused */
static void lm_test_load_text(void)
{
	const char *path = "tests/fuzz/corpus/result/null-default.json";
	struct lm_saved a, b;
	char msg[512], *text;
	long n;
	FILE *f = fopen(path, "r");

	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	text = malloc((size_t)n);
	CU_ASSERT_FATAL(text && fread(text, 1, (size_t)n, f) == (size_t)n);
	fclose(f);
	CU_ASSERT_EQUAL_FATAL(lm_load_mark(path, &a, msg, sizeof(msg)), 0);
	CU_ASSERT_EQUAL_FATAL(
		lm_load_mark_text("mem", text, (size_t)n, &b, msg, sizeof(msg)),
		0);
	CU_ASSERT_STRING_EQUAL(a.info.profile, b.info.profile);
	CU_ASSERT_EQUAL(a.m.profile->ntests, b.m.profile->ntests);
	lm_saved_free(&a);
	lm_saved_free(&b);
	CU_ASSERT_EQUAL(lm_load_mark_text("mem", text, (size_t)n / 2, &b, msg,
					  sizeof(msg)),
			-EINVAL);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "mem: ends before its JSON does"));
	free(text);
}

int lm_suite_report(void)
{
	static const struct lm_unit_test t[] = {
		{ "mark: golden text", lm_test_mark_golden },
		{ "run: golden text", lm_test_run_golden },
		{ "cells: median and best-of", lm_test_aggregate },
		{ "results read from memory", lm_test_load_text },
		{ NULL, NULL },
	};
	return lm_unit_add("report", t);
}

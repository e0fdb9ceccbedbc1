// SPDX-License-Identifier: MIT
/* The option table: the command line's rows (options.h). */
#include "src/cli/options.h"
#include "src/cli/values.h"
#include "fio-compat/options.h"
#include "src/lunmark.h"

#include <string.h>

#define LM_RUN LM_IN(LM_CMD_RUN)
/* verify takes those of run's options it has a use for */
#define LM_VERIFY LM_IN(LM_CMD_VERIFY)
#define LM_MARK LM_IN(LM_CMD_MARK)
#define LM_PROBE LM_IN(LM_CMD_PROBE)
#define LM_JOBS LM_IN(LM_CMD_JOBS) /* lunmark JOBFILE... */
#define LM_REPORT LM_IN(LM_CMD_REPORT)
#define LM_COMPARE LM_IN(LM_CMD_COMPARE)
#define LM_ALL (LM_RUN | LM_VERIFY | LM_MARK | LM_PROBE | LM_JOBS)
#define LM_WRITERS (LM_RUN | LM_VERIFY | LM_MARK | LM_JOBS)

#define LM_JOB(f) LM_AT(LM_D_JOB, struct lm_job, f)
#define LM_SUITE(f) LM_AT(LM_D_SUITE, struct lm_suite_opts, f)
#define LM_CLI(f) LM_AT(LM_D_CLI, struct lm_cli, f)
#define LM_CMP(f) LM_AT(LM_D_CMP, struct lm_cmp_opts, f)

static const struct lm_enum lm_rw_values[] = {
	{ "read", LM_RW_READ },
	{ "write", LM_RW_WRITE },
	{ "randread", LM_RW_RANDREAD },
	{ "randwrite", LM_RW_RANDWRITE },
	{ "rw", LM_RW_RW },
	{ "readwrite", LM_RW_RW },
	{ "randrw", LM_RW_RANDRW },
	{ NULL, 0 },
};

static const struct lm_enum lm_pattern_values[] = {
	{ "random", LM_PATTERN_RANDOM },
	{ "zero", LM_PATTERN_ZERO },
	{ NULL, 0 },
};

static const struct lm_enum lm_agg_values[] = {
	{ "median", LM_AGG_MEDIAN },
	{ "max", LM_AGG_MAX },
	{ NULL, 0 },
};

/*
 * In --help order within each section. Two rows may share a name when no
 * command takes both (mark's --size is not run's); test_cli.c checks.
 */
static const struct lm_option lm_options[] = {
	{ .name = "help",
	  LM_SET,
	  LM_CLI(help_for),
	  .short_opt = 'h',
	  .set = lm_cli_set_help,
	  .cmds = LM_ALL | LM_REPORT | LM_COMPARE,
	  .help = "this text" },
	{ .name = "target",
	  .type = LM_T_STR,
	  LM_CLI(targets),
	  .set = lm_cli_set_target,
	  .cmds = LM_RUN | LM_MARK | LM_PROBE | LM_VERIFY,
	  .arg = "TARGET",
	  .help = "a target, as the positional TARGET (repeatable for run)" },
	/* run */
	{ .name = "rw",
	  .fio = "rw",
	  .type = LM_T_ENUM,
	  LM_JOB(rw),
	  .values = lm_rw_values,
	  .cmds = LM_RUN,
	  .arg = "MODE",
	  .help = "read (default), write, randread, randwrite, rw or randrw" },
	{ .name = "readwrite", .fio = "readwrite", LM_ALIAS("rw") },
	{ .name = "rwmixread",
	  .fio = "rwmixread",
	  LM_NUMBER(0, 100),
	  LM_JOB(rwmixread_pct),
	  .cmds = LM_RUN,
	  .arg = "PCT",
	  .help = "share of reads in rw and randrw (default 50)" },
	{ .name = "rwmixwrite",
	  .fio = "rwmixwrite",
	  LM_NUMBER(0, 100),
	  LM_JOB(rwmixread_pct),
	  .set = lm_set_rwmixwrite,
	  .cmds = LM_RUN,
	  .arg = "PCT",
	  .help = "share of writes in rw and randrw" },
	{ .name = "bs",
	  .fio = "bs",
	  .type = LM_T_SIZE,
	  LM_JOB(bs_bytes),
	  .set = lm_set_bs,
	  .fio_set = lm_fio_set_bs,
	  .cmds = LM_RUN | LM_VERIFY,
	  .help = "block size, 512 to 64m, a multiple of the target's logical block size (default 4k)",
	  .fio_note = "; bs=r,w for reads and writes apart" },
	{ .name = "blocksize", .fio = "blocksize", LM_ALIAS("bs") },
	{ .name = "iodepth",
	  .fio = "iodepth",
	  LM_NUMBER(1, LM_DEPTH_MAX),
	  LM_JOB(iodepth),
	  .cmds = LM_RUN | LM_VERIFY,
	  .help = "IOs in flight per thread, 1-1024 (default 1; verify: to 256); bs x iodepth x numjobs (x2 for rw and randrw) of buffers may take half the machine's memory" },
	{ .name = "numjobs",
	  .fio = "numjobs",
	  LM_NUMBER(1, LM_THREADS_MAX),
	  LM_JOB(threads),
	  .cmds = LM_RUN,
	  .help = "threads, 1-64 (default 1); sequential jobs share one cursor, so no block is read twice in a pass" },
	{ .name = "threads", LM_ALIAS("numjobs") },
	{ .name = "size",
	  .fio = "size",
	  .type = LM_T_SIZE,
	  LM_JOB(size_bytes),
	  .fio_set = lm_fio_set_size,
	  .cmds = LM_RUN | LM_VERIFY,
	  .help = "region length (run: to the end of the target, 1g for a test file in a directory; verify: 1g, or the target if smaller)",
	  .fio_note = ", or N% of the target" },
	{ .name = "offset",
	  .fio = "offset",
	  .type = LM_T_SIZE,
	  LM_JOB(offset_bytes),
	  .fio_set = lm_fio_set_offset,
	  .cmds = LM_RUN | LM_VERIFY,
	  .help = "region start (default 0)",
	  .fio_note = ", or N% of the target" },
	{ .name = "runtime",
	  .fio = "runtime",
	  .type = LM_T_TIME,
	  LM_JOB(runtime_ns),
	  .cmds = LM_RUN,
	  .help = "stop after TIME (default: after one pass over the region)" },
	{ .name = "time_based",
	  .fio = "time_based",
	  LM_BOOLEAN,
	  LM_JOB(time_based),
	  .cmds = LM_RUN,
	  .help = "keep going over the region until --runtime" },
	{ .name = "time-based", LM_ALIAS("time_based") },
	{ .name = "ramp_time",
	  .fio = "ramp_time",
	  .type = LM_T_TIME,
	  LM_JOB(ramp_ns),
	  .cmds = LM_RUN,
	  .help = "run this long before measuring" },
	{ .name = "ramp-time", LM_ALIAS("ramp_time") },
	{ .name = "percentage_random",
	  .fio = "percentage_random",
	  LM_NUMBER(0, 100),
	  LM_JOB(random_pct),
	  .cmds = LM_RUN,
	  .arg = "PCT",
	  .help = "random jobs: the share of random offsets, the rest continue sequentially (default 100)" },
	{ .name = "name",
	  .fio = "name",
	  .type = LM_T_TEXT,
	  LM_JOB(name),
	  .cmds = LM_RUN,
	  .arg = "NAME",
	  .help = "job name (in a job file each [section] is a job)" },
	/* verify */
	{ .name = "check",
	  LM_SET,
	  LM_CLI(verify_check),
	  .cmds = LM_VERIFY,
	  .help = "read only: every block must carry a good header for its offset, all of one pass (one written before a target restart, say)" },
	/* mark */
	{ .name = "profile",
	  .type = LM_T_STR,
	  LM_CLI(profile),
	  .cmds = LM_MARK,
	  .arg = "NAME",
	  .help = "default, peak, real, demo, nvme (CrystalDiskMark 8; each also as NAME+mix), iometer, iops, atto, throughput, copy, cache (default: default)" },
	{ .name = "size",
	  .type = LM_T_SIZE,
	  .min = 1,
	  LM_JOB(size_bytes),
	  .cmds = LM_MARK,
	  .help = "test region or test file size (default 1g, or the profile's: iops 4g, atto 256m per pass)" },
	{ .name = "runs",
	  LM_NUMBER(1, LM_RUNS_MAX),
	  LM_SUITE(runs),
	  .cmds = LM_MARK,
	  .help = "counted runs per test (default 5)" },
	{ .name = "runtime",
	  .type = LM_T_TIME,
	  .min = 1,
	  LM_JOB(runtime_ns),
	  .cmds = LM_MARK,
	  .help = "length of each run (default 5s, or the profile's: iometer 5m, iops 120s)" },
	{ .name = "interval",
	  .type = LM_T_TIME,
	  LM_SUITE(interval_ns),
	  .cmds = LM_MARK,
	  .help = "pause between tests (default 5s)" },
	{ .name = "no-warmup",
	  LM_CLEAR,
	  LM_SUITE(warmup),
	  .cmds = LM_MARK,
	  .help = "count every run (no discarded warm-up run)" },
	{ .name = "write-only",
	  LM_CLEAR,
	  LM_SUITE(read),
	  .cmds = LM_MARK,
	  .help = "write tests only" },
	{ .name = "aggregate",
	  .type = LM_T_ENUM,
	  LM_SUITE(agg),
	  .values = lm_agg_values,
	  .cmds = LM_MARK,
	  .arg = "HOW",
	  .help = "median (default) or max (CrystalDiskMark's best-of)" },
	{ .name = "mix",
	  LM_NUMBER(0, 100),
	  LM_SUITE(mix_pct),
	  .cmds = LM_MARK,
	  .arg = "PCT",
	  .help = "reads in the [Mix] jobs of +mix profiles (default 70)" },
	{ .name = "until-steady",
	  LM_SET,
	  LM_SUITE(until_steady),
	  .cmds = LM_MARK,
	  .help = "repeat each cell round by round until the last 5 rounds are steady (SNIA PTS: range <= 20% of their mean, least-squares line <= 10% across them); the figures are of those 5" },
	{ .name = "max-rounds",
	  LM_NUMBER(LM_STEADY_WINDOW, LM_RUNS_MAX),
	  LM_SUITE(max_rounds),
	  .set = lm_cli_set_max_rounds,
	  .cmds = LM_MARK,
	  .help = "at most N rounds (default 25, at least 5)" },
	{ .name = "working-set",
	  .type = LM_T_SIZE,
	  .min = 1,
	  LM_SUITE(working_set_bytes),
	  .set = lm_cli_set_working_set,
	  .cmds = LM_MARK,
	  .help = "the cache profile: each test's working set (default 1g, whole MiB)" },
	{ .name = "cache-size",
	  .type = LM_T_SIZE,
	  .min = 1,
	  LM_SUITE(cache_bytes),
	  .cmds = LM_MARK,
	  .help = "the NAS's SSD cache: a miss run reads 3 x SIZE beyond the working sets for --runtime" },
	{ .name = "sustained",
	  LM_SET,
	  LM_SUITE(sustained),
	  .cmds = LM_MARK,
	  .help = "the cache profile: also write 2 x --cache-size once (SEQ1M Q8T1) and find the burst rate, the sustained rate and when it changed (needs --allow-write on a device)" },
	{ .name = "json",
	  .type = LM_T_STR,
	  LM_CLI(json_path),
	  .cmds = LM_MARK,
	  .arg = "FILE",
	  .help = "save the full result (doc/result-schema.md)" },
	{ .name = "label",
	  .type = LM_T_STR,
	  LM_CLI(label),
	  .set = lm_cli_set_label,
	  .cmds = LM_MARK,
	  .arg = "TEXT",
	  .help = "what this configuration is (\"RAID1 encrypted\"), saved and shown by report and compare" },
	{ .name = "tag",
	  .type = LM_T_STR,
	  LM_CLI(tag_values),
	  .set = lm_cli_set_tag,
	  .cmds = LM_MARK,
	  .arg = "NAME=VALUE",
	  .help = "a property of the configuration (--tag cache=on --tag raid=1), for 'compare --by NAME'; up to 16" },
	{ .name = "quiet",
	  LM_SET,
	  LM_SUITE(quiet),
	  .cmds = LM_MARK,
	  .help = "no progress line" },
	/* run and mark */
	{ .name = "link",
	  .type = LM_T_ENUM,
	  LM_SUITE(link_gbit),
	  .set = lm_set_link,
	  .cmds = LM_RUN | LM_MARK,
	  .arg = "RATE",
	  .help = "the line rate, 1g, 2.5g, 5g, 10g, 25g, 40g or 100g: each figure's share of the link's ceiling, and a warning for a figure above 95% of it" },
	{ .name = "nas-ram",
	  .type = LM_T_SIZE,
	  .min = 1,
	  LM_SUITE(nas_ram_bytes),
	  .cmds = LM_RUN | LM_MARK,
	  .help = "the NAS's RAM: a warning when the region a test reads is smaller than 1.3 x SIZE" },
	{ .name = "export-fio",
	  LM_SET,
	  LM_CLI(export_fio),
	  .cmds = LM_RUN | LM_MARK,
	  .help = "print the fio job file of this run or profile (a job per test and way, a prefill job), run nothing; fio-compat/profiles/ holds the profiles'" },
	/* probe */
	{ .name = "json",
	  LM_SET,
	  LM_CLI(json),
	  .cmds = LM_PROBE,
	  .help = "one JSON object instead of text" },
	/* report and compare */
	{ .name = "format",
	  .type = LM_T_ENUM,
	  LM_CMP(format),
	  .set = lm_cli_set_format,
	  .cmds = LM_REPORT | LM_COMPARE,
	  .arg = "FMT",
	  .help = "text (the report mark printed; the default), md (Markdown tables), csv (a row per cell and metric, percentiles included), json, or html (one self-contained page: charts inline, nothing fetched)" },
	{ .name = "metric",
	  .type = LM_T_STR,
	  LM_CMP(metrics),
	  .set = lm_cli_set_metric,
	  .cmds = LM_REPORT | LM_COMPARE,
	  .arg = "LIST",
	  .help = "mb_s, iops, lat_mean_us, lat_p99_us, cpu_s_per_gb, comma-separated, or all (the default; compare: mb_s side by side)" },
	{ .name = "baseline",
	  .type = LM_T_STR,
	  LM_CMP(baseline),
	  .cmds = LM_COMPARE,
	  .arg = "A.json",
	  .help = "every other result against this one, as a change in % with its interval, and CPU-s/GB (overhead)" },
	{ .name = "by",
	  .type = LM_T_STR,
	  LM_CMP(by),
	  .set = lm_cli_set_by,
	  .cmds = LM_COMPARE,
	  .arg = "TAG",
	  .help = "a configuration per value of the tag (mark --tag); the runs of files with the same value are pooled; with --by, --baseline names a value" },
	{ .name = "delta",
	  .type = LM_T_REAL,
	  LM_CMP(delta),
	  .set = lm_cli_set_delta,
	  .cmds = LM_COMPARE,
	  .arg = "PCT",
	  .help = "the smallest change that matters (default 5)" },
	/* job files */
	{ .name = "output-format",
	  .type = LM_T_STR,
	  LM_CLI(out_json),
	  .set = lm_cli_set_output_format,
	  .cmds = LM_JOBS,
	  .arg = "LIST",
	  .help = "normal (the default), terse (fio's version 3 lines), json or json+ (with the latency histograms), or a comma list of them (normal,json)" },
	{ .name = "output",
	  .type = LM_T_STR,
	  LM_CLI(output),
	  .cmds = LM_JOBS,
	  .arg = "FILE",
	  .help = "write the terse or JSON output to FILE" },
	{ .name = "ignore-unsupported",
	  LM_SET,
	  LM_CLI(ignore_unsupported),
	  .cmds = LM_JOBS,
	  .help = "skip an option lunmark does not support, with one warning each (else it is an error naming file:line)" },
	/* every command that does IO */
	{ .name = "engine",
	  .fio = "ioengine",
	  .type = LM_T_TEXT,
	  LM_JOB(engine),
	  .set = lm_set_engine,
	  .cmds = LM_RUN | LM_MARK | LM_VERIFY,
	  .sect = LM_S_COMMON,
	  .arg = "NAME",
	  .help = "uring (default), aio, psync, iscsi (the default for iscsi:// URLs) or null (no IO; tests); fio's io_uring, libaio and libiscsi too" },
	{ .name = "ioengine", LM_ALIAS("engine") },
	{ .name = "direct",
	  .fio = "direct",
	  LM_BOOLEAN,
	  LM_JOB(direct),
	  .cmds = LM_RUN | LM_MARK | LM_VERIFY,
	  .sect = LM_S_COMMON,
	  .arg = "0|1",
	  .help = "O_DIRECT (default 1; in a job file 0, as in fio)" },
	{ .name = "allow-write",
	  LM_SET,
	  LM_CLI(allow_write),
	  .cmds = LM_WRITERS,
	  .sect = LM_S_COMMON,
	  .help = "let write tests (and prefill) write to a block device, an iSCSI LUN or an existing file" },
	{ .name = "destroy",
	  .type = LM_T_STR,
	  LM_CLI(destroy),
	  .set = lm_cli_set_destroy,
	  .cmds = LM_WRITERS,
	  .sect = LM_S_COMMON,
	  .arg = "NAME",
	  .help = "write even over a filesystem, partition table, LVM, md, LUKS or swap; NAME names the target: sdb or /dev/sdb, a file's path, an iSCSI LUN's serial" },
	{ .name = "read-only",
	  LM_SET,
	  LM_CLI(read_only),
	  .set = lm_cli_set_read_only,
	  .cmds = LM_WRITERS,
	  .sect = LM_S_COMMON,
	  .help = "no write of any kind, anywhere (mark: the read tests only; a directory target is refused)" },
	{ .name = "no-prefill",
	  LM_CLEAR,
	  LM_JOB(prefill),
	  .cmds = LM_RUN | LM_MARK | LM_JOBS,
	  .sect = LM_S_COMMON,
	  .help = "do not write the region before read tests" },
	{ .name = "verify",
	  LM_SET,
	  LM_JOB(verify),
	  .cmds = LM_RUN | LM_MARK,
	  .sect = LM_S_COMMON,
	  .help = "every block written carries a header (lunmark verify's: offset, run, sequence, XXH64) and every block read is checked, measured or not; a block not as written is named by offset, exit 7. The prefill writes such blocks; reads of a region nobody wrote that way find zeros or other data" },
	{ .name = "buffer-pattern",
	  .type = LM_T_ENUM,
	  LM_JOB(pattern),
	  .values = lm_pattern_values,
	  .cmds = LM_RUN | LM_MARK,
	  .sect = LM_S_COMMON,
	  .arg = "P",
	  .help = "random (incompressible, unique per block; the default) or zero" },
	{ .name = "randseed",
	  .fio = "randseed",
	  LM_NUMBER(0, UINT64_MAX),
	  LM_JOB(seed),
	  .cmds = LM_RUN | LM_MARK | LM_VERIFY,
	  .sect = LM_S_COMMON,
	  .help = "seed for offsets and data (default fixed); the same seed repeats the same offsets" },
	{ .name = "seed", LM_ALIAS("randseed") },
	{ .name = "sqpoll",
	  LM_SET,
	  LM_JOB(sqpoll),
	  .cmds = LM_RUN | LM_MARK,
	  .sect = LM_S_COMMON,
	  .help = "io_uring submission polling thread (burns a core)" },
	{ .name = "fail-every",
	  LM_NUMBER(0, UINT64_MAX),
	  LM_JOB(fault.every_n),
	  .cmds = LM_RUN | LM_MARK | LM_VERIFY,
	  .sect = LM_S_COMMON,
	  .help = "null engine: fail every Nth IO" },
	{ .name = "fail-prob",
	  .type = LM_T_REAL,
	  .max = 100,
	  LM_JOB(fault.prob_pct),
	  .cmds = LM_RUN | LM_MARK | LM_VERIFY,
	  .sect = LM_S_COMMON,
	  .arg = "PCT",
	  .help = "null engine: fail PCT% of IOs" },
	{ .name = "fail-errno",
	  .type = LM_T_STR,
	  LM_JOB(fault.err_no),
	  .set = lm_set_errno,
	  .cmds = LM_RUN | LM_MARK | LM_VERIFY,
	  .sect = LM_S_COMMON,
	  .arg = "ERR",
	  .help = "the error of a failed IO: EIO (default), ENOSPC, ETIMEDOUT, ENXIO, EROFS, ECONNRESET or a number" },
	/* iSCSI */
	{ .name = "timeout",
	  .type = LM_T_TIME,
	  LM_CLI(timeout_s),
	  .set = lm_cli_set_timeout,
	  .cmds = LM_ALL,
	  .sect = LM_S_ISCSI,
	  .help = "connect, log in, and wait for an answer at most this long (default 10s, 1s to 1h); a stalled target fails the IOs in flight" },
	{ .name = "reconnect",
	  LM_SET,
	  LM_CLI(reconnect),
	  .cmds = LM_WRITERS,
	  .sect = LM_S_ISCSI,
	  .help = "after a lost connection log in again and replay the IOs in flight, which wait up to --timeout for the target (the gap shows per second)" },
	{ .name = "chap-file",
	  .type = LM_T_STR,
	  LM_CLI(chap_file),
	  .cmds = LM_ALL,
	  .sect = LM_S_ISCSI,
	  .arg = "FILE",
	  .help = "CHAP from FILE: 'username = U', 'password = S', target_username, target_password (mutual CHAP); else from the URL or LIBISCSI_CHAP_USERNAME, LIBISCSI_CHAP_PASSWORD, ..._TARGET_USERNAME/PASSWORD" },
	{ .name = "initiator-name",
	  .type = LM_T_STR,
	  LM_CLI(initiator),
	  .cmds = LM_ALL,
	  .sect = LM_S_ISCSI,
	  .arg = "IQN",
	  .help = "default iqn.2026-11.io.lunmark:<host name>" },
};

#define LM_NOPTS LM_ARRAY_SIZE(lm_options)

_Static_assert(LM_NOPTS <= LM_CLI_OPTS_MAX, "raise LM_CLI_OPTS_MAX");

const struct lm_option *lm_opt_at(unsigned int i)
{
	if (i < LM_NOPTS)
		return &lm_options[i];
	i -= LM_NOPTS;
	return i < lm_fio_noptions ? &lm_fio_options[i] : NULL;
}

static bool lm_opt_named(const struct lm_option *o, const char *name)
{
	return (o->name && !strcmp(o->name, name)) ||
	       (o->fio && !strcmp(o->fio, name));
}

const struct lm_option *lm_opt_target(const struct lm_option *o)
{
	const struct lm_option *t;
	unsigned int i;

	if (o->type != LM_T_ALIAS)
		return o;
	for (i = 0; (t = lm_opt_at(i)); i++)
		if (t->type != LM_T_ALIAS && lm_opt_named(t, o->alias))
			return t;
	return o; /* test_cli.c checks that none is left so */
}

const struct lm_option *lm_opt_fio(const char *key)
{
	const struct lm_option *o;
	unsigned int i;

	for (i = 0; (o = lm_opt_at(i)); i++)
		if (o->fio && !strcmp(o->fio, key))
			return lm_opt_target(o);
	return NULL;
}

bool lm_opt_takes(const struct lm_option *o, enum lm_cmd cmd)
{
	return o->name && (lm_opt_target(o)->cmds & LM_IN(cmd));
}

bool lm_opt_needs_value(const struct lm_option *o)
{
	o = lm_opt_target(o);
	return o->type != LM_T_FLAG && o->type != LM_T_BOOL &&
	       o->type != LM_T_ACCEPT && o->type != LM_T_REFUSE &&
	       !(o->flags & LM_OF_OPTIONAL);
}

void lm_cli_longopts(enum lm_cmd cmd, struct option *out, char *shorts)
{
	const struct lm_option *t;
	unsigned int i, n = 0, ns = 0;

	for (i = 0; i < LM_NOPTS; i++) {
		if (!lm_opt_takes(&lm_options[i], cmd))
			continue;
		t = lm_opt_target(&lm_options[i]);
		out[n].name = lm_options[i].name;
		out[n].has_arg = t->type == LM_T_FLAG	 ? no_argument
				 : lm_opt_needs_value(t) ? required_argument
							 : optional_argument;
		out[n].flag = NULL;
		out[n].val = t->short_opt ? t->short_opt
					  : 256 + (int)(t - lm_options);
		if (t->short_opt && t == &lm_options[i] && ns < 7)
			shorts[ns++] = t->short_opt;
		n++;
	}
	memset(&out[n], 0, sizeof(out[n]));
	shorts[ns] = '\0';
}

const struct lm_option *lm_cli_opt(int val)
{
	unsigned int i;

	if (val >= 256 && val - 256 < (int)LM_NOPTS)
		return &lm_options[val - 256];
	for (i = 0; i < LM_NOPTS; i++)
		if (lm_options[i].short_opt && lm_options[i].short_opt == val)
			return &lm_options[i];
	return NULL;
}

bool lm_cli_fio_own(const char *name, size_t n)
{
	unsigned int i;

	for (i = 0; i < LM_NOPTS; i++)
		if (lm_opt_takes(&lm_options[i], LM_CMD_JOBS) &&
		    strlen(lm_options[i].name) == n &&
		    !strncmp(name, lm_options[i].name, n))
			return true;
	return false;
}

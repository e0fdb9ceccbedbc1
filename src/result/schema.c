// SPDX-License-Identifier: MIT
/*
 * The tables of the saved result (schema.h), one per JSON object, in the
 * order save writes the keys. doc/result-schema.md says what each key
 * means. Every offset is checked at compile time against the C type its
 * field type says (LM_AT), so a row cannot point at a member of another
 * type.
 */
#include "src/result/schema.h"

const char *const lm_way_keys[LM_WAYS] = { "read", "write", "mix" };
const char *const lm_sum_keys[LM_SUMS] = { "read", "write", "trim", "all" };
_Static_assert(LM_SUMS == 4 && LM_DIR_TRIM == 2 && LM_SUM_ALL == 3,
	       "lm_sum_keys are the directions', then all's (stats.h)");

/* a summary of a direction that had IOs (trims: saved only then) */
static bool lm_summary_used(const void *el)
{
	const struct lm_summary *s = el;

	return s->ios || s->errors;
}

/* offsetof(T, m), and a compile-time error unless T.m is of type @ctype */
#define LM_IS(T, m, ctype)                                               \
	(0 * sizeof(struct {                                             \
		 _Static_assert(__builtin_types_compatible_p(            \
					__typeof__(((T *)0)->m), ctype), \
				#T "." #m " is not " #ctype);            \
		 int lm_pad;                                             \
	 }))
#define LM_AT(T, m, ctype) (offsetof(T, m) + LM_IS(T, m, ctype))
#define LM_N(a) (sizeof(a) / sizeof((a)[0]))

/* The rows: key, struct and member, enum lm_fflag, then any of .def,
 * LM_WHEN() */
#define LM_LEAF(k, ty, T, m, ctype, fl, ...)             \
	{                                                \
		.key = (k), .type = (ty), .flags = (fl), \
		.off = LM_AT(T, m, ctype), __VA_ARGS__   \
	}
#define LM_STR(k, T, m, fl, ...) \
	LM_LEAF(k, LM_FT_STR, T, m, const char *, fl, __VA_ARGS__)
#define LM_U64(k, T, m, fl, ...) \
	LM_LEAF(k, LM_FT_U64, T, m, uint64_t, fl, __VA_ARGS__)
#define LM_UINT(k, T, m, fl, ...) \
	LM_LEAF(k, LM_FT_UINT, T, m, unsigned int, fl, __VA_ARGS__)
#define LM_INT(k, T, m, fl, ...) \
	LM_LEAF(k, LM_FT_INT, T, m, int, fl, __VA_ARGS__)
#define LM_DBL(k, T, m, fl, ...) \
	LM_LEAF(k, LM_FT_DBL, T, m, double, fl, __VA_ARGS__)
#define LM_BOOL(k, T, m, fl, ...) \
	LM_LEAF(k, LM_FT_BOOL, T, m, bool, fl, __VA_ARGS__)
#define LM_BUF(k, T, m, fl, ...)                                   \
	LM_LEAF(k, LM_FT_BUF, T, m, char[sizeof(((T *)0)->m)], fl, \
		.size = sizeof(((T *)0)->m), __VA_ARGS__)
/* an object: the fields @sub over T.m, of type @ctype */
#define LM_OBJ(k, T, m, ctype, s, fl, ...) \
	LM_LEAF(k, LM_FT_OBJ, T, m, ctype, fl, .sub = (s), __VA_ARGS__)
/* an object whose fields are over the same struct */
#define LM_OBJ_SELF(k, s, fl, ...)                                        \
	{                                                                 \
		.key = (k), .type = LM_FT_OBJ, .flags = (fl), .sub = (s), \
		__VA_ARGS__                                               \
	}
/* an object with a key per element of T.m, an array of @n @et */
#define LM_MAP(k, T, m, et, n, names, s, fl, ...)                              \
	LM_LEAF(k, LM_FT_MAP, T, m, et[n], fl, .size = sizeof(et), .max = (n), \
		.keys = (names), .sub = (s), __VA_ARGS__)
#define LM_SUMS_AT(k, T, m, fl, ...)                                \
	LM_MAP(k, T, m, struct lm_summary, LM_SUMS, lm_sum_keys,    \
	       &lm_summary_fields, fl, .sparse = 1u << LM_DIR_TRIM, \
	       .used = lm_summary_used, __VA_ARGS__)
/* saved when T.m is true; read back, T.m says whether the key was there */
#define LM_WHEN(T, m) .when = { true, LM_AT(T, m, bool) }

static const struct lm_field lm_lat_f[] = {
	LM_DBL("min", struct lm_summary, lat_min_us, 0),
	LM_DBL("max", struct lm_summary, lat_max_us, 0),
	LM_DBL("mean", struct lm_summary, lat_mean_us, 0),
	LM_DBL("stddev", struct lm_summary, lat_stddev_us, 0),
	LM_DBL("p50", struct lm_summary, lat_pct_us[0], 0),
	LM_DBL("p90", struct lm_summary, lat_pct_us[1], 0),
	LM_DBL("p99", struct lm_summary, lat_pct_us[2], 0),
	LM_DBL("p99.9", struct lm_summary, lat_pct_us[3], 0),
	LM_DBL("p99.99", struct lm_summary, lat_pct_us[4], 0),
};
_Static_assert(LM_NPCT == 5,
	       "the percentile keys above are lm_pcts' (stats.h)");
static const struct lm_fields lm_lat_fields = { .f = lm_lat_f,
						.n = LM_N(lm_lat_f) };

static const struct lm_field lm_summary_f[] = {
	LM_U64("ios", struct lm_summary, ios, 0),
	LM_U64("bytes", struct lm_summary, bytes, 0),
	LM_U64("errors", struct lm_summary, errors, 0),
	LM_DBL("seconds", struct lm_summary, seconds, 0),
	LM_DBL("iops", struct lm_summary, iops, 0),
	LM_DBL("mb_s", struct lm_summary, mb_s, 0),
	LM_DBL("mib_s", struct lm_summary, mib_s, 0),
	LM_DBL("iops_min", struct lm_summary, iops_min, 0),
	LM_DBL("iops_max", struct lm_summary, iops_max, 0),
	LM_DBL("mb_s_min", struct lm_summary, mb_s_min, 0),
	LM_DBL("mb_s_max", struct lm_summary, mb_s_max, 0),
	LM_UINT("idle_s", struct lm_summary, idle_s, 0),
	LM_OBJ_SELF("lat_us", &lm_lat_fields, 0),
};

/* what a summary holds beside the file's figures */
static void lm_summary_loaded(void *base)
{
	struct lm_summary *s = base;

	s->io_mb = (double)s->bytes / 1e6;
}

static const struct lm_fields lm_summary_fields = {
	.f = lm_summary_f, .n = LM_N(lm_summary_f), .loaded = lm_summary_loaded
};

static const struct lm_field lm_sample_f[] = {
	LM_U64("dur_ns", struct lm_sample, dur_ns, LM_FF_ANY),
	LM_U64("read_ios", struct lm_sample, ios[LM_DIR_READ], LM_FF_ANY),
	LM_U64("write_ios", struct lm_sample, ios[LM_DIR_WRITE], LM_FF_ANY),
	LM_U64("read_bytes", struct lm_sample, bytes[LM_DIR_READ], LM_FF_ANY),
	LM_U64("write_bytes", struct lm_sample, bytes[LM_DIR_WRITE], LM_FF_ANY),
};
static const struct lm_fields lm_sample_fields = { .f = lm_sample_f,
						   .n = LM_N(lm_sample_f),
						   .tuple = true };

/* several hosts (lunmark-mpi): a counted run's row per rank */
static const struct lm_field lm_rank_run_f[] = {
	LM_UINT("rank", struct lm_rank_run, rank, 0),
	LM_SUMS_AT(NULL, struct lm_rank_run, s, LM_FF_FLAT),
	LM_DBL("start_us", struct lm_rank_run, start_us, 0),
	LM_DBL("end_us", struct lm_rank_run, end_us, 0),
	LM_INT("io_errno", struct lm_rank_run, io_errno, 0),
	LM_BOOL("interrupted", struct lm_rank_run, interrupted, 0),
};
static const struct lm_fields lm_rank_run_fields = { .f = lm_rank_run_f,
						     .n = LM_N(lm_rank_run_f) };

static const struct lm_field lm_run_f[] = {
	LM_SUMS_AT(NULL, struct lm_cell_run, s, LM_FF_FLAT),
	/* -1: unknown */
	LM_DBL("cpu_s", struct lm_cell_run, cpu_s, LM_FF_LAX, .def = -1),
	LM_DBL("host_cpu_s", struct lm_cell_run, host_cpu_s, LM_FF_LAX,
	       .def = -1),
	LM_LEAF("per_second", LM_FT_ARRAY, struct lm_cell_run, series,
		struct lm_sample *, LM_FF_ALLOC,
		.size = sizeof(struct lm_sample),
		.count = LM_AT(struct lm_cell_run, nseries, unsigned int),
		.max = UINT_MAX, .sub = &lm_sample_fields),
	LM_LEAF("ranks", LM_FT_ARRAY, struct lm_cell_run, ranks,
		struct lm_rank_run *, LM_FF_ALLOC | LM_FF_OPTIONAL,
		.size = sizeof(struct lm_rank_run),
		.count = LM_AT(struct lm_cell_run, nranks, unsigned int),
		.max = UINT_MAX, .sub = &lm_rank_run_fields,
		LM_WHEN(struct lm_cell_run, ranked)),
};
static const struct lm_fields lm_run_fields = { .f = lm_run_f,
						.n = LM_N(lm_run_f) };

static const struct lm_field lm_spread_f[] = {
	LM_DBL("mean", struct lm_spread, mean, 0),
	LM_DBL("min", struct lm_spread, min, 0),
	LM_DBL("max", struct lm_spread, max, 0),
	LM_DBL("cv_pct", struct lm_spread, cv_pct, 0),
};
static const struct lm_fields lm_spread_fields = { .f = lm_spread_f,
						   .n = LM_N(lm_spread_f) };

/* computed from the runs: a reader computes them again */
static const struct lm_field lm_rounds_f[] = {
	LM_BOOL("steady", struct lm_cell, ss.steady, 0),
	{ .key = "window_first_round",
	  .type = LM_FT_CONV,
	  .conv = LM_CONV_FIRST_ROUND },
	LM_UINT("window_rounds", struct lm_cell, ss.n, 0),
	LM_DBL("range_pct", struct lm_cell, ss.range_pct, 0),
	LM_DBL("excursion_pct", struct lm_cell, ss.excursion_pct, 0),
	LM_DBL("warm_ratio", struct lm_cell, warm_ratio, 0),
	LM_BOOL("warmed", struct lm_cell, warmed, 0),
	LM_U64("warm_bytes", struct lm_cell, warm_bytes, 0),
	LM_DBL("warm_s", struct lm_cell, warm_s, 0),
};
static const struct lm_fields lm_rounds_fields = { .f = lm_rounds_f,
						   .n = LM_N(lm_rounds_f) };

/* likewise */
static const struct lm_field lm_sustained_f[] = {
	LM_BOOL("found", struct lm_cell, step.found, 0),
	LM_DBL("burst_mb_s", struct lm_cell, step.before_mean, 0),
	LM_DBL("sustained_mb_s", struct lm_cell, step.after_mean, 0),
	LM_DBL("change_s", struct lm_cell, step_s, 0),
	LM_U64("change_bytes", struct lm_cell, step_bytes, 0),
};
static const struct lm_fields lm_sustained_fields = {
	.f = lm_sustained_f, .n = LM_N(lm_sustained_f)
};

static const struct lm_field lm_cell_f[] = {
	LM_BOOL("wanted", struct lm_cell, wanted, 0),
	LM_SUMS_AT("headline", struct lm_cell, headline, 0),
	LM_OBJ("mb_s_spread", struct lm_cell, spread, struct lm_spread,
	       &lm_spread_fields, 0),
	LM_BOOL("unstable", struct lm_cell, unstable, 0),
	LM_DBL("bar", struct lm_cell, bar, 0),
	LM_DBL("link_pct", struct lm_cell, link_pct, 0),
	LM_U64("files", struct lm_cell, files, 0),
	LM_U64("file_bytes", struct lm_cell, file_bytes, 0),
	LM_LEAF("runs", LM_FT_ARRAY, struct lm_cell, runs,
		struct lm_cell_run[LM_RUNS_MAX], 0,
		.size = sizeof(struct lm_cell_run),
		.count = LM_AT(struct lm_cell, nruns, unsigned int),
		.max = LM_RUNS_MAX, .sub = &lm_run_fields),
	LM_OBJ_SELF("rounds", &lm_rounds_fields, LM_FF_SAVE_ONLY,
		    LM_WHEN(struct lm_cell, by_rounds)),
	LM_SUMS_AT("miss", struct lm_cell, miss, LM_FF_OPTIONAL,
		   LM_WHEN(struct lm_cell, has_miss)),
	LM_OBJ_SELF("sustained", &lm_sustained_fields, LM_FF_SAVE_ONLY,
		    LM_WHEN(struct lm_cell, sustain)),
};
static const struct lm_fields lm_cell_fields = { .f = lm_cell_f,
						 .n = LM_N(lm_cell_f) };

/* the profile's test, which a reader takes from the profile */
static const struct lm_field lm_profile_test_f[] = {
	LM_STR("label", struct lm_test, label, LM_FF_MATCH),
	LM_BOOL("random", struct lm_test, random, LM_FF_SAVE_ONLY),
	LM_UINT("bs_bytes", struct lm_test, bs_bytes, LM_FF_SAVE_ONLY),
	LM_UINT("iodepth", struct lm_test, qd, LM_FF_SAVE_ONLY),
	LM_UINT("threads", struct lm_test, threads, LM_FF_SAVE_ONLY),
	LM_UINT("read_pct", struct lm_test, read_pct, LM_FF_SAVE_ONLY),
	LM_UINT("random_pct", struct lm_test, random_pct, LM_FF_SAVE_ONLY),
};
static const struct lm_fields lm_profile_test_fields = {
	.f = lm_profile_test_f, .n = LM_N(lm_profile_test_f)
};

static const struct lm_field lm_test_f[] = {
	LM_OBJ(NULL, struct lm_test_doc, t, const struct lm_test *,
	       &lm_profile_test_fields, LM_FF_FLAT | LM_FF_DEREF),
	LM_LEAF("cells", LM_FT_MAP, struct lm_test_doc, cells, struct lm_cell *,
		LM_FF_DEREF, .size = sizeof(struct lm_cell), .max = LM_WAYS,
		.keys = lm_way_keys, .sub = &lm_cell_fields),
};
static const struct lm_fields lm_test_fields = { .f = lm_test_f,
						 .n = LM_N(lm_test_f) };

static const struct lm_field lm_warning_f[] = {
	LM_LEAF("kind", LM_FT_CONV, struct lm_warning_doc, kind, unsigned int,
		LM_FF_ANY, .conv = LM_CONV_WARN_KIND),
	LM_STR("text", struct lm_warning_doc, text, LM_FF_ANY),
};
static const struct lm_fields lm_warning_fields = { .f = lm_warning_f,
						    .n = LM_N(lm_warning_f) };

/* --verify */
static const struct lm_field lm_verify_f[] = {
	LM_U64("blocks", struct lm_mark_result, verify.blocks, 0),
	LM_U64("bad", struct lm_mark_result, verify.bad, 0),
	LM_U64("first_bad_offset", struct lm_mark_result, verify.bad_offset, 0),
	LM_BUF("first_bad_test", struct lm_mark_result, verify_test, 0),
	LM_BUF("first_bad", struct lm_mark_result, verify.why, 0),
};
static const struct lm_fields lm_verify_fields = { .f = lm_verify_f,
						   .n = LM_N(lm_verify_f) };

static const struct lm_field lm_outcome_f[] = {
	LM_BOOL("prefilled", struct lm_mark_result, prefilled, 0),
	LM_BOOL("interrupted", struct lm_mark_result, interrupted, 0),
	LM_DBL("link_ceiling_mb_s", struct lm_mark_result, link_ceiling_mb_s,
	       0),
	LM_INT("io_errno", struct lm_mark_result, io_errno, 0),
	LM_U64("io_error_offset", struct lm_mark_result, io_err_offset, 0),
	LM_BUF("io_error_test", struct lm_mark_result, io_err_test, 0),
	LM_BUF("io_error_text", struct lm_mark_result, io_errtext, 0),
	LM_BUF("note", struct lm_mark_result, note, 0),
	LM_UINT("reconnects", struct lm_mark_result, reconnects, LM_FF_OPTIONAL,
		LM_WHEN(struct lm_mark_result, reconnected)),
	LM_U64("miss_bytes", struct lm_mark_result, miss_bytes, LM_FF_LAX),
	LM_U64("primer_bytes", struct lm_mark_result, primer_bytes, LM_FF_LAX),
	LM_BUF("miss_note", struct lm_mark_result, miss_why, LM_FF_OPTIONAL),
	{ .key = "warnings",
	  .type = LM_FT_CONV,
	  .flags = LM_FF_OPTIONAL,
	  .conv = LM_CONV_WARNINGS,
	  .sub = &lm_warning_fields },
	LM_OBJ_SELF("verify", &lm_verify_fields, LM_FF_OPTIONAL,
		    LM_WHEN(struct lm_mark_result, verified)),
};
static const struct lm_fields lm_outcome_fields = { .f = lm_outcome_f,
						    .n = LM_N(lm_outcome_f) };

static const struct lm_field lm_settings_f[] = {
	LM_STR("profile", struct lm_mark_info, profile, 0),
	LM_STR("engine", struct lm_mark_info, r.engine, 0),
	LM_STR("engine_note", struct lm_mark_info, r.engine_note, 0),
	LM_STR("size", struct lm_mark_info, r.size, 0),
	LM_STR("aggregate", struct lm_mark_info, aggregate, 0),
	LM_UINT("runs", struct lm_mark_info, runs, 0),
	LM_BOOL("warmup", struct lm_mark_info, warmup, 0),
	LM_DBL("runtime_s", struct lm_mark_info, runtime_s, 0),
	LM_DBL("interval_s", struct lm_mark_info, interval_s, 0),
	LM_UINT("mix_pct", struct lm_mark_info, mix_pct, 0),
	LM_DBL("link_gbit", struct lm_mark_info, link_gbit, 0),
	LM_BOOL("until_steady", struct lm_mark_info, until_steady, LM_FF_LAX),
	LM_UINT("max_rounds", struct lm_mark_info, max_rounds, LM_FF_LAX),
	LM_U64("working_set_bytes", struct lm_mark_info, working_set_bytes,
	       LM_FF_LAX),
	LM_U64("cache_bytes", struct lm_mark_info, cache_bytes, LM_FF_LAX),
	LM_U64("nas_ram_bytes", struct lm_mark_info, nas_ram_bytes, LM_FF_LAX),
	LM_BOOL("sustained", struct lm_mark_info, sustained, LM_FF_LAX),
};
static const struct lm_fields lm_settings_fields = { .f = lm_settings_f,
						     .n = LM_N(lm_settings_f) };

/* the target's identity is saved when known, and read back for the
 * reports of every format */
static const struct lm_field lm_target_f[] = {
	LM_STR("name", struct lm_saved_doc, info.r.target, 0),
	LM_STR("kind", struct lm_saved_doc, info.r.target_kind, 0),
	LM_UINT("logical_block_bytes", struct lm_saved_doc, info.r.lbs_bytes,
		0),
	LM_U64("size_bytes", struct lm_saved_doc, id.size_bytes, LM_FF_OPTIONAL,
	       LM_WHEN(struct lm_saved_doc, has_id)),
	LM_UINT("physical_block_bytes", struct lm_saved_doc, id.pbs_bytes,
		LM_FF_OPTIONAL, LM_WHEN(struct lm_saved_doc, has_id)),
	LM_BUF("vendor", struct lm_saved_doc, id.vendor, LM_FF_OPTIONAL,
	       LM_WHEN(struct lm_saved_doc, has_id)),
	LM_BUF("model", struct lm_saved_doc, id.model, LM_FF_OPTIONAL,
	       LM_WHEN(struct lm_saved_doc, has_id)),
	LM_BUF("revision", struct lm_saved_doc, id.revision, LM_FF_OPTIONAL,
	       LM_WHEN(struct lm_saved_doc, has_id)),
	LM_BUF("serial", struct lm_saved_doc, id.serial, LM_FF_OPTIONAL,
	       LM_WHEN(struct lm_saved_doc, has_id)),
};
static const struct lm_fields lm_target_fields = { .f = lm_target_f,
						   .n = LM_N(lm_target_f) };

static const struct lm_field lm_host_f[] = {
	LM_STR("date", struct lm_saved_doc, info.r.date, 0),
	LM_STR("kernel", struct lm_saved_doc, info.r.kernel, 0),
	/* read back: compare names hosts that differ, and needs the CPU
	 * count for the resolution of host CPU time */
	LM_BUF("hostname", struct lm_saved_doc, hostname, LM_FF_OPTIONAL,
	       LM_WHEN(struct lm_saved_doc, named)),
	LM_U64("cpus", struct lm_saved_doc, cpus, LM_FF_LAX),
	LM_U64("memory_bytes", struct lm_saved_doc, memory_bytes,
	       LM_FF_SAVE_ONLY),
};
static const struct lm_fields lm_host_fields = { .f = lm_host_f,
						 .n = LM_N(lm_host_f) };

/* several hosts (lunmark-mpi): one per rank */
static const struct lm_field lm_rank_f[] = {
	LM_UINT("rank", struct lm_rank, rank, 0),
	LM_BUF("host", struct lm_rank, host, 0),
	LM_DBL("clock_offset_us", struct lm_rank, clock_offset_us, 0),
	LM_DBL("rtt_us", struct lm_rank, rtt_us, 0),
};
static const struct lm_fields lm_rank_fields = { .f = lm_rank_f,
						 .n = LM_N(lm_rank_f) };

static const struct lm_field lm_root_f[] = {
	{ .key = "schema", .type = LM_FT_CONST, .text = LM_SCHEMA_NAME },
	{ .key = "schema_version", .type = LM_FT_VERSION },
	LM_STR("lunmark_version", struct lm_saved_doc, info.r.version, 0),
	{ .key = "command",
	  .type = LM_FT_CONST,
	  .flags = LM_FF_SAVE_ONLY,
	  .text = "mark" },
	LM_STR("label", struct lm_saved_doc, info.label, LM_FF_OPTIONAL),
	{ .key = "tags",
	  .type = LM_FT_CONV,
	  .flags = LM_FF_OPTIONAL,
	  .conv = LM_CONV_TAGS },
	LM_OBJ_SELF("host", &lm_host_fields, 0),
	LM_OBJ_SELF("target", &lm_target_fields, 0),
	LM_OBJ("settings", struct lm_saved_doc, info, struct lm_mark_info,
	       &lm_settings_fields, 0),
	LM_STR("warning", struct lm_saved_doc, info.r.warning, 0),
	LM_OBJ("outcome", struct lm_saved_doc, m, struct lm_mark_result,
	       &lm_outcome_fields, 0),
	LM_LEAF("ranks", LM_FT_ARRAY, struct lm_saved_doc, m.ranks,
		struct lm_rank *, LM_FF_ALLOC | LM_FF_OPTIONAL,
		.size = sizeof(struct lm_rank),
		.count = LM_AT(struct lm_saved_doc, m.nranks, unsigned int),
		.max = UINT_MAX, .sub = &lm_rank_fields,
		LM_WHEN(struct lm_saved_doc, m.ranked)),
	{ .key = "tests",
	  .type = LM_FT_CONV,
	  .conv = LM_CONV_TESTS,
	  .sub = &lm_test_fields },
};
const struct lm_fields lm_schema_root = { .f = lm_root_f,
					  .n = LM_N(lm_root_f) };

/* SPDX-License-Identifier: MIT */
/*
 * The suite runner: for each test of a profile, each of its ways (read,
 * write, mix): one discarded warm-up run, N counted runs, an interval
 * between tests. The headline of a cell is the median of its counted runs
 * (or, with LM_AGG_MAX, the best run, as CrystalDiskMark reports); the
 * mean, min, max and coefficient of variation are kept, and a cell whose
 * CV is above 5% is flagged unstable.
 */
#ifndef LM_SUITE_H
#define LM_SUITE_H

#include "src/job/job.h"
#include "src/job/profile.h"
#include "src/stats/steady.h"
#include "src/stats/stats.h"
#include "src/target/target.h"
#include "src/job/verify_block.h"
#include "src/suite/warn.h"

#include <stdbool.h>

#define LM_RUNS_MAX 100u
#define LM_UNSTABLE_CV_PCT 5.0

enum lm_aggregate { LM_AGG_MEDIAN, LM_AGG_MAX };

/* How a test runs: its read job, write job, or mixed job. */
enum lm_way { LM_WAY_READ, LM_WAY_WRITE, LM_WAY_MIX, LM_WAYS };

struct lm_suite_opts {
	struct lm_job base; /* engine, direct, seed, pattern, prefill */
	uint64_t size_bytes;
	uint64_t runtime_ns;
	bool size_set;	  /* --size given: it beats the profile's */
	bool runtime_set; /* --runtime given: likewise */
	uint64_t interval_ns;
	unsigned int runs;
	unsigned int mix_pct; /* reads in a [Mix] job (--mix, default 70) */
	double link_gbit;     /* --link: the line rate, 0 when not given */
	bool warmup;
	bool read;
	bool write;
	bool allow_write; /* prefill may write the target */
	bool quiet;	  /* no progress line */
	enum lm_aggregate agg;
	/* --until-steady: each cell in rounds until the SNIA rule holds
	 * (ss.h), at most max_rounds; the cache profile always is */
	bool until_steady;
	unsigned int max_rounds;
	uint64_t working_set_bytes; /* --working-set: the cache profile's W */
	uint64_t cache_bytes;	    /* --cache-size, 0 unknown */
	uint64_t nas_ram_bytes;	    /* --nas-ram, 0 unknown */
	bool sustained;		    /* --sustained: the cache profile's write */
};

/* CrystalDiskMark 8's defaults: 1 GiB, 5 runs of 5 s, 5 s apart. */
void lm_suite_defaults(struct lm_suite_opts *o);

/* One counted run of a cell: read, write and both together, and its
 * per-second samples (owned; freed by lm_mark_result_free()). */
struct lm_cell_run {
	struct lm_summary s[LM_SUMS];
	/* CPU seconds over the measured window: the process's (user plus
	 * system) and the host's busy time; -1 unknown (older files) */
	double cpu_s;
	double host_cpu_s;
	struct lm_sample *series;
	unsigned int nseries;
};

struct lm_cell {
	bool wanted;
	unsigned int nruns; /* counted runs measured */
	struct lm_cell_run runs[LM_RUNS_MAX];
	/* mb_s, iops, lat_mean_us per summary: medians or the best run */
	struct lm_summary headline[LM_SUMS];
	struct lm_spread spread; /* of the cell's MB/s over its runs */
	bool unstable;		 /* spread.cv_pct > LM_UNSTABLE_CV_PCT */
	double bar;		 /* sweeps: MB/s over the sweep's best */
	double link_pct;	 /* MB/s over the link's ceiling, in % */
	uint64_t files;		 /* copies: the set run, after --size */
	uint64_t file_bytes;
	/* in rounds (--until-steady, the cache profile): the SNIA verdict
	 * over the last rounds; the headline is of that window alone */
	bool by_rounds;
	struct lm_snia ss;
	/* the cache profile: the first round is the cold pass */
	double warm_ratio;   /* headline MB/s over the cold pass's */
	bool warmed;	     /* warm/cold >= LM_WARM_RATIO and the cold
				* pass below every round of the window */
	uint64_t warm_bytes; /* moved by the rounds before the window */
	double warm_s;	     /* and the seconds they took */
	bool has_miss;	     /* the miss run was made */
	struct lm_summary miss[LM_SUMS];
	/* --sustained: burst and sustained MB/s from the per-second series
	 * of the one run, and when the change came */
	bool sustain;
	struct lm_step step;
	double step_s;
	uint64_t step_bytes;
};

#define LM_WARM_RATIO 1.10

/* The first run a cell's figures come from: the steady window's, for a
 * cell in rounds (the rounds before it are its warm-up curve). */
static inline unsigned int lm_cell_first(const struct lm_cell *c)
{
	return c->by_rounds && c->ss.n ? c->ss.first : 0;
}

struct lm_mark_result {
	const struct lm_profile *profile;
	struct lm_cell (*cells)[LM_WAYS]; /* one row per test */
	double link_ceiling_mb_s;	  /* 0 without --link */
	bool interrupted;
	bool prefilled;
	int io_errno;
	uint64_t io_err_offset;
	char io_err_test[64];
	char io_errtext[512];
	char note[96];
	uint64_t miss_bytes;   /* the miss run's region, 0 when not run */
	uint64_t primer_bytes; /* the primer's region at the end, or 0 */
	char miss_why[160];    /* why there was no miss run, or "" */
	struct lm_warnings warn;
	bool verified;		 /* --verify: every read was checked */
	struct lm_vtally verify; /* what the checks found, all runs */
	char verify_test[64];	 /* the run of the first bad block */
};

/* The summary a cell's figure comes from: read, write or both. */
unsigned int lm_way_sum(const struct lm_profile *p, enum lm_way w);

/* Does profile @p run way @w of its tests at all? */
bool lm_way_used(const struct lm_profile *p, enum lm_way w);

/* The size and runtime a profile runs with, after the options. */
uint64_t lm_suite_size(const struct lm_suite_opts *o,
		       const struct lm_profile *p);
/* 0 for a sweep: each run is one pass over the region */
uint64_t lm_suite_runtime(const struct lm_suite_opts *o,
			  const struct lm_profile *p);

/* The order a test's ways run in (i from 0 to LM_WAYS - 1): ATTO writes
 * first, then reads what it wrote; the others read first, as
 * CrystalDiskMark does. */
enum lm_way lm_way_at(const struct lm_profile *p, unsigned int i);

/* Is way @w of test @t wanted, given --read-only and --write-only? */
bool lm_wanted(const struct lm_suite_opts *o, const struct lm_profile *p,
	       const struct lm_test *t, enum lm_way w);

/* Build the job for test @t of @p, way @w. */
void lm_suite_job(const struct lm_suite_opts *o, const struct lm_profile *p,
		  const struct lm_test *t, enum lm_way w, struct lm_job *j);

/*
 * Check every job of the profile against the target before any IO.
 * Prints why and returns an exit code, or 0.
 */
int lm_suite_check(const struct lm_suite_opts *o, const struct lm_profile *p,
		   const struct lm_target *t);

/* Run the profile. 0, or an exit code after printing why; m holds what was
 * measured either way. Free with lm_mark_result_free(). */
int lm_suite_mark(const struct lm_suite_opts *o, const struct lm_profile *p,
		  const struct lm_target *t, struct lm_mark_result *m);
void lm_mark_result_free(struct lm_mark_result *m);

/* Does the profile write, given the options? */
bool lm_suite_writes(const struct lm_suite_opts *o, const struct lm_profile *p);

/* The cache profile's region for test @i: its working set, or, for the
 * sustained write, from 0 up to 2 x --cache-size. */
void lm_cache_region(const struct lm_suite_opts *o, const struct lm_profile *p,
		     unsigned int i, uint64_t *off, uint64_t *len);

/* Was any cell measured, or is there an interruption or error to show? */
bool lm_mark_has_news(const struct lm_mark_result *m);

/* Fill a cell's headline and spread from its runs; @sum is its figure.
 * A cell by_rounds is judged by the SNIA rule first and its headline is
 * of the window; a sustain cell gets its step. */
void lm_cell_aggregate(struct lm_cell *c, unsigned int sum,
		       enum lm_aggregate agg);

/*
 * The parts of lm_cell_aggregate() for rounds (suite_rounds.c), each
 * from the cell's runs alone, so that a result read back gets the same:
 * the SNIA verdict over the last rounds; the cold pass, warm/cold and
 * what warming took; a sustain cell's step in its per-second MB/s.
 */
void lm_cell_rounds(struct lm_cell *c, unsigned int sum);
void lm_cell_warm(struct lm_cell *c, unsigned int sum);
void lm_cell_step(struct lm_cell *c, unsigned int sum);

/*
 * The cache profile's regions beyond the working sets. The primer: the
 * last LM_PRIMER_BYTES of the target, read for LM_PRIMER_NS before each
 * test's cold pass, so that the cold pass is not also the first IO after
 * idling (the target's threads, the connection): 0 when the target has no
 * room. The miss region, right after the working sets: 3 x --cache-size,
 * or what is left before the primer; none (and why in m->miss_why)
 * without --cache-size or when that is not more than 2 x --cache-size.
 */
#define LM_PRIMER_BYTES (8ull << 20)
#define LM_PRIMER_NS 500000000ull
void lm_cache_miss_plan(const struct lm_suite_opts *o,
			const struct lm_profile *p, const struct lm_target *t,
			struct lm_mark_result *m);

/* Judge the warnings (warn.h) of a finished mark into m->warn. */
void lm_mark_warnings(const struct lm_suite_opts *o, const struct lm_profile *p,
		      const struct lm_target *t, struct lm_mark_result *m);

/* TCP payload a link of @gbit carries at MTU 1500, in MB/s (see .c). */
double lm_link_ceiling_mb_s(double gbit);

#endif

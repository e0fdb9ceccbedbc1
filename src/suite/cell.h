/* SPDX-License-Identifier: MIT */
/*
 * What a mark measured: a grid of cells, one per test and way (read,
 * write, mix), each holding its counted runs, and the arithmetic that
 * turns the runs into a cell's figures. The arithmetic is pure: it reads
 * a cell's runs and nothing else, so that a cell the runner filled
 * (suite.h) and one read back from a file (result/save.h) get the same
 * headline, spread, steady window, warming and step.
 *
 * The headline of a cell is the median of its counted runs (or, with
 * LM_AGG_MAX, the best run, as CrystalDiskMark reports); the mean, min,
 * max and coefficient of variation are kept, and a cell whose CV is above
 * LM_UNSTABLE_CV_PCT is flagged unstable.
 */
#ifndef LM_CELL_H
#define LM_CELL_H

#include "src/job/profile.h"
#include "src/job/verify_block.h"
#include "src/result/ranks.h"
#include "src/stats/stats.h"
#include "src/stats/steady.h"
#include "src/suite/warn.h"

#include <stdbool.h>
#include <stdint.h>

#define LM_RUNS_MAX 100u
#define LM_UNSTABLE_CV_PCT 5.0
/* the cache profile: warming shows at headline / cold pass >= this */
#define LM_WARM_RATIO 1.10

enum lm_aggregate { LM_AGG_MEDIAN, LM_AGG_MAX };

/* How a test runs: its read job, write job, or mixed job. */
enum lm_way { LM_WAY_READ, LM_WAY_WRITE, LM_WAY_MIX, LM_WAYS };

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
	/* several sides (lunmark-mpi): each one's row, owned */
	struct lm_rank_run *ranks;
	unsigned int nranks;
	bool ranked; /* it has them (saved only then) */
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

/* The first run a cell's figures come from: the steady window's, for a
 * cell in rounds (the rounds before it are its warm-up curve). */
static inline unsigned int lm_cell_first(const struct lm_cell *c)
{
	return c->by_rounds && c->ss.n ? c->ss.first : 0;
}

/* Does the [Mix] cell @c of test @t measure direction @dir (LM_DIR_READ
 * or LM_DIR_WRITE)? Not one that did not run, nor the writes of a spec
 * that only reads, nor the reads of one that only writes (IOmeter's). */
static inline bool lm_mix_measures(const struct lm_test *t,
				   const struct lm_cell *c, unsigned int dir)
{
	return c->nruns &&
	       (dir == LM_DIR_READ ? t->read_pct > 0 : t->read_pct < 100);
}

/* A mark: its cells, and what stopped it or is to be said about it. */
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
	unsigned int reconnects; /* iSCSI sessions logged in again, all runs */
	bool reconnected;	 /* reconnects > 0: saved only then */
	uint64_t miss_bytes;	 /* the miss run's region, 0 when not run */
	uint64_t primer_bytes;	 /* the primer's region at the end, or 0 */
	char miss_why[160];	 /* why there was no miss run, or "" */
	struct lm_warnings warn;
	bool verified;		       /* --verify: every read was checked */
	struct lm_verify_tally verify; /* what the checks found, all runs */
	char verify_test[64];	       /* the run of the first bad block */
	/* several sides (lunmark-mpi): their table, owned; 0 alone */
	struct lm_rank *ranks;
	unsigned int nranks;
	bool ranked; /* it has them (saved only then) */
};

void lm_mark_result_free(struct lm_mark_result *m);

/* Was any cell measured, or is there an interruption or error to show? */
bool lm_mark_has_news(const struct lm_mark_result *m);

/* The summary a cell's figure comes from: read, write or both. */
unsigned int lm_way_sum(const struct lm_profile *p, enum lm_way w);

/* Does profile @p run way @w of its tests at all? */
bool lm_way_used(const struct lm_profile *p, enum lm_way w);

/* Fill a cell's headline and spread from its runs; @sum is its figure.
 * A cell by_rounds is judged by the SNIA rule first and its headline is
 * of the window; a sustain cell gets its step. */
void lm_cell_aggregate(struct lm_cell *c, unsigned int sum,
		       enum lm_aggregate agg);

/*
 * The parts of lm_cell_aggregate() for rounds, each from the cell's runs
 * alone: the SNIA verdict over the last rounds; the cold pass, warm/cold
 * and what warming took (after the headline); a sustain cell's step in
 * its per-second MB/s.
 */
void lm_cell_rounds(struct lm_cell *c, unsigned int sum);
void lm_cell_warm(struct lm_cell *c, unsigned int sum);
void lm_cell_step(struct lm_cell *c, unsigned int sum);

/* TCP payload a link of @gbit carries at MTU 1500, in MB/s (see .c): the
 * ceiling a cell's link_pct is measured against. */
double lm_link_ceiling_mb_s(double gbit);

#endif

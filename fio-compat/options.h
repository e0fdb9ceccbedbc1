/* SPDX-License-Identifier: MIT */
/*
 * fio's options, as lunmark takes them, and the jobs a job file (or a
 * fio-style command line) describes, with fio's [global] inheritance. Each
 * key is a row of the option table (src/cli/options.h): most are rows the
 * command line shares; this file holds the rows of job files alone (fio's
 * spellings lunmark takes only there, and options taken with no effect)
 * and the setters of fio's spellings. An option lunmark does not support
 * is an error naming file:line and the option, unless ignore_unsupported
 * (then one warning per option); never silently ignored.
 */
#ifndef LM_FIO_OPTIONS_H
#define LM_FIO_OPTIONS_H

#include "src/cli/options.h"
#include "src/target/diskstat.h"
#include "src/job/job.h"
#include "fio-compat/jobfile.h"

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>

#define LM_FIO_JOBS_MAX 256u
#define LM_FIO_FILES_MAX 16u /* in one job's filename list */
#define LM_FIO_PCTS_MAX 20u  /* fio's percentile_list's most */

struct lm_fio_job {
	struct lm_job job; /* name, rw, bs, iodepth, numjobs as threads, ... */
	/* unescaped; with several (a:b), each ends with a NUL, one after
	 * the other: lm_fio_file_at() */
	char filename[4096];
	unsigned int nfiles;
	/* write_bw_log, write_iops_log, write_lat_log: name prefixes, ""
	 * when not asked for; log_avg_msec: the window in ms (0: a line
	 * per IO); per_job_logs=0: one file of each name for every thread
	 * (fiojson.h) */
	char bw_log[256];
	char iops_log[256];
	char lat_log[256];
	unsigned int log_avg_ms;
	bool per_job_logs;
	/* random_generator: tausworthe (0), LM_FIO_LFSR or tausworthe64 */
#define LM_FIO_LFSR 1u
	unsigned int rand_gen;
	/* of bw_log, iops_log, lat_log, hist_log (bits 1, 2, 4, 8): asked
	 * for without a NAME, so named after the job (output.h) */
	unsigned int log_by_name;
	/* bwavgtime, iopsavgtime given (bits 1, 2): output.h */
	unsigned int avg_given;
	/* write_hist_log: a name prefix ("" when not asked for), and its
	 * log_hist_msec (0: an empty log, as fio's) and coarseness */
	char hist_log[256];
	unsigned int log_hist_ms, hist_coarse;
	/* write_iolog: the file of every IO issued ("": none; trace.h) */
	char write_iolog[4096];
	bool log_offset; /* log_offset=1: each line has the IO's offset */
	bool log_prio;	 /* log_prio=1: its last field is the IO's priority */
	/* log_unix_epoch, log_alternate_epoch: the logs' times from the
	 * epoch of clock log_clock (log_alternate_epoch_clock_id), not
	 * from the job's start */
	bool log_unix_epoch, log_alt_epoch;
	unsigned int log_clock;
	unsigned int uncached; /* io_uring's uncached= (engine.h) */
	char engine_as[16];    /* ioengine= as written ("": none) */
	uint64_t filesize;     /* filesize=: each file's region */
	/* startdelay=LO-HI: each clone draws its delay in it ([1] 0: none) */
	uint64_t startdelay_range[2];
	/* the files a job without filename= makes, as fio's: nrfiles of
	 * them, named by fname_format ("" : fio's default) in directory=
	 * ("": here); unlink=1 removes those made when the job is done */
	unsigned int nrfiles;
	/* file_service_type=sequential: a job's files one after another,
	 * each at the job's whole iodepth (else at once, as roundrobin) */
	bool files_in_turn;
	char directory[PATH_MAX];
	char fname_format[256];
	bool unlink;
	/* fallocate=: how a file made gets its blocks (made.h) */
	enum lm_fio_falloc {
		LM_FALLOC_NATIVE,   /* fio's default: fallocate(2) */
		LM_FALLOC_NONE,	    /* none: sized alone, sparse */
		LM_FALLOC_POSIX,    /* posix_fallocate(3) */
		LM_FALLOC_KEEP,	    /* keep: allocated, its size set after */
		LM_FALLOC_TRUNCATE, /* truncate: sized alone */
	} falloc;
	bool named;	/* its files were named so, not by filename= */
	char desc[256]; /* description= */
	/* zonemode=strided (1), zonesize, zonerange, zoneskip */
	unsigned int zonemode;
	unsigned int submit_mode; /* io_submit_mode: inline (0), offload */
	/* iodepth= as given, where a synchronous engine caps the job's at 1
	 * (fio's latency_depth shows it); 0: the job's own */
	unsigned int depth_given;
	uint64_t zonesize, zonerange, zoneskip;
	bool gtod_reduce; /* no latency figures, as fio's */
	/* disable_lat, disable_clat, disable_slat, disable_bw_measurement
	 * (fiojson.h's struct lm_fio_off) */
	bool no_lat, no_clat, no_slat, no_bw;
	/* unified_rw_reporting: each direction apart (none), only their
	 * sum ("mixed", in read's place), or both, the sum after them */
	enum lm_fio_unified {
		LM_UNIFIED_NONE,
		LM_UNIFIED_MIXED,
		LM_UNIFIED_BOTH,
	} unified;
	/* fio's percentile_list (pcts_given: else fio's own list), in
	 * order, and which latencies show it: clat unless
	 * clat_percentiles=0, lat and slat when asked (fiojson.h) */
	double pcts[LM_FIO_PCTS_MAX];
	unsigned int npcts;
	bool pcts_given, clat_pcts_off, lat_pcts, slat_pcts;
	bool do_verify;	     /* default 1 */
	bool verify_set;     /* verify= was given (before verify_pattern=) */
	uint64_t blockalign; /* ba=: the unit of random offsets; 0: smallest bs */
	char wait_for[LM_JOB_NAME_MAX + 1]; /* wait_for=: the job it waits for */
	unsigned int kb_base;
	bool engine_set;
	bool stonewall; /* waits for the jobs before it */
	bool new_group;
	bool group_reporting;
	/* numjobs: clone @clone of @nclones, number (from 1) among all
	 * jobs' clones, as fio counts them in log names */
	unsigned int clone, nclones, number;
	/*
	 * group_reporting, by fio's rule (stat.c): a job with it joins the
	 * entry of the job before it when both are of one group; any other
	 * job starts an entry. An entry of several jobs (@summed, each of
	 * them) is its first job's, with the sum of their results.
	 */
	bool joins;
	bool summed;
	unsigned int group; /* reporting group, from 0 */
	unsigned int phase; /* jobs of one phase run at once (stonewall) */
	const char *file;   /* where its section starts, for messages */
	unsigned int line;
	const struct lm_fio_section *sec; /* its options, for fio's JSON */
};

#define LM_FIO_DISKS_MAX 16u

struct lm_fio_jobs {
	struct lm_fio_job *jobs;
	unsigned int n;
	unsigned int ngroups;
	unsigned int nphases;
	/* fio's disk_util: the devices the jobs' files are or live on, what
	 * their counters moved by over the run (set by the runner) */
	struct lm_disk_stat disks[LM_FIO_DISKS_MAX];
	unsigned int ndisks;
};

/* Has job @i an entry of its own in fio's output (it joins none)? */
static inline bool lm_fio_job_shown(const struct lm_fio_jobs *js,
				    unsigned int i)
{
	return !js->jobs[i].joins;
}

/*
 * Turn @f into jobs. Returns 0, or -EINVAL with "file:line: ..." in @msg.
 * With @ignore_unsupported an unsupported option is warned about on
 * stderr once per option name and skipped. On an error @out holds
 * nothing to free.
 */
int lm_fio_jobs_build(const struct lm_fio_file *f, bool ignore_unsupported,
		      struct lm_fio_jobs *out, char *msg, size_t len);
void lm_fio_jobs_free(struct lm_fio_jobs *j);

/* `--cmdhelp=NAME` or `--cmdhelp=all`: the options with lunmark's notes.
 * Returns -ENOENT for an option lunmark does not know. */
int lm_fio_cmdhelp(FILE *f, const char *name);

/* Is @key, an option of fio's lunmark does not know, one that decides
 * whether or where a job writes (verify_only, file_append, ...)?
 * --ignore-unsupported never skips those: the job would write where
 * fio does not. */
bool lm_fio_unskippable(const char *key);

/* The job files' part of the option table, and its pace rows (pace.h). */
extern const struct lm_option lm_fio_options[];
extern const unsigned int lm_fio_noptions;

/* For the job files' rows: a field of struct lm_fio_job or of its job,
 * and a key taken with no effect or refused, with why. */
#define LM_FJ(f) LM_AT(LM_D_FIO, struct lm_fio_job, f)
#define LM_J(f) LM_AT(LM_D_JOB, struct lm_job, f)
#define LM_TAKEN(key, why)                                       \
	{                                                        \
		.fio = (key), .type = LM_T_ACCEPT, .help = (why) \
	}
/* Taken, its value still checked as fio checks it: a bool (0 or 1),
 * fio's set-by-name options (bare, or any number), a count from lo to
 * hi (fio's suffixes), or one of @vals (lm_fio_taken()) */
#define LM_TAKEN_BOOL(key, why)                                            \
	{                                                                  \
		.fio = (key), .type = LM_T_ACCEPT, .max = 1, .help = (why) \
	}
#define LM_TAKEN_SET(key, why)                                       \
	{                                                            \
		.fio = (key), .type = LM_T_ACCEPT, .max = INT32_MAX, \
		.flags = LM_OF_OPTIONAL, .help = (why)               \
	}
#define LM_TAKEN_NUM(key, lo, hi, why)                                       \
	{                                                                    \
		.fio = (key), .type = LM_T_ACCEPT, .min = (lo), .max = (hi), \
		.help = (why)                                                \
	}
#define LM_TAKEN_ENUM(key, vals, why)                                \
	{                                                            \
		.fio = (key), .type = LM_T_ACCEPT, .values = (vals), \
		.help = (why)                                        \
	}

/* Where fio parses option @key among a job file section's (its .prio,
 * options.c; parse.c's sort_options()): 1 first (kb_base, ...), 0, -1
 * last (filename, filename_format). */
int lm_fio_prio(const char *key);

/* fio's spellings of rows the command line shares: bs=R,W; size=N% and
 * offset=N% of the target; rw=read:N (N bytes skipped after each IO). */
lm_opt_set_fn lm_fio_set_bs, lm_fio_set_size, lm_fio_set_offset, lm_fio_set_rw;
/* ioengine=: lunmark's engine, and fio's name of it as written (struct
 * lm_fio_job's engine_as: pvsync2 is psync's, fio-compat/engine.c). */
lm_opt_set_fn lm_fio_set_engine;
/* A size in bytes, fio's suffixes on the job's kb_base, at least the
 * row's min (filesize, io_size, offset_increment, ba). */
lm_opt_set_fn lm_fio_set_bytes, lm_fio_set_offset_inc, lm_fio_set_io_size;

#endif

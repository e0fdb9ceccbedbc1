// SPDX-License-Identifier: MIT
/*
 * Rank 0 gathers (mpi.h): each rank's row (its summaries, window and
 * outcome) to every rank, so that all end a run alike; the latency
 * histograms and the per-second samples reduced to rank 0, which turns
 * its result into the sum. A reduce of fixed-size histograms and of one
 * sample per second, not a gather of every IO: it grows with log2 of the
 * ranks on a tree (doc/ARCHITECTURE.md).
 */
#include "src/mpi/mpi.h"
#include "src/lunmark.h"
#include "src/result/result.h"

#include <errno.h>
#include <limits.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What each rank tells all of its run. */
struct lm_mpi_row {
	struct lm_summary s[LM_SUMS];
	int64_t t0_ns; /* its window, on rank 0's clock */
	int64_t stop_ns;
	uint64_t ios[LM_DIRS];
	uint64_t bytes[LM_DIRS];
	uint64_t errors[LM_DIRS];
	uint64_t fsyncs;
	struct lm_cpu cpu;
	unsigned int nseries;
	int stop; /* lm_stop */
	int io_errno;
	int io_err_dir;
	uint64_t io_err_offset;
	char io_errtext[400];
};

/* MPI_Op: histograms merged, exactly (hist.h) */
static void lm_mpi_hist_op(void *in, void *inout, int *len, MPI_Datatype *t)
{
	const struct lm_hist *a = in;
	struct lm_hist *b = inout;
	int i;

	(void)t;
	for (i = 0; i < *len; i++)
		lm_hist_merge(&b[i], &a[i]);
}

/* MPI_Op: fio's bw and iops samples of every rank, summed as fio's
 * group_reporting sums its threads' */
static void lm_mpi_running_op(void *in, void *inout, int *len, MPI_Datatype *t)
{
	const struct lm_running *a = in;
	struct lm_running *b = inout;
	int i;

	(void)t;
	for (i = 0; i < *len; i++)
		lm_running_sum(&b[i], &a[i]);
}

/* MPI_Op: fio's IO depth counts of every rank, summed */
static void lm_mpi_depths_op(void *in, void *inout, int *len, MPI_Datatype *t)
{
	const struct lm_depths *a = in;
	struct lm_depths *b = inout;
	int i;

	(void)t;
	for (i = 0; i < *len; i++)
		lm_depths_add(&b[i], &a[i]);
}

/* MPI_Op: one second of every rank, summed; its length the longest */
static void lm_mpi_sample_op(void *in, void *inout, int *len, MPI_Datatype *t)
{
	const struct lm_sample *a = in;
	struct lm_sample *b = inout;
	unsigned int d;
	int i;

	(void)t;
	for (i = 0; i < *len; i++) {
		if (a[i].dur_ns > b[i].dur_ns)
			b[i].dur_ns = a[i].dur_ns;
		for (d = 0; d < LM_DIRS; d++) {
			b[i].ios[d] += a[i].ios[d];
			b[i].bytes[d] += a[i].bytes[d];
			b[i].lat_ns[d] += a[i].lat_ns[d];
			b[i].slat_ns[d] += a[i].slat_ns[d];
		}
	}
}

/* @n elements of @size bytes, reduced to rank 0 by @fn. */
static int lm_mpi_reduce(void *buf, int n, size_t size, MPI_User_function *fn,
			 int rank)
{
	MPI_Datatype t;
	MPI_Op op;
	int ret;

	MPI_Type_contiguous((int)size, MPI_BYTE, &t);
	MPI_Type_commit(&t);
	MPI_Op_create(fn, 1, &op);
	ret = MPI_Reduce(rank ? buf : MPI_IN_PLACE, rank ? NULL : buf, n, t, op,
			 0, MPI_COMM_WORLD);
	MPI_Op_free(&op);
	MPI_Type_free(&t);
	return ret == MPI_SUCCESS ? 0 : -EIO;
}

static void lm_mpi_row_fill(const struct lm_mpi *x, uint64_t t0_ns,
			    uint64_t stop_ns, const struct lm_run_result *r,
			    struct lm_mpi_row *row)
{
	memset(row, 0, sizeof(*row));
	memcpy(row->s, r->sum, sizeof(row->s));
	row->t0_ns = (int64_t)t0_ns - x->offset_ns;
	row->stop_ns = (int64_t)stop_ns - x->offset_ns;
	memcpy(row->ios, r->ios, sizeof(row->ios));
	memcpy(row->bytes, r->bytes, sizeof(row->bytes));
	memcpy(row->errors, r->errors, sizeof(row->errors));
	row->fsyncs = r->fsyncs;
	row->cpu = r->cpu;
	row->nseries = r->nseries;
	row->stop = lm_stop;
	row->io_errno = r->io_errno;
	row->io_err_dir = (int)r->io_err_dir;
	row->io_err_offset = r->io_err_offset;
	snprintf(row->io_errtext, sizeof(row->io_errtext), "%s",
		 lm_errtext(r->io_errno, r->io_errtext));
}

/* What every rank learns of all: the largest stop signal, the first
 * rank with an IO error (INT_MAX minus it, 0 none), the longest series;
 * an allreduce, not a gather of every row. */
struct lm_mpi_all {
	int stop;
	int failed;
	int nseries;
};

/* Every rank ends as the first that failed or stopped: its IO error
 * (naming it, from its row, which it sends to all) and its signal
 * become this rank's. */
static int lm_mpi_outcome(struct lm_mpi *x, const struct lm_mpi_row *mine,
			  struct lm_mpi_all *all, struct lm_run_result *r)
{
	struct lm_mpi_all in = { mine->stop, 0, (int)mine->nseries };
	struct lm_mpi_row row = *mine;
	MPI_Request req;
	int k;

	if (mine->io_errno)
		in.failed = INT_MAX - x->rank;
	MPI_Iallreduce(&in, all, 3, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &req);
	if (!lm_mpi_wait(x, &req))
		return -EPIPE;
	if (all->stop && !lm_stop)
		lm_stop = all->stop % LM_STOP_NOW;
	r->interrupted = lm_stop != 0;
	if (!all->failed || x->size == 1)
		return 0;
	k = INT_MAX - all->failed;
	MPI_Bcast(&row, (int)sizeof(row), MPI_BYTE, k, MPI_COMM_WORLD);
	r->io_errno = row.io_errno;
	r->io_err_dir = (unsigned int)row.io_err_dir;
	r->io_err_offset = row.io_err_offset;
	snprintf(r->io_errtext, sizeof(r->io_errtext),
		 "on rank %d (host %s): %s", k, x->ranks[k].host,
		 row.io_errtext);
	return 0;
}

/* A copy times whole files and keeps no histogram: the sum's mean time
 * per file is the rows', weighted by their files. */
static void lm_mpi_sum_files(const struct lm_mpi *x,
			     const struct lm_mpi_row *rows,
			     struct lm_run_result *r)
{
	unsigned int d;
	double t, n;
	int k;

	for (d = 0; d < LM_SUMS; d++) {
		if (r->sum[d].lat_mean_us > 0)
			continue;
		for (t = 0, n = 0, k = 0; k < x->size; k++) {
			t += rows[k].s[d].lat_mean_us *
			     (double)rows[k].s[d].ios;
			n += (double)rows[k].s[d].ios;
		}
		r->sum[d].lat_mean_us = n > 0 ? t / n : 0;
	}
}

/* Rank 0's result becomes the sum of the rows, with a row per rank. */
static int lm_mpi_sum(const struct lm_mpi *x, const struct lm_mpi_row *rows,
		      struct lm_run_result *r)
{
	int64_t lo = rows[0].t0_ns, hi = rows[0].stop_ns;
	unsigned int d;
	int k;

	r->ranks = calloc((size_t)x->size, sizeof(*r->ranks));
	if (!r->ranks)
		return -ENOMEM;
	r->nranks = (unsigned int)x->size;
	memset(&r->cpu, 0, sizeof(r->cpu));
	for (k = 0; k < x->size; k++) {
		lo = rows[k].t0_ns < lo ? rows[k].t0_ns : lo;
		hi = rows[k].stop_ns > hi ? rows[k].stop_ns : hi;
	}
	for (d = 0; d < LM_DIRS; d++)
		r->ios[d] = r->bytes[d] = r->errors[d] = 0;
	r->fsyncs = 0;
	for (k = 0; k < x->size; k++) {
		struct lm_rank_run *row = &r->ranks[k];

		row->rank = (unsigned int)k;
		memcpy(row->s, rows[k].s, sizeof(row->s));
		row->start_us = (double)(rows[k].t0_ns - lo) / 1e3;
		row->end_us = (double)(rows[k].stop_ns - lo) / 1e3;
		row->io_errno = rows[k].io_errno;
		row->interrupted = rows[k].stop != 0;
		for (d = 0; d < LM_DIRS; d++) {
			r->ios[d] += rows[k].ios[d];
			r->bytes[d] += rows[k].bytes[d];
			r->errors[d] += rows[k].errors[d];
		}
		r->fsyncs += rows[k].fsyncs;
		r->cpu.usr_s += rows[k].cpu.usr_s;
		r->cpu.sys_s += rows[k].cpu.sys_s;
		r->cpu.host_s += rows[k].cpu.host_s;
	}
	/* the sum's window: from the first start to the last end */
	r->elapsed_ns = hi > lo ? (uint64_t)(hi - lo) : 0;
	lm_run_result_summarize(r);
	lm_mpi_sum_files(x, rows, r);
	return 0;
}

/* The per-second samples of all, summed, into rank 0's result. */
static int lm_mpi_series(struct lm_mpi *x, unsigned int n,
			 struct lm_run_result *r)
{
	struct lm_sample *s;
	int ret;

	if (!n)
		return 0;
	s = calloc(n, sizeof(*s));
	if (!s)
		return -ENOMEM; /* every rank has the same n: all fail */
	memcpy(s, r->series, r->nseries * sizeof(*s));
	ret = lm_mpi_reduce(s, (int)n, sizeof(*s), lm_mpi_sample_op, x->rank);
	if (!x->rank && !ret) {
		free(r->series);
		r->series = s;
		r->nseries = n;
		return 0;
	}
	free(s);
	return ret;
}

int lm_mpi_gather(struct lm_mpi *x, uint64_t t0_ns, uint64_t stop_ns,
		  struct lm_run_result *r)
{
	uint64_t t = lm_now_ns();
	struct lm_mpi_row *rows = NULL, mine;
	struct lm_mpi_all all;
	MPI_Request req;
	int ret;

	if (x->broken)
		return 0;
	if (!x->rank)
		rows = calloc((size_t)x->size, sizeof(*rows));
	/* rank 0 out of memory has nothing to sum into: the job ends */
	if (!x->rank && !rows)
		MPI_Abort(MPI_COMM_WORLD, LM_EXIT_ENGINE);
	lm_mpi_row_fill(x, t0_ns, stop_ns, r, &mine);
	MPI_Igather(&mine, (int)sizeof(mine), MPI_BYTE, rows, (int)sizeof(mine),
		    MPI_BYTE, 0, MPI_COMM_WORLD, &req);
	/* a peer is gone: this rank's figures alone */
	ret = lm_mpi_wait(x, &req) ? lm_mpi_outcome(x, &mine, &all, r) : -EPIPE;
	if (!ret)
		ret = lm_mpi_reduce(r->lat, LM_DIRS, sizeof(r->lat[0]),
				    lm_mpi_hist_op, x->rank);
	if (!ret)
		ret = lm_mpi_reduce(&r->sync_lat, 1, sizeof(r->sync_lat),
				    lm_mpi_hist_op, x->rank);
	if (!ret)
		ret = lm_mpi_reduce(r->bw_samples, LM_DIRS,
				    sizeof(r->bw_samples[0]), lm_mpi_running_op,
				    x->rank);
	if (!ret)
		ret = lm_mpi_reduce(r->iops_samples, LM_DIRS,
				    sizeof(r->iops_samples[0]),
				    lm_mpi_running_op, x->rank);
	if (!ret)
		ret = lm_mpi_reduce(&r->depths, 1, sizeof(r->depths),
				    lm_mpi_depths_op, x->rank);
	if (!ret)
		ret = lm_mpi_series(x, (unsigned int)all.nseries, r);
	if (!ret && !x->rank)
		ret = lm_mpi_sum(x, rows, r);
	free(rows);
	x->gathers++;
	t = lm_now_ns() - t;
	x->gather_ns += t;
	x->gather_max_ns = t > x->gather_max_ns ? t : x->gather_max_ns;
	if (ret == -EPIPE)
		return 0;
	if (ret) {
		lm_err("gathering the ranks' results: %s", strerror(-ret));
		return LM_EXIT_ENGINE;
	}
	return 0;
}

// SPDX-License-Identifier: MIT
/*
 * One clock for all ranks (mpi.h): the clock offsets, the barrier and
 * agreed start of each run, the per-second verdict, and the setup check.
 */
#include "src/mpi/mpi.h"
#include "src/lunmark.h"
#include "src/stats/stats.h"

#include <errno.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define LM_MPI_ROUNDS 8		   /* round trips per rank for its offset */
#define LM_MPI_LEAD_NS 50000000ull /* the agreed start: this far ahead */
/* after a stop signal: a peer signalled too ticks at once, one that was
 * not within a second (run.c) */
#define LM_MPI_GIVE_UP_NS 1500000000ull
#define LM_MPI_TAG_CLOCK 71

bool lm_mpi_wait(struct lm_mpi *x, void *req)
{
	struct timespec ms = { 0, 1000000 };
	uint64_t stop_seen = 0;
	int done = 0;

	while (!done) {
		MPI_Test(req, &done, MPI_STATUS_IGNORE);
		if (done)
			break;
		if (lm_stop && !stop_seen)
			stop_seen = lm_now_ns();
		if (stop_seen && lm_now_ns() - stop_seen > LM_MPI_GIVE_UP_NS) {
			x->broken = true;
			lm_err("rank %d (host %s): the other ranks no longer answer (one died or was killed: mpirun names it); what follows is this rank's alone",
			       x->rank, x->ranks[x->rank].host);
			return false;
		}
		nanosleep(&ms, NULL);
	}
	return true;
}

/* Rank 0's side of rank @k's offset: the best of a few round trips. */
static void lm_mpi_offset_of(struct lm_mpi *x, int k)
{
	uint64_t best = UINT64_MAX, t1, t2, tk;
	int i;

	for (i = 0; i < LM_MPI_ROUNDS; i++) {
		t1 = lm_now_ns();
		MPI_Send(&t1, 1, MPI_UINT64_T, k, LM_MPI_TAG_CLOCK,
			 MPI_COMM_WORLD);
		MPI_Recv(&tk, 1, MPI_UINT64_T, k, LM_MPI_TAG_CLOCK,
			 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
		t2 = lm_now_ns();
		if (t2 - t1 >= best)
			continue;
		best = t2 - t1;
		/* its clock when ours read the midpoint of the trip */
		x->ranks[k].clock_offset_us =
			((double)tk - ((double)t1 + (double)(t2 - t1) / 2)) /
			1e3;
		x->ranks[k].rtt_us = (double)best / 1e3;
	}
}

static void lm_mpi_offsets(struct lm_mpi *x)
{
	uint64_t t, now;
	int k, i;

	if (x->rank) {
		for (i = 0; i < LM_MPI_ROUNDS; i++) {
			MPI_Recv(&t, 1, MPI_UINT64_T, 0, LM_MPI_TAG_CLOCK,
				 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
			now = lm_now_ns();
			MPI_Send(&now, 1, MPI_UINT64_T, 0, LM_MPI_TAG_CLOCK,
				 MPI_COMM_WORLD);
		}
	}
	for (k = 1; !x->rank && k < x->size; k++)
		lm_mpi_offset_of(x, k);
	MPI_Bcast(x->ranks, (int)(x->size * sizeof(*x->ranks)), MPI_BYTE, 0,
		  MPI_COMM_WORLD);
	x->offset_ns = (int64_t)(x->ranks[x->rank].clock_offset_us * 1e3);
}

/* Every rank's setup exit code; the first failure is everyone's. */
static int lm_mpi_ready(void *arg, int ret)
{
	struct lm_mpi *x = arg;
	MPI_Request req;
	int *all, k;

	if (x->broken)
		return ret;
	all = calloc((size_t)x->size, sizeof(*all));
	if (!all) {
		lm_err("out of memory");
		return ret ? ret : LM_EXIT_ENGINE;
	}
	MPI_Iallgather(&ret, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD, &req);
	if (!lm_mpi_wait(x, &req)) {
		free(all);
		return ret ? ret : LM_EXIT_INTERRUPTED;
	}
	for (k = 0; k < x->size && !all[k]; k++)
		;
	if (k < x->size) {
		if (!x->rank)
			lm_err("rank %d (host %s) failed before any IO (exit code %d; its own message is above); no rank ran",
			       k, x->ranks[k].host, all[k]);
		ret = ret ? ret : all[k];
	}
	free(all);
	return ret;
}

/* A barrier, then rank 0's time a little ahead, on each rank's clock. */
static int lm_mpi_start(void *arg, uint64_t *start_ns)
{
	struct lm_mpi *x = arg;
	MPI_Request req;
	uint64_t s0 = 0;

	*start_ns = 0;
	if (x->broken)
		return 0;
	MPI_Ibarrier(MPI_COMM_WORLD, &req);
	if (!lm_mpi_wait(x, &req))
		return LM_EXIT_INTERRUPTED;
	if (!x->rank)
		s0 = lm_now_ns() + LM_MPI_LEAD_NS;
	MPI_Bcast(&s0, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
	*start_ns = (uint64_t)((int64_t)s0 + x->offset_ns);
	return 0;
}

/* {signal, stopped, still running}, the largest of each over the ranks */
static bool lm_mpi_tick(void *arg, enum lm_clock_state st)
{
	struct lm_mpi *x = arg;
	int in[3], out[3];
	MPI_Request req;

	if (x->broken)
		return true;
	in[0] = lm_stop;
	in[1] = st == LM_CLOCK_STOP;
	in[2] = st == LM_CLOCK_RUNNING;
	MPI_Iallreduce(in, out, 3, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &req);
	if (!lm_mpi_wait(x, &req))
		return true;
	/* a peer stopped by a signal stops this rank as that signal */
	if (out[0] && !lm_stop)
		lm_stop = out[0] % LM_STOP_NOW;
	return out[1] || !out[2];
}

static unsigned int lm_mpi_describe(void *arg, struct lm_rank **ranks)
{
	struct lm_mpi *x = arg;

	*ranks = malloc((size_t)x->size * sizeof(**ranks));
	if (!*ranks)
		return 0;
	memcpy(*ranks, x->ranks, (size_t)x->size * sizeof(**ranks));
	return (unsigned int)x->size;
}

static int lm_mpi_gather_op(void *arg, uint64_t t0_ns, uint64_t stop_ns,
			    struct lm_run_result *r)
{
	return lm_mpi_gather(arg, t0_ns, stop_ns, r);
}

static const struct lm_run_clock_ops lm_mpi_ops = {
	.ready = lm_mpi_ready,
	.start = lm_mpi_start,
	.tick = lm_mpi_tick,
	.gather = lm_mpi_gather_op,
	.describe = lm_mpi_describe,
};

int lm_mpi_init(struct lm_mpi *x)
{
	char host[LM_RANK_HOST_MAX] = "";

	memset(x, 0, sizeof(*x));
	MPI_Comm_rank(MPI_COMM_WORLD, &x->rank);
	MPI_Comm_size(MPI_COMM_WORLD, &x->size);
	x->ranks = calloc((size_t)x->size, sizeof(*x->ranks));
	if (!x->ranks)
		return -ENOMEM;
	if (gethostname(host, sizeof(host) - 1))
		snprintf(host, sizeof(host), "rank%d", x->rank);
	x->ranks[x->rank].rank = (unsigned int)x->rank;
	snprintf(x->ranks[x->rank].host, sizeof(host), "%s", host);
	MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, x->ranks,
		      (int)sizeof(*x->ranks), MPI_BYTE, MPI_COMM_WORLD);
	lm_mpi_offsets(x);
	x->clock.ops = &lm_mpi_ops;
	x->clock.arg = x;
	return 0;
}

void lm_mpi_free(struct lm_mpi *x)
{
	free(x->ranks);
	x->ranks = NULL;
}

int lm_mpi_expand(const struct lm_mpi *x, const char *in, char *out,
		  size_t size)
{
	size_t n = 0;
	int w;

	for (; *in; in++) {
		if (*in != '%' || in[1] == '%') {
			w = snprintf(out + n, size - n, "%c", *in);
			in += *in == '%';
		} else if (in[1] == 'r') {
			w = snprintf(out + n, size - n, "%d", x->rank);
			in++;
		} else if (in[1] == 'h') {
			w = snprintf(out + n, size - n, "%s",
				     x->ranks[x->rank].host);
			in++;
		} else {
			return -EINVAL;
		}
		if (w < 0 || n + (size_t)w >= size)
			return -ENAMETOOLONG;
		n += (size_t)w;
	}
	out[n] = '\0';
	return 0;
}

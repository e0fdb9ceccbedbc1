// SPDX-License-Identifier: MIT
/*
 * lunmark-mpi: `mpirun -np N lunmark-mpi mark|run TARGET... [OPTIONS]`,
 * or `mpirun -np N lunmark-mpi JOBFILE...` (fio's form).
 * Every rank runs the same command on its own targets (%r and %h name
 * the rank and host in a target), on one clock (mpi.h); rank 0 prints
 * and saves the sum and a row per rank, the others print only errors.
 */
#include "src/cli/cli.h"
#include "src/cmd/cmd.h"
#include "src/lunmark.h"
#include "src/mpi/mpi.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Each target with its rank and host in place of %r and %h. */
static int lm_mpi_targets(const struct lm_mpi *x, struct lm_cli *c,
			  char (*own)[PATH_MAX])
{
	unsigned int k;
	int ret;

	for (k = 0; k < c->ntargets; k++) {
		ret = lm_mpi_expand(x, c->targets[k], own[k], PATH_MAX);
		if (ret) {
			lm_err("%s: %s (a target takes %%r for the rank, %%h for the host, %%%% for %%)",
			       c->targets[k],
			       ret == -EINVAL ? "an unknown %-name"
					      : "too long once expanded");
			return LM_EXIT_USAGE;
		}
		c->targets[k] = own[k];
	}
	return 0;
}

/* Rank 0 speaks for all: the others' reports go nowhere, their errors
 * to stderr; they save nothing and show no progress. */
static void lm_mpi_quiet(const struct lm_mpi *x, struct lm_cli *c)
{
	int fd;

	if (!x->rank)
		return;
	c->json_path = NULL;
	c->output = NULL;
	c->peer = true;
	c->suite.quiet = true;
	fflush(stdout);
	fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (fd >= 0) {
		dup2(fd, STDOUT_FILENO);
		close(fd);
	}
}

static int lm_mpi_command(struct lm_mpi *x, struct lm_cli *c)
{
	char(*own)[PATH_MAX];
	int ret;

	/* a bad command is every rank's: rank 0 says so */
	if (c->cmd != LM_CMD_MARK && c->cmd != LM_CMD_RUN &&
	    c->cmd != LM_CMD_JOBS) {
		if (!x->rank)
			lm_err("lunmark-mpi runs 'mark', 'run' or fio job files on every rank; give one of them (other commands: lunmark)");
		return LM_EXIT_USAGE;
	}
	if (c->export_fio) {
		if (!x->rank)
			lm_err("--export-fio: use lunmark, which writes the one job file every rank would run");
		return LM_EXIT_USAGE;
	}
	own = calloc(LM_RUN_TARGETS_MAX, sizeof(*own));
	if (!own) {
		lm_err("out of memory");
		return LM_EXIT_ENGINE;
	}
	/* a job file's filename= takes ${OMPI_COMM_WORLD_RANK} instead */
	ret = c->cmd == LM_CMD_JOBS ? 0 : lm_mpi_targets(x, c, own);
	if (!ret) {
		lm_mpi_quiet(x, c);
		c->job.clock = &x->clock;
		c->suite.base.clock = &x->clock;
		ret = c->cmd == LM_CMD_MARK  ? lm_cmd_mark(c)
		      : c->cmd == LM_CMD_RUN ? lm_cmd_run(c)
					     : lm_cmd_jobs(c);
	}
	free(own);
	return ret;
}

int main(int argc, char **argv)
{
	char *copies[LM_RUN_TARGETS_MAX] = { NULL };
	struct lm_mpi x;
	struct lm_cli c;
	char msg[512];
	unsigned int k;
	int ret, got;

	if (MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &got) !=
	    MPI_SUCCESS) {
		lm_err("MPI_Init failed: run lunmark-mpi under mpirun");
		return LM_EXIT_ENGINE;
	}
	if (lm_mpi_init(&x)) {
		lm_err("out of memory");
		MPI_Abort(MPI_COMM_WORLD, LM_EXIT_ENGINE);
	}
	/* a bad command line is every rank's: they all stop here */
	if (lm_cli_parse(argc, argv, &c, msg, sizeof(msg))) {
		if (!x.rank)
			lm_err("%s", msg);
		ret = LM_EXIT_USAGE;
		goto out_fini;
	}
	if (!lm_cmd_own_urls(&c, copies, argc, argv)) {
		lm_err("out of memory");
		ret = LM_EXIT_ENGINE;
		goto out_free;
	}
	lm_signals_catch();
	ret = lm_mpi_command(&x, &c);
	if (lm_stop && !ret)
		ret = lm_exit_of_signal();
	if (!x.rank && x.gathers)
		lm_note("%d ranks, %u gathers of their results: %.3f ms each on average, %.3f ms the longest (rank 0)",
			x.size, x.gathers,
			(double)x.gather_ns / x.gathers / 1e6,
			(double)x.gather_max_ns / 1e6);
out_free:
	for (k = 0; k < LM_RUN_TARGETS_MAX; k++)
		free(copies[k]);
out_fini:
	lm_mpi_free(&x);
	/* a rank that lost its peers leaves without the collective
	 * MPI_Finalize, which would wait for them */
	if (x.broken) {
		fflush(NULL);
		_exit(ret);
	}
	MPI_Finalize();
	return ret;
}

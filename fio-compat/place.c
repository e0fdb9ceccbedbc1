// SPDX-License-Identifier: MIT
/* fio's CPU and NUMA placement options (place.h): the rows, the setters. */
#include "fio-compat/place.h"
#include "fio-compat/options.h"
#include "src/cli/values.h"
#include "src/lunmark.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static lm_opt_set_fn lm_fio_set_nice, lm_fio_set_cpus, lm_fio_set_cpumask,
	lm_fio_set_cpupol, lm_fio_set_cpunodes, lm_fio_set_mempol;

/* In --cmdhelp order, after the engines' rows. */
const struct lm_option lm_fio_place_options[] = {
	{ .fio = "cpus_allowed",
	  .type = LM_T_TEXT,
	  .set = lm_fio_set_cpus,
	  .help = "the CPUs the job's threads may run on: N or N-M joined by ',' (0-3,6)" },
	{ .fio = "cpumask",
	  .type = LM_T_TEXT,
	  .set = lm_fio_set_cpumask,
	  .help = "the same as a bit mask of CPUs 0 to 31 (0x3: CPUs 0 and 1)" },
	{ .fio = "cpus_allowed_policy",
	  .type = LM_T_TEXT,
	  .set = lm_fio_set_cpupol,
	  .help = "shared (the default: each thread on all of them) or split (each thread, numbered over the run's jobs and clones, on one of them in turn)" },
	{ .fio = "numa_cpu_nodes",
	  .type = LM_T_TEXT,
	  .set = lm_fio_set_cpunodes,
	  .help = "the NUMA nodes whose CPUs the job's threads run on (0-1, or all); replaces cpus_allowed, as fio's" },
	{ .fio = "numa_mem_policy",
	  .type = LM_T_TEXT,
	  .set = lm_fio_set_mempol,
	  .help = "default, local, prefer:NODE, bind:NODES or interleave[:NODES]: where the job's threads take their buffers from (set_mempolicy)" },
	{ .fio = "nice",
	  .type = LM_T_TEXT,
	  .set = lm_fio_set_nice,
	  .help = "-20 to 19: the job's threads' CPU niceness moved by it (below 0: root), as fio's nice()" },
};

const unsigned int lm_fio_nplace_options = LM_ARRAY_SIZE(lm_fio_place_options);

static struct lm_place *lm_fio_place(const struct lm_opt_ctx *x)
{
	return &((struct lm_job *)x->dst[LM_D_JOB])->place;
}

unsigned int lm_fio_ncpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_CONF);

	return n > 0 && n < LM_PLACE_CPUS ? (unsigned int)n : LM_PLACE_CPUS;
}

static int lm_fio_set_cpus(const struct lm_opt_ctx *x,
			   const struct lm_option *o, const char *v)
{
	char why[200];

	(void)o;
	if (lm_place_cpulist(v, lm_fio_ncpus(), lm_fio_place(x)->cpus, why,
			     sizeof(why)))
		return lm_opt_bad(x, v, why);
	return 0;
}

/* nice=N, -20 to 19 as fio's range */
static int lm_fio_set_nice(const struct lm_opt_ctx *x,
			   const struct lm_option *o, const char *v)
{
	long n;
	char *end;

	(void)o;
	errno = 0;
	n = strtol(v, &end, 10);
	if (errno || end == v || *end || n < -20 || n > 19)
		return lm_opt_bad(x, v, "a niceness from -20 to 19");
	lm_fio_place(x)->nice = (int)n;
	return 0;
}

static int lm_fio_set_cpumask(const struct lm_opt_ctx *x,
			      const struct lm_option *o, const char *v)
{
	struct lm_place *p = lm_fio_place(x);
	unsigned int ncpus = lm_fio_ncpus();
	char why[200];
	unsigned long long m;
	char *end;

	(void)o;
	errno = 0;
	/* fio: hex after 0x, else decimal (012 is twelve) */
	m = strtoull(v, &end,
		     !strncmp(v, "0x", 2) || !strncmp(v, "0X", 2) ? 16 : 10);
	if (errno || end == v || *end || *v == '-' || m > UINT32_MAX)
		return lm_opt_bad(x, v,
				  "a bit mask of CPUs 0 to 31 (0x3, or 3)");
	if (ncpus < 32 && m >> ncpus) {
		snprintf(
			why, sizeof(why),
			"CPU %d is not one of this host's (0 to %u, as fio's \"CPU too large\")",
			63 - __builtin_clzll(m), ncpus - 1);
		return lm_opt_bad(x, v, why);
	}
	memset(p->cpus, 0, sizeof(p->cpus));
	p->cpus[0] = m;
	return 0;
}

static int lm_fio_set_cpupol(const struct lm_opt_ctx *x,
			     const struct lm_option *o, const char *v)
{
	(void)o;
	if (strcmp(v, "shared") && strcmp(v, "split"))
		return lm_opt_bad(x, v, "shared or split");
	lm_fio_place(x)->split = !strcmp(v, "split");
	return 0;
}

static int lm_fio_set_cpunodes(const struct lm_opt_ctx *x,
			       const struct lm_option *o, const char *v)
{
	char why[240];

	(void)o;
	if (lm_place_nodelist(v, lm_place_nodes_here(),
			      &lm_fio_place(x)->cpu_nodes, why, sizeof(why)))
		return lm_opt_bad(x, v, why);
	return 0;
}

/* fio's modes and whether each takes nodes: 0 none, 1 one, 2 a list, 3
 * a list or none (all of them) */
static const struct {
	const char *name;
	enum lm_mem_mode mode;
	int nodes;
} lm_fio_mems[] = {
	{ "default", LM_MEM_DEFAULT, 0 },
	{ "prefer", LM_MEM_PREFER, 1 },
	{ "bind", LM_MEM_BIND, 2 },
	{ "interleave", LM_MEM_INTERLEAVE, 3 },
	{ "local", LM_MEM_LOCAL, 0 },
};

static int lm_fio_set_mempol(const struct lm_opt_ctx *x,
			     const struct lm_option *o, const char *v)
{
	struct lm_place *p = lm_fio_place(x);
	const char *colon = strchr(v, ':'), *list = colon ? colon + 1 : NULL;
	size_t n = colon ? (size_t)(colon - v) : strlen(v);
	char why[240];
	unsigned int i;

	(void)o;
	for (i = 0; i < LM_ARRAY_SIZE(lm_fio_mems); i++)
		if (strlen(lm_fio_mems[i].name) == n &&
		    !strncmp(v, lm_fio_mems[i].name, n))
			break;
	if (i == LM_ARRAY_SIZE(lm_fio_mems) ||
	    (list && !lm_fio_mems[i].nodes) ||
	    (!list &&
	     (lm_fio_mems[i].nodes == 1 || lm_fio_mems[i].nodes == 2)) ||
	    (list && lm_fio_mems[i].nodes == 1 &&
	     strspn(list, "0123456789") != strlen(list)))
		return lm_opt_bad(
			x, v,
			"default, local, prefer:NODE, bind:NODES or interleave[:NODES] (NODES: 0-1,3 or all), as fio's");
	p->mem = lm_fio_mems[i].mode;
	p->mem_nodes = 0;
	if (!list && lm_fio_mems[i].nodes)
		list = "all";
	if (list && lm_place_nodelist(list, lm_place_nodes_here(),
				      &p->mem_nodes, why, sizeof(why)))
		return lm_opt_bad(x, v, why);
	return 0;
}

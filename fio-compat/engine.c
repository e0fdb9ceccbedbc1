// SPDX-License-Identifier: MIT
/*
 * fio's engines' own options (engine.h): the rows, and the setter of
 * sqthread_poll_cpu.
 */
#include "fio-compat/engine.h"
#include "fio-compat/options.h"
#include "fio-compat/jobfile.h"
#include "fio-compat/place.h"
#include "src/cli/values.h"
#include "src/engine/engine.h"
#include "src/lunmark.h"

#include <errno.h>
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#define LM_URING .engines = LM_ENGINE_OPTS_URING
#define LM_AIO .engines = LM_ENGINE_OPTS_AIO

/* fio's set-by-name option @key of engines @eng, taken with no effect */
#define LM_TAKEN_SET_OF(key, eng, why)                                   \
	{                                                                \
		.fio = (key), .type = LM_T_ACCEPT, .max = INT32_MAX,     \
		.flags = LM_OF_OPTIONAL, .engines = (eng), .help = (why) \
	}

static lm_opt_set_fn lm_fio_set_sqpoll_cpu;

/* fio's cmd_type: io_uring_cmd's, the one value fio 3.33 has */
static const struct lm_enum lm_fio_cmd_types[] = {
	{ "nvme", 0 },
	{ NULL, 0 },
};

/* In --cmdhelp order, after the IO priority rows. */
const struct lm_option lm_fio_engine_options[] = {
	{ .fio = "hipri",
	  LM_BOOLEAN,
	  .flags = LM_OF_OPTIONAL, /* fio's STR_SET: bare is on */
	  LM_J(iopoll),
	  LM_URING,
	  .help = "polled completions (IORING_SETUP_IOPOLL): the device must poll them, an NVMe namespace with poll queues; elsewhere each IO fails with EOPNOTSUPP, as under fio" },
	LM_TAKEN_SET_OF(
		"fixedbufs", LM_ENGINE_OPTS_URING,
		"taken: lunmark's io_uring registers its buffers always (where the kernel lets it, else it says so)"),
	LM_TAKEN_SET_OF(
		"registerfiles", LM_ENGINE_OPTS_URING,
		"taken: lunmark's io_uring registers the file always (where the kernel lets it, else it says so)"),
	{ .fio = "sqthread_poll",
	  LM_BOOLEAN,
	  .flags = LM_OF_OPTIONAL,
	  LM_J(sqpoll),
	  LM_URING,
	  .help = "a kernel thread polls the submissions (IORING_SETUP_SQPOLL), as lunmark's --sqpoll; it burns a core" },
	{ .fio = "sqthread_poll_cpu",
	  .type = LM_T_TEXT,
	  .set = lm_fio_set_sqpoll_cpu,
	  LM_URING,
	  .help = "the CPU of sqthread_poll's thread (IORING_SETUP_SQ_AFF); without sqthread_poll none, as fio" },
	{ .fio = "nonvectored",
	  .type = LM_T_ACCEPT,
	  LM_URING,
	  .help = "taken: lunmark's io_uring issues non-vectored reads and writes (IORING_OP_READ and WRITE, or their _FIXED), as fio's default does on a kernel that has them" },
	{ .fio = "uncached",
	  LM_NUMBER(0, INT32_MAX),
	  LM_FJ(uncached),
	  LM_URING,
	  .help = "with direct=1 taken, with no effect (as fio); a buffered job's is refused: fio 3.33's RWF_UNCACHED is a flag Linux never took, and its IOs fail" },
	{ .fio = "nowait",
	  LM_BOOLEAN,
	  LM_J(nowait),
	  .engines = LM_ENGINE_OPTS_URING | LM_ENGINE_OPTS_AIO,
	  .help = "reads and writes with RWF_NOWAIT: an IO that would wait fails with EAGAIN, as under fio" },
	{ .fio = "force_async",
	  LM_NUMBER(0, UINT32_MAX),
	  LM_J(force_async),
	  LM_URING,
	  .help = "every Nth IO with IOSQE_ASYNC: the kernel hands it to a worker thread rather than trying it inline (0: none)" },
	{ .fio = "cmd_type",
	  .type = LM_T_ACCEPT,
	  .values = lm_fio_cmd_types,
	  LM_URING,
	  .help = "taken: nvme, fio's io_uring_cmd engine's; lunmark's io_uring issues reads and writes" },
	LM_TAKEN_SET_OF(
		"userspace_reap", LM_ENGINE_OPTS_AIO,
		"taken: lunmark's libaio reaps with io_getevents(); the IOs are the same"),
};

const unsigned int lm_fio_nengine_options =
	LM_ARRAY_SIZE(lm_fio_engine_options);

/* sqthread_poll_cpu=N: the SQPOLL thread's CPU */
static int lm_fio_set_sqpoll_cpu(const struct lm_opt_ctx *x,
				 const struct lm_option *o, const char *v)
{
	struct lm_job *j = x->dst[LM_D_JOB];
	unsigned int ncpus = lm_fio_ncpus();
	uint64_t cpu;
	char why[96];

	(void)o;
	if (lm_opt_num(x, v, 0, INT32_MAX, &cpu))
		return -EINVAL;
	if (cpu >= ncpus) {
		snprintf(
			why, sizeof(why),
			"a CPU of this host's, 0 to %u (io_uring refuses another with EINVAL)",
			ncpus - 1);
		return lm_opt_bad(x, v, why);
	}
	j->sqpoll_cpu = (unsigned int)cpu;
	j->sqpoll_aff = true;
	return 0;
}

const char *lm_fio_engine_check(const struct lm_fio_job *fj)
{
	if (fj->uncached && !fj->job.direct)
		return "uncached= on a buffered job: fio 3.33 asks for it with RWF_UNCACHED (0x40), a flag Linux never took (0x40 is RWF_ATOMIC since Linux 6.11), and each of its IOs fails with EOPNOTSUPP; leave uncached out (Linux 6.14's RWF_DONTCACHE is what became of it)";
	return NULL;
}

void lm_fio_engine_reload(struct lm_fio_job *fj, const struct lm_fio_section *s)
{
	struct lm_job *j = &fj->job;
	const char *name = NULL;
	int klass = j->prio.klass, level = j->prio.level;
	unsigned int i;

	for (i = 0; i < s->nopts; i++)
		if (!strcmp(s->opts[i].key, "ioengine"))
			name = s->opts[i].val;
	if (!name || !strcmp(name, fj->engine_as))
		return;
	lm_job_engine_plain(j);
	fj->uncached = 0;
	/* cmdprio* are the engine's, prio and prioclass the job's */
	lm_prio_defaults(&j->prio);
	j->prio.klass = klass;
	j->prio.level = level;
}

int lm_fio_set_engine(const struct lm_opt_ctx *x, const struct lm_option *o,
		      const char *v)
{
	struct lm_fio_job *fj = x->dst[LM_D_FIO];
	int ret = lm_set_engine(x, o, v);

	if (!ret && fj)
		snprintf(fj->engine_as, sizeof(fj->engine_as), "%s", v);
	return ret;
}

bool lm_fio_pvsync2_opt(const char *key)
{
	static const char *const keys[] = { "hipri", "hipri_percentage",
					    "nowait", "uncached" };
	unsigned int i;

	for (i = 0; i < LM_ARRAY_SIZE(keys); i++)
		if (!strcmp(key, keys[i]))
			return true;
	return false;
}

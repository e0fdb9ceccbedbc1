// SPDX-License-Identifier: MIT
/*
 * null engine: no IO; every IO completes at once with its full length.
 * For tests of the stats and error paths, never a stand-in for the data
 * path. Fault injection: fail every Nth IO (conf.fault.every_n), or each
 * IO with probability prob_pct, with -err_no.
 */
#include "src/engine/engine.h"
#include "src/job/offset.h"

#include <errno.h>
#include <stdlib.h>

struct lm_null {
	struct lm_io **ready;
	unsigned int n;
	unsigned int depth;
	uint64_t count;
	uint64_t threshold; /* fail when rand < threshold */
	struct lm_rand rand;
};

static int lm_null_setup(struct lm_engine *e, const struct lm_target *t)
{
	struct lm_null *n;

	(void)t;
	if (!e->conf.depth) /* as every engine, no queue of none */
		return -EINVAL;
	n = calloc(1, sizeof(*n));
	if (!n)
		return -ENOMEM;
	n->ready = calloc(e->conf.depth, sizeof(*n->ready));
	if (!n->ready) {
		free(n);
		return -ENOMEM;
	}
	n->depth = e->conf.depth;
	if (e->conf.fault.prob_pct >= 100.0)
		n->threshold = UINT64_MAX;
	else
		n->threshold = (uint64_t)(e->conf.fault.prob_pct / 100.0 *
					  18446744073709551616.0);
	lm_rand_seed(&n->rand, e->conf.seed);
	e->priv = n;
	return 0;
}

static int lm_null_queue(struct lm_engine *e, struct lm_io *io)
{
	struct lm_null *n = e->priv;
	const struct lm_fault *f = &e->conf.fault;
	bool fail;

	if (n->n == n->depth)
		return -EBUSY;
	n->count++;
	fail = (f->every_n && n->count % f->every_n == 0) ||
	       (n->threshold && lm_rand_next(&n->rand) < n->threshold);
	io->res = fail ? -f->err_no : (int)io->len;
	n->ready[n->n++] = io;
	return 0;
}

static int lm_null_submit(struct lm_engine *e, bool now)
{
	struct lm_null *n = e->priv;

	(void)now;
	return (int)n->n;
}

static int lm_null_reap(struct lm_engine *e, unsigned int min,
			struct lm_io **done, unsigned int max)
{
	struct lm_null *n = e->priv;
	unsigned int i, k = n->n < max ? n->n : max;

	(void)min;
	for (i = 0; i < k; i++)
		done[i] = n->ready[i];
	for (i = k; i < n->n; i++)
		n->ready[i - k] = n->ready[i];
	n->n -= k;
	return (int)k;
}

static void lm_null_teardown(struct lm_engine *e)
{
	struct lm_null *n = e->priv;

	if (!n)
		return;
	free(n->ready);
	free(n);
	e->priv = NULL;
}

const struct lm_engine_ops lm_engine_null = {
	.name = "null",
	.fio_name = "null",
	.target = LM_ENGINE_TARGET_NONE,
	.faults = true,
	.trim = true, /* as it reads and writes: nothing */
	.setup = lm_null_setup,
	.queue = lm_null_queue,
	.submit = lm_null_submit,
	.reap = lm_null_reap,
	.teardown = lm_null_teardown,
};

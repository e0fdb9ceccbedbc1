// SPDX-License-Identifier: MIT
/* fio's flow (flow.h). */
#include "src/run/flow.h"

#include <stddef.h>

struct lm_flow *lm_flow_join(struct lm_flows *fl, unsigned int id,
			     unsigned int weight)
{
	struct lm_flow *f = NULL;
	unsigned int i;

	for (i = 0; i < fl->n && !f; i++)
		if (fl->f[i].id == id)
			f = &fl->f[i];
	if (!f) {
		if (fl->n == LM_FLOWS_MAX)
			return NULL;
		f = &fl->f[fl->n++];
		f->id = id;
		atomic_init(&f->ios, 1); /* as fio's: no 0/0 at the start */
		atomic_init(&f->weight, 0);
	}
	atomic_fetch_add(&f->weight, weight);
	return f;
}

bool lm_flow_may(const struct lm_flow *f, uint64_t mine, unsigned int weight)
{
	double share = (double)mine / (double)atomic_load_explicit(
					      &f->ios, memory_order_relaxed);
	double due = (double)weight / (double)atomic_load_explicit(
					      &f->weight, memory_order_relaxed);

	return share <= due;
}

void lm_flow_count(struct lm_flow *f, uint64_t *mine)
{
	atomic_fetch_add_explicit(&f->ios, 1, memory_order_relaxed);
	(*mine)++;
}

void lm_flow_leave(struct lm_flow *f, uint64_t mine, unsigned int weight)
{
	atomic_fetch_sub(&f->ios, mine);
	atomic_fetch_sub(&f->weight, weight);
}

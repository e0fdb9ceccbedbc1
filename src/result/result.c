// SPDX-License-Identifier: MIT
#include "src/result/result.h"

#include <stdlib.h>

void lm_run_result_move(struct lm_run_result *to, struct lm_run_result *from)
{
	*to = *from;
	from->series = NULL;
	from->nseries = 0;
	from->ss.iops = from->ss.bw = NULL;
	from->ss.n = 0;
	from->iolog = NULL;
	from->niolog = 0;
}

void lm_run_result_free(struct lm_run_result *r)
{
	unsigned int i;

	free(r->series);
	r->series = NULL;
	lm_steady_state_free(&r->ss);
	for (i = 0; i < r->niolog; i++)
		lm_iolog_free(&r->iolog[i]);
	free(r->iolog);
	r->iolog = NULL;
	r->niolog = 0;
	r->nseries = 0;
}

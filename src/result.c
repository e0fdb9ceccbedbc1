// SPDX-License-Identifier: MIT
#include "result.h"

#include <stdlib.h>

void lm_run_result_move(struct lm_run_result *to, struct lm_run_result *from)
{
	*to = *from;
	from->series = NULL;
	from->nseries = 0;
	from->ss.iops = from->ss.bw = NULL;
	from->ss.n = 0;
}

void lm_run_result_free(struct lm_run_result *r)
{
	free(r->series);
	r->series = NULL;
	lm_ss_state_free(&r->ss);
	r->nseries = 0;
}

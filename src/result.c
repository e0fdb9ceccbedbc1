// SPDX-License-Identifier: MIT
#include "result.h"

#include <stdlib.h>

void lm_run_result_free(struct lm_run_result *r)
{
	free(r->series);
	r->series = NULL;
	r->nseries = 0;
}

// SPDX-License-Identifier: MIT
/* `lunmark compare A B...`: saved results side by side. */
#include "src/cmd/cmd.h"
#include "src/lunmark.h"
#include "src/result/compare.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

int lm_cmd_compare(struct lm_cli *c)
{
	unsigned int metrics = c->cmp.metrics;
	struct lm_cmp *cmp = calloc(1, sizeof(*cmp));
	char msg[600];
	int ret;

	if (!cmp) {
		lm_err("out of memory");
		return LM_EXIT_USAGE;
	}
	ret = lm_cmp_build(cmp, &c->cmp, msg, sizeof(msg));
	if (ret) {
		lm_err("%s", msg);
		lm_cmp_free(cmp);
		free(cmp);
		return ret == -EINTR ? lm_exit_of_signal() : LM_EXIT_USAGE;
	}
	/* side by side, one table per metric: MB/s unless asked */
	if (!metrics)
		metrics = cmp->mode == LM_CMP_TABLE &&
					  c->cmp.format != LM_FMT_CSV &&
					  c->cmp.format != LM_FMT_JSON
				  ? 1u << LM_MET_MB_S
				  : (1u << LM_METRICS) - 1;
	lm_report_cmp(stdout, cmp, c->cmp.format, metrics);
	fflush(stdout);
	lm_cmp_free(cmp);
	free(cmp);
	return 0;
}

// SPDX-License-Identifier: MIT
/* `lunmark report FILE`: a saved result printed again. */
#include "src/cmd/cmd.h"
#include "src/lunmark.h"
#include "src/result/compare.h"
#include "src/result/save.h"

#include <stdio.h>

int lm_cmd_report(struct lm_cli *c)
{
	struct lm_saved s;
	char msg[512];

	if (c->cmp.format != LM_FMT_TEXT)
		return lm_cmd_compare(c);
	if (lm_load_mark(c->json_path, &s, msg, sizeof(msg))) {
		lm_err("%s", msg);
		return LM_EXIT_USAGE;
	}
	s.info.r.id = s.has_id ? &s.id : NULL;
	lm_report_mark_text(stdout, &s.info, &s.m);
	lm_report_mark_ranks(stdout, &s.m);
	lm_saved_free(&s);
	return 0;
}

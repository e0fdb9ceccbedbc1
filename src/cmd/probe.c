// SPDX-License-Identifier: MIT
/* `lunmark probe TARGET`: what the target is, nothing written. */
#include "src/cmd/cmd.h"
#include "src/lunmark.h"
#include "src/target/identity.h"

#include <stdio.h>
#include <sys/stat.h>

int lm_cmd_probe(struct lm_cli *c)
{
	struct lm_target_opts to = { 0 };
	struct lm_identity p;
	struct lm_target t;
	struct stat st;
	int ret;

	/* a directory would get a test file: there is nothing to probe */
	if (!stat(lm_cli_target(c), &st) && S_ISDIR(st.st_mode)) {
		lm_err("%s: a directory; probe a block device, a file or an iscsi:// URL",
		       lm_cli_target(c));
		return LM_EXIT_TARGET;
	}
	lm_target_opts_cli(&to, c);
	to.direct = false; /* nothing is read: any file will do */
	ret = lm_target_open(&t, lm_cli_target(c), &to);
	if (ret)
		return ret;
	lm_identity_fill(&t, &p);
	if (c->json)
		lm_report_identity_json(stdout, &p);
	else
		lm_report_identity_text(stdout, &p);
	lm_target_close(&t);
	return 0;
}

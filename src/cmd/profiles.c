// SPDX-License-Identifier: MIT
/* `lunmark profiles`: every profile with its exact tests. */
#include "src/cmd/cmd.h"
#include "src/job/profile.h"

#include <stdio.h>

int lm_cmd_profiles(struct lm_cli *c)
{
	const struct lm_profile *p;
	unsigned int i;

	(void)c; /* the parser refused any argument */
	for (i = 0; (p = lm_profile_at(i)); i++)
		lm_report_profile_text(stdout, p);
	return 0;
}

// SPDX-License-Identifier: MIT
/* `lunmark --cmdhelp=OPTION|all`: the fio options lunmark takes. */
#include "src/cmd/cmd.h"
#include "fio-compat/options.h"
#include "src/lunmark.h"

#include <stdio.h>

int lm_cmd_cmdhelp(struct lm_cli *c)
{
	if (lm_fio_cmdhelp(stdout, c->cmdhelp)) {
		lm_err("--cmdhelp=%s: not a fio option lunmark knows (--cmdhelp=all lists them)",
		       c->cmdhelp);
		return LM_EXIT_USAGE;
	}
	return 0;
}

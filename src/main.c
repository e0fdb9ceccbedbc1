// SPDX-License-Identifier: MIT
/* lunmark: the command table, and the process around it (signals, the
 * iSCSI URLs' secrets). */
#include "src/cli/cli.h"
#include "src/cmd/cmd.h"
#include "src/cmd/verify.h"
#include "src/lunmark.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int lm_cmd_help(struct lm_cli *c)
{
	lm_cli_usage(stdout, c->help_for);
	return 0;
}

static int lm_cmd_version(struct lm_cli *c)
{
	(void)c;
	printf("lunmark %s\n", LM_VERSION);
	return 0;
}

/*
 * Every command, as git's git.c lists its own: the name the user types
 * (the parser, src/cli/, turns it into c->cmd), the function that runs
 * it, and one line saying what it does. Indexed by enum lm_cmd.
 */
struct lm_command {
	const char *name;
	int (*run)(struct lm_cli *c);
	const char *help;
};

static const struct lm_command lm_commands[] = {
	[LM_CMD_MARK] = { "mark", lm_cmd_mark,
			  "a reviewers' method (--profile): CrystalDiskMark's matrix by default" },
	[LM_CMD_PROFILES] = { "profiles", lm_cmd_profiles,
			      "list the profiles with their exact tests" },
	[LM_CMD_REPORT] = { "report", lm_cmd_report,
			    "print a result saved with 'mark --json=FILE' again" },
	[LM_CMD_COMPARE] = { "compare", lm_cmd_compare,
			     "saved results side by side, with intervals and verdicts" },
	[LM_CMD_JOBS] = { "JOBFILE...", lm_cmd_jobs,
			  "run fio job files, or fio's command line (--name=JOB ...)" },
	[LM_CMD_CMDHELP] = { "--cmdhelp", lm_cmd_cmdhelp,
			     "the fio options lunmark takes (--cmdhelp=all)" },
	[LM_CMD_RUN] = { "run", lm_cmd_run,
			 "one job, fio-style options, on one or several targets" },
	[LM_CMD_VERIFY] = { "verify", lm_cmd_verify,
			    "write a region with checked blocks and check each read back" },
	[LM_CMD_PROBE] = { "probe", lm_cmd_probe,
			   "what the target is: size, block sizes, identity, limits" },
	[LM_CMD_HELP] = { "help", lm_cmd_help,
			  "the usage; 'lunmark COMMAND --help' for a command" },
	[LM_CMD_VERSION] = { "version", lm_cmd_version, "print the version" },
};

/* The entry of @cmd, or NULL when the table has none. */
static const struct lm_command *lm_command_of(enum lm_cmd cmd)
{
	if ((size_t)cmd >= sizeof(lm_commands) / sizeof(lm_commands[0]) ||
	    !lm_commands[cmd].run)
		return NULL;
	return &lm_commands[cmd];
}

int main(int argc, char **argv)
{
	char *copies[LM_RUN_TARGETS_MAX] = { NULL };
	const struct lm_command *cmd;
	struct lm_cli c;
	char msg[512];
	unsigned int k;
	int ret;

	if (lm_cli_parse(argc, argv, &c, msg, sizeof(msg))) {
		lm_err("%s", msg);
		return LM_EXIT_USAGE;
	}
	if (!lm_cmd_own_urls(&c, copies, argc, argv)) {
		lm_err("out of memory");
		ret = LM_EXIT_ENGINE;
		goto out_free;
	}
	lm_signals_catch();
	cmd = lm_command_of(c.cmd);
	ret = cmd ? cmd->run(&c) : LM_EXIT_USAGE;
	if (lm_stop && !ret)
		ret = lm_exit_of_signal();
out_free:
	for (k = 0; k < LM_RUN_TARGETS_MAX; k++)
		free(copies[k]);
	return ret;
}

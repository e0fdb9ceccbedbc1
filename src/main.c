// SPDX-License-Identifier: MIT
/* lunmark: subcommand dispatch. */
#include "src/cli/cli.h"
#include "src/cmd/cmd.h"
#include "kmod-free/url.h"
#include "src/lunmark.h"
#include "src/cmd/verify.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <time.h>

static void lm_on_signal(int sig)
{
	lm_stop = lm_stop && sig == SIGINT ? LM_STOP_NOW + sig : sig;
}

static void lm_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = lm_on_signal; /* no SA_RESTART: waits wake up */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

/*
 * lunmark keeps its own copy of each iSCSI URL and scrubs the secret from
 * argv, so ps no longer shows it, and says where a secret belongs instead.
 * Returns false when out of memory.
 */
static bool lm_own_urls(struct lm_cli *c, char **copies)
{
	unsigned int k;

	for (k = 0; k < c->ntargets; k++) {
		if (!lm_iscsi_is_url(c->targets[k]))
			continue;
		copies[k] = strdup(c->targets[k]);
		if (!copies[k])
			return false;
		/* the string lives in argv, which is ours to write */
		if (lm_iscsi_url_scrub((char *)c->targets[k]))
			lm_err("warning: a CHAP secret on the command line is seen by other users (ps) until lunmark hides it, and stays in the shell's history; give it with --chap-file=FILE or LIBISCSI_CHAP_PASSWORD instead");
		c->targets[k] = copies[k];
	}
	return true;
}

int main(int argc, char **argv)
{
	char *copies[LM_RUN_TARGETS_MAX] = { NULL };
	struct lm_cli c;
	char msg[512];
	unsigned int k;
	int ret;

	if (lm_cli_parse(argc, argv, &c, msg, sizeof(msg))) {
		lm_err("%s", msg);
		return LM_EXIT_USAGE;
	}
	if (!lm_own_urls(&c, copies)) {
		lm_err("out of memory");
		ret = LM_EXIT_ENGINE;
		goto out_free;
	}
	lm_signals();
	switch (c.cmd) {
	case LM_CMD_VERSION:
		printf("lunmark %s\n", LM_VERSION);
		ret = 0;
		break;
	case LM_CMD_HELP:
		lm_cli_usage(stdout, c.help_for);
		ret = 0;
		break;
	case LM_CMD_RUN:
		ret = lm_cmd_run(&c);
		break;
	case LM_CMD_VERIFY:
		ret = lm_cmd_verify(&c);
		break;
	case LM_CMD_MARK:
		ret = lm_cmd_mark(&c);
		break;
	case LM_CMD_PROBE:
		ret = lm_cmd_probe(&c);
		break;
	case LM_CMD_PROFILES:
		ret = lm_cmd_profiles();
		break;
	case LM_CMD_JOBS:
		ret = lm_cmd_jobs(&c);
		break;
	case LM_CMD_CMDHELP:
		ret = lm_cmd_cmdhelp(c.cmdhelp);
		break;
	case LM_CMD_REPORT:
		ret = lm_cmd_report(&c);
		break;
	case LM_CMD_COMPARE:
		ret = lm_cmd_compare(&c);
		break;
	default:
		ret = LM_EXIT_USAGE;
	}
	if (lm_stop && !ret)
		ret = lm_exit_of_signal();
out_free:
	for (k = 0; k < LM_RUN_TARGETS_MAX; k++)
		free(copies[k]);
	return ret;
}

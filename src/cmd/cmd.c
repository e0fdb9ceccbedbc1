// SPDX-License-Identifier: MIT
/* What the commands share. */
#include "src/cmd/cmd.h"
#include "src/lunmark.h"
#include "src/units.h"
#include "kmod-free/url.h"

#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

/* Strings for report headers and footers, filled once. */

void lm_host_fill(struct lm_host *h, uint64_t size_bytes)
{
	struct utsname u;
	time_t now = time(NULL);
	struct tm tm;

	memset(h, 0, sizeof(*h));
	localtime_r(&now, &tm);
	strftime(h->date, sizeof(h->date), "%Y/%m/%d %H:%M:%S", &tm);
	if (!uname(&u))
		snprintf(h->kernel, sizeof(h->kernel), "%s %s %s", u.sysname,
			 u.release, u.machine);
	lm_fmt_size(h->size, sizeof(h->size), size_bytes);
}

void lm_info_fill(struct lm_report_info *i, const struct lm_host *h,
		  const struct lm_target *t, const char *engine,
		  const char *note)
{
	i->version = LM_VERSION;
	/* a test file is named by its own path, not its directory's */
	i->target = t->kind == LM_TARGET_NONE	    ? "(none)"
		    : t->kind == LM_TARGET_TESTFILE ? t->path
						    : t->name;
	i->target_kind = lm_target_kind_name(t->kind);
	i->size = h->size;
	i->lbs_bytes = t->lbs_bytes;
	i->engine = engine;
	i->engine_note = note;
	i->date = h->date;
	i->kernel = h->kernel;
	i->warning = h->warning;
}

int lm_exit_of_signal(void)
{
	return lm_stop ? 128 + lm_stop % LM_STOP_NOW : LM_EXIT_INTERRUPTED;
}

/* Reads that lunmark may not prefill are said to be so. */
void lm_warn_unprefilled(struct lm_host *h, const struct lm_target *t)
{
	snprintf(
		h->warning, sizeof(h->warning),
		"reads are of data lunmark did not write on %s; pass --allow-write to prefill it, or --no-prefill to accept this",
		t->name);
}

void lm_verify_say(const char *target, const char *what,
		   const struct lm_verify_tally *v)
{
	lm_err("%s: verify: %llu of %llu blocks read did not read back as written; the first, read by %s, at byte %llu: not what was written there: %s",
	       target, (unsigned long long)v->bad,
	       (unsigned long long)v->blocks, what,
	       (unsigned long long)v->bad_offset, v->why);
}

bool lm_may_prefill(const struct lm_target *t, const struct lm_cli *c)
{
	struct lm_guard_opts g;

	lm_guard_opts_cli(&g, c);
	return lm_guard_may_prefill(t, &g);
}

int lm_test_file_bytes(const struct lm_job *j, uint64_t *out)
{
	uint64_t last, size = j->size_bytes ? j->size_bytes : 1ull << 30;

	if (__builtin_mul_overflow(j->offset_increment,
				   (uint64_t)(j->threads ? j->threads - 1 : 0),
				   &last) ||
	    __builtin_add_overflow(j->offset_bytes, last, out) ||
	    __builtin_add_overflow(*out, size, out)) {
		lm_err("--offset, offset_increment and --size add up to more than 16EiB: no target holds that region; give smaller ones");
		return LM_EXIT_FIT;
	}
	return 0;
}

void lm_target_opts_cli(struct lm_target_opts *to, const struct lm_cli *c)
{
	to->chap_file = c->chap_file;
	to->initiator = c->initiator;
	to->timeout_s = c->timeout_s;
	/* in fio's form --timeout is fio's runtime */
	to->timeout_name =
		c->cmd == LM_CMD_JOBS ? "--iscsi-timeout" : "--timeout";
	to->reconnect = c->reconnect;
	to->read_only = c->read_only;
}

bool lm_cmd_own_urls(struct lm_cli *c, char **copies, int argc, char **argv)
{
	bool had = false;
	unsigned int k;
	int i;

	for (k = 0; k < c->ntargets; k++) {
		if (!lm_iscsi_is_url(c->targets[k]))
			continue;
		copies[k] = strdup(c->targets[k]);
		if (!copies[k])
			return false;
		c->targets[k] = copies[k];
	}
	/* the strings live in argv, which is ours to write; fio's command
	 * line (--filename=iscsi\\://...) was copied into a job's text */
	for (i = 1; i < argc; i++)
		had |= lm_iscsi_text_scrub(argv[i]);
	if (had)
		lm_err("warning: a CHAP secret on the command line is seen by other users (ps) until lunmark hides it, and stays in the shell's history; give it with --chap-file=FILE or LIBISCSI_CHAP_PASSWORD instead");
	return true;
}

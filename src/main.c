// SPDX-License-Identifier: MIT
/* lunmark: subcommand dispatch. */
#include "cli.h"
#include "iscsi_url.h"
#include "lunmark.h"
#include "report/report.h"
#include "run.h"
#include "save.h"
#include "suite.h"
#include "target.h"
#include "units.h"

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
	lm_stop = sig;
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

/* Strings for report headers and footers, filled once. */
struct lm_host {
	char date[32];
	char kernel[200];
	char size[32];
	char warning[PATH_MAX + 256];
};

static void lm_host_fill(struct lm_host *h, uint64_t size_bytes)
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

static void lm_info_fill(struct lm_report_info *i, const struct lm_host *h,
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

static int lm_exit_of_signal(void)
{
	return lm_stop ? 128 + lm_stop : LM_EXIT_INTERRUPTED;
}

/* Reads that lunmark may not prefill are said to be so. */
static void lm_warn_unprefilled(struct lm_host *h, const struct lm_target *t)
{
	snprintf(
		h->warning, sizeof(h->warning),
		"reads are of data lunmark did not write on %s; pass --allow-write to prefill it, or --no-prefill to accept this",
		t->name);
}

static bool lm_may_prefill(const struct lm_target *t, bool allow_write)
{
	return t->kind == LM_TARGET_TESTFILE ||
	       (allow_write && t->kind != LM_TARGET_NONE);
}

static void lm_target_opts_iscsi(struct lm_target_opts *to,
				 const struct lm_cli *c)
{
	to->chap_file = c->chap_file;
	to->initiator = c->initiator;
	to->timeout_s = c->timeout_s;
	to->reconnect = c->reconnect;
}

/* Open, guard and fit every target of a run; prefill where it may. */
static int lm_run_targets(struct lm_cli *c, struct lm_target *t,
			  struct lm_host *h)
{
	struct lm_target_opts to = { 0 };
	struct lm_job *j = &c->job;
	char msg[256];
	bool prefill;
	unsigned int k;
	int ret;

	lm_target_opts_iscsi(&to, c);
	to.direct = j->direct;
	to.none = !strcmp(j->engine, "null");
	/* a test file is made large enough for the region */
	to.create_bytes =
		j->offset_bytes + (j->size_bytes ? j->size_bytes : 1ull << 30);
	/* a test file in a directory is always opened for writing */
	to.write = lm_rw_writes(j->rw) || (j->prefill && c->allow_write);
	for (k = 0; k < c->ntargets; k++) {
		ret = lm_target_open(&t[k], c->targets[k], &to);
		if (ret)
			return ret;
		if (lm_rw_writes(j->rw)) {
			ret = lm_target_may_write(
				&t[k], c->allow_write,
				"--rw=read or randread to test reads only");
			if (ret)
				return ret;
		}
		/* the first target sets a zero size; the others must hold
		 * the same region */
		if (lm_job_fit(j, t[k].size_bytes, t[k].lbs_bytes,
			       t[k].max_io_bytes, msg, sizeof(msg))) {
			lm_err("%s: %s", t[k].name, msg);
			return LM_EXIT_FIT;
		}
	}
	lm_host_fill(h, j->size_bytes);
	for (k = 0; k < c->ntargets; k++) {
		prefill =
			j->prefill && lm_may_prefill(&t[k], c->allow_write) &&
			(lm_rw_reads(j->rw) || t[k].kind == LM_TARGET_TESTFILE);
		if (lm_rw_reads(j->rw) && j->prefill && !prefill &&
		    t[k].kind != LM_TARGET_NONE && !h->warning[0])
			lm_warn_unprefilled(h, &t[k]);
		if (!prefill)
			continue;
		ret = lm_prefill(j, &t[k]);
		if (ret == LM_EXIT_INTERRUPTED) {
			lm_err("%s: interrupted while prefilling the region; nothing was measured",
			       t[k].name);
			ret = lm_exit_of_signal();
		}
		if (ret)
			return ret;
	}
	return 0;
}

static int lm_cmd_run(struct lm_cli *c)
{
	struct lm_run_result r[LM_RUN_TARGETS_MAX + 1];
	const struct lm_target *tp[LM_RUN_TARGETS_MAX];
	struct lm_report_info info = { 0 };
	unsigned int k, n = c->ntargets ? c->ntargets : 1;
	struct lm_job *j = &c->job;
	struct lm_target *t;
	struct lm_host h;
	int ret;

	if (!c->ntargets)
		c->targets[c->ntargets++] = ""; /* the null engine's none */
	t = calloc(n, sizeof(*t));
	if (!t) {
		lm_err("out of memory");
		return LM_EXIT_ENGINE;
	}
	for (k = 0; k < n; k++) {
		t[k].fd = -1;
		tp[k] = &t[k];
	}
	ret = lm_run_targets(c, t, &h);
	if (ret)
		goto out_close;
	ret = lm_run_many(j, tp, n, r);
	if (ret)
		goto out_close;
	for (k = 0; k < n; k++) {
		lm_info_fill(&info, &h, &t[k], j->engine, r[k].note);
		info.cpu_shared = n > 1;
		lm_report_run_text(stdout, &info, j, &r[k]);
	}
	if (n > 1)
		lm_report_sum_text(stdout, j, &r[n], n);
	fflush(stdout);
	if (r[0].interrupted)
		ret = lm_exit_of_signal();
	for (k = 0; k < n; k++) {
		if (!ret && r[k].io_errno) {
			lm_err("%s: %s at offset %llu failed: %s", t[k].name,
			       r[k].io_err_write ? "write" : "read",
			       (unsigned long long)r[k].io_err_offset,
			       lm_errtext(r[k].io_errno, r[k].io_errtext));
			ret = LM_EXIT_IO;
		}
	}
	for (k = 0; k < (n > 1 ? n + 1 : 1); k++)
		lm_run_result_free(&r[k]);
out_close:
	for (k = 0; k < n; k++)
		lm_target_close(&t[k]);
	free(t);
	return ret;
}

static int lm_mark_save(const char *path, const struct lm_mark_info *info,
			const struct lm_mark_result *m,
			const struct lm_target *t)
{
	struct lm_probe_info id;
	char msg[600];

	lm_probe_fill(t, &id);
	if (lm_save_mark(path, info, m, &id, msg, sizeof(msg))) {
		lm_err("%s", msg);
		return -1;
	}
	return 0;
}

static int lm_cmd_mark(struct lm_cli *c)
{
	struct lm_suite_opts *o = &c->suite;
	struct lm_target_opts to = { 0 };
	const struct lm_profile *p;
	struct lm_mark_info info = { 0 };
	struct lm_mark_result m;
	struct lm_target t;
	struct lm_host h;
	int ret, rc;

	p = lm_profile_find(c->profile);
	if (!p) {
		lm_err("--profile=%s: no such profile ('lunmark profiles' lists them)",
		       c->profile);
		return LM_EXIT_USAGE;
	}
	if (p->kind == LM_PK_COPY && (!o->read || !o->write)) {
		lm_err("--profile=copy needs both halves: its download reads the files its upload wrote (drop --read-only / --write-only)");
		return LM_EXIT_USAGE;
	}
	lm_target_opts_iscsi(&to, c);
	to.keep_dir = p->kind == LM_PK_COPY;
	to.direct = o->base.direct;
	to.none = !strcmp(o->base.engine, "null");
	to.create_bytes = lm_suite_size(o, p);
	to.write = o->write || (o->base.prefill && c->allow_write);
	ret = lm_target_open(&t, c->target ? c->target : ".", &to);
	if (ret)
		return ret;
	if (o->write) {
		ret = lm_target_may_write(
			&t, c->allow_write,
			"--read-only to run the read tests only");
		if (ret)
			goto out_close;
	}
	ret = lm_suite_check(o, p, &t);
	if (ret)
		goto out_close;
	lm_host_fill(&h, lm_suite_size(o, p));
	if (o->read && o->base.prefill && !lm_may_prefill(&t, c->allow_write) &&
	    t.kind != LM_TARGET_NONE && p->kind != LM_PK_COPY)
		lm_warn_unprefilled(&h, &t);
	rc = lm_suite_mark(o, p, &t, &m);
	if (lm_mark_has_news(&m)) {
		lm_info_fill(&info.r, &h, &t, o->base.engine, m.note);
		info.profile = p->name;
		info.aggregate = o->agg == LM_AGG_MAX ? "max" : "median";
		info.runs = o->runs;
		info.warmup = o->warmup;
		info.runtime_s = (double)lm_suite_runtime(o, p) / 1e9;
		info.interval_s = (double)o->interval_ns / 1e9;
		info.mix_pct = o->mix_pct;
		info.link_gbit = o->link_gbit;
		lm_report_mark_text(stdout, &info, &m);
		fflush(stdout);
		/* partial results are saved too */
		if (c->json_path && lm_mark_save(c->json_path, &info, &m, &t))
			rc = rc ? rc : LM_EXIT_USAGE;
	}
	if (m.io_errno)
		lm_err("%s: %s failed at offset %llu: %s", t.name,
		       m.io_err_test, (unsigned long long)m.io_err_offset,
		       lm_errtext(m.io_errno, m.io_errtext));
	ret = rc == LM_EXIT_INTERRUPTED ? lm_exit_of_signal() : rc;
	lm_mark_result_free(&m);
out_close:
	lm_target_close(&t);
	return ret;
}

static int lm_cmd_probe(struct lm_cli *c)
{
	struct lm_target_opts to = { 0 };
	struct lm_probe_info p;
	struct lm_target t;
	int ret;

	struct stat st;

	/* a directory would get a test file: there is nothing to probe */
	if (!stat(c->target, &st) && S_ISDIR(st.st_mode)) {
		lm_err("%s: a directory; probe a block device, a file or an iscsi:// URL",
		       c->target);
		return LM_EXIT_TARGET;
	}
	lm_target_opts_iscsi(&to, c);
	to.direct = false; /* nothing is read: any file will do */
	ret = lm_target_open(&t, c->target, &to);
	if (ret)
		return ret;
	lm_probe_fill(&t, &p);
	if (c->json)
		lm_report_probe_json(stdout, &p);
	else
		lm_report_probe_text(stdout, &p);
	lm_target_close(&t);
	return 0;
}

/*
 * lunmark keeps its own copy of each iSCSI URL and scrubs the secret from
 * argv, so ps no longer shows it. Returns false when out of memory.
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
		lm_iscsi_url_scrub((char *)c->targets[k]);
		c->targets[k] = copies[k];
	}
	c->target = c->targets[0];
	return true;
}

static int lm_cmd_report(const struct lm_cli *c)
{
	struct lm_saved s;
	char msg[512];

	if (lm_load_mark(c->json_path, &s, msg, sizeof(msg))) {
		lm_err("%s", msg);
		return LM_EXIT_USAGE;
	}
	lm_report_mark_text(stdout, &s.info, &s.m);
	lm_saved_free(&s);
	return 0;
}

static int lm_cmd_profiles(void)
{
	const struct lm_profile *p;
	unsigned int i;

	for (i = 0; (p = lm_profile_at(i)); i++)
		lm_report_profile_text(stdout, p);
	return 0;
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
	case LM_CMD_MARK:
		ret = lm_cmd_mark(&c);
		break;
	case LM_CMD_PROBE:
		ret = lm_cmd_probe(&c);
		break;
	case LM_CMD_PROFILES:
		ret = lm_cmd_profiles();
		break;
	case LM_CMD_REPORT:
		ret = lm_cmd_report(&c);
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

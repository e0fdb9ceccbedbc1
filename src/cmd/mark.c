// SPDX-License-Identifier: MIT
/* `lunmark mark [TARGET]`: a profile run as a suite, reported, saved. */
#include "src/cmd/cmd.h"
#include "src/engine/engine.h"
#include "fio-compat/export.h"
#include "src/lunmark.h"
#include "src/result/save.h"
#include "src/run/clock.h"
#include "src/suite/suite.h"
#include "src/target/identity.h"

#include <stdio.h>
#include <string.h>

static int lm_mark_save(const char *path, const struct lm_mark_info *info,
			const struct lm_mark_result *m,
			const struct lm_target *t)
{
	struct lm_identity id;
	char msg[600];

	lm_identity_fill(t, &id);
	if (lm_save_mark(path, info, m, &id, msg, sizeof(msg))) {
		lm_err("%s", msg);
		return -1;
	}
	return 0;
}

/* Can --json=@path be written? Tried before the first IO, so that a typo
 * loses nothing; said when not. NULL (no --json) can. */
static bool lm_mark_json_ok(const char *path)
{
	char msg[600];

	if (!path || !lm_save_check(path, msg, sizeof(msg)))
		return true;
	lm_err("%s", msg);
	return false;
}

/* The report's and the file's header: the host, the target and the
 * settings the profile ran with. */
static void lm_mark_info_fill(struct lm_mark_info *info, const struct lm_cli *c,
			      const struct lm_profile *p,
			      const struct lm_host *h,
			      const struct lm_target *t, const char *note)
{
	const struct lm_suite_opts *o = &c->suite;
	unsigned int i;

	lm_info_fill(&info->r, h, t, o->base.engine, note);
	info->profile = p->name;
	info->aggregate = o->agg == LM_AGG_MAX ? "max" : "median";
	info->runs = o->runs;
	info->warmup = o->warmup;
	/* the cache profile's rounds are passes; its miss runs take
	 * --runtime */
	info->runtime_s =
		(double)(p->kind == LM_PK_CACHE ? o->runtime_ns
						: lm_suite_runtime(o, p)) /
		1e9;
	info->interval_s = (double)o->interval_ns / 1e9;
	info->mix_pct = o->mix_pct;
	info->link_gbit = o->link_gbit;
	info->until_steady = o->until_steady;
	info->max_rounds = o->max_rounds;
	info->working_set_bytes = o->working_set_bytes;
	info->cache_bytes = o->cache_bytes;
	info->nas_ram_bytes = o->nas_ram_bytes;
	info->sustained = o->sustained;
	info->label = c->label ? c->label : "";
	for (i = 0; i < c->ntags; i++) {
		info->tags[i].name = c->tag_names[i];
		info->tags[i].value = c->tag_values[i];
	}
	info->ntags = c->ntags;
}

/* The report of what was measured, printed and saved (partial results
 * too); @rc, or LM_EXIT_USAGE when the save failed. */
static int lm_mark_publish(const struct lm_cli *c, const struct lm_profile *p,
			   const struct lm_host *h, const struct lm_target *t,
			   const struct lm_mark_result *m, int rc)
{
	struct lm_mark_info info = { 0 };
	struct lm_identity id;

	if (!lm_mark_has_news(m))
		return rc;
	lm_mark_info_fill(&info, c, p, h, t, m->note);
	lm_identity_fill(t, &id);
	info.r.id = &id;
	lm_report_mark_text(stdout, &info, m);
	lm_report_mark_ranks(stdout, m);
	fflush(stdout);
	if (c->json_path && lm_mark_save(c->json_path, &info, m, t))
		rc = rc ? rc : LM_EXIT_USAGE;
	return rc;
}

int lm_cmd_mark(struct lm_cli *c)
{
	struct lm_suite_opts *o = &c->suite;
	struct lm_target_opts to = { 0 };
	struct lm_guard_opts g;
	const struct lm_profile *p;
	struct lm_mark_result m;
	struct lm_target t;
	struct lm_host h;
	bool prefills;
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
	if (c->export_fio) {
		lm_fio_export_mark(stdout, o, p, lm_cli_target(c));
		return 0;
	}
	if (!lm_mark_json_ok(c->json_path))
		return LM_EXIT_USAGE;
	lm_target_opts_cli(&to, c);
	to.keep_dir = p->kind == LM_PK_COPY;
	to.direct = o->base.direct;
	to.none =
		lm_engine_find(o->base.engine)->target == LM_ENGINE_TARGET_NONE;
	to.create_bytes = lm_suite_size(o, p);
	prefills = o->base.prefill && o->allow_write && p->kind != LM_PK_CACHE;
	to.write = lm_suite_writes(o, p) || prefills;
	ret = lm_target_open(&t, c->ntargets ? c->targets[0] : ".", &to);
	if (!ret && (lm_suite_writes(o, p) || prefills)) {
		lm_guard_opts_cli(&g, c);
		ret = lm_guard_write(
			&t, &g,
			lm_suite_writes(o, p)
				? "--read-only to run the read tests only"
				: "--no-prefill to read it as it is");
	}
	if (!ret)
		ret = lm_suite_check(o, p, &t);
	/* with peers (clock.h): all set up, or none runs */
	ret = lm_clock_ready(o->base.clock, ret);
	if (ret)
		goto out_close;
	lm_host_fill(&h, lm_suite_size(o, p));
	if (o->read && o->base.prefill && !lm_may_prefill(&t, c) &&
	    t.kind != LM_TARGET_NONE && p->kind != LM_PK_COPY &&
	    p->kind != LM_PK_CACHE)
		lm_warn_unprefilled(&h, &t);
	rc = lm_suite_mark(o, p, &t, &m);
	if (o->base.clock)
		m.nranks = o->base.clock->ops->describe(o->base.clock->arg,
							&m.ranks);
	m.ranked = m.nranks > 0;
	rc = lm_mark_publish(c, p, &h, &t, &m, rc);
	if (m.io_errno)
		lm_err("%s: %s failed at offset %llu: %s", t.name,
		       m.io_err_test, (unsigned long long)m.io_err_offset,
		       lm_errtext(m.io_errno, m.io_errtext));
	if (m.verify.bad)
		lm_verify_say(t.name, m.verify_test, &m.verify);
	ret = rc == LM_EXIT_INTERRUPTED ? lm_exit_of_signal() : rc;
	lm_mark_result_free(&m);
out_close:
	lm_target_close(&t);
	return ret;
}

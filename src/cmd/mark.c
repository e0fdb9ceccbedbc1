// SPDX-License-Identifier: MIT
/* `lunmark mark`, `probe`, `report` and `profiles`. */
#include "src/cmd/cmd.h"
#include "src/result/compare.h"
#include "fio-compat/export.h"
#include "src/lunmark.h"
#include "src/target/identity.h"
#include "src/result/load.h"
#include "src/result/save.h"
#include "src/suite/suite.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

int lm_cmd_mark(struct lm_cli *c)
{
	struct lm_suite_opts *o = &c->suite;
	struct lm_target_opts to = { 0 };
	struct lm_guard_opts g;
	const struct lm_profile *p;
	struct lm_mark_info info = { 0 };
	struct lm_mark_result m;
	struct lm_target t;
	struct lm_host h;
	unsigned int i;
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
	lm_target_opts_iscsi(&to, c);
	to.keep_dir = p->kind == LM_PK_COPY;
	to.direct = o->base.direct;
	to.none = !strcmp(o->base.engine, "null");
	to.create_bytes = lm_suite_size(o, p);
	prefills = o->base.prefill && o->allow_write && p->kind != LM_PK_CACHE;
	to.write = lm_suite_writes(o, p) || prefills;
	ret = lm_target_open(&t, c->ntargets ? c->targets[0] : ".", &to);
	if (ret)
		return ret;
	if (lm_suite_writes(o, p) || prefills) {
		lm_guard_opts_cli(&g, c);
		ret = lm_guard_write(
			&t, &g,
			lm_suite_writes(o, p)
				? "--read-only to run the read tests only"
				: "--no-prefill to read it as it is");
		if (ret)
			goto out_close;
	}
	ret = lm_suite_check(o, p, &t);
	if (ret)
		goto out_close;
	lm_host_fill(&h, lm_suite_size(o, p));
	if (o->read && o->base.prefill && !lm_may_prefill(&t, c) &&
	    t.kind != LM_TARGET_NONE && p->kind != LM_PK_COPY &&
	    p->kind != LM_PK_CACHE)
		lm_warn_unprefilled(&h, &t);
	rc = lm_suite_mark(o, p, &t, &m);
	if (lm_mark_has_news(&m)) {
		lm_info_fill(&info.r, &h, &t, o->base.engine, m.note);
		info.profile = p->name;
		info.aggregate = o->agg == LM_AGG_MAX ? "max" : "median";
		info.runs = o->runs;
		info.warmup = o->warmup;
		/* the cache profile's rounds are passes; its miss runs
		 * take --runtime */
		info.runtime_s = (double)(p->kind == LM_PK_CACHE
						  ? o->runtime_ns
						  : lm_suite_runtime(o, p)) /
				 1e9;
		info.interval_s = (double)o->interval_ns / 1e9;
		info.mix_pct = o->mix_pct;
		info.link_gbit = o->link_gbit;
		info.until_steady = o->until_steady;
		info.max_rounds = o->max_rounds;
		info.working_set_bytes = o->working_set_bytes;
		info.cache_bytes = o->cache_bytes;
		info.nas_ram_bytes = o->nas_ram_bytes;
		info.sustained = o->sustained;
		info.label = c->label ? c->label : "";
		for (i = 0; i < c->ntags; i++) {
			info.tags[i].name = c->tag_names[i];
			info.tags[i].value = c->tag_values[i];
		}
		info.ntags = c->ntags;
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
	if (m.verify.bad)
		lm_verify_say(t.name, m.verify_test, &m.verify);
	ret = rc == LM_EXIT_INTERRUPTED ? lm_exit_of_signal() : rc;
	lm_mark_result_free(&m);
out_close:
	lm_target_close(&t);
	return ret;
}

int lm_cmd_probe(struct lm_cli *c)
{
	struct lm_target_opts to = { 0 };
	struct lm_probe_info p;
	struct lm_target t;
	int ret;

	struct stat st;

	/* a directory would get a test file: there is nothing to probe */
	if (!stat(lm_cli_target(c), &st) && S_ISDIR(st.st_mode)) {
		lm_err("%s: a directory; probe a block device, a file or an iscsi:// URL",
		       lm_cli_target(c));
		return LM_EXIT_TARGET;
	}
	lm_target_opts_iscsi(&to, c);
	to.direct = false; /* nothing is read: any file will do */
	ret = lm_target_open(&t, lm_cli_target(c), &to);
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

int lm_cmd_report(const struct lm_cli *c)
{
	struct lm_saved s;
	char msg[512];

	if (c->cmp.format != LM_FMT_TEXT)
		return lm_cmd_compare(c);
	if (lm_load_mark(c->json_path, &s, msg, sizeof(msg))) {
		lm_err("%s", msg);
		return LM_EXIT_USAGE;
	}
	lm_report_mark_text(stdout, &s.info, &s.m);
	lm_saved_free(&s);
	return 0;
}

int lm_cmd_compare(const struct lm_cli *c)
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
		return LM_EXIT_USAGE;
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

int lm_cmd_profiles(void)
{
	const struct lm_profile *p;
	unsigned int i;

	for (i = 0; (p = lm_profile_at(i)); i++)
		lm_report_profile_text(stdout, p);
	return 0;
}

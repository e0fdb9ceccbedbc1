// SPDX-License-Identifier: MIT
/* Rounds, warming, steps and the miss region: see suite.h. */
#include "src/suite/suite.h"
#include "src/target/identity.h"
#include "src/units.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void lm_cell_rounds(struct lm_cell *c, unsigned int sum)
{
	double y[LM_RUNS_MAX];
	unsigned int i;

	for (i = 0; i < c->nruns; i++)
		y[i] = c->runs[i].s[sum].mb_s;
	lm_snia_check(y, c->nruns, &c->ss);
}

void lm_cell_warm(struct lm_cell *c, unsigned int sum)
{
	const struct lm_summary *cold;
	unsigned int i, from = c->ss.n ? c->ss.first : 0;
	bool below = c->ss.n > 0;

	c->warm_ratio = 0;
	c->warm_bytes = 0;
	c->warm_s = 0;
	c->warmed = false;
	if (!c->nruns)
		return;
	cold = &c->runs[0].s[sum];
	if (cold->mb_s > 0)
		c->warm_ratio = c->headline[sum].mb_s / cold->mb_s;
	for (i = 0; i < from; i++) {
		c->warm_bytes += c->runs[i].s[sum].bytes;
		c->warm_s += c->runs[i].s[sum].seconds;
	}
	/* warming shows when the cold pass lies below the whole window, by
	 * a margin: a steady device gives a cold pass inside it */
	for (i = from; i < c->nruns && below; i++)
		below = cold->mb_s < c->runs[i].s[sum].mb_s;
	c->warmed = below && from > 0 && c->warm_ratio >= LM_WARM_RATIO;
}

void lm_cell_step(struct lm_cell *c, unsigned int sum)
{
	const struct lm_cell_run *r;
	unsigned int i, n = 0, *kept;
	uint64_t b;
	double *y;

	memset(&c->step, 0, sizeof(c->step));
	c->step_s = 0;
	c->step_bytes = 0;
	if (!c->nruns || !c->runs[0].nseries)
		return;
	r = &c->runs[0];
	y = malloc(r->nseries * sizeof(*y));
	kept = malloc(r->nseries * sizeof(*kept));
	if (!y || !kept)
		goto out_free;
	/* whole seconds only: a last short piece is too noisy to judge */
	for (i = 0; i < r->nseries; i++) {
		if (r->series[i].dur_ns < 500000000ull)
			continue;
		kept[n] = i;
		y[n++] = (double)lm_sample_bytes(&r->series[i], sum) * 1e3 /
			 (double)r->series[i].dur_ns;
	}
	lm_step_fit(y, n, &c->step);
	for (i = 0; i < c->step.at; i++) {
		b = lm_sample_bytes(&r->series[kept[i]], sum);
		c->step_s += (double)r->series[kept[i]].dur_ns / 1e9;
		c->step_bytes += b;
	}
out_free:
	free(y);
	free(kept);
}

void lm_cache_miss_plan(const struct lm_suite_opts *o,
			const struct lm_profile *p, const struct lm_target *t,
			struct lm_mark_result *m)
{
	uint64_t start = lm_suite_size(o, p), left, len;
	char a[32], b[32];

	m->miss_bytes = 0;
	m->miss_why[0] = '\0';
	m->primer_bytes = 0;
	if (p->kind != LM_PK_CACHE)
		return;
	if (t->size_bytes >= start + LM_PRIMER_BYTES)
		m->primer_bytes = LM_PRIMER_BYTES;
	if (!o->cache_bytes) {
		snprintf(
			m->miss_why, sizeof(m->miss_why),
			"no miss run: give --cache-size to measure the uncached figure");
		return;
	}
	left = t->size_bytes > start ? t->size_bytes - start : 0;
	left = left > LM_PRIMER_BYTES ? left - LM_PRIMER_BYTES : 0;
	len = 3 * o->cache_bytes < left ? 3 * o->cache_bytes : left;
	len = len / (1u << 20) * (1u << 20);
	if (len <= 2 * o->cache_bytes) {
		lm_fmt_size(a, sizeof(a), left);
		lm_fmt_size(b, sizeof(b), 2 * o->cache_bytes);
		snprintf(
			m->miss_why, sizeof(m->miss_why),
			"no miss run: the target has %s beyond the working sets; it needs more than 2 x --cache-size (%s)",
			a, b);
		return;
	}
	m->miss_bytes = len;
}

void lm_mark_warnings(const struct lm_suite_opts *o, const struct lm_profile *p,
		      const struct lm_target *t, struct lm_mark_result *m)
{
	static const char *const ways[] = { "read", "write", "mix" };
	static char top[96];
	struct lm_warn_in in = { 0 };
	struct lm_probe_info id;
	const struct lm_cell *c;
	unsigned int i, w, s;
	double v;

	lm_probe_fill(t, &id);
	in.working_set_bytes = p->kind == LM_PK_CACHE ? o->working_set_bytes
						      : lm_suite_size(o, p);
	if (in.working_set_bytes > t->size_bytes && t->size_bytes)
		in.working_set_bytes = t->size_bytes;
	in.nas_ram_bytes = o->nas_ram_bytes;
	in.link_gbit = o->link_gbit;
	in.link_ceiling_mb_s = m->link_ceiling_mb_s;
	in.thin = id.thin;
	in.prefilled = m->prefilled;
	in.unstable_cv_pct = LM_UNSTABLE_CV_PCT;
	for (i = 0; i < p->ntests; i++) {
		for (w = 0; w < LM_WAYS; w++) {
			c = &m->cells[i][w];
			if (!c->nruns)
				continue;
			s = lm_way_sum(p, (enum lm_way)w);
			in.unstable += c->unstable;
			if (w != LM_WAY_WRITE &&
			    (p->kind != LM_PK_MIXED || p->tests[i].read_pct))
				in.reads = true;
			v = c->headline[s].mb_s;
			if (c->has_miss && c->miss[s].mb_s > v)
				v = c->miss[s].mb_s;
			if (v > in.top_mb_s) {
				in.top_mb_s = v;
				snprintf(top, sizeof(top), "%s %s",
					 p->tests[i].label, ways[w]);
			}
		}
	}
	in.top_what = top;
	lm_warnings_fill(&in, &m->warn);
}

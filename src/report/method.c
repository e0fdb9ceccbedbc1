// SPDX-License-Identifier: MIT
/* The tables each method publishes: see method.h. */
#include "src/report/method.h"
#include "src/result/ranks.h"
#include "src/result/schema.h"
#include "src/units.h"

#include <string.h>

/* A figure at @prec decimals, or "-" for what was not measured. */
static void lm_put(struct lm_tab *t, bool measured, int prec, double v)
{
	if (measured)
		lm_tab_put(t, "%.*f", prec, v);
	else
		lm_tab_put(t, "-");
}

static bool lm_measured(const struct lm_cell *c)
{
	return c->wanted && c->nruns > 0;
}

static void lm_head(struct lm_tab *t, const char *const *cols, unsigned int n)
{
	unsigned int i;

	lm_tab_init(t, n);
	t->nhead = 1;
	t->right = ~1u;
	lm_tab_row(t);
	for (i = 0; i < n; i++)
		lm_tab_put(t, "%s", cols[i]);
}

/* CrystalDiskMark's matrix: a row per test, each way's three figures. */
static void lm_tab_matrix(const struct lm_mark_result *m, struct lm_tab *t)
{
	static const char *const cols[] = {
		"Test",	      "Read MB/s",  "Read IOPS",   "Read us",
		"Write MB/s", "Write IOPS", "Write us",	   "Mix MB/s",
		"Mix IOPS",   "Mix us",	    "Read % link", "Write % link",
	};
	const struct lm_profile *p = m->profile;
	bool link = m->link_ceiling_mb_s > 0;
	unsigned int i, w;

	lm_head(t, cols, p->mix ? 10 : 7);
	if (link) {
		t->ncols = p->mix ? 12 : 9;
		lm_tab_put(t, "%s", cols[10]);
		lm_tab_put(t, "%s", cols[11]);
	}
	for (i = 0; i < p->ntests; i++) {
		lm_tab_row(t);
		lm_tab_put(t, "%s", p->tests[i].label);
		for (w = 0; w < (p->mix ? LM_WAYS : 2u); w++) {
			const struct lm_cell *c = &m->cells[i][w];
			const struct lm_summary *s =
				&c->headline[lm_way_sum(p, (enum lm_way)w)];

			lm_put(t, lm_measured(c), 3, s->mb_s);
			lm_put(t, lm_measured(c), 1, s->iops);
			lm_put(t, lm_measured(c), 2, s->lat_mean_us);
		}
		for (w = 0; link && w < 2; w++)
			lm_put(t, lm_measured(&m->cells[i][w]), 1,
			       m->cells[i][w].link_pct);
	}
}

/* IOmeter: read and write apart, response times in ms. */
static void lm_tab_mixed(const struct lm_mark_result *m, struct lm_tab *t)
{
	static const char *const cols[] = {
		"Access specification", "Read IOPS", "Write IOPS", "Read MB/s",
		"Write MB/s",		"Read ms",   "Write ms",   "% link",
	};
	const struct lm_profile *p = m->profile;
	unsigned int i;

	lm_head(t, cols, m->link_ceiling_mb_s > 0 ? 8 : 7);
	for (i = 0; i < p->ntests; i++) {
		const struct lm_cell *c = &m->cells[i][LM_WAY_MIX];
		const struct lm_summary *r = &c->headline[LM_DIR_READ];
		const struct lm_summary *w = &c->headline[LM_DIR_WRITE];
		bool rd = lm_mix_measures(&p->tests[i], c, LM_DIR_READ);
		bool wr = lm_mix_measures(&p->tests[i], c, LM_DIR_WRITE);

		lm_tab_row(t);
		lm_tab_put(t, "%s", p->tests[i].label);
		lm_put(t, rd, 1, r->iops);
		lm_put(t, wr, 1, w->iops);
		lm_put(t, rd, 3, r->mb_s);
		lm_put(t, wr, 3, w->mb_s);
		lm_put(t, rd, 3, r->lat_mean_us / 1e3);
		lm_put(t, wr, 3, w->lat_mean_us / 1e3);
		if (m->link_ceiling_mb_s > 0)
			lm_put(t, lm_measured(c), 1, c->link_pct);
	}
}

/* ATTO: a row per block size. */
static void lm_tab_sweep(const struct lm_mark_result *m, struct lm_tab *t)
{
	static const char *const cols[] = { "Size", "Write MB/s", "Read MB/s",
					    "Write IOPS", "Read IOPS" };
	const struct lm_profile *p = m->profile;
	unsigned int i;

	lm_head(t, cols, 5);
	for (i = 0; i < p->ntests; i++) {
		const struct lm_cell *w = &m->cells[i][LM_WAY_WRITE];
		const struct lm_cell *r = &m->cells[i][LM_WAY_READ];

		lm_tab_row(t);
		lm_tab_put(t, "%s", p->tests[i].label);
		lm_put(t, lm_measured(w), 3, w->headline[LM_DIR_WRITE].mb_s);
		lm_put(t, lm_measured(r), 3, r->headline[LM_DIR_READ].mb_s);
		lm_put(t, lm_measured(w), 1, w->headline[LM_DIR_WRITE].iops);
		lm_put(t, lm_measured(r), 1, r->headline[LM_DIR_READ].iops);
	}
}

/* File copies: upload writes the set, download reads it back. */
static void lm_tab_copy(const struct lm_mark_result *m, struct lm_tab *t)
{
	static const char *const cols[] = {
		"Set",
		"Files",
		"File size",
		"Upload MB/s",
		"Download MB/s",
		"Upload files/s",
		"Download files/s",
	};
	const struct lm_profile *p = m->profile;
	unsigned int i;
	char fb[16];

	lm_head(t, cols, 7);
	for (i = 0; i < p->ntests; i++) {
		const struct lm_cell *up = &m->cells[i][LM_WAY_WRITE];
		const struct lm_cell *dn = &m->cells[i][LM_WAY_READ];

		lm_tab_row(t);
		lm_tab_put(t, "%s", p->tests[i].label);
		lm_fmt_size(fb, sizeof(fb), up->file_bytes);
		lm_tab_put(t, "%llu", (unsigned long long)up->files);
		lm_tab_put(t, "%s", up->wanted ? fb : "-");
		lm_put(t, lm_measured(up), 3, up->headline[LM_DIR_WRITE].mb_s);
		lm_put(t, lm_measured(dn), 3, dn->headline[LM_DIR_READ].mb_s);
		lm_put(t, lm_measured(up), 1, up->headline[LM_DIR_WRITE].iops);
		lm_put(t, lm_measured(dn), 1, dn->headline[LM_DIR_READ].iops);
	}
}

/* The cache: cold, warm, their ratio and the miss run per read test. */
static void lm_tab_cache(const struct lm_mark_result *m, struct lm_tab *t)
{
	static const char *const cols[] = { "Test",	 "Cold MB/s",
					    "Warm MB/s", "Warm/cold",
					    "Miss MB/s", "Window" };
	const struct lm_profile *p = m->profile;
	unsigned int i;

	lm_head(t, cols, 6);
	for (i = 0; i < p->ntests; i++) {
		const struct lm_cell *c = &m->cells[i][LM_WAY_READ];
		bool ok = lm_measured(c);

		if (p->tests[i].sustain)
			continue;
		lm_tab_row(t);
		lm_tab_put(t, "%s", p->tests[i].label);
		lm_put(t, ok, 3, ok ? c->runs[0].s[LM_DIR_READ].mb_s : 0);
		lm_put(t, ok, 3, c->headline[LM_DIR_READ].mb_s);
		lm_put(t, ok, 2, c->warm_ratio);
		lm_put(t, ok && c->has_miss, 3, c->miss[LM_DIR_READ].mb_s);
		if (!ok || !c->ss.n)
			lm_tab_put(t, "-");
		else
			lm_tab_put(t, "%s, rounds %u-%u",
				   c->ss.steady ? "steady" : "NOT steady",
				   c->ss.first + 1, c->ss.first + c->ss.n);
	}
}

/* The sustained write: the whole run, the burst and what followed. */
static void lm_tab_sustained(const struct lm_mark_result *m, struct lm_tab *t)
{
	static const char *const cols[] = { "Test", "Whole run MB/s",
					    "Burst MB/s", "Burst s",
					    "Sustained MB/s" };
	const struct lm_profile *p = m->profile;
	unsigned int i;

	lm_head(t, cols, 5);
	for (i = 0; i < p->ntests; i++) {
		const struct lm_cell *c = &m->cells[i][LM_WAY_WRITE];
		bool ok = lm_measured(c), step = ok && c->step.found;

		if (!p->tests[i].sustain || !c->wanted)
			continue;
		lm_tab_row(t);
		lm_tab_put(t, "%s", p->tests[i].label);
		lm_put(t, ok, 3, ok ? c->runs[0].s[LM_DIR_WRITE].mb_s : 0);
		lm_put(t, step, 3, c->step.before_mean);
		lm_put(t, step, 1, c->step_s);
		lm_put(t, step, 3, c->step.after_mean);
	}
}

/* Several hosts (lunmark-mpi): a row per cell and rank, the median of
 * its runs, then the sum, which is the cell's figure. */
static void lm_tab_ranks(const struct lm_mark_result *m, struct lm_tab *t)
{
	static const char *const cols[] = { "Test", "Way",  "Rank",   "Host",
					    "MB/s", "IOPS", "mean us" };
	const struct lm_profile *p = m->profile;
	unsigned int i, w, k;
	struct lm_summary s;

	lm_head(t, cols, 7);
	t->right = ~0xfu;
	for (i = 0; i < p->ntests; i++)
		for (w = 0; w < LM_WAYS; w++) {
			const struct lm_cell *c = &m->cells[i][w];
			unsigned int sum = lm_way_sum(p, (enum lm_way)w);

			for (k = 0; c->nruns && k <= m->nranks; k++) {
				if (k < m->nranks)
					lm_rank_headline(c->runs, c->nruns, k,
							 sum, &s);
				else
					s = c->headline[sum];
				lm_tab_row(t);
				lm_tab_put(t, "%s", p->tests[i].label);
				lm_tab_put(t, "%s", lm_way_keys[w]);
				if (k < m->nranks)
					lm_tab_put(t, "%u", k);
				else
					lm_tab_put(t, "sum");
				lm_tab_put(t, "%s",
					   k < m->nranks ? m->ranks[k].host
							 : "");
				lm_tab_put(t, "%.3f", s.mb_s);
				lm_tab_put(t, "%.1f", s.iops);
				lm_tab_put(t, "%.2f", s.lat_mean_us);
			}
		}
}

/* The method's own table (or two, for the cache). */
static unsigned int lm_method_own(const struct lm_mark_result *m,
				  struct lm_method_tab *out)
{
	const struct lm_profile *p = m->profile;

	out[0].title = p->what;
	switch (p->kind) {
	case LM_PK_MIXED:
		lm_tab_mixed(m, &out[0].t);
		return 1;
	case LM_PK_SWEEP:
		lm_tab_sweep(m, &out[0].t);
		return 1;
	case LM_PK_COPY:
		lm_tab_copy(m, &out[0].t);
		return 1;
	case LM_PK_CACHE:
		out[0].title = "Random and sequential reads";
		lm_tab_cache(m, &out[0].t);
		out[1].title = "Sustained write";
		lm_tab_sustained(m, &out[1].t);
		if (out[1].t.nrows > 1)
			return 2;
		lm_tab_free(&out[1].t);
		return 1;
	default:
		lm_tab_matrix(m, &out[0].t);
		return 1;
	}
}

unsigned int lm_method_tables(const struct lm_mark_info *info,
			      const struct lm_mark_result *m,
			      struct lm_method_tab *out)
{
	unsigned int n;

	(void)info;
	memset(out, 0, sizeof(*out) * LM_METHOD_TABS);
	n = lm_method_own(m, out);
	if (m->nranks && m->ranks) {
		out[n].title = "Per host";
		lm_tab_ranks(m, &out[n++].t);
	}
	return n;
}

void lm_method_free(struct lm_method_tab *t, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		lm_tab_free(&t[i].t);
}

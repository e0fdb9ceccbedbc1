// SPDX-License-Identifier: MIT
/*
 * The text report of a suite: CrystalDiskMark's matrix, IOmeter's table,
 * ATTO's sweep with bars. Formatting only: every figure comes computed.
 */
#include "src/report/report.h"
#include "src/lunmark.h"
#include "src/units.h"

#include <string.h>

#define LM_BAR 20

static const char lm_rule[] =
	"------------------------------------------------------------------------------\n";

static void lm_cell_flags(FILE *f, const struct lm_mark_result *m,
			  const struct lm_cell *c)
{
	if (m->link_ceiling_mb_s > 0)
		fprintf(f, " %5.1f%% of the link", c->link_pct);
	if (c->unstable)
		fprintf(f, " unstable (CV %.1f%%)", c->spread.cv_pct);
	if (c->by_rounds && c->ss.n)
		fprintf(f,
			c->ss.steady ? " steady (rounds %u-%u)"
				     : " NOT steady (rounds %u-%u)",
			c->ss.first + 1, c->ss.first + c->ss.n);
}

void lm_report_warnings(FILE *f, const struct lm_warnings *w)
{
	unsigned int i;

	for (i = 0; i < w->n; i++)
		fprintf(f, "Warning: %s\n", w->text[i]);
	if (w->n)
		fputc('\n', f);
}

static void lm_matrix_line(FILE *f, const struct lm_mark_result *m,
			   const struct lm_test *t, const struct lm_cell *c,
			   unsigned int sum)
{
	char bs[16];

	lm_fmt_size(bs, sizeof(bs), t->bs_bytes);
	fprintf(f, "  %-3s %7s (Q=%3u, T=%2u):", t->random ? "RND" : "SEQ", bs,
		t->qd, t->threads);
	if (!c->nruns) {
		fprintf(f, "   (not measured)\n");
		return;
	}
	fprintf(f, " %9.3f MB/s [%9.1f IOPS] <%9.2f us>", c->headline[sum].mb_s,
		c->headline[sum].iops, c->headline[sum].lat_mean_us);
	lm_cell_flags(f, m, c);
	fputc('\n', f);
}

static bool lm_any_wanted(const struct lm_mark_result *m, enum lm_way w)
{
	unsigned int i;

	for (i = 0; i < m->profile->ntests; i++)
		if (m->cells[i][w].wanted)
			return true;
	return false;
}

static void lm_matrix(FILE *f, const struct lm_mark_info *info,
		      const struct lm_mark_result *m)
{
	static const char *const titles[] = { "Read", "Write", "Mix" };
	const struct lm_profile *p = m->profile;
	unsigned int i, w;

	for (w = 0; w < LM_WAYS; w++) {
		if (!lm_any_wanted(m, (enum lm_way)w))
			continue;
		fprintf(f, "[%s]", titles[w]);
		if (w == LM_WAY_MIX)
			fprintf(f, " %u%% read", info->mix_pct);
		fputc('\n', f);
		for (i = 0; i < p->ntests; i++)
			lm_matrix_line(f, m, &p->tests[i], &m->cells[i][w],
				       lm_way_sum(p, (enum lm_way)w));
		fputc('\n', f);
	}
}

static void lm_mixed(FILE *f, const struct lm_mark_result *m)
{
	const struct lm_profile *p = m->profile;
	const struct lm_summary *r, *w;
	const struct lm_cell *c;
	unsigned int i;

	fprintf(f, "%-26s %10s %10s %10s %10s %8s %8s\n", "Test", "Read IOPS",
		"Write IOPS", "Read MB/s", "Write MB/s", "Read ms", "Write ms");
	for (i = 0; i < p->ntests; i++) {
		c = &m->cells[i][LM_WAY_MIX];
		fprintf(f, "%-26s", p->tests[i].label);
		if (!c->nruns) {
			fputs(" (not measured)\n", f);
			continue;
		}
		r = &c->headline[LM_DIR_READ];
		w = &c->headline[LM_DIR_WRITE];
		fprintf(f, " %10.1f %10.1f %10.3f %10.3f %8.3f %8.3f", r->iops,
			w->iops, r->mb_s, w->mb_s, r->lat_mean_us / 1e3,
			w->lat_mean_us / 1e3);
		lm_cell_flags(f, m, c);
		fputc('\n', f);
	}
	fputc('\n', f);
}

static void lm_bar(FILE *f, char tag, double share)
{
	int n = (int)(share * LM_BAR + 0.5), i;

	fprintf(f, " %c|", tag);
	for (i = 0; i < LM_BAR; i++)
		fputc(i < n ? '#' : ' ', f);
	fputc('|', f);
}

static void lm_sweep(FILE *f, const struct lm_mark_info *info,
		     const struct lm_mark_result *m)
{
	const struct lm_profile *p = m->profile;
	const struct lm_cell *w, *r;
	unsigned int i;

	fprintf(f, "%7s %11s %11s %11s %11s\n", "Size", "Write MB/s",
		"Read MB/s", "Write IOPS", "Read IOPS");
	for (i = 0; i < p->ntests; i++) {
		w = &m->cells[i][LM_WAY_WRITE];
		r = &m->cells[i][LM_WAY_READ];
		fprintf(f, "%7s", p->tests[i].label);
		if (!w->wanted && !r->wanted) {
			fprintf(f, "   (not run: %s)\n",
				p->tests[i].bs_bytes < info->r.lbs_bytes
					? "below the target's block size"
					: "larger than the region or the target's largest transfer");
			continue;
		}
		fprintf(f, " %11.3f %11.3f %11.1f %11.1f",
			w->headline[LM_DIR_WRITE].mb_s,
			r->headline[LM_DIR_READ].mb_s,
			w->headline[LM_DIR_WRITE].iops,
			r->headline[LM_DIR_READ].iops);
		lm_bar(f, 'W', w->bar);
		lm_bar(f, 'R', r->bar);
		if (w->unstable || r->unstable)
			fputs(" unstable", f);
		fputc('\n', f);
	}
	fputc('\n', f);
}

static void lm_copy(FILE *f, const struct lm_mark_info *info,
		    const struct lm_mark_result *m)
{
	const struct lm_profile *p = m->profile;
	const struct lm_cell *up, *down;
	char fb[16];
	unsigned int i;

	fprintf(f, "%-14s %-16s %12s %12s %10s %10s\n", "Set", "Run as",
		"Upload MB/s", "Download MB/s", "Files/s up", "Files/s dn");
	for (i = 0; i < p->ntests; i++) {
		up = &m->cells[i][LM_WAY_WRITE];
		down = &m->cells[i][LM_WAY_READ];
		fprintf(f, "%-14s", p->tests[i].label);
		if (!up->wanted) {
			fputs(" (not run: the files do not fit the target's block size)\n",
			      f);
			continue;
		}
		lm_fmt_size(fb, sizeof(fb), up->file_bytes);
		fprintf(f, " %6llu x %-7s %12.3f %12.3f %10.1f %10.1f",
			(unsigned long long)up->files, fb,
			up->headline[LM_DIR_WRITE].mb_s,
			down->headline[LM_DIR_READ].mb_s,
			up->headline[LM_DIR_WRITE].iops,
			down->headline[LM_DIR_READ].iops);
		if (up->unstable || down->unstable)
			fputs(" unstable", f);
		fputc('\n', f);
	}
	fputc('\n', f);
	if (!strcmp(info->r.target_kind, "directory"))
		fputs("* real files in the directory, O_DIRECT where the filesystem takes it\n"
		      "  (else buffered, the cache dropped before reading back), fsync per\n"
		      "  file, removed afterwards\n",
		      f);
	else
		fputs("* block level: consecutive extents of the file size, each write\n"
		      "  followed by a cache flush (fdatasync / SYNCHRONIZE CACHE): the\n"
		      "  equivalent of copying files, without a filesystem\n",
		      f);
}

static void lm_mark_header(FILE *f, const struct lm_mark_info *info,
			   const struct lm_mark_result *m)
{
	const struct lm_report_info *r = &info->r;
	unsigned int i;

	fputs(lm_rule, f);
	fprintf(f, "lunmark %s: %s\n", r->version, m->profile->what);
	fputs(lm_rule, f);
	fputs("* MB/s = 1,000,000 bytes/s; latency = mean completion latency\n",
	      f);
	fputs("* KB = 1000 bytes, KiB = 1024 bytes\n\n", f);
	fprintf(f, " Target: %s (%s, %u-byte logical blocks)\n", r->target,
		r->target_kind, r->lbs_bytes);
	if (info->label && info->label[0])
		fprintf(f, "  Label: %s\n", info->label);
	for (i = 0; i < info->ntags; i++)
		fprintf(f, "%s%s=%s%s",
			i ? " " : "   Tags: ", info->tags[i].name,
			info->tags[i].value, i + 1 == info->ntags ? "\n" : "");
	if (m->profile->kind == LM_PK_CACHE || info->until_steady) {
		fprintf(f,
			"   Test: %s, in rounds until steady (at most %u)%s\n",
			r->size, info->max_rounds,
			m->prefilled ? ", prefilled" : ", not prefilled");
		fprintf(f, "Profile: %s (%s of the steady window)\n",
			info->profile, info->aggregate);
	} else {
		fprintf(f, "   Test: %s (x%u)%s%s\n", r->size, info->runs,
			info->warmup ? " after 1 warm-up run" : "",
			m->prefilled ? ", prefilled" : ", not prefilled");
		fprintf(f, "Profile: %s (%s of %u run%s)\n", info->profile,
			info->aggregate, info->runs,
			info->runs == 1 ? "" : "s");
	}
	fprintf(f, " Engine: %s%s%s\n", r->engine,
		r->engine_note[0] ? ", " : "", r->engine_note);
	if (m->profile->kind == LM_PK_COPY)
		fprintf(f,
			"   Time: one set per run, at most %s / Interval %g sec\n",
			r->size, info->interval_s);
	else if (m->profile->kind == LM_PK_SWEEP)
		fprintf(f,
			"   Time: one pass of %s per run / Interval %g sec\n",
			r->size, info->interval_s);
	else if (m->profile->kind == LM_PK_CACHE)
		fprintf(f,
			"   Time: one pass of the working set per round / Interval %g sec between tests\n",
			info->interval_s);
	else
		fprintf(f, "   Time: Measure %g sec / Interval %g sec\n",
			info->runtime_s, info->interval_s);
	if (r->warning[0])
		fprintf(f, "   Note: %s\n", r->warning);
	fputc('\n', f);
}

void lm_report_mark_text(FILE *f, const struct lm_mark_info *info,
			 const struct lm_mark_result *m)
{
	const struct lm_report_info *r = &info->r;

	lm_mark_header(f, info, m);
	if (m->profile->kind == LM_PK_MIXED)
		lm_mixed(f, m);
	else if (m->profile->kind == LM_PK_SWEEP)
		lm_sweep(f, info, m);
	else if (m->profile->kind == LM_PK_COPY)
		lm_copy(f, info, m);
	else if (m->profile->kind == LM_PK_CACHE)
		lm_report_cache(f, info, m);
	else
		lm_matrix(f, info, m);
	if (info->until_steady && m->profile->kind != LM_PK_CACHE)
		fprintf(f,
			"* rounds: each cell ran until the last %u rounds were within %g%% of\n"
			"  their mean and their least-squares line within %g%% (SNIA PTS), at\n"
			"  most %u; the figures are of those last rounds\n",
			LM_STEADY_WINDOW, LM_STEADY_RANGE_PCT,
			LM_STEADY_SLOPE_PCT, info->max_rounds);
	lm_report_warnings(f, &m->warn);
	if (m->link_ceiling_mb_s > 0)
		fprintf(f,
			"* link: %g Gb/s carries %.1f MB/s of TCP payload at MTU 1500 (1448\n"
			"  payload bytes per 1538 bytes of line time); iSCSI headers come out\n"
			"  of that\n",
			info->link_gbit, m->link_ceiling_mb_s);
	fprintf(f, "   Date: %s\n", r->date);
	fprintf(f, "     OS: %s\n", r->kernel);
	fprintf(f, "lunmark: %s\n", r->version);
	if (m->verified)
		lm_report_verify(f, " Verify", &m->verify, m->verify_test);
	if (m->interrupted)
		fputs("Interrupted: the results above are partial.\n", f);
	if (m->io_errno)
		fprintf(f,
			"  Error: %s stopped at an IO error at offset %llu: %s\n",
			m->io_err_test, (unsigned long long)m->io_err_offset,
			lm_errtext(m->io_errno, m->io_errtext));
}

/* What a profile's region is, and what each test does. */
static void lm_profile_region(FILE *f, const struct lm_profile *p)
{
	static const char *const kinds[] = {
		"read, write", "mixed", "write, read",
		"upload (write), download (read)",
		"read in passes of its own working set until steady, then a miss run with --cache-size"
	};
	char sz[16];

	if (p->kind == LM_PK_CACHE) {
		fprintf(f,
			"  working set per test: --working-set (default 1GiB); each test: %s\n",
			kinds[p->kind]);
		return;
	}
	lm_fmt_size(sz, sizeof(sz), p->size_bytes);
	fprintf(f, "  %s%s",
		p->kind == LM_PK_SWEEP	? "per pass: "
		: p->kind == LM_PK_COPY ? "a set is at most (--size): "
					: "region: ",
		p->size_bytes ? sz : "--size (default 1GiB)");
	if (p->kind != LM_PK_SWEEP && p->kind != LM_PK_COPY && p->runtime_ns)
		fprintf(f, ", %g s per run", (double)p->runtime_ns / 1e9);
	else if (p->kind != LM_PK_SWEEP && p->kind != LM_PK_COPY)
		fputs(", --runtime per run (default 5 s)", f);
	fprintf(f, "; each test: %s%s\n", kinds[p->kind],
		p->mix ? ", mix (--mix, default 70% read)" : "");
}

void lm_report_profile_text(FILE *f, const struct lm_profile *p)
{
	const struct lm_test *t;
	char bs[16];
	unsigned int i;

	fprintf(f, "%s: %s\n", p->name, p->what);
	lm_profile_region(f, p);
	for (i = 0; i < p->ntests; i++) {
		t = &p->tests[i];
		lm_fmt_size(bs, sizeof(bs), t->bs_bytes);
		fprintf(f, "  %-26s %s %s, QD %u, %u thread%s", t->label,
			t->random ? "random" : "sequential", bs, t->qd,
			t->threads, t->threads == 1 ? "" : "s");
		if (p->kind == LM_PK_MIXED)
			fprintf(f, ", %u%% read, %u%% random", t->read_pct,
				t->random_pct);
		if (p->kind == LM_PK_COPY)
			fprintf(f, ", %u files", t->files);
		if (t->sustain)
			fputs(", writes 2 x --cache-size once (--sustained)",
			      f);
		fputc('\n', f);
	}
}

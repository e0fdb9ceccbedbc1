// SPDX-License-Identifier: MIT
/*
 * The text report of a suite: CrystalDiskMark's matrix, IOmeter's table,
 * ATTO's sweep with bars. Formatting only: every figure comes computed.
 */
#include "src/report/report.h"
#include "src/report/table.h"
#include "src/lunmark.h"
#include "src/units.h"

#include <string.h>

#define LM_BAR 12

static const char lm_rule[] =
	"------------------------------------------------------------------------------\n";

/* A cell's flags, on a line of their own under its figures (so that the
 * figures keep CrystalDiskMark's 80 columns), joined by commas. */
static void lm_cell_flags(FILE *f, const struct lm_mark_result *m,
			  const struct lm_cell *c)
{
	const char *sep = "      ";

	if (m->link_ceiling_mb_s > 0) {
		fprintf(f, "%s%.1f%% of the link", sep, c->link_pct);
		sep = ", ";
	}
	if (c->unstable) {
		fprintf(f, "%sunstable (CV %.1f%%)", sep, c->spread.cv_pct);
		sep = ", ";
	}
	if (c->by_rounds && c->ss.n) {
		fprintf(f,
			c->ss.steady ? "%ssteady (rounds %u-%u)"
				     : "%sNOT steady (rounds %u-%u)",
			sep, c->ss.first + 1, c->ss.first + c->ss.n);
		sep = ", ";
	}
	if (sep[0] == ',')
		fputc('\n', f);
}

void lm_report_warnings(FILE *f, const struct lm_warnings *w)
{
	unsigned int i;

	for (i = 0; i < w->n; i++)
		lm_wrap(f, "Warning: ", "         ", w->text[i],
			LM_REPORT_WIDTH);
	if (w->n)
		fputc('\n', f);
}

/* A figure, or a dash for what was not measured. */
static void lm_num(FILE *f, int width, int prec, bool measured, double v)
{
	if (measured)
		fprintf(f, " %*.*f", width, prec, v);
	else
		fprintf(f, " %*s", width, "-");
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
	fprintf(f, " %9.3f MB/s [%9.1f IOPS] <%9.2f us>\n",
		c->headline[sum].mb_s, c->headline[sum].iops,
		c->headline[sum].lat_mean_us);
	lm_cell_flags(f, m, c);
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
	bool rd, wr;

	fprintf(f, "%-24s %8s %8s %8s %8s %7s %7s\n", "Access spec", "Read",
		"Write", "Read", "Write", "Read", "Write");
	fprintf(f, "%-24s %8s %8s %8s %8s %7s %7s\n", "", "IOPS", "IOPS",
		"MB/s", "MB/s", "ms", "ms");
	for (i = 0; i < p->ntests; i++) {
		c = &m->cells[i][LM_WAY_MIX];
		fprintf(f, "%-24.24s", p->tests[i].label);
		if (!c->nruns) {
			fputs(" (not measured)\n", f);
			continue;
		}
		r = &c->headline[LM_DIR_READ];
		w = &c->headline[LM_DIR_WRITE];
		rd = lm_mix_measures(&p->tests[i], c, LM_DIR_READ);
		wr = lm_mix_measures(&p->tests[i], c, LM_DIR_WRITE);
		lm_num(f, 8, 0, rd, r->iops);
		lm_num(f, 8, 0, wr, w->iops);
		lm_num(f, 8, 2, rd, r->mb_s);
		lm_num(f, 8, 2, wr, w->mb_s);
		lm_num(f, 7, 3, rd, r->lat_mean_us / 1e3);
		lm_num(f, 7, 3, wr, w->lat_mean_us / 1e3);
		fputc('\n', f);
		lm_cell_flags(f, m, c);
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

	fprintf(f, "%7s %9s %9s %8s %8s\n", "Size", "Write", "Read", "Write",
		"Read");
	fprintf(f, "%7s %9s %9s %8s %8s\n", "", "MB/s", "MB/s", "IOPS", "IOPS");
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
		lm_num(f, 9, 2, w->wanted, w->headline[LM_DIR_WRITE].mb_s);
		lm_num(f, 9, 2, r->wanted, r->headline[LM_DIR_READ].mb_s);
		lm_num(f, 8, 0, w->wanted, w->headline[LM_DIR_WRITE].iops);
		lm_num(f, 8, 0, r->wanted, r->headline[LM_DIR_READ].iops);
		lm_bar(f, 'W', w->bar);
		lm_bar(f, 'R', r->bar);
		fputc('\n', f);
		if (w->unstable || r->unstable)
			fputs("        unstable\n", f);
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

	fprintf(f, "%-12s %-16s %9s %9s %8s %8s\n", "Set", "Run as", "Upload",
		"Download", "Upload", "Download");
	fprintf(f, "%-12s %-16s %9s %9s %8s %8s\n", "", "", "MB/s", "MB/s",
		"files/s", "files/s");
	for (i = 0; i < p->ntests; i++) {
		up = &m->cells[i][LM_WAY_WRITE];
		down = &m->cells[i][LM_WAY_READ];
		fprintf(f, "%-12.12s", p->tests[i].label);
		if (!up->wanted) {
			fputs(" (not run: the files do not fit the target's block size)\n",
			      f);
			continue;
		}
		lm_fmt_size(fb, sizeof(fb), up->file_bytes);
		fprintf(f, " %6llu x %-7s", (unsigned long long)up->files, fb);
		lm_num(f, 9, 2, up->wanted, up->headline[LM_DIR_WRITE].mb_s);
		lm_num(f, 9, 2, down->wanted, down->headline[LM_DIR_READ].mb_s);
		lm_num(f, 8, 1, up->wanted, up->headline[LM_DIR_WRITE].iops);
		lm_num(f, 8, 1, down->wanted, down->headline[LM_DIR_READ].iops);
		fputc('\n', f);
		if (up->unstable || down->unstable)
			fputs("             unstable\n", f);
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
	char title[160];
	unsigned int i;

	snprintf(title, sizeof(title), "lunmark %s: %s", r->version,
		 m->profile->what);
	fputs(lm_rule, f);
	lm_wrap(f, "", "  ", title, LM_REPORT_WIDTH);
	fputs(lm_rule, f);
	fputs("* MB/s = 1,000,000 bytes/s; latency = mean completion latency\n",
	      f);
	fputs("* KB = 1000 bytes, KiB = 1024 bytes\n\n", f);
	fprintf(f, " Target: %s (%s, %u-byte logical blocks)\n", r->target,
		r->target_kind, r->lbs_bytes);
	if (r->id && (r->id->vendor[0] || r->id->model[0] || r->id->serial[0]))
		fprintf(f, " Device: %s%s%s%s%s%s%s\n", r->id->vendor,
			r->id->vendor[0] ? " " : "", r->id->model,
			r->id->revision[0] ? " rev " : "", r->id->revision,
			r->id->serial[0] ? ", serial " : "", r->id->serial);
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
		lm_wrap(f, "   Note: ", "         ", r->warning,
			LM_REPORT_WIDTH);
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
	fprintf(f, "Version: lunmark %s\n", r->version);
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

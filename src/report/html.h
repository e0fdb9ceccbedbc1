/* SPDX-License-Identifier: MIT */
/*
 * Inside the report module: the parts of the HTML page (html.c), so that
 * each stays one concept:
 *   - html_svg.c: the chart primitives, inline SVG: axes with units and
 *     round ticks (1-2-5 steps), horizontal grouped bars with value
 *     labels and a note (a verdict) beside each bar, lines over time or
 *     over block size (a log2 axis), run boundaries, a legend;
 *   - html_method.c: the first screen of a single result, by the
 *     profile's kind (CrystalDiskMark's tiles, IOmeter's table, ATTO's
 *     sweep, copies, the cache), and the target's identity.
 * Everything drawn comes computed (struct lm_cmp, the saved cells); these
 * only place it. Nothing is fetched: the page stays one file.
 */
#ifndef LM_REPORT_HTML_H
#define LM_REPORT_HTML_H

#include "src/result/compare.h"

#include <stdbool.h>
#include <stdio.h>

/* A chart's width in px, within the page's 1100 px (html.c's style). */
#define LM_SVG_W 1000

/* @s with <, >, & and " escaped. */
void lm_html_esc(FILE *f, const char *s);
/* The colour of series @k. */
const char *lm_html_color(unsigned int k);
/* A way as @c's method names it ("upload" for a copy's write), a cell
 * ("SEQ1M Q8T1 read"), and a metric's unit ("files/s", "\u00b5s"). */
const char *lm_html_way(const struct lm_cmp *c, enum lm_way w);
void lm_html_cell(char *buf, size_t len, const struct lm_cmp *c,
		  const struct lm_cmp_cell *cell);
const char *lm_html_unit(const struct lm_cmp *c, unsigned int m);
/* A legend: a swatch and a name per series. */
void lm_html_legend(FILE *f, const char *const *names, unsigned int n);

/* One series of a chart: a value per category (bars) or per point. */
struct lm_svg_series {
	const char *name;
	const double *y;	     /* NaN: not measured, nothing drawn */
	const double *lo, *hi;	     /* an error bar each, or NULL */
	const char *const *note;     /* bars: beside each, or NULL */
	const char *const *note_cls; /* its class (better, worse...) */
	/* lines: x of each point (seconds, or bytes on a log2 axis) */
	const double *x;
	unsigned int n;
	/* lines: the x where each run ends (a thin mark), and the x where
	 * the steady window starts (dashed), 0 for none */
	const double *breaks;
	unsigned int nbreaks;
	double window_x;
};

struct lm_svg_chart {
	const char *title; /* the chart's accessible name */
	const char *unit;  /* of the values: "MB/s", "IOPS", "ms" */
	const char *xunit; /* lines: "s"; NULL for a block-size axis */
	/* bars: the groups' labels; lines on a block-size axis: the
	 * smallest and largest x */
	const char *const *cats;
	unsigned int ncats;
	double xmin, xmax;
	const struct lm_svg_series *s;
	unsigned int ns;
	bool labels; /* a value label at every bar or point */
};

/* Horizontal grouped bars: a group per category, a bar per series. */
void lm_svg_bars(FILE *f, const struct lm_svg_chart *c);
/* Lines with a y axis from 0 and an x axis in c->xunit, or in block
 * sizes (powers of 2, log scale) when c->xunit is NULL. */
void lm_svg_lines(FILE *f, const struct lm_svg_chart *c);

/* A round axis step for values up to @top: 1, 2 or 5 x 10^k, about
 * @ticks steps; lm_svg_num() prints a tick of that step. */
double lm_svg_step(double top, unsigned int ticks);
void lm_svg_num(char *buf, size_t len, double v, double step);

/* The first screen of a single result (html_method.c): its target and
 * the profile's own view of @c's one configuration. */
void lm_html_method(FILE *f, const struct lm_cmp *c);
/* A comparison of sweeps: per way @w one chart over the block sizes. */
void lm_html_sweep_cmp(FILE *f, const struct lm_cmp *c, enum lm_way w);
/* The cache profile's part of it (html_cache.c). */
void lm_html_cache(FILE *f, const struct lm_mark_result *m);
/* A cell's MB/s second by second, a line per configuration (@c's),
 * when some configuration has two seconds of it or more; is there a
 * cell in @c that has? */
bool lm_html_series_any(const struct lm_cmp *c);
void lm_html_series(FILE *f, const struct lm_cmp *c,
		    const struct lm_cmp_cell *cell);

#endif

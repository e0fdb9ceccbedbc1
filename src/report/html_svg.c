// SPDX-License-Identifier: MIT
/* The HTML page's charts, inline SVG: see html.h. */
#include "src/report/html.h"
#include "src/units.h"

#include <math.h>
#include <string.h>

static const char *const lm_colors[] = { "#4e79a7", "#f28e2b", "#59a14f",
					 "#e15759", "#76b7b2", "#b07aa1",
					 "#edc948", "#ff9da7" };
#define LM_NCOLORS (sizeof(lm_colors) / sizeof(lm_colors[0]))

#define LM_BAR_H 16  /* one bar */
#define LM_BAR_GAP 4 /* between the bars of a group */
#define LM_GRP_GAP 12
#define LM_BAR_L 160	/* the series' names, left of the bars */
#define LM_BAR_T 18	/* a group's label, above its bars */
#define LM_NAME_MAX 24	/* characters of a series' name shown there */
#define LM_BAR_NOTE 380 /* the notes beside the bars */
#define LM_AXIS_B 40	/* under a plot: ticks and the unit */

#define LM_LN_H 300
#define LM_LN_L 72
#define LM_LN_R 24
#define LM_LN_T 20

void lm_html_esc(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '&':
			fputs("&amp;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		default:
			fputc(*s, f);
		}
	}
}

const char *lm_html_color(unsigned int k)
{
	return lm_colors[k % LM_NCOLORS];
}

void lm_html_legend(FILE *f, const char *const *names, unsigned int n)
{
	unsigned int k;

	fputs("<p class=\"legend\">", f);
	for (k = 0; k < n; k++) {
		fprintf(f, "<span><i class=\"sw\" style=\"background:%s\"></i>",
			lm_html_color(k));
		lm_html_esc(f, names[k]);
		fputs("</span>", f);
	}
	fputs("</p>\n", f);
}

double lm_svg_step(double top, unsigned int ticks)
{
	double raw, mag, r;

	if (!(top > 0) || !ticks)
		return 1;
	raw = top / ticks;
	mag = pow(10, floor(log10(raw)));
	r = raw / mag;
	return mag * (r <= 1 ? 1 : r <= 2 ? 2 : r <= 5 ? 5 : 10);
}

void lm_svg_num(char *buf, size_t len, double v, double step)
{
	int dec = step >= 1 ? 0 : (int)ceil(-log10(step) - 1e-9);

	snprintf(buf, len, "%.*f", dec, v);
}

/* The largest value (or error bar) of @c's series, and a round top. */
static double lm_svg_top(const struct lm_svg_chart *c, double *step)
{
	double top = 0;
	unsigned int k, i;

	for (k = 0; k < c->ns; k++)
		for (i = 0; i < c->s[k].n; i++) {
			double v = c->s[k].hi ? c->s[k].hi[i] : c->s[k].y[i];

			if (v > top)
				top = v;
			if (c->s[k].y[i] > top)
				top = c->s[k].y[i];
		}
	*step = lm_svg_step(top > 0 ? top : 1, 5);
	top = ceil((top > 0 ? top : 1) / *step) * *step;
	return top;
}

static void lm_svg_open(FILE *f, const struct lm_svg_chart *c, int h)
{
	fprintf(f,
		"<svg class=\"chart\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"",
		LM_SVG_W, h, LM_SVG_W, h);
	lm_html_esc(f, c->title);
	fputs("\">\n", f);
}

/* A value axis along x, from @x0 to @x1 px at y @y, 0 to @top. */
static void lm_svg_xvalues(FILE *f, double x0, double x1, int y, int ytop,
			   double top, double step, const char *unit)
{
	double v;
	char b[32];

	for (v = 0; v <= top + step / 2; v += step) {
		double x = x0 + (x1 - x0) * v / top;

		lm_svg_num(b, sizeof(b), v, step);
		fprintf(f,
			"<line class=\"grid\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\"/><text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
			x, x, ytop, y, x, y + 14, b);
	}
	fprintf(f,
		"<text class=\"unit\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">",
		(x0 + x1) / 2, y + 32);
	lm_html_esc(f, unit);
	fputs("</text>\n", f);
}

/* One bar: @k of group @g, at @y. */
static void lm_svg_bar(FILE *f, const struct lm_svg_chart *c, unsigned int k,
		       unsigned int g, double y, double x1, double top)
{
	const struct lm_svg_series *s = &c->s[k];
	double w = (x1 - LM_BAR_L) / top, v = s->y[g];
	char b[32];

	if (isnan(v)) {
		fprintf(f,
			"<text class=\"value\" x=\"%d\" y=\"%.1f\">- (not measured)</text>\n",
			LM_BAR_L + 4, y + 12);
		return;
	}
	lm_svg_num(b, sizeof(b), v, v >= 100 ? 1 : v >= 10 ? 0.1 : 0.01);
	fprintf(f,
		"<rect class=\"bar\" x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"%s\"><title>",
		LM_BAR_L, y, v * w, LM_BAR_H, lm_html_color(k));
	lm_html_esc(f, s->name);
	fprintf(f, ": %s ", b);
	lm_html_esc(f, c->unit);
	fputs("</title></rect>\n", f);
	if (s->lo && s->hi && !isnan(s->lo[g]) && !isnan(s->hi[g]))
		fprintf(f,
			"<path class=\"err\" d=\"M%.1f %.1fH%.1fM%.1f %.1fv8M%.1f %.1fv8\"/>\n",
			LM_BAR_L + s->lo[g] * w, y + 8, LM_BAR_L + s->hi[g] * w,
			LM_BAR_L + s->lo[g] * w, y + 4, LM_BAR_L + s->hi[g] * w,
			y + 4);
	fprintf(f, "<text class=\"value\" x=\"%.1f\" y=\"%.1f\">%s</text>\n",
		LM_BAR_L +
			(s->hi && !isnan(s->hi[g]) && s->hi[g] > v ? s->hi[g]
								   : v) *
				w +
			4,
		y + 12, b);
	if (!s->note || !s->note[g] || !s->note[g][0])
		return;
	fprintf(f, "<text class=\"note %s\" x=\"%d\" y=\"%.1f\">",
		s->note_cls && s->note_cls[g] ? s->note_cls[g] : "",
		LM_SVG_W - LM_BAR_NOTE + 8, y + 12);
	lm_html_esc(f, s->note[g]);
	fputs("</text>\n", f);
}

/* A series' name left of its bar, cut to what the column holds (the
 * legend has it whole). */
static void lm_svg_name(FILE *f, const char *name, double y)
{
	char b[LM_NAME_MAX + 4];
	size_t n = strlen(name);

	snprintf(b, sizeof(b), "%s", name);
	if (n > LM_NAME_MAX) {
		size_t cut = LM_NAME_MAX - 1;

		/* not inside a UTF-8 character */
		while (cut && ((unsigned char)b[cut] & 0xc0) == 0x80)
			cut--;
		snprintf(b + cut, sizeof(b) - cut, "\u2026");
	}
	fprintf(f,
		"<text class=\"name\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">",
		LM_BAR_L - 6, y + 12);
	lm_html_esc(f, b);
	fputs("</text>\n", f);
}

void lm_svg_bars(FILE *f, const struct lm_svg_chart *c)
{
	unsigned int g, k;
	bool notes = false;
	double step, top = lm_svg_top(c, &step), y = 8;
	double x1;
	int h;

	for (k = 0; k < c->ns; k++)
		notes |= c->s[k].note != NULL;
	/* room for the value labels past the longest bar */
	x1 = LM_SVG_W - (notes ? LM_BAR_NOTE : 0) - 70;
	h = 8 +
	    (int)c->ncats * (LM_BAR_T + (int)c->ns * (LM_BAR_H + LM_BAR_GAP) +
			     LM_GRP_GAP) +
	    LM_AXIS_B;
	lm_svg_open(f, c, h);
	lm_svg_xvalues(f, LM_BAR_L, x1, h - LM_AXIS_B, 4, top, step, c->unit);
	for (g = 0; g < c->ncats; g++) {
		fprintf(f, "<text class=\"group\" x=\"4\" y=\"%.1f\">", y + 12);
		lm_html_esc(f, c->cats[g]);
		fputs("</text>\n", f);
		y += LM_BAR_T;
		for (k = 0; k < c->ns; k++) {
			lm_svg_name(f, c->s[k].name, y);
			lm_svg_bar(f, c, k, g, y, x1, top);
			y += LM_BAR_H + LM_BAR_GAP;
		}
		y += LM_GRP_GAP;
	}
	fputs("</svg>\n", f);
}

/* The x axis of a line chart: seconds from 0, or block sizes. */
static double lm_svg_xpos(const struct lm_svg_chart *c, double x)
{
	double w = LM_SVG_W - LM_LN_L - LM_LN_R;

	if (!c->xunit)
		return LM_LN_L +
		       w * log2(x / c->xmin) / log2(c->xmax / c->xmin);
	return LM_LN_L + w * x / c->xmax;
}

static void lm_svg_xaxis(FILE *f, const struct lm_svg_chart *c, int y)
{
	double v, step = lm_svg_step(c->xmax, 8);
	char b[32];

	for (v = c->xunit ? 0 : c->xmin; v <= c->xmax * 1.0001;
	     v = c->xunit ? v + step : v * 2) {
		double x = lm_svg_xpos(c, v);

		if (c->xunit)
			lm_svg_num(b, sizeof(b), v, step);
		else
			lm_fmt_size(b, sizeof(b), (uint64_t)v);
		fprintf(f,
			"<line class=\"grid\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\"/><text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
			x, x, LM_LN_T, y, x, y + 14, b);
	}
	fprintf(f,
		"<text class=\"unit\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
		(LM_SVG_W + LM_LN_L) / 2, y + 32,
		c->xunit ? "time, s (the runs end to end)"
			 : "block size (log scale)");
}

static void lm_svg_yaxis(FILE *f, const struct lm_svg_chart *c, int y0,
			 double top, double step)
{
	double v;
	char b[32];

	for (v = 0; v <= top + step / 2; v += step) {
		double y = y0 - (y0 - LM_LN_T) * v / top;

		lm_svg_num(b, sizeof(b), v, step);
		fprintf(f,
			"<line class=\"grid\" x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\"/><text class=\"tick\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
			LM_LN_L, LM_SVG_W - LM_LN_R, y, y, LM_LN_L - 6, y + 4,
			b);
	}
	fprintf(f,
		"<text class=\"unit\" x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\" text-anchor=\"middle\">",
		(y0 + LM_LN_T) / 2, (y0 + LM_LN_T) / 2);
	lm_html_esc(f, c->unit);
	fputs("</text>\n", f);
}

/* A series' run boundaries and steady window. */
static void lm_svg_marks(FILE *f, const struct lm_svg_chart *c, unsigned int k,
			 int y0)
{
	const struct lm_svg_series *s = &c->s[k];
	unsigned int i;
	double x;

	for (i = 0; i + 1 < s->nbreaks; i++) {
		x = lm_svg_xpos(c, s->breaks[i]);
		fprintf(f,
			"<line class=\"run\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"%s\"/>\n",
			x, x, LM_LN_T, y0, lm_html_color(k));
	}
	if (!(s->window_x > 0))
		return;
	x = lm_svg_xpos(c, s->window_x);
	fprintf(f,
		"<line class=\"window\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" stroke=\"%s\"/><text class=\"tick\" x=\"%.1f\" y=\"%d\">steady window &#8594;</text>\n",
		x, x, LM_LN_T, y0, lm_html_color(k), x + 4,
		LM_LN_T + 12 + 14 * (int)k);
}

/* Where point @i of series @k gets its label: above it when it is the
 * highest of the series at that point, else below it, unless that would
 * reach the x axis' labels. */
static double lm_svg_label_y(const struct lm_svg_chart *c, unsigned int k,
			     unsigned int i, double y, int y0)
{
	unsigned int o;
	bool top = true;

	for (o = 0; o < c->ns; o++)
		if (o != k && i < c->s[o].n && c->s[o].y[i] > c->s[k].y[i])
			top = false;
	if (top)
		return y - 7;
	return y + 15 < y0 - 2 ? y + 15 : y - 19;
}

/* A series' points: a polyline, broken where a value is missing. */
static void lm_svg_points(FILE *f, const struct lm_svg_chart *c, unsigned int k,
			  int y0, double top)
{
	const struct lm_svg_series *s = &c->s[k];
	bool open = false, dots = s->n <= 40;
	unsigned int i;
	char b[32];

	for (i = 0; i < s->n; i++) {
		double x = lm_svg_xpos(c, s->x[i]);
		double y = y0 - (y0 - LM_LN_T) * s->y[i] / top;

		if (isnan(s->y[i])) {
			fputs(open ? "\"/>\n" : "", f);
			open = false;
			if (!k && !c->xunit)
				fprintf(f,
					"<text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">not run</text>\n",
					x, y0 - 6);
			continue;
		}
		if (!open)
			fprintf(f,
				"<polyline class=\"line\" stroke=\"%s\" points=\"",
				lm_html_color(k));
		open = true;
		fprintf(f, "%.1f,%.1f ", x, y);
	}
	fputs(open ? "\"/>\n" : "", f);
	for (i = 0; i < s->n && (dots || c->labels); i++) {
		double x = lm_svg_xpos(c, s->x[i]);
		double y = y0 - (y0 - LM_LN_T) * s->y[i] / top;

		if (isnan(s->y[i]))
			continue;
		lm_svg_num(b, sizeof(b), s->y[i], s->y[i] >= 100 ? 1 : 0.1);
		fprintf(f,
			"<circle class=\"point\" cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"><title>",
			x, y, lm_html_color(k));
		lm_html_esc(f, s->name);
		fprintf(f, ": %s ", b);
		lm_html_esc(f, c->unit);
		fputs("</title></circle>\n", f);
		if (!c->labels)
			continue;
		fprintf(f,
			"<text class=\"value\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"%s\">%s</text>\n",
			x, lm_svg_label_y(c, k, i, y, y0), lm_html_color(k), b);
	}
}

void lm_svg_lines(FILE *f, const struct lm_svg_chart *c)
{
	int y0 = LM_LN_H - LM_AXIS_B;
	double step, top = lm_svg_top(c, &step);
	unsigned int k;

	lm_svg_open(f, c, LM_LN_H);
	lm_svg_yaxis(f, c, y0, top, step);
	lm_svg_xaxis(f, c, y0);
	for (k = 0; k < c->ns; k++) {
		lm_svg_marks(f, c, k, y0);
		lm_svg_points(f, c, k, y0, top);
	}
	fputs("</svg>\n", f);
}

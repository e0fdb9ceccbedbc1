// SPDX-License-Identifier: MIT
#include "src/report/table.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

void lm_tab_init(struct lm_tab *t, unsigned int ncols)
{
	memset(t, 0, sizeof(*t));
	t->ncols = ncols < LM_TAB_COLS ? ncols : LM_TAB_COLS;
}

void lm_tab_row(struct lm_tab *t)
{
	if (t->nrows == t->cap) {
		unsigned int cap = t->cap ? 2 * t->cap : 16;
		void *p = realloc(t->cells, sizeof(*t->cells) * cap);

		if (!p) {
			t->col = t->ncols; /* the row's cells are dropped */
			return;
		}
		t->cells = p;
		t->cap = cap;
	}
	memset(t->cells[t->nrows], 0, sizeof(t->cells[0]));
	t->row = t->nrows++;
	t->col = 0;
}

void lm_tab_put(struct lm_tab *t, const char *fmt, ...)
{
	va_list ap;

	if (!t->nrows || t->col >= t->ncols)
		return;
	va_start(ap, fmt);
	vsnprintf(t->cells[t->row][t->col++], LM_TAB_CELL, fmt, ap);
	va_end(ap);
}

void lm_csv_str(FILE *f, const char *s)
{
	if (!s[strcspn(s, ",\"\n\r")]) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

/* Display width: UTF-8 continuation bytes take no room. */
static int lm_width(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

static void lm_tab_text(FILE *f, const struct lm_tab *t)
{
	int w[LM_TAB_COLS] = { 0 };
	unsigned int r, c;

	for (r = 0; r < t->nrows; r++)
		for (c = 0; c < t->ncols; c++)
			if (lm_width(t->cells[r][c]) > w[c])
				w[c] = lm_width(t->cells[r][c]);
	for (r = 0; r < t->nrows; r++) {
		for (c = 0; c < t->ncols; c++) {
			const char *s = t->cells[r][c];
			int pad = w[c] - lm_width(s);
			bool right = (t->right >> c) & 1 && r >= t->nhead;

			fprintf(f, "%s%*s%s%*s", c ? "  " : "", right ? pad : 0,
				"", s, right || c + 1 == t->ncols ? 0 : pad,
				"");
		}
		fputc('\n', f);
		if (r + 1 == t->nhead) {
			for (c = 0; c < t->ncols; c++)
				fprintf(f, "%s%.*s", c ? "  " : "", w[c],
					"--------------------------------------------------------------------------------");
			fputc('\n', f);
		}
	}
}

static void lm_md_cell(FILE *f, const char *s)
{
	for (; *s; s++) {
		if (*s == '|')
			fputc('\\', f);
		fputc(*s, f);
	}
}

static void lm_tab_md(FILE *f, const struct lm_tab *t)
{
	unsigned int r, c;

	for (r = 0; r < t->nrows; r++) {
		for (c = 0; c < t->ncols; c++) {
			fputs(c ? " | " : "| ", f);
			lm_md_cell(f, t->cells[r][c]);
		}
		fputs(" |\n", f);
		/* Markdown has one header row: the rule follows the last */
		if (r + 1 == (t->nhead ? t->nhead : 1))
			for (c = 0; c < t->ncols; c++)
				fputs((t->right >> c) & 1
					      ? (c + 1 == t->ncols
							 ? "| ---: |\n"
							 : "| ---: ")
				      : c + 1 == t->ncols ? "| --- |\n"
							  : "| --- ",
				      f);
	}
}

static void lm_tab_csv(FILE *f, const struct lm_tab *t)
{
	unsigned int r, c;

	for (r = 0; r < t->nrows; r++) {
		for (c = 0; c < t->ncols; c++) {
			if (c)
				fputc(',', f);
			lm_csv_str(f, t->cells[r][c]);
		}
		fputc('\n', f);
	}
}

void lm_tab_print(FILE *f, const struct lm_tab *t, enum lm_tab_style style)
{
	if (style == LM_TAB_MD)
		lm_tab_md(f, t);
	else if (style == LM_TAB_CSV)
		lm_tab_csv(f, t);
	else
		lm_tab_text(f, t);
}

void lm_tab_free(struct lm_tab *t)
{
	free(t->cells);
	memset(t, 0, sizeof(*t));
}

void lm_wrap(FILE *f, const char *first, const char *rest, const char *text,
	     unsigned int width)
{
	const char *p = text, *lead = first;

	while (*p) {
		size_t room = width > strlen(lead) ? width - strlen(lead) : 1;
		size_t n = strlen(p), cut = n;

		if (n > room) {
			/* the last space that fits; else the first after */
			for (cut = room; cut > 0 && p[cut] != ' '; cut--)
				;
			if (!cut)
				cut = strcspn(p, " ");
		}
		fprintf(f, "%s%.*s\n", lead, (int)cut, p);
		p += cut;
		while (*p == ' ')
			p++;
		lead = rest;
	}
}

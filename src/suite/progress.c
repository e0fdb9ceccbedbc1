// SPDX-License-Identifier: MIT
#include "src/suite/progress.h"
#include "src/stats/stats.h"

#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

void lm_progress_init(struct lm_progress *p, bool on)
{
	memset(p, 0, sizeof(*p));
	p->f = on && isatty(STDERR_FILENO) ? stderr : NULL;
	p->t0_ns = lm_now_ns();
}

void lm_progress_plan(struct lm_progress *p, const char *profile,
		      unsigned int cells, unsigned int runs_per_cell,
		      uint64_t runtime_ns, uint64_t interval_ns)
{
	p->profile = profile;
	p->cells = cells;
	p->runs = runs_per_cell;
	p->runtime_ns = runtime_ns;
	p->interval_ns = interval_ns;
}

/* Seconds left: from the plan when runs are timed, else from the pace. */
static uint64_t lm_eta_s(const struct lm_progress *p, uint64_t now)
{
	uint64_t total = (uint64_t)p->cells * p->runs, left, in_run;

	left = total > p->runs_done ? total - p->runs_done : 0;
	if (p->runtime_ns) {
		in_run = now - p->run0_ns;
		in_run = in_run < p->runtime_ns ? in_run : p->runtime_ns;
		return (left * p->runtime_ns - in_run +
			(p->cells > p->cell ? p->cells - p->cell : 0) *
				p->interval_ns) /
		       1000000000ull;
	}
	if (!p->runs_done)
		return 0;
	return (now - p->t0_ns) / p->runs_done * left / 1000000000ull;
}

/* The terminal's width, 80 when it cannot be told. */
static unsigned int lm_cols(FILE *f)
{
	struct winsize ws;

	if (ioctl(fileno(f), TIOCGWINSZ, &ws) || ws.ws_col < 20)
		return 80;
	return ws.ws_col;
}

/*
 * One line, never wider than the terminal (a wider one wraps, and every
 * redraw then stacks a line): the profile's name goes first, then the
 * line is cut. The warm-up is run 1/1; the counted runs are 1/N.
 */
static void lm_draw(struct lm_progress *p, double mb_s, double iops)
{
	uint64_t eta = lm_eta_s(p, lm_now_ns());
	unsigned int cols = lm_cols(p->f), counted;
	char line[256], *text = line;
	int n;

	counted = p->warmup ? p->runs - 1 : p->runs;
	n = snprintf(line, sizeof(line), "%s: test %u/%u %s, ", p->profile,
		     p->cell, p->cells, p->test);
	if (p->warmup && !p->run)
		n += snprintf(line + n, sizeof(line) - (size_t)n,
			      "warm-up 1/1");
	else
		n += snprintf(line + n, sizeof(line) - (size_t)n, "run %u/%u",
			      p->warmup ? p->run : p->run + 1, counted);
	if (mb_s >= 0 && n < (int)sizeof(line))
		n += snprintf(line + n, sizeof(line) - (size_t)n,
			      ": %.1f MB/s, %.0f IOPS", mb_s, iops);
	if (n < (int)sizeof(line))
		snprintf(line + n, sizeof(line) - (size_t)n,
			 ", ETA %llum%02llus", (unsigned long long)(eta / 60),
			 (unsigned long long)(eta % 60));
	if (strlen(text) >= cols)
		text += strlen(p->profile) + 2;
	fprintf(p->f, "\r%.*s\033[K", (int)(cols - 1), text);
	fflush(p->f);
	p->drawn = true;
}

void lm_progress_run(struct lm_progress *p, const char *name, unsigned int run,
		     unsigned int runs, bool warmup)
{
	if (!run)
		p->cell++;
	snprintf(p->test, sizeof(p->test), "%s", name);
	p->run = run;
	p->runs = runs;
	p->warmup = warmup;
	p->run0_ns = lm_now_ns();
	if (p->f)
		lm_draw(p, -1, 0);
}

void lm_progress_tick(void *arg, double mb_s, double iops)
{
	struct lm_progress *p = arg;

	if (p && p->f)
		lm_draw(p, mb_s, iops);
}

void lm_progress_run_done(struct lm_progress *p)
{
	p->runs_done++;
}

void lm_progress_end(struct lm_progress *p)
{
	if (p->f && p->drawn)
		fputs("\r\033[K", p->f);
	if (p->f)
		fflush(p->f);
	p->drawn = false;
}

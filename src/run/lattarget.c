// SPDX-License-Identifier: MIT
/* fio's latency_target (lattarget.h), step by step as fio's io_u.c. */
#include "src/run/lattarget.h"

#include <string.h>

void lm_lat_target_window(struct lm_lat_target *t, uint64_t now, uint64_t ios)
{
	t->start_ns = now;
	t->ios0 = ios;
	t->failed = 0;
}

void lm_lat_target_init(struct lm_lat_target *t, const struct lm_job *j,
			uint64_t now, uint64_t ios)
{
	memset(t, 0, sizeof(*t));
	t->max = j->iodepth;
	t->qd = j->iodepth;
	if (!j->lat_target_ns)
		return;
	t->on = true;
	t->target_ns = j->lat_target_ns;
	t->window_ns = j->lat_window_ns;
	t->pct = j->lat_pct;
	t->keep = j->lat_run;
	t->qd = t->low = 1;
	t->high = j->iodepth;
	lm_lat_target_window(t, now, ios);
}

/* Over the target: half way down to the last depth that met it. */
static enum lm_lat_step lm_lat_down(struct lm_lat_target *t, uint64_t now,
				    uint64_t ios)
{
	if (t->qd == 1)
		return LM_LAT_FAIL;
	t->high = t->qd;
	if (t->qd == t->low)
		t->low--;
	t->qd = (t->qd + t->low) / 2;
	t->stable = 0;
	lm_lat_target_window(t, now, ios);
	return LM_LAT_QUIESCE;
}

/* Met: double, or half way up to the depth that did not; the same
 * depth again is the one found. */
static enum lm_lat_step lm_lat_up(struct lm_lat_target *t, uint64_t now,
				  uint64_t ios)
{
	unsigned int qd = t->qd;
	enum lm_lat_step step = LM_LAT_GO;

	t->low = t->qd;
	/* stuck one below a depth that failed: fio tries it again after
	 * three windows met in a row */
	if (t->qd + 1 == t->high && ++t->stable >= 3) {
		t->high++;
		t->stable = 0;
	}
	if (t->high != t->max)
		t->qd = (t->qd + t->high) / 2;
	else
		t->qd *= 2;
	if (t->qd > t->max)
		t->qd = t->max;
	if (!t->keep && t->qd == qd) {
		step = t->last ? LM_LAT_DONE : LM_LAT_MEASURE;
		t->last = true;
	}
	lm_lat_target_window(t, now, ios);
	return step;
}

enum lm_lat_step lm_lat_target_over(struct lm_lat_target *t, uint64_t now,
				    uint64_t ios)
{
	if (t->pct < 100.0) {
		t->failed++;
		return LM_LAT_GO;
	}
	return lm_lat_down(t, now, ios);
}

enum lm_lat_step lm_lat_target_check(struct lm_lat_target *t, uint64_t now,
				     uint64_t ios)
{
	uint64_t n = ios - t->ios0;
	enum lm_lat_step step;

	if (!t->on || now - t->start_ns < t->window_ns)
		return LM_LAT_GO;
	/* a window with no IO did not meet it (fio's 0 / 0) */
	if (n && 100.0 * (double)(n - t->failed) / (double)n >= t->pct)
		return lm_lat_up(t, now, ios);
	step = lm_lat_down(t, now, ios);
	if (step != LM_LAT_FAIL)
		return step;
	/* at QD 1 a window that missed is no error: the next one */
	lm_lat_target_window(t, now, ios);
	return LM_LAT_GO;
}

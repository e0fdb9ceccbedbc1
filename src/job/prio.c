// SPDX-License-Identifier: MIT
/* IO priorities (prio.h). */
#include "src/job/prio.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

void lm_prio_defaults(struct lm_prio *p)
{
	memset(p, 0, sizeof(*p));
	p->klass = p->level = -1;
	p->cmd_class[0] = p->cmd_class[1] = -1;
	p->cmd_level[0] = p->cmd_level[1] = -1;
}

/* fio's ioprio_value(): no class is the best-effort one. */
static uint16_t lm_prio_value(int klass, int level)
{
	if (klass <= 0)
		klass = LM_PRIO_CLASS_BE;
	return (uint16_t)((unsigned int)klass << LM_PRIO_CLASS_SHIFT |
			  (unsigned int)(level < 0 ? 0 : level));
}

uint16_t lm_prio_own(const struct lm_prio *p)
{
	if (p->klass < 0 && p->level < 0)
		return 0;
	return lm_prio_value(p->klass, p->level);
}

/* The share of direction @d's IOs of @bs bytes its entries take. */
static unsigned int lm_prio_share(const struct lm_prio_entry *e, unsigned int n,
				  uint32_t bs)
{
	unsigned int i, pct = 0;

	for (i = 0; i < n; i++)
		if (!e[i].bs || e[i].bs == bs)
			pct += e[i].pct;
	return pct;
}

static int lm_prio_check_dir(const struct lm_prio *p, unsigned int d, char *msg,
			     size_t len)
{
	const char *dn = d ? "writes" : "reads";
	unsigned int i, pct;

	if (p->cmd_class[d] == 0 || p->cmd_class[d] > LM_PRIO_CLASS_IDLE ||
	    p->cmd_level[d] > 7) {
		snprintf(
			msg, len,
			"cmdprio_class takes 1 (real-time), 2 (best-effort) or 3 (idle), and cmdprio a level from 0 (the highest) to 7");
		return -EINVAL;
	}
	for (i = 0; i < p->n[d]; i++) {
		const struct lm_prio_entry *e = &p->e[d][i];

		if (e->klass > LM_PRIO_CLASS_IDLE || e->level > 7) {
			snprintf(
				msg, len,
				"cmdprio_bssplit: %s' entry %u has class %d, level %d: a class is 0 to 3 and a level 0 to 7 (bs/percent/class/level)",
				dn, i + 1, e->klass, e->level);
			return -EINVAL;
		}
		pct = lm_prio_share(p->e[d], p->n[d], e->bs);
		if (pct > 100) {
			snprintf(
				msg, len,
				"cmdprio_bssplit: the %s' shares of %u-byte IOs add up to %u %%: at most 100",
				dn, e->bs, pct);
			return -EINVAL;
		}
	}
	return 0;
}

int lm_prio_check(const struct lm_prio *p, char *msg, size_t len)
{
	unsigned int d;
	int ret;

	if (p->klass > LM_PRIO_CLASS_IDLE || p->level > 7) {
		snprintf(
			msg, len,
			"prioclass takes 0 to 3 (none, real-time, best-effort, idle) and prio a level from 0 (the highest) to 7");
		return -EINVAL;
	}
	if (p->by_bs && p->by_pct) {
		snprintf(
			msg, len,
			"cmdprio_percentage and cmdprio_bssplit exclude each other, as in fio: give one of them");
		return -EINVAL;
	}
	for (d = 0; d < 2; d++) {
		ret = lm_prio_check_dir(p, d, msg, len);
		if (ret)
			return ret;
	}
	return 0;
}

/* The index of @v among @pl's values of direction @d, added if new. */
static unsigned int lm_prio_index(struct lm_prio_plan *pl, unsigned int d,
				  uint16_t v)
{
	unsigned int i;

	for (i = 0; i < pl->nval[d]; i++)
		if (pl->val[d][i] == v)
			return i;
	pl->val[d][pl->nval[d]] = v;
	return pl->nval[d]++;
}

void lm_prio_plan(const struct lm_prio *p, struct lm_prio_plan *pl)
{
	unsigned int d, i;

	memset(pl, 0, sizeof(*pl));
	for (d = 0; d < 2; d++) {
		/* cmdprio_class: the real-time class unless given */
		int klass = p->cmd_class[d] < 0 ? LM_PRIO_CLASS_RT
						: p->cmd_class[d];

		pl->val[d][0] = lm_prio_own(p);
		pl->nval[d] = 1;
		pl->n[d] = p->n[d];
		for (i = 0; i < p->n[d]; i++) {
			const struct lm_prio_entry *e = &p->e[d][i];
			uint16_t v =
				e->klass < 0
					? lm_prio_value(klass, p->cmd_level[d])
					: lm_prio_value(e->klass, e->level);

			pl->e[d][i] = *e;
			pl->idx[d][i] = lm_prio_index(pl, d, v);
		}
	}
}

unsigned int lm_prio_pick(const struct lm_prio_plan *pl, unsigned int d,
			  uint32_t len, struct lm_rand *r)
{
	unsigned int i, draw, at = 0;

	if (d >= 2 || !pl->n[d] || !lm_prio_share(pl->e[d], pl->n[d], len))
		return 0;
	draw = (unsigned int)lm_rand_below(r, 100);
	for (i = 0; i < pl->n[d]; i++) {
		if (pl->e[d][i].bs && pl->e[d][i].bs != len)
			continue;
		at += pl->e[d][i].pct;
		if (draw < at)
			return pl->idx[d][i];
	}
	return 0;
}

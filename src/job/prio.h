/* SPDX-License-Identifier: MIT */
/*
 * IO priorities, as fio sets them: the job's own (fio's prio and
 * prioclass: the thread's, by ioprio_set(), and every IO's in io_uring),
 * and a share of a direction's IOs at another, chosen per IO
 * (cmdprio_percentage with cmdprio_class and cmdprio; or by block size,
 * cmdprio_bssplit). A priority is Linux's ioprio value, class << 13 |
 * level, as fio's logs print it (log_prio).
 *
 * struct lm_prio is what the job asks, as its options said it;
 * lm_prio_plan() turns it into what a worker draws from and counts by:
 * each direction's distinct priorities, the job's own first (fio's
 * clat_prio order), and the entries that pick them.
 */
#ifndef LM_JOB_PRIO_H
#define LM_JOB_PRIO_H

#include "src/job/offset.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LM_PRIO_CLASS_SHIFT 13
#define LM_PRIO_CLASS_RT 1
#define LM_PRIO_CLASS_BE 2
#define LM_PRIO_CLASS_IDLE 3
#define LM_PRIO_ENTRIES 16u /* cmdprio_bssplit entries of one direction */
/* distinct priorities of one direction, the job's own among them */
#define LM_PRIO_MAX (LM_PRIO_ENTRIES + 1u)

/* One share of a direction's IOs at a priority: of its IOs of @bs bytes
 * (0: of all of them), @pct %, at @klass and @level (-1: cmdprio_class's
 * and cmdprio's). */
struct lm_prio_entry {
	uint32_t bs;
	unsigned int pct;
	int klass, level;
};

struct lm_prio {
	int klass, level; /* prioclass, prio: -1 when not given */
	/* cmdprio_class, cmdprio per direction: -1 when not given (the
	 * real-time class, level 0) */
	int cmd_class[2], cmd_level[2];
	bool by_bs;  /* the entries are cmdprio_bssplit's */
	bool by_pct; /* cmdprio_percentage was given */
	unsigned int n[2];
	struct lm_prio_entry e[2][LM_PRIO_ENTRIES];
};

/* What a worker draws from: per direction, the distinct priorities
 * (val[d][0] the job's own) and each entry's index into them. */
struct lm_prio_plan {
	unsigned int nval[2];
	uint16_t val[2][LM_PRIO_MAX];
	unsigned int n[2];
	struct lm_prio_entry e[2][LM_PRIO_ENTRIES];
	unsigned int idx[2][LM_PRIO_ENTRIES];
};

/* A priority's class and level. */
static inline unsigned int lm_prio_class(uint16_t v)
{
	return v >> LM_PRIO_CLASS_SHIFT;
}

static inline unsigned int lm_prio_level(uint16_t v)
{
	return v & 7u;
}

/* Is it of the real-time class (fio's logs' last field without
 * log_prio)? */
static inline bool lm_prio_rt(uint16_t v)
{
	return lm_prio_class(v) == LM_PRIO_CLASS_RT;
}

/* Nothing asked: no options given. */
void lm_prio_defaults(struct lm_prio *p);

/* Was any cmdprio option given (fio knows them only with io_uring and
 * libaio, and refuses them with other engines, at 0% too)? */
static inline bool lm_prio_cmd_given(const struct lm_prio *p)
{
	return p->by_pct || p->by_bs || p->cmd_class[0] >= 0 ||
	       p->cmd_class[1] >= 0 || p->cmd_level[0] >= 0 ||
	       p->cmd_level[1] >= 0;
}

/* Is a priority set per IO in direction @d (any cmdprio entry)? fio's
 * cmdprio options have reads and writes (0, 1), no trims. */
static inline bool lm_prio_per_io(const struct lm_prio *p, unsigned int d)
{
	return d < 2 && p->n[d] != 0;
}

/* The job's own ioprio value: fio's ioprio_value(prioclass, prio), the
 * best-effort class when only prio is given; 0 when neither is. */
uint16_t lm_prio_own(const struct lm_prio *p);

/* Check the options together (classes 0-3, levels 0-7, the shares at
 * most 100 % for any block size, cmdprio_percentage and cmdprio_bssplit
 * not both). Returns 0, or -EINVAL with the option and what to do. */
int lm_prio_check(const struct lm_prio *p, char *msg, size_t len);

/* @p as a worker draws from it. */
void lm_prio_plan(const struct lm_prio *p, struct lm_prio_plan *pl);

/* The index into pl->val[@d] of an IO of @len bytes: a draw of @r when
 * an entry takes IOs of that size, else 0 (the job's own; a trim's). */
unsigned int lm_prio_pick(const struct lm_prio_plan *pl, unsigned int d,
			  uint32_t len, struct lm_rand *r);

/* The priority of index @i of direction @d (lm_prio_pick's): a trim's is
 * the job's own. */
static inline uint16_t lm_prio_of(const struct lm_prio_plan *pl, unsigned int d,
				  unsigned int i)
{
	return d < 2 ? pl->val[d][i] : pl->val[0][0];
}

#endif

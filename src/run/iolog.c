// SPDX-License-Identifier: MIT
#include "src/run/iolog.h"

#include "src/engine/engine.h"
#include "src/run/memroom.h"
#include "src/stats/hist.h"
#include "src/stats/stats.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(LM_HIST_BUCKETS >= LM_IOLOG_HIST_BINS,
	       "fio's bins are the histogram's first buckets");

/* One chunk's memory from @b, when there is that much left. */
static bool lm_budget_take(struct lm_iolog_budget *b)
{
	int64_t left = atomic_load(&b->left);

	do {
		if (left < (int64_t)sizeof(struct lm_iolog_chunk)) {
			atomic_store(&b->spent, true);
			return false;
		}
	} while (!atomic_compare_exchange_weak(
		&b->left, &left,
		left - (int64_t)sizeof(struct lm_iolog_chunk)));
	return true;
}

/* @c freed, its memory given back to @l's budget. */
static void lm_chunk_free(const struct lm_iolog *l, struct lm_iolog_chunk *c)
{
	free(c);
	if (l->budget)
		atomic_fetch_add(&l->budget->left, sizeof(*c));
}

/* A new, empty chunk at @l's tail; NULL when @l has no room for it. */
static struct lm_iolog_chunk *lm_chunk_new(struct lm_iolog *l)
{
	struct lm_iolog_chunk *c;

	if (l->n >= LM_IOLOG_MAX || (l->budget && !lm_budget_take(l->budget)))
		return NULL;
	c = malloc(sizeof(*c));
	if (!c) {
		if (l->budget)
			atomic_fetch_add(&l->budget->left, sizeof(*c));
		return NULL;
	}
	c->next = NULL;
	c->n = 0;
	if (l->tail)
		l->tail->next = c;
	else
		l->head = c;
	l->tail = c;
	return c;
}

void lm_iolog_add(struct lm_iolog *l, const struct lm_io_rec *rec)
{
	struct lm_iolog_chunk *c = l->tail;

	if (l->full)
		return;
	if (!c || c->n == LM_IOLOG_CHUNK) {
		c = lm_chunk_new(l);
		if (!c) {
			l->full = true;
			return;
		}
	}
	c->r[c->n++] = *rec;
	l->n++;
}

/* @l's next record (its head's @k-th), @shift_ns later, into @rec; false
 * when there is none. A head whose records were all taken is freed
 * first. */
static bool lm_iolog_next(struct lm_iolog *l, unsigned int *k,
			  uint64_t shift_ns, struct lm_io_rec *rec)
{
	struct lm_iolog_chunk *c = l->head;

	if (c && *k == c->n) {
		l->head = c->next;
		if (!l->head)
			l->tail = NULL;
		lm_chunk_free(l, c);
		c = l->head;
		*k = 0;
	}
	if (!c || *k >= c->n)
		return false;
	*rec = c->r[*k];
	rec->at_ns += shift_ns;
	return true;
}

/* The records of @from, each @shift_ns later, in order of completion
 * with @to's, into a new log that replaces @to's; both are emptied as
 * their chunks are copied. The copy is charged to the budget at the end:
 * charged as it went, a spent budget would refuse its first chunk and lose
 * every record. It takes no more chunks than the two gave back. */
static void lm_iolog_interleave(struct lm_iolog *to, struct lm_iolog *from,
				uint64_t shift_ns)
{
	struct lm_iolog out = { 0 };
	const struct lm_iolog_chunk *c;
	unsigned int i = 0, k = 0;
	struct lm_io_rec ra, rb;
	bool ha, hb;

	for (;;) {
		ha = lm_iolog_next(to, &i, 0, &ra);
		hb = lm_iolog_next(from, &k, shift_ns, &rb);
		if (!ha && !hb)
			break;
		if (ha && (!hb || ra.at_ns <= rb.at_ns)) {
			lm_iolog_add(&out, &ra);
			i++;
		} else {
			lm_iolog_add(&out, &rb);
			k++;
		}
	}
	out.full |= to->full || from->full;
	out.budget = to->budget;
	for (c = out.head; c && out.budget; c = c->next)
		atomic_fetch_sub(&out.budget->left, sizeof(*c));
	lm_iolog_free(to);
	*to = out;
}

void lm_iolog_merge(struct lm_iolog *to, struct lm_iolog *from,
		    uint64_t shift_ns, bool interleave)
{
	struct lm_iolog_chunk *c;
	unsigned int i;

	/* past LM_IOLOG_MAX together: copied, as lm_iolog_add() cuts */
	if ((interleave || to->n + from->n > LM_IOLOG_MAX) && to->head &&
	    from->head) {
		lm_iolog_interleave(to, from, shift_ns);
		lm_iolog_free(from);
		return;
	}
	for (c = from->head; c; c = c->next)
		for (i = 0; i < c->n; i++)
			c->r[i].at_ns += shift_ns;
	if (to->tail)
		to->tail->next = from->head;
	else
		to->head = from->head;
	if (from->tail)
		to->tail = from->tail;
	to->n += from->n;
	to->full |= from->full;
	to->budget = to->budget ? to->budget : from->budget;
	from->head = from->tail = NULL;
	from->n = 0;
	from->full = false;
}

void lm_iolog_take(struct lm_iolog *to, struct lm_iolog *from)
{
	*to = *from;
	from->head = from->tail = NULL;
	from->n = 0;
	from->full = false;
}

void lm_iolog_free(struct lm_iolog *l)
{
	struct lm_iolog_chunk *c = l->head, *next;

	for (; c; c = next) {
		next = c->next;
		lm_chunk_free(l, c);
	}
	l->head = l->tail = NULL;
	l->n = 0;
	l->full = false;
}

/* Direction @d's window so far: its bins, summed 2^@coarseness to one,
 * to @emit; then emptied. */
static void lm_hist_emit(uint64_t *bins, unsigned int coarseness,
			 uint64_t at_ms, const struct lm_io_rec *e,
			 lm_iolog_hist_fn *emit, void *arg)
{
	unsigned int i, k, n = LM_IOLOG_HIST_BINS >> coarseness;
	uint64_t sum;

	/* in place: bin i of the sums is read from i << coarseness on */
	for (i = 0; i < n; i++) {
		for (k = 0, sum = 0; k < 1u << coarseness; k++)
			sum += bins[(i << coarseness) + k];
		bins[i] = sum;
	}
	emit(arg, at_ms, e->dir, e->bs, bins, n);
	memset(bins, 0, LM_IOLOG_HIST_BINS * sizeof(*bins));
}

int lm_iolog_hist_windows(const struct lm_iolog *l, uint64_t win_ms,
			  unsigned int coarseness, lm_iolog_hist_fn *emit,
			  void *arg)
{
	uint64_t *bins = calloc(LM_DIRS * LM_IOLOG_HIST_BINS, sizeof(*bins));
	uint64_t last[LM_DIRS] = { 0 }, at, since;
	const struct lm_iolog_chunk *c;
	unsigned int i, b;

	if (!bins)
		return -ENOMEM;
	for (c = l->head; c && win_ms; c = c->next) {
		for (i = 0; i < c->n; i++) {
			const struct lm_io_rec *e = &c->r[i];
			uint64_t *h = bins + e->dir * LM_IOLOG_HIST_BINS;

			b = lm_hist_index(lm_io_rec_clat(e));
			h[b < LM_IOLOG_HIST_BINS ? b : LM_IOLOG_HIST_BINS - 1]++;
			at = e->at_ns / 1000000;
			/* fio's: its first IO's time starts the clock */
			if (!last[e->dir])
				last[e->dir] = at;
			since = at - last[e->dir];
			if (since < win_ms)
				continue;
			lm_hist_emit(h, coarseness, at, e, emit, arg);
			last[e->dir] = at - (since - win_ms);
		}
	}
	free(bins);
	return 0;
}

void lm_iolog_io(struct lm_iolog *l, const struct lm_io *io, unsigned int dir,
		 uint64_t now_ns, uint64_t at_ns)
{
	uint64_t slat = io->submit_ns ? io->submit_ns - io->issue_ns : 0;

	lm_iolog_add(l, &(struct lm_io_rec){
				.at_ns = at_ns,
				.lat_ns = now_ns - io->issue_ns,
				.offset = io->offset,
				.bs = io->len,
				.dir = (uint16_t)dir,
				.prio = io->ioprio,
				.slat_ns = slat < UINT32_MAX ? (uint32_t)slat
							     : UINT32_MAX,
			});
}

void lm_iolog_budget_init(struct lm_iolog_budget *b)
{
	uint64_t room = lm_mem_room() / 2;

	b->total = room < INT64_MAX ? room : INT64_MAX;
	atomic_init(&b->left, (int64_t)b->total);
	atomic_init(&b->spent, false);
}

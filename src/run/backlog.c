// SPDX-License-Identifier: MIT
/* fio's verify_backlog (backlog.h). */
#include "src/run/backlog.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int lm_backlog_init(struct lm_backlog *b, uint64_t every, uint64_t batch)
{
	memset(b, 0, sizeof(*b));
	if (!every)
		return 0;
	b->every = every;
	b->batch = batch ? batch : every;
	/* grown when needed (a batch smaller than the backlog lets the ring
	 * grow, as fio's history does) */
	b->cap = 1024;
	b->ring = malloc(b->cap * sizeof(*b->ring));
	if (!b->ring) {
		b->every = 0;
		return -ENOMEM;
	}
	return 0;
}

void lm_backlog_free(struct lm_backlog *b)
{
	free(b->ring);
	memset(b, 0, sizeof(*b));
}

void lm_backlog_issued(struct lm_backlog *b)
{
	if (!b->every)
		return;
	if (!(++b->hist % b->every))
		b->left = b->batch;
}

/* The ring twice as large, its entries from 0 in order. */
static int lm_backlog_grow(struct lm_backlog *b)
{
	struct lm_backlog_io *r = malloc(2 * b->cap * sizeof(*r));
	uint64_t i;

	if (!r)
		return -ENOMEM;
	for (i = 0; i < b->n; i++)
		r[i] = b->ring[(b->head + i) % b->cap];
	free(b->ring);
	b->ring = r;
	b->head = 0;
	b->cap *= 2;
	return 0;
}

int lm_backlog_done(struct lm_backlog *b, uint64_t off, uint32_t len, bool ok)
{
	int ret;

	if (!b->hist) /* off, or nothing issued */
		return 0;
	if (!ok) {
		b->hist--;
		return 0;
	}
	if (b->n == b->cap) {
		ret = lm_backlog_grow(b);
		if (ret) {
			b->hist--;
			return ret;
		}
	}
	b->ring[(b->head + b->n++) % b->cap] =
		(struct lm_backlog_io){ .off = off, .len = len };
	return 0;
}

bool lm_backlog_peek(const struct lm_backlog *b, bool all,
		     struct lm_backlog_io *io)
{
	if (!b->n || (!all && !b->left))
		return false;
	*io = b->ring[b->head];
	return true;
}

bool lm_backlog_take(struct lm_backlog *b, bool all, struct lm_backlog_io *io)
{
	if (!lm_backlog_peek(b, all, io))
		return false;
	b->head = (b->head + 1) % b->cap;
	b->n--;
	b->hist--;
	if (b->left)
		b->left--;
	return true;
}

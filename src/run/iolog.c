// SPDX-License-Identifier: MIT
#include "src/run/iolog.h"

#include <stdlib.h>

void lm_iolog_add(struct lm_iolog *l, const struct lm_io_rec *rec)
{
	struct lm_iolog_chunk *c = l->tail;
	struct lm_io_rec *r;

	if (l->full)
		return;
	if (!c || c->n == LM_IOLOG_CHUNK) {
		if (l->n >= LM_IOLOG_MAX || !(c = malloc(sizeof(*c)))) {
			l->full = true;
			return;
		}
		c->next = NULL;
		c->n = 0;
		if (l->tail)
			l->tail->next = c;
		else
			l->head = c;
		l->tail = c;
	}
	r = &c->r[c->n++];
	*r = *rec;
	l->n++;
}

void lm_iolog_free(struct lm_iolog *l)
{
	struct lm_iolog_chunk *c = l->head, *next;

	for (; c; c = next) {
		next = c->next;
		free(c);
	}
	l->head = l->tail = NULL;
	l->n = 0;
	l->full = false;
}

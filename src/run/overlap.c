// SPDX-License-Identifier: MIT
#include "src/run/overlap.h"

#include <errno.h>
#include <stdlib.h>

int lm_overlap_init(struct lm_overlap *o, unsigned int n)
{
	o->io = calloc(n, sizeof(*o->io));
	if (!o->io)
		return -ENOMEM;
	o->n = n;
	pthread_mutex_init(&o->lock, NULL);
	return 0;
}

void lm_overlap_free(struct lm_overlap *o)
{
	if (!o->io)
		return;
	pthread_mutex_destroy(&o->lock);
	free(o->io);
	o->io = NULL;
}

bool lm_overlap_claim(struct lm_overlap *o, unsigned int slot, uint64_t off,
		      uint32_t len, bool write)
{
	uint64_t end = off + len;
	unsigned int i;
	bool free = true;

	pthread_mutex_lock(&o->lock);
	for (i = 0; i < o->n && free; i++) {
		const struct lm_overlap_io *b = &o->io[i];

		if (b->busy && (write || b->write) && off < b->end &&
		    b->off < end)
			free = false;
	}
	if (free)
		o->io[slot] = (struct lm_overlap_io){ off, end, write, true };
	pthread_mutex_unlock(&o->lock);
	return free;
}

void lm_overlap_release(struct lm_overlap *o, unsigned int slot)
{
	pthread_mutex_lock(&o->lock);
	o->io[slot].busy = false;
	pthread_mutex_unlock(&o->lock);
}

// SPDX-License-Identifier: MIT
#include "src/stats/depths.h"

const char *const lm_depth_level_names[LM_DEPTH_BUCKETS] = { "1",   "2",  "4",
							     "8",   "16", "32",
							     ">=64" };
const char *const lm_depth_batch_names[LM_DEPTH_BUCKETS] = { "0",   "4",  "8",
							     "16",  "32", "64",
							     ">=64" };

/* The greatest IOs of each submit and reap bucket but the last. */
static const unsigned int lm_batch_up[LM_DEPTH_BUCKETS - 1] = { 0,  4,	8,
								16, 32, 64 };

/* The bucket of @v among @up, each bucket's greatest value. */
static unsigned int lm_depth_bucket(const unsigned int *up, unsigned int v)
{
	unsigned int i = 0;

	while (i < LM_DEPTH_BUCKETS - 1 && v > up[i])
		i++;
	return i;
}

void lm_depths_submit(struct lm_depths *d, unsigned int n, unsigned int depth)
{
	static const unsigned int level[] = { 1, 3, 7, 15, 31, 63 };
	/* fio's switch has no case 0: its default, the last bucket (no
	 * queue that hands IOs on is empty) */
	unsigned int at =
		depth ? lm_depth_bucket(level, depth) : LM_DEPTH_BUCKETS - 1;

	d->level[at] += n;
	d->submit[lm_depth_bucket(lm_batch_up, n)]++;
}

void lm_depths_sync(struct lm_depths *d, unsigned int depth)
{
	lm_depths_submit(d, 1, depth);
	lm_depths_complete(d, 1);
	d->syncs++;
}

void lm_depths_complete(struct lm_depths *d, unsigned int n)
{
	d->complete[lm_depth_bucket(lm_batch_up, n)]++;
}

void lm_depths_add(struct lm_depths *to, const struct lm_depths *from)
{
	unsigned int i;

	for (i = 0; i < LM_DEPTH_BUCKETS; i++) {
		to->level[i] += from->level[i];
		to->submit[i] += from->submit[i];
		to->complete[i] += from->complete[i];
	}
	to->syncs += from->syncs;
}

void lm_depths_pct(const uint64_t map[LM_DEPTH_BUCKETS], uint64_t less,
		   double pct[LM_DEPTH_BUCKETS])
{
	uint64_t total = 0;
	unsigned int i;

	for (i = 0; i < LM_DEPTH_BUCKETS; i++)
		total += map[i];
	total = total > less ? total - less : 0;
	for (i = 0; i < LM_DEPTH_BUCKETS; i++) {
		pct[i] = total ? (double)map[i] * 100.0 / (double)total : 0.0;
		/* fio's stat_calc_dist(): a bucket with any is at least 0.1 */
		if (map[i] && pct[i] < 0.1)
			pct[i] = 0.1;
	}
}

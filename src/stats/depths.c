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

/* The iodepth_level bucket of a queue @depth deep: fio's switch has no
 * case 0, its default is the last bucket (no queue that hands IOs on is
 * empty). */
static unsigned int lm_depth_level(unsigned int depth)
{
	static const unsigned int up[] = { 1, 3, 7, 15, 31, 63 };

	return depth ? lm_depth_bucket(up, depth) : LM_DEPTH_BUCKETS - 1;
}

void lm_depths_submit(struct lm_depths *d, unsigned int n, unsigned int depth)
{
	d->level[lm_depth_level(depth)] += n;
	d->submit[lm_depth_bucket(lm_batch_up, n)]++;
}

void lm_depths_sync(struct lm_depths *d, unsigned int depth, bool calls)
{
	d->level[lm_depth_level(depth)]++;
	d->syncs++;
	if (!calls)
		return;
	d->submit[lm_depth_bucket(lm_batch_up, 1)]++;
	lm_depths_complete(d, 1);
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

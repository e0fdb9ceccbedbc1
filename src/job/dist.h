/* SPDX-License-Identifier: MIT */
/*
 * fio's random_distribution: which block of a region a random IO picks.
 * Uniform (fio's "random", the default) is the offset generator's own;
 * the others are here: zipf:THETA and pareto:H (a few blocks hot, the
 * hottest spread over the region), normal:SIGMA (a bell around the middle,
 * SIGMA percent of the region wide) and zoned:A/S:A/S... (A percent of the
 * IOs go to the next S percent of the region, uniformly; an empty S takes
 * what is left). Hot blocks repeat, so a job with a distribution walks no
 * random map.
 */
#ifndef LM_DIST_H
#define LM_DIST_H

#include <stdbool.h>
#include <stdint.h>

#define LM_DIST_ZONES 16

struct lm_rand; /* offset.h */

enum lm_dist_kind {
	LM_DIST_UNIFORM,
	LM_DIST_ZIPF,
	LM_DIST_PARETO,
	LM_DIST_NORMAL,
	LM_DIST_ZONED,
};

struct lm_dist {
	enum lm_dist_kind kind;
	double param; /* zipf's theta, pareto's h, normal's sigma in % */
	unsigned int nzones;
	/* zoned: zone i takes IOs up to io_cum[i] percent, and the region
	 * up to size_cum[i] percent (both cumulative, the last 100) */
	double io_cum[LM_DIST_ZONES];
	double size_cum[LM_DIST_ZONES];
	/* sequential IOs: fio's rw=read:N, N bytes skipped (back when
	 * negative, by a block or more) after each IO. A pass is as many
	 * IOs as the region has blocks, wrapping at its end. */
	int64_t skip_bytes;
	/* zonemode=strided, sequential or random IOs: zones of
	 * zone_range_bytes (fio's zonerange), zone_skip_bytes apart (its
	 * zoneskip); zone_bytes (its zonesize) moved in one, then the next
	 * (lm_dist_zone()); 0: no zones */
	uint64_t zone_bytes, zone_range_bytes, zone_skip_bytes;
	/* a skip forward wraps at the region's end instead of ending the
	 * pass (lm_dist_fit()) */
	bool wrap;
	/* the bytes from the region's start a skip forward's IO may end at
	 * (lm_dist_fit(): to the target's end); 0 or less than the region:
	 * the region's */
	uint64_t room_bytes;
	/* the region's bytes as the job asked them, a part block too (set
	 * before lm_dist_fit(): a skip forward's IOs start below it, and a
	 * wrapped pass moves it); 0: the region's whole blocks */
	uint64_t size_bytes;
	/* a skip back's first IO, in bytes from the region's start (fio's
	 * from an offset: lm_dist_fit()); 0 from the target's start */
	uint64_t back_first;
};

/* Does @d move sequential or random IOs from where the generator's own
 * uniform draws and cursor put them? */
static inline bool lm_dist_placed(const struct lm_dist *d)
{
	return d->kind != LM_DIST_UNIFORM || d->skip_bytes || d->zone_bytes;
}

/* fio's syntax (random, zipf:0.5, pareto:0.9, normal:10, zoned:50/5:...)
 * into @d. 0, or -EINVAL. */
int lm_dist_parse(const char *v, struct lm_dist *d);

/* A block of [0, @n), n > 0, drawn from @d with @r. */
uint64_t lm_dist_next(const struct lm_dist *d, struct lm_rand *r, uint64_t n);

/*
 * The byte offset in a region of @n blocks of @bs bytes of a sequential
 * job's claim @claim under @d's skips and zones, as fio's
 * get_next_seq_offset() walks them: each IO starts bs plus the skip after
 * the one before (part of a block too: rw=read:512k with bs=1m steps by
 * 1.5 MiB); a skip forward ends the pass where the next IO would not fit,
 * and the next starts again at 0; a skip back starts at 0 (or, from an
 * offset, where fio's does: lm_dist_fit()), then wraps to the region's
 * end plus the skip each time it passes 0. A whole block with zones
 * (lm_dist_zone()).
 */
uint64_t lm_dist_seq(const struct lm_dist *d, uint64_t claim, uint64_t n,
		     uint32_t bs);

/*
 * zonemode=strided, as fio's __fill_io_u_zone() moves through zones: the
 * job's block @k (its IOs' blocks counted from 0, of @bs bytes) falls in
 * a visit of zone_bytes to one zone, the zones zone_skip_bytes apart over
 * [0, @n) and the first again after the last that begins inside it. The
 * zone's first block; *@i: @k's place in its visit; *@len: the zone's
 * blocks (a visit longer than that goes round the zone again).
 */
uint64_t lm_dist_zone(const struct lm_dist *d, uint64_t k, uint64_t n,
		      uint32_t bs, uint64_t *i, uint64_t *len);

/* The IOs of one pass over @n blocks of @bs bytes: fewer than n with a
 * skip forward, which ends the pass at the region's end (an IO of a skip
 * of part of a block that starts inside it may end past it, in the
 * room), unless it wraps there. */
uint64_t lm_dist_pass(const struct lm_dist *d, uint64_t n, uint32_t bs);

/*
 * The pass over the @n blocks of @bs bytes of a region that starts
 * @start_bytes into a target of @target_bytes, as fio's: a skip forward's
 * pass ends once an IO would start past the region but not past the
 * target, once one would end past the target, or once one ended exactly
 * at the target's end; an IO that would start past the target's end goes
 * to 0 instead (d->wrap), and the pass goes on until it has moved the
 * region's bytes. So a region from 0 wraps when the IO after its last
 * would start past the target's end and its last did not end right there
 * (step 3 over 10 blocks of a 10-block target ends). An IO of a skip of
 * part of a block that starts inside the region may end past it, in the
 * room (d->room_bytes). A skip back from an offset starts where fio's
 * does: the region's end less the offset, plus the skip (d->back_first).
 * @alone: one thread walks the region (else, with offset_increment, the
 * last thread's start is given: the least room, no wrap, and a skip back
 * starts at 0). From an offset fio's wrap lands on twice the offset,
 * which lunmark does not copy: no wrap.
 */
void lm_dist_fit(struct lm_dist *d, uint64_t n, uint32_t bs,
		 uint64_t target_bytes, uint64_t start_bytes, bool alone);

#endif

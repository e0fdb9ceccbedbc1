// SPDX-License-Identifier: MIT
/* A job fitted to its target (job.h: lm_job_fit()): its percentages,
 * region, sizes and pass. */
#include "src/job/job.h"
#include "src/job/loops.h"
#include "src/units.h"

#include <errno.h>
#include <stdio.h>

/* @v is a whole number of logical blocks; else a message naming @what. */
static int lm_fit_aligned(const char *what, uint64_t v, uint32_t lbs_bytes,
			  char *msg, size_t len)
{
	if (!(v % lbs_bytes))
		return 0;
	snprintf(
		msg, len,
		"%s=%llu is not a multiple of the target's logical block size (%u bytes)",
		what, (unsigned long long)v, lbs_bytes);
	return -EINVAL;
}

/*
 * fio's percentages of the target, as its filesetup.c takes them. The
 * offset, as get_start_offset(): offset=N% of the target, else offset's
 * bytes (a clone's bytes of offset_increment added in either), plus the
 * clone's number times offset_increment=N% of the target, up to a whole
 * smallest block (and logical block). The size, at most what is left
 * past the offset, down to a whole block but at 100%; none left is an
 * error (lm_fit_size() would take 0 for the rest of the target).
 */
static int lm_job_fit_pct(struct lm_job *j, uint64_t target_bytes,
			  uint32_t lbs_bytes, char *msg, size_t len)
{
	double of = (double)target_bytes / 100.0;
	uint64_t bs = lm_job_bs_min(j, -1);

	bs = bs % lbs_bytes ? lbs_bytes : bs;
	if (j->offset_pct > 0 || j->offset_increment_pct > 0)
		j->offset_bytes =
			((j->offset_pct > 0 ? (uint64_t)(of * j->offset_pct)
					    : 0) +
			 j->offset_bytes +
			 j->offset_clone *
				 (uint64_t)(of * j->offset_increment_pct) +
			 bs - 1) /
			bs * bs;
	if (j->size_pct <= 0 || j->offset_bytes >= target_bytes)
		return 0;
	j->size_bytes = (uint64_t)(of * j->size_pct);
	if (j->size_bytes > target_bytes - j->offset_bytes)
		j->size_bytes = target_bytes - j->offset_bytes;
	if (j->size_pct != 100.0)
		j->size_bytes -= j->size_bytes % bs;
	if (j->size_bytes)
		return 0;
	snprintf(
		msg, len,
		"size=%g%%: less than one block of %llu bytes of the target past the offset; give a larger percentage or size in bytes",
		j->size_pct, (unsigned long long)bs);
	return -EINVAL;
}

/* The region's size: a zero one the rest of the target; one past its
 * end refused, or with size_cut (fio's job files) cut at it, as fio's
 * (size_asked keeps what was asked). @last: where the last thread's
 * region starts past the offset. */
static int lm_fit_size(struct lm_job *j, uint64_t target_bytes, uint64_t last,
		       char *msg, size_t len)
{
	uint64_t room = target_bytes - j->offset_bytes - last;
	char a[32], b[32], sz[32];

	if (!j->size_bytes)
		j->size_bytes = room;
	if (j->size_bytes <= room)
		return 0;
	if (j->size_cut) {
		j->size_asked = j->size_bytes;
		j->size_bytes = room;
		return 0;
	}
	/* each figure apart: their sum may not fit 64 bits */
	lm_fmt_size(a, sizeof(a), j->offset_bytes + last);
	lm_fmt_size(sz, sizeof(sz), j->size_bytes);
	lm_fmt_size(b, sizeof(b), target_bytes);
	snprintf(
		msg, len,
		"the region (offset %s%s + size %s) is larger than the target (%s); use a smaller --size",
		a, last ? " for the last thread" : "", sz, b);
	return -EINVAL;
}

/*
 * The pass of @j over its fitted region: rw=read:N's skips wrapping
 * where fio's do (dist.h), and fio's loops with its io_size (loops.h),
 * each a pass (fewer IOs than the region's blocks with a skip forward).
 */
static void lm_job_fit_pass(struct lm_job *j, uint64_t target_bytes)
{
	uint64_t n = j->size_bytes / j->bs_bytes;
	/* the last thread's region starts furthest: its room is the least */
	uint64_t last =
		j->offset_bytes + j->offset_increment * (j->threads - 1);

	lm_dist_fit(&j->dist, n, j->bs_bytes, target_bytes, last,
		    j->threads == 1);
	/* fio's exceeds_number_ios(): number_ios times loops */
	if (j->loops > 1)
		j->number_ios = j->number_ios > UINT64_MAX / j->loops
					? UINT64_MAX
					: j->number_ios * j->loops;
	if (j->loops > 1 || j->io_bytes)
		j->io_bytes = lm_loops_bytes(
			j,
			lm_dist_pass(&j->dist, n, j->bs_bytes) * j->bs_bytes);
	j->loops = 0; /* fitted once */
}

/* The least region @j can do IO in: the largest of the smallest blocks of
 * the directions it does (a read job's write size, bs=4k,64k, is no block
 * of its region). Sizes above the region are drawn again (lm_bs_pick). */
static uint32_t lm_job_bs_need(const struct lm_job *j, int *dir)
{
	uint32_t most = 0, bs;
	int d;

	*dir = -1;
	for (d = 0; d < LM_DIRS; d++) {
		bs = lm_rw_does(j->rw, (unsigned int)d) ? lm_job_bs_min(j, d)
							: 0;
		if (bs > most) {
			most = bs;
			*dir = d;
		}
	}
	return most ? most : lm_job_bs_min(j, -1);
}

/* "write " when @j does more than direction @d, so a message can say
 * which one's block it means. */
static const char *lm_job_dir_word(const struct lm_job *j, int d)
{
	static const char *const word[LM_DIRS] = { "read ", "write ", "trim " };
	unsigned int k, does = 0;

	for (k = 0; k < LM_DIRS; k++)
		does += lm_rw_does(j->rw, k);
	return d >= 0 && does > 1 ? word[d] : "";
}

int lm_job_fit_blocks(const struct lm_job *j, const char *size_word, char *msg,
		      size_t len)
{
	char a[32], b[32];
	int dir;
	uint32_t need = lm_job_bs_need(j, &dir);

	if (j->size_bytes >= need)
		return 0;
	lm_fmt_size(a, sizeof(a), j->size_bytes);
	lm_fmt_size(b, sizeof(b), need);
	snprintf(
		msg, len,
		"%s=%s is smaller than the smallest %sblock (%s); use %s=%s or more",
		size_word, a, lm_job_dir_word(j, dir), b, size_word, b);
	return -EINVAL;
}

/* rw=read:N's skip on the target: whole logical blocks where direct IO
 * or verify need them (@lbs_bytes 1: any), and a skip back over a region
 * of whole blocks (after lm_fit_size(), before the part block is cut). */
static int lm_fit_skip(const struct lm_job *j, uint32_t lbs_bytes, char *msg,
		       size_t len)
{
	long long skip = (long long)j->dist.skip_bytes;

	if (skip % (long long)lbs_bytes) {
		snprintf(
			msg, len,
			"rw=%s:%lld: direct IO and --verify's headers need a skip of whole logical blocks of the target (%u bytes); give a multiple of %u, or --direct=0 without --verify",
			lm_rw_name(j->rw), skip, lbs_bytes, lbs_bytes);
		return -EINVAL;
	}
	if (skip < 0 && j->size_bytes % j->bs_bytes) {
		snprintf(
			msg, len,
			"rw=%s:%lld over a region of part of a block (%llu bytes: --size, or the target past --offset; --bs=%u): fio's skip back wraps to its end, which lunmark's walk in blocks does not; give a --size of whole blocks",
			lm_rw_name(j->rw), skip,
			(unsigned long long)j->size_bytes, j->bs_bytes);
		return -EINVAL;
	}
	return 0;
}

/* Is anything left of the target from --offset on? */
static int lm_fit_offset(const struct lm_job *j, uint64_t target_bytes,
			 char *msg, size_t len)
{
	char a[32], b[32];

	if (!target_bytes) { /* fio: "you need to specify size=" */
		snprintf(
			msg, len,
			"the target is empty (0 bytes; lunmark does not extend a file that is there): name a file or device that holds data");
		return -EINVAL;
	}
	if (j->offset_bytes < target_bytes)
		return 0;
	lm_fmt_size(a, sizeof(a), j->offset_bytes);
	lm_fmt_size(b, sizeof(b), target_bytes);
	snprintf(
		msg, len,
		"--offset=%s is at or past the end of the target (%s): nothing is left to move; give a smaller offset",
		a, b);
	return -EINVAL;
}

int lm_job_fit(struct lm_job *j, uint64_t target_bytes, uint32_t lbs_bytes,
	       uint32_t max_io_bytes, char *msg, size_t len)
{
	char a[32], b[32];
	uint64_t last;
	uint32_t bad;

	if (lm_job_fit_pct(j, target_bytes, lbs_bytes, msg, len))
		return -EINVAL;
	if (max_io_bytes && lm_job_bs_max(j, -1) > max_io_bytes) {
		lm_fmt_size(a, sizeof(a), lm_job_bs_max(j, -1));
		lm_fmt_size(b, sizeof(b), max_io_bytes);
		snprintf(
			msg, len,
			"--bs=%s is larger than the target's maximum transfer length (%s, from its block limits); use --bs=%s or less",
			a, b, b);
		return -EINVAL;
	}

	if (lm_job_bs_misfit(j, lbs_bytes, &bad)) {
		snprintf(
			msg, len,
			"--bs=%u is not a multiple of the target's logical block size (%u bytes); use a multiple of %u",
			bad, lbs_bytes, lbs_bytes);
		return -EINVAL;
	}
	if (lm_fit_aligned("--offset", j->offset_bytes, lbs_bytes, msg, len))
		return -EINVAL;
	if (lm_fit_offset(j, target_bytes, msg, len))
		return -EINVAL;
	if (lm_fit_aligned("offset_increment", j->offset_increment, lbs_bytes,
			   msg, len))
		return -EINVAL;
	/* the last thread's region starts this much further */
	last = j->offset_increment * (j->threads - 1);
	if (last >= target_bytes - j->offset_bytes) {
		snprintf(
			msg, len,
			"offset_increment: the last thread's region starts beyond the end of the target; use a smaller offset_increment or fewer numjobs");
		return -EINVAL;
	}
	if (lm_fit_size(j, target_bytes, last, msg, len))
		return -EINVAL;
	if (lm_job_fit_blocks(j, "--size", msg, len))
		return -EINVAL;
	if (lm_fit_skip(j, lbs_bytes, msg, len))
		return -EINVAL;
	j->dist.size_bytes = j->size_bytes; /* before the part block */
	/* as fio: the region is a whole number of blocks; in fio's jobs a
	 * sequential one's part block is a whole one where the target has
	 * room (fio's loop issues it while bytes are left), else cut */
	j->size_rest = (uint32_t)(j->size_bytes % j->bs_bytes);
	if (j->size_rest && j->size_cut && !lm_rw_random(j->rw) &&
	    !j->bs_vary &&
	    target_bytes - j->offset_bytes - last - j->size_bytes >=
		    j->bs_bytes - j->size_rest) {
		j->size_bytes += j->bs_bytes - j->size_rest;
		j->size_rest = 0;
	}
	j->size_bytes -= j->size_rest;
	if (j->io_pct > 0)
		j->io_bytes =
			(uint64_t)((double)j->size_bytes * j->io_pct / 100.0);
	/* fio: "blocksize is larger than data set range" */
	if (j->io_pct > 0 && j->io_bytes < lm_job_bs_min(j, -1)) {
		snprintf(
			msg, len,
			"io_size=%g%% is %llu bytes of the %llu-byte region, less than one block: give a larger share or io_size in bytes",
			j->io_pct, (unsigned long long)j->io_bytes,
			(unsigned long long)j->size_bytes);
		return -EINVAL;
	}
	lm_job_fit_pass(j, target_bytes);
	return 0;
}

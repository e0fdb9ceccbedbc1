// SPDX-License-Identifier: MIT
/* fio's loops and io_size together (loops.h). */
#include "src/job/loops.h"
#include "src/job/job.h"

/* Does a pass of @j end at its region's end, its loop with it? */
static bool lm_loops_pass_ends(const struct lm_job *j)
{
	/* (fio's sequential mixed job goes its own way: rw=rw, size=256k,
	 * io_size=2M: 2.5 MiB for loops=2 to 4, 4 MiB for loops=8) */
	if (j->rw != LM_RW_READ && j->rw != LM_RW_WRITE &&
	    j->rw != LM_RW_RANDREAD && j->rw != LM_RW_RANDWRITE &&
	    j->rw != LM_RW_RANDRW)
		return false;
	return !lm_rw_random(j->rw) || lm_job_mapped(j) ||
	       lm_job_blockmapped(j);
}

/* fio issues while its bytes are under the limit: a part block is a
 * whole one (io_size=30k of 4k IOs: 8) */
static uint64_t lm_loops_whole(const struct lm_job *j, uint64_t bytes)
{
	uint64_t bs = j->bs_vary ? 1 : j->bs_bytes;

	return bytes > UINT64_MAX - bs ? bytes / bs * bs
				       : (bytes + bs - 1) / bs * bs;
}

/* @a times @b, at most UINT64_MAX (loops up to 10^6 of an io_size) */
static uint64_t lm_loops_mul(uint64_t a, uint64_t b)
{
	return b && a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

uint64_t lm_loops_bytes(const struct lm_job *j, uint64_t pass)
{
	uint64_t loops = j->loops ? j->loops : 1;
	uint64_t want = j->io_bytes ? j->io_bytes : pass;
	/* what fio's io_bytes counts of a loop: its reads back too */
	uint64_t times = j->io_readback ? 2 : 1;
	uint64_t all = lm_loops_mul(want, loops), most = lm_job_bs_max(j, -1);
	uint64_t done, moved, more;

	if (!j->io_bytes || !pass || lm_dist_placed(&j->dist) ||
	    !lm_loops_pass_ends(j))
		return lm_loops_whole(j, all);
	/* the loops fio runs whatever io_size says, each at most a pass
	 * and all at most io_size times loops (its issue limit) */
	done = lm_loops_mul(loops, pass < want ? pass : want);
	moved = lm_loops_mul(done, times);
	/* more while io_size is a largest block or more away */
	if (moved >= want || want - moved < most)
		return lm_loops_whole(j, done);
	more = (want - moved - most) / lm_loops_mul(pass, times) + 1;
	done = lm_loops_mul(more, pass) > all - done
		       ? all
		       : done + lm_loops_mul(more, pass);
	return lm_loops_whole(j, done < all ? done : all);
}

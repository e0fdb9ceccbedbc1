// SPDX-License-Identifier: MIT
#include "src/job/job.h"
#include "src/engine/engine.h"
#include "src/lunmark.h"
#include "src/units.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const lm_rw_names[] = {
	[LM_RW_READ] = "read",
	[LM_RW_WRITE] = "write",
	[LM_RW_RANDREAD] = "randread",
	[LM_RW_RANDWRITE] = "randwrite",
	[LM_RW_RW] = "rw",
	[LM_RW_RANDRW] = "randrw",
	[LM_RW_TRIM] = "trim",
	[LM_RW_RANDTRIM] = "randtrim",
	[LM_RW_TRIMWRITE] = "trimwrite",
	[LM_RW_RANDTRIMWRITE] = "randtrimwrite",
};

void lm_job_defaults(struct lm_job *j)
{
	memset(j, 0, sizeof(*j));
	snprintf(j->name, sizeof(j->name), "job");
	j->rw = LM_RW_READ;
	j->rwmixread_pct = 50;
	j->random_pct = 100;
	j->bs_bytes = 4096;
	j->iodepth = 1;
	j->batch_min = 1;
	j->threads = 1;
	j->direct = true;
	j->seed = 0x6c756e6d61726bull; /* "lunmark" */
	j->pattern = LM_PATTERN_RANDOM;
	j->prefill = true;
	snprintf(j->engine, sizeof(j->engine), "%s", lm_engine_default()->name);
	j->fault.err_no = EIO;
	/* fio's: judged only once ss_dur is set */
	j->ss.metric = LM_STEADY_IOPS;
	j->ss.slope = true;
	j->ss.pct = true;
	j->ss.limit = 0.01;
	j->ss.interval_ns = 1000000000ull;
	j->ratecycle_ms = 1000;
	j->think_blocks = 1;
	j->dedupe_ws_pct = 5;
	lm_prio_defaults(&j->prio);
	j->lat_pct = 100.0;
	j->bw_avg_ms = j->iops_avg_ms = 500;
}

const char *lm_rw_name(enum lm_rw rw)
{
	return lm_rw_names[rw];
}

uint32_t lm_bsdir_end(const struct lm_bsdir *b, bool max)
{
	uint32_t m = b->n ? b->bs[0] : max ? b->hi : b->lo;
	unsigned int i;

	for (i = 1; i < b->n; i++)
		if (max ? b->bs[i] > m : b->bs[i] < m)
			m = b->bs[i];
	return m;
}

static uint32_t lm_job_bs_end(const struct lm_job *j, int d, bool max)
{
	uint32_t m, e;
	unsigned int k;

	if (!j->bs_vary)
		return j->bs_bytes;
	if (d >= 0)
		return lm_bsdir_end(&j->bsd[d], max);
	m = lm_bsdir_end(&j->bsd[0], max);
	for (k = 1; k < LM_DIRS; k++) {
		e = lm_bsdir_end(&j->bsd[k], max);
		if (max ? e > m : e < m)
			m = e;
	}
	return m;
}

uint32_t lm_job_bs_max(const struct lm_job *j, int d)
{
	return lm_job_bs_end(j, d, true);
}

uint32_t lm_job_bs_min(const struct lm_job *j, int d)
{
	return lm_job_bs_end(j, d, false);
}

void lm_job_bs_update(struct lm_job *j)
{
	const struct lm_bsdir *r = &j->bsd[0];
	unsigned int d;

	/* trims not set apart are as writes, as fio's bs=r,w */
	if (!j->bsd[LM_DIR_TRIM].lo && !j->bsd[LM_DIR_TRIM].n)
		j->bsd[LM_DIR_TRIM] = j->bsd[LM_DIR_WRITE];
	j->bs_vary = false;
	for (d = 0; d < LM_DIRS; d++)
		j->bs_vary |= j->bsd[d].n || j->bsd[d].lo != j->bsd[d].hi ||
			      j->bsd[d].lo != r->lo;
	if (j->bs_vary)
		j->bs_bytes = lm_job_bs_min(j, -1);
	else
		j->bs_bytes = r->lo;
}

uint64_t lm_job_buffer_bytes(const struct lm_job *j)
{
	return (uint64_t)lm_job_bs_max(j, -1) * j->iodepth * j->threads *
	       (lm_rw_mixed(j->rw) ? 2 : 1);
}

uint64_t lm_job_buffer_limit(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);

	if (pages <= 0 || size <= 0)
		return UINT64_MAX;
	return (uint64_t)pages * (uint64_t)size / 2;
}

static bool lm_job_sqpolls(const struct lm_engine_ops *e)
{
	return e->sqpoll;
}

static bool lm_job_faults(const struct lm_engine_ops *e)
{
	return e->faults;
}

/* The name of an engine that can do what @fits asks, for advice. */
static const char *
lm_job_engine_with(bool (*fits)(const struct lm_engine_ops *))
{
	const struct lm_engine_ops *e = lm_engine_first(fits);

	return e ? e->name : "(none here)";
}

/* An engine that keeps fewer IOs in flight is never silently capped. */
static int lm_job_too_deep(const struct lm_job *j,
			   const struct lm_engine_ops *e, char *msg, size_t len)
{
	char most[32] = "one IO";

	if (e->max_depth > 1)
		snprintf(most, sizeof(most), "%u IOs", e->max_depth);
	snprintf(
		msg, len,
		"--iodepth=%u: the %s engine does %s at a time; use --iodepth=%u, or --engine=%s for a deeper queue (in a job file: ioengine=%s)",
		j->iodepth, e->name, most, e->max_depth,
		lm_engine_default()->name, lm_engine_default()->fio_name);
	return -EINVAL;
}

static bool lm_job_ioprios(const struct lm_engine_ops *e)
{
	return e->ioprio;
}

/* What the job asks of its engine @e: a depth, sqpoll, faults, a
 * priority per IO. */
static int lm_job_engine_check(const struct lm_job *j,
			       const struct lm_engine_ops *e, char *msg,
			       size_t len)
{
	if (lm_engine_depth(e, j->iodepth) < j->iodepth)
		return lm_job_too_deep(j, e, msg, len);
	if (j->sqpoll && !e->sqpoll) {
		snprintf(msg, len, "--sqpoll needs --engine=%s",
			 lm_job_engine_with(lm_job_sqpolls));
		return -EINVAL;
	}
	if ((j->fault.every_n || j->fault.prob_pct > 0) && !e->faults) {
		snprintf(msg, len,
			 "--fail-every and --fail-prob need --engine=%s",
			 lm_job_engine_with(lm_job_faults));
		return -EINVAL;
	}
	if (lm_prio_cmd_given(&j->prio) && !e->ioprio) {
		const struct lm_engine_ops *can =
			lm_engine_first(lm_job_ioprios);

		snprintf(
			msg, len,
			"the %s engine cannot set a priority per IO (cmdprio_percentage, cmdprio_bssplit, cmdprio_class, cmdprio): use ioengine=%s, as fio takes them only with engines that can",
			e->name, can ? can->fio_name : "(none here)");
		return -EINVAL;
	}
	return 0;
}

/* fio's: a floor above its cap is refused ("minimum rate exceeds rate"). */
static int lm_job_rate_check(const struct lm_job *j, char *msg, size_t len)
{
	static const char *const dir[LM_DIRS] = { "reads", "writes", "trims" };
	unsigned int d;

	for (d = 0; d < LM_DIRS; d++) {
		if (j->rate_bytes[d] && j->rate_min_bytes[d] > j->rate_bytes[d])
			snprintf(
				msg, len,
				"rate_min=%llu is above rate=%llu for the %s: lower rate_min or raise rate",
				(unsigned long long)j->rate_min_bytes[d],
				(unsigned long long)j->rate_bytes[d], dir[d]);
		else if (j->rate_iops[d] &&
			 j->rate_min_iops[d] > j->rate_iops[d])
			snprintf(
				msg, len,
				"rate_iops_min=%llu is above rate_iops=%llu for the %s: lower rate_iops_min or raise rate_iops",
				(unsigned long long)j->rate_min_iops[d],
				(unsigned long long)j->rate_iops[d], dir[d]);
		else
			continue;
		return -EINVAL;
	}
	return 0;
}

/* rw=read:N: fio steps by bs + N bytes, part of a block too. Refused:
 * what lunmark's walk does otherwise than fio's (a skip back of less than
 * a block moves forward, overlapping, in fio; rw=rw:N's two positions
 * end their passes apart; several sizes, where fio steps by each IO's;
 * strided zones) and a skip past any target (1 PiB). */
static int lm_job_skip_check(const struct lm_job *j, char *msg, size_t len)
{
	int64_t skip = j->dist.skip_bytes, bs = (int64_t)j->bs_bytes;
	const char *why;
	char a[32];

	if (!skip)
		return 0;
	if (llabs(skip) > (1LL << 50))
		why = "a skip of more than 1 PiB; give a smaller skip";
	else if (skip < 0 && -skip < bs)
		why = "back by less than a block, fio's IOs move forward, overlapping; skip back by a block or more";
	else if (lm_rw_mixed(j->rw))
		why = "lunmark does not walk the reads' and writes' skips apart as fio does; use rw=read:N or rw=write:N";
	else if (j->dist.zone_bytes)
		why = "lunmark does not walk skips within strided zones as fio does; drop the skip or zonemode=strided";
	else if (j->bs_vary)
		why = "a skip with several block sizes, bs=r,w included: fio steps by each IO's own size, lunmark's walk by one; give one bs";
	else
		return 0;
	lm_fmt_size(a, sizeof(a), (uint64_t)llabs(skip));
	snprintf(msg, len, "rw=%s:%s%s (--bs=%u): %s", lm_rw_name(j->rw),
		 skip < 0 ? "-" : "", a, j->bs_bytes, why);
	return -EINVAL;
}

/* 512 to 64 MiB; a multiple of 512 but where the page cache takes any
 * size, as fio's buffered jobs (--verify's headers want 512 too) */
static int lm_job_bs_check(const struct lm_job *j, char *msg, size_t len)
{
	uint32_t odd;

	if (j->bs_bytes < LM_BS_MIN || j->bs_bytes > LM_BS_MAX) {
		snprintf(msg, len,
			 "--bs=%u: the block size must be from 512 to 64MiB",
			 j->bs_bytes);
		return -EINVAL;
	}
	if ((j->direct || lm_job_verify_checks(j)) &&
	    lm_job_bs_misfit(j, LM_BS_MIN, &odd)) {
		snprintf(msg, len,
			 "--bs=%u: %s needs a multiple of 512 bytes; use one%s",
			 odd,
			 lm_job_verify_checks(j)
				 ? "--verify (a header per 512 bytes)"
				 : "direct IO",
			 lm_job_verify_checks(j) ? "" : ", or --direct=0");
		return -EINVAL;
	}
	return 0;
}

int lm_job_check(const struct lm_job *j, char *msg, size_t len)
{
	const struct lm_engine_ops *e;

	if (lm_job_bs_check(j, msg, len))
		return -EINVAL;
	if (j->iodepth < 1 || j->iodepth > LM_DEPTH_MAX) {
		snprintf(msg, len, "--iodepth=%u: must be from 1 to %u",
			 j->iodepth, LM_DEPTH_MAX);
		return -EINVAL;
	}
	if (j->threads < 1 || j->threads > LM_THREADS_MAX) {
		snprintf(msg, len, "--numjobs=%u: must be from 1 to %u",
			 j->threads, LM_THREADS_MAX);
		return -EINVAL;
	}
	if (j->rwmixread_pct > 100) {
		snprintf(msg, len, "--rwmixread=%u: must be from 0 to 100",
			 j->rwmixread_pct);
		return -EINVAL;
	}
	if (j->direct && j->offset_bytes % LM_BS_MIN) {
		snprintf(msg, len,
			 "--offset=%llu: must be a multiple of 512 bytes",
			 (unsigned long long)j->offset_bytes);
		return -EINVAL;
	}
	e = lm_engine_find(j->engine);
	if (!e) {
		char want[LM_ENGINE_UNKNOWN_LEN];

		snprintf(msg, len, "--engine=%s: %s", j->engine,
			 lm_engine_unknown(want, sizeof(want)));
		return -EINVAL;
	}
	if (lm_job_buffer_bytes(j) > lm_job_buffer_limit()) {
		snprintf(
			msg, len,
			"--bs=%u x --iodepth=%u x --numjobs=%u%s needs %llu MiB of IO buffers, more than half of this machine's memory; lower one of them",
			j->bs_bytes, j->iodepth, j->threads,
			lm_rw_mixed(j->rw) ? " x 2 (mixed)" : "",
			(unsigned long long)(lm_job_buffer_bytes(j) >> 20));
		return -EINVAL;
	}
	if (j->time_based && !j->runtime_ns) {
		snprintf(msg, len, "--time_based needs --runtime");
		return -EINVAL;
	}
	if (lm_job_rate_check(j, msg, len) || lm_job_skip_check(j, msg, len))
		return -EINVAL;
	if (lm_job_verify_checks(j) && lm_rw_trims(j->rw)) {
		snprintf(
			msg, len,
			"--verify with rw=%s: a trimmed block holds no header to check; verify a write job, and trim in another",
			lm_rw_name(j->rw));
		return -EINVAL;
	}
	if (j->fault.prob_pct < 0 || j->fault.prob_pct > 100) {
		snprintf(msg, len, "--fail-prob=%g: must be from 0 to 100",
			 j->fault.prob_pct);
		return -EINVAL;
	}
	if (lm_prio_check(&j->prio, msg, len))
		return -EINVAL;
	return lm_job_engine_check(j, e, msg, len);
}

bool lm_job_bs_misfit(const struct lm_job *j, uint32_t lbs, uint32_t *bad)
{
	unsigned int d, i;

	*bad = j->bs_bytes;
	if (j->bs_bytes % lbs)
		return true;
	for (d = 0; j->bs_vary && d < LM_DIRS; d++) {
		const struct lm_bsdir *b = &j->bsd[d];

		for (i = 0; i < b->n; i++)
			if (b->bs[i] % lbs) {
				*bad = b->bs[i];
				return true;
			}
		if (b->lo % lbs || b->hi % lbs) {
			*bad = b->lo % lbs ? b->lo : b->hi;
			return true;
		}
	}
	return false;
}

void lm_pass_job(struct lm_job *pj, const struct lm_job *j, uint32_t bs_bytes,
		 unsigned int depth)
{
	*pj = *j;
	pj->rw = LM_RW_WRITE; /* one direction at a time: each pass's own */
	pj->bs_bytes = bs_bytes;
	pj->bs_vary = false;
	pj->iodepth = depth;
	pj->threads = 1;
	pj->compress_pct = 0;
	pj->verify = false;
	lm_job_engine_plain(pj);
	pj->iolog = false;
	pj->number_ios = 0;
	lm_prio_defaults(&pj->prio);
	lm_job_unpaced(pj);
}

void lm_job_unpaced(struct lm_job *j)
{
	memset(j->rate_min_bytes, 0, sizeof(j->rate_min_bytes));
	memset(j->rate_min_iops, 0, sizeof(j->rate_min_iops));
	j->startdelay_ns = 0;
	j->wait_mask = 0;
	j->file_turn = LM_FILE_OWN;
	j->think_ns = 0;
	j->exitall = false;
	j->flow = 0;
	j->dedupe_pct = 0;
	j->lat_target_ns = 0;
	j->fsync_every = j->fdatasync_every = 0;
	j->end_fsync = j->fsync_on_close = false;
	j->open_sync = 0;
	j->size_rest = 0;
}

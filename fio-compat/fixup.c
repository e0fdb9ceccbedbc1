// SPDX-License-Identifier: MIT
/*
 * What fio checks and fixes in a job once its options parsed (fixup.h):
 * fio 3.33's fixup_options() and the checks of its init.c, and what
 * lunmark cannot run of a job's files.
 */
#include "fio-compat/fixup.h"
#include "fio-compat/engine.h"
#include "fio-compat/files.h"
#include "fio-compat/fiojson.h"
#include "src/engine/engine.h"
#include "src/lunmark.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* Where @key of @fj was set, for a message: the line of its own section
 * that set it last, else (a [global]'s value) its section's line. */
static void lm_fio_set_at(const struct lm_fio_job *fj, const char *key,
			  const char **file, unsigned int *line)
{
	unsigned int i;

	*file = fj->file;
	*line = fj->line;
	for (i = 0; fj->sec && i < fj->sec->nopts; i++)
		if (!strcmp(fj->sec->opts[i].key, key)) {
			*file = fj->sec->opts[i].file;
			*line = fj->sec->opts[i].line;
		}
}

/*
 * wait_for= of job @fj, the next of @out: as fio's init.c checks it, one
 * job before it of that name (its clones aside), not itself; and not of
 * its flow. The wait itself is the run's (src/cmd/phase.c: wait_mask).
 */
static int lm_fio_waitee(const struct lm_fio_job *fj,
			 const struct lm_fio_jobs *out, char *msg, size_t len)
{
	const char *why = NULL, *file;
	unsigned int i, n = 0, line;
	bool flowed = false;

	if (!fj->wait_for[0])
		return 0;
	for (i = 0; i < out->n; i++) {
		const struct lm_job *w = &out->jobs[i].job;

		if (strcmp(w->name, fj->wait_for))
			continue;
		n += !out->jobs[i].clone;
		flowed |= fj->job.flow && w->flow &&
			  w->flow_id == fj->job.flow_id;
	}
	if (!strcmp(fj->job.name, fj->wait_for))
		why = "a job cannot wait for itself";
	else if (!n)
		why = "no job of that name before this one (fio: waitee unknown)";
	else if (n > 1)
		why = "more than one job of that name before this one";
	/* it would count in the flow before it starts, and hold the job
	 * it waits for forever (fio hangs so) */
	else if (flowed)
		why = "it and the job it waits for are in one flow (flow_id): that job would be held for it forever";
	if (!why)
		return 0;
	lm_fio_set_at(fj, "wait_for", &file, &line);
	snprintf(msg, len, "%s:%u: wait_for=%s: %s", file, line, fj->wait_for,
		 why);
	return -EINVAL;
}

/* Is a count of @fj's that its files served at once share (one each at
 * least, src/cmd/phase.h) under their number? */
static bool lm_fio_shares_small(const struct lm_fio_job *fj)
{
	const struct lm_job *j = &fj->job;
	uint64_t nf = fj->nfiles;
	bool small = j->number_ios && j->number_ios < nf;
	unsigned int d;

	if (nf < 2 || fj->files_in_turn)
		return false;
	for (d = 0; d < LM_DIRS; d++)
		small |= (j->rate_iops[d] && j->rate_iops[d] < nf) ||
			 (j->rate_min_iops[d] && j->rate_min_iops[d] < nf);
	return small;
}

/*
 * What fio 3.33's fixup_options() refuses in a job that parsed: rates
 * given both ways, zones asked for two ways, a dedupe working set it
 * cannot make (a minimum rate above its rate is lm_job_check()'s); and
 * what lunmark cannot do with a job's files: those in turn with a runtime
 * or number_ios, those at once with a count to share under their number.
 * NULL, or why (with the job's file:line, it is the message).
 */
static const char *lm_fio_fixup(const struct lm_fio_job *fj)
{
	const struct lm_job *j = &fj->job;
	uint64_t bytes = 0, iops = 0, min_bytes = 0, min_iops = 0;
	unsigned int d;

	for (d = 0; d < LM_DIRS; d++) {
		bytes |= j->rate_bytes[d];
		iops |= j->rate_iops[d];
		min_bytes |= j->rate_min_bytes[d];
		min_iops |= j->rate_min_iops[d];
	}
	if ((bytes && iops) || (min_bytes && min_iops))
		return "rate and rate_iops (or rate_min and rate_iops_min) together: fio refuses it too (\"mutually exclusive\"); give one";
	if (!fj->zonemode && fj->zonesize)
		return "zonesize without zonemode=strided (fio's default zonemode is none, and fio refuses the two: \"not compatible\")";
	if (j->dedupe_pct && j->dedupe_ws &&
	    (!(j->size_bytes || j->size_pct) || fj->nfiles > 1 ||
	     j->dedupe_pct + j->dedupe_ws_pct > 100))
		return "dedupe_mode=working_set needs size=, one file, and dedupe_percentage plus dedupe_working_set_percentage at most 100: fio refuses it otherwise too";
	if (fj->files_in_turn && fj->nfiles > 1 &&
	    (j->runtime_ns || j->time_based))
		return "file_service_type=sequential with a runtime: lunmark runs the files one after another, each as a job of its own that would have the whole runtime (fio's time_based comes back to the first file); give size= alone, or roundrobin";
	if (lm_fio_shares_small(fj))
		return "number_ios, rate_iops or rate_iops_min under the number of the job's files: lunmark serves its files at once, each at a share of at least 1, which would add up to more; give at least 1 per file, or file_service_type=sequential";
	if (fj->files_in_turn && fj->nfiles > 1 && j->number_ios)
		return "file_service_type=sequential with number_ios: lunmark runs the files one after another, each as a job of its own that would do number_ios; give size= or io_size= alone, or roundrobin";
	if (fj->zonemode && !fj->zonesize)
		return "zonemode=strided without zonesize: fio refuses it too; give the zone's size";
	if (j->lat_target_ns && (fj->no_lat || fj->gtod_reduce))
		return "latency_target with disable_lat (or gtod_reduce): fio then sees no IO over the target and goes to the full iodepth, where lunmark would search; give one of them";
	return lm_fio_engine_check(fj);
}

/* A job's verify as fio's: what a read job of several sizes cannot check
 * (said), verify=pattern without a pattern (refused), a mixed job's own
 * reads, and when verify_backlog reads back. 0 or -EINVAL (@msg). */
static int lm_fio_verify_fix(struct lm_fio_job *fj, char *msg, size_t len)
{
	struct lm_job *j = &fj->job;

	if (!lm_rw_writes(j->rw) && lm_job_verify_checks(j) &&
	    !lm_job_checks_reads(j, 512))
		lm_note("%s:%u: job '%s': verify_pattern's bytes depend on where each write began (a %%o, or a length that does not divide 512), and this job reads in several sizes: its reads are not checked",
			fj->file, fj->line, j->name);
	/* (fio checks a read job's reads whatever do_verify says) */
	if (j->verify && j->verify_kind == LM_VERIFY_PATTERN &&
	    !j->verify_pat.len && (fj->do_verify || !lm_rw_writes(j->rw))) {
		snprintf(
			msg, len,
			"%s:%u: verify=pattern needs verify_pattern= (the bytes to write and check; fio 3.33 aborts on an assertion without it)",
			fj->file, fj->line);
		return -EINVAL;
	}
	/* fio's mixed job checks only the reads of what it wrote: those of
	 * its backlog, or of its verify phase, here at its pass's end */
	j->verify_own = j->verify && lm_rw_mixed(j->rw);
	if (j->verify_own && !j->verify_backlog && !j->time_based)
		j->verify_backlog = UINT64_MAX;
	/* fio's verify_backlog reads what a verifying job's writes logged
	 * (none without do_verify); one whose reads could not be checked
	 * is not read back, and its phase's read-back says why */
	if (!j->verify || !fj->do_verify || !lm_rw_writes(j->rw) ||
	    !lm_job_rereadable(j))
		j->verify_backlog = 0;
	/* fio's io_size counts a write job's verify reads (loops.h) */
	j->io_readback = j->verify && fj->do_verify && !j->time_based &&
			 (j->rw == LM_RW_WRITE || j->rw == LM_RW_RANDWRITE);
	return 0;
}

/* fio's zones (zonemode=strided) onto the job's distribution (dist.h),
 * or -EINVAL with why in @msg. */
static int lm_fio_zones(struct lm_fio_job *fj, char *msg, size_t len)
{
	struct lm_job *j = &fj->job;

	if (!fj->zonemode || !fj->zonesize)
		return 0;
	/* fio's zones: zonesize moved in each, zonerange long (its
	 * default zonesize), zoneskip between them; lunmark counts them
	 * in blocks, where fio counts bytes */
	if ((fj->zonesize % j->bs_bytes || fj->zonerange % j->bs_bytes ||
	     fj->zoneskip % j->bs_bytes ||
	     (lm_rw_random(j->rw) && j->random_pct < 100))) {
		snprintf(
			msg, len, "%s:%u: job '%s': zonemode=strided: %s",
			fj->file, fj->line, j->name,
			lm_rw_random(j->rw) && j->random_pct < 100
				? "with percentage_random below 100 lunmark does not keep the sequential IOs in their zone; use 100 (or 0)"
				: "zonesize, zonerange and zoneskip must be multiples of the block size here (lunmark counts zones in blocks, fio in bytes)");
		return -EINVAL;
	}
	j->dist.zone_bytes = fj->zonesize;
	j->dist.zone_range_bytes = fj->zonerange ? fj->zonerange : fj->zonesize;
	j->dist.zone_skip_bytes = fj->zoneskip;
	return 0;
}

int lm_fio_fixup_job(struct lm_fio_job *fj, const struct lm_fio_jobs *out,
		     char *msg, size_t len)
{
	struct lm_job *j = &fj->job;
	unsigned int nf = lm_fio_nfiles(fj);
	const char *why = lm_fio_fixup(fj);
	struct lm_fio_off off;
	char why_msg[160];
	int ret;

	if (why) {
		snprintf(msg, len, "%s:%u: job '%s': %s", fj->file, fj->line,
			 j->name, why);
		return -EINVAL;
	}
	/* fio's lfsr walks each block once a pass, a random map or not
	 * (filesetup.c's init_random_map()): lunmark's map does that */
	if (fj->rand_gen == LM_FIO_LFSR)
		j->randmap = true;
	if (fj->filesize) {
		/* each file's region: from the offset to the file's end */
		uint64_t room =
			fj->filesize -
			(!j->offset_pct && j->offset_bytes < fj->filesize
				 ? j->offset_bytes
				 : 0);

		/* size moves what it says, but never more than the files
		 * hold: fio cuts it to their total (filesetup.c) */
		if (j->size_bytes && !j->io_bytes && j->size_bytes < room * nf)
			j->io_bytes = j->size_bytes;
		j->size_bytes = room * nf;
		j->size_pct = 0;
	}
	/* fio's init.c: a size below the smallest block is refused */
	if (j->size_bytes &&
	    lm_job_fit_blocks(j, "size", why_msg, sizeof(why_msg))) {
		snprintf(msg, len, "%s:%u: job '%s': %s", fj->file, fj->line,
			 j->name, why_msg);
		return -EINVAL;
	}
	/* blockalign: a random job of several sizes places its IOs on
	 * multiples of it; else it must be the block size lunmark aligns
	 * to anyway */
	if (fj->blockalign && fj->blockalign != j->bs_bytes) {
		if (!j->bs_vary || !lm_rw_random(j->rw) ||
		    fj->blockalign % j->bs_bytes ||
		    fj->blockalign > UINT32_MAX) {
			snprintf(
				msg, len,
				"%s:%u: blockalign=%llu: lunmark aligns offsets to the smallest block size (%u), or with bssplit or bsrange in a random job to a multiple of it",
				fj->file, fj->line,
				(unsigned long long)fj->blockalign,
				j->bs_bytes);
			return -EINVAL;
		}
		j->bs_bytes = (uint32_t)fj->blockalign;
	}
	ret = lm_fio_verify_fix(fj, msg, len);
	if (ret)
		return ret;
	/* fio's stat.c: the priorities' latencies are lat's where its
	 * percentiles are asked for (and measured), else clat's */
	lm_fio_off_of(fj, &off);
	j->prio_total = fj->lat_pcts && !off.lat;
	ret = lm_fio_zones(fj, msg, len);
	if (ret)
		return ret;
	/* fio's init.c: iodepth_batch_complete_max is _min unless set, so a
	 * reap takes one completion at a time by default */
	if (!j->batch_max)
		j->batch_max = j->batch_min;
	lm_job_reap_fix(j);
	return lm_fio_waitee(fj, out, msg, len);
}

void lm_fio_sync_depth(struct lm_fio_job *fj, const struct lm_engine_ops *e,
		       FILE *notes)
{
	const char *file;
	unsigned int line;

	if (e->max_depth != 1 || fj->job.iodepth <= 1)
		return;
	lm_fio_set_at(fj, "iodepth", &file, &line);
	lm_note_to(
		notes,
		"%s:%u: job '%s': iodepth=%u on %s, a synchronous engine: the queue depth is capped at 1, as fio caps it",
		file, line, fj->job.name, fj->job.iodepth, e->fio_name);
	fj->depth_given = fj->job.iodepth;
	fj->job.iodepth = 1;
}

// SPDX-License-Identifier: MIT
/* The region written once before reads (prefill.h), as a run (run.h). */
#include "src/run/prefill.h"
#include "src/engine/engine.h"
#include "src/lunmark.h"
#include "src/run/run.h"
#include "src/units.h"

#include <string.h>

static uint32_t lm_prefill_bs(const struct lm_job *j, uint32_t lbs)
{
	uint32_t bs = 1u << 20;

	while (bs > lbs && (j->size_bytes % bs || j->offset_bytes % bs))
		bs /= 2;
	return bs;
}

void lm_prefill_span(const struct lm_job *j, uint64_t *from, uint64_t *to)
{
	/* the size as given: a part block the job's blocks leave (bs=2300)
	 * is written too, and the prefill's blocks stay large */
	*from = j->offset_bytes;
	*to = *from + j->size_bytes + j->size_rest +
	      j->offset_increment * (j->threads - 1);
}

int lm_prefill(const struct lm_job *j, const struct lm_target *t, FILE *notes)
{
	struct lm_run_result r;
	struct lm_job p = *j;
	uint64_t from, to;
	char size[32];
	int ret;

	/* each host prefills its own target on its own: not measured,
	 * nothing to line up with its peers (clock.h) */
	p.clock = NULL;
	p.rw = LM_RW_WRITE;
	/* one pass over every thread's region: with offset_increment they
	 * span from the first's start to the last's end */
	lm_prefill_span(j, &from, &to);
	p.size_bytes = to - from;
	p.offset_increment = 0;
	p.io_bytes = 0;
	p.verify_backlog = 0; /* written, not read back */
	/* every block of it: not rw=read:N's skips or zones, whose stride
	 * at the prefill's block size would leave the job's blocks unwritten */
	memset(&p.dist, 0, sizeof(p.dist));
	p.bs_vary = false;
	p.bs_bytes = lm_prefill_bs(&p, t->lbs_bytes);
	/* a pattern whose bytes depend on where a write began: written in
	 * the job's own IOs, so that its reads find what they expect */
	if (j->verify && j->verify_kind != LM_VERIFY_HASH &&
	    !lm_verify_pattern_anchored(&j->verify_pat, t->lbs_bytes))
		p.bs_bytes = lm_job_bs_min(j, -1);
	p.iodepth = lm_engine_depth(lm_engine_find(j->engine), 8);
	p.threads = 1;
	p.runtime_ns = 0;
	p.ramp_ns = 0;
	p.time_based = false;
	p.pattern = LM_PATTERN_RANDOM;
	/* flat out, at once, to the end, at the default IO priority: the
	 * job's pace, pauses, early stops and priorities are the measured
	 * run's */
	memset(p.rate_bytes, 0, sizeof(p.rate_bytes));
	memset(p.rate_iops, 0, sizeof(p.rate_iops));
	p.number_ios = 0;
	p.ss.on = false;
	/* fio lays out with write() of its own: in no log of the job's */
	p.iolog = false;
	p.trace = NULL;
	p.batch_submit = LM_BATCH_ALL; /* as many at once as may go */
	p.batch_min = 1;
	p.batch_max = 0;
	lm_prio_defaults(&p.prio);
	lm_job_unpaced(&p);
	/* fio lays a file out with plain writes: nowait's EAGAIN or
	 * hipri's EOPNOTSUPP are the job's to meet, not its layout's */
	lm_job_engine_plain(&p);
	lm_fmt_size(size, sizeof(size), p.size_bytes);
	lm_note_to(
		notes,
		"prefilling %s of %s so that reads read written data (--no-prefill skips this)",
		size, t->kind == LM_TARGET_TESTFILE ? t->path : t->name);
	ret = lm_run(&p, t, &r);
	if (ret)
		return ret;
	if (r.interrupted)
		ret = LM_EXIT_INTERRUPTED;
	else if (r.io_errno) {
		lm_err("%s: prefill write failed at offset %llu: %s", t->name,
		       (unsigned long long)r.io_err_offset,
		       lm_errtext(r.io_errno, r.io_errtext));
		ret = LM_EXIT_IO;
	}
	lm_run_result_free(&r);
	return ret;
}

// SPDX-License-Identifier: MIT
/* fio's bw, iops and latency logs (fiojson.h). */
#include "fio-compat/fiojson.h"
#include "src/lunmark.h"
#include "src/newfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum lm_log_kind {
	LM_LOG_BW,
	LM_LOG_IOPS,
	LM_LOG_LAT,
	LM_LOG_CLAT,
	LM_LOG_SLAT,
	LM_LOG_HIST,
};

/* What one window holds, per direction. */
struct lm_win {
	uint64_t ios[LM_DIRS], bytes[LM_DIRS], lat[LM_DIRS], slat[LM_DIRS];
};

/* "msec, value, ddir, 0, 0" (with log_offset "msec, value, ddir, 0, 0,
 * 0"; with log_prio, 0x0000 last) per direction the job does: fio stamps a window with its nominal
 * end; a latency of a window with no IO is left out. */
static void lm_win_lines(FILE *f, const struct lm_fio_job *fj,
			 const struct lm_win *w, uint64_t at_ms, uint64_t dur,
			 enum lm_log_kind kind)
{
	unsigned int d;
	uint64_t v;

	for (d = 0; d < LM_DIRS; d++) {
		if (!lm_rw_does(fj->job.rw, d))
			continue;
		if (kind != LM_LOG_BW && kind != LM_LOG_IOPS && !w->ios[d])
			continue;
		v = kind == LM_LOG_BW ? (uint64_t)((double)w->bytes[d] /
						   1024.0 * 1e9 / (double)dur)
		    : kind == LM_LOG_IOPS
			    ? (uint64_t)((double)w->ios[d] * 1e9 / (double)dur)
		    : kind == LM_LOG_CLAT ? (w->lat[d] - w->slat[d]) / w->ios[d]
		    : kind == LM_LOG_SLAT ? w->slat[d] / w->ios[d]
					  : w->lat[d] / w->ios[d];
		fprintf(f, "%llu, %llu, %u, 0, %s%s\n",
			(unsigned long long)at_ms, (unsigned long long)v, d,
			fj->log_offset ? "0, " : "",
			fj->log_prio ? "0x0000" : "0");
	}
}

/*
 * Windows of whole seconds from the run's per-second samples (the last,
 * cut short by the stop, is left out, as fio does); bs and offset are 0,
 * as in fio's averaged logs.
 */
static void lm_log_seconds(FILE *f, const struct lm_fio_job *fj,
			   const struct lm_run_result *r, enum lm_log_kind kind,
			   uint64_t base)
{
	uint64_t win = fj->log_avg_ms * 1000000ull, dur = 0;
	struct lm_win w = { 0 };
	unsigned int i, d, k = 0;

	for (i = 0; i < r->nseries; i++) {
		const struct lm_sample *s = &r->series[i];

		dur += s->dur_ns;
		for (d = 0; d < LM_DIRS; d++) {
			w.ios[d] += s->ios[d];
			w.bytes[d] += s->bytes[d];
			w.lat[d] += s->lat_ns[d];
			w.slat[d] += s->slat_ns[d];
		}
		/* whole windows only, as the JSON's whole seconds: the
		 * main thread samples a second at or after its end */
		if (dur < win)
			continue;
		lm_win_lines(f, fj, &w, base + ++k * (uint64_t)fj->log_avg_ms,
			     dur, kind);
		dur = 0;
		memset(&w, 0, sizeof(w));
	}
}

/* Windows that are not whole seconds, from the record of every IO: the
 * job's threads together, the whole windows that end before the run does
 * (fio logs a window once the run has gone on past it: a window that ends
 * with a time-based job's runtime is not logged). */
static void lm_log_windows(FILE *f, const struct lm_fio_job *fj,
			   const struct lm_run_result *r, enum lm_log_kind kind,
			   uint64_t base)
{
	uint64_t win = fj->log_avg_ms * 1000000ull, b, end = r->elapsed_ns, nw;

	if (fj->job.time_based && fj->job.runtime_ns &&
	    fj->job.runtime_ns < end)
		end = fj->job.runtime_ns;
	nw = end ? (end - 1) / win : 0;
	const struct lm_iolog_chunk *c;
	struct lm_win *w;
	unsigned int t, i;

	if (!nw || !(w = calloc(nw, sizeof(*w))))
		return;
	for (t = 0; t < r->niolog; t++) {
		for (c = r->iolog[t].head; c; c = c->next) {
			for (i = 0; i < c->n; i++) {
				const struct lm_io_rec *e = &c->r[i];

				b = e->at_ns / win;
				if (b >= nw)
					continue;
				w[b].ios[e->dir]++;
				w[b].bytes[e->dir] += e->bs;
				w[b].lat[e->dir] += e->lat_ns;
				w[b].slat[e->dir] += e->slat_ns;
			}
		}
	}
	for (b = 0; b < nw; b++)
		lm_win_lines(f, fj, &w[b], base + (b + 1) * fj->log_avg_ms, win,
			     kind);
	free(w);
}

/* fio's log of every IO: "msec, value, ddir, bs, rt", the value a
 * latency in ns, 1 for iops, and bs over the completion latency for bw,
 * rt 1 for an IO of the real-time class, else 0; with log_offset, "msec,
 * value, ddir, bs, offset, rt"; with log_prio, the IO's priority in
 * place of rt ("0x2000": real-time, level 0). */
static void lm_log_ios(FILE *f, const struct lm_iolog *l, enum lm_log_kind kind,
		       const struct lm_fio_job *fj, uint64_t base)
{
	const struct lm_iolog_chunk *c;
	unsigned int i;
	uint64_t v;

	for (c = l->head; c; c = c->next) {
		for (i = 0; i < c->n; i++) {
			const struct lm_io_rec *e = &c->r[i];

			v = kind == LM_LOG_BW
				    ? lm_io_bw(e->bs, lm_io_rec_clat(e))
			    : kind == LM_LOG_IOPS ? 1
			    : kind == LM_LOG_CLAT ? lm_io_rec_clat(e)
			    : kind == LM_LOG_SLAT ? e->slat_ns
						  : e->lat_ns;
			fprintf(f, "%llu, %llu, %u, %u, ",
				(unsigned long long)(base + e->at_ns / 1000000),
				(unsigned long long)v, e->dir, e->bs);
			if (fj->log_offset)
				fprintf(f, "%llu, ",
					(unsigned long long)e->offset);
			if (fj->log_prio)
				fprintf(f, "0x%04x\n", e->prio);
			else
				fprintf(f, "%d\n", lm_prio_rt(e->prio));
		}
	}
}

/* Where a histogram log goes, and its times' base (lm_log_epoch()). */
struct lm_hist_out {
	FILE *f;
	uint64_t base;
};

/* fio's histogram log line: "msec, ddir, bs, bin, bin, ...". */
static void lm_hist_line(void *arg, uint64_t at_ms, unsigned int dir,
			 uint32_t bs, const uint64_t *bins, unsigned int n)
{
	const struct lm_hist_out *h = arg;
	unsigned int i;

	fprintf(h->f, "%llu, %u, %u", (unsigned long long)(h->base + at_ms),
		dir, bs);
	for (i = 0; i < n; i++)
		fprintf(h->f, ", %llu", (unsigned long long)bins[i]);
	fputc('\n', h->f);
}

/*
 * What a log's times count from, in ms: 0 (the job's start), or with
 * log_unix_epoch or log_alternate_epoch that start on the clock
 * log_alternate_epoch_clock_id names, as fio's set_epoch_time() reads it
 * at its job's start (here: now on that clock, less the time since then
 * on the monotonic one).
 */
static uint64_t lm_log_epoch(const struct lm_fio_job *fj,
			     const struct lm_run_result *r)
{
	struct timespec c, m;
	uint64_t c_ns, since;

	if (!fj->log_unix_epoch && !fj->log_alt_epoch)
		return 0;
	if (clock_gettime((clockid_t)fj->log_clock, &c) ||
	    clock_gettime(CLOCK_MONOTONIC, &m))
		return 0;
	c_ns = (uint64_t)c.tv_sec * 1000000000ull + (uint64_t)c.tv_nsec;
	since = (uint64_t)m.tv_sec * 1000000000ull + (uint64_t)m.tv_nsec -
		r->t0_ns;
	return c_ns > since ? (c_ns - since) / 1000000 : 0;
}

/* What one job's logs are written with. */
struct lm_log_ctx {
	struct lm_fio_logs *lg;
	const struct lm_fio_job *fj;
	const struct lm_run_result *r;
	char *msg;
	size_t len;
};

/* A file several threads share (per_job_logs=0), open until
 * lm_fio_logs_end(). */
struct lm_fio_shared {
	char path[512];
	struct lm_replace rp;
	FILE *f;
	int err; /* a write to it failed: not put in place */
};

/* The shared file @path, begun with what it holds (fio appends to it)
 * at its first use in this run. Returns it, or NULL with errno. */
static struct lm_fio_shared *lm_log_shared(struct lm_fio_logs *lg,
					   const char *path)
{
	struct lm_fio_shared *v, *e;
	unsigned int i;
	int ret;

	for (i = 0; i < lg->n; i++)
		if (!strcmp(lg->v[i].path, path))
			return &lg->v[i];
	v = realloc(lg->v, (lg->n + 1) * sizeof(*v));
	if (!v)
		return NULL;
	lg->v = v;
	e = &v[lg->n];
	snprintf(e->path, sizeof(e->path), "%s", path);
	e->err = 0;
	ret = lm_replace_begin(&e->rp, path);
	if (!ret)
		ret = lm_replace_keep(&e->rp);
	e->f = ret ? NULL : lm_replace_stream(&e->rp);
	if (!ret && !e->f)
		ret = -errno;
	if (ret) {
		if (e->rp.dirfd >= 0)
			lm_replace_abort(&e->rp);
		errno = -ret;
		return NULL;
	}
	lg->n++;
	return e;
}

/* The lines of one log into @f. */
static int lm_log_lines(FILE *f, const struct lm_log_ctx *x,
			const struct lm_iolog *l, enum lm_log_kind kind,
			bool empty)
{
	const struct lm_fio_job *fj = x->fj;
	struct lm_hist_out h = { .f = f, .base = lm_log_epoch(fj, x->r) };

	if (empty || (kind == LM_LOG_HIST && !l))
		return 0;
	if (kind == LM_LOG_HIST)
		return lm_iolog_hist_windows(l, fj->log_hist_ms,
					     fj->hist_coarse, lm_hist_line, &h);
	if (l)
		lm_log_ios(f, l, kind, fj, h.base);
	else if (fj->log_avg_ms % 1000)
		lm_log_windows(f, fj, x->r, kind, h.base);
	else
		lm_log_seconds(f, fj, x->r, kind, h.base);
	return 0;
}

/* NAME_SUFFIX.K.log: thread @k's log of every IO (@l), or the job's
 * averaged log (@l NULL, k 1); @empty: no lines (slat). NAME_SUFFIX.log,
 * shared, with per_job_logs=0. */
static int lm_log_file(const struct lm_log_ctx *x, const char *name,
		       const char *suffix, unsigned int k,
		       const struct lm_iolog *l, enum lm_log_kind kind,
		       bool empty)
{
	struct lm_fio_shared *e;
	struct lm_replace rp;
	char path[512];
	FILE *f = NULL;
	int ret;

	if (!x->fj->per_job_logs) {
		snprintf(path, sizeof(path), "%s_%s.log", name, suffix);
		e = lm_log_shared(x->lg, path);
		ret = !e ? -errno : e->err;
		if (!ret)
			ret = lm_log_lines(e->f, x, l, kind, empty);
		if (!ret && ferror(e->f))
			ret = -EIO;
		if (ret && e) /* half written: it is not put in place */
			e->err = ret;
		goto out_msg;
	}
	snprintf(path, sizeof(path), "%s_%s.%u.log", name, suffix, k);
	/* a name the job file chose: replaced, never written through */
	ret = lm_replace_begin(&rp, path);
	if (!ret) {
		f = lm_replace_stream(&rp);
		if (!f) {
			ret = -errno;
			lm_replace_abort(&rp);
		}
	}
	if (ret)
		goto out_msg;
	ret = lm_log_lines(f, x, l, kind, empty);
	if (fclose(f) || ret) {
		ret = ret ? ret : -errno;
		lm_replace_abort(&rp);
	} else {
		ret = lm_replace_commit(&rp);
	}
out_msg:
	if (ret)
		snprintf(x->msg, x->len, "%s: %s", path,
			 lm_replace_strerror(ret));
	return ret;
}

/* One set of files: the job's averaged logs, or thread @k's of every IO
 * (@l); without lines what fio does not measure (@off). */
static int lm_log_set(const struct lm_log_ctx *x, unsigned int k,
		      const struct lm_iolog *l, const struct lm_fio_off *off)
{
	const struct lm_fio_job *fj = x->fj;
	/* slat and clat where the engine tells them apart (else clat is
	 * lat, slat empty, as in the JSON), in a log of every IO and in an
	 * averaged one alike */
	bool apart = false;
	unsigned int d;
	int ret = 0;

	for (d = 0; d < LM_DIRS; d++)
		apart |= x->r->slat[d].count != 0;

	/* fio's disable_bw and its gtod_reduce() drop a log of every IO's
	 * lines (the averaged ones are its timer's); disable_lat, _clat
	 * and _slat its latency logs, files and all (init.c) */
	if (fj->bw_log[0])
		ret = lm_log_file(x, fj->bw_log, "bw", k, l, LM_LOG_BW,
				  l && off->bw);
	if (!ret && fj->iops_log[0])
		ret = lm_log_file(x, fj->iops_log, "iops", k, l, LM_LOG_IOPS,
				  l && off->iops);
	if (!ret && fj->lat_log[0] && !off->lat)
		ret = lm_log_file(x, fj->lat_log, "lat", k, l, LM_LOG_LAT,
				  false);
	if (!ret && fj->lat_log[0] && !off->clat)
		ret = lm_log_file(x, fj->lat_log, "clat", k, l,
				  apart ? LM_LOG_CLAT : LM_LOG_LAT, false);
	if (!ret && fj->lat_log[0] && !off->slat)
		ret = lm_log_file(x, fj->lat_log, "slat", k, l, LM_LOG_SLAT,
				  !apart);
	return ret;
}

/* Why the record of every IO @l that thread @k's logs (numbered @k) are
 * made from stopped short, on stderr: fio's would have gone on. */
static void lm_log_cut_note(const struct lm_fio_job *fj, unsigned int k,
			    const struct lm_iolog *l)
{
	char why[160];

	if (l->n >= LM_IOLOG_MAX)
		snprintf(why, sizeof(why), "a thread's %llu Mi IOs",
			 LM_IOLOG_MAX >> 20);
	else if (l->budget && atomic_load(&l->budget->spent))
		snprintf(
			why, sizeof(why),
			"the run's %llu MiB for such records, half the memory it found free at its start",
			(unsigned long long)(l->budget->total >> 20));
	else
		snprintf(why, sizeof(why), "out of memory");
	lm_note("job '%s': logs numbered %u stop after %llu IOs: their record of every IO ran out of room (%s); %s",
		fj->job.name, k, (unsigned long long)l->n, why,
		fj->hist_log[0] && fj->log_hist_ms
			? "with log_hist_msec=0 and a log_avg_msec of whole seconds, logs need no such record"
			: "a log_avg_msec of whole seconds (1000, 2000, ...) logs from the per-second samples and needs no such record");
}

int lm_fio_logs_write(struct lm_fio_logs *lg, const struct lm_fio_job *fj,
		      const struct lm_run_result *r, char *msg, size_t len)
{
	struct lm_log_ctx x = { lg, fj, r, msg, len };
	struct lm_fio_off off;
	unsigned int k;
	int ret = 0;

	lm_fio_off_of(fj, &off);
	/* fio's histogram log: a file per thread (one empty file of the
	 * clone's without log_hist_msec, as fio's), of clat */
	for (k = 0; k < r->niolog; k++)
		if (r->iolog[k].full)
			lm_log_cut_note(fj, fj->number + k, &r->iolog[k]);
	for (k = 0; fj->hist_log[0] && !ret && (!k || k < r->niolog); k++)
		ret = lm_log_file(
			&x, fj->hist_log, "clat_hist", fj->number + k,
			fj->log_hist_ms && k < r->niolog ? &r->iolog[k] : NULL,
			LM_LOG_HIST, off.clat);
	if (ret)
		return ret;
	/* a set of files per clone, numbered as fio's per_job_logs */
	if (fj->log_avg_ms)
		return lm_log_set(&x, fj->number, NULL, &off);
	/* every IO: a set of files per thread, as fio's per_job_logs */
	for (k = 0; k < r->niolog && !ret; k++)
		ret = lm_log_set(&x, fj->number + k, &r->iolog[k], &off);
	return ret;
}

int lm_fio_logs_end(struct lm_fio_logs *lg, char *msg, size_t len)
{
	unsigned int i;
	int ret = 0, err;

	for (i = 0; i < lg->n; i++) {
		struct lm_fio_shared *e = &lg->v[i];

		err = e->err ? e->err : ferror(e->f) ? -EIO : 0;
		if (fclose(e->f) && !err)
			err = -errno;
		err = lm_replace_end(&e->rp, err);
		if (err && !ret) {
			ret = err;
			snprintf(msg, len, "%s: %s", e->path,
				 lm_replace_strerror(err));
		}
	}
	free(lg->v);
	lg->v = NULL;
	lg->n = 0;
	return ret;
}

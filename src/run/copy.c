// SPDX-License-Identifier: MIT
#include "src/run/copy.h"
#include "src/run/clock.h"
#include "src/lunmark.h"
#include "src/run/run.h"
#include "src/run/worker.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void lm_copy_fit(uint64_t files, uint64_t file_bytes, uint64_t cap_bytes,
		 uint64_t *n, uint64_t *f)
{
	*f = file_bytes;
	*n = files;
	if (file_bytes > cap_bytes) {
		/* one file as large as fits, whole chunks */
		*f = cap_bytes > LM_COPY_CHUNK
			     ? cap_bytes - cap_bytes % LM_COPY_CHUNK
			     : cap_bytes;
		*n = 1;
	} else if (files * file_bytes > cap_bytes) {
		*n = cap_bytes / file_bytes;
	}
}

/* File @i's name in lunmark's private directory (target.h: t->own_fd,
 * 0700 and ours: no other user can plant a name there). */
static void lm_copy_name(uint64_t i, char *buf, size_t len)
{
	snprintf(buf, len, "lunmark-copy-%llu.tmp", (unsigned long long)i);
}

/* The per-file figures: one "IO" a file. */
static void lm_copy_sum(struct lm_run_result *r, bool write, uint64_t n,
			uint64_t f, uint64_t ns)
{
	unsigned int d = write ? LM_DIR_WRITE : LM_DIR_READ;
	struct lm_summary *s = &r->sum[d];

	r->elapsed_ns = ns;
	r->ios[d] = n;
	r->bytes[d] = n * f;
	s->ios = n;
	s->bytes = n * f;
	s->seconds = (double)ns / 1e9;
	s->io_mb = (double)s->bytes / 1e6;
	if (ns) {
		s->iops = (double)n / s->seconds;
		s->mb_s = (double)s->bytes / s->seconds / 1e6;
		s->mib_s = (double)s->bytes / s->seconds / 1048576.0;
		s->lat_mean_us = (double)ns / 1e3 / (double)n;
	}
	r->sum[LM_SUM_ALL] = *s;
}

/* One file, written or read in chunks of @b's buffer; a write makes the
 * file anew (O_EXCL|O_NOFOLLOW), a read never follows a symlink. */
static int lm_copy_file(int dirfd, const char *name, bool write, bool direct,
			uint64_t f, struct lm_bufs *b)
{
	int fd, flags = write ? O_CREAT | O_EXCL | O_WRONLY : O_RDONLY;
	uint64_t at;
	ssize_t n;
	size_t len;

	if (write && unlinkat(dirfd, name, 0) && errno != ENOENT)
		return -errno;
	fd = openat(dirfd, name,
		    flags | O_NOFOLLOW | O_CLOEXEC | (direct ? O_DIRECT : 0),
		    0600);
	if (fd < 0)
		return -errno;
	if (!write && !direct)
		/* clean pages since the fsync: reads go to the storage */
		posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	for (at = 0; at < f; at += (uint64_t)n) {
		len = f - at < b->bs ? (size_t)(f - at) : b->bs;
		if (write) {
			lm_buf_stamp(b->mem, (uint32_t)len, 512, at, at);
			n = pwrite(fd, b->mem, len, (off_t)at);
		} else {
			n = pread(fd, b->mem, len, (off_t)at);
		}
		if (n <= 0) {
			n = n < 0 ? -errno : -EIO;
			close(fd);
			return (int)n;
		}
	}
	if (write && fsync(fd)) {
		n = -errno;
		close(fd);
		return (int)n;
	}
	close(fd);
	return 0;
}

static int lm_copy_dir(const struct lm_job *j, const struct lm_target *t,
		       uint64_t n, uint64_t f, bool write,
		       struct lm_run_result *r)
{
	uint32_t chunk = f < LM_COPY_CHUNK ? (uint32_t)f : LM_COPY_CHUNK;
	char name[64];
	bool direct = j->direct;
	struct lm_bufs b;
	uint64_t i, t0;
	int ret = 0;

	if (lm_bufs_alloc(&b, 1, chunk, j->pattern, j->seed)) {
		lm_err("out of memory for a %u-byte copy buffer", chunk);
		return LM_EXIT_ENGINE;
	}
	t0 = lm_now_ns();
	for (i = 0; i < n && !lm_stop; i++) {
		lm_copy_name(i, name, sizeof(name));
		ret = lm_copy_file(t->own_fd, name, write, direct, f, &b);
		if (ret == -EINVAL && direct) {
			/* the filesystem takes no O_DIRECT for this size */
			direct = false;
			snprintf(
				r->note, sizeof(r->note),
				"buffered + fsync: O_DIRECT refused for these files");
			i--;
			continue;
		}
		if (ret)
			break;
	}
	lm_copy_sum(r, write, i, f, lm_now_ns() - t0);
	lm_bufs_free(&b);
	r->interrupted = lm_stop != 0;
	if (ret) {
		/* reported as a run's IO error is: the suite says it */
		r->io_errno = -ret;
		r->io_err_dir = write ? LM_DIR_WRITE : LM_DIR_READ;
		r->io_err_offset = i * f;
		snprintf(r->io_errtext, sizeof(r->io_errtext),
			 "%.200s/%.64s/%s: %s", t->path, t->own, name,
			 strerror(-ret));
	}
	return 0;
}

/* A chunk about to be written: stamped, as a directory's copy stamps it. */
static void lm_copy_stamp(void *arg, struct lm_io *io)
{
	const uint32_t *lbs = arg;

	lm_buf_stamp(io->buf, io->len, *lbs, io->offset, io->offset);
}

/*
 * Extents of @f bytes from the region's start, a pass of the worker each
 * (in whole chunks: lm_copy_fit() and the suite keep @f a multiple of its
 * chunk, or one chunk), each write pass flushed. The figures are those
 * of the extents done whole: a stop or an error ends the set there.
 */
static int lm_copy_block(const struct lm_job *j, const struct lm_target *t,
			 uint64_t n, uint64_t f, bool write,
			 struct lm_run_result *r)
{
	uint32_t chunk = f < LM_COPY_CHUNK ? (uint32_t)f : LM_COPY_CHUNK;
	uint32_t lbs = t->lbs_bytes;
	struct lm_io_hooks stamp = { .fill = lm_copy_stamp, .arg = &lbs };
	struct lm_pass p = { .bytes = f, .write = write, .flush = write };
	uint64_t t0, t_done, done = 0;
	struct lm_shared s;
	struct lm_worker w;
	struct lm_job cj;
	int ret;

	/* one chunk in flight, as a copy's; no injected faults */
	lm_pass_job(&cj, j, chunk, 1);
	cj.fault = (struct lm_fault){ 0 };
	lm_worker_solo(&w, &s, &cj, t, &stamp);
	ret = lm_worker_setup(&w);
	if (ret) {
		if (!w.setup_engine)
			lm_err("out of memory for a %u-byte copy buffer",
			       chunk);
		else if (w.errtext[0])
			lm_err("%s", w.errtext);
		else
			lm_engine_report_setup_error(j->engine, w.setup_what,
						     -ret);
		ret = LM_EXIT_ENGINE;
		goto out_teardown;
	}
	t0 = lm_now_ns();
	t_done = t0;
	for (; done < n; done++) {
		p.start_bytes = j->offset_bytes + done * f;
		if (lm_worker_pass(&w, &p))
			break;
		t_done = lm_now_ns();
	}
	lm_copy_sum(r, write, done, f, t_done - t0);
	r->interrupted = lm_stop != 0;
	if (w.io_errno) {
		r->io_errno = w.io_errno;
		r->io_err_dir = write ? LM_DIR_WRITE : LM_DIR_READ;
		r->io_err_offset = j->offset_bytes + done * f;
		snprintf(r->io_errtext, sizeof(r->io_errtext), "%s", w.errtext);
	}
out_teardown:
	lm_worker_teardown(&w);
	return ret;
}

int lm_copy_run(const struct lm_job *j, const struct lm_target *t, uint64_t n,
		uint64_t f, bool write, struct lm_run_result *r)
{
	struct lm_cpu c0;
	uint64_t t0;
	int ret, g;

	memset(r, 0, sizeof(*r));
	/* with peers (clock.h): the set starts everywhere at once */
	ret = lm_clock_begin(j->clock, 0, &t0);
	if (ret)
		return ret;
	c0 = lm_cpu_now();
	if (t->kind == LM_TARGET_DIR)
		ret = lm_copy_dir(j, t, n, f, write, r);
	else
		ret = lm_copy_block(j, t, n, f, write, r);
	r->cpu = lm_cpu_since(&c0);
	/* and rank 0 gets the sum, every side the first failure */
	if (j->clock) {
		g = j->clock->ops->gather(j->clock->arg, t0, lm_now_ns(), r);
		ret = ret ? ret : g;
	}
	return ret;
}

void lm_copy_cleanup(const struct lm_target *t, uint64_t n)
{
	char name[64];
	uint64_t i;

	if (t->kind != LM_TARGET_DIR)
		return;
	for (i = 0; i < n; i++) {
		lm_copy_name(i, name, sizeof(name));
		unlinkat(t->own_fd, name, 0);
	}
}

// SPDX-License-Identifier: MIT
#include "src/run/copy.h"
#include "src/engine/engine.h"
#include "src/lunmark.h"
#include "src/run/run.h"

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

static void lm_copy_path(const struct lm_target *t, uint64_t i, char *buf,
			 size_t len)
{
	snprintf(buf, len, "%s/lunmark-copy-%d-%llu.tmp", t->path,
		 (int)getpid(), (unsigned long long)i);
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

/* One file, written or read in chunks of @b's buffer. */
static int lm_copy_file(const char *path, bool write, bool direct, uint64_t f,
			struct lm_bufs *b)
{
	int fd, flags = write ? O_CREAT | O_WRONLY | O_TRUNC : O_RDONLY;
	uint64_t at;
	ssize_t n;
	size_t len;

	fd = open(path, flags | O_CLOEXEC | (direct ? O_DIRECT : 0), 0600);
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
	char path[PATH_MAX + 64];
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
		lm_copy_path(t, i, path, sizeof(path));
		ret = lm_copy_file(path, write, direct, f, &b);
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
		r->io_err_write = write;
		r->io_err_offset = i * f;
		snprintf(r->io_errtext, sizeof(r->io_errtext), "%.400s: %s",
			 path, strerror(-ret));
	}
	return 0;
}

/* One IO through the engine, waited for. */
static int lm_copy_io(struct lm_engine *e, struct lm_io *io)
{
	struct lm_io *done;
	int n;

	e->ops->queue(e, io);
	e->ops->submit(e);
	n = e->ops->reap(e, 1, &done, 1);
	if (n < 0)
		return n;
	if (n != 1)
		return -EIO;
	return io->res == (int)io->len ? 0 : io->res < 0 ? io->res : -EIO;
}

static int lm_copy_extents(struct lm_engine *e, const struct lm_job *j,
			   const struct lm_target *t, uint64_t n, uint64_t f,
			   bool write, uint64_t *done)
{
	struct lm_io io = { .slot = 0, .buf_index = 0, .write = write };
	uint64_t i, at, off;
	int ret;

	io.buf = e->conf.bufs[0].iov_base;
	for (i = 0; i < n && !lm_stop; i++) {
		for (at = 0; at < f; at += io.len) {
			off = j->offset_bytes + i * f + at;
			io.offset = off;
			io.len = (uint32_t)(f - at < e->conf.bufs[0].iov_len
						    ? f - at
						    : e->conf.bufs[0].iov_len);
			if (write)
				lm_buf_stamp(io.buf, io.len, t->lbs_bytes, off,
					     off);
			ret = lm_copy_io(e, &io);
			if (ret)
				return ret;
		}
		if (write) {
			ret = e->ops->flush	 ? e->ops->flush(e)
			      : fdatasync(t->fd) ? -errno
						 : 0;
			if (ret)
				return ret;
		}
		*done = i + 1;
	}
	return 0;
}

static int lm_copy_block(const struct lm_job *j, const struct lm_target *t,
			 uint64_t n, uint64_t f, bool write,
			 struct lm_run_result *r)
{
	uint32_t chunk = f < LM_COPY_CHUNK ? (uint32_t)f : LM_COPY_CHUNK;
	struct lm_engine e = { 0 };
	uint64_t t0, done = 0;
	struct lm_bufs b;
	int ret;

	if (lm_bufs_alloc(&b, 1, chunk, j->pattern, j->seed)) {
		lm_err("out of memory for a %u-byte copy buffer", chunk);
		return LM_EXIT_ENGINE;
	}
	e.ops = lm_engine_find(j->engine);
	e.conf.depth = 1;
	e.conf.bufs = b.iov;
	e.conf.nbufs = 1;
	e.conf.seed = j->seed;
	ret = e.ops->setup(&e, t);
	if (ret) {
		if (e.err[0])
			lm_err("%s", e.err);
		else
			lm_run_report_setup_error(j, "setting up the engine",
						  -ret);
		ret = LM_EXIT_ENGINE;
		goto out_teardown;
	}
	t0 = lm_now_ns();
	ret = lm_copy_extents(&e, j, t, n, f, write, &done);
	lm_copy_sum(r, write, done, f, lm_now_ns() - t0);
	r->interrupted = lm_stop != 0;
	if (ret) {
		r->io_errno = -ret;
		r->io_err_write = write;
		r->io_err_offset = j->offset_bytes + done * f;
		snprintf(r->io_errtext, sizeof(r->io_errtext), "%s", e.err);
		ret = LM_EXIT_IO;
	}
out_teardown:
	if (e.priv)
		e.ops->teardown(&e);
	lm_bufs_free(&b);
	return ret == LM_EXIT_IO ? 0 : ret;
}

int lm_copy_run(const struct lm_job *j, const struct lm_target *t, uint64_t n,
		uint64_t f, bool write, struct lm_run_result *r)
{
	struct lm_cpu c0 = lm_cpu_now();
	int ret;

	memset(r, 0, sizeof(*r));
	if (t->kind == LM_TARGET_DIR)
		ret = lm_copy_dir(j, t, n, f, write, r);
	else
		ret = lm_copy_block(j, t, n, f, write, r);
	r->cpu = lm_cpu_since(&c0);
	return ret;
}

void lm_copy_cleanup(const struct lm_target *t, uint64_t n)
{
	char path[PATH_MAX + 64];
	uint64_t i;

	if (t->kind != LM_TARGET_DIR)
		return;
	for (i = 0; i < n; i++) {
		lm_copy_path(t, i, path, sizeof(path));
		unlink(path);
	}
}

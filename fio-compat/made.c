// SPDX-License-Identifier: MIT
/* The files fio makes for a job (made.h). */
#include "fio-compat/made.h"
#include "fio-compat/files.h"
#include "src/lunmark.h"
#include "src/newfile.h"
#include "src/units.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void lm_fio_made_done(struct lm_fio_made *m);

/* Its bytes: filesize, else to the end of the job's region in it, its
 * size over its files from its offset (fio's file_offset + io_size: a
 * clone k offset_increments on makes the file that much longer). */
static uint64_t lm_fio_made_bytes(const struct lm_fio_job *fj)
{
	unsigned int nf = lm_fio_nfiles(fj);

	if (fj->filesize)
		return fj->filesize;
	return fj->job.size_bytes
		       ? fj->job.offset_bytes + fj->job.size_bytes / nf
		       : 0;
}

/* Its blocks, as fallocate= says, and its size; where the filesystem
 * cannot allocate, sized alone, as fio goes on. */
static int lm_fio_made_size(int fd, uint64_t bytes, enum lm_fio_falloc how)
{
	int ret = 0;

	if (how == LM_FALLOC_POSIX)
		ret = posix_fallocate(fd, 0, (off_t)bytes);
	else if (how == LM_FALLOC_NATIVE || how == LM_FALLOC_KEEP)
		ret = fallocate(fd,
				how == LM_FALLOC_KEEP ? FALLOC_FL_KEEP_SIZE : 0,
				0, (off_t)bytes)
			      ? errno
			      : 0;
	if (ret && ret != EOPNOTSUPP && ret != EINVAL)
		return -ret;
	return ftruncate(fd, (off_t)bytes) ? -errno : 0;
}

/* File @path of job @fj made into @m when it does not exist (with
 * @read_only refused instead); else @m->fd is -1. 0, or an exit code. */
static int lm_fio_make(const struct lm_fio_job *fj, const char *path,
		       bool read_only, struct lm_fio_made *m, FILE *notes)
{
	uint64_t bytes = lm_fio_made_bytes(fj);
	char size[32];
	struct stat st;
	bool there;
	int ret;

	memset(m, 0, sizeof(*m));
	m->fd = m->dirfd = -1;
	there = !lstat(path, &st);
	/* a symlink at a name lunmark chose: planted, never followed */
	if (there && S_ISLNK(st.st_mode) && fj->named) {
		lm_err("%s:%u: job '%s': %s is a symlink where lunmark would make a file of fio's name: someone put it there, and it is not followed; remove it, or name the file with filename=",
		       fj->file, fj->line, fj->job.name, path);
		return LM_EXIT_TARGET;
	}
	if (there || errno != ENOENT)
		return 0; /* there: opened as the user's, or its error */
	/* a device's name mistyped is not made a file; /dev/shm is a tmpfs */
	if (!strncmp(path, "/dev/", 5) && strncmp(path, "/dev/shm/", 9)) {
		lm_err("%s:%u: job '%s': %s does not exist; lunmark makes no file under /dev/ but /dev/shm/ (name the device as it is)",
		       fj->file, fj->line, fj->job.name, path);
		return LM_EXIT_TARGET;
	}
	if (read_only || !bytes) {
		lm_err("%s:%u: job '%s': %s does not exist, and %s", fj->file,
		       fj->line, fj->job.name, path,
		       read_only
			       ? "--readonly makes no file"
			       : "without size= or filesize= lunmark cannot make it (as fio cannot)");
		return read_only ? LM_EXIT_GUARD : LM_EXIT_USAGE;
	}
	m->fd = lm_newfile_named(path, 0644, &m->dirfd, m->base);
	ret = m->fd < 0 ? m->fd : lm_fio_made_size(m->fd, bytes, fj->falloc);
	if (ret) {
		lm_err("%s:%u: job '%s': cannot make %s: %s", fj->file,
		       fj->line, fj->job.name, path, strerror(-ret));
		m->unlink = true;
		lm_fio_made_done(m);
		return LM_EXIT_TARGET;
	}
	m->unlink = fj->unlink;
	lm_fmt_size(size, sizeof(size), bytes);
	lm_note_to(notes,
		   "made %s (%s) for job '%s', as fio makes a job's files%s",
		   path, size, fj->job.name,
		   fj->unlink ? "; unlink=1 removes it after" : "");
	return 0;
}

/* File @path, made into @m earlier in the run, extended to job @fj's
 * region when that goes further (*@grown). 0, or an exit code. */
static int lm_fio_made_grow(const struct lm_fio_job *fj, const char *path,
			    const struct lm_fio_made *m, bool *grown,
			    FILE *notes)
{
	uint64_t bytes = lm_fio_made_bytes(fj);
	char size[32];
	struct stat st;
	int ret;

	*grown = false;
	if (fstat(m->fd, &st))
		ret = -errno;
	else if ((uint64_t)st.st_size >= bytes)
		return 0;
	else
		ret = lm_fio_made_size(m->fd, bytes, fj->falloc);
	if (ret) {
		lm_err("%s:%u: job '%s': cannot extend %s: %s", fj->file,
		       fj->line, fj->job.name, path, strerror(-ret));
		return LM_EXIT_TARGET;
	}
	*grown = true;
	lm_fmt_size(size, sizeof(size), bytes);
	lm_note_to(
		notes,
		"extended %s to %s for job '%s', as fio extends a job's file",
		path, size, fj->job.name);
	return 0;
}

/* @m closed, and removed with unlink=1 (while it is still the file). */
static void lm_fio_made_done(struct lm_fio_made *m)
{
	if (m->fd < 0)
		return;
	if (m->unlink)
		(void)lm_newfile_remove(m->dirfd, m->base, m->fd, 0);
	close(m->fd);
	if (m->dirfd >= 0)
		close(m->dirfd);
	m->fd = m->dirfd = -1;
}

/* The file of @set that @path names now (not through a link), or NULL. */
static struct lm_fio_made *lm_fio_made_find(const struct lm_fio_madeset *set,
					    const char *path)
{
	struct stat st, at;
	unsigned int i;

	if (lstat(path, &at) || !S_ISREG(at.st_mode))
		return NULL;
	for (i = 0; i < set->n; i++)
		if (!fstat(set->v[i].fd, &st) && st.st_dev == at.st_dev &&
		    st.st_ino == at.st_ino)
			return &set->v[i];
	return NULL;
}

int lm_fio_made_take(struct lm_fio_madeset *set, const struct lm_fio_job *fj,
		     const char *path, bool read_only, enum lm_fio_mine *mine,
		     int *held)
{
	struct lm_fio_made *m = lm_fio_made_find(set, path), *v;
	struct lm_fio_made made;
	bool grown;
	int ret;

	*mine = LM_MADE_NOT;
	*held = -1;
	if (m) {
		ret = lm_fio_made_grow(fj, path, m, &grown, set->notes);
		*mine = grown || !m->old ? LM_MADE_NOW : LM_MADE_BEFORE;
		*held = m->fd;
		/* a later job's unlink=1 removes it after that job, as fio */
		if (fj->unlink && !m->unlink)
			m->unlink = !lm_open_parent(path, &m->dirfd, m->base);
		return ret;
	}
	v = realloc(set->v, (set->n + 1) * sizeof(*v));
	if (!v) {
		lm_err("out of memory");
		return LM_EXIT_ENGINE;
	}
	set->v = v;
	ret = lm_fio_make(fj, path, read_only, &made, set->notes);
	if (made.fd >= 0) {
		/* one fd a file over the run: its directory's only while
		 * unlink=1 will need it */
		if (!made.unlink) {
			close(made.dirfd);
			made.dirfd = -1;
		}
		set->v[set->n++] = made;
		*mine = LM_MADE_NOW;
		*held = made.fd;
	}
	return ret;
}

void lm_fio_made_laid(struct lm_fio_madeset *set)
{
	unsigned int i;

	for (i = 0; i < set->n; i++)
		set->v[i].old = true;
}

void lm_fio_made_unlink(struct lm_fio_madeset *set)
{
	unsigned int i, k = 0;

	for (i = 0; i < set->n; i++) {
		if (set->v[i].unlink)
			lm_fio_made_done(&set->v[i]);
		else
			set->v[k++] = set->v[i];
	}
	set->n = k;
}

void lm_fio_made_end(struct lm_fio_madeset *set)
{
	unsigned int i;

	for (i = 0; i < set->n; i++)
		lm_fio_made_done(&set->v[i]);
	free(set->v);
	set->v = NULL;
	set->n = 0;
}

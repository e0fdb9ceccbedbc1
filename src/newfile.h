/* SPDX-License-Identifier: MIT */
/*
 * Creating files safely: every file and directory lunmark makes is made
 * here, so that no name planted by another user (a symlink to a block
 * device, a file of theirs under a name lunmark would pick) is ever
 * written through, truncated or removed.
 *
 * - A new entry gets an unpredictable name (PREFIX, 12 random letters,
 *   SUFFIX) and is created O_CREAT|O_EXCL|O_NOFOLLOW (mkdirat for a
 *   directory) relative to a directory fd: an existing entry, a symlink
 *   too, is never opened; the name is drawn again.
 * - A private directory is checked after it is opened: a directory of
 *   ours, mode 0700, so names inside it need no more care.
 * - A file given by the user (--json=FILE, --output=FILE, fio's logs) is
 *   replaced, never written through: a new temporary file in FILE's
 *   directory is written, fsync'd and renamed onto FILE. A symlink at
 *   FILE is replaced by the file, its target left alone; but one of
 *   lunmark's own fds (/dev/fd/1, or a link of root's or the user's to
 *   one: /dev/stdout) is written through, whatever it is open on (the
 *   shell's redirect to a file). A log that fio
 *   appends to gets FILE's bytes copied in first, only from a file of
 *   the user's (or root's) with no other link.
 * - An entry is removed only while it still is the one lunmark made (same
 *   device and inode as the fd lunmark holds).
 *
 * Functions return an fd or 0, or -errno.
 */
#ifndef LM_NEWFILE_H
#define LM_NEWFILE_H

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>

#define LM_NEWFILE_RANDOM 12 /* random letters in a name */

/* @path opened as a directory (O_DIRECTORY, read-only). */
int lm_dir_open(const char *path);

/* The directory @path names its last part in, into @dir (PATH_MAX bytes):
 * "." for a bare name, "/" for one at the root. 0 or -ENAMETOOLONG. */
int lm_path_dir(const char *path, char dir[PATH_MAX]);

/* @path's directory opened on *@dirfd and its last part into @base:
 * 0, or -EISDIR ("out/"), -ENAMETOOLONG, the directory's -errno. */
int lm_open_parent(const char *path, int *dirfd, char base[NAME_MAX + 1]);

/*
 * A new file in @dirfd, PREFIX<random>SUFFIX, opened O_RDWR with @flags
 * (O_DIRECT, say) added, created with @mode (umask applies). Its name goes
 * to @name (NAME_MAX + 1 bytes). Returns the fd.
 */
int lm_newfile(int dirfd, const char *prefix, const char *suffix, int flags,
	       unsigned int mode, char name[NAME_MAX + 1]);

/*
 * A new file of exactly the name @path gives (fio's names of a job's
 * files), created O_RDWR|O_CREAT|O_EXCL|O_NOFOLLOW with @mode in @path's
 * directory, whose fd goes to @dirfd and the name in it to @base (for
 * lm_newfile_remove()): -EEXIST when anything is there, a symlink too.
 * Returns the fd.
 */
int lm_newfile_named(const char *path, unsigned int mode, int *dirfd,
		     char base[NAME_MAX + 1]);

/* A new private directory (0700) in @dirfd, PREFIX<random>; its name to
 * @name. Returns a directory fd of it, checked as ours and 0700. */
int lm_newdir(int dirfd, const char *prefix, char name[NAME_MAX + 1]);

/* Remove @name from @dirfd if it is still what @fd is open on (a file,
 * or a directory with @dir, which must be empty). -ESTALE when it is not. */
int lm_newfile_remove(int dirfd, const char *name, int fd, int dir);

/* A file given by the user, being replaced (lm_replace_*). */
struct lm_replace {
	int dirfd;
	int fd;
	char tmp[NAME_MAX + 1];	 /* the temporary file in dirfd */
	char base[NAME_MAX + 1]; /* FILE's own name */
	/* FILE is a character device, a FIFO or a socket (/dev/null), or
	 * one of lunmark's own fds (/dev/stdout): fd is FILE itself (a dup
	 * of the fd), written as it is */
	bool in_place;
};

/*
 * Begin replacing @path: a temporary file in its directory, open on
 * @r->fd. Where @path is a character device, a FIFO or a socket (also
 * through a symlink of root's or the user's: /dev/null), or one of
 * lunmark's own fds (/dev/fd/1; through such a link: /dev/stdout), @r->fd
 * is @path itself (a dup of the fd) and nothing is renamed; any other
 * symlink is replaced, never followed.
 * -EISDIR when @path is a directory, -ENOTTY a block device,
 * -ENAMETOOLONG; the errno of the directory otherwise.
 */
int lm_replace_begin(struct lm_replace *r, const char *path);

/* What a -errno of lm_replace_begin() or _keep() means, in words:
 * strerror(), or for -ENOTTY that the name is a block device, for -EMLINK
 * that it is not a file whose bytes may be kept. */
const char *lm_replace_strerror(int err);

/* What FILE holds now, when it is a regular file (not a link), copied into
 * @r's temporary file, which takes its mode: what is written next follows
 * it, as an append would (fio's per_job_logs=0), FILE itself never opened
 * for writing. -EMLINK when FILE is another user's (not root's) or has
 * other links: a planted file's bytes are not copied into one of ours. */
int lm_replace_keep(struct lm_replace *r);

/* A stream on @r->fd (of a dup: fclose() it before commit), or NULL. */
FILE *lm_replace_stream(struct lm_replace *r);

/* fsync the temporary file and rename it onto FILE; ends @r either way
 * (the temporary file is removed on failure). */
int lm_replace_commit(struct lm_replace *r);

/* End @r without touching FILE: the temporary file is removed. */
void lm_replace_abort(struct lm_replace *r);

/* End @r: after a write to it failed with @err, as lm_replace_abort(),
 * returning @err; else as lm_replace_commit(). */
int lm_replace_end(struct lm_replace *r, int err);

/* Whether @path could be replaced, tried now (before a long run): a
 * temporary file created and removed again. */
int lm_replace_check(const char *path);

#endif

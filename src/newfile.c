// SPDX-License-Identifier: MIT
/* Creating files safely: see newfile.h. */
#include "src/newfile.h"

#include <errno.h>
#include <linux/magic.h>
#include <stdlib.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#define LM_NEWFILE_TRIES 16

int lm_dir_open(const char *path)
{
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	return fd < 0 ? -errno : fd;
}

/* PREFIX<random>SUFFIX into @name; getrandom(), not the PID or a clock. */
static int lm_newfile_name(const char *prefix, const char *suffix,
			   char name[NAME_MAX + 1])
{
	static const char abc[] = "abcdefghijklmnopqrstuvwxyz"
				  "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	unsigned char r[LM_NEWFILE_RANDOM];
	char letters[LM_NEWFILE_RANDOM + 1];
	unsigned int i;
	int n;

	if (getrandom(r, sizeof(r), 0) != (ssize_t)sizeof(r))
		return -EAGAIN;
	for (i = 0; i < sizeof(r); i++)
		letters[i] = abc[r[i] % (sizeof(abc) - 1)];
	letters[sizeof(r)] = '\0';
	n = snprintf(name, NAME_MAX + 1, "%s%s%s", prefix, letters, suffix);
	return n < 0 || n > NAME_MAX ? -ENAMETOOLONG : 0;
}

int lm_newfile(int dirfd, const char *prefix, const char *suffix, int flags,
	       unsigned int mode, char name[NAME_MAX + 1])
{
	int i, fd, ret = -EEXIST;

	for (i = 0; i < LM_NEWFILE_TRIES && ret == -EEXIST; i++) {
		ret = lm_newfile_name(prefix, suffix, name);
		if (ret)
			break;
		fd = openat(dirfd, name,
			    O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC |
				    flags,
			    (mode_t)mode);
		if (fd >= 0)
			return fd;
		ret = -errno;
	}
	name[0] = '\0';
	return ret;
}

int lm_newdir(int dirfd, const char *prefix, char name[NAME_MAX + 1])
{
	int i, fd, ret = -EEXIST;
	struct stat st;

	for (i = 0; i < LM_NEWFILE_TRIES && ret == -EEXIST; i++) {
		ret = lm_newfile_name(prefix, "", name);
		if (!ret && mkdirat(dirfd, name, 0700))
			ret = -errno;
	}
	if (ret)
		goto out_noname;
	/* between mkdirat and openat another user may have swapped it */
	fd = openat(dirfd, name,
		    O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		goto out_noname;
	}
	if (fstat(fd, &st) || st.st_uid != geteuid() ||
	    (st.st_mode & 07777) != 0700) {
		close(fd);
		ret = -EPERM;
		goto out_noname;
	}
	return fd;
out_noname:
	name[0] = '\0';
	return ret;
}

/* 0 when @name in @dirfd is what @fd is open on, -ESTALE when not. */
static int lm_newfile_is(int dirfd, const char *name, int fd)
{
	struct stat mine, now;

	if (!name[0] || fstat(fd, &mine))
		return -EBADF;
	if (fstatat(dirfd, name, &now, AT_SYMLINK_NOFOLLOW))
		return -errno;
	if (now.st_dev != mine.st_dev || now.st_ino != mine.st_ino)
		return -ESTALE;
	return 0;
}

int lm_newfile_remove(int dirfd, const char *name, int fd, int dir)
{
	int ret = lm_newfile_is(dirfd, name, fd);

	if (ret)
		return ret;
	return unlinkat(dirfd, name, dir ? AT_REMOVEDIR : 0) ? -errno : 0;
}

int lm_path_dir(const char *path, char dir[PATH_MAX])
{
	const char *slash = strrchr(path, '/');
	size_t n = !slash ? 1 : slash == path ? 1 : (size_t)(slash - path);

	if (n >= PATH_MAX)
		return -ENAMETOOLONG;
	memcpy(dir, slash ? path : ".", n);
	dir[n] = '\0';
	return 0;
}

/* @path split into its directory (opened, to @dirfd) and its own name
 * (@base). */
int lm_open_parent(const char *path, int *dirfd, char base[NAME_MAX + 1])
{
	const char *slash = strrchr(path, '/');
	char dir[PATH_MAX];
	int ret = lm_path_dir(path, dir);

	if (ret)
		return ret;
	if (!slash)
		slash = path - 1;
	if (!slash[1])
		return -EISDIR; /* "out/" names a directory */
	if (strlen(slash + 1) > NAME_MAX)
		return -ENAMETOOLONG;
	snprintf(base, NAME_MAX + 1, "%s", slash + 1);
	*dirfd = lm_dir_open(dir);
	return *dirfd < 0 ? *dirfd : 0;
}

int lm_newfile_named(const char *path, unsigned int mode, int *dirfd,
		     char base[NAME_MAX + 1])
{
	int fd, ret = lm_open_parent(path, dirfd, base);

	if (ret) {
		*dirfd = -1;
		return ret;
	}
	fd = openat(*dirfd, base,
		    O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
		    (mode_t)mode);
	if (fd >= 0)
		return fd;
	ret = -errno;
	close(*dirfd);
	*dirfd = -1;
	return ret;
}

/* @r written in place when @ret is 0; else its fds closed, @ret. */
static int lm_replace_placed(struct lm_replace *r, int ret)
{
	if (!ret) {
		r->in_place = true;
		return 0;
	}
	if (r->fd >= 0)
		close(r->fd);
	r->fd = -1;
	close(r->dirfd);
	r->dirfd = -1;
	return ret;
}

/*
 * A name that is not a regular file: never renamed over (that would turn
 * /dev/null into a file), but opened and written as it is when it is a
 * character device, a FIFO or a socket, also through a symlink
 * (/dev/stdout). A block device is refused (-ENOTTY: it holds data), and
 * so is a link that turned into one to a regular file since it was
 * looked at (-ELOOP).
 */
static int lm_replace_in_place(struct lm_replace *r)
{
	struct stat st;
	int ret;

	r->fd = openat(r->dirfd, r->base, O_WRONLY | O_NOCTTY | O_CLOEXEC);
	if (r->fd < 0) {
		ret = -errno;
		goto out_close;
	}
	if (fstat(r->fd, &st)) {
		ret = -errno;
		goto out_close;
	}
	ret = S_ISBLK(st.st_mode)   ? -ENOTTY
	      : S_ISREG(st.st_mode) ? -ELOOP
	      : S_ISDIR(st.st_mode) ? -EISDIR
				    : 0;
out_close:
	return lm_replace_placed(r, ret);
}

/* @s a whole number, the fd it names, into *@n. */
static bool lm_fd_number(const char *s, int *n)
{
	char *end;
	long v;

	if (*s < '0' || *s > '9')
		return false;
	v = strtol(s, &end, 10);
	if (*end || v > 1 << 20)
		return false;
	*n = (int)v;
	return true;
}

/* Is @dirfd the process's own fd directory (/proc/self/fd, also by
 * /dev/fd or /proc/thread-self/fd), not another's or an fdinfo? */
static bool lm_fd_dir(int dirfd)
{
	static const char *const own[] = { "/proc/self/fd",
					   "/proc/thread-self/fd" };
	struct stat a, b;
	size_t i;

	if (fstat(dirfd, &a))
		return false;
	for (i = 0; i < sizeof(own) / sizeof(own[0]); i++)
		if (!stat(own[i], &b) && a.st_dev == b.st_dev &&
		    a.st_ino == b.st_ino)
			return true;
	return false;
}

/*
 * One of the process's fds, by the name @r's entry has: a number in its
 * own fd directory (/dev/fd/1, /proc/self/fd/1), or a link of root's or
 * the user's to one (/dev/stdout), its owner and its target read from
 * one open of the link, so that another link renamed over it between
 * the two counts for nothing. The shell's redirect of stdout to a file is
 * one, and must be written through, at its offset, never replaced:
 * replacing /dev/stdout put a file in /dev for everyone.
 */
static bool lm_own_fd(const struct lm_replace *r, int *n)
{
	static const char *const dirs[] = { "/proc/self/fd/",
					    "/proc/thread-self/fd/",
					    "/dev/fd/" };
	char to[PATH_MAX];
	struct stat st;
	ssize_t k = -1;
	size_t i;
	int fd;

	if (lm_fd_number(r->base, n) && lm_fd_dir(r->dirfd))
		return true;
	fd = openat(r->dirfd, r->base, O_PATH | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return false;
	if (!fstat(fd, &st) && S_ISLNK(st.st_mode) &&
	    (!st.st_uid || st.st_uid == geteuid()))
		k = readlinkat(fd, "", to, sizeof(to) - 1);
	close(fd);
	if (k <= 0)
		return false;
	to[k] = '\0';
	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		if (!strncmp(to, dirs[i], strlen(dirs[i])) &&
		    lm_fd_number(to + strlen(dirs[i]), n))
			return true;
	return false;
}

/* @r written through the process's fd @n (a dup of it), one it was
 * started with (no FD_CLOEXEC: lunmark opens all of its own with it):
 * -EBADF for one of lunmark's own (a test file, a socket), -ENOTTY for a
 * block device, -EISDIR for a directory. */
static int lm_replace_fd(struct lm_replace *r, int n)
{
	int flags = fcntl(n, F_GETFD);
	struct stat st;
	int ret;

	if (flags < 0)
		ret = -errno;
	else if (flags & FD_CLOEXEC)
		ret = -EBADF;
	else if ((r->fd = fcntl(n, F_DUPFD_CLOEXEC, 0)) < 0 ||
		 fstat(r->fd, &st))
		ret = -errno;
	else if (S_ISBLK(st.st_mode))
		ret = -ENOTTY;
	else
		ret = S_ISDIR(st.st_mode) ? -EISDIR : 0;
	return lm_replace_placed(r, ret);
}

int lm_replace_begin(struct lm_replace *r, const char *path)
{
	struct stat st;
	int ret;

	memset(r, 0, sizeof(*r));
	r->fd = -1;
	ret = lm_open_parent(path, &r->dirfd, r->base);
	if (ret) {
		r->dirfd = -1;
		return ret;
	}
	if (!fstatat(r->dirfd, r->base, &st, AT_SYMLINK_NOFOLLOW)) {
		if (S_ISDIR(st.st_mode)) {
			ret = -EISDIR;
			goto out_close;
		}
		/* /dev/null, a FIFO, a link of root's or the user's to one
		 * (/dev/stdout): written as they are; another link (one
		 * planted by another user) is replaced, never followed */
		mode_t m = st.st_mode;
		bool own = !st.st_uid || st.st_uid == geteuid();
		int n;

		if (lm_own_fd(r, &n))
			return lm_replace_fd(r, n);
		if (S_ISLNK(m) && own &&
		    fstatat(r->dirfd, r->base, &st, 0) == 0 &&
		    (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode) ||
		     S_ISSOCK(st.st_mode)))
			return lm_replace_in_place(r);
		if (!S_ISREG(m) && !S_ISLNK(m))
			return lm_replace_in_place(r);
	}
	/* a result holds no secret: readable as a file the user makes */
	r->fd = lm_newfile(r->dirfd, ".lunmark-", ".tmp", 0, 0666, r->tmp);
	if (r->fd >= 0)
		return 0;
	ret = r->fd;
out_close:
	close(r->dirfd);
	r->dirfd = -1;
	return ret;
}

const char *lm_replace_strerror(int err)
{
	if (err == -ENOTTY)
		return "it is a block device, which lunmark writes no output over";
	if (err == -EBADF)
		return "it names an fd lunmark opened itself; of its fds, only those it was started with (as /dev/stdout) are written through";
	if (err == -EMLINK)
		return "it is another user's file, or has other links, whose bytes lunmark copies into no file of its own (remove it, or name the log otherwise)";
	return strerror(-err);
}

/* All of @n bytes of @buf to @fd: 0 or -errno. */
static int lm_write_all(int fd, const char *buf, size_t n)
{
	ssize_t w;

	while (n) {
		w = write(fd, buf, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return w < 0 ? -errno : -EIO;
		buf += w;
		n -= (size_t)w;
	}
	return 0;
}

int lm_replace_keep(struct lm_replace *r)
{
	char buf[65536];
	struct stat st;
	ssize_t n;
	int fd, ret = 0;

	if (r->in_place)
		return 0;
	fd = openat(r->dirfd, r->base,
		    O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) /* none, or a link: nothing of FILE's to keep */
		return errno == ENOENT || errno == ELOOP ? 0 : -errno;
	if (fstat(fd, &st)) {
		ret = -errno;
		goto out_close;
	}
	if (!S_ISREG(st.st_mode))
		goto out_close;
	/* another user's file, or one linked elsewhere too (planted): its
	 * bytes are not copied into a file of ours */
	if ((st.st_uid && st.st_uid != geteuid()) || st.st_nlink != 1) {
		ret = -EMLINK;
		goto out_close;
	}
	/* what it held keeps its mode */
	if (fchmod(r->fd, st.st_mode & 0666)) {
		ret = -errno;
		goto out_close;
	}
	for (;;) {
		n = read(fd, buf, sizeof(buf));
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			ret = n < 0 ? -errno : 0;
			break;
		}
		ret = lm_write_all(r->fd, buf, (size_t)n);
		if (ret)
			break;
	}
out_close:
	close(fd);
	return ret;
}

FILE *lm_replace_stream(struct lm_replace *r)
{
	int fd = dup(r->fd);
	FILE *f;

	if (fd < 0)
		return NULL;
	f = fdopen(fd, "w");
	if (!f)
		close(fd);
	return f;
}

void lm_replace_abort(struct lm_replace *r)
{
	if (r->in_place && r->fd >= 0) {
		close(r->fd);
		r->fd = -1;
	}
	if (r->fd >= 0) {
		lm_newfile_remove(r->dirfd, r->tmp, r->fd, 0);
		close(r->fd);
		r->fd = -1;
	}
	if (r->dirfd >= 0) {
		close(r->dirfd);
		r->dirfd = -1;
	}
}

int lm_replace_commit(struct lm_replace *r)
{
	int ret = 0;

	if (r->in_place) { /* nothing to rename, nothing to fsync */
		ret = close(r->fd) ? -errno : 0;
		r->fd = -1;
		lm_replace_abort(r);
		return ret;
	}
	if (fsync(r->fd))
		ret = -errno;
	/* our temporary name taken over by someone else: not renamed */
	if (!ret)
		ret = lm_newfile_is(r->dirfd, r->tmp, r->fd);
	if (!ret && renameat(r->dirfd, r->tmp, r->dirfd, r->base))
		ret = -errno;
	if (ret) {
		lm_replace_abort(r);
		return ret;
	}
	fsync(r->dirfd); /* the rename itself survives a crash */
	close(r->fd);
	close(r->dirfd);
	r->fd = r->dirfd = -1;
	return 0;
}

int lm_replace_check(const char *path)
{
	struct lm_replace r;
	int ret = lm_replace_begin(&r, path);

	if (!ret)
		lm_replace_abort(&r);
	return ret;
}

int lm_replace_end(struct lm_replace *r, int err)
{
	if (!err)
		return lm_replace_commit(r);
	lm_replace_abort(r);
	return err;
}

// SPDX-License-Identifier: MIT
#include "src/target/target.h"
#include "src/target/iscsi.h"
#include "kmod-free/login.h"
#include "kmod-free/scsi.h"
#include "src/lunmark.h"
#include "src/newfile.h"
#include "src/units.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/statvfs.h>
#include <unistd.h>

bool lm_target_same(const struct lm_target *a, const struct lm_target *b)
{
	struct stat x, y;

	if (a->fd < 0 || b->fd < 0)
		return a->kind == LM_TARGET_ISCSI &&
		       b->kind == LM_TARGET_ISCSI && !strcmp(a->path, b->path);
	if (fstat(a->fd, &x) || fstat(b->fd, &y))
		return false;
	if (S_ISBLK(x.st_mode) || S_ISBLK(y.st_mode))
		return S_ISBLK(x.st_mode) && S_ISBLK(y.st_mode) &&
		       x.st_rdev == y.st_rdev;
	return x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

const char *lm_target_kind_name(enum lm_target_kind k)
{
	switch (k) {
	case LM_TARGET_BLOCK:
		return "block device";
	case LM_TARGET_FILE:
		return "file";
	case LM_TARGET_TESTFILE:
		return "test file";
	case LM_TARGET_ISCSI:
		return "iSCSI LUN";
	case LM_TARGET_DIR:
		return "directory";
	case LM_TARGET_CHAR:
		return "character device";
	case LM_TARGET_NONE:
		break;
	}
	return "null engine, no IO";
}

static int lm_open_error(const struct lm_target *t, int err)
{
	if (err == EINVAL && t->direct) {
		lm_err("%s: the filesystem refuses O_DIRECT; use --direct=0 to test through the page cache",
		       t->path);
		return LM_EXIT_ENGINE;
	}
	if (err == EACCES || err == EPERM) {
		lm_err("%s: permission denied opening it for %s (run as root, or give a target you may %s)",
		       t->path, t->writable ? "writing" : "reading",
		       t->writable ? "write" : "read");
		return LM_EXIT_TARGET;
	}
	if (err == ELOOP) {
		lm_err("%s is a symlink now, where lunmark made a file or chose one of fio's names: someone put it there; it is not followed (remove it)",
		       t->path);
		return LM_EXIT_TARGET;
	}
	if (err == EROFS) {
		lm_err("%s: read-only; run a read test (--read-only) or give a writable target",
		       t->path);
		return LM_EXIT_TARGET;
	}
	lm_err("%s: cannot open: %s", t->path, strerror(err));
	return LM_EXIT_TARGET;
}

/* /dev/null (1:3) or /dev/zero (1:5), Linux's memory devices */
static bool lm_is_null_or_zero(const struct stat *st)
{
	return S_ISCHR(st->st_mode) && major(st->st_rdev) == 1 &&
	       (minor(st->st_rdev) == 3 || minor(st->st_rdev) == 5);
}

static int lm_open_fd(struct lm_target *t, bool nofollow)
{
	int flags = (t->writable ? O_RDWR : O_RDONLY) | O_CLOEXEC |
		    (nofollow ? O_NOFOLLOW : 0);

	if (t->direct)
		flags |= O_DIRECT;
	t->fd = open(t->path, flags);
	if (t->fd < 0)
		return lm_open_error(t, errno);
	return 0;
}

static int lm_identity_block(struct lm_target *t)
{
	uint64_t bytes;
	int lbs;

	if (ioctl(t->fd, BLKGETSIZE64, &bytes) ||
	    ioctl(t->fd, BLKSSZGET, &lbs)) {
		lm_err("%s: cannot read the device's size: %s", t->path,
		       strerror(errno));
		return LM_EXIT_TARGET;
	}
	t->size_bytes = bytes;
	t->lbs_bytes = (uint32_t)lbs;
	return 0;
}

/* The alignment O_DIRECT needs on a file, from statx() where it says. */
static void lm_identity_file(struct lm_target *t)
{
	struct statx stx;

	t->lbs_bytes = 512;
	if (!statx(t->fd, "", AT_EMPTY_PATH, STATX_SIZE | STATX_DIOALIGN,
		   &stx)) {
		t->size_bytes = stx.stx_size;
		if (t->direct && (stx.stx_mask & STATX_DIOALIGN) &&
		    stx.stx_dio_offset_align > 512)
			t->lbs_bytes = stx.stx_dio_offset_align;
	}
}

/* O_DIRECT on a file lunmark just created (newfile.h opens it without). */
static int lm_set_direct(struct lm_target *t)
{
	int fl = fcntl(t->fd, F_GETFL);

	if (!t->direct)
		return 0;
	if (fl < 0 || fcntl(t->fd, F_SETFL, fl | O_DIRECT))
		return lm_open_error(t, errno);
	return 0;
}

/* lunmark's own file in @dir, made by newfile.h: an unpredictable name,
 * O_EXCL|O_NOFOLLOW, so that no name planted there is written through. */
static int lm_create_testfile(struct lm_target *t, const char *dir,
			      uint64_t bytes)
{
	char sz[32];
	int ret;

	t->dir_fd = lm_dir_open(dir);
	t->fd = t->dir_fd < 0 ? t->dir_fd
			      : lm_newfile(t->dir_fd, "lunmark-", ".tmp", 0,
					   0600, t->own);
	if (t->fd < 0) {
		ret = -t->fd;
		t->fd = -1;
		lm_err("%s: cannot create the test file there: %s (give a directory you may write, or a device with --allow-write)",
		       dir, strerror(ret));
		ret = LM_EXIT_TARGET;
		goto out_dir;
	}
	t->kind = LM_TARGET_TESTFILE;
	ret = snprintf(t->path, sizeof(t->path), "%s/%s", dir, t->own);
	if (ret < 0 || (size_t)ret >= sizeof(t->path)) {
		lm_err("%s: directory name too long", dir);
		ret = LM_EXIT_TARGET;
		goto out_unlink;
	}
	t->writable = true; /* lunmark's own file: prefilled, written */
	ret = lm_set_direct(t);
	if (ret)
		goto out_unlink;
	ret = posix_fallocate(t->fd, 0, (off_t)bytes);
	if (ret) {
		lm_fmt_size(sz, sizeof(sz), bytes);
		lm_err("%s: cannot allocate a %s test file: %s (free some space or use a smaller --size)",
		       dir, sz, strerror(ret));
		ret = LM_EXIT_TARGET;
		goto out_unlink;
	}
	lm_identity_file(t);
	t->size_bytes = bytes;
	return 0;
out_unlink:
	lm_target_close(t);
	return ret;
out_dir:
	if (t->dir_fd >= 0)
		close(t->dir_fd);
	t->dir_fd = -1;
	return ret;
}

/* LUNMARK_ISCSI_FAULT=KIND:N, the tests' way into a narrow window
 * (kmod-free/login.h: struct lm_iscsi_fault). */
static int lm_iscsi_fault_env(struct lm_iscsi_conf *c, char *msg, size_t len)
{
	const char *v = getenv("LUNMARK_ISCSI_FAULT");
	char why[160];
	int ret;

	if (!v || !*v)
		return 0;
	ret = lm_iscsi_fault_parse(v, &c->fault, why, sizeof(why));
	if (ret)
		snprintf(msg, len,
			 "LUNMARK_ISCSI_FAULT: %s; unset it, it is for tests",
			 why);
	return ret;
}

static int lm_iscsi_conf_fill(struct lm_iscsi_conf *c,
			      const struct lm_target_opts *o, char *msg,
			      size_t len)
{
	bool others_read = false;
	int ret;

	if (o->chap_file) {
		ret = lm_iscsi_chap_file(o->chap_file, &c->url, &others_read,
					 msg, len);
		if (ret)
			return ret;
		if (others_read)
			lm_note("%s: others may read this CHAP file; chmod 600 %s",
				o->chap_file, o->chap_file);
	}
	lm_iscsi_chap_env(&c->url);
	if (c->url.secret[0] && !c->url.user[0]) {
		snprintf(
			msg, len,
			"a CHAP secret was given without a user name (username in the URL, the CHAP file or LIBISCSI_CHAP_USERNAME)");
		return -EINVAL;
	}
	if (o->initiator)
		snprintf(c->initiator, sizeof(c->initiator), "%s",
			 o->initiator);
	else
		lm_iscsi_default_initiator(c->initiator, sizeof(c->initiator));
	if (!lm_iscsi_name_ok(c->initiator)) {
		snprintf(
			msg, len,
			"--initiator-name: not an iSCSI name (iqn.YYYY-MM.domain:name, at most 223 bytes)");
		return -EINVAL;
	}
	c->timeout_s = o->timeout_s ? o->timeout_s : 10;
	c->timeout_name = o->timeout_name;
	c->reconnect = o->reconnect;
	/* LUNMARK_ISCSI_RING=0: recvmsg as before, to compare the two */
	c->ring = !getenv("LUNMARK_ISCSI_RING") ||
		  strcmp(getenv("LUNMARK_ISCSI_RING"), "0") != 0;
	c->stop = &lm_stop;
	c->stop_now = LM_STOP_NOW;
	lm_iscsi_url_display(&c->url, c->display, sizeof(c->display));
	lm_iscsi_portal(&c->url, c->portal, sizeof(c->portal));
	return lm_iscsi_fault_env(c, msg, len);
}

/* Log in, probe, log out: the workers open sessions of their own. */
static int lm_open_iscsi(struct lm_target *t, const struct lm_target_opts *o)
{
	struct iscsi_context *ctx;
	struct lm_iscsi_target *it;
	char msg[600];
	int ret;

	/* the name as given may hold a secret: from here on it is the
	 * display form */
	t->iscsi = it = calloc(1, sizeof(*it));
	if (!it) {
		snprintf(t->name, sizeof(t->name), "iscsi://");
		lm_err("out of memory");
		return LM_EXIT_TARGET;
	}
	ret = lm_iscsi_url_parse(t->name, &it->conf.url, msg, sizeof(msg));
	explicit_bzero(t->name, sizeof(t->name));
	explicit_bzero(t->path, sizeof(t->path));
	if (!ret)
		ret = lm_iscsi_conf_fill(&it->conf, o, msg, sizeof(msg));
	if (ret) {
		lm_err("%s", msg);
		lm_target_close(t);
		return LM_EXIT_USAGE;
	}
	snprintf(t->name, sizeof(t->name), "%s", it->conf.display);
	snprintf(t->path, sizeof(t->path), "%s", it->conf.display);
	t->kind = LM_TARGET_ISCSI;
	t->direct = true;
	ret = lm_iscsi_open(&it->conf, &ctx, &it->session, msg, sizeof(msg));
	if (!ret) {
		ret = lm_iscsi_lun_info(ctx, &it->conf, &it->info, msg,
					sizeof(msg));
		lm_iscsi_close(ctx);
	}
	if (ret) {
		lm_err("%s", msg);
		lm_target_close(t);
		return ret == -EINTR ? LM_EXIT_INTERRUPTED : LM_EXIT_TARGET;
	}
	t->lbs_bytes = it->info.lbs;
	t->size_bytes = it->info.blocks * it->info.lbs;
	if (it->info.max_xfer_blocks &&
	    (uint64_t)it->info.max_xfer_blocks * it->info.lbs <= UINT32_MAX)
		t->max_io_bytes = it->info.max_xfer_blocks * it->info.lbs;
	return 0;
}

/* A directory for file copies: its free space is the room there is.
 * The files go to a private directory lunmark makes in it (newfile.h),
 * where no other user can plant a name. */
static int lm_open_dir(struct lm_target *t)
{
	struct statvfs vfs;
	int ret;

	t->lbs_bytes = 512;
	t->dir_fd = lm_dir_open(t->path);
	t->own_fd = t->dir_fd < 0
			    ? t->dir_fd
			    : lm_newdir(t->dir_fd, "lunmark-copy-", t->own);
	if (t->own_fd < 0) {
		ret = -t->own_fd;
		t->own_fd = -1;
		if (t->dir_fd >= 0)
			close(t->dir_fd);
		t->dir_fd = -1;
		lm_err("%s: cannot make lunmark's directory for the files there: %s (give a directory you may write)",
		       t->path, strerror(ret));
		return LM_EXIT_TARGET;
	}
	t->kind = LM_TARGET_DIR;
	t->writable = true;
	if (!fstatvfs(t->own_fd, &vfs))
		t->size_bytes = (uint64_t)vfs.f_bavail * vfs.f_frsize;
	return 0;
}

int lm_target_reopen(const struct lm_target *t, int flags)
{
	char path[64];
	int fd;

	/* the same open file, not its name: nothing can swap it */
	snprintf(path, sizeof(path), "/proc/self/fd/%d", t->fd);
	fd = open(path, flags | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

int lm_target_sync(struct lm_target *t, int flags)
{
	int fd;

	if (!flags || !t->writable)
		return 0;
	if (t->kind == LM_TARGET_ISCSI) {
		t->iscsi->conf.fua = true;
		return 0;
	}
	if (t->fd < 0)
		return 0;
	fd = lm_target_reopen(t, O_RDWR | flags | (t->direct ? O_DIRECT : 0));
	if (fd < 0 || dup3(fd, t->fd, O_CLOEXEC) < 0) {
		lm_err("%s: cannot open it again for sync= (through /proc/self/fd): %s",
		       t->name, strerror(fd < 0 ? -fd : errno));
		if (fd >= 0)
			close(fd);
		return LM_EXIT_TARGET;
	}
	close(fd);
	return 0;
}

int lm_target_open(struct lm_target *t, const char *name,
		   const struct lm_target_opts *o)
{
	struct stat st;
	int ret;

	memset(t, 0, sizeof(*t));
	t->fd = -1;
	t->excl_fd = -1;
	t->dir_fd = -1;
	t->own_fd = -1;
	t->writable = o->write;
	t->direct = o->direct;
	if (name && strlen(name) >= sizeof(t->name)) {
		/* cut, a URL would lose its LUN and be misnamed */
		lm_err("the target's name is longer than %zu bytes%s",
		       sizeof(t->name) - 1,
		       lm_iscsi_is_url(name)
			       ? " (an iSCSI target name is at most 223 bytes)"
			       : "");
		return lm_iscsi_is_url(name) ? LM_EXIT_USAGE : LM_EXIT_TARGET;
	}
	snprintf(t->name, sizeof(t->name), "%s", name ? name : "");
	snprintf(t->path, sizeof(t->path), "%s", t->name);
	if (o->held)
		snprintf(t->path, sizeof(t->path), "/proc/self/fd/%d",
			 o->held_fd);
	if (lm_iscsi_is_url(t->name))
		return lm_open_iscsi(t, o);
	if (o->none) {
		t->kind = LM_TARGET_NONE;
		t->size_bytes = o->create_bytes;
		t->lbs_bytes = 512;
		return 0;
	}
	if (stat(t->path, &st)) {
		if (errno == ENOENT) {
			lm_err("%s: no such file or directory (give a block device, a file, or a directory for a test file)",
			       t->name);
			return LM_EXIT_TARGET;
		}
		return lm_open_error(t, errno);
	}
	if (S_ISDIR(st.st_mode) && o->read_only) {
		lm_err("%s is a directory: lunmark would create its files there, and --read-only writes nothing; give an existing file or block device to read, or drop --read-only",
		       t->name);
		return LM_EXIT_GUARD;
	}
	if (S_ISDIR(st.st_mode) && o->keep_dir)
		return lm_open_dir(t);
	if (S_ISDIR(st.st_mode))
		return lm_create_testfile(t, t->name, o->create_bytes);
	if (S_ISBLK(st.st_mode))
		t->kind = LM_TARGET_BLOCK;
	else if (S_ISREG(st.st_mode))
		t->kind = LM_TARGET_FILE;
	else if (o->null_zero && lm_is_null_or_zero(&st))
		t->kind = LM_TARGET_CHAR;
	else {
		lm_err(o->null_zero
			       ? "%s: neither a block device, a regular file, a directory, /dev/null nor /dev/zero"
			       : "%s: neither a block device, a regular file nor a directory",
		       t->name);
		return LM_EXIT_TARGET;
	}
	/* (the held file's /proc link is no one's symlink) */
	ret = lm_open_fd(t, o->nofollow && !o->held);
	snprintf(t->path, sizeof(t->path), "%s", t->name);
	if (ret)
		return ret;
	if (t->kind == LM_TARGET_BLOCK)
		return lm_identity_block(t);
	if (t->kind == LM_TARGET_CHAR) {
		/* no size of its own: the job's region, as fio's size= */
		t->size_bytes = o->create_bytes;
		t->lbs_bytes = 512;
		return 0;
	}
	lm_identity_file(t);
	return 0;
}

/* Remove what lunmark made in the directory given: only while it still
 * is what lunmark made (newfile.h), so a swapped name is left alone. */
static void lm_target_unmake(struct lm_target *t)
{
	if (t->kind == LM_TARGET_TESTFILE && t->fd >= 0)
		lm_newfile_remove(t->dir_fd, t->own, t->fd, 0);
	if (t->kind == LM_TARGET_DIR && t->own_fd >= 0) {
		lm_newfile_remove(t->dir_fd, t->own, t->own_fd, 1);
		close(t->own_fd);
	}
	close(t->dir_fd);
	t->dir_fd = t->own_fd = -1;
	t->own[0] = '\0';
	t->kind = LM_TARGET_NONE;
}

void lm_target_close(struct lm_target *t)
{
	if (t->iscsi) {
		lm_iscsi_url_wipe(&t->iscsi->conf.url);
		free(t->iscsi);
		t->iscsi = NULL;
	}
	/* a zeroed target (calloc'd, never opened) holds no fd 0 */
	if (t->own[0])
		lm_target_unmake(t);
	if (t->fd >= 0) {
		close(t->fd);
		t->fd = -1;
	}
	if (t->excl_fd >= 0) {
		close(t->excl_fd);
		t->excl_fd = -1;
	}
}

void lm_target_drop_cache(const struct lm_target *t, uint64_t off, uint64_t len)
{
	if (t->fd < 0 ||
	    (t->kind != LM_TARGET_BLOCK && t->kind != LM_TARGET_FILE &&
	     t->kind != LM_TARGET_TESTFILE))
		return;
	if (t->kind == LM_TARGET_BLOCK && !ioctl(t->fd, BLKFLSBUF))
		return;
	(void)posix_fadvise(t->fd, (off_t)off, (off_t)len, POSIX_FADV_DONTNEED);
}

int lm_target_trim(const struct lm_target *t, uint64_t off, uint64_t len)
{
	uint64_t range[2] = { off, len };

	switch (t->kind) {
	case LM_TARGET_BLOCK:
		return ioctl(t->fd, BLKDISCARD, range) ? -errno : 0;
	case LM_TARGET_FILE:
	case LM_TARGET_TESTFILE:
		return fallocate(t->fd,
				 FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE,
				 (off_t)off, (off_t)len)
			       ? -errno
			       : 0;
	case LM_TARGET_CHAR:
	case LM_TARGET_NONE:
		return 0; /* nothing held: /dev/null, /dev/zero, no target */
	default:
		return -EOPNOTSUPP;
	}
}

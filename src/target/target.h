/* SPDX-License-Identifier: MIT */
/*
 * Opening and probing a target (the write guard is guard.h).
 *
 * A target is a block device, an existing regular file, a directory (where
 * lunmark creates its own test file, or for file copies its own private
 * directory, both safely (newfile.h) and removed again by
 * lm_target_close(); refused with --read-only),
 * an iSCSI LUN by iscsi:// URL (probed through libiscsi; the iscsi engine
 * then opens one session per worker), or nothing at all for the null
 * engine.
 */
#ifndef LM_TARGET_H
#define LM_TARGET_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum lm_target_kind {
	LM_TARGET_BLOCK,
	LM_TARGET_FILE,
	LM_TARGET_TESTFILE, /* created by lunmark in a directory */
	LM_TARGET_NONE,	    /* null engine: no IO, no file */
	LM_TARGET_ISCSI,    /* iscsi:// URL */
	LM_TARGET_DIR,	    /* a directory kept as such: file copies */
	/* /dev/null or /dev/zero, as fio takes them: writes are discarded
	 * and reads give zeros, so there is no data to guard */
	LM_TARGET_CHAR,
};

/* What an iSCSI target holds (src/target/iscsi.h): only the target's
 * own files and the iscsi engine look inside. */
struct lm_iscsi_target;

struct lm_target {
	char name[PATH_MAX]; /* as the user gave it; a URL without secret */
	char path[PATH_MAX]; /* what is opened */
	enum lm_target_kind kind;
	int fd;
	int excl_fd; /* a block device held O_EXCL (guard.h), or -1 */
	/* what lunmark made in the directory given (newfile.h): the test
	 * file (fd) or, for LM_TARGET_DIR, a private directory (own_fd) */
	int dir_fd;		/* the directory given, or -1 */
	int own_fd;		/* LM_TARGET_DIR: the private directory */
	char own[NAME_MAX + 1]; /* its name in dir_fd; "" when none */
	bool writable;
	bool direct;
	/* a file lunmark made for this run, as fio makes a job's missing
	 * files (fio-compat/made.h): it holds no one's data */
	bool made;
	uint64_t size_bytes;
	uint32_t lbs_bytes;    /* logical block size */
	uint32_t max_io_bytes; /* largest IO the target takes; 0: no limit */
	struct lm_iscsi_target *iscsi; /* LM_TARGET_ISCSI only; owned */
};

struct lm_target_opts {
	bool write;  /* open for writing */
	bool direct; /* O_DIRECT */
	/* a name lunmark made or chose (fio's jobname.N.M): a symlink put
	 * there since is refused, never followed */
	bool nofollow;
	bool none;	       /* the null engine: open nothing */
	uint64_t create_bytes; /* size of a test file in a directory */
	bool keep_dir;	       /* a directory stays one (LM_TARGET_DIR) */
	bool null_zero;	       /* fio's jobs: /dev/null, /dev/zero taken */
	bool read_only;	       /* --read-only: a directory is refused */
	/* a file made for the run (fio-compat/made.h), held open as
	 * held_fd: that file is opened (through /proc/self/fd), its name
	 * never resolved again, so that a name or a directory above it
	 * swapped since cannot put another file there */
	bool held;
	int held_fd;
	/* iSCSI */
	const char *chap_file;
	const char *initiator; /* NULL: lm_iscsi_default_initiator() */
	unsigned int timeout_s;
	const char *timeout_name; /* the option that set it, for messages */
	bool reconnect;
};

/*
 * Open @name. On failure prints one message naming the target and what to
 * do, and returns the exit code (LM_EXIT_TARGET; LM_EXIT_ENGINE for an
 * O_DIRECT refusal; LM_EXIT_USAGE for a malformed URL); 0 on success. An
 * iSCSI target is logged in to, probed and logged out of again.
 */
int lm_target_open(struct lm_target *t, const char *name,
		   const struct lm_target_opts *o);

/* @t's open file (t->fd) opened anew with @flags (and O_CLOEXEC), through
 * /proc/self/fd: the same file, whatever its name holds now. The new
 * descriptor, or -errno. */
int lm_target_reopen(const struct lm_target *t, int flags);

/*
 * fio's sync=: from now on each write to @t returns once durable: its
 * descriptor opened again with @flags (O_SYNC or O_DSYNC, which fcntl()
 * cannot add), as fio opens a writing job's files, or an iSCSI LUN's
 * writes sent with FUA (as the kernel's initiator sends an O_DSYNC write,
 * whatever the LUN's DPOFUA says). After the prefill, which fio's layout
 * writes without them; nothing when @flags is 0. 0, or the exit code
 * with a message.
 */
int lm_target_sync(struct lm_target *t, int flags);

/* Close, and remove the test file lunmark created. Safe to call twice. */
void lm_target_close(struct lm_target *t);

const char *lm_target_kind_name(enum lm_target_kind k);

/* Are @a and @b, both open, the same block device, the same file or the
 * same LUN (its URL)? Two jobs of one run may name one target twice, or
 * by two names (a symlink, /dev/disk/by-id/...). */
bool lm_target_same(const struct lm_target *a, const struct lm_target *b);

/*
 * fio's invalidate: @t's cached pages of @len bytes from @off dropped,
 * as fio drops them: a block device's buffers written back and dropped
 * (BLKFLSBUF; where that is not permitted, as a file's), a file's
 * declared unneeded (POSIX_FADV_DONTNEED). Nothing for other kinds.
 */
void lm_target_drop_cache(const struct lm_target *t, uint64_t off,
			  uint64_t len);

/*
 * fio's trim of @len bytes at @off, done at once: a block device's
 * BLKDISCARD, a file's punched hole (FALLOC_FL_PUNCH_HOLE, its size
 * kept), nothing for /dev/null, /dev/zero or the null engine's. An iSCSI
 * LUN's UNMAP is its engine's (-EOPNOTSUPP here). 0 or -errno.
 */
int lm_target_trim(const struct lm_target *t, uint64_t off, uint64_t len);

#endif

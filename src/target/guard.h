/* SPDX-License-Identifier: MIT */
/*
 * The write guard: nothing is written to a target that may hold data
 * without the user's explicit say-so.
 *
 * Before any write (a write test, a prefill, a verify pass) to a target
 * lunmark did not create:
 * - a block device is opened O_EXCL and held so until lm_target_close():
 *   the kernel refuses that while the device is mounted, or held by LVM,
 *   md, dm or another exclusive opener, and keeps them off meanwhile;
 * - a loop device whose backing file is held elsewhere (another loop
 *   device over it mounted or held, a mounted backing device, a process
 *   with the file open: loop.h) is refused the same way, --destroy or not;
 * - libblkid probes the device or file itself, read-only, through the
 *   fd held O_EXCL, so that every region its probers read is seen (VMFS
 *   at 1 and 2 MiB, backup labels at the end, ...); an iSCSI LUN is read
 *   through its session, its first and last LM_GUARD_LUN_BYTES, and that
 *   sparse copy probed. Partition tables, filesystems, LVM, md, LUKS,
 *   swap and the rest libblkid knows are found;
 * - anything found refuses the write, naming it ("/dev/sdb holds an ext4
 *   filesystem labelled 'backup'"), unless --destroy=NAME names this
 *   target: the device's name (sdb or /dev/sdb), a file's path as given,
 *   or an iSCSI LUN's serial (VPD 0x80; the URL when it has none);
 * - nothing found still needs --allow-write (or that --destroy);
 * - --read-only refuses every write.
 */
#ifndef LM_GUARD_H
#define LM_GUARD_H

#include "src/target/target.h"

#include <stdbool.h>
#include <stddef.h>

struct lm_guard_opts {
	bool allow_write;    /* --allow-write */
	bool read_only;	     /* --read-only */
	const char *destroy; /* --destroy=NAME, or NULL */
};

/* from each end of an iSCSI LUN: past VMFS's 2 MiB and ZFS's labels */
#define LM_GUARD_LUN_BYTES (4u << 20)

/*
 * May lunmark write to @t? 0, or one message saying what was found and
 * what to do (@instead: how to go without writing, "--read-only to run the
 * read tests only") and LM_EXIT_GUARD. Takes t->excl_fd for a block device.
 */
int lm_guard_write(struct lm_target *t, const struct lm_guard_opts *o,
		   const char *instead);

/* Whether the options let lunmark write at all (the guard then has the
 * last word): --allow-write or --destroy, never --read-only. */
bool lm_guard_permits(const struct lm_guard_opts *o);

/* Whether a prefill may write to @t: lunmark's own test file, or
 * lm_guard_permits() on a target that is there. */
bool lm_guard_may_prefill(const struct lm_target *t,
			  const struct lm_guard_opts *o);

/*
 * What libblkid finds in @len bytes of a @size-byte target whose first
 * and last @len bytes are @head and @tail (@tail NULL when @size <= @len),
 * with @lbs-byte sectors: "an ext4 filesystem labelled 'backup'", joined
 * by "; ", in @out. 1 when something was found, 0 when not, -errno.
 */
int lm_guard_probe(const void *head, const void *tail, size_t len,
		   uint64_t size, uint32_t lbs, char *out, size_t outlen);

/* The same, of the @size bytes @fd reads (a device, a file), which
 * libblkid reads itself wherever its probers look. */
int lm_guard_probe_fd(int fd, uint64_t size, uint32_t lbs, char *out,
		      size_t outlen);

/* The name --destroy= must give for @t, in @out. */
void lm_guard_name(const struct lm_target *t, char *out, size_t len);

#endif

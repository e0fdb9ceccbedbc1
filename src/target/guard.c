// SPDX-License-Identifier: MIT
/* The write guard (guard.h). */
#include "src/target/guard.h"

#include "kmod-free/scsi.h"
#include "src/target/iscsi.h"
#include "src/target/loop.h"
#include "src/lunmark.h"

#include <blkid/blkid.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* What a signature is, in words: "an ext4 filesystem". */
static void lm_guard_what(const char *type, const char *pttype, char *out,
			  size_t len)
{
	static const struct {
		const char *type, *what;
	} names[] = {
		{ "LVM2_member", "an LVM physical volume" },
		{ "LVM1_member", "an LVM physical volume" },
		{ "linux_raid_member", "an md RAID member" },
		{ "isw_raid_member", "an Intel RAID member" },
		{ "ddf_raid_member", "a DDF RAID member" },
		{ "crypto_LUKS", "a LUKS encrypted volume" },
		{ "BitLocker", "a BitLocker encrypted volume" },
		{ "swap", "a swap area" },
		{ "zfs_member", "a ZFS pool member" },
		{ "ceph_bluestore", "a Ceph BlueStore volume" },
		{ "VMFS_volume_member", "a VMware VMFS volume" },
		{ "VMFS", "a VMware VMFS filesystem" },
	};
	size_t i;

	if (pttype) {
		snprintf(out, len, "a %s partition table",
			 !strcmp(pttype, "dos")	  ? "DOS (MBR)"
			 : !strcmp(pttype, "gpt") ? "GPT"
						  : pttype);
		return;
	}
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (!strcmp(type, names[i].type)) {
			snprintf(out, len, "%s", names[i].what);
			return;
		}
	}
	snprintf(out, len, "a%s %s filesystem",
		 strchr("aeiouAEIOU", type[0]) ? "n" : "", type);
}

/* Append one signature libblkid just found to @out. */
static void lm_guard_add(blkid_probe pr, char *out, size_t len, int *n)
{
	const char *type = NULL, *pttype = NULL, *label = NULL;
	char what[160];
	size_t used = strlen(out);

	blkid_probe_lookup_value(pr, "PTTYPE", &pttype, NULL);
	blkid_probe_lookup_value(pr, "TYPE", &type, NULL);
	blkid_probe_lookup_value(pr, "LABEL", &label, NULL);
	if (!type && !pttype)
		return;
	lm_guard_what(type, pttype, what, sizeof(what));
	if (used >= len)
		return;
	snprintf(out + used, len - used, "%s%s", *n ? "; " : "", what);
	used = strlen(out);
	if (label && *label && used < len)
		snprintf(out + used, len - used, " labelled '%s'", label);
	(*n)++;
}

int lm_guard_probe_fd(int fd, uint64_t size, uint32_t lbs, char *out,
		      size_t outlen)
{
	blkid_probe pr;
	int n = 0, rc, ret = -ENOMEM;

	out[0] = '\0';
	pr = blkid_new_probe();
	if (!pr)
		return ret;
	ret = -EIO;
	if (blkid_probe_set_device(pr, fd, 0, (blkid_loff_t)size) ||
	    blkid_probe_set_sectorsize(pr, lbs))
		goto out_free;
	blkid_probe_enable_superblocks(pr, 1);
	blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_LABEL |
						      BLKID_SUBLKS_TYPE);
	blkid_probe_enable_partitions(pr, 1);
	while ((rc = blkid_do_probe(pr)) == 0)
		lm_guard_add(pr, out, outlen, &n);
	ret = rc < 0 ? -EIO : n > 0;
out_free:
	blkid_free_probe(pr);
	return ret;
}

int lm_guard_probe(const void *head, const void *tail, size_t len,
		   uint64_t size, uint32_t lbs, char *out, size_t outlen)
{
	int fd, ret;

	out[0] = '\0';
	/* a sparse copy of the target: its ends, holes between */
	fd = memfd_create("lunmark-guard", MFD_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (ftruncate(fd, (off_t)size) ||
	    pwrite(fd, head, size < len ? size : len, 0) < 0 ||
	    (tail && pwrite(fd, tail, len, (off_t)(size - len)) < 0))
		ret = -errno;
	else
		ret = lm_guard_probe_fd(fd, size, lbs, out, outlen);
	close(fd);
	return ret;
}

void lm_guard_name(const struct lm_target *t, char *out, size_t len)
{
	char tmp[PATH_MAX];

	if (t->kind == LM_TARGET_BLOCK) {
		snprintf(tmp, sizeof(tmp), "%s", t->path);
		snprintf(out, len, "%s", basename(tmp));
	} else if (t->kind == LM_TARGET_ISCSI && t->iscsi->info.serial[0]) {
		snprintf(out, len, "%s", t->iscsi->info.serial);
	} else {
		snprintf(out, len, "%s", t->name);
	}
}

/* Does --destroy=@d name @t? A device by name or path. */
static bool lm_guard_named(const struct lm_target *t, const char *d)
{
	char name[PATH_MAX];

	lm_guard_name(t, name, sizeof(name));
	return !strcmp(d, name) ||
	       (t->kind != LM_TARGET_ISCSI &&
		(!strcmp(d, t->path) || !strcmp(d, t->name)));
}

/* The first and last @len bytes of LUN @t into @head and @tail. */
static int lm_guard_read(const struct lm_target *t, uint8_t *head,
			 uint8_t *tail, size_t len, char *msg, size_t mlen)
{
	struct iscsi_context *ctx;
	const struct lm_iscsi_conf *c;
	uint64_t at = t->size_bytes - len;
	size_t k, step, n;
	int ret = 0;

	c = &t->iscsi->conf;
	ret = lm_iscsi_open(c, &ctx, NULL, msg, mlen);
	if (ret)
		return ret;
	/* 64 KiB reads: within any LUN's transfer limit */
	step = t->max_io_bytes && t->max_io_bytes < 65536 ? t->max_io_bytes
							  : 65536;
	/* the last read stops at @len: a block limit need not divide it */
	for (k = 0; !ret && k < len; k += n) {
		n = len - k < step ? len - k : step;
		ret = lm_iscsi_read(ctx, c, k / t->lbs_bytes, t->lbs_bytes,
				    head + k, (uint32_t)n, msg, mlen);
	}
	for (k = 0; !ret && tail && k < len; k += n) {
		n = len - k < step ? len - k : step;
		ret = lm_iscsi_read(ctx, c, (at + k) / t->lbs_bytes,
				    t->lbs_bytes, tail + k, (uint32_t)n, msg,
				    mlen);
	}
	lm_iscsi_close(ctx);
	return ret;
}

/* Take @t's block device O_EXCL, and keep it so. */
static int lm_guard_excl(struct lm_target *t)
{
	if (t->kind != LM_TARGET_BLOCK || t->excl_fd >= 0)
		return 0;
	t->excl_fd = open(t->path, O_RDONLY | O_EXCL | O_CLOEXEC);
	if (t->excl_fd >= 0)
		return 0;
	if (errno == EBUSY)
		lm_err("%s is in use (mounted, or held by LVM, md, dm or another program that opened it exclusively): lunmark will not write to it; unmount it or release it first",
		       t->name);
	else
		lm_err("cannot open %s exclusively to write to it: %s", t->name,
		       strerror(errno));
	return LM_EXIT_GUARD;
}

/* A loop device writes into its backing file: refused, --destroy or not,
 * while that is held elsewhere (loop.h), as a mounted device is. */
static int lm_guard_loop(const struct lm_target *t)
{
	char why[512];
	int ret;

	if (t->excl_fd < 0)
		return 0;
	ret = lm_loop_backing_held(t->excl_fd, why, sizeof(why));
	if (ret < 0) {
		lm_err("cannot tell what %s writes into: %s; lunmark will not write to it",
		       t->name, strerror(-ret));
		return LM_EXIT_GUARD;
	}
	if (ret) {
		lm_err("%s is a loop device and %s: a write to it would write into that, so lunmark will not write to it (not even with --destroy); detach it, or unmount or stop what holds the file",
		       t->name, why);
		return LM_EXIT_GUARD;
	}
	return 0;
}

/* What a local @t holds: libblkid reads the device (or file) itself,
 * read-only, through the O_EXCL fd held for a block device, so every
 * region its probers look at is seen (VMFS past the first MiB, ...). */
static int lm_guard_look_local(const struct lm_target *t, char *found,
			       size_t len)
{
	int fd = t->excl_fd, ret;

	/* the file opened, not its name again: a symlink put there since
	 * would show another file's contents */
	if (fd < 0)
		fd = lm_target_reopen(t, O_RDONLY);
	if (fd < 0) {
		lm_err("cannot read %.400s to see what it holds: %s; lunmark will not write to what it cannot see",
		       t->name, strerror(-fd));
		return -1;
	}
	ret = lm_guard_probe_fd(fd, t->size_bytes,
				t->lbs_bytes ? t->lbs_bytes : 512, found, len);
	if (fd != t->excl_fd)
		close(fd);
	if (ret < 0) {
		lm_err("libblkid could not probe %s: %s", t->name,
		       strerror(-ret));
		return -1;
	}
	return ret;
}

/* What @t holds, in @found: 1 something, 0 nothing, -1 when it could not
 * be seen (said). A LUN is read through its session: the first and last
 * LM_GUARD_LUN_BYTES, probed as a sparse copy. */
static int lm_guard_look(const struct lm_target *t, char *found, size_t len)
{
	size_t n = LM_GUARD_LUN_BYTES;
	uint8_t *head, *tail = NULL;
	char msg[1024];
	int ret;

	if (t->kind != LM_TARGET_ISCSI)
		return lm_guard_look_local(t, found, len);
	if (t->size_bytes < n)
		n = (size_t)t->size_bytes;
	if (t->lbs_bytes && n % t->lbs_bytes)
		n -= n % t->lbs_bytes;
	head = malloc(2 * (size_t)LM_GUARD_LUN_BYTES);
	if (!head) {
		lm_err("out of memory for the write guard");
		return -1;
	}
	if (t->size_bytes > n)
		tail = head + LM_GUARD_LUN_BYTES;
	ret = n ? lm_guard_read(t, head, tail, n, msg, sizeof(msg)) : 0;
	if (ret) {
		lm_err("%s; lunmark will not write to what it cannot see", msg);
		ret = -1;
		goto out_free;
	}
	ret = n ? lm_guard_probe(head, tail, n, t->size_bytes,
				 t->lbs_bytes ? t->lbs_bytes : 512, found, len)
		: 0;
	if (ret < 0) {
		lm_err("libblkid could not probe %s: %s", t->name,
		       strerror(-ret));
		ret = -1;
	}
out_free:
	free(head);
	return ret;
}

bool lm_guard_permits(const struct lm_guard_opts *o)
{
	return !o->read_only && (o->allow_write || o->destroy);
}

bool lm_guard_may_prefill(const struct lm_target *t,
			  const struct lm_guard_opts *o)
{
	return !o->read_only &&
	       (t->kind == LM_TARGET_TESTFILE || t->made ||
		(lm_guard_permits(o) && t->kind != LM_TARGET_NONE));
}

int lm_guard_write(struct lm_target *t, const struct lm_guard_opts *o,
		   const char *instead)
{
	char found[1024], name[PATH_MAX];
	int ret;

	if (t->kind == LM_TARGET_NONE)
		return 0;
	/* no write of any kind, lunmark's own files' neither */
	if (o->read_only) {
		lm_err("--read-only: lunmark will not write to %s; drop the write tests or --read-only",
		       t->name);
		return LM_EXIT_GUARD;
	}
	/* lunmark's own test files hold no one's data, nor the files it
	 * made for this run's fio jobs */
	if (t->kind == LM_TARGET_TESTFILE || t->kind == LM_TARGET_DIR ||
	    t->made)
		return 0;
	lm_guard_name(t, name, sizeof(name));
	if (o->destroy && !lm_guard_named(t, o->destroy)) {
		lm_err("--destroy=%s does not name %s (its name is %s): nothing written",
		       o->destroy, t->name, name);
		return LM_EXIT_GUARD;
	}
	if (!o->allow_write && !o->destroy) {
		lm_err("%s is a%s %s that may hold data and a write or trim test would overwrite it; pass --allow-write to let lunmark write to %s (or trim it), or %s",
		       t->name, t->kind == LM_TARGET_ISCSI ? "n" : "",
		       lm_target_kind_name(t->kind), t->name, instead);
		return LM_EXIT_GUARD;
	}
	ret = lm_guard_excl(t);
	if (!ret)
		ret = lm_guard_loop(t);
	if (ret)
		return ret;
	ret = lm_guard_look(t, found, sizeof(found));
	if (ret < 0)
		return LM_EXIT_TARGET;
	if (!ret || o->destroy)
		return 0;
	lm_err("%s holds %s, and a write test would destroy it; to destroy it, pass --destroy=%s (this target's name), or %s",
	       t->name, found, name, instead);
	return LM_EXIT_GUARD;
}

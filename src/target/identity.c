// SPDX-License-Identifier: MIT
#include "src/target/identity.h"

#include "src/lunmark.h"
#include "src/target/iscsi.h"

#include <fcntl.h>
#include <glob.h>
#include <linux/fs.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

static long long lm_sysfs_num(const char *dir, const char *name)
{
	char b[64];
	long long v;

	if (!lm_file_line(dir, name, b, sizeof(b)) ||
	    sscanf(b, "%lld", &v) != 1)
		return -1;
	return v;
}

/*
 * A SCSI disk's thin provisioning, as the kernel's sd driver set it from
 * LBPME: "full" without it; "unmap", "writesame_16", "writesame_10",
 * "writesame_zero" or "disabled" with it.
 */
static void lm_identity_thin(const char *disk, struct lm_identity *p)
{
	char pat[256], mode[32];
	glob_t g;

	snprintf(pat, sizeof(pat), "%s/device/scsi_disk/*", disk);
	if (glob(pat, 0, NULL, &g))
		return;
	if (g.gl_pathc == 1 &&
	    lm_file_line(g.gl_pathv[0], "provisioning_mode", mode,
			 sizeof(mode)) &&
	    mode[0])
		p->thin = strcmp(mode, "full") != 0;
	globfree(&g);
}

/* /sys/dev/block/M:m is the device; a partition's disk is its parent. */
static void lm_identity_sysfs(const struct lm_target *t, struct lm_identity *p)
{
	char dev[128], disk[160], dir[200];
	struct stat st;
	long long v;

	if (fstat(t->fd, &st))
		return;
	snprintf(dev, sizeof(dev), "/sys/dev/block/%u:%u", major(st.st_rdev),
		 minor(st.st_rdev));
	snprintf(dir, sizeof(dir), "%s/partition", dev);
	snprintf(disk, sizeof(disk), "%s%s", dev,
		 access(dir, F_OK) ? "" : "/..");
	snprintf(dir, sizeof(dir), "%s/device", disk);
	lm_file_line(dir, "vendor", p->vendor, sizeof(p->vendor));
	lm_file_line(dir, "model", p->model, sizeof(p->model));
	lm_file_line(dir, "rev", p->revision, sizeof(p->revision));
	if (!lm_file_line(dir, "serial", p->serial, sizeof(p->serial)))
		lm_file_line(disk, "serial", p->serial, sizeof(p->serial));
	snprintf(dir, sizeof(dir), "%s/queue", disk);
	v = lm_sysfs_num(dir, "max_hw_sectors_kb");
	if (v > 0 && v <= 4194303)
		p->max_io_bytes = (uint32_t)(v * 1024);
	v = lm_sysfs_num(dir, "optimal_io_size");
	if (v > 0 && v <= UINT32_MAX)
		p->opt_io_bytes = (uint32_t)v;
	v = lm_sysfs_num(dir, "discard_max_bytes");
	if (v >= 0)
		p->unmap = v > 0;
	v = lm_sysfs_num(dir, "rotational");
	if (v >= 0)
		p->rotational = v > 0;
	lm_identity_thin(disk, p);
}

static void lm_identity_block(const struct lm_target *t, struct lm_identity *p)
{
	unsigned int pbs;

	if (!ioctl(t->fd, BLKPBSZGET, &pbs))
		p->pbs_bytes = pbs;
	lm_identity_sysfs(t, p);
}

static void lm_identity_iscsi(const struct lm_iscsi_target *it,
			      struct lm_identity *p)
{
	static const char *const prov[] = { "full", "resource", "thin" };
	const struct lm_lun_info *i = &it->info;

	p->pbs_bytes = i->lbs << i->lbppbe;
	snprintf(p->vendor, sizeof(p->vendor), "%s", i->vendor);
	snprintf(p->model, sizeof(p->model), "%s", i->product);
	snprintf(p->revision, sizeof(p->revision), "%s", i->revision);
	snprintf(p->serial, sizeof(p->serial), "%s", i->serial);
	p->thin = i->lbpme;
	if (it->session.logged_in && it->session.sn_valid) {
		p->session = &it->session;
		p->cmd_window = it->session.max_cmdsn - it->session.cmdsn + 1;
	}
	p->lbprz = i->lbprz;
	if ((uint64_t)i->opt_xfer_blocks * i->lbs <= UINT32_MAX)
		p->opt_io_bytes = i->opt_xfer_blocks * i->lbs;
	if (i->has_prov) {
		p->unmap = i->lbpu || i->lbpws;
		if (i->prov_type >= 0 && i->prov_type <= 2)
			p->provisioning = prov[i->prov_type];
	}
}

void lm_identity_fill(const struct lm_target *t, struct lm_identity *p)
{
	memset(p, 0, sizeof(*p));
	p->target = t->name;
	p->kind = lm_target_kind_name(t->kind);
	p->size_bytes = t->size_bytes;
	p->lbs_bytes = t->lbs_bytes;
	p->thin = p->lbprz = p->unmap = p->rotational = -1;
	p->provisioning = "";
	p->max_io_bytes = t->max_io_bytes;
	if (t->kind == LM_TARGET_ISCSI && t->iscsi)
		lm_identity_iscsi(t->iscsi, p);
	else if (t->kind == LM_TARGET_BLOCK)
		lm_identity_block(t, p);
}

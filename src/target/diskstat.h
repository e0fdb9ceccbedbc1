/* SPDX-License-Identifier: MIT */
#ifndef LM_TARGET_DISKSTAT_H
#define LM_TARGET_DISKSTAT_H

#include <stdint.h>

/*
 * A block device's own counters (/sys/dev/block/MAJ:MIN/stat), for fio's
 * disk_util: the device a target is (a block device) or lives on (a
 * file's filesystem), as the kernel counts it, whoever did the IO.
 */
struct lm_disk_stat {
	char name[32];	 /* "loop0", "sdb1" */
	uint64_t dev;	 /* its dev_t, to tell targets on one apart */
	uint64_t ios[2]; /* read, write: completed */
	uint64_t merges[2];
	uint64_t ticks[2];  /* ms spent */
	uint64_t io_ticks;  /* ms the device was busy */
	uint64_t in_queue;  /* ms, weighted by the IOs queued */
	uint64_t at_ns;	    /* when it was read (monotonic) */
	uint64_t in_flight; /* IOs in flight then (not a counter) */
	double util_pct;    /* lm_disk_stat_since(): busy, of the span */
};

/* The counters of the device of @path (a device node or a file), into
 * @s. Returns 0, -ENODEV when it is on none (tmpfs, an iscsi:// URL), or
 * -errno. */
int lm_disk_stat_read(const char *path, struct lm_disk_stat *s);

/* The same for device @dev (a dev_t). */
int lm_disk_stat_dev(uint64_t dev, struct lm_disk_stat *s);

/* lm_disk_stat_dev() once the device has no IO in flight, or after
 * 100 ms: the block layer ends a request's IOs before it counts the
 * request, so a run's last IO, seen done, may not be counted yet. */
int lm_disk_stat_settled(uint64_t dev, struct lm_disk_stat *s);

/* What the counters of @s moved by since @before (the same device), into
 * @s; its at_ns becomes the span in ns, util_pct the share of it the
 * device was busy (at most 100). */
void lm_disk_stat_since(struct lm_disk_stat *s,
			const struct lm_disk_stat *before);

#endif

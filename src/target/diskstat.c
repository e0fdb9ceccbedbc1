// SPDX-License-Identifier: MIT
/* A block device's own counters (diskstat.h). */
#include "src/target/diskstat.h"
#include "src/stats/stats.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

/* The device's name: the last part of its /sys/dev/block link. */
static void lm_disk_name(unsigned int maj, unsigned int min, char *name,
			 size_t len)
{
	char link[64], to[PATH_MAX];
	const char *slash;
	ssize_t n;

	snprintf(link, sizeof(link), "/sys/dev/block/%u:%u", maj, min);
	n = readlink(link, to, sizeof(to) - 1);
	if (n <= 0) {
		snprintf(name, len, "%u:%u", maj, min);
		return;
	}
	to[n] = '\0';
	slash = strrchr(to, '/');
	slash = slash ? slash + 1 : to;
	/* a name longer than the field is cut, not an error */
	if (strlen(slash) >= len)
		to[slash - to + len - 1] = '\0';
	memcpy(name, slash, strlen(slash) + 1);
}

int lm_disk_stat_read(const char *path, struct lm_disk_stat *s)
{
	struct stat st;

	memset(s, 0, sizeof(*s));
	if (stat(path, &st))
		return -errno;
	return lm_disk_stat_dev(
		(uint64_t)(S_ISBLK(st.st_mode) ? st.st_rdev : st.st_dev), s);
}

int lm_disk_stat_dev(uint64_t dev, struct lm_disk_stat *s)
{
	unsigned long long v[11];
	char file[64];
	FILE *f;
	int n;

	memset(s, 0, sizeof(*s));
	snprintf(file, sizeof(file), "/sys/dev/block/%u:%u/stat", major(dev),
		 minor(dev));
	f = fopen(file, "r");
	if (!f)
		return errno == ENOENT ? -ENODEV : -errno;
	n = fscanf(f, "%llu %llu %llu %llu %llu %llu %llu %llu %llu %llu %llu",
		   &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7],
		   &v[8], &v[9], &v[10]);
	fclose(f);
	if (n != 11)
		return -EIO;
	s->at_ns = lm_now_ns();
	s->dev = dev;
	lm_disk_name(major(dev), minor(dev), s->name, sizeof(s->name));
	s->ios[0] = v[0];
	s->merges[0] = v[1];
	s->ticks[0] = v[3];
	s->ios[1] = v[4];
	s->merges[1] = v[5];
	s->ticks[1] = v[7];
	s->in_flight = v[8];
	s->io_ticks = v[9];
	s->in_queue = v[10];
	return 0;
}

int lm_disk_stat_settled(uint64_t dev, struct lm_disk_stat *s)
{
	const struct timespec pause = { 0, 2000000 };
	int ret, i;

	for (i = 0;; i++) {
		ret = lm_disk_stat_dev(dev, s);
		if (ret || !s->in_flight || i == 50)
			return ret;
		nanosleep(&pause, NULL);
	}
}

void lm_disk_stat_since(struct lm_disk_stat *s,
			const struct lm_disk_stat *before)
{
	unsigned int d;
	double ms;

	for (d = 0; d < 2; d++) {
		s->ios[d] -= before->ios[d];
		s->merges[d] -= before->merges[d];
		s->ticks[d] -= before->ticks[d];
	}
	s->io_ticks -= before->io_ticks;
	s->in_queue -= before->in_queue;
	s->at_ns -= before->at_ns;
	ms = (double)s->at_ns / 1e6;
	s->util_pct = ms > 0 ? (double)s->io_ticks * 100.0 / ms : 0;
	if (s->util_pct > 100)
		s->util_pct = 100;
}

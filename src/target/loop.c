// SPDX-License-Identifier: MIT
/* A loop device's backing file, and who else holds it (loop.h). */
#include "src/target/loop.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/loop.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#define LM_LOOP_MAJOR 7

/* Would the kernel refuse @dev an exclusive open: mounted, or held by
 * md, dm, swap or another exclusive opener? */
static bool lm_dev_busy(const char *dev)
{
	int fd = open(dev, O_RDONLY | O_EXCL | O_CLOEXEC);

	if (fd >= 0) {
		close(fd);
		return false;
	}
	return errno == EBUSY;
}

/* Another loop device (not @self) over @mine's backing file, mounted or
 * held? Its path into @dev. */
static bool lm_loop_twin_busy(dev_t self, const struct loop_info64 *mine,
			      char *dev, size_t len)
{
	struct loop_info64 li;
	struct dirent *e;
	struct stat st;
	bool busy = false;
	DIR *d = opendir("/dev");
	int fd;

	if (!d)
		return false;
	while (!busy && (e = readdir(d))) {
		if (strncmp(e->d_name, "loop", 4) || !e->d_name[4] ||
		    e->d_name[4] < '0' || e->d_name[4] > '9')
			continue;
		snprintf(dev, len, "/dev/%s", e->d_name);
		if (stat(dev, &st) || !S_ISBLK(st.st_mode) ||
		    st.st_rdev == self)
			continue;
		fd = open(dev, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			continue;
		/* zeroed first: valgrind does not know what the ioctl fills */
		memset(&li, 0, sizeof(li));
		if (!ioctl(fd, LOOP_GET_STATUS64, &li) &&
		    li.lo_device == mine->lo_device &&
		    li.lo_inode == mine->lo_inode)
			busy = lm_dev_busy(dev);
		close(fd);
	}
	closedir(d);
	return busy;
}

/* A process (not lunmark) with the file @dev:@ino open: its PID, or 0. */
static long lm_file_opener(dev_t dev, ino_t ino)
{
	char path[300];
	struct dirent *p, *f;
	struct stat st;
	long pid, found = 0;
	DIR *pd = opendir("/proc"), *fd;

	if (!pd)
		return 0;
	while (!found && (p = readdir(pd))) {
		if (sscanf(p->d_name, "%ld", &pid) != 1 || pid == getpid())
			continue;
		snprintf(path, sizeof(path), "/proc/%ld/fd", pid);
		fd = opendir(path);
		if (!fd)
			continue;
		while (!found && (f = readdir(fd))) {
			snprintf(path, sizeof(path), "/proc/%ld/fd/%.64s", pid,
				 f->d_name);
			if (f->d_name[0] != '.' && !stat(path, &st) &&
			    st.st_dev == dev && st.st_ino == ino)
				found = pid;
		}
		closedir(fd);
	}
	closedir(pd);
	return found;
}

int lm_loop_backing_held(int fd, char *why, size_t len)
{
	struct loop_info64 li;
	char dev[300];
	struct stat st;
	long pid;

	why[0] = '\0';
	if (fstat(fd, &st) || !S_ISBLK(st.st_mode) ||
	    major(st.st_rdev) != LM_LOOP_MAJOR)
		return 0;
	memset(&li, 0, sizeof(li));
	if (ioctl(fd, LOOP_GET_STATUS64, &li))
		return errno == ENXIO ? 0 : -errno;
	/* lo_device:lo_inode is the backing file, as stat() names it */
	if (lm_loop_twin_busy(st.st_rdev, &li, dev, sizeof(dev))) {
		snprintf(
			why, len,
			"its backing file %.64s is also %s's, which is mounted or held",
			(const char *)li.lo_file_name, dev);
		return 1;
	}
	if (!stat((const char *)li.lo_file_name, &st) && S_ISBLK(st.st_mode) &&
	    lm_dev_busy((const char *)li.lo_file_name)) {
		snprintf(why, len,
			 "its backing device %.64s is mounted or held",
			 (const char *)li.lo_file_name);
		return 1;
	}
	pid = lm_file_opener((dev_t)li.lo_device, (ino_t)li.lo_inode);
	if (pid) {
		snprintf(why, len,
			 "its backing file %.64s is open in process %ld",
			 (const char *)li.lo_file_name, pid);
		return 1;
	}
	return 0;
}

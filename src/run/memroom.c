// SPDX-License-Identifier: MIT
#include "src/run/memroom.h"

#include "src/lunmark.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* The number that a cgroup file @dir/@name begins with, into @v;
 * "max" (v2's no limit) is UINT64_MAX. False when there is none. */
static bool lm_cgroup_num(const char *dir, const char *name, uint64_t *v)
{
	char word[32];

	if (!lm_file_line(dir, name, word, sizeof(word)))
		return false;
	if (!strcmp(word, "max")) {
		*v = UINT64_MAX;
		return true;
	}
	return sscanf(word, "%" SCNu64, v) == 1;
}

/* The number after the word @key at the start of a line of @path (as
 * "MemAvailable: 123 kB" or "inactive_file 123"), into @v. */
static bool lm_key_num(const char *path, const char *key, uint64_t *v)
{
	char line[256], word[64];
	bool found = false;
	FILE *f = fopen(path, "re");

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f))
		found = sscanf(line, "%63s %" SCNu64, word, v) == 2 &&
			!strcmp(word, key);
	fclose(f);
	return found;
}

/* The room under the one cgroup at @path: its limit less what it uses
 * and cannot give back (its inactive page cache is reclaimed first, and
 * is not counted); UINT64_MAX without a limit. */
static uint64_t lm_one_room(const char *path, bool v1)
{
	uint64_t lim, use, cache = 0;
	char stat[4200];

	if (!lm_cgroup_num(path, v1 ? "memory.limit_in_bytes" : "memory.max",
			   &lim) ||
	    !lm_cgroup_num(path,
			   v1 ? "memory.usage_in_bytes" : "memory.current",
			   &use) ||
	    lim >= (UINT64_MAX >> 2)) /* v1's none: a page-rounded LLONG_MAX */
		return UINT64_MAX;
	snprintf(stat, sizeof(stat), "%s/memory.stat", path);
	if (lm_key_num(stat, v1 ? "total_inactive_file" : "inactive_file",
		       &cache) &&
	    cache < use)
		use -= cache;
	return lim > use ? lim - use : 0;
}

uint64_t lm_cgroup_room(const char *mount, const char *dir, bool v1)
{
	uint64_t room = UINT64_MAX, r;
	size_t len = strlen(mount);
	char path[4096];
	char *slash;

	if (snprintf(path, sizeof(path), "%s%s", mount, dir) >=
	    (int)sizeof(path))
		return UINT64_MAX;
	/* its own, each above it, and the mount's root: a container's
	 * cgroup where /proc/self/cgroup names a path that is not there */
	for (;;) {
		r = lm_one_room(path, v1);
		room = r < room ? r : room;
		slash = strlen(path) > len ? strrchr(path + len, '/') : NULL;
		if (!slash)
			break;
		*slash = '\0';
	}
	return room;
}

/* /proc/meminfo's MemAvailable in bytes, UINT64_MAX when not there. */
static uint64_t lm_mem_available(void)
{
	uint64_t kib;

	return lm_key_num("/proc/meminfo", "MemAvailable:", &kib) ? kib * 1024
								  : UINT64_MAX;
}

/* The room under the cgroup that /proc/self/cgroup's @line names: v2's
 * ("0::/path") or v1's memory controller ("N:...memory...:/path"). */
static uint64_t lm_line_room(char *line)
{
	char *ctl = strchr(line, ':'), *dir, *nl, *c, *save;

	if (!ctl || !(dir = strchr(++ctl, ':')))
		return UINT64_MAX;
	*dir++ = '\0';
	nl = strchr(dir, '\n');
	if (nl)
		*nl = '\0';
	if (!strcmp(dir, "/"))
		dir = "";
	if (!*ctl) {
		uint64_t a = lm_cgroup_room("/sys/fs/cgroup", dir, false);
		uint64_t b =
			lm_cgroup_room("/sys/fs/cgroup/unified", dir, false);

		return a < b ? a : b;
	}
	for (c = strtok_r(ctl, ",", &save); c; c = strtok_r(NULL, ",", &save))
		if (!strcmp(c, "memory"))
			return lm_cgroup_room("/sys/fs/cgroup/memory", dir,
					      true);
	return UINT64_MAX;
}

uint64_t lm_mem_room(void)
{
	uint64_t room = lm_mem_available(), r;
	char line[4200];
	FILE *f = fopen("/proc/self/cgroup", "re");

	if (!f)
		return room;
	while (fgets(line, sizeof(line), f)) {
		r = lm_line_room(line);
		if (r < room)
			room = r;
	}
	fclose(f);
	return room;
}

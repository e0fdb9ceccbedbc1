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

uint64_t lm_cgroup_room(const char *mount, const char *dir, const char *max,
			const char *cur)
{
	uint64_t room = UINT64_MAX, lim, use, left;
	char path[4096];
	char *slash;

	if (snprintf(path, sizeof(path), "%s%s", mount, dir) >=
	    (int)sizeof(path))
		return UINT64_MAX;
	for (;;) {
		/* v1 says "no limit" with a page-rounded LLONG_MAX */
		if (lm_cgroup_num(path, max, &lim) &&
		    lm_cgroup_num(path, cur, &use) && lim < (UINT64_MAX >> 2)) {
			left = lim > use ? lim - use : 0;
			room = left < room ? left : room;
		}
		slash = strrchr(path, '/');
		if (!slash || (size_t)(slash - path) <= strlen(mount))
			break;
		*slash = '\0';
	}
	return room;
}

/* /proc/meminfo's MemAvailable in bytes, UINT64_MAX when not there. */
static uint64_t lm_mem_available(void)
{
	char line[256];
	uint64_t kib = 0;
	bool found = false;
	FILE *f = fopen("/proc/meminfo", "re");

	if (!f)
		return UINT64_MAX;
	while (!found && fgets(line, sizeof(line), f))
		found = sscanf(line, "MemAvailable: %" SCNu64, &kib) == 1;
	fclose(f);
	return found ? kib * 1024 : UINT64_MAX;
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
		uint64_t a = lm_cgroup_room("/sys/fs/cgroup", dir, "memory.max",
					    "memory.current");
		uint64_t b = lm_cgroup_room("/sys/fs/cgroup/unified", dir,
					    "memory.max", "memory.current");

		return a < b ? a : b;
	}
	for (c = strtok_r(ctl, ",", &save); c; c = strtok_r(NULL, ",", &save))
		if (!strcmp(c, "memory"))
			return lm_cgroup_room("/sys/fs/cgroup/memory", dir,
					      "memory.limit_in_bytes",
					      "memory.usage_in_bytes");
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

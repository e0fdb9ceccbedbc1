/* SPDX-License-Identifier: MIT */
/*
 * How much memory this process may still take before the host, or a
 * memory cgroup it runs in, runs out: what bounds the records a run keeps
 * in memory (iolog.h's budget).
 */
#ifndef LM_MEMROOM_H
#define LM_MEMROOM_H

#include <stdint.h>

/*
 * Bytes: /proc/meminfo's MemAvailable, capped by the room left under each
 * memory cgroup the process is in, its own and every one above it (v2's
 * memory.max less memory.current, v1's memory.limit_in_bytes less
 * memory.usage_in_bytes, under /sys/fs/cgroup). UINT64_MAX when none of
 * them can be read.
 */
uint64_t lm_mem_room(void);

/*
 * The room under the cgroup at @dir (a directory of a cgroup hierarchy
 * mounted at @mount, @dir below it as /proc/self/cgroup names it) and
 * every cgroup above it up to @mount: the least of their limits less
 * their usage, read from the files @max and @cur (v2's or v1's names).
 * UINT64_MAX when none has a limit.
 */
uint64_t lm_cgroup_room(const char *mount, const char *dir, const char *max,
			const char *cur);

#endif

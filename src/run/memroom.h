/* SPDX-License-Identifier: MIT */
/*
 * How much memory this process may still take before the host, or a
 * memory cgroup it runs in, runs out: what bounds the records a run keeps
 * in memory (iolog.h's budget).
 */
#ifndef LM_MEMROOM_H
#define LM_MEMROOM_H

#include <stdbool.h>
#include <stdint.h>

/*
 * Bytes: /proc/meminfo's MemAvailable, capped by the room left under each
 * memory cgroup the process is in (lm_cgroup_room(), under /sys/fs/cgroup:
 * v2's hierarchy there or in unified/, v1's in memory/). UINT64_MAX when
 * none of them can be read.
 */
uint64_t lm_mem_room(void);

/*
 * The room under the cgroup @dir (as /proc/self/cgroup names it) of the
 * hierarchy mounted at @mount, v1's (@v1) or v2's, and under every cgroup
 * above it, the mount's root too: the least of their limits (v2's
 * memory.max, v1's memory.limit_in_bytes) less their usage (memory.current,
 * memory.usage_in_bytes) without the page cache they can drop (memory.stat's
 * inactive_file, v1's total_inactive_file). Where @dir is not there (a
 * container's own cgroup mounted as the root), the root's. UINT64_MAX
 * when none has a limit.
 */
uint64_t lm_cgroup_room(const char *mount, const char *dir, bool v1);

#endif

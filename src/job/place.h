/* SPDX-License-Identifier: MIT */
/*
 * Where a job's threads run and where their memory comes from: fio's
 * cpus_allowed (or cpumask) with cpus_allowed_policy, numa_cpu_nodes and
 * numa_mem_policy, and their CPU niceness (nice). The job-file rows
 * (fio-compat/place.c) fill a struct lm_place, checking the CPUs and
 * nodes named against this host's; each
 * worker thread applies it to itself with lm_place_apply() before it
 * allocates its buffers, so that they come from the policy's nodes. As in
 * fio, numa_cpu_nodes replaces the CPUs cpus_allowed gave, and nothing
 * here needs libnuma: the system calls are made directly.
 */
#ifndef LM_JOB_PLACE_H
#define LM_JOB_PLACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LM_PLACE_CPUS 1024 /* fio's FIO_MAX_CPUS */
#define LM_PLACE_NODES 64

/* numa_mem_policy's modes, valued as the kernel's MPOL_* plus one */
enum lm_mem_mode {
	LM_MEM_UNSET,
	LM_MEM_DEFAULT,
	LM_MEM_PREFER,
	LM_MEM_BIND,
	LM_MEM_INTERLEAVE,
	LM_MEM_LOCAL,
};

struct lm_place {
	/* cpus_allowed or cpumask: a bit per CPU; none set: unpinned */
	uint64_t cpus[LM_PLACE_CPUS / 64];
	/* cpus_allowed_policy=split: the thread numbered index (from 0,
	 * over the run's jobs and clones, as fio's thread_number - 1) runs
	 * on the (index mod count)-th CPU of the set alone */
	bool split;
	unsigned int index;
	uint64_t cpu_nodes; /* numa_cpu_nodes: a bit per node; 0: unset */
	enum lm_mem_mode mem;
	uint64_t mem_nodes; /* bind, interleave: the nodes; prefer: one */
	/* fio's nice: the thread's CPU niceness moved by it, -20 to 19, as
	 * fio's nice() moves its job's (a thread's own, on Linux) */
	int nice;
};

/*
 * A CPU list, "0-3,6" (fio's cpus_allowed; blanks around the numbers
 * taken, as fio's atoi() does), into @cpus (LM_PLACE_CPUS bits), each
 * CPU below @ncpus (the host's configured CPUs). 0, or -EINVAL (the
 * syntax) or -ERANGE (a CPU past them) with why in @why.
 */
int lm_place_cpulist(const char *s, unsigned int ncpus, uint64_t *cpus,
		     char *why, size_t len);

/*
 * A node list, "0-1,3" or "all", into @nodes, each node one of those in
 * @allowed (the nodes this process may use, lm_place_nodes_here()), as
 * libnuma's numa_parse_nodestring() checks fio's. 0, or -EINVAL (the
 * syntax) or -ERANGE (a node not allowed), and why.
 */
int lm_place_nodelist(const char *s, uint64_t allowed, uint64_t *nodes,
		      char *why, size_t len);

/* The nodes this process may take memory from (/proc/self/status's
 * Mems_allowed_list); node 0 alone where that cannot be read. */
uint64_t lm_place_nodes_here(void);

/* cpus_allowed_policy=split: the CPU of the thread numbered @index, in
 * @cpus (LM_PLACE_CPUS bits): its (index mod count)-th; -1 if none. */
int lm_place_split_cpu(const uint64_t *cpus, unsigned int index);

/* The CPUs this process may run on (its main thread's affinity); 1
 * where that cannot be read. */
unsigned int lm_place_cpus_here(void);

/* Does @p ask for anything? */
bool lm_place_any(const struct lm_place *p);

/*
 * Pin the calling thread to @p's CPUs, set its memory policy and its
 * niceness. 0, or -errno with what failed in @why (a CPU set with no CPU
 * online, a node with no CPUs, a nice below 0 without CAP_SYS_NICE).
 */
int lm_place_apply(const struct lm_place *p, char *why, size_t len);

#endif

// SPDX-License-Identifier: MIT
/* Where a job's threads run and their memory comes from (place.h). */
#include "src/job/place.h"

#include <ctype.h>
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static bool lm_bit(const uint64_t *b, unsigned int i)
{
	return b[i / 64] >> (i % 64) & 1;
}

static bool lm_cpus_none(const uint64_t *cpus)
{
	unsigned int i;

	for (i = 0; i < LM_PLACE_CPUS / 64; i++)
		if (cpus[i])
			return false;
	return true;
}

/* One number of a list at *@s, moved past it. */
static int lm_place_num(const char **s, unsigned long *n)
{
	char *end;

	/* fio reads each with atoi(): blanks around it are taken */
	*s += strspn(*s, " \t");
	if (!isdigit((unsigned char)**s))
		return -EINVAL;
	errno = 0;
	*n = strtoul(*s, &end, 10);
	if (errno)
		return -EINVAL;
	*s = end + strspn(end, " \t");
	return 0;
}

/*
 * "N" and "N-M" items joined by ',' into @bits, each number below @limit
 * (at most @nbits). -EINVAL for the syntax, -ERANGE with the number past
 * the limit in @bad.
 */
static int lm_place_list(const char *s, unsigned int limit, uint64_t *bits,
			 unsigned int nbits, unsigned long *bad)
{
	unsigned long a, b;

	if (limit > nbits)
		limit = nbits;
	memset(bits, 0, nbits / 8);
	do {
		if (lm_place_num(&s, &a))
			return -EINVAL;
		b = a;
		if (*s == '-' && (s++, lm_place_num(&s, &b)))
			return -EINVAL;
		if (b < a || (*s && *s != ','))
			return -EINVAL;
		if (b >= limit) {
			*bad = a >= limit ? a : limit;
			return -ERANGE;
		}
		for (; a <= b; a++)
			bits[a / 64] |= 1ull << (a % 64);
	} while (*s && *++s);
	return 0;
}

int lm_place_cpulist(const char *s, unsigned int ncpus, uint64_t *cpus,
		     char *why, size_t len)
{
	unsigned long bad = 0;
	int ret = lm_place_list(s, ncpus, cpus, LM_PLACE_CPUS, &bad);

	if (ret == -ERANGE)
		snprintf(
			why, len,
			"CPU %lu is not one of this host's (0 to %u, as fio's \"CPU too large\")",
			bad, ncpus - 1);
	else if (ret)
		snprintf(why, len,
			 "a list of CPUs, N or N-M joined by ',' (0-3,6)");
	return ret;
}

int lm_place_nodelist(const char *s, uint64_t allowed, uint64_t *nodes,
		      char *why, size_t len)
{
	unsigned long bad = 0;
	unsigned int i;
	int ret;

	if (!strcmp(s, "all")) {
		*nodes = allowed;
		return 0;
	}
	ret = lm_place_list(s, LM_PLACE_NODES, nodes, LM_PLACE_NODES, &bad);
	for (i = 0; !ret && i < LM_PLACE_NODES; i++)
		if ((*nodes & ~allowed) >> i & 1) {
			bad = i;
			ret = -ERANGE;
		}
	if (ret == -ERANGE)
		snprintf(
			why, len,
			"node %lu is not one this host lets lunmark use (Mems_allowed_list in /proc/self/status; libnuma: \"node argument %lu out of range\")",
			bad, bad);
	else if (ret)
		snprintf(
			why, len,
			"a list of NUMA nodes, N or N-M joined by ',' (0-1,3), or all");
	return ret;
}

/* A list file of sysfs or procfs (after @key, if given) into @bits. */
static int lm_place_read(const char *path, const char *key, uint64_t *bits,
			 unsigned int nbits)
{
	char line[4096], *p = NULL;
	unsigned long bad;
	FILE *f = fopen(path, "re");
	int ret = -ENOENT;

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		if (key && strncmp(line, key, strlen(key)))
			continue;
		p = line + (key ? strlen(key) : 0);
		p += strspn(p, " \t");
		p[strcspn(p, "\n")] = '\0';
		ret = *p ? lm_place_list(p, nbits, bits, nbits, &bad) : 0;
		if (!*p)
			memset(bits, 0, nbits / 8);
		break;
	}
	fclose(f);
	return ret;
}

uint64_t lm_place_nodes_here(void)
{
	uint64_t nodes;

	if (lm_place_read("/proc/self/status", "Mems_allowed_list:", &nodes,
			  LM_PLACE_NODES) ||
	    !nodes)
		return 1;
	return nodes;
}

int lm_place_split_cpu(const uint64_t *cpus, unsigned int index)
{
	unsigned int i, n = 0;

	for (i = 0; i < LM_PLACE_CPUS; i++)
		n += lm_bit(cpus, i);
	if (!n)
		return -1;
	index %= n;
	for (i = 0; i < LM_PLACE_CPUS; i++)
		if (lm_bit(cpus, i) && !index--)
			return (int)i;
	return -1;
}

bool lm_place_any(const struct lm_place *p)
{
	return !lm_cpus_none(p->cpus) || p->cpu_nodes ||
	       p->mem != LM_MEM_UNSET || p->nice;
}

/* A system call's failure, said into @why: -errno, read before the
 * message is made. */
static int lm_place_failed(char *why, size_t len, const char *doing,
			   const char *what, const char *hint)
{
	int err = errno ? errno : EINVAL;

	snprintf(why, len, "%s: %s: %s%s", what, doing, strerror(err), hint);
	return -err;
}

unsigned int lm_place_cpus_here(void)
{
	cpu_set_t set;
	int n;

	CPU_ZERO(&set);
	if (sched_getaffinity(getpid(), sizeof(set), &set))
		return 1;
	n = CPU_COUNT(&set);
	return n > 0 ? (unsigned int)n : 1;
}

/* The thread onto the CPUs of @bits. */
static int lm_place_pin(const uint64_t *bits, const char *what, char *why,
			size_t len)
{
	cpu_set_t set;
	unsigned int i;

	CPU_ZERO(&set);
	for (i = 0; i < LM_PLACE_CPUS && i < CPU_SETSIZE; i++)
		if (lm_bit(bits, i))
			CPU_SET(i, &set);
	if (!sched_setaffinity(0, sizeof(set), &set))
		return 0;
	return lm_place_failed(
		why, len, "pinning the thread to its CPUs (sched_setaffinity)",
		what, " (are they online, and in this process's cpuset?)");
}

/* numa_cpu_nodes: the CPUs of its nodes, from sysfs. */
static int lm_place_node_cpus(uint64_t nodes, uint64_t *cpus, char *why,
			      size_t len)
{
	uint64_t one[LM_PLACE_CPUS / 64];
	char path[64];
	unsigned int n, i;
	int ret;

	memset(cpus, 0, sizeof(one));
	for (n = 0; n < LM_PLACE_NODES; n++) {
		if (!(nodes >> n & 1))
			continue;
		snprintf(path, sizeof(path),
			 "/sys/devices/system/node/node%u/cpulist", n);
		ret = lm_place_read(path, NULL, one, LM_PLACE_CPUS);
		if (ret) {
			snprintf(
				why, len,
				"numa_cpu_nodes: reading node %u's CPUs (%s): %s",
				n, path, strerror(-ret));
			return ret;
		}
		for (i = 0; i < LM_PLACE_CPUS / 64; i++)
			cpus[i] |= one[i];
	}
	return 0;
}

/* numa_mem_policy: the thread's memory policy (set_mempolicy(2); the
 * kernel's MPOL_* are the modes less one, and it reads maxnode - 1
 * bits). */
static int lm_place_mem(const struct lm_place *p, char *why, size_t len)
{
	unsigned long nodes[2] = { (unsigned long)p->mem_nodes, 0 };
	bool listed = p->mem == LM_MEM_PREFER || p->mem == LM_MEM_BIND ||
		      p->mem == LM_MEM_INTERLEAVE;

	if (!syscall(SYS_set_mempolicy, (int)p->mem - 1, listed ? nodes : NULL,
		     listed ? sizeof(nodes) * 8 : 0ul))
		return 0;
	return lm_place_failed(
		why, len, "setting the thread's memory policy (set_mempolicy)",
		"numa_mem_policy", "");
}

int lm_place_apply(const struct lm_place *p, char *why, size_t len)
{
	uint64_t cpus[LM_PLACE_CPUS / 64] = { 0 };
	int ret = 0, c;

	if (!lm_place_any(p)) /* nothing asked: the thread stays as it is */
		return 0;
	if (p->split) {
		c = lm_place_split_cpu(p->cpus, p->index);
		if (c >= 0)
			cpus[c / 64] = 1ull << (c % 64);
		ret = c < 0 ? 0 : lm_place_pin(cpus, "cpus_allowed", why, len);
	} else if (!lm_cpus_none(p->cpus)) {
		ret = lm_place_pin(p->cpus, "cpus_allowed", why, len);
	}
	if (!ret && p->cpu_nodes) {
		ret = lm_place_node_cpus(p->cpu_nodes, cpus, why, len);
		if (!ret && lm_cpus_none(cpus)) {
			snprintf(why, len,
				 "numa_cpu_nodes: its nodes have no CPUs");
			ret = -EINVAL;
		}
		if (!ret)
			ret = lm_place_pin(cpus, "numa_cpu_nodes", why, len);
	}
	if (!ret && p->mem != LM_MEM_UNSET)
		ret = lm_place_mem(p, why, len);
	errno = 0;
	/* glibc's nice() is setpriority() of the calling thread */
	if (!ret && p->nice && nice(p->nice) == -1 && errno)
		ret = lm_place_failed(
			why, len, "setting the thread's niceness", "nice",
			errno == EPERM || errno == EACCES
				? " (a nice below 0 needs root or CAP_SYS_NICE)"
				: "");
	return ret;
}

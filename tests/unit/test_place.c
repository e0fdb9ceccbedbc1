// SPDX-License-Identifier: MIT
/* Where a job's threads run and their memory comes from (place.h): the
 * lists as fio reads them, split's CPUs, and a thread really placed. */
#include "src/job/place.h"
#include "tests/unit/unit.h"

#include <pthread.h>
#include <sched.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static void lm_test_place_lists(void)
{
	uint64_t cpus[LM_PLACE_CPUS / 64], nodes;
	char why[300];

	CU_ASSERT_EQUAL(lm_place_cpulist("0-3,6", 8, cpus, why, sizeof(why)),
			0);
	CU_ASSERT_EQUAL(cpus[0], 0x4full);
	CU_ASSERT_EQUAL(lm_place_cpulist("1,", 2, cpus, why, sizeof(why)), 0);
	CU_ASSERT_EQUAL(cpus[0], 2ull);
	CU_ASSERT_EQUAL(lm_place_cpulist("1000", 1024, cpus, why, sizeof(why)),
			0);
	CU_ASSERT_EQUAL(cpus[15], 1ull << (1000 % 64));
	CU_ASSERT_EQUAL(cpus[0], 0ull);
	/* fio: "CPU 2 too large (max=1)" */
	CU_ASSERT_EQUAL(lm_place_cpulist("0-2", 2, cpus, why, sizeof(why)),
			-ERANGE);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "CPU 2 is not one"));
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "0 to 1"));
	CU_ASSERT_EQUAL(lm_place_cpulist("3-1", 8, cpus, why, sizeof(why)),
			-EINVAL);
	CU_ASSERT_EQUAL(lm_place_cpulist("a", 8, cpus, why, sizeof(why)),
			-EINVAL);
	CU_ASSERT_EQUAL(lm_place_cpulist("1,,2", 8, cpus, why, sizeof(why)),
			-EINVAL);
	CU_ASSERT_EQUAL(lm_place_cpulist("-1", 8, cpus, why, sizeof(why)),
			-EINVAL);
	CU_ASSERT_EQUAL(lm_place_cpulist("", 8, cpus, why, sizeof(why)),
			-EINVAL);

	CU_ASSERT_EQUAL(lm_place_nodelist("all", 0x5, &nodes, why, sizeof(why)),
			0);
	CU_ASSERT_EQUAL(nodes, 0x5ull);
	CU_ASSERT_EQUAL(lm_place_nodelist("0,2", 0x5, &nodes, why, sizeof(why)),
			0);
	CU_ASSERT_EQUAL(nodes, 0x5ull);
	/* a node this process may not use: libnuma's "out of range" */
	CU_ASSERT_EQUAL(lm_place_nodelist("0-1", 0x5, &nodes, why, sizeof(why)),
			-ERANGE);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "node 1 is not one"));
	CU_ASSERT_EQUAL(
		lm_place_nodelist("64", ~0ull, &nodes, why, sizeof(why)),
		-ERANGE);
	CU_ASSERT_EQUAL(lm_place_nodelist("x", 1, &nodes, why, sizeof(why)),
			-EINVAL);
	CU_ASSERT(lm_place_nodes_here() & 1);
}

/* split: the thread numbered N on the (N mod count)-th CPU of the set */
static void lm_test_place_split(void)
{
	uint64_t cpus[LM_PLACE_CPUS / 64] = { 0 };
	struct lm_place p;

	CU_ASSERT_EQUAL(lm_place_split_cpu(cpus, 0), -1);
	cpus[0] = 0x2a; /* CPUs 1, 3, 5 */
	cpus[1] = 1;	/* and 64 */
	CU_ASSERT_EQUAL(lm_place_split_cpu(cpus, 0), 1);
	CU_ASSERT_EQUAL(lm_place_split_cpu(cpus, 2), 5);
	CU_ASSERT_EQUAL(lm_place_split_cpu(cpus, 3), 64);
	CU_ASSERT_EQUAL(lm_place_split_cpu(cpus, 5), 3);
	memset(&p, 0, sizeof(p));
	CU_ASSERT_FALSE(lm_place_any(&p));
	p.cpus[15] = 1ull << 63;
	CU_ASSERT_TRUE(lm_place_any(&p));
	memset(&p, 0, sizeof(p));
	p.mem = LM_MEM_LOCAL;
	CU_ASSERT_TRUE(lm_place_any(&p));
}

struct lm_placed {
	struct lm_place p;
	int ret;
	cpu_set_t got;
	int mode;
	unsigned long nodes[2];
};

/* In a thread of its own, so that the runner's stays as it was. */
static void *lm_place_thread(void *arg)
{
	struct lm_placed *t = arg;
	char why[300];

	t->ret = lm_place_apply(&t->p, why, sizeof(why));
	if (!t->ret)
		t->ret = sched_getaffinity(0, sizeof(t->got), &t->got);
	/* get_mempolicy(mode, nodes, maxnode, addr, flags) */
	if (!t->ret)
		t->ret = (int)syscall(SYS_get_mempolicy, &t->mode, t->nodes,
				      sizeof(t->nodes) * 8, NULL, 0ul);
	return NULL;
}

static void lm_place_run(struct lm_placed *t)
{
	pthread_t tid;

	CU_ASSERT_EQUAL_FATAL(pthread_create(&tid, NULL, lm_place_thread, t),
			      0);
	pthread_join(tid, NULL);
}

/* The thread itself, placed: split over CPUs 0 and 1 (or 0 alone),
 * memory bound to node 0, as the kernel reports them back. */
static void lm_test_place_apply(void)
{
	unsigned int idx, c, cpu[2], n = 0, node = lm_place_nodes_here() & 1;
	struct lm_placed t;
	cpu_set_t may;

	/* the CPUs this process may use (a cpuset may leave out CPU 0),
	 * and node 0 where the process may use it */
	CU_ASSERT_EQUAL_FATAL(sched_getaffinity(0, sizeof(may), &may), 0);
	for (c = 0; c < CPU_SETSIZE && n < 2; c++)
		if (CPU_ISSET(c, &may))
			cpu[n++] = c;
	CU_ASSERT_FATAL(n >= 1);
	for (idx = 0; idx < 2; idx++) {
		memset(&t, 0, sizeof(t));
		for (c = 0; c < n; c++)
			t.p.cpus[cpu[c] / 64] |= 1ull << (cpu[c] % 64);
		t.p.split = true;
		t.p.index = idx;
		t.p.mem = node ? LM_MEM_BIND : LM_MEM_LOCAL;
		t.p.mem_nodes = 1;
		lm_place_run(&t);
		CU_ASSERT_EQUAL(t.ret, 0);
		CU_ASSERT_EQUAL(CPU_COUNT(&t.got), 1);
		CU_ASSERT(CPU_ISSET(cpu[idx % n], &t.got));
		/* MPOL_BIND to node 0, or MPOL_LOCAL */
		CU_ASSERT_EQUAL(t.mode, node ? 2 : 4);
		if (node)
			CU_ASSERT_EQUAL(t.nodes[0], 1ul);
	}
	/* numa_cpu_nodes=0 replaces cpus_allowed: node 0's CPUs (where
	 * sysfs has them) */
	if (node && !access("/sys/devices/system/node/node0/cpulist", R_OK)) {
		memset(&t, 0, sizeof(t));
		t.p.cpus[cpu[0] / 64] = 1ull << (cpu[0] % 64);
		t.p.cpu_nodes = 1;
		lm_place_run(&t);
		CU_ASSERT(t.ret == 0 || t.ret == -EINVAL);
		CU_ASSERT(t.ret || CPU_COUNT(&t.got) >= 1);
		CU_ASSERT_EQUAL(t.mode, 0); /* MPOL_DEFAULT: left alone */
	}
	/* a CPU that is not there: the kernel's error, said */
	memset(&t, 0, sizeof(t));
	t.p.cpus[15] = 1ull << 63;
	lm_place_run(&t);
	CU_ASSERT_EQUAL(t.ret, -EINVAL);
}

/* The CPUs the process may use: its main thread's (this one's), pinned
 * to one CPU and back. */
static void lm_test_place_here(void)
{
	cpu_set_t all, one;
	int c;

	CU_ASSERT_FATAL(getpid() == (pid_t)syscall(SYS_gettid));
	CU_ASSERT_FATAL(!sched_getaffinity(0, sizeof(all), &all));
	CU_ASSERT_EQUAL(lm_place_cpus_here(), (unsigned int)CPU_COUNT(&all));
	for (c = 0; c < CPU_SETSIZE && !CPU_ISSET(c, &all); c++)
		;
	CPU_ZERO(&one);
	CPU_SET(c, &one);
	CU_ASSERT_FATAL(!sched_setaffinity(0, sizeof(one), &one));
	CU_ASSERT_EQUAL(lm_place_cpus_here(), 1);
	CU_ASSERT_FATAL(!sched_setaffinity(0, sizeof(all), &all));
}

int lm_suite_place(void)
{
	static const struct lm_unit_test t[] = {
		{ "CPU and node lists, as fio reads them",
		  lm_test_place_lists },
		{ "split: a CPU each, in turn", lm_test_place_split },
		{ "a thread placed, as the kernel reports it",
		  lm_test_place_apply },
		{ "the CPUs this process may use", lm_test_place_here },
		{ NULL, NULL },
	};
	return lm_unit_add("place", t);
}

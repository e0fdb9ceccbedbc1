/* SPDX-License-Identifier: MIT */
#ifndef LM_RUN_FLOW_H
#define LM_RUN_FLOW_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/*
 * fio's flow: the threads of one run that share a flow_id keep their IOs
 * in the ratio of their flow weights. A thread may issue its next IO
 * only while its share of the flow's IOs is at most its share of the
 * flow's weight; else it waits for the others, as fio's
 * flow_threshold_exceeded(): with flow_sleep, its IOs in flight
 * complete and it sleeps that long; without, it asks again at once,
 * yielding its CPU, its IOs in flight unreaped (pause.c). A thread that
 * is done leaves the flow, its IOs and weight with it, as fio's does, so
 * the others are not held for it.
 */
struct lm_flow {
	unsigned int id;
	_Atomic uint64_t ios; /* issued by the flow's threads in it, plus 1 */
	_Atomic uint64_t weight;
};

#define LM_FLOWS_MAX 64u

/* One run's flows. */
struct lm_flows {
	unsigned int n;
	struct lm_flow f[LM_FLOWS_MAX];
};

/* A thread of @weight joins flow @id (made on first use; NULL when
 * LM_FLOWS_MAX flows are taken). Not thread-safe: before the threads
 * start. */
struct lm_flow *lm_flow_join(struct lm_flows *fl, unsigned int id,
			     unsigned int weight);

/* May a thread of @weight that has issued @mine IOs in @f issue another? */
bool lm_flow_may(const struct lm_flow *f, uint64_t mine, unsigned int weight);

/* It issued one: counted in @f and in *@mine. */
void lm_flow_count(struct lm_flow *f, uint64_t *mine);

/* A thread of @weight that issued @mine IOs leaves @f. */
void lm_flow_leave(struct lm_flow *f, uint64_t mine, unsigned int weight);

#endif

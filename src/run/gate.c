// SPDX-License-Identifier: MIT
/* The start gate of a run's workers (gate.h). */
#include "src/run/gate.h"

void lm_gate_init(struct lm_gate *g)
{
	pthread_mutex_init(&g->lock, NULL);
	pthread_cond_init(&g->cond, NULL);
	g->arrived = 0;
	g->open = false;
}

void lm_gate_destroy(struct lm_gate *g)
{
	pthread_cond_destroy(&g->cond);
	pthread_mutex_destroy(&g->lock);
}

void lm_gate_arrive(struct lm_gate *g)
{
	pthread_mutex_lock(&g->lock);
	g->arrived++;
	pthread_cond_broadcast(&g->cond);
	while (!g->open)
		pthread_cond_wait(&g->cond, &g->lock);
	pthread_mutex_unlock(&g->lock);
}

void lm_gate_wait(struct lm_gate *g, unsigned int started)
{
	pthread_mutex_lock(&g->lock);
	while (g->arrived < started)
		pthread_cond_wait(&g->cond, &g->lock);
	pthread_mutex_unlock(&g->lock);
}

void lm_gate_open(struct lm_gate *g)
{
	pthread_mutex_lock(&g->lock);
	g->open = true;
	pthread_cond_broadcast(&g->cond);
	pthread_mutex_unlock(&g->lock);
}

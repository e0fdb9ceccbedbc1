/* SPDX-License-Identifier: MIT */
#ifndef LM_RUN_GATE_H
#define LM_RUN_GATE_H

#include <pthread.h>
#include <stdbool.h>

/*
 * The start gate: each worker sets itself up, arrives, and waits until the
 * main thread opens the gate for all; the main thread opens it once as
 * many workers as it started have arrived (fewer than planned when a
 * thread could not be created: it then sets the phase to STOP first).
 */
struct lm_gate {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	unsigned int arrived;
	bool open;
};

void lm_gate_init(struct lm_gate *g);
void lm_gate_destroy(struct lm_gate *g);
void lm_gate_arrive(struct lm_gate *g);
/* Wait until @started workers have arrived, and leave the gate shut. */
void lm_gate_wait(struct lm_gate *g, unsigned int started);
/* Let the arrived workers go (after lm_gate_wait()). */
void lm_gate_open(struct lm_gate *g);

#endif

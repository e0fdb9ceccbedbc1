/* SPDX-License-Identifier: MIT */
/*
 * fio's engines' own options, the job files' rows of the option table
 * that fio's io_uring and libaio engines add: hipri, fixedbufs,
 * registerfiles, sqthread_poll, sqthread_poll_cpu, nonvectored, uncached,
 * nowait, force_async, cmd_type (io_uring), userspace_reap (libaio),
 * nowait (both). fio takes each only in a section whose engine has it
 * (struct lm_option's engines; their cmdprio* rows are prio.h's). What
 * they ask of the engine is struct lm_engine_conf's. The table's lookups
 * (src/cli/lookup.c) walk them after the IO priority rows (prio.h).
 */
#ifndef LM_FIO_ENGINE_H
#define LM_FIO_ENGINE_H

#include "src/cli/options.h"

#include <stdbool.h>

extern const struct lm_option lm_fio_engine_options[];
extern const unsigned int lm_fio_nengine_options;

struct lm_fio_job;
struct lm_fio_section;

/* Section @s names an engine (ioengine=, before or after its options)
 * other than the one @fj inherits: fio loads it with its own options'
 * defaults (init.c's ioengine_load()), so the inherited engine's options
 * (sqthread_poll, hipri, nowait, force_async, uncached, cmdprio*) are
 * dropped, before any of the section's is applied. */
void lm_fio_engine_reload(struct lm_fio_job *fj,
			  const struct lm_fio_section *s);

/* Is @key an option of fio's pvsync2 engine of its own (hipri, nowait,
 * ...)? lunmark runs pvsync2 as psync, without them. */
bool lm_fio_pvsync2_opt(const char *key);

/* NULL, or why @fj's engine options cannot run as fio runs them: uncached
 * on a buffered job (fio 3.33's RWF_UNCACHED is a flag Linux never took;
 * each of fio's IOs fails). */
const char *lm_fio_engine_check(const struct lm_fio_job *fj);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * The settings a saved result was measured with, by name, as text: what
 * `lunmark compare` names when they are not the same in every file, so
 * that a difference in the figures is not read as one of configuration
 * when the test itself changed. Queue depths and block sizes are the
 * profile's, named by it; an engine that caps the depth is named as the
 * engine.
 */
#ifndef LM_RESULT_SETTINGS_H
#define LM_RESULT_SETTINGS_H

#include "src/result/load.h"

#include <stddef.h>

enum lm_setting {
	LM_SET_PROFILE,
	LM_SET_RUNTIME,
	LM_SET_SIZE,
	LM_SET_RUNS,
	LM_SET_WARMUP,
	LM_SET_INTERVAL,
	LM_SET_ENGINE,
	LM_SET_TARGET,
	LM_SET_VERSION,
	LM_SET_HOST,
	LM_SET_KERNEL,
	LM_SETTINGS
};

/* "runtime", "engine"...: JSON keys and table words at once. */
extern const char *const lm_setting_names[LM_SETTINGS];

/* Setting @i of @s, as text, in @buf ("?" when the file lacks it). */
void lm_setting_text(const struct lm_saved *s, enum lm_setting i, char *buf,
		     size_t len);

#endif

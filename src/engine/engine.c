// SPDX-License-Identifier: MIT
#include "src/engine/engine.h"

#include <string.h>

static const struct {
	const char *alias;
	const struct lm_engine_ops *ops;
} lm_engines[] = {
	{ "uring", &lm_engine_uring }, { "io_uring", &lm_engine_uring },
	{ "aio", &lm_engine_aio },     { "libaio", &lm_engine_aio },
	{ "psync", &lm_engine_psync }, { "null", &lm_engine_null },
	{ "iscsi", &lm_engine_iscsi }, { "libiscsi", &lm_engine_iscsi },
};

const struct lm_engine_ops *lm_engine_find(const char *name)
{
	unsigned int i;

	for (i = 0; i < sizeof(lm_engines) / sizeof(lm_engines[0]); i++)
		if (!strcmp(name, lm_engines[i].alias))
			return lm_engines[i].ops;
	return NULL;
}

const char *lm_engine_names(void)
{
	return "uring (io_uring), aio (libaio), psync, iscsi (libiscsi), null";
}

// SPDX-License-Identifier: MIT
/* The option table's lookups (options.h): its parts walked as one. */
#include "src/cli/options.h"
#include "fio-compat/durable.h"
#include "fio-compat/engine.h"
#include "fio-compat/files.h"
#include "fio-compat/options.h"
#include "fio-compat/output.h"
#include "fio-compat/pace.h"
#include "fio-compat/place.h"
#include "fio-compat/prio.h"

#include <string.h>

const struct lm_option *lm_opt_at(unsigned int i)
{
	if (i < lm_noptions)
		return &lm_options[i];
	i -= lm_noptions;
	if (i < lm_fio_noptions)
		return &lm_fio_options[i];
	i -= lm_fio_noptions;
	if (i < lm_fio_noutput_options)
		return &lm_fio_output_options[i];
	i -= lm_fio_noutput_options;
	if (i < lm_fio_npace_options)
		return &lm_fio_pace_options[i];
	i -= lm_fio_npace_options;
	if (i < lm_fio_nprio_options)
		return &lm_fio_prio_options[i];
	i -= lm_fio_nprio_options;
	if (i < lm_fio_nengine_options)
		return &lm_fio_engine_options[i];
	i -= lm_fio_nengine_options;
	if (i < lm_fio_nplace_options)
		return &lm_fio_place_options[i];
	i -= lm_fio_nplace_options;
	if (i < lm_fio_ndurable_options)
		return &lm_fio_durable_options[i];
	i -= lm_fio_ndurable_options;
	return i < lm_fio_nfile_options ? &lm_fio_file_options[i] : NULL;
}

static bool lm_opt_named(const struct lm_option *o, const char *name)
{
	return (o->name && !strcmp(o->name, name)) ||
	       (o->fio && !strcmp(o->fio, name));
}

const struct lm_option *lm_opt_target(const struct lm_option *o)
{
	const struct lm_option *t;
	unsigned int i;

	if (o->type != LM_T_ALIAS)
		return o;
	for (i = 0; (t = lm_opt_at(i)); i++)
		if (t->type != LM_T_ALIAS && lm_opt_named(t, o->alias))
			return t;
	return o; /* test_cli.c checks that none is left so */
}

const struct lm_option *lm_opt_fio(const char *key)
{
	const struct lm_option *o;
	unsigned int i;

	for (i = 0; (o = lm_opt_at(i)); i++)
		if (o->fio && !strcmp(o->fio, key))
			return lm_opt_target(o);
	return NULL;
}

bool lm_opt_takes(const struct lm_option *o, enum lm_cmd cmd)
{
	return o->name && (lm_opt_target(o)->cmds & LM_IN(cmd));
}

bool lm_opt_needs_value(const struct lm_option *o)
{
	o = lm_opt_target(o);
	return o->type != LM_T_FLAG && o->type != LM_T_BOOL &&
	       o->type != LM_T_ACCEPT && !(o->flags & LM_OF_OPTIONAL);
}

void lm_cli_longopts(enum lm_cmd cmd, struct option *out, char *shorts)
{
	const struct lm_option *t;
	unsigned int i, n = 0, ns = 0;

	for (i = 0; i < lm_noptions; i++) {
		if (!lm_opt_takes(&lm_options[i], cmd))
			continue;
		t = lm_opt_target(&lm_options[i]);
		out[n].name = lm_options[i].name;
		out[n].has_arg = t->type == LM_T_FLAG	 ? no_argument
				 : lm_opt_needs_value(t) ? required_argument
							 : optional_argument;
		out[n].flag = NULL;
		out[n].val = t->short_opt ? t->short_opt
					  : 256 + (int)(t - lm_options);
		if (t->short_opt && t == &lm_options[i] && ns < 7)
			shorts[ns++] = t->short_opt;
		n++;
	}
	memset(&out[n], 0, sizeof(out[n]));
	shorts[ns] = '\0';
}

const struct lm_option *lm_cli_opt(int val)
{
	unsigned int i;

	if (val >= 256 && val - 256 < (int)lm_noptions)
		return &lm_options[val - 256];
	for (i = 0; i < lm_noptions; i++)
		if (lm_options[i].short_opt && lm_options[i].short_opt == val)
			return &lm_options[i];
	return NULL;
}

const struct lm_option *lm_cli_fio_own(const char *name, size_t n)
{
	unsigned int i;

	for (i = 0; i < lm_noptions; i++)
		if (lm_opt_takes(&lm_options[i], LM_CMD_JOBS) &&
		    strlen(lm_options[i].name) == n &&
		    !strncmp(name, lm_options[i].name, n))
			return &lm_options[i];
	return NULL;
}

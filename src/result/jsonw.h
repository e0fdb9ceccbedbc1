/* SPDX-License-Identifier: MIT */
/*
 * Writing JSON with json-c, one member at a time: the few setters every
 * JSON writer of lunmark (saved results, probe, fio's shape) uses.
 */
#ifndef LM_JSONW_H
#define LM_JSONW_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stdint.h>

static inline void lm_jput(struct json_object *o, const char *k,
			   struct json_object *v)
{
	json_object_object_add(o, k, v);
}

static inline void lm_jput_str(struct json_object *o, const char *k,
			       const char *v)
{
	lm_jput(o, k, json_object_new_string(v ? v : ""));
}

static inline void lm_jput_u64(struct json_object *o, const char *k, uint64_t v)
{
	lm_jput(o, k, json_object_new_uint64(v));
}

static inline void lm_jput_i64(struct json_object *o, const char *k, int64_t v)
{
	lm_jput(o, k, json_object_new_int64(v));
}

static inline void lm_jput_dbl(struct json_object *o, const char *k, double v)
{
	lm_jput(o, k, json_object_new_double(v));
}

static inline void lm_jput_bool(struct json_object *o, const char *k, bool v)
{
	lm_jput(o, k, json_object_new_boolean(v));
}

#endif

// SPDX-License-Identifier: MIT
/* fio's JSON laid out as fio's json.c lays it out (fiojson.h). */
#include "fio-compat/fiojson.h"

#include <errno.h>
#include <json-c/json.h>

/* @key as a JSON string: json-c's escapes (fio's are \ and " alone, and
 * a control character in it would be no JSON) */
static void lm_fio_key(FILE *f, const char *key)
{
	struct json_object *s = json_object_new_string(key);

	fputs(json_object_to_json_string_ext(s, JSON_C_TO_STRING_NOSLASHESCAPE),
	      f);
	json_object_put(s);
}

/* @v at nesting @level: each pair or element on a line of its own, two
 * blanks a level in, a pair as "name" : value */
static void lm_fio_put(FILE *f, struct json_object *v, int level)
{
	enum json_type t = json_object_get_type(v);
	const char *sep = "";
	size_t i, n;

	if (t == json_type_object) {
		fputs("{\n", f);
		json_object_object_foreach(v, key, val)
		{
			fprintf(f, "%s%*s", sep, 2 * (level + 1), "");
			lm_fio_key(f, key);
			fputs(" : ", f);
			lm_fio_put(f, val, level + 1);
			sep = ",\n";
		}
		fprintf(f, "\n%*s}", 2 * level, "");
	} else if (t == json_type_array) {
		fputs("[\n", f);
		n = json_object_array_length(v);
		for (i = 0; i < n; i++) {
			fprintf(f, "%s%*s", sep, 2 * (level + 1), "");
			lm_fio_put(f, json_object_array_get_idx(v, i),
				   level + 1);
			sep = ",\n";
		}
		fprintf(f, "\n%*s]", 2 * level, "");
	} else {
		fputs(json_object_to_json_string_ext(
			      v, JSON_C_TO_STRING_NOSLASHESCAPE),
		      f);
	}
}

int lm_fio_json_print(FILE *f, struct json_object *root)
{
	lm_fio_put(f, root, 0);
	fputc('\n', f);
	return ferror(f) ? -EIO : 0;
}

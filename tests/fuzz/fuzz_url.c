// SPDX-License-Identifier: MIT
/*
 * libFuzzer harness for the iSCSI URL parser and its secret scrubber: any
 * bytes in, no crash, leak or hang. A secret (between user% and the @
 * before any ?) is marked by turning its bytes into DEL: no message may
 * then show a DEL, and the scrubbed URL keeps none. Seeds:
 * tests/fuzz/corpus/url/.
 */
#include "kmod-free/url.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define LM_DEL '\x7f'

/* Mark the secret's bytes in @s, if it has one; whether it had. */
static int lm_fuzz_mark(char *s)
{
	char *end = strchr(s, '?'), *p, *at = NULL, *q;

	if (!end)
		end = s + strlen(s);
	for (q = s + 8; q < end; q++)
		if (*q == '@')
			at = q;
	p = at ? memchr(s + 8, '%', (size_t)(at - s - 8)) : NULL;
	if (strncasecmp(s, "iscsi://", 8) || !p || at - p < 2)
		return 0;
	memset(p + 1, LM_DEL, (size_t)(at - p - 1));
	return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct lm_iscsi_url u;
	char msg[512] = "", *s;
	int marked;

	s = malloc(size + 1);
	if (!s)
		return 0;
	memcpy(s, data, size);
	s[size] = '\0';
	if (memchr(s, LM_DEL, strlen(s)))
		goto out_free; /* a DEL must mean the secret */
	marked = size >= 8 && lm_fuzz_mark(s);
	if (!lm_iscsi_url_parse(s, &u, msg, sizeof(msg)))
		lm_iscsi_url_wipe(&u);
	else if (marked && strchr(msg, LM_DEL))
		abort(); /* an error message showed the secret */
	(void)lm_iscsi_url_scrub(s);
	if (marked && strchr(s, LM_DEL))
		abort(); /* the scrubbed URL still holds it */
out_free:
	free(s);
	return 0;
}

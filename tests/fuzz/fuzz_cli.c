// SPDX-License-Identifier: MIT
/*
 * libFuzzer harness for the command line: the input is split at NUL bytes
 * into arguments after "lunmark" (at most 32), and parsed as main() would.
 * No crash, leak or hang. Seeds: tests/fuzz/corpus/cli/.
 */
#include "src/cli/cli.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define LM_FUZZ_ARGS 32

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *argv[LM_FUZZ_ARGS + 2], *buf, *p, *end;
	static struct lm_cli c;
	char msg[512];
	int argc = 1;

	buf = malloc(size + 1);
	if (!buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	argv[0] = "lunmark";
	for (p = buf, end = buf + size; p <= end && argc <= LM_FUZZ_ARGS;
	     p += strlen(p) + 1)
		argv[argc++] = p;
	argv[argc] = NULL;
	(void)lm_cli_parse(argc, argv, &c, msg, sizeof(msg));
	free(buf);
	return 0;
}

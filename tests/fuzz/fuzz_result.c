// SPDX-License-Identifier: MIT
/*
 * libFuzzer harness for the saved-result reader (report, compare): any
 * bytes in, no crash, leak or hang; a result it takes is freed cleanly.
 * Seeds: tests/fuzz/corpus/result/.
 */
#include "src/result/load.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct lm_saved s;
	char msg[512];

	if (!lm_load_mark_text("fuzz.json", (const char *)data, size, &s, msg,
			       sizeof(msg)))
		lm_saved_free(&s);
	return 0;
}

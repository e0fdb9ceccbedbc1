// SPDX-License-Identifier: MIT
/*
 * libFuzzer harness for the fio job-file reader and the option table:
 * any bytes in, no crash, leak or hang. `make fuzz` runs it for a minute,
 * `make test` for a few seconds, each from tests/fuzz/corpus/jobfile/.
 */
#include "fio-compat/jobfile.h"
#include "fio-compat/options.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct lm_fio_file f;
	struct lm_fio_jobs js = { 0 };
	char msg[512];

	if (!lm_fio_read_text("fuzz.fio", (const char *)data, size, 0, &f, msg,
			      sizeof(msg)))
		(void)lm_fio_jobs_build(&f, false, &js, msg, sizeof(msg));
	lm_fio_jobs_free(&js);
	lm_fio_file_free(&f);
	return 0;
}

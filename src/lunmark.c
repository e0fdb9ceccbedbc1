// SPDX-License-Identifier: MIT
#include "lunmark.h"

#include <stdarg.h>
#include <stdio.h>

volatile sig_atomic_t lm_stop;

void lm_err(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("lunmark: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

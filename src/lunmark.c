// SPDX-License-Identifier: MIT
#include "src/lunmark.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

_Atomic int lm_stop;

static void lm_on_signal(int sig)
{
	lm_stop = lm_stop && sig == SIGINT ? LM_STOP_NOW + sig : sig;
}

void lm_signals_catch(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = lm_on_signal; /* no SA_RESTART: waits wake up */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

/* fmt is checked at lm_err()'s and lm_note()'s callers */
__attribute__((format(printf, 1, 0))) static void lm_say(const char *fmt,
							 va_list ap)
{
	fflush(stdout);
	fputs("lunmark: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void lm_err(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	lm_say(fmt, ap);
	va_end(ap);
}

void lm_note(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	lm_say(fmt, ap);
	va_end(ap);
}

const char *lm_errtext(int err, const char *text)
{
	return text && text[0] ? text : strerror(err);
}

char *lm_strtrim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

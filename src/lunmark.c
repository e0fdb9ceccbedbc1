// SPDX-License-Identifier: MIT
#include "src/lunmark.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
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
__attribute__((format(printf, 2, 0))) static void
lm_say(FILE *to, const char *fmt, va_list ap)
{
	char line[8192] = "lunmark: ";
	size_t n = strlen(line);

	/* one write for the line: under mpirun stdout and stderr are two
	 * pipes, and a message written in pieces came out amid a table */
	vsnprintf(line + n, sizeof(line) - n - 1, fmt, ap);
	n = strlen(line);
	line[n] = '\n';
	if (to == stderr)
		fflush(stdout);
	fwrite(line, 1, n + 1, to);
}

void lm_err(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	lm_say(stderr, fmt, ap);
	va_end(ap);
}

void lm_note(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	lm_say(stderr, fmt, ap);
	va_end(ap);
}

void lm_note_to(FILE *to, const char *fmt, ...)
{
	va_list ap;

	if (!to)
		return;
	va_start(ap, fmt);
	lm_say(to, fmt, ap);
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

bool lm_file_line(const char *dir, const char *name, char *buf, size_t len)
{
	char path[4200];
	size_t n;
	FILE *f;

	if (snprintf(path, sizeof(path), "%s/%s", dir, name) >=
	    (int)sizeof(path))
		return false;
	f = fopen(path, "re");
	if (!f)
		return false;
	if (!fgets(buf, (int)len, f)) {
		fclose(f);
		return false;
	}
	fclose(f);
	n = strlen(buf);
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return true;
}

/* The length of the UTF-8 sequence at @p, 0 when it is not one, or a
 * control character (C1: U+0080..U+009F). */
static size_t lm_utf8_len(const unsigned char *p)
{
	uint32_t cp;
	size_t n, i;

	if (p[0] < 0x80)
		return p[0] >= 0x20 && p[0] != 0x7f;
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		n = 2, cp = p[0] & 0x1f;
	else if (p[0] >= 0xe0 && p[0] <= 0xef)
		n = 3, cp = p[0] & 0x0f;
	else if (p[0] >= 0xf0 && p[0] <= 0xf4)
		n = 4, cp = p[0] & 0x07;
	else
		return 0;
	for (i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (p[i] & 0x3f);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff ||
	    (cp >= 0x80 && cp <= 0x9f))
		return 0;
	return n;
}

bool lm_text_ok(const char *s, size_t *at)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n;

	for (; *p; p += n) {
		n = lm_utf8_len(p);
		if (!n) {
			*at = (size_t)(p - (const unsigned char *)s);
			return false;
		}
	}
	return true;
}

// SPDX-License-Identifier: MIT
#include "kmod-free/url.h"
#include "kmod-free/util.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#define LM_URL_FORM "iscsi://[user[%%secret]@]host[:port]/target-iqn/lun"

bool lm_iscsi_is_url(const char *s)
{
	return !strncasecmp(s, "iscsi://", 8) || !strncasecmp(s, "iser://", 7);
}

static int lm_url_bad(char *msg, size_t len, const char *what)
{
	snprintf(msg, len, "iSCSI URL: %s (the form is " LM_URL_FORM ")", what);
	return -EINVAL;
}

/* Copy [s, e) into @out of @size; false when it does not fit. */
static bool lm_copy(char *out, size_t size, const char *s, const char *e)
{
	size_t n = (size_t)(e - s);

	if (n >= size)
		return false;
	memcpy(out, s, n);
	out[n] = '\0';
	return true;
}

static int lm_parse_userinfo(const char *s, const char *e,
			     struct lm_iscsi_url *u, char *msg, size_t len)
{
	/* libiscsi splits at the first '%': a user name has none */
	const char *pct = memchr(s, '%', (size_t)(e - s));

	if (!lm_copy(u->user, sizeof(u->user), s, pct ? pct : e))
		return lm_url_bad(msg, len, "the CHAP user name is too long");
	if (!u->user[0])
		return lm_url_bad(msg, len,
				  "a CHAP secret needs a user name before it");
	if (pct && !lm_copy(u->secret, sizeof(u->secret), pct + 1, e))
		return lm_url_bad(msg, len, "the CHAP secret is too long");
	return 0;
}

static int lm_parse_host(const char *s, const char *e, struct lm_iscsi_url *u,
			 char *msg, size_t len)
{
	const char *h = s, *he, *colon;
	char *end;
	long port;

	if (*s == '[') {
		he = memchr(s, ']', (size_t)(e - s));
		if (!he)
			return lm_url_bad(
				msg, len,
				"an IPv6 address needs its closing ']'");
		h = s + 1;
		colon = he + 1 < e ? he + 1 : NULL;
		if (colon && *colon != ':')
			return lm_url_bad(msg, len,
					  "only ':port' may follow ']'");
	} else {
		colon = memchr(s, ':', (size_t)(e - s));
		he = colon ? colon : e;
	}
	if (he == h)
		return lm_url_bad(msg, len, "no host name or address");
	if (!lm_copy(u->host, sizeof(u->host), h, he))
		return lm_url_bad(msg, len, "the host name is too long");
	if (!colon)
		return 0;
	errno = 0;
	port = strtol(colon + 1, &end, 10);
	if (colon + 1 == e || end != e || errno || port < 1 || port > 65535)
		return lm_url_bad(msg, len, "the port must be from 1 to 65535");
	u->port = (unsigned int)port;
	return 0;
}

static int lm_parse_digest(const char *v, enum lm_digest *d)
{
	static const char *const names[] = { "none", "crc32c", "crc32c-none",
					     "none-crc32c" };
	unsigned int i;

	for (i = 0; i < LM_KF_ARRAY_SIZE(names); i++) {
		if (!strcmp(v, names[i])) {
			*d = (enum lm_digest)i;
			return 0;
		}
	}
	return -EINVAL;
}

static int lm_parse_param(char *p, struct lm_iscsi_url *u, char *msg,
			  size_t len)
{
	char *v = strchr(p, '=');
	char what[160];

	if (!v) {
		snprintf(what, sizeof(what), "parameter '%.60s' needs =value",
			 p);
		return lm_url_bad(msg, len, what);
	}
	*v++ = '\0';
	if (!strcmp(p, "header_digest")) {
		if (!lm_parse_digest(v, &u->header_digest))
			return 0;
		return lm_url_bad(
			msg, len,
			"header_digest must be none, crc32c, crc32c-none or none-crc32c");
	}
	if (!strcmp(p, "data_digest")) {
		if (!strcmp(v, "none"))
			return 0;
		return lm_url_bad(
			msg, len,
			"data_digest=none is the only choice: libiscsi does not do data digests");
	}
	if (!strcmp(p, "target_user")) {
		if (lm_copy(u->target_user, sizeof(u->target_user), v,
			    v + strlen(v)))
			return 0;
		return lm_url_bad(msg, len, "target_user is too long");
	}
	if (!strcmp(p, "target_password")) {
		if (lm_copy(u->target_secret, sizeof(u->target_secret), v,
			    v + strlen(v)))
			return 0;
		return lm_url_bad(msg, len, "target_password is too long");
	}
	snprintf(
		what, sizeof(what),
		"unknown parameter '%.60s' (known: header_digest, data_digest, target_user, target_password)",
		p);
	return lm_url_bad(msg, len, what);
}

static int lm_parse_params(const char *q, struct lm_iscsi_url *u, char *msg,
			   size_t len)
{
	char buf[1024], *p, *save = NULL;
	int ret = 0;

	if (!lm_copy(buf, sizeof(buf), q, q + strlen(q)))
		return lm_url_bad(msg, len, "the parameters are too long");
	for (p = strtok_r(buf, "&", &save); p && !ret;
	     p = strtok_r(NULL, "&", &save))
		ret = lm_parse_param(p, u, msg, len);
	explicit_bzero(buf, sizeof(buf));
	return ret;
}

/* "/target-iqn/lun" from @s to @e */
static int lm_parse_path(const char *s, const char *e, struct lm_iscsi_url *u,
			 char *msg, size_t len)
{
	const char *slash;
	unsigned long lun = 0;
	const char *p;

	if (s == e || *s != '/' || s + 1 == e)
		return lm_url_bad(msg, len, "no target name after the host");
	s++;
	slash = memrchr(s, '/', (size_t)(e - s));
	if (!slash || slash + 1 == e)
		return lm_url_bad(msg, len,
				  "no LUN number after the target name");
	for (p = slash + 1; p < e; p++) {
		if (!isdigit((unsigned char)*p) || lun > LM_ISCSI_LUN_MAX)
			return lm_url_bad(
				msg, len,
				"the LUN must be a number from 0 to 16383");
		lun = lun * 10 + (unsigned long)(*p - '0');
	}
	if (lun > LM_ISCSI_LUN_MAX)
		return lm_url_bad(msg, len,
				  "the LUN must be a number from 0 to 16383");
	u->lun = (unsigned int)lun;
	if (slash == s)
		return lm_url_bad(msg, len, "no target name after the host");
	if (!lm_copy(u->iqn, sizeof(u->iqn), s, slash))
		return lm_url_bad(msg, len,
				  "the target name is longer than 223 bytes");
	if (!lm_iscsi_name_ok(u->iqn))
		return lm_url_bad(
			msg, len,
			"the target name must start iqn., eui. or naa. and have no spaces or '/'");
	return 0;
}

int lm_iscsi_url_parse(const char *s, struct lm_iscsi_url *u, char *msg,
		       size_t len)
{
	const char *auth, *at, *path, *query, *end;
	int ret;

	memset(u, 0, sizeof(*u));
	u->port = 3260;
	if (!strncasecmp(s, "iser://", 7))
		return lm_url_bad(msg, len,
				  "iser:// is not supported; use iscsi://");
	if (strncasecmp(s, "iscsi://", 8))
		return lm_url_bad(msg, len, "it must start with iscsi://");
	auth = s + 8;
	query = strchr(auth, '?');
	end = query ? query : auth + strlen(auth);
	/* the secret may hold '/' and '@'; the host part and an IQN do not */
	at = NULL;
	for (path = auth; path < end; path++)
		if (*path == '@')
			at = path;
	if (at) {
		ret = lm_parse_userinfo(auth, at, u, msg, len);
		if (ret)
			goto out_wipe;
		auth = at + 1;
	}
	path = memchr(auth, '/', (size_t)(end - auth));
	ret = lm_parse_host(auth, path ? path : end, u, msg, len);
	if (!ret)
		ret = lm_parse_path(path ? path : end, end, u, msg, len);
	if (!ret && query)
		ret = lm_parse_params(query + 1, u, msg, len);
	if (!ret && u->target_secret[0] && !u->target_user[0])
		ret = lm_url_bad(msg, len,
				 "target_password needs target_user too");
out_wipe:
	if (ret)
		lm_iscsi_url_wipe(u);
	return ret;
}

static void lm_fill(char *dst, size_t size, const char *v)
{
	if (!dst[0] && v && strlen(v) < size)
		memcpy(dst, v, strlen(v) + 1);
}

void lm_iscsi_chap_env(struct lm_iscsi_url *u)
{
	/* a URL with a user and no secret takes the secret from here: the
	 * secret then stays out of the command line and of ps */
	lm_fill(u->user, sizeof(u->user), getenv("LIBISCSI_CHAP_USERNAME"));
	lm_fill(u->secret, sizeof(u->secret), getenv("LIBISCSI_CHAP_PASSWORD"));
	lm_fill(u->target_user, sizeof(u->target_user),
		getenv("LIBISCSI_CHAP_TARGET_USERNAME"));
	lm_fill(u->target_secret, sizeof(u->target_secret),
		getenv("LIBISCSI_CHAP_TARGET_PASSWORD"));
}

/* @s without its leading and trailing blanks (the end cut in place). */
static char *lm_chap_trim(char *s)
{
	static const char blank[] = " \t\r\n\f\v";
	char *e;

	s += strspn(s, blank);
	for (e = s + strlen(s); e > s && strchr(blank, e[-1]); e--)
		e[-1] = '\0';
	return s;
}

static int lm_chap_line(char *line, struct lm_iscsi_url *u, const char *path,
			unsigned int n, char *msg, size_t len)
{
	char *eq, *k, *v, *dst;
	size_t size;

	k = lm_chap_trim(line);
	if (!*k || *k == '#')
		return 0;
	eq = strchr(k, '=');
	if (!eq) {
		snprintf(msg, len, "%s:%u: expected 'key = value'", path, n);
		return -EINVAL;
	}
	*eq = '\0';
	k = lm_chap_trim(k);
	v = lm_chap_trim(eq + 1);
	if (!strcmp(k, "username")) {
		dst = u->user;
		size = sizeof(u->user);
	} else if (!strcmp(k, "password")) {
		dst = u->secret;
		size = sizeof(u->secret);
	} else if (!strcmp(k, "target_username")) {
		dst = u->target_user;
		size = sizeof(u->target_user);
	} else if (!strcmp(k, "target_password")) {
		dst = u->target_secret;
		size = sizeof(u->target_secret);
	} else {
		snprintf(
			msg, len,
			"%s:%u: unknown key '%.40s' (username, password, target_username, target_password)",
			path, n, k);
		return -EINVAL;
	}
	if (strlen(v) >= size) {
		snprintf(msg, len, "%s:%u: the value of %s is too long", path,
			 n, k);
		return -EINVAL;
	}
	lm_fill(dst, size, v);
	return 0;
}

int lm_iscsi_chap_file(const char *path, struct lm_iscsi_url *u,
		       bool *others_read, char *msg, size_t len)
{
	char line[1024];
	unsigned int n = 0;
	struct stat st;
	FILE *f;
	int ret = 0;

	f = fopen(path, "re");
	if (!f) {
		ret = -errno;
		snprintf(msg, len, "--chap-file=%s: cannot open: %s", path,
			 strerror(-ret));
		return ret;
	}
	*others_read = !fstat(fileno(f), &st) && (st.st_mode & 077);
	while (!ret && fgets(line, sizeof(line), f)) {
		n++;
		ret = lm_chap_line(line, u, path, n, msg, len);
	}
	explicit_bzero(line, sizeof(line));
	fclose(f);
	return ret;
}

void lm_iscsi_url_display(const struct lm_iscsi_url *u, char *buf, size_t len)
{
	bool v6 = strchr(u->host, ':') != NULL;

	snprintf(buf, len, "iscsi://%s%s%s%s%s:%u/%s/%u", u->user,
		 u->user[0] ? "@" : "", v6 ? "[" : "", u->host, v6 ? "]" : "",
		 u->port, u->iqn, u->lun);
}

void lm_iscsi_portal(const struct lm_iscsi_url *u, char *buf, size_t len)
{
	bool v6 = strchr(u->host, ':') != NULL;

	snprintf(buf, len, "%s%s%s:%u", v6 ? "[" : "", u->host, v6 ? "]" : "",
		 u->port);
}

void lm_iscsi_default_initiator(char *buf, size_t len)
{
	char host[64] = "localhost";
	size_t i;

	if (gethostname(host, sizeof(host) - 1) || !host[0])
		snprintf(host, sizeof(host), "localhost");
	host[sizeof(host) - 1] = '\0';
	for (i = 0; host[i]; i++) {
		unsigned char c =
			(unsigned char)tolower((unsigned char)host[i]);

		host[i] = (char)(isalnum(c) || c == '.' || c == '-' ? c : '-');
	}
	snprintf(buf, len, "iqn.2026-11.io.lunmark:%s", host);
}

bool lm_iscsi_name_ok(const char *s)
{
	const char *p;

	if (strncmp(s, "iqn.", 4) && strncmp(s, "eui.", 4) &&
	    strncmp(s, "naa.", 4))
		return false;
	if (strlen(s) < 5 || strlen(s) >= LM_ISCSI_NAME_MAX)
		return false;
	for (p = s; *p; p++)
		if (isspace((unsigned char)*p) || *p == '/' ||
		    !isprint((unsigned char)*p))
			return false;
	return true;
}

/* Where a URL's text starts past "iscsi://", or fio's escaped
 * "iscsi\\://", at @s; NULL when @s starts no URL. */
static char *lm_url_body(char *s)
{
	if (!strncasecmp(s, "iscsi://", 8))
		return s + 8;
	if (!strncasecmp(s, "iscsi\\://", 9))
		return s + 9;
	return NULL;
}

/*
 * The secrets of the URL whose text starts at @body: user%SECRET@ and
 * target_password=SECRET, overwritten with 'x' (@drop false) or cut out
 * (@drop true, moving the rest of the string). The URL's authority ends
 * at '?' or at a character of @stops ("" for a string that is one URL:
 * then a blank in it is the URL's, and so is any secret after it).
 */
static bool lm_url_secrets(char *body, bool drop, const char *stops)
{
	char *end, *at = NULL, *p, *v;
	char set[8], pset[8];
	size_t n;
	bool had = false;

	snprintf(set, sizeof(set), "?%s", stops);
	snprintf(pset, sizeof(pset), "&%s", stops);
	end = body + strcspn(body, set);
	for (p = body; p < end; p++)
		if (*p == '@')
			at = p;
	p = at ? memchr(body, '%', (size_t)(at - body)) : NULL;
	if (p && at > p + 1) {
		had = true;
		if (drop) {
			memmove(p, at, strlen(at) + 1);
			end -= at - p;
		} else {
			memset(p + 1, 'x', (size_t)(at - p - 1));
		}
	}
	if (*end != '?')
		return had;
	for (v = strstr(end, "target_password="); v;
	     v = strstr(v, "target_password=")) {
		v += strlen("target_password=");
		n = strcspn(v, pset);
		had |= n > 0;
		if (drop)
			memmove(v, v + n, strlen(v + n) + 1);
		else
			memset(v, 'x', n);
	}
	return had;
}

bool lm_iscsi_url_scrub(char *s)
{
	char *body = lm_url_body(s);

	return body && lm_url_secrets(body, false, "");
}

/* Every URL in @s, anywhere: fio's "--filename=iscsi\\://...", a list. */
static bool lm_urls_secrets(char *s, bool drop)
{
	bool had = false;
	char *p, *body;

	for (p = strcasestr(s, "iscsi"); p; p = strcasestr(p + 1, "iscsi")) {
		body = lm_url_body(p);
		if (body)
			had |= lm_url_secrets(body, drop, " \t");
	}
	return had;
}

bool lm_iscsi_text_scrub(char *s)
{
	return lm_urls_secrets(s, false);
}

bool lm_iscsi_text_drop(char *s)
{
	return lm_urls_secrets(s, true);
}

void lm_iscsi_url_wipe(struct lm_iscsi_url *u)
{
	explicit_bzero(u->secret, sizeof(u->secret));
	explicit_bzero(u->target_secret, sizeof(u->target_secret));
}

/* SPDX-License-Identifier: MIT */
/*
 * iSCSI target URLs in libiscsi's form, and where CHAP secrets come from.
 *
 *   iscsi://[user[%secret]@]host[:port]/target-iqn/lun[?param=value&...]
 *
 * host is a name, an IPv4 address or an IPv6 address in brackets; port
 * defaults to 3260. Parameters: header_digest=none|crc32c|crc32c-none|
 * none-crc32c, data_digest=none, target_user=NAME and target_password=SECRET
 * (mutual CHAP). CHAP may also come from a file (--chap-file) or from
 * libiscsi's LIBISCSI_CHAP_USERNAME, LIBISCSI_CHAP_PASSWORD,
 * LIBISCSI_CHAP_TARGET_USERNAME and LIBISCSI_CHAP_TARGET_PASSWORD; the URL
 * wins over the file, the file over the environment.
 *
 * No message written by this module contains a secret, and
 * lm_iscsi_url_display() is the only way a URL is shown.
 */
#ifndef LM_KMF_URL_H
#define LM_KMF_URL_H

#include <stdbool.h>
#include <stddef.h>

/* RFC 7143: an iSCSI name is at most 223 bytes */
#define LM_ISCSI_NAME_MAX 224
#define LM_ISCSI_SECRET_MAX 256
#define LM_ISCSI_LUN_MAX 16383u /* flat space addressing */

enum lm_digest {
	LM_DIGEST_NONE,
	LM_DIGEST_CRC32C,
	LM_DIGEST_CRC32C_NONE, /* prefer crc32c, accept none */
	LM_DIGEST_NONE_CRC32C, /* prefer none, accept crc32c */
};

struct lm_iscsi_url {
	char host[256]; /* without brackets */
	unsigned int port;
	char iqn[LM_ISCSI_NAME_MAX];
	unsigned int lun;
	char user[256];
	char secret[LM_ISCSI_SECRET_MAX];
	char target_user[256]; /* mutual CHAP: the target's name */
	char target_secret[LM_ISCSI_SECRET_MAX];
	enum lm_digest header_digest;
};

/* Does @s start with iscsi:// (or another scheme lunmark names)? */
bool lm_iscsi_is_url(const char *s);

/*
 * Parse @s into @u. Returns 0, or -EINVAL with a message saying what is
 * wrong and what the form is; the message never quotes the secret.
 */
int lm_iscsi_url_parse(const char *s, struct lm_iscsi_url *u, char *msg,
		       size_t len);

/* Fill the CHAP fields @u lacks from the LIBISCSI_CHAP_* variables. */
void lm_iscsi_chap_env(struct lm_iscsi_url *u);

/*
 * Fill the CHAP fields @u lacks from @path: lines "key = value" with keys
 * username, password, target_username, target_password; '#' starts a
 * comment. Returns 0, or -errno with a message naming path:line and the
 * key, never a value. *@others_read says whether users other than its
 * owner may read the file, for the caller to warn about.
 */
int lm_iscsi_chap_file(const char *path, struct lm_iscsi_url *u,
		       bool *others_read, char *msg, size_t len);

/* The URL as shown everywhere: no secret, port always given. */
void lm_iscsi_url_display(const struct lm_iscsi_url *u, char *buf, size_t len);

/* "host:port", or "[v6]:port": what libiscsi connects to. */
void lm_iscsi_portal(const struct lm_iscsi_url *u, char *buf, size_t len);

/*
 * A stable initiator name from the host name:
 * iqn.2026-11.io.lunmark:<host name, lower case, other bytes as '-'>.
 */
void lm_iscsi_default_initiator(char *buf, size_t len);

/* Is @s acceptable as an iSCSI name (iqn., eui. or naa.; no spaces)? */
bool lm_iscsi_name_ok(const char *s);

/*
 * Overwrite, in place, the secrets a URL string holds (after user% and
 * after target_password=) with 'x': for argv, so that ps and
 * /proc/PID/cmdline stop showing them once lunmark has its own copy.
 * Returns whether there was a secret.
 */
bool lm_iscsi_url_scrub(char *s);

/* The same for every URL anywhere in @s (fio's "--filename=iscsi\\://..."
 * argument, or a list of files): in place, with 'x'. */
bool lm_iscsi_text_scrub(char *s);

/* The secrets of every URL in @s cut out ("user%SECRET@" becomes "user@"),
 * for a text lunmark prints or saves (fio's JSON, --export-fio). */
bool lm_iscsi_text_drop(char *s);

/* Overwrite the secrets in @u. */
void lm_iscsi_url_wipe(struct lm_iscsi_url *u);

#endif

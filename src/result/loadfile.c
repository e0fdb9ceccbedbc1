// SPDX-License-Identifier: MIT
/* Reading a saved result from its file (load.h): a regular file of
 * bounded size, read in chunks that a signal can stop, then parsed as
 * lm_load_mark_text() parses any text. */
#include "src/result/load.h"
#include "src/lunmark.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Open @path for reading a result: a regular file, not too large (a FIFO
 * is opened without waiting, then refused). The fd, or -errno said. */
static int lm_load_open(const char *path, char *msg, size_t len)
{
	struct stat st;
	int fd, err;

	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st)) {
		err = errno;
		snprintf(msg, len, "%s: cannot read it: %s", path,
			 strerror(err));
		if (fd >= 0)
			close(fd);
		return -err;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(
			msg, len,
			"%s: not a regular file (give a result saved with 'lunmark mark --json=FILE')",
			path);
		close(fd);
		return -EINVAL;
	}
	return fd;
}

/* All of @fd, at most LM_LOAD_MAX_BYTES, into a new buffer *@text of
 * *@n bytes; a signal stops it. 0, or -errno said in @msg. */
static int lm_load_slurp(int fd, const char *path, char **text, size_t *n,
			 char *msg, size_t len)
{
	size_t cap = 0, want;
	char *buf = NULL, *more;
	ssize_t got;

	*n = 0;
	for (;;) {
		if (lm_stop) {
			snprintf(msg, len, "%s: interrupted while reading it",
				 path);
			free(buf);
			return -EINTR;
		}
		if (*n == (size_t)LM_LOAD_MAX_BYTES + 1) {
			snprintf(
				msg, len,
				"%s: larger than the %u MiB a saved result may hold; is it a lunmark result?",
				path, LM_LOAD_MAX_BYTES >> 20);
			free(buf);
			return -EFBIG;
		}
		if (*n == cap) {
			want = cap ? 2 * cap : 65536;
			if (want > (size_t)LM_LOAD_MAX_BYTES + 1)
				want = (size_t)LM_LOAD_MAX_BYTES + 1;
			more = realloc(buf, want + 1);
			if (!more) {
				snprintf(msg, len,
					 "%s: out of memory reading it", path);
				free(buf);
				return -ENOMEM;
			}
			buf = more;
			cap = want;
		}
		got = read(fd, buf + *n, cap - *n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			snprintf(msg, len, "%s: cannot read it: %s", path,
				 strerror(errno));
			free(buf);
			return -EIO;
		}
		if (!got)
			break;
		*n += (size_t)got;
	}
	buf[*n] = '\0';
	*text = buf;
	return 0;
}

int lm_load_mark(const char *path, struct lm_saved *s, char *msg, size_t len)
{
	size_t n;
	char *text;
	int fd, ret;

	memset(s, 0, sizeof(*s));
	fd = lm_load_open(path, msg, len);
	if (fd < 0)
		return fd;
	ret = lm_load_slurp(fd, path, &text, &n, msg, len);
	close(fd);
	if (ret)
		return ret;
	ret = lm_load_mark_text(path, text, n, s, msg, len);
	free(text);
	return ret;
}

// SPDX-License-Identifier: MIT
/*
 * kmod-free's login as a session opens it (kmod-free/session.h), through
 * its public API, against TCP peers that fail it the ways a target or a
 * network does: nothing listening, a peer that resets the connection.
 * A login that succeeds is tested against tgtd (t-iscsi-*.sh).
 */
#include "kmod-free/session.h"
#include "kmod-free/util.h"
#include "tests/unit/unit.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* A configuration for a login at 127.0.0.1:@port. */
static void lm_t_conf(struct lm_iscsi_conf *c, unsigned int port, char *msg,
		      size_t len)
{
	CU_ASSERT_EQUAL_FATAL(
		lm_iscsi_url_parse(
			"iscsi://127.0.0.1/iqn.2026-11.io.lunmark:x/1", &c->url,
			msg, len),
		0);
	c->url.port = port;
	snprintf(c->portal, sizeof(c->portal), "127.0.0.1:%u", port);
	snprintf(c->display, sizeof(c->display), "iscsi://%s/x/1", c->portal);
	snprintf(c->initiator, sizeof(c->initiator),
		 "iqn.2026-11.io.lunmark:t");
	c->timeout_s = 1;
}

/* A port nothing listens on: refused at once, or with reconnect tried
 * again until the timeout, as a restarting target would be. */
static void lm_test_open_refused(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	socklen_t alen = sizeof(a);
	struct lm_session *p = (void *)1;
	struct lm_iscsi_conf c = { 0 };
	uint64_t t0;
	char msg[1400];
	int fd;

	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	fd = socket(AF_INET, SOCK_STREAM, 0);
	CU_ASSERT_FATAL(fd >= 0);
	CU_ASSERT_EQUAL_FATAL(bind(fd, (struct sockaddr *)&a, sizeof(a)), 0);
	CU_ASSERT_EQUAL_FATAL(getsockname(fd, (struct sockaddr *)&a, &alen), 0);
	close(fd); /* nothing listens there now */
	lm_t_conf(&c, ntohs(a.sin_port), msg, sizeof(msg));
	CU_ASSERT_EQUAL(lm_session_open(&c, 4, 512, &p, msg, sizeof(msg)),
			-ECONNREFUSED);
	CU_ASSERT_PTR_NULL(p);
	c.reconnect = true;
	t0 = lm_kf_now_ms();
	CU_ASSERT_EQUAL(lm_session_open(&c, 4, 512, &p, msg, sizeof(msg)),
			-ECONNREFUSED);
	CU_ASSERT(lm_kf_now_ms() - t0 >= 900);
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "no connection within 1 s"));
	CU_ASSERT_PTR_NOT_NULL(strstr(msg, "Connection refused"));
}

/* A peer that takes the connection and resets it at once. */
/* Accepts, waits for the login's first byte (the initiator has seen
 * the connection made: a reset before that raced libiscsi's connect
 * callback on a loaded machine, and read as "cannot connect"), then
 * resets. */
static void *lm_t_resetter(void *arg)
{
	struct linger lg = { .l_onoff = 1, .l_linger = 0 };
	int fd = accept(*(int *)arg, NULL, NULL);
	char b;

	if (fd >= 0) {
		(void)recv(fd, &b, 1, 0);
		setsockopt(fd, SOL_SOCKET, SO_LINGER, &lg, sizeof(lg));
		close(fd);
	}
	return NULL;
}

/* Connected, then reset during the login: said as such, not as "cannot
 * connect". */
static void lm_test_open_reset(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	socklen_t alen = sizeof(a);
	struct lm_session *p = NULL;
	struct lm_iscsi_conf c = { 0 };
	char msg[1400];
	pthread_t th;
	int l, ret;

	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	l = socket(AF_INET, SOCK_STREAM, 0);
	CU_ASSERT_FATAL(l >= 0);
	CU_ASSERT_EQUAL_FATAL(bind(l, (struct sockaddr *)&a, sizeof(a)), 0);
	CU_ASSERT_EQUAL_FATAL(listen(l, 4), 0);
	CU_ASSERT_EQUAL_FATAL(getsockname(l, (struct sockaddr *)&a, &alen), 0);
	lm_t_conf(&c, ntohs(a.sin_port), msg, sizeof(msg));
	CU_ASSERT_EQUAL_FATAL(pthread_create(&th, NULL, lm_t_resetter, &l), 0);
	ret = lm_session_open(&c, 4, 512, &p, msg, sizeof(msg));
	pthread_join(th, NULL);
	close(l);
	CU_ASSERT(ret == -ECONNRESET || ret == -EPIPE);
	CU_ASSERT_PTR_NOT_NULL(strstr(
		msg,
		"connected, then the connection was lost during the login"));
	CU_ASSERT_PTR_NULL(strstr(msg, "cannot connect"));
	if (!strstr(msg, "during the login"))
		fprintf(stderr, "\n    the message: %s\n", msg);
}

int lm_suite_login(void)
{
	static const struct lm_unit_test t[] = {
		{ "a refused login, tried again with reconnect",
		  lm_test_open_refused },
		{ "connected, then reset during the login",
		  lm_test_open_reset },
		{ NULL, NULL },
	};
	return lm_unit_add("kmod-free login", t);
}

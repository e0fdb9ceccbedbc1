// SPDX-License-Identifier: MIT
/* Latency per IO priority (priolat.h). */
#include "src/stats/priolat.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int lm_priolat_init(struct lm_priolat *p, const uint16_t *val, unsigned int n)
{
	unsigned int i;

	memset(p, 0, sizeof(*p));
	if (n > LM_PRIOLAT_MAX)
		return -EINVAL;
	p->h = calloc(n ? n : 1, sizeof(*p->h));
	if (!p->h)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		p->val[i] = val[i];
		lm_hist_init(&p->h[i]);
	}
	p->n = n;
	return 0;
}

int lm_priolat_add(struct lm_priolat *p, uint16_t val, const struct lm_hist *h)
{
	struct lm_hist *grown;
	unsigned int i;

	for (i = 0; i < p->n; i++)
		if (p->val[i] == val)
			break;
	if (i == LM_PRIOLAT_MAX)
		return 0;
	if (i == p->n) {
		grown = realloc(p->h, (p->n + 1) * sizeof(*p->h));
		if (!grown)
			return -ENOMEM;
		p->h = grown;
		lm_hist_init(&p->h[i]);
		p->val[i] = val;
		p->n++;
	}
	lm_hist_merge(&p->h[i], h);
	return 0;
}

unsigned int lm_priolat_used(const struct lm_priolat *p)
{
	unsigned int i, n = 0;

	for (i = 0; i < p->n; i++)
		n += p->h[i].count != 0;
	return n;
}

int lm_priolat_summarize(struct lm_priolat *p, uint64_t elapsed_ns,
			 unsigned int dir)
{
	unsigned int i;

	free(p->sum);
	p->sum = calloc(p->n ? p->n : 1, sizeof(*p->sum));
	if (!p->sum)
		return -ENOMEM;
	for (i = 0; i < p->n; i++)
		lm_summarize(&p->sum[i], &p->h[i], p->h[i].count, 0, 0,
			     elapsed_ns, NULL, 0, dir);
	return 0;
}

void lm_priolat_free(struct lm_priolat *p)
{
	free(p->h);
	free(p->sum);
	memset(p, 0, sizeof(*p));
}

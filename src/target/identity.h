/* SPDX-License-Identifier: MIT */
/*
 * `lunmark probe`: what a target is, gathered from an opened target
 * (target.h): size and block sizes for every kind; identity and limits
 * from SCSI (iSCSI LUNs) or from sysfs (block devices). Printing is in
 * report/probe.c.
 */
#ifndef LM_TARGET_IDENTITY_H
#define LM_TARGET_IDENTITY_H

#include "kmod-free/pdu.h"
#include "src/target/target.h"

#include <stdbool.h>
#include <stdint.h>

struct lm_identity {
	const char *target; /* display name, no secret */
	const char *kind;
	uint64_t size_bytes;
	uint32_t lbs_bytes;
	uint32_t pbs_bytes; /* physical block; 0 unknown */
	char vendor[64];
	char model[64];
	char revision[32];
	char serial[256];
	uint32_t max_io_bytes;	  /* 0: none reported */
	uint32_t opt_io_bytes;	  /* 0: none reported */
	int thin;		  /* 1 yes, 0 no, -1 unknown */
	int lbprz;		  /* unmapped blocks read zero: 1, 0, -1 */
	int unmap;		  /* UNMAP / discard: 1, 0, -1 */
	const char *provisioning; /* "full", "resource", "thin" or "" */
	int rotational;		  /* 1, 0, -1 unknown */
	/* iSCSI: what the login negotiated; NULL for other kinds */
	const struct lm_iscsi_params *session;
	uint32_t cmd_window; /* MaxCmdSN - ExpCmdSN + 1 after login */
};

/* Fill @p for the opened target @t. Never fails: what is unknown stays so. */
void lm_identity_fill(const struct lm_target *t, struct lm_identity *p);

#endif

/* SPDX-License-Identifier: MIT */
/*
 * What lunmark keeps of an iSCSI target once lm_target_open() probed it:
 * for the target's own files (open, identity, write guard) and the iscsi
 * engine, so that no other engine sees an iSCSI type.
 */
#ifndef LM_TARGET_ISCSI_H
#define LM_TARGET_ISCSI_H

#include "kmod-free/login.h"
#include "kmod-free/scsi.h"
#include "src/target/target.h"

struct lm_iscsi_target {
	struct lm_iscsi_conf conf; /* holds the CHAP secret: never print */
	struct lm_lun_info info;
	struct lm_iscsi_params session; /* as the probe's login negotiated */
};

#endif

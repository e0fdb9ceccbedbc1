/* SPDX-License-Identifier: MIT */
/*
 * What a loop device writes into: its backing file. Holding the loop
 * device O_EXCL (guard.h) keeps its own openers off, not those of its
 * backing file: a second loop device over the image of a mounted
 * filesystem, a block device under it that is mounted, or a program
 * that has the image open (a VM, a target daemon). The guard refuses a
 * write to a loop device whose backing file is so held.
 */
#ifndef LM_LOOP_H
#define LM_LOOP_H

#include <stddef.h>

/*
 * Is the backing file of loop device @fd (not a loop device: 0) used
 * elsewhere? 1 with what holds it in @why ("/dev/loop4, over the same
 * file, is mounted or held"), 0 when not, -errno when it cannot be told.
 */
int lm_loop_backing_held(int fd, char *why, size_t len);

#endif

// SPDX-License-Identifier: MIT
/*
 * lm-noring ERRNO PROGRAM [ARGS...]: run PROGRAM with io_uring_setup(2)
 * failing with ERRNO (a number), as under a seccomp policy that forbids
 * io_uring (Docker's default profile does this with EPERM).
 */
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	unsigned int err;
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_io_uring_setup, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { .len = sizeof(f) / sizeof(f[0]),
				   .filter = f };

	if (argc < 3) {
		fprintf(stderr, "usage: lm-noring ERRNO PROGRAM [ARGS...]\n");
		return 2;
	}
	err = (unsigned int)strtoul(argv[1], NULL, 10);
	f[2].k = SECCOMP_RET_ERRNO | (err & SECCOMP_RET_DATA);
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog)) {
		perror("lm-noring: seccomp");
		return 77;
	}
	execvp(argv[2], argv + 2);
	perror("lm-noring: exec");
	return 127;
}

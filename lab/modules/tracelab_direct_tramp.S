/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tracelab_direct's two direct-call trampolines: entered from the call
 * site of the function under test (or from ftrace's entry code as if
 * from there), each counts its calls and lets the function go on.
 */
#include <linux/linkage.h>
#include <asm/nospec-branch.h>

	.text
SYM_FUNC_START(tracelab_direct_tramp1)
	CALL_DEPTH_ACCOUNT
	lock incq	tracelab_direct_hits1(%rip)
	RET
SYM_FUNC_END(tracelab_direct_tramp1)

SYM_FUNC_START(tracelab_direct_tramp2)
	CALL_DEPTH_ACCOUNT
	lock incq	tracelab_direct_hits2(%rip)
	RET
SYM_FUNC_END(tracelab_direct_tramp2)

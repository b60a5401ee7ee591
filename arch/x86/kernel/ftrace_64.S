/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The function tracer's entry code on x86_64.
 *
 * Every traceable function begins with "call __fentry__" (-mfentry).  At
 * boot dynamic ftrace turns each of those calls into a 5-byte NOP; a call
 * site that a tracer wants is patched into "call ftrace_caller", or into
 * "call ftrace_regs_caller" when a callback asked for the complete
 * register set.  Either way the traced function has not run a single
 * instruction of its own yet, so on entry here:
 *
 *	0(%rsp)	where the traced function resumes (call site + 5)
 *	8(%rsp)	where the traced function returns to (its caller)
 *
 * and the argument registers hold the traced function's arguments.  Both
 * trampolines keep a struct pt_regs on the stack (a struct ftrace_regs),
 * call the current callback through the static call ftrace_trace_func
 * (see below) as
 *
 *	func(ip, parent_ip, op, fregs)
 *
 * with ip the call site's address, and give the traced function back the
 * registers it had.  ftrace_caller saves only what the C calling
 * convention lets the callback clobber and marks the frame partial
 * (cs == 0); ftrace_regs_caller saves everything and resumes wherever the
 * callback left regs->ip and regs->sp, which is how kprobes, livepatch
 * and error injection redirect a function.
 *
 * Direct calls: a site may also call a trampoline that is no part of
 * ftrace (register_ftrace_direct(), BPF's fentry/fexit), entered with the
 * stack just as the site's call leaves it.  When other callbacks want the
 * same function, the site calls one of the trampolines here instead; the
 * direct ops' callback then stores its trampoline's address in orig_ax
 * (arch_ftrace_set_direct_caller()), cleared before the callbacks run,
 * and instead of returning into the traced function the trampoline here
 * goes on to that address with the stack as the call left it: its own
 * return then resumes the traced function.  %r11 carries the address:
 * at a function's entry it holds nothing the function needs.
 *
 * See Documentation/trace/ftrace-design.rst.
 */
#include <linux/export.h>
#include <linux/linkage.h>
#include <linux/objtool.h>
#include <asm/ptrace-abi.h>
#include <asm/segment.h>
#include <asm/unwind_hints.h>

	.code64
	.section .text, "ax"

/*
 * Name the static call's key as C's static_call() does, so that objtool
 * records the calls below as static call sites and the static call code
 * rewrites them in place to call the callback directly.
 */
	.pushsection .discard.addressable
	.quad	__SCK__ftrace_trace_func
	.popsection

/*
 * What the compiler's calls reach until dynamic ftrace has turned them
 * into NOPs (early boot, a module's sites before it is set up).
 */
SYM_FUNC_START(__fentry__)
	RET
SYM_FUNC_END(__fentry__)
EXPORT_SYMBOL(__fentry__)

/* The callback that does nothing: the static call's target when idle. */
SYM_FUNC_START(ftrace_stub)
	RET
SYM_FUNC_END(ftrace_stub)

/*
 * Fill in the parts of the frame both trampolines share and load the
 * callback's arguments.  %rsp points at the frame; the frame sits just
 * below the return address into the traced function.
 */
.macro ftrace_frame_common
	movq	%rdi, RDI(%rsp)
	movq	%rsi, RSI(%rsp)
	movq	%rdx, RDX(%rsp)
	movq	%rcx, RCX(%rsp)
	movq	%r8, R8(%rsp)
	movq	%r9, R9(%rsp)
	movq	%rax, RAX(%rsp)
	movq	%rbp, RBP(%rsp)
	/* The traced function resumes here, after the 5-byte call. */
	movq	FRAME_SIZE(%rsp), %rdi
	movq	%rdi, RIP(%rsp)
	/* Its stack pointer as it was on entry: at its return address. */
	leaq	FRAME_SIZE+8(%rsp), %rsi
	movq	%rsi, RSP(%rsp)
	/* func(ip, parent_ip, op, fregs) */
	subq	$5, %rdi
	movq	FRAME_SIZE+8(%rsp), %rsi
	movq	ftrace_trace_op(%rip), %rdx
	movq	%rsp, %rcx
.endm

/*
 * Go on into the direct trampoline in %r11 with the stack as the call
 * site's call left it (%rsp at the resume address).  By a return, not an
 * indirect jump: with IBT a jump must land on an ENDBR, and a BPF
 * trampoline, only ever called, has none.  The call before it pushes a
 * return stack buffer entry for that return to consume (the return then
 * mispredicts once, into the int3), so the trampoline's own return still
 * finds the site's entry on top; then the slot the call pushed becomes
 * the trampoline's address.
 */
.macro ftrace_go_direct
	ANNOTATE_INTRA_FUNCTION_CALL
	call	.Lgo_direct_\@
	int3
.Lgo_direct_\@:
	movq	%r11, (%rsp)
	UNWIND_HINT_FUNC
	RET
.endm

.macro ftrace_restore_args
	movq	RDI(%rsp), %rdi
	movq	RSI(%rsp), %rsi
	movq	RDX(%rsp), %rdx
	movq	RCX(%rsp), %rcx
	movq	R8(%rsp), %r8
	movq	R9(%rsp), %r9
	movq	RAX(%rsp), %rax
	movq	RBP(%rsp), %rbp
.endm

/*
 * The partial frame: the argument registers, %rax (the vector count of a
 * variadic call), %rbp, ip and sp.  cs stays 0 so that ftrace_get_regs()
 * tells callbacks that the rest is missing.
 */
SYM_FUNC_START(ftrace_caller)
	subq	$FRAME_SIZE, %rsp
	movq	$0, CS(%rsp)
	movq	$0, ORIG_RAX(%rsp)
	ftrace_frame_common
	call	__SCT__ftrace_trace_func
	/* A direct trampoline to go on into, or 0 (see the top). */
	movq	ORIG_RAX(%rsp), %r11
	ftrace_restore_args
	addq	$FRAME_SIZE, %rsp
	testq	%r11, %r11
	jnz	1f
	RET
1:	ftrace_go_direct
SYM_FUNC_END(ftrace_caller)
STACK_FRAME_NON_STANDARD_FP(ftrace_caller)

/*
 * The complete frame, as an exception would build it.  After the
 * callback every register comes back from the frame, and the traced
 * function goes on at regs->ip with its stack pointer at regs->sp - 8:
 * the word there becomes the return address this trampoline returns
 * through.  Unchanged, that is the call site + 5 where the call left it.
 */
SYM_FUNC_START(ftrace_regs_caller)
	subq	$FRAME_SIZE, %rsp
	movq	%rbx, RBX(%rsp)
	movq	%r10, R10(%rsp)
	movq	%r11, R11(%rsp)
	movq	%r12, R12(%rsp)
	movq	%r13, R13(%rsp)
	movq	%r14, R14(%rsp)
	movq	%r15, R15(%rsp)
	pushfq
	popq	EFLAGS(%rsp)
	movq	$__KERNEL_CS, CS(%rsp)
	movq	$__KERNEL_DS, SS(%rsp)
	movq	$0, ORIG_RAX(%rsp)
	ftrace_frame_common
	call	__SCT__ftrace_trace_func

	/*
	 * Where to resume, stored where the return will pop it from; the
	 * frame's sp field then holds the stack pointer to return with.
	 */
	movq	RSP(%rsp), %rax
	subq	$8, %rax
	movq	RIP(%rsp), %rcx
	movq	%rcx, (%rax)
	movq	%rax, RSP(%rsp)

	movq	RBX(%rsp), %rbx
	movq	R10(%rsp), %r10
	movq	R12(%rsp), %r12
	movq	R13(%rsp), %r13
	movq	R14(%rsp), %r14
	movq	R15(%rsp), %r15
	/* A direct trampoline to go on into, or 0 (see the top). */
	movq	ORIG_RAX(%rsp), %r11
	testq	%r11, %r11
	jnz	1f
	movq	R11(%rsp), %r11
	ftrace_restore_args
	movq	RSP(%rsp), %rsp
	UNWIND_HINT_FUNC
	RET
1:	ftrace_restore_args
	movq	RSP(%rsp), %rsp
	UNWIND_HINT_FUNC
	ftrace_go_direct
SYM_FUNC_END(ftrace_regs_caller)
STACK_FRAME_NON_STANDARD_FP(ftrace_regs_caller)

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * Where a hooked function returns to (kernel/trace/fgraph.c): its ret
 * popped the slot that held our address, so %rsp - 8 is that slot.  Only
 * %rax and %rdx may hold what the function returns; every other
 * caller-saved register is free here.  The slot is taken back at once
 * and holds our address again (an interrupt may have written over it),
 * so that an unwinder finds return_to_handler there and asks
 * ftrace_graph_ret_addr(); ftrace_return_to_handler() writes the real
 * address into it before the frame goes, and the final RET returns
 * through it: a return, so no ENDBR is needed at the destination.
 */
SYM_CODE_START(return_to_handler)
	UNWIND_HINT_UNDEFINED
	ANNOTATE_NOENDBR
	leaq	return_to_handler(%rip), %rcx
	pushq	%rcx
	UNWIND_HINT_FUNC
	pushq	%rax
	pushq	%rdx
	/* Keep %rsp 16-byte aligned for the call. */
	subq	$8, %rsp
	leaq	24(%rsp), %rdi
	movq	%rax, %rsi
	call	ftrace_return_to_handler
	addq	$8, %rsp
	popq	%rdx
	popq	%rax
	RET
SYM_CODE_END(return_to_handler)
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86 side of the function tracer: the entry hook's calling convention,
 * and the 32-bit syscalls the syscall events leave out.
 */
#ifndef _ASM_X86_FTRACE_H
#define _ASM_X86_FTRACE_H

#include <linux/string.h>
#include <asm/ptrace.h>

#ifdef CONFIG_FUNCTION_TRACER
#ifndef CC_USING_FENTRY
# error "the x86 function tracer needs a compiler with -mfentry"
#endif

/* The call at every traceable function's entry, and its length. */
#define MCOUNT_ADDR		((unsigned long)(__fentry__))
#define MCOUNT_INSN_SIZE	5

/*
 * With IBT a function starts with ENDBR and its call site follows it; a
 * site further into its symbol is left over from a discarded weak
 * function and is not a function entry.
 */
#include <asm/ibt.h>
#define FTRACE_MCOUNT_MAX_OFFSET	ENDBR_INSN_SIZE

/* Callbacks get their ftrace_ops (include/linux/ftrace.h). */
#define ARCH_SUPPORTS_FTRACE_OPS	1

#ifndef __ASSEMBLY__
void __fentry__(void);

/* The compiler records the call instruction's own address. */
static inline unsigned long ftrace_call_adjust(unsigned long addr)
{
	return addr;
}

/*
 * A direct ops' callback, called from the entry code because other
 * callbacks want the function too, names the trampoline the entry code
 * is to go on into afterwards.  Both trampolines of ftrace_64.S clear
 * orig_ax before the callbacks and jump to it when it is not 0.
 */
#define arch_ftrace_set_direct_caller(fregs, addr)	\
	((fregs)->regs.orig_ax = (addr))

int ftrace_arch_init_site(unsigned long ip);
int ftrace_arch_patch(unsigned long ip, unsigned long from, unsigned long to);
void ftrace_arch_patch_finish(void);
#endif
#endif /* CONFIG_FUNCTION_TRACER */

#ifndef __ASSEMBLY__
#if defined(CONFIG_FTRACE_SYSCALLS) && defined(CONFIG_IA32_EMULATION) && \
	!defined(COMPILE_OFFSETS)
#include <linux/compat.h>

/*
 * A 32-bit task's syscall numbers are not the table's: the syscall
 * events leave its syscalls out rather than name them wrongly (the
 * raw_syscalls events record them with their numbers).
 */
#define ARCH_TRACE_IGNORE_COMPAT_SYSCALLS 1
static inline bool arch_trace_is_compat_syscall(struct pt_regs *regs)
{
	return in_32bit_syscall();
}
#endif

/*
 * mark_rodata_ro() asks for ftrace's own trampolines to be made
 * read-only: there are none, every callback is called from the entry
 * code in the kernel image.
 */
static inline void set_ftrace_ops_ro(void)
{
}
#endif /* !__ASSEMBLY__ */

#endif /* _ASM_X86_FTRACE_H */

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86 side of the function tracer: the entry hook's calling convention
 * and the symbol-name rules the syscall tracer relies on.
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

#ifndef __ASSEMBLY__
void __fentry__(void);
#endif
#endif /* CONFIG_FUNCTION_TRACER */

#ifndef __ASSEMBLY__
#if defined(CONFIG_FUNCTION_TRACER) && defined(CONFIG_DYNAMIC_FTRACE)
void set_ftrace_ops_ro(void);
#else
static inline void set_ftrace_ops_ro(void)
{
}
#endif

/*
 * System call entry points are named __x64_sys_foo, __ia32_sys_foo and
 * so on; the syscall tracer matches them against "sys_foo" by ignoring
 * the prefix up to the first "_sys_".
 */
#define ARCH_HAS_SYSCALL_MATCH_SYM_NAME
static inline bool arch_syscall_match_sym_name(const char *sym,
					       const char *name)
{
	const char *s = sym;

	while (*s && strncmp(s, "_sys_", 5))
		s++;
	if (!*s)
		return !strcmp(sym + 3, name + 3);
	return !strcmp(s + 5, name + 4);
}
#endif /* !__ASSEMBLY__ */

#endif /* _ASM_X86_FTRACE_H */

// SPDX-License-Identifier: GPL-2.0
/*
 * Patching the function tracer's call sites on x86.
 *
 * A call site is the 5-byte instruction at a function's entry that the
 * compiler emitted as "call __fentry__".  It holds a NOP, "call
 * ftrace_caller", "call ftrace_regs_caller" or a call of a direct ops'
 * trampoline (register_ftrace_direct()).  The generic
 * code (kernel/trace/ftrace.c) decides which; this file checks that a
 * site holds what the generic code believes and rewrites it.
 *
 * Before the kernel's text is read-only and while a module is still
 * being formed, nothing else runs the code and the bytes are simply
 * written (text_poke_early()).  Later other CPUs may be executing the
 * very instruction being replaced, so the change goes through
 * text_poke_queue()/text_poke_finish(): an INT3 first, whose handler
 * emulates the new instruction, then the tail, then the first byte,
 * with every CPU synchronised between the steps.  Callers hold
 * text_mutex for those.
 */
#include <linux/ftrace.h>
#include <linux/memory.h>
#include <linux/uaccess.h>
#include <asm/nops.h>
#include <asm/text-patching.h>

/* The instruction a site holds when it calls @dest, or the NOP for 0. */
static void site_insn(u8 *insn, unsigned long ip, unsigned long dest)
{
	if (!dest)
		memcpy(insn, x86_nops[MCOUNT_INSN_SIZE], MCOUNT_INSN_SIZE);
	else
		__text_gen_insn(insn, CALL_INSN_OPCODE, (void *)ip,
				(void *)dest, MCOUNT_INSN_SIZE);
}

/* Does the site hold what @dest says?  0, -EFAULT or -EINVAL. */
static int site_check(unsigned long ip, unsigned long dest)
{
	u8 now[MCOUNT_INSN_SIZE], want[MCOUNT_INSN_SIZE];

	if (copy_from_kernel_nofault(now, (void *)ip, MCOUNT_INSN_SIZE))
		return -EFAULT;
	site_insn(want, ip, dest);
	return memcmp(now, want, MCOUNT_INSN_SIZE) ? -EINVAL : 0;
}

/**
 * ftrace_arch_init_site() - turn a call site into the NOP
 * @ip: the call site, holding the compiler's call to __fentry__ or
 *	already a NOP
 *
 * For boot and for a module being formed: nothing else can run the
 * site, so the bytes are written directly.
 *
 * Return: 0, -EFAULT if the site cannot be read, -EINVAL if it holds
 * something else.
 */
int __init_or_module ftrace_arch_init_site(unsigned long ip)
{
	u8 nop[MCOUNT_INSN_SIZE];

	if (!site_check(ip, 0))
		return 0;
	if (site_check(ip, MCOUNT_ADDR))
		return -EINVAL;
	site_insn(nop, ip, 0);
	text_poke_early((void *)ip, nop, MCOUNT_INSN_SIZE);
	return 0;
}

/**
 * ftrace_arch_patch() - change what a call site calls
 * @ip: the call site
 * @from: the trampoline it calls now, or 0 for the NOP
 * @to: the trampoline it is to call, or 0 for the NOP
 *
 * The change is queued; the caller holds text_mutex and ends the batch
 * with ftrace_arch_patch_finish().  A site that does not hold what @from
 * says is left alone.
 *
 * Return: 0, -EFAULT if the site cannot be read, -EINVAL if it holds
 * something else.
 */
int ftrace_arch_patch(unsigned long ip, unsigned long from, unsigned long to)
{
	u8 insn[MCOUNT_INSN_SIZE];
	int ret;

	ret = site_check(ip, from);
	if (ret)
		return ret;
	site_insn(insn, ip, to);
	text_poke_queue((void *)ip, insn, MCOUNT_INSN_SIZE, NULL);
	return 0;
}

/**
 * ftrace_arch_patch_finish() - apply the changes ftrace_arch_patch() queued
 *
 * Called with text_mutex held.
 */
void ftrace_arch_patch_finish(void)
{
	lockdep_assert_held(&text_mutex);
	text_poke_finish();
}

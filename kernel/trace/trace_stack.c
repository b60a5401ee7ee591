// SPDX-License-Identifier: GPL-2.0
/*
 * The stack tracer: how deep the kernel's task stacks have gone.
 *
 * While kernel.stack_tracer_enabled is 1 (or the kernel was booted with
 * "stacktrace"), an ftrace callback runs at the entry of every traced
 * function - every function, or those stack_trace_filter names - and
 * measures the task stack in use at that point: from the top of the
 * current task's stack down to the slot the entry hook's return address
 * went to.  When that beats the deepest seen so far, it keeps the call
 * chain (stack_trace_save()) and, for each return address in it, the
 * slot on the stack where it was found: the distance from that slot to
 * the top is the frame's depth, and the difference between two
 * neighbouring depths is the size of the frame in between.
 *
 * Top-level tracefs files, as in Linux 6.12:
 *
 *   stack_max_size      the deepest stack, in bytes; a number written
 *                       replaces it (0 starts over)
 *   stack_trace         the call chain of that deepest stack
 *   stack_trace_filter  which functions are checked, in the syntax of
 *                       set_ftrace_filter (ftrace_files.c serves it)
 *
 * Only the task stack is measured: interrupt, exception and NMI stacks
 * are other memory, and a callback running on one of them returns at
 * once.  The record is replaced under an arch spinlock with interrupts
 * off; a per-CPU counter keeps the callback from running while that CPU
 * holds the lock, or inside its own unwinding, or where the kernel asked
 * it not to (stack_tracer_disable()).
 */
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/sched/task_stack.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/stacktrace.h>
#include <linux/sysctl.h>
#include <asm/setup.h>

#include "trace_tracers.h"

/* The most frames kept of the deepest stack. */
#define STACK_FRAMES	256

/**
 * struct stack_deepest - the deepest stack seen
 * @max: its depth in bytes (stack_max_size); a write may lower it below
 *	@depth[0], which the next deeper stack then replaces
 * @nr: frames in @ip and @depth
 * @ip: the return addresses, the traced function first
 * @depth: for each, the bytes from the stack slot it was found in to the
 *	top of the stack
 */
struct stack_deepest {
	unsigned long	max;
	unsigned int	nr;
	unsigned long	ip[STACK_FRAMES];
	unsigned int	depth[STACK_FRAMES];
};

static struct stack_deepest deepest;
/* The unwinder's output, before the frames are matched to the stack. */
static unsigned long stack_scratch[STACK_FRAMES];
/* Guards deepest and stack_scratch; taken with interrupts off. */
static arch_spinlock_t deepest_lock = __ARCH_SPIN_LOCK_UNLOCKED;

/*
 * Non-zero while the callback must not run on this CPU: it is running
 * already, the CPU holds deepest_lock, or stack_tracer_disable().
 */
DEFINE_PER_CPU(int, stack_tracer_off);

int stack_tracer_enabled;
/* Serialises turning the tracer on and off. */
static DEFINE_MUTEX(stack_switch_lock);

/*
 * Take deepest_lock from process context: interrupts off, and the
 * callback kept off this CPU so that a traced function called under the
 * lock does not try to take it again.
 */
static unsigned long deepest_lock_irqsave(void)
{
	unsigned long flags;

	raw_local_irq_save(flags);
	__this_cpu_inc(stack_tracer_off);
	arch_spin_lock(&deepest_lock);
	return flags;
}

static void deepest_unlock_irqrestore(unsigned long flags)
{
	arch_spin_unlock(&deepest_lock);
	__this_cpu_dec(stack_tracer_off);
	raw_local_irq_restore(flags);
}

/*
 * The word at @q, a slot of the current task's stack: a return address
 * the function graph tracer hooked (return_to_handler) reads as the one
 * it stands for, as the unwinder reports it.
 */
static unsigned long stack_word(unsigned long *q)
{
	int idx = 0;

	return ftrace_graph_ret_addr(current, &idx, READ_ONCE_NOCHECK(*q), q);
}

/*
 * Record the current call chain as the deepest, @depth bytes deep at
 * @slot, where the traced function's entry hook left @ret.  Every frame
 * is looked for on the stack above the previous one; a return address
 * the unwinder gave but the stack does not hold (above @slot) is left
 * out, which also drops the tracer's own frames below @slot.
 */
static void deepest_record(unsigned long ret, unsigned long *slot,
			   unsigned long *top, unsigned long depth)
{
	unsigned int nr, i, n = 0;
	unsigned long *p = slot;

	nr = stack_trace_save(stack_scratch, STACK_FRAMES, 0);
	for (i = 0; i < nr && stack_scratch[i] != ret; i++)
		;
	if (i == nr)
		i = 0;
	for (; i < nr; i++) {
		unsigned long *q;

		for (q = p; q < top; q++)
			if (stack_word(q) == stack_scratch[i])
				break;
		if (q == top)
			continue;
		deepest.ip[n] = stack_scratch[i];
		deepest.depth[n] = (top - q) * sizeof(*q);
		n++;
		p = q + 1;
	}
	deepest.nr = n;
	deepest.max = depth;
}

/*
 * The callback, at the entry of each function stack_trace_filter lets
 * through.  ftrace calls it with preemption off and guards it against
 * recursion through itself; fregs holds the stack pointer the traced
 * function was entered with.
 */
static void stack_trace_call(unsigned long ip, unsigned long parent_ip,
			     struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	unsigned long base = (unsigned long)task_stack_page(current);
	unsigned long top = base + THREAD_SIZE;
	unsigned long sp, depth, flags;
	unsigned long *slot;

	if (!fregs)
		return;
	sp = ftrace_regs_get_stack_pointer(fregs);
	/* The entry hook's return address is in the word below sp. */
	if (sp <= base + sizeof(long) || sp > top)
		return;
	slot = (unsigned long *)sp - 1;
	depth = top - (unsigned long)slot;
	if (depth <= READ_ONCE(deepest.max) || in_nmi())
		return;

	if (this_cpu_inc_return(stack_tracer_off) != 1)
		goto out;
	raw_local_irq_save(flags);
	arch_spin_lock(&deepest_lock);
	/* Another CPU may have gone deeper meanwhile. */
	if (depth > deepest.max)
		deepest_record(ip + MCOUNT_INSN_SIZE, slot,
			       (unsigned long *)top, depth);
	arch_spin_unlock(&deepest_lock);
	raw_local_irq_restore(flags);
out:
	this_cpu_dec(stack_tracer_off);
}

/*
 * The stack tracer's callback; its filter set is stack_trace_filter
 * (ftrace_files.c edits it).
 */
struct ftrace_ops stack_trace_ops = {
	.func	= stack_trace_call,
};

/* Attach or detach the callback as @on says; stack_switch_lock held. */
static int stack_tracer_switch(bool on)
{
	bool was = stack_trace_ops.flags & FTRACE_OPS_FL_ENABLED;

	lockdep_assert_held(&stack_switch_lock);
	if (on == was)
		return 0;
	if (on)
		return register_ftrace_function(&stack_trace_ops);
	return unregister_ftrace_function(&stack_trace_ops);
}

/**
 * stack_trace_sysctl() - read or write kernel.stack_tracer_enabled
 * @table: the sysctl's entry (its data is stack_tracer_enabled)
 * @write: whether this is a write
 * @buffer: the text read or written
 * @lenp: its length
 * @ppos: the file position
 *
 * A non-zero value attaches the stack tracer, 0 detaches it; the deepest
 * stack recorded stays until stack_max_size is written.
 *
 * Return: 0, -EINVAL for a value that is not a number, or the error of
 * attaching the callback (then the value stays as it was).
 */
int stack_trace_sysctl(const struct ctl_table *table, int write, void *buffer,
		       size_t *lenp, loff_t *ppos)
{
	int was, ret;

	mutex_lock(&stack_switch_lock);
	was = stack_tracer_enabled;
	ret = proc_dointvec(table, write, buffer, lenp, ppos);
	if (!ret && write) {
		ret = stack_tracer_switch(stack_tracer_enabled);
		if (ret)
			stack_tracer_enabled = was;
	}
	mutex_unlock(&stack_switch_lock);
	return ret;
}

/* ---- stack_max_size ------------------------------------------------ */

static ssize_t stack_max_size_read(struct file *filp, char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	return trace_read_text(ubuf, cnt, ppos, "%lu\n",
			       READ_ONCE(deepest.max));
}

static ssize_t stack_max_size_write(struct file *filp,
				    const char __user *ubuf, size_t cnt,
				    loff_t *ppos)
{
	unsigned long val, flags;
	ssize_t ret = trace_write_ulong(ubuf, cnt, &val);

	if (ret)
		return ret;
	flags = deepest_lock_irqsave();
	deepest.max = val;
	deepest_unlock_irqrestore(flags);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations stack_max_size_fops = {
	.open		= tracing_open_generic,
	.read		= stack_max_size_read,
	.write		= stack_max_size_write,
	.llseek		= generic_file_llseek,
};

/* ---- stack_trace --------------------------------------------------- */

/*
 * A reader gets a copy of the record, taken at open: the lock is not held
 * while the symbols are looked up and the text is written.
 */
static void *stack_trace_start(struct seq_file *m, loff_t *pos)
{
	struct stack_deepest *d = m->private;

	if (!*pos)
		return SEQ_START_TOKEN;
	return *pos <= d->nr ? &d->ip[*pos - 1] : NULL;
}

static void *stack_trace_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return stack_trace_start(m, pos);
}

static void stack_trace_stop(struct seq_file *m, void *v)
{
}

static int stack_trace_show(struct seq_file *m, void *v)
{
	struct stack_deepest *d = m->private;
	unsigned int i, size;

	if (v == SEQ_START_TOKEN) {
		seq_printf(m, "        Depth    Size   Location    (%d entries)\n"
			   "        -----    ----   --------\n", d->nr);
		if (!READ_ONCE(stack_tracer_enabled) && !d->max)
			seq_puts(m, "#\n"
				 "#  Stack tracer disabled\n"
				 "#\n"
				 "# To enable the stack tracer, either add 'stacktrace' to the\n"
				 "# kernel command line\n"
				 "# or 'echo 1 > /proc/sys/kernel/stack_tracer_enabled'\n"
				 "#\n");
		return 0;
	}
	i = (unsigned long *)v - d->ip;
	/* The outermost frame's size is what remains up to the top. */
	size = d->depth[i] - (i + 1 < d->nr ? d->depth[i + 1] : 0);
	seq_printf(m, "%3u) %8u   %5u   %pS\n", i, d->depth[i], size,
		   (void *)d->ip[i]);
	return 0;
}

static const struct seq_operations stack_trace_seq_ops = {
	.start	= stack_trace_start,
	.next	= stack_trace_next,
	.stop	= stack_trace_stop,
	.show	= stack_trace_show,
};

static int stack_trace_open(struct inode *inode, struct file *filp)
{
	struct stack_deepest *d;
	unsigned long flags;
	int ret;

	ret = security_locked_down(LOCKDOWN_TRACEFS);
	if (ret)
		return ret;
	d = __seq_open_private(filp, &stack_trace_seq_ops, sizeof(*d));
	if (!d)
		return -ENOMEM;
	flags = deepest_lock_irqsave();
	d->max = deepest.max;
	d->nr = deepest.nr;
	memcpy(d->ip, deepest.ip, d->nr * sizeof(d->ip[0]));
	memcpy(d->depth, deepest.depth, d->nr * sizeof(d->depth[0]));
	deepest_unlock_irqrestore(flags);
	return 0;
}

static const struct file_operations stack_trace_fops = {
	.open		= stack_trace_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release_private,
};

/* ---- boot options and set-up ---------------------------------------- */

static char boot_filter[COMMAND_LINE_SIZE] __initdata;

/* "stacktrace": on from boot; "stacktrace_filter=" also sets the filter. */
static int __init stack_trace_boot(char *str)
{
	static const char opt[] = "_filter=";

	if (!strncmp(str, opt, sizeof(opt) - 1))
		strscpy(boot_filter, str + sizeof(opt) - 1, sizeof(boot_filter));
	else if (*str)
		return 0;
	stack_tracer_enabled = 1;
	return 1;
}
__setup("stacktrace", stack_trace_boot);

static int __init stack_trace_init(void)
{
	int ret;

	if (tracing_is_disabled())
		return 0;
	trace_create_file("stack_max_size", TRACE_MODE_WRITE, NULL, NULL,
			  &stack_max_size_fops);
	trace_create_file("stack_trace", TRACE_MODE_READ, NULL, NULL, &stack_trace_fops);
	if (boot_filter[0]) {
		/* The option separates functions with commas. */
		strreplace(boot_filter, ',', ' ');
		if (ftrace_set_filter(&stack_trace_ops,
				      (unsigned char *)boot_filter,
				      strlen(boot_filter), 1))
			pr_warn("stacktrace_filter=: no function matches '%s'\n",
				boot_filter);
	}
	if (!stack_tracer_enabled)
		return 0;
	mutex_lock(&stack_switch_lock);
	ret = stack_tracer_switch(true);
	if (ret) {
		stack_tracer_enabled = 0;
		pr_warn("stacktrace: could not attach the stack tracer (%d)\n",
			ret);
	}
	mutex_unlock(&stack_switch_lock);
	return 0;
}

/* After tracer_init_tracefs() (fs_initcall) made the tracefs root. */
device_initcall(stack_trace_init);

// SPDX-License-Identifier: GPL-2.0
/*
 * The sessions of the tracing core.
 *
 * A session (&struct trace_array) is one ring buffer and the state that
 * says what is written into it: options, clock, CPU mask, its events'
 * switches and filters, its tracer.  The top level of tracefs is the
 * session global_trace, made at boot; each directory under instances/
 * is another (trace_instances.c).  This file makes and frees sessions,
 * counts their users, and offers what writes records into a session's
 * buffer.  The files that show and control a session are above it:
 * trace_readers.c, trace_control.c, trace_events.c, trace_functions.c.
 *
 * The rules for the sessions' lifetime and locking are in
 * Documentation/trace/instances.rst.
 */
#include <linux/ctype.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/stacktrace.h>
#include <linux/string.h>
#include <linux/trace_clock.h>
#include <linux/uaccess.h>

#include "trace_session.h"

/*
 * Per-CPU buffer size in bytes once a session is used; trace_buf_size=
 * on the command line.  The top level starts at the ring buffer's
 * smallest size and grows to this on first use (tracing_update_buffers()),
 * unless the command line asks for tracing from boot.
 */
#define TRACE_BUF_SIZE_DEFAULT	1441792UL
static unsigned long trace_buf_size = TRACE_BUF_SIZE_DEFAULT;
static bool trace_expand_at_boot __initdata;
static bool trace_boot_traces __initdata;

static int __init set_buf_size(char *str)
{
	unsigned long size = memparse(str, &str);

	if (size)
		trace_buf_size = max(4096UL, size);
	trace_expand_at_boot = true;
	return 1;
}
__setup("trace_buf_size=", set_buf_size);

/**
 * trace_boot_expand() - give the top level its full buffer from boot
 *
 * For the command-line options that trace from boot (trace_event=,
 * alloc_snapshot, ...): the buffer cannot be resized that early.
 */
void __init trace_boot_expand(void)
{
	trace_expand_at_boot = true;
	trace_boot_traces = true;
}

/**
 * trace_boot_traced() - whether the command line asked to trace from boot
 *
 * Boot self-tests that would record into or drain the top-level buffer
 * skip that step then, so the boot trace is kept.
 *
 * Return: true after trace_boot_expand().
 */
bool __init trace_boot_traced(void)
{
	return trace_boot_traces;
}

/**
 * trace_expanded_size() - the per-CPU size a session's buffer grows to
 *
 * Return: bytes, TRACE_BUF_SIZE_DEFAULT or trace_buf_size=.
 */
unsigned long trace_expanded_size(void)
{
	return trace_buf_size;
}

/* Options a new session starts with. */
#define TRACE_FLAGS_DEFAULT						\
	(TRACE_ITER(PRINT_PARENT) | TRACE_ITER(PRINTK) |		\
	 TRACE_ITER(ANNOTATE) | TRACE_ITER(CONTEXT_INFO) |		\
	 TRACE_ITER(RECORD_CMD) | TRACE_ITER(OVERWRITE) |		\
	 TRACE_ITER(IRQ_INFO) | TRACE_ITER(MARKERS) | TRACE_ITER(HASH_PTR) | \
	 TRACE_ITER(GRAPH_CPU) | TRACE_ITER(GRAPH_OVERHEAD) |		\
	 TRACE_ITER(GRAPH_DURATION) | TRACE_ITER(GRAPH_IRQS) |		\
	 TRACE_ITER(SLEEP_TIME) | TRACE_ITER(GRAPH_TIME) |		\
	 (TRACE_ITER(FUNCTION) & ~TRACE_ITER_UNBUILT))

/*
 * tracing_thresh, in ns: the latency tracers and the function_graph
 * tracer record only what took at least this long (0: everything).
 */
unsigned long tracing_thresh;

/* The top-level session; its buffer is allocated by early_trace_init(). */
struct trace_array global_trace;

/* Every live session, global_trace first; under trace_types_lock. */
LIST_HEAD(trace_arrays);

/**
 * trace_read_lock() - keep the other readers away from CPU buffers
 * @tr: the trace array
 * @cpu: the CPU whose buffer is read, or %RING_BUFFER_ALL_CPUS
 *
 * The access rule above the ring buffer (Documentation/trace/
 * ring-buffer-design.rst, "Readers above the ring buffer"): an event that
 * ring_buffer_peek() returned lives in the CPU buffer's reader sub-buffer
 * or its bounce copy, which the next read of that CPU buffer, by anybody,
 * may recycle.  A reader therefore holds this from its peek until it is
 * done with the event; whoever resets or reshapes the buffer holds it for
 * every CPU.  Readers of one CPU buffer exclude each other only; a reader
 * of every CPU buffer excludes all.
 *
 * Lock order: trace_types_lock, @tr->read_all, @tr->read_cpu[@cpu], then
 * trace_event_sem (taken to print a record) and the ring buffer's locks.
 * Never held while waiting for data.
 *
 * Context: Process context, may sleep.
 */
void trace_read_lock(struct trace_array *tr, int cpu)
{
	if (cpu == RING_BUFFER_ALL_CPUS) {
		down_write(&tr->read_all);
		return;
	}
	down_read(&tr->read_all);
	mutex_lock(&tr->read_cpu[cpu]);
}

/**
 * trace_read_unlock() - undo trace_read_lock()
 * @tr: the trace array
 * @cpu: as given to trace_read_lock()
 */
void trace_read_unlock(struct trace_array *tr, int cpu)
{
	if (cpu == RING_BUFFER_ALL_CPUS) {
		up_write(&tr->read_all);
		return;
	}
	mutex_unlock(&tr->read_cpu[cpu]);
	up_read(&tr->read_all);
}

/*
 * Serialises the sessions' list and reference counts, and the changes of
 * their tracer, options, clock, cpumask, sizes and events.
 */
DEFINE_MUTEX(trace_types_lock);

/* ---- small helpers ---------------------------------------------------- */

/**
 * tracing_is_disabled() - whether the tracing core failed to start
 *
 * Return: true when the trace buffer could not be allocated.
 */
bool tracing_is_disabled(void)
{
	return !global_trace.buffer;
}

/**
 * tracing_open_generic() - open a tracing file whose data is in the inode
 * @inode: the file's inode; i_private is the file's data
 * @filp: the open file; its private_data gets the data
 *
 * Return: 0, or -ENODEV if tracing did not start.
 */
int tracing_open_generic(struct inode *inode, struct file *filp)
{
	if (tracing_is_disabled())
		return -ENODEV;
	filp->private_data = inode->i_private;
	return 0;
}

/**
 * trace_create_file() - create a tracefs file, warning on failure
 * @name: its name
 * @mode: its permissions
 * @parent: its directory
 * @data: stored in its inode's i_private
 * @fops: its operations
 *
 * Return: the file's dentry, or NULL.
 */
struct dentry *trace_create_file(const char *name, umode_t mode,
				 struct dentry *parent, void *data,
				 const struct file_operations *fops)
{
	struct dentry *d = tracefs_create_file(name, mode, parent, data, fops);

	if (!d)
		pr_warn("Could not create tracefs '%s' entry\n", name);
	return d;
}

/**
 * trace_parse_write() - copy a user write into a NUL-terminated buffer
 * @ubuf: the user's bytes
 * @cnt: how many
 * @buf: where to put them
 * @size: the size of @buf
 *
 * Trailing white space is dropped.  A write with a NUL byte in it is
 * taken up to the NUL.
 *
 * Return: the length of the text in @buf, or -EINVAL if it does not fit,
 * or -EFAULT.
 */
ssize_t trace_parse_write(const char __user *ubuf, size_t cnt, char *buf,
			  size_t size)
{
	size_t len;

	if (cnt >= size)
		return -EINVAL;
	if (copy_from_user(buf, ubuf, cnt))
		return -EFAULT;
	buf[cnt] = '\0';
	len = strlen(buf);
	while (len && isspace(buf[len - 1]))
		buf[--len] = '\0';
	return len;
}

/**
 * trace_write_ulong() - parse a user write of one decimal number
 * @ubuf: the user's bytes
 * @cnt: how many
 * @val: the number
 *
 * Return: 0, or -EINVAL, -ERANGE or -EFAULT.
 */
ssize_t trace_write_ulong(const char __user *ubuf, size_t cnt,
			  unsigned long *val)
{
	char buf[32];
	ssize_t ret = trace_parse_write(ubuf, cnt, buf, sizeof(buf));

	if (ret < 0)
		return ret;
	return kstrtoul(strim(buf), 10, val);
}

/**
 * trace_read_text() - read() of a short formatted text
 * @ubuf: the user's buffer
 * @cnt: its size
 * @ppos: the file position
 * @fmt: the text's format, up to 63 characters once formatted
 *
 * Return: as simple_read_from_buffer().
 */
ssize_t trace_read_text(char __user *ubuf, size_t cnt, loff_t *ppos,
			const char *fmt, ...)
{
	char buf[64];
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vscnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

/* ---- writing records -------------------------------------------------- */

/**
 * trace_buffer_lock_reserve() - reserve a record of the core's own types
 * @buffer: the ring buffer
 * @type: the record type (enum trace_type or an event id)
 * @len: the record's length, &struct trace_entry included
 * @trace_ctx: the context from tracing_gen_ctx()
 *
 * Return: the reserved ring buffer event with its common header filled
 * in, or NULL; commit it with ring_buffer_unlock_commit().
 */
struct ring_buffer_event *
trace_buffer_lock_reserve(struct trace_buffer *buffer, int type,
			  unsigned long len, unsigned int trace_ctx)
{
	struct ring_buffer_event *event;

	event = ring_buffer_lock_reserve(buffer, len);
	if (likely(event))
		tracing_generic_entry_update(ring_buffer_event_data(event),
					     type, trace_ctx);
	else
		ring_buffer_account_refusal(buffer, type);
	return event;
}

#ifdef CONFIG_STACKTRACE
/*
 * The frames of a stack record are gathered in a per-CPU scratch area
 * before the record is reserved (its size depends on them): one area per
 * level a writer may nest to on a CPU - task, softirq, irq, NMI - taken
 * in turn by stack_level.  A deeper writer records nothing.
 */
#define STACK_LEVELS	4
#define STACK_MAX	64

struct stack_scratch {
	unsigned long	ip[STACK_LEVELS][STACK_MAX];
};

static DEFINE_PER_CPU(struct stack_scratch, stack_scratch);
static DEFINE_PER_CPU(int, stack_level);

/* How many of @ips to drop so the first one is in the function at @from. */
static unsigned int stack_trim(const unsigned long *ips, unsigned int nr,
			       unsigned long from)
{
	unsigned long size, offset, start;
	unsigned int i;

	if (!from || !kallsyms_lookup_size_offset(from, &size, &offset))
		return 0;
	start = from - offset;
	for (i = 0; i < nr; i++)
		if (ips[i] - start < size)
			return i;
	return 0;
}

/**
 * trace_stack_write() - record the current kernel stack in a session
 * @tr: the session
 * @skip: frames to leave out, beyond this function's own
 * @from: when not 0, a code address: the frames above the first one in
 *	its function are left out too (a function probe's own frames)
 *
 * Writes an events/ftrace/kernel_stack record of up to 64 frames.
 *
 * Context: Any context.
 */
void trace_stack_write(struct trace_array *tr, int skip, unsigned long from)
{
	struct ring_buffer_event *event;
	unsigned int nr, first;
	struct stack_entry *e;
	unsigned long *ips;
	int level;

	preempt_disable_notrace();
	level = this_cpu_inc_return(stack_level) - 1;
	/* An interrupt that nests here sees the level taken. */
	barrier();
	if (level >= STACK_LEVELS)
		goto out;
	ips = this_cpu_ptr(&stack_scratch)->ip[level];
	nr = stack_trace_save(ips, STACK_MAX, skip + 1);
	first = stack_trim(ips, nr, from);
	nr -= first;
	event = trace_buffer_lock_reserve(tr->buffer, TRACE_STACK,
					  struct_size(e, caller, nr),
					  tracing_gen_ctx());
	if (event) {
		e = ring_buffer_event_data(event);
		e->size = nr;
		memcpy(e->caller, ips + first, nr * sizeof(*ips));
		ring_buffer_unlock_commit(tr->buffer);
	}
out:
	barrier();
	this_cpu_dec(stack_level);
	preempt_enable_notrace();
}
#else
void trace_stack_write(struct trace_array *tr, int skip, unsigned long from)
{
}
#endif /* CONFIG_STACKTRACE */

#if defined(CONFIG_STACKTRACE) && defined(CONFIG_USER_STACKTRACE_SUPPORT)
/*
 * Set while a CPU reads a user stack: the read may fault, and the fault
 * fire an event whose own user stack is not wanted.
 */
static DEFINE_PER_CPU(bool, user_stack_busy);

/**
 * trace_user_stack_write() - record the user-space stack of current
 * @tr: the session
 * @ctx: the context of the record it follows (tracing_gen_ctx())
 *
 * Writes an events/ftrace/user_stack record of up to
 * %FTRACE_STACK_ENTRIES return addresses (the userstacktrace option).
 * A kernel thread's record has none.  Nothing is written from an NMI,
 * where a fault cannot be taken, nor from inside another such write.
 *
 * Context: Any context.
 */
void trace_user_stack_write(struct trace_array *tr, unsigned int ctx)
{
	struct ring_buffer_event *event;
	struct userstack_entry *e;

	if (in_nmi())
		return;
	preempt_disable_notrace();
	if (this_cpu_read(user_stack_busy))
		goto out;
	this_cpu_write(user_stack_busy, true);
	event = trace_buffer_lock_reserve(tr->buffer, TRACE_USER_STACK,
					  sizeof(*e), ctx);
	if (event) {
		e = ring_buffer_event_data(event);
		e->tgid = current->tgid;
		memset(e->caller, 0, sizeof(e->caller));
		stack_trace_save_user(e->caller, FTRACE_STACK_ENTRIES);
		ring_buffer_unlock_commit(tr->buffer);
	}
	this_cpu_write(user_stack_busy, false);
out:
	preempt_enable_notrace();
}
#else
void trace_user_stack_write(struct trace_array *tr, unsigned int ctx)
{
}
#endif

/* ---- tracing_on and friends ------------------------------------------- */

/**
 * tracer_tracing_on() - let records reach a session's buffer again
 * @tr: the session
 */
void tracer_tracing_on(struct trace_array *tr)
{
	if (tr->buffer)
		ring_buffer_record_on(tr->buffer);
}

/**
 * tracer_tracing_off() - stop records reaching a session's buffer
 * @tr: the session
 *
 * Context: Any context.
 */
void tracer_tracing_off(struct trace_array *tr)
{
	if (tr->buffer)
		ring_buffer_record_off(tr->buffer);
}

/**
 * tracer_tracing_is_on() - whether records reach a session's buffer
 * @tr: the session
 *
 * Return: true while its tracing_on reads 1.
 */
bool tracer_tracing_is_on(struct trace_array *tr)
{
	return tr->buffer && ring_buffer_record_is_set_on(tr->buffer);
}

/**
 * tracing_on() - let records reach the top-level trace buffer again
 */
void tracing_on(void)
{
	tracer_tracing_on(&global_trace);
}
EXPORT_SYMBOL_GPL(tracing_on);

/**
 * tracing_off() - stop records reaching the top-level trace buffer
 *
 * Fast and callable from any context: a kernel developer may call it
 * where something went wrong, to keep the trace that led there.
 */
void tracing_off(void)
{
	tracer_tracing_off(&global_trace);
}
EXPORT_SYMBOL_GPL(tracing_off);

/**
 * tracing_is_on() - whether records reach the top-level trace buffer
 *
 * Return: nonzero while tracing_on reads 1.
 */
int tracing_is_on(void)
{
	return tracer_tracing_is_on(&global_trace);
}
EXPORT_SYMBOL_GPL(tracing_is_on);

/**
 * tracing_start() - undo one tracing_stop()
 */
void tracing_start(void)
{
	if (global_trace.buffer)
		ring_buffer_record_enable(global_trace.buffer);
}

/**
 * tracing_stop() - stop recording until the matching tracing_start()
 *
 * Unlike tracing_off(), this nests and is not shown in tracing_on.
 */
void tracing_stop(void)
{
	if (global_trace.buffer)
		ring_buffer_record_disable(global_trace.buffer);
}

/**
 * tracing_reset_all() - empty every CPU's buffer of a trace array
 * @tr: the trace array
 */
void tracing_reset_all(struct trace_array *tr)
{
	trace_read_lock(tr, RING_BUFFER_ALL_CPUS);
	ring_buffer_reset(tr->buffer);
	tr->time_start = ring_buffer_time_stamp(tr->buffer);
	trace_read_unlock(tr, RING_BUFFER_ALL_CPUS);
}

/* ---- the session's tracer ----------------------------------------------- */

static int nop_start(struct trace_array *tr)
{
	return 0;
}

static void nop_stop(struct trace_array *tr)
{
}

/* What a session without a tracer has: trace_tracers.c lists it last. */
const struct tracer nop_tracer = {
	.name	= "nop",
	.start	= nop_start,
	.stop	= nop_stop,
};

/**
 * trace_tracer_of() - a session's current tracer
 * @tr: the session
 *
 * Return: the tracer; the nop tracer when there is none.
 */
const struct tracer *trace_tracer_of(struct trace_array *tr)
{
	return READ_ONCE(tr->tracer) ?: &nop_tracer;
}

/**
 * trace_tracer_name() - the name of a session's current tracer
 * @tr: the session
 *
 * Return: "nop", "function", ...
 */
const char *trace_tracer_name(struct trace_array *tr)
{
	return trace_tracer_of(tr)->name;
}

/* The registry of tracers: each registers from its initcall. */

/* The most tracers one kernel builds: function, graph, 3 + 3 latency. */
#define TRACERS_MAX	16

/* As available_tracers lists them: the last registered first. */
static const struct tracer *tracers[TRACERS_MAX] = { &nop_tracer };
static int nr_tracers = 1;

/**
 * register_tracer() - offer a tracer to every session's current_tracer
 * @t: the tracer, built in
 *
 * Context: an initcall, before user space: the list is read unlocked.
 * Return: 0, or -ENOSPC past TRACERS_MAX.
 */
int __init register_tracer(const struct tracer *t)
{
	if (nr_tracers == TRACERS_MAX) {
		pr_err("tracing: no room for tracer %s\n", t->name);
		return -ENOSPC;
	}
	memmove(&tracers[1], &tracers[0], nr_tracers * sizeof(tracers[0]));
	tracers[0] = t;
	nr_tracers++;
	return 0;
}

/**
 * trace_option_owner() - the tracer a tracer option belongs to
 * @bit: a TRACE_ITER_*_BIT at or after TRACE_ITER_GRAPH_OVERRUN_BIT
 *
 * Return: the tracer, or NULL when none built has it.
 */
const struct tracer *trace_option_owner(int bit)
{
	int i;

	for (i = 0; i < nr_tracers; i++)
		if (tracers[i]->options & BIT_ULL(bit))
			return tracers[i];
	return NULL;
}

/*
 * Switching tracers empties the buffer, so that what it holds comes from
 * one tracer; writing the current tracer's name changes nothing.
 */
static int tracer_switch(struct trace_array *tr, const struct tracer *t)
{
	const struct tracer *cur = trace_tracer_of(tr);
	int ret;

	lockdep_assert_held(&trace_types_lock);
	if (t == cur)
		return 0;
	cur->stop(tr);
	WRITE_ONCE(tr->tracer, NULL);
	tracing_reset_all(tr);
	ret = t->start(tr);
	if (ret)
		return ret;
	WRITE_ONCE(tr->tracer, t);
	return 0;
}

/**
 * tracing_set_tracer() - switch a session's current_tracer
 * @tr: the session
 * @name: "nop", "function", ...
 *
 * Return: 0, -EINVAL for a tracer unknown (or one only the top level
 * offers, asked for in an instance), or the tracer's error.
 */
int tracing_set_tracer(struct trace_array *tr, const char *name)
{
	int i, ret = -EINVAL;

	mutex_lock(&trace_types_lock);
	for (i = 0; i < nr_tracers; i++)
		if (!strcmp(name, tracers[i]->name)) {
			/* Not offered here: unknown, the tracer in use kept. */
			if (tracers[i]->top_only && tr != &global_trace)
				break;
			ret = __tracing_update_buffers(tr);
			if (!ret)
				ret = tracer_switch(tr, tracers[i]);
			break;
		}
	mutex_unlock(&trace_types_lock);
	return ret;
}

/**
 * trace_tracer_nth() - the tracers, in available_tracers' order
 * @i: from 0
 *
 * Return: the @i-th tracer, or NULL past the last.
 */
const struct tracer *trace_tracer_nth(int i)
{
	return i < nr_tracers ? tracers[i] : NULL;
}

/* ---- the common fields of every record -------------------------------- */

/*
 * The fields of &struct trace_entry, first in every format file and in
 * every filter's field lookup.
 */
const struct trace_event_fields trace_common_fields[] = {
	{ .type = "unsigned short", .name = "common_type",
	  .offset = offsetof(struct trace_entry, type), .size = 2 },
	{ .type = "unsigned char", .name = "common_flags",
	  .offset = offsetof(struct trace_entry, flags), .size = 1 },
	{ .type = "unsigned char", .name = "common_preempt_count",
	  .offset = offsetof(struct trace_entry, preempt_count), .size = 1 },
	{ .type = "int", .name = "common_pid",
	  .offset = offsetof(struct trace_entry, pid), .size = 4,
	  .is_signed = 1 },
	{}
};

/* ---- buffer sizes ------------------------------------------------------ */

/**
 * trace_resize_locked() - resize a session's buffer, one CPU's or all
 * @tr: the session
 * @size: bytes per CPU; 0 for the ring buffer's smallest
 * @cpu: the CPU, or RING_BUFFER_ALL_CPUS
 *
 * Every reader of the buffer is held off meanwhile.  An allocated
 * snapshot follows; if it cannot, the next snapshot resizes it
 * (trace_snapshot_take()).  A size set, whatever it is, is the user's
 * choice: the session no longer grows on first use.
 *
 * Context: trace_types_lock held.
 * Return: 0, -ENOMEM (the buffer keeps its size), -EBUSY for a CPU
 * buffer mapped by a reader, or -ENODEV for a CPU that has not been up
 * (it has no buffer to resize).
 */
int trace_resize_locked(struct trace_array *tr, unsigned long size, long cpu)
{
	int ret;

	lockdep_assert_held(&trace_types_lock);
	trace_read_lock(tr, RING_BUFFER_ALL_CPUS);
	ret = ring_buffer_resize(tr->buffer, size, cpu);
	if (!ret && tr->snapshot_allocated)
		ring_buffer_resize(tr->snapshot, size, cpu);
	trace_read_unlock(tr, RING_BUFFER_ALL_CPUS);
	if (!ret)
		WRITE_ONCE(tr->buffer_expanded, true);
	return ret;
}

/**
 * __tracing_update_buffers() - give a session's buffer its full size
 * @tr: the session, about to be used
 *
 * The top level starts at the ring buffer's smallest size; the first
 * event enabled, tracer set, snapshot taken or marker written grows it
 * to trace_expanded_size() per CPU.  A CPU buffer that a reader has
 * mapped keeps its size (the reader chose it): the others grow, and
 * the session counts as expanded.
 *
 * Context: trace_types_lock held.
 * Return: 0 or -ENOMEM.
 */
int __tracing_update_buffers(struct trace_array *tr)
{
	unsigned long size = trace_expanded_size();
	int cpu, ret;

	lockdep_assert_held(&trace_types_lock);
	if (READ_ONCE(tr->buffer_expanded))
		return 0;
	ret = trace_resize_locked(tr, size, RING_BUFFER_ALL_CPUS);
	if (ret != -EBUSY)
		return ret;
	for_each_tracing_cpu(cpu) {
		ret = trace_resize_locked(tr, size, cpu);
		if (ret && ret != -EBUSY && ret != -ENODEV)
			return ret;
	}
	WRITE_ONCE(tr->buffer_expanded, true);
	return 0;
}

/**
 * tracing_give_back_buffers() - undo a growth only a self-test needed
 * @tr: the session
 * @was_expanded: @tr->buffer_expanded before the test used the session
 *
 * The boot-time self-tests and KUnit cases that use the top level leave
 * it as they found it: at its smallest, still to grow on first use.
 */
void tracing_give_back_buffers(struct trace_array *tr, bool was_expanded)
{
	if (was_expanded)
		return;
	mutex_lock(&trace_types_lock);
	if (!trace_resize_locked(tr, 0, RING_BUFFER_ALL_CPUS))
		WRITE_ONCE(tr->buffer_expanded, false);
	mutex_unlock(&trace_types_lock);
}

/**
 * tracing_expand_buffers() - tracing_update_buffers()' slow path
 * @tr: the session, not yet expanded when last looked at
 *
 * Return: 0 or -ENOMEM.
 */
int tracing_expand_buffers(struct trace_array *tr)
{
	int ret;

	mutex_lock(&trace_types_lock);
	ret = __tracing_update_buffers(tr);
	mutex_unlock(&trace_types_lock);
	return ret;
}

/* ---- trace clocks ------------------------------------------------------ */

/**
 * trace_set_clock() - switch a session's trace_clock by name
 * @tr: the session
 * @name: a name trace_clock lists ("local", "global", ...)
 *
 * A different clock empties the buffers: stamps of two clocks do not
 * compare.  The trace_clock file and the trace_clock= boot option.
 *
 * Return: 0, or -EINVAL for a name not listed.
 */
int trace_set_clock(struct trace_array *tr, const char *name)
{
	int i = trace_clock_by_name(name);

	if (i < 0)
		return i;
	mutex_lock(&trace_types_lock);
	if (i != tr->clock_id) {
		tr->clock_id = i;
		ring_buffer_set_clock(tr->buffer, trace_clock_func(i));
		tracing_reset_all(tr);
		if (tr->snapshot) {
			ring_buffer_set_clock(tr->snapshot, trace_clock_func(i));
			trace_read_lock(tr, RING_BUFFER_ALL_CPUS);
			ring_buffer_reset(tr->snapshot);
			trace_read_unlock(tr, RING_BUFFER_ALL_CPUS);
		}
	}
	mutex_unlock(&trace_types_lock);
	return 0;
}

/* ---- the error log ----------------------------------------------------- */

/*
 * The last few errors of commands written to tracing files, each as
 * upstream prints it:
 *   [ts] <loc>: error: <text>
 *     Command: <cmd>
 *              ^
 */
#define ERROR_LOG_MAX	16

struct tracing_log_err {
	struct list_head	list;
	u64			ts;
	char			*loc;
	char			*cmd;
	const char		*err;
	u16			pos;
};

/* Guards every session's error_log list. */
static DEFINE_MUTEX(error_log_lock);

static void err_free(struct tracing_log_err *e)
{
	list_del(&e->list);
	kfree(e->loc);
	kfree(e->cmd);
	kfree(e);
}

/**
 * tracing_log_err() - add an entry to a session's error_log
 * @tr: the session whose file the command was written to
 * @loc: where the error happened ("event", "set_event", ...)
 * @cmd: the command that failed
 * @errs: the table of error texts
 * @type: the index of this error's text in @errs
 * @pos: the position in @cmd the caret points at
 *
 * The oldest entry goes when the log is full.
 */
void tracing_log_err(struct trace_array *tr, const char *loc,
		     const char *cmd, const char * const *errs, u8 type,
		     u16 pos)
{
	struct tracing_log_err *e;

	e = kzalloc(sizeof(*e), GFP_KERNEL);
	if (!e)
		return;
	e->loc = kstrdup(loc, GFP_KERNEL);
	e->cmd = kstrdup(cmd, GFP_KERNEL);
	if (!e->loc || !e->cmd) {
		kfree(e->loc);
		kfree(e->cmd);
		kfree(e);
		return;
	}
	e->err = errs[type];
	e->pos = pos;
	e->ts = local_clock();
	mutex_lock(&error_log_lock);
	if (tr->nr_err_log == ERROR_LOG_MAX) {
		err_free(list_first_entry(&tr->err_log, struct tracing_log_err,
					  list));
		tr->nr_err_log--;
	}
	list_add_tail(&e->list, &tr->err_log);
	tr->nr_err_log++;
	mutex_unlock(&error_log_lock);
}

/**
 * trace_error_log_clear() - empty a session's error_log
 * @tr: the session
 */
void trace_error_log_clear(struct trace_array *tr)
{
	struct tracing_log_err *e, *n;

	mutex_lock(&error_log_lock);
	list_for_each_entry_safe(e, n, &tr->err_log, list)
		err_free(e);
	tr->nr_err_log = 0;
	mutex_unlock(&error_log_lock);
}

static struct trace_array *err_tr(struct seq_file *m)
{
	return ((struct trace_file_key *)m->private)->tr;
}

static void *err_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&error_log_lock);
	return seq_list_start(&err_tr(m)->err_log, *pos);
}

static void *err_next(struct seq_file *m, void *v, loff_t *pos)
{
	return seq_list_next(v, &err_tr(m)->err_log, pos);
}

static void err_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&error_log_lock);
}

static int err_show(struct seq_file *m, void *v)
{
	struct tracing_log_err *e = list_entry(v, struct tracing_log_err, list);
	u32 rem;
	u64 sec = div_u64_rem(e->ts, NSEC_PER_SEC, &rem);

	seq_printf(m, "[%5llu.%06u] %s: error: %s", sec, rem / 1000, e->loc,
		   e->err);
	seq_printf(m, "\n  Command: %s\n", e->cmd);
	seq_printf(m, "  %*s^\n", (int)strlen("Command: ") + e->pos, "");
	return 0;
}

/*
 * error_log's lines, for a seq_file whose private data is the session's
 * &struct trace_file_key (trace_control.c opens it).
 */
const struct seq_operations trace_error_log_seq_ops = {
	.start	= err_start,
	.next	= err_next,
	.stop	= err_stop,
	.show	= err_show,
};

/* ---- making and freeing sessions -------------------------------------- */

/* Undo trace_array_init(); @tr may be partly set up. */
static void trace_array_release_mem(struct trace_array *tr)
{
	if (tr->buffer)
		ring_buffer_free(tr->buffer);
	tr->buffer = NULL;
	if (tr->snapshot)
		ring_buffer_free(tr->snapshot);
	tr->snapshot = NULL;
	free_cpumask_var(tr->tracing_cpumask);
	free_percpu(tr->pid_ignore);
	tr->pid_ignore = NULL;
	kfree(tr->read_cpu);
	tr->read_cpu = NULL;
	kfree(tr->keys);
	tr->keys = NULL;
	kfree(tr->name);
	kfree(tr->event_systems);
}

/*
 * Set up a session with an empty buffer of @size bytes per CPU and the
 * default options.  It is not on trace_arrays yet and has no files.
 */
static int trace_array_init(struct trace_array *tr, unsigned long size)
{
	long cpu;

	INIT_LIST_HEAD(&tr->list);
	INIT_LIST_HEAD(&tr->events);
	INIT_LIST_HEAD(&tr->systems);
	INIT_LIST_HEAD(&tr->err_log);
	init_rwsem(&tr->read_all);
	tr->ref = 1;
	tr->trace_flags = TRACE_FLAGS_DEFAULT;
	tr->buffer_percent = 50;
	tr->keys = kcalloc(nr_cpu_ids + 1, sizeof(*tr->keys), GFP_KERNEL);
	tr->read_cpu = kcalloc(nr_cpu_ids, sizeof(*tr->read_cpu), GFP_KERNEL);
	tr->pid_ignore = alloc_percpu(bool);
	if (!tr->keys || !tr->read_cpu || !tr->pid_ignore ||
	    !zalloc_cpumask_var(&tr->tracing_cpumask, GFP_KERNEL))
		goto fail;
	cpumask_setall(tr->tracing_cpumask);
	for (cpu = RING_BUFFER_ALL_CPUS; cpu < (long)nr_cpu_ids; cpu++) {
		trace_key(tr, cpu)->tr = tr;
		trace_key(tr, cpu)->cpu = cpu;
	}
	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		mutex_init(&tr->read_cpu[cpu]);
	tr->buffer = ring_buffer_alloc(size, RB_FL_OVERWRITE);
	if (!tr->buffer)
		goto fail;
	ring_buffer_set_clock(tr->buffer, trace_clock_local);
	if (IS_ENABLED(CONFIG_TRACER_SNAPSHOT)) {
		/* Size 0: the smallest, until it is allocated. */
		tr->snapshot = ring_buffer_alloc(0, RB_FL_OVERWRITE);
		if (!tr->snapshot)
			goto fail;
		ring_buffer_set_clock(tr->snapshot, trace_clock_local);
	}
	return 0;
fail:
	trace_array_release_mem(tr);
	return -ENOMEM;
}

/**
 * trace_array_find() - the instance of a name
 * @name: its name
 *
 * Context: trace_types_lock held.
 * Return: the session, or NULL.
 */
struct trace_array *trace_array_find(const char *name)
{
	struct trace_array *tr;

	lockdep_assert_held(&trace_types_lock);
	list_for_each_entry(tr, &trace_arrays, list)
		if (tr->name && !strcmp(tr->name, name))
			return tr;
	return NULL;
}

/**
 * trace_array_create() - make an instance and put it on trace_arrays
 * @name: its name, unique among the instances
 * @systems: the event systems it offers, comma-separated; NULL for all
 *
 * Its buffer has the size the top level had at boot.  The caller makes
 * its files.
 *
 * Context: trace_types_lock held.
 * Return: the session, holding one reference, or ERR_PTR(-EEXIST) or
 * ERR_PTR(-ENOMEM).
 */
struct trace_array *trace_array_create(const char *name, const char *systems)
{
	struct trace_array *tr;

	lockdep_assert_held(&trace_types_lock);
	if (tracing_is_disabled())
		return ERR_PTR(-ENODEV);
	if (trace_array_find(name))
		return ERR_PTR(-EEXIST);
	tr = kzalloc(sizeof(*tr), GFP_KERNEL);
	if (!tr)
		return ERR_PTR(-ENOMEM);
	tr->name = kstrdup(name, GFP_KERNEL);
	if (systems)
		tr->event_systems = kstrdup(systems, GFP_KERNEL);
	if (!tr->name || (systems && !tr->event_systems) ||
	    trace_array_init(tr, trace_buf_size)) {
		trace_array_release_mem(tr);
		kfree(tr);
		return ERR_PTR(-ENOMEM);
	}
	/* Made to be used: an instance starts at its full size. */
	tr->buffer_expanded = true;
	list_add_tail(&tr->list, &trace_arrays);
	return tr;
}

/**
 * trace_array_free() - take an instance off trace_arrays and free it
 * @tr: the instance, with its files, events, error log and tracer gone,
 *	and no reference left but its own
 *
 * Context: trace_types_lock held.
 */
void trace_array_free(struct trace_array *tr)
{
	lockdep_assert_held(&trace_types_lock);
	list_del(&tr->list);
	trace_array_release_mem(tr);
	kfree(tr);
}

/* ---- who uses a session ------------------------------------------------ */

/**
 * trace_key_get() - follow a file's key to its session, and hold it
 * @key: the inode's i_private, set to a &struct trace_file_key
 *
 * The key is compared with the keys of the live sessions before it is
 * read: the inode may belong to an instance removed since its lookup.
 * Drop the reference with trace_array_put().
 *
 * Return: the key, or NULL if its session is gone.
 */
struct trace_file_key *trace_key_get(void *key)
{
	struct trace_array *tr;

	mutex_lock(&trace_types_lock);
	list_for_each_entry(tr, &trace_arrays, list) {
		if (key >= (void *)tr->keys &&
		    key < (void *)(tr->keys + nr_cpu_ids + 1)) {
			tr->ref++;
			mutex_unlock(&trace_types_lock);
			return key;
		}
	}
	mutex_unlock(&trace_types_lock);
	return NULL;
}

/**
 * trace_key_open() - open a session's file whose inode holds its key
 * @inode: the file's inode
 * @filp: the open file; its private_data gets the key
 *
 * The session stays while the file is open: pair with trace_key_release().
 *
 * Return: 0, or -ENODEV if tracing did not start or the session is gone.
 */
int trace_key_open(struct inode *inode, struct file *filp)
{
	struct trace_file_key *key;

	if (tracing_is_disabled())
		return -ENODEV;
	key = trace_key_get(inode->i_private);
	if (!key)
		return -ENODEV;
	filp->private_data = key;
	return 0;
}

/**
 * trace_key_release() - close a file opened with trace_key_open()
 * @inode: the file's inode
 * @filp: the file
 *
 * Return: 0.
 */
int trace_key_release(struct inode *inode, struct file *filp)
{
	trace_array_put(file_key(filp)->tr);
	return 0;
}

/**
 * trace_key_seq_open() - make a file opened with trace_key_open() a
 *	seq_file whose private data is the key
 * @filp: the open file
 * @ops: the seq_file's operations
 *
 * On failure the reference trace_key_open() took is dropped.  Pair with
 * trace_key_seq_release().
 *
 * Return: 0 or -ENOMEM.
 */
int trace_key_seq_open(struct file *filp, const struct seq_operations *ops)
{
	struct trace_file_key *key = file_key(filp);
	int ret;

	/* The seq_file takes private_data over. */
	filp->private_data = NULL;
	ret = seq_open(filp, ops);
	if (ret) {
		trace_array_put(key->tr);
		return ret;
	}
	((struct seq_file *)filp->private_data)->private = key;
	return 0;
}

/**
 * trace_key_seq_release() - close a file opened with trace_key_seq_open()
 * @inode: the file's inode
 * @filp: the file
 *
 * Return: 0.
 */
int trace_key_seq_release(struct inode *inode, struct file *filp)
{
	struct trace_file_key *key;

	key = ((struct seq_file *)filp->private_data)->private;
	seq_release(inode, filp);
	trace_array_put(key->tr);
	return 0;
}

/**
 * trace_key_single_open() - open a session's file as a single_open()
 *	seq_file
 * @inode: the file's inode, holding its key
 * @filp: the open file
 * @show: prints the file; its seq_file's private data is the key
 *
 * Pair with trace_key_single_release().
 *
 * Return: 0, -ENODEV if the session is gone, or -ENOMEM.
 */
int trace_key_single_open(struct inode *inode, struct file *filp,
			  int (*show)(struct seq_file *m, void *v))
{
	struct trace_file_key *key;
	int ret = trace_key_open(inode, filp);

	if (ret)
		return ret;
	key = file_key(filp);
	/* The seq_file takes private_data over. */
	filp->private_data = NULL;
	ret = single_open(filp, show, key);
	if (ret)
		trace_array_put(key->tr);
	return ret;
}

/**
 * trace_key_single_release() - close a file opened with
 *	trace_key_single_open()
 * @inode: the file's inode
 * @filp: the file
 *
 * Return: 0.
 */
int trace_key_single_release(struct inode *inode, struct file *filp)
{
	struct seq_file *m = filp->private_data;
	struct trace_file_key *key = m->private;

	single_release(inode, filp);
	trace_array_put(key->tr);
	return 0;
}

/**
 * trace_array_put() - drop a reference to a session
 * @tr: the session (NULL: nothing to do)
 *
 * Drops what trace_array_get_by_name() or an open file took.  The
 * session is not freed here: an instance goes when it is removed.
 */
void trace_array_put(struct trace_array *tr)
{
	if (!tr)
		return;
	mutex_lock(&trace_types_lock);
	if (tr->ref > 1)
		tr->ref--;
	mutex_unlock(&trace_types_lock);
}
EXPORT_SYMBOL_GPL(trace_array_put);

/* ---- boot --------------------------------------------------------------- */

/**
 * trace_global_init() - make the top-level session
 *
 * Called at boot (early_trace_init()) once memory can be allocated, so
 * that events enabled at boot have somewhere to go.
 *
 * Return: 0, or -ENOMEM.
 */
int __init trace_global_init(void)
{
	struct trace_array *tr = &global_trace;
	int ret;

	/*
	 * Full size from the start if asked to trace from boot, or if the
	 * kernel itself calls trace_printk(): its records come before
	 * anyone could expand the buffer.  Else the smallest.
	 */
	tr->buffer_expanded = trace_expand_at_boot ||
			      __stop___trace_bprintk_fmt -
			      __start___trace_bprintk_fmt > 0;
	ret = trace_array_init(tr, tr->buffer_expanded ? trace_buf_size : 0);
	if (ret)
		return ret;
	list_add(&tr->list, &trace_arrays);
	return 0;
}

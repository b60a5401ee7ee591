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
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/stacktrace.h>
#include <linux/string.h>
#include <linux/trace_clock.h>
#include <linux/uaccess.h>

#include "trace.h"

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
	if (event)
		tracing_generic_entry_update(__ring_buffer_event_data(event),
					     type, trace_ctx);
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

/**
 * trace_event_buffer_reserve() - reserve the record of an event
 * @fbuffer: filled in for trace_event_buffer_commit()
 * @trace_file: the event, in the trace array to write to
 * @len: the record's length, &struct trace_entry included
 *
 * Called by an event's probe, with preemption disabled by the
 * tracepoint; that level is not reported in the record.
 *
 * Return: the record, or NULL if it could not be reserved (the ring
 * buffer counts what it drops).
 */
void *trace_event_buffer_reserve(struct trace_event_buffer *fbuffer,
				 struct trace_event_file *trace_file,
				 unsigned long len)
{
	struct trace_array *tr = trace_file->tr;
	unsigned long flags = READ_ONCE(trace_file->flags);

	/*
	 * set_event_pid does not trace the task running here, or the event
	 * is soft disabled (a function probe turned it off): its record is
	 * dropped, or built aside for the hooks that want it.
	 */
	if (unlikely(flags & (EVENT_FILE_FL_SOFT_DISABLED |
			      EVENT_FILE_FL_PID_FILTER))) {
		if ((flags & EVENT_FILE_FL_PID_FILTER) &&
		    this_cpu_read(*tr->pid_ignore))
			return NULL;
		if (flags & EVENT_FILE_FL_SOFT_DISABLED) {
			void *rec;

			if (!IS_ENABLED(CONFIG_EVENT_TRACING) ||
			    !(flags & EVENT_FILE_FL_HOOKED))
				return NULL;
			rec = event_scratch_reserve(fbuffer, trace_file, len);
			if (rec)
				return rec;
			/* Too big: the ring buffer, discarded at commit. */
		}
	}
	fbuffer->trace_ctx = tracing_gen_ctx_dec();
	fbuffer->event = ring_buffer_lock_reserve(tr->buffer, len);
	if (!fbuffer->event)
		return NULL;
	fbuffer->buffer = tr->buffer;
	fbuffer->trace_file = trace_file;
	fbuffer->entry = __ring_buffer_event_data(fbuffer->event);
	tracing_generic_entry_update(fbuffer->entry,
				     trace_file->call->event.type,
				     fbuffer->trace_ctx);
	return fbuffer->entry;
}
EXPORT_SYMBOL_GPL(trace_event_buffer_reserve);

/*
 * The stacktrace option: after an event's record, the stack from the
 * event's probe (@from is in it) outwards.  Out of line, off the path of
 * the sessions without the option.
 */
static noinline void event_stack_write(struct trace_array *tr,
				       unsigned long from)
{
	trace_stack_write(tr, 0, from);
}

/**
 * trace_event_buffer_commit() - commit a record reserved by
 *	trace_event_buffer_reserve()
 * @fbuffer: as filled in by trace_event_buffer_reserve()
 *
 * The event's hooks see the record first.  A record its event's filter
 * does not match, or one the event drops, is discarded instead.  With the
 * session's stacktrace option a record kept is followed by the stack.
 */
void trace_event_buffer_commit(struct trace_event_buffer *fbuffer)
{
	struct trace_array *tr = fbuffer->trace_file->tr;
#ifdef CONFIG_EVENT_TRACING
	unsigned long flags = READ_ONCE(fbuffer->trace_file->flags);

	/* A scratch record has no ring buffer event (and was hooked). */
	if (unlikely((flags & (EVENT_FILE_FL_FILTERED |
			       EVENT_FILE_FL_HOOKED |
			       EVENT_FILE_FL_SOFT_DISABLED)) ||
		     !fbuffer->event)) {
		if (event_hooks_commit(fbuffer) &&
		    (tr->trace_flags & TRACE_ITER(STACKTRACE)))
			event_stack_write(tr, _RET_IP_);
		return;
	}
#endif
	ring_buffer_unlock_commit(fbuffer->buffer);
	if (unlikely(tr->trace_flags & TRACE_ITER(STACKTRACE)))
		event_stack_write(tr, _RET_IP_);
}
EXPORT_SYMBOL_GPL(trace_event_buffer_commit);

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

#ifndef CONFIG_TRACER_SNAPSHOT
/**
 * tracing_snapshot() - take a snapshot of the trace buffer
 *
 * This kernel has no snapshot buffer (CONFIG_TRACER_SNAPSHOT): the
 * request is written into the trace, so that it is not lost silently.
 */
void tracing_snapshot(void)
{
	__trace_puts(_THIS_IP_, "*** SNAPSHOT NOT SUPPORTED ***\n", 31);
}
EXPORT_SYMBOL_GPL(tracing_snapshot);

/**
 * tracing_snapshot_alloc() - allocate the snapshot buffer, then snapshot
 *
 * As tracing_snapshot().
 */
void tracing_snapshot_alloc(void)
{
	tracing_snapshot();
}
EXPORT_SYMBOL_GPL(tracing_snapshot_alloc);

/**
 * ftrace_boot_snapshot() - take the snapshot asked for on the command line
 *
 * There is no snapshot buffer: nothing to do.
 */
void __init ftrace_boot_snapshot(void)
{
}
#endif

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
 * early_trace_init() - make the top-level session
 *
 * Called from start_kernel() once memory can be allocated, so that
 * events enabled at boot have somewhere to go.
 */
__init void early_trace_init(void)
{
	struct trace_array *tr = &global_trace;

	/*
	 * Full size from the start if asked to trace from boot, or if the
	 * kernel itself calls trace_printk(): its records come before
	 * anyone could expand the buffer.  Else the smallest.
	 */
	tr->buffer_expanded = trace_expand_at_boot ||
			      __stop___trace_bprintk_fmt -
			      __start___trace_bprintk_fmt > 0;
	if (trace_cmdlines_init() ||
	    trace_array_init(tr, tr->buffer_expanded ? trace_buf_size : 0)) {
		pr_warn("tracing: could not allocate the trace buffer\n");
		return;
	}
	list_add(&tr->list, &trace_arrays);
}

/**
 * trace_init() - register the events defined in the kernel image
 *
 * Called from start_kernel() after early_trace_init().
 */
__init void trace_init(void)
{
	if (tracing_is_disabled())
		return;
	/* The table of record types is an xarray: usable from here on. */
	trace_output_init();
	trace_printk_boot_init();
	trace_event_boot_init();
}

int __disable_trace_on_warning;

/**
 * disable_trace_on_warning() - stop tracing at a WARN, if asked to
 *
 * With the traceoff_on_warning sysctl (or boot option) set, the trace
 * that led to the warning is kept.
 */
void disable_trace_on_warning(void)
{
	if (__disable_trace_on_warning) {
		__trace_puts(_THIS_IP_, "Disabling tracing due to warning\n", 33);
		tracing_off();
	}
}

static int __init set_traceoff_on_warning(char *str)
{
	__disable_trace_on_warning = 1;
	return 1;
}
__setup("traceoff_on_warning", set_traceoff_on_warning);


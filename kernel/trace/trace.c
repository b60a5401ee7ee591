// SPDX-License-Identifier: GPL-2.0
/*
 * The tracing core: the trace array and its tracefs files.
 *
 * One trace array, global_trace, owns one ring buffer.  Events and
 * trace_printk() write records into it; the files below read and control
 * it:
 *
 *   trace		every record, oldest first, merged across CPUs by time
 *			stamp, without consuming; opening it with O_TRUNC
 *			empties the buffer
 *   trace_pipe		the same text, consuming, blocking until there is data
 *   per_cpu/cpuN/	trace, trace_pipe, trace_pipe_raw (whole sub-buffers),
 *			stats and buffer_size_kb of one CPU
 *   tracing_on, buffer_size_kb, buffer_total_size_kb,
 *   buffer_subbuf_size_kb, buffer_percent, trace_clock, trace_options,
 *   tracing_cpumask, trace_marker, trace_marker_raw, saved_cmdlines,
 *   saved_cmdlines_size, saved_tgids, error_log, README
 *
 * The text of a record (one line) is made by trace_output.c.
 */
#include <linux/cpu.h>
#include <linux/ctype.h>
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/hash.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/mount.h>
#include <linux/module.h>
#include <linux/nmi.h>
#include <linux/poll.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/splice.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/uio.h>
#include <linux/trace_clock.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include <trace/events/sched.h>

#include "trace.h"

/* Per-CPU buffer size at boot, in bytes; trace_buf_size= on the command line. */
#define TRACE_BUF_SIZE_DEFAULT	1441792UL
static unsigned long trace_buf_size = TRACE_BUF_SIZE_DEFAULT;

static int __init set_buf_size(char *str)
{
	unsigned long size = memparse(str, &str);

	if (size)
		trace_buf_size = max(4096UL, size);
	return 1;
}
__setup("trace_buf_size=", set_buf_size);

struct trace_array global_trace = {
	.trace_flags	= TRACE_ITER(PRINT_PARENT) | TRACE_ITER(PRINTK) |
			  TRACE_ITER(ANNOTATE) | TRACE_ITER(CONTEXT_INFO) |
			  TRACE_ITER(RECORD_CMD) | TRACE_ITER(OVERWRITE) |
			  TRACE_ITER(IRQ_INFO) | TRACE_ITER(MARKERS) |
			  TRACE_ITER(HASH_PTR),
	.buffer_percent	= 50,
	.read_all	= __RWSEM_INITIALIZER(global_trace.read_all),
};

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

/* Serialises changes of the tracer, options, clock, cpumask and sizes. */
DEFINE_MUTEX(trace_types_lock);

/* ---- the trace clocks ------------------------------------------------- */

static u64 notrace trace_clock_mono(void)
{
	return ktime_get_mono_fast_ns();
}

static u64 notrace trace_clock_mono_raw(void)
{
	return ktime_get_raw_fast_ns();
}

static u64 notrace trace_clock_boot(void)
{
	return ktime_get_boot_fast_ns();
}

static u64 notrace trace_clock_tai(void)
{
	return ktime_get_tai_fast_ns();
}

/*
 * The clocks trace_clock offers, in upstream's order.  @in_ns: the
 * output shows seconds and microseconds; the others show raw counts.
 */
static const struct {
	u64 (*func)(void);
	const char *name;
	bool in_ns;
} trace_clocks[] = {
	{ trace_clock_local,	"local",	true },
	{ trace_clock_global,	"global",	true },
	{ trace_clock_counter,	"counter",	false },
	{ trace_clock_jiffies,	"uptime",	false },
	{ trace_clock,		"perf",		true },
	{ trace_clock_mono,	"mono",		true },
	{ trace_clock_mono_raw,	"mono_raw",	true },
	{ trace_clock_boot,	"boot",		true },
	{ trace_clock_tai,	"tai",		true },
#ifdef CONFIG_X86_TSC
	{ trace_clock_x86_tsc,	"x86-tsc",	false },
#endif
};

/**
 * trace_clock_in_ns_for() - whether a trace array's clock counts nanoseconds
 * @tr: the trace array
 *
 * Return: true to print its stamps as seconds.microseconds.
 */
bool trace_clock_in_ns_for(struct trace_array *tr)
{
	return trace_clocks[tr->clock_id].in_ns;
}

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

static ssize_t write_ulong(const char __user *ubuf, size_t cnt,
			   unsigned long *val)
{
	char buf[32];
	ssize_t ret = trace_parse_write(ubuf, cnt, buf, sizeof(buf));

	if (ret < 0)
		return ret;
	return kstrtoul(strim(buf), 10, val);
}

static __printf(4, 5)
ssize_t read_text(char __user *ubuf, size_t cnt, loff_t *ppos,
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
		tracing_generic_entry_update(ring_buffer_event_data(event),
					     type, trace_ctx);
	return event;
}

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

	fbuffer->trace_ctx = tracing_gen_ctx_dec();
	fbuffer->event = trace_buffer_lock_reserve(tr->buffer,
						   trace_file->call->event.type,
						   len, fbuffer->trace_ctx);
	if (!fbuffer->event)
		return NULL;
	fbuffer->buffer = tr->buffer;
	fbuffer->trace_file = trace_file;
	fbuffer->entry = ring_buffer_event_data(fbuffer->event);
	return fbuffer->entry;
}
EXPORT_SYMBOL_GPL(trace_event_buffer_reserve);

/**
 * trace_event_buffer_commit() - commit a record reserved by
 *	trace_event_buffer_reserve()
 * @fbuffer: as filled in by trace_event_buffer_reserve()
 *
 * A record its event's filter does not match is discarded instead.
 */
void trace_event_buffer_commit(struct trace_event_buffer *fbuffer)
{
#ifdef CONFIG_EVENT_TRACING
	struct trace_event_file *file = fbuffer->trace_file;

	if (unlikely(file->flags & EVENT_FILE_FL_FILTERED) &&
	    !trace_event_filter_keep(file, fbuffer->entry)) {
		ring_buffer_discard_commit(fbuffer->buffer, fbuffer->event);
		return;
	}
#endif
	ring_buffer_unlock_commit(fbuffer->buffer);
}
EXPORT_SYMBOL_GPL(trace_event_buffer_commit);

/* ---- tracing_on and friends ------------------------------------------- */

/**
 * tracing_on() - let records reach the trace buffer again
 */
void tracing_on(void)
{
	if (global_trace.buffer)
		ring_buffer_record_on(global_trace.buffer);
}
EXPORT_SYMBOL_GPL(tracing_on);

/**
 * tracing_off() - stop records reaching the trace buffer
 *
 * Fast and callable from any context: a kernel developer may call it
 * where something went wrong, to keep the trace that led there.
 */
void tracing_off(void)
{
	if (global_trace.buffer)
		ring_buffer_record_off(global_trace.buffer);
}
EXPORT_SYMBOL_GPL(tracing_off);

/**
 * tracing_is_on() - whether records reach the trace buffer
 *
 * Return: nonzero while tracing_on reads 1.
 */
int tracing_is_on(void)
{
	return global_trace.buffer &&
	       ring_buffer_record_is_set_on(global_trace.buffer);
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
 * tracing_snapshot() - take a snapshot of the trace buffer
 *
 * The snapshot buffer is not part of this tracing core: the request is
 * written into the trace, so that it is not lost silently.
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

/* ---- the command-line cache ------------------------------------------- */

/*
 * Records carry a pid; the trace shows the task's name too.  The names
 * of tasks seen switching while events are enabled are kept in a small
 * table: a task not in it takes the next slot in turn, so the table
 * holds the last saved_cmdlines_size tasks seen (the records of older
 * ones show "<...>").  A map from pid to slot finds a task's slot.  The
 * scheduler's sched_switch probe fills it with a trylock: it must never
 * wait there.
 */
#define SAVED_CMDLINES_DEFAULT	128
#define SAVED_CMDLINES_MAX	32768
#define CMDLINE_MAP_SIZE	PID_MAX_DEFAULT

struct saved_cmdline {
	int	pid;
	int	tgid;
	char	comm[TASK_COMM_LEN];
};

/*
 * @map: for pid & (CMDLINE_MAP_SIZE - 1), its slot plus one (0: none);
 * the slot's pid says whether it is that pid's
 * @next: the slot the next new task takes
 */
struct saved_cmdlines {
	unsigned int		bits;
	unsigned int		next;
	unsigned int		map[CMDLINE_MAP_SIZE];
	struct saved_cmdline	slot[];
};

static struct saved_cmdlines *saved_cmdlines;
static DEFINE_RAW_SPINLOCK(cmdlines_lock);

static struct saved_cmdlines *cmdlines_alloc(unsigned int nr)
{
	struct saved_cmdlines *s;
	unsigned int bits = order_base_2(nr);

	s = kvzalloc(struct_size(s, slot, 1U << bits), GFP_KERNEL);
	if (s)
		s->bits = bits;
	return s;
}

static unsigned int cmdlines_nr(struct saved_cmdlines *s)
{
	return 1U << s->bits;
}

/* The slot that holds @pid, or NULL.  Called under cmdlines_lock. */
static struct saved_cmdline *cmdline_find(struct saved_cmdlines *s, int pid)
{
	unsigned int i = s->map[pid & (CMDLINE_MAP_SIZE - 1)];

	if (i && s->slot[i - 1].pid == pid)
		return &s->slot[i - 1];
	return NULL;
}

/**
 * tracing_record_cmdline() - remember a task's name for the trace output
 * @task: the task
 *
 * Callable from any context; it gives up rather than wait for the table.
 */
void tracing_record_cmdline(struct task_struct *task)
{
	struct saved_cmdlines *s;
	struct saved_cmdline *c;
	unsigned long flags;

	if (!task->pid || !saved_cmdlines ||
	    !(global_trace.trace_flags & TRACE_ITER(RECORD_CMD)))
		return;
	if (!raw_spin_trylock_irqsave(&cmdlines_lock, flags))
		return;
	s = saved_cmdlines;
	c = cmdline_find(s, task->pid);
	if (!c) {
		/* The oldest task seen gives its slot up. */
		c = &s->slot[s->next];
		if (c->pid && cmdline_find(s, c->pid) == c)
			s->map[c->pid & (CMDLINE_MAP_SIZE - 1)] = 0;
		s->map[task->pid & (CMDLINE_MAP_SIZE - 1)] = s->next + 1;
		s->next = (s->next + 1) & (cmdlines_nr(s) - 1);
	}
	c->pid = task->pid;
	c->tgid = task->tgid;
	memcpy(c->comm, task->comm, TASK_COMM_LEN);
	raw_spin_unlock_irqrestore(&cmdlines_lock, flags);
}

/**
 * trace_find_cmdline() - the name recorded for a pid
 * @pid: the pid
 * @comm: TASK_COMM_LEN bytes that receive the name, or "<...>"
 */
void trace_find_cmdline(int pid, char comm[])
{
	struct saved_cmdline *c;

	if (!pid) {
		strscpy(comm, "<idle>", TASK_COMM_LEN);
		return;
	}
	strscpy(comm, "<...>", TASK_COMM_LEN);
	if (pid < 0 || !saved_cmdlines)
		return;
	raw_spin_lock_irq(&cmdlines_lock);
	c = cmdline_find(saved_cmdlines, pid);
	if (c)
		memcpy(comm, c->comm, TASK_COMM_LEN);
	raw_spin_unlock_irq(&cmdlines_lock);
}

/**
 * trace_find_tgid() - the thread group recorded for a pid
 * @pid: the pid
 *
 * Return: the tgid, or 0 if the pid was not recorded.
 */
int trace_find_tgid(int pid)
{
	struct saved_cmdline *c;
	int tgid = 0;

	if (pid <= 0 || !saved_cmdlines)
		return 0;
	raw_spin_lock_irq(&cmdlines_lock);
	c = cmdline_find(saved_cmdlines, pid);
	if (c)
		tgid = c->tgid;
	raw_spin_unlock_irq(&cmdlines_lock);
	return tgid;
}

static void probe_cmdline_switch(void *ignore, bool preempt,
				 struct task_struct *prev,
				 struct task_struct *next,
				 unsigned int prev_state)
{
	tracing_record_cmdline(prev);
	tracing_record_cmdline(next);
}

static int cmdline_record_users;

/**
 * trace_event_enable_cmdline_record() - record task names while events run
 * @on: true when an event is enabled, false when one is disabled
 *
 * Called under trace_types_lock; counts the enabled events.
 *
 * Return: 0, or the error attaching the sched_switch probe.
 */
int trace_event_enable_cmdline_record(bool on)
{
	int ret = 0;

	lockdep_assert_held(&trace_types_lock);
	if (on) {
		if (!cmdline_record_users)
			ret = register_trace_sched_switch(probe_cmdline_switch,
							  NULL);
		if (!ret) {
			cmdline_record_users++;
			tracing_record_cmdline(current);
		}
	} else if (cmdline_record_users && !--cmdline_record_users) {
		unregister_trace_sched_switch(probe_cmdline_switch, NULL);
	}
	return ret;
}

/*
 * The seq_file position is the index of the slot shown: a record that
 * did not fit in one read() is shown again by the next.
 */
static void *cmdlines_from(loff_t *pos)
{
	struct saved_cmdlines *s = saved_cmdlines;

	for (; *pos < cmdlines_nr(s); (*pos)++)
		if (s->slot[*pos].pid)
			return &s->slot[*pos];
	return NULL;
}

static void *cmdlines_next(struct seq_file *m, void *v, loff_t *pos)
{
	(*pos)++;
	return cmdlines_from(pos);
}

static void *cmdlines_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&trace_types_lock);
	return cmdlines_from(pos);
}

static void cmdlines_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&trace_types_lock);
}

static int cmdlines_show(struct seq_file *m, void *v)
{
	struct saved_cmdline *c = v;
	char comm[TASK_COMM_LEN];
	int pid;

	raw_spin_lock_irq(&cmdlines_lock);
	pid = c->pid;
	memcpy(comm, c->comm, TASK_COMM_LEN);
	raw_spin_unlock_irq(&cmdlines_lock);
	if (pid)
		seq_printf(m, "%d %s\n", pid, comm);
	return 0;
}

static int tgids_show(struct seq_file *m, void *v)
{
	struct saved_cmdline *c = v;
	int pid, tgid;

	raw_spin_lock_irq(&cmdlines_lock);
	pid = c->pid;
	tgid = c->tgid;
	raw_spin_unlock_irq(&cmdlines_lock);
	if (pid)
		seq_printf(m, "%d %d\n", pid, tgid);
	return 0;
}

static const struct seq_operations cmdlines_seq_ops = {
	.start	= cmdlines_start,
	.next	= cmdlines_next,
	.stop	= cmdlines_stop,
	.show	= cmdlines_show,
};

static const struct seq_operations tgids_seq_ops = {
	.start	= cmdlines_start,
	.next	= cmdlines_next,
	.stop	= cmdlines_stop,
	.show	= tgids_show,
};

static int cmdlines_open(struct inode *inode, struct file *filp)
{
	return seq_open(filp, inode->i_private);
}

static const struct file_operations cmdlines_fops = {
	.open		= cmdlines_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

static ssize_t cmdlines_size_read(struct file *filp, char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	return read_text(ubuf, cnt, ppos, "%u\n", cmdlines_nr(saved_cmdlines));
}

static ssize_t cmdlines_size_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct saved_cmdlines *s, *old;
	unsigned long val;
	ssize_t ret;

	ret = write_ulong(ubuf, cnt, &val);
	if (ret)
		return ret;
	if (!val || val > SAVED_CMDLINES_MAX)
		return -EINVAL;
	s = cmdlines_alloc(val);
	if (!s)
		return -ENOMEM;
	mutex_lock(&trace_types_lock);
	raw_spin_lock_irq(&cmdlines_lock);
	old = saved_cmdlines;
	saved_cmdlines = s;
	raw_spin_unlock_irq(&cmdlines_lock);
	mutex_unlock(&trace_types_lock);
	kvfree(old);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations cmdlines_size_fops = {
	.open		= tracing_open_generic,
	.read		= cmdlines_size_read,
	.write		= cmdlines_size_write,
	.llseek		= generic_file_llseek,
};

/* ---- reading records: the trace and trace_pipe files ------------------ */

/*
 * A reader of one CPU (cpu >= 0) or of all (RING_BUFFER_ALL_CPUS).  A
 * consuming reader peeks each CPU's next record and takes the oldest; a
 * non-consuming one does the same with a ring buffer iterator per CPU.
 */
struct trace_reader {
	struct trace_iterator		iter;
	/* Serialises the reads of one open file. */
	struct mutex			lock;
	int				cpu_file;
	bool				consume;
	struct ring_buffer_iter		*rb_iter[NR_CPUS];
	/* Non-consuming reads: the seq_file position reached. */
	loff_t				pos;
	/* Opened with pause-on-trace set: recording stopped until release. */
	bool				paused;
	/*
	 * The trace file, opened with annotate set after the buffer had
	 * overwritten records: where each CPU's first record was shown,
	 * so that the line saying its buffer started there comes once
	 * (and again if seq_file shows the record again).
	 */
	bool				annotate;
	loff_t				started_at[NR_CPUS];
};

static bool reader_covers(struct trace_reader *r, int cpu)
{
	return r->cpu_file == RING_BUFFER_ALL_CPUS || r->cpu_file == cpu;
}

/*
 * Find the oldest record among the CPUs the reader covers, and make it
 * the iterator's current record.  Return false when there is none.
 */
static bool reader_peek(struct trace_reader *r)
{
	struct trace_iterator *iter = &r->iter;
	struct trace_buffer *buffer = iter->tr->buffer;
	struct ring_buffer_event *event, *best = NULL;
	unsigned long lost, best_lost = 0;
	int cpu, best_cpu = -1;
	u64 ts, best_ts = 0;

	for_each_tracing_cpu(cpu) {
		if (!reader_covers(r, cpu))
			continue;
		lost = 0;
		if (r->consume)
			event = ring_buffer_peek(buffer, cpu, &ts, &lost);
		else if (r->rb_iter[cpu])
			event = ring_buffer_iter_peek(r->rb_iter[cpu], &ts);
		else
			event = NULL;
		if (event && (!best || ts < best_ts)) {
			best = event;
			best_ts = ts;
			best_cpu = cpu;
			best_lost = lost;
		}
	}
	if (!best)
		return false;
	iter->ent = ring_buffer_event_data(best);
	iter->ent_size = ring_buffer_event_length(best);
	iter->cpu = best_cpu;
	iter->ts = best_ts;
	iter->lost_events = best_lost;
	return true;
}

static void reader_advance(struct trace_reader *r)
{
	struct trace_iterator *iter = &r->iter;

	if (r->consume)
		ring_buffer_consume(iter->tr->buffer, iter->cpu, NULL, NULL);
	else
		ring_buffer_iter_advance(r->rb_iter[iter->cpu]);
}

static struct trace_reader *reader_alloc(struct inode *inode, bool consume)
{
	struct trace_reader *r;

	if (tracing_is_disabled())
		return ERR_PTR(-ENODEV);
	r = kvzalloc(sizeof(*r), GFP_KERNEL);
	if (!r)
		return ERR_PTR(-ENOMEM);
	r->iter.tr = &global_trace;
	r->cpu_file = (long)inode->i_private;
	r->consume = consume;
	mutex_init(&r->lock);
	trace_seq_init(&r->iter.seq);
	trace_seq_init(&r->iter.tmp_seq);
	return r;
}

static void reader_stop_iters(struct trace_reader *r)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		if (r->rb_iter[cpu])
			ring_buffer_read_finish(r->rb_iter[cpu]);
		r->rb_iter[cpu] = NULL;
	}
}

static int reader_start_iters(struct trace_reader *r)
{
	int cpu;

	for_each_tracing_cpu(cpu) {
		if (!reader_covers(r, cpu))
			continue;
		r->rb_iter[cpu] = ring_buffer_read_start(r->iter.tr->buffer,
							 cpu, GFP_KERNEL);
		if (!r->rb_iter[cpu]) {
			reader_stop_iters(r);
			return -ENOMEM;
		}
	}
	return 0;
}

/* Format the current record as one line (with a lost-events note first). */
static void reader_format(struct trace_reader *r)
{
	struct trace_iterator *iter = &r->iter;

	if (iter->lost_events)
		trace_seq_printf(&iter->seq, "CPU:%d [LOST %lu EVENTS]\n",
				 iter->cpu, iter->lost_events);
	print_trace_line(iter);
}

/* The trace file: a seq_file over a non-consuming reader. */

static void print_header(struct seq_file *m, struct trace_reader *r)
{
	struct trace_array *tr = r->iter.tr;
	unsigned long entries = 0, total = 0, flags = tr->trace_flags;
	bool tgid = flags & TRACE_ITER(RECORD_TGID);
	const char *pad = tgid ? "          " : "";
	int cpu;

	for_each_tracing_cpu(cpu) {
		unsigned long e;

		if (!reader_covers(r, cpu))
			continue;
		e = ring_buffer_entries_cpu(tr->buffer, cpu);
		entries += e;
		total += e + ring_buffer_overrun_cpu(tr->buffer, cpu);
	}
	seq_printf(m, "# tracer: %s\n#\n", trace_tracer_name());
	/* Without context-info there are no columns to describe. */
	if (!(flags & TRACE_ITER(CONTEXT_INFO)))
		return;
	if (flags & TRACE_ITER(LATENCY_FMT)) {
		/* As upstream: nothing more while the buffer is empty. */
		if (entries)
			trace_print_lat_header(m, entries, total,
					       !(flags & TRACE_ITER(VERBOSE)));
		return;
	}
	if (flags & TRACE_ITER(VERBOSE))
		return;
	seq_printf(m, "# entries-in-buffer/entries-written: %lu/%lu   #P:%d\n",
		   entries, total, num_online_cpus());
	seq_puts(m, "#\n");
	if (!(flags & TRACE_ITER(IRQ_INFO))) {
		seq_printf(m, "#           TASK-PID    %s CPU#     TIMESTAMP  FUNCTION\n",
			   tgid ? "   TGID   " : "");
		seq_printf(m, "#              | |      %s   |         |         |\n",
			   tgid ? "     |    " : "");
		return;
	}
	/* With record-tgid the flag legend moves right by ten columns. */
	seq_printf(m, "#%s                                _-----=> irqs-off/BH-disabled\n",
		   pad);
	seq_printf(m, "#%s                               / _----=> need-resched\n",
		   pad);
	seq_printf(m, "#%s                              | / _---=> hardirq/softirq\n",
		   pad);
	seq_printf(m, "#%s                              || / _--=> preempt-depth\n",
		   pad);
	seq_printf(m, "#%s                              ||| / _-=> migrate-disable\n",
		   pad);
	seq_printf(m, "#%s                              |||| /     delay\n", pad);
	seq_printf(m, "#           TASK-PID  %s CPU#  |||||  TIMESTAMP  FUNCTION\n",
		   tgid ? "     TGID   " : "  ");
	seq_printf(m, "#              | |    %s   |   |||||     |         |\n",
		   tgid ? "       |    " : "  ");
}

/*
 * seq_file positions: 0 is the header, n > 0 the n-th record.  Reading
 * from a position already passed starts the iterators again.
 */
static void *trace_seq_start(struct seq_file *m, loff_t *pos)
{
	struct trace_reader *r = m->private;

	mutex_lock(&r->lock);
	trace_read_lock(r->iter.tr, r->cpu_file);
	if (*pos < r->pos) {
		for (int cpu = 0; cpu < nr_cpu_ids; cpu++) {
			if (r->rb_iter[cpu])
				ring_buffer_iter_reset(r->rb_iter[cpu]);
			r->started_at[cpu] = 0;
		}
		r->pos = 0;
	}
	if (*pos == 0)
		return SEQ_START_TOKEN;
	if (!r->pos)
		r->pos = 1;
	while (r->pos < *pos) {
		if (!reader_peek(r))
			return NULL;
		reader_advance(r);
		r->pos++;
	}
	return reader_peek(r) ? r : NULL;
}

static void *trace_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_reader *r = m->private;

	if (v != SEQ_START_TOKEN) {
		reader_advance(r);
		r->pos++;
	} else {
		r->pos = 1;
	}
	(*pos)++;
	return reader_peek(r) ? r : NULL;
}

static void trace_seq_stop(struct seq_file *m, void *v)
{
	struct trace_reader *r = m->private;

	trace_read_unlock(r->iter.tr, r->cpu_file);
	mutex_unlock(&r->lock);
}

static int trace_seq_show(struct seq_file *m, void *v)
{
	struct trace_reader *r = m->private;
	struct trace_iterator *iter = &r->iter;

	if (v == SEQ_START_TOKEN) {
		print_header(m, r);
		return 0;
	}
	trace_seq_init(&iter->seq);
	if (r->annotate) {
		if (!r->started_at[iter->cpu])
			r->started_at[iter->cpu] = r->pos;
		/* Not before the trace's first record. */
		if (r->started_at[iter->cpu] == r->pos && r->pos > 1)
			trace_seq_printf(&iter->seq,
					 "##### CPU %u buffer started ####\n",
					 iter->cpu);
	}
	if (r->rb_iter[iter->cpu] &&
	    ring_buffer_iter_dropped(r->rb_iter[iter->cpu]))
		trace_seq_printf(&iter->seq, "CPU:%d [LOST EVENTS]\n",
				 iter->cpu);
	print_trace_line(iter);
	seq_write(m, iter->seq.buffer, trace_seq_used(&iter->seq));
	return 0;
}

static const struct seq_operations trace_seq_ops = {
	.start	= trace_seq_start,
	.next	= trace_seq_next,
	.stop	= trace_seq_stop,
	.show	= trace_seq_show,
};

static void reset_for(struct trace_array *tr, long cpu)
{
	if (cpu == RING_BUFFER_ALL_CPUS) {
		tracing_reset_all(tr);
		return;
	}
	trace_read_lock(tr, cpu);
	ring_buffer_reset_cpu(tr->buffer, cpu);
	trace_read_unlock(tr, cpu);
}

static int trace_open(struct inode *inode, struct file *filp)
{
	struct trace_reader *r;
	int ret;

	if (tracing_is_disabled())
		return -ENODEV;
	/* Opening for write with O_TRUNC ("echo > trace") empties it. */
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC)) {
		mutex_lock(&trace_types_lock);
		reset_for(&global_trace, (long)inode->i_private);
		mutex_unlock(&trace_types_lock);
	}
	if (!(filp->f_mode & FMODE_READ))
		return 0;

	r = reader_alloc(inode, false);
	if (IS_ERR(r))
		return PTR_ERR(r);
	/* pause-on-trace: nothing is recorded while the trace is read. */
	r->paused = global_trace.trace_flags & TRACE_ITER(PAUSE_ON_TRACE);
	if (r->paused)
		tracing_stop();
	/*
	 * annotate: once records were overwritten, the CPUs' buffers start
	 * at different times; say where each one starts.
	 */
	r->annotate = (global_trace.trace_flags & TRACE_ITER(ANNOTATE)) &&
		      ring_buffer_overruns(global_trace.buffer);
	ret = reader_start_iters(r);
	if (!ret)
		ret = seq_open(filp, &trace_seq_ops);
	if (ret) {
		reader_stop_iters(r);
		if (r->paused)
			tracing_start();
		kvfree(r);
		return ret;
	}
	((struct seq_file *)filp->private_data)->private = r;
	return 0;
}

static int trace_release(struct inode *inode, struct file *filp)
{
	struct seq_file *m;
	struct trace_reader *r;

	if (!(filp->f_mode & FMODE_READ))
		return 0;
	m = filp->private_data;
	r = m->private;
	reader_stop_iters(r);
	if (r->paused)
		tracing_start();
	kvfree(r);
	return seq_release(inode, filp);
}

static ssize_t trace_write(struct file *filp, const char __user *ubuf,
			   size_t cnt, loff_t *ppos)
{
	/* Writing anything (after the O_TRUNC reset) is accepted. */
	return cnt;
}

static loff_t trace_llseek(struct file *filp, loff_t offset, int whence)
{
	if (filp->f_mode & FMODE_READ)
		return seq_lseek(filp, offset, whence);
	filp->f_pos = 0;
	return 0;
}

static const struct file_operations trace_fops = {
	.open		= trace_open,
	.read		= seq_read,
	.write		= trace_write,
	.llseek		= trace_llseek,
	.release	= trace_release,
};

/* trace_pipe: consuming, blocking. */

static int pipe_open(struct inode *inode, struct file *filp)
{
	struct trace_reader *r = reader_alloc(inode, true);

	if (IS_ERR(r))
		return PTR_ERR(r);
	filp->private_data = r;
	nonseekable_open(inode, filp);
	return 0;
}

static int pipe_release(struct inode *inode, struct file *filp)
{
	kvfree(filp->private_data);
	return 0;
}

static bool pipe_has_data(struct trace_reader *r)
{
	struct trace_buffer *buffer = r->iter.tr->buffer;

	if (r->cpu_file == RING_BUFFER_ALL_CPUS)
		return !ring_buffer_empty(buffer);
	return !ring_buffer_empty_cpu(buffer, r->cpu_file);
}

static int pipe_wait(struct trace_reader *r, struct file *filp)
{
	int ret;

	while (!pipe_has_data(r)) {
		if (filp->f_flags & O_NONBLOCK)
			return -EAGAIN;
		mutex_unlock(&r->lock);
		ret = ring_buffer_wait(r->iter.tr->buffer, r->cpu_file, 0,
				       NULL, NULL);
		mutex_lock(&r->lock);
		if (ret)
			return ret;
		if (signal_pending(current))
			return -EINTR;
	}
	return 0;
}

static ssize_t pipe_read(struct file *filp, char __user *ubuf, size_t cnt,
			 loff_t *ppos)
{
	struct trace_reader *r = filp->private_data;
	struct trace_iterator *iter = &r->iter;
	ssize_t ret;

	mutex_lock(&r->lock);
	/* Text left over from the last read goes first. */
	ret = trace_seq_to_user(&iter->seq, ubuf, cnt);
	if (ret != -EBUSY)
		goto out;
	trace_seq_init(&iter->seq);

	ret = pipe_wait(r, filp);
	if (ret)
		goto out;

	/* From the first peek to the last consume, no other reader. */
	trace_read_lock(iter->tr, r->cpu_file);
	while (reader_peek(r)) {
		unsigned int before = trace_seq_used(&iter->seq);

		reader_format(r);
		if (trace_seq_has_overflowed(&iter->seq)) {
			/* Keep what fitted; the record waits for the next read. */
			iter->seq.seq.len = before;
			iter->seq.full = 0;
			if (!before) {
				/* A line longer than the buffer: skip it. */
				reader_advance(r);
			}
			break;
		}
		reader_advance(r);
		if (trace_seq_used(&iter->seq) >= cnt)
			break;
	}
	trace_read_unlock(iter->tr, r->cpu_file);
	ret = trace_seq_to_user(&iter->seq, ubuf, cnt);
	if (iter->seq.readpos >= trace_seq_used(&iter->seq))
		trace_seq_init(&iter->seq);
	if (ret == -EBUSY)
		ret = 0;
out:
	mutex_unlock(&r->lock);
	return ret;
}

static __poll_t pipe_poll(struct file *filp, poll_table *pt)
{
	struct trace_reader *r = filp->private_data;

	/* The block option: always readable, reads block instead. */
	if (r->iter.tr->trace_flags & TRACE_ITER(BLOCK))
		return EPOLLIN | EPOLLRDNORM;
	if (pipe_has_data(r))
		return EPOLLIN | EPOLLRDNORM;
	return ring_buffer_poll_wait(r->iter.tr->buffer, r->cpu_file, filp,
				     pt, 0);
}

static const struct file_operations pipe_fops = {
	.open		= pipe_open,
	.read		= pipe_read,
	.poll		= pipe_poll,
	.release	= pipe_release,
	.llseek		= noop_llseek,
};

/* ---- trace_pipe_raw: whole sub-buffers of one CPU --------------------- */

struct raw_reader {
	struct trace_array		*tr;
	int				cpu;
	struct buffer_data_read_page	*page;
	/* Bytes of the last page not yet read, from its end. */
	size_t				left;
	/* Serialises the reads, splices and ioctls of one open file. */
	struct mutex			lock;
};

static int raw_open(struct inode *inode, struct file *filp)
{
	struct raw_reader *rr;

	if (tracing_is_disabled())
		return -ENODEV;
	rr = kzalloc(sizeof(*rr), GFP_KERNEL);
	if (!rr)
		return -ENOMEM;
	rr->tr = &global_trace;
	rr->cpu = (long)inode->i_private;
	mutex_init(&rr->lock);
	filp->private_data = rr;
	nonseekable_open(inode, filp);
	return 0;
}

static int raw_release(struct inode *inode, struct file *filp)
{
	struct raw_reader *rr = filp->private_data;

	if (rr->page)
		ring_buffer_free_read_page(rr->tr->buffer, rr->cpu, rr->page);
	kfree(rr);
	return 0;
}

/*
 * Take the next sub-buffer into rr->page, unless part of one is left.
 * @full: only a sub-buffer the writer has left, waiting (once) for the
 * buffer to be buffer_percent full; else any data, waiting for some.
 * Return: 0 with a sub-buffer taken, 1 when a wait for a full one
 * ended without it, or -errno.
 */
static int raw_take_page(struct raw_reader *rr, bool nowait, bool full)
{
	struct trace_buffer *buffer = rr->tr->buffer;
	bool waited = false;
	size_t size;
	int ret;

	lockdep_assert_held(&rr->lock);
	if (rr->left)
		return 0;
	if (!rr->page) {
		ret = ring_buffer_alloc_read_page(buffer, rr->cpu, &rr->page);
		if (ret)
			return ret;
	}
	/* A whole sub-buffer, its header included, as header_page lays out. */
	size = ring_buffer_read_page_size(rr->page);
	for (;;) {
		trace_read_lock(rr->tr, rr->cpu);
		ret = ring_buffer_read_page(buffer, rr->page, size, rr->cpu,
					    full);
		trace_read_unlock(rr->tr, rr->cpu);
		if (ret >= 0) {
			rr->left = size;
			return 0;
		}
		if (nowait)
			return -EAGAIN;
		if (full && waited)
			return 1;
		mutex_unlock(&rr->lock);
		ret = ring_buffer_wait(buffer, rr->cpu,
				       full ? rr->tr->buffer_percent : 0,
				       NULL, NULL);
		mutex_lock(&rr->lock);
		if (ret)
			return ret;
		if (signal_pending(current))
			return -EINTR;
		if (rr->left)
			return 0;
		/* Woken because tracing stopped: nothing more is coming. */
		if (full && !tracing_is_on())
			return 1;
		waited = true;
	}
}

/*
 * read() takes the next sub-buffer, whole, header included, even one
 * the writer is still filling; a short read leaves the rest of it for
 * the next one.
 */
static ssize_t raw_read_iter(struct kiocb *iocb, struct iov_iter *to)
{
	struct file *filp = iocb->ki_filp;
	struct raw_reader *rr = filp->private_data;
	bool nowait = (filp->f_flags & O_NONBLOCK) ||
		      (iocb->ki_flags & IOCB_NOWAIT);
	size_t cnt = iov_iter_count(to);
	size_t size, off, n;
	ssize_t ret;

	mutex_lock(&rr->lock);
	ret = raw_take_page(rr, nowait, false);
	if (ret)
		goto out;
	size = ring_buffer_read_page_size(rr->page);
	off = size - rr->left;
	n = min(cnt, rr->left);
	if (copy_to_iter(ring_buffer_read_page_data(rr->page) + off, n, to) != n) {
		ret = -EFAULT;
		goto out;
	}
	rr->left -= n;
	ret = n;
out:
	mutex_unlock(&rr->lock);
	return ret;
}

/*
 * splice() moves only sub-buffers the writer has left, as Linux 6.12
 * does: a blocking one waits until the buffer is buffer_percent full
 * (and returns 0 if it is woken without one, as when tracing stops);
 * a non-blocking one fails with -EAGAIN.  Recorders such as trace-cmd
 * collect the last, partly filled sub-buffers with read() at the end.
 */
static ssize_t raw_splice_read(struct file *in, loff_t *ppos,
			       struct pipe_inode_info *pipe, size_t len,
			       unsigned int flags)
{
	struct raw_reader *rr = in->private_data;
	bool nowait = (in->f_flags & O_NONBLOCK) ||
		      (flags & SPLICE_F_NONBLOCK);
	int ret;

	mutex_lock(&rr->lock);
	ret = raw_take_page(rr, nowait, true);
	mutex_unlock(&rr->lock);
	if (ret)
		return ret < 0 ? ret : 0;
	return copy_splice_read(in, ppos, pipe, len, flags);
}

/* Readable: as splice() sees it, buffer_percent full (or a part left). */
static __poll_t raw_poll(struct file *filp, poll_table *pt)
{
	struct raw_reader *rr = filp->private_data;

	if (rr->left)
		return EPOLLIN | EPOLLRDNORM;
	return ring_buffer_poll_wait(rr->tr->buffer, rr->cpu, filp, pt,
				     rr->tr->buffer_percent);
}

/*
 * TRACE_MMAP_IOCTL_GET_READER hands the mapped reader its next sub-buffer,
 * first waiting for data (as much as buffer_percent asks) unless the file
 * is non-blocking.  Command 0 wakes the waiters, as in Linux 6.12.
 */
static long raw_ioctl(struct file *filp, unsigned int cmd, unsigned long arg)
{
	struct raw_reader *rr = filp->private_data;
	struct trace_buffer *buffer = rr->tr->buffer;
	int ret;

	if (cmd == TRACE_MMAP_IOCTL_GET_READER) {
		if (!(filp->f_flags & O_NONBLOCK)) {
			ret = ring_buffer_wait(buffer, rr->cpu,
					       rr->tr->buffer_percent, NULL,
					       NULL);
			if (ret)
				return ret;
		}
		trace_read_lock(rr->tr, rr->cpu);
		ret = ring_buffer_map_get_reader(buffer, rr->cpu);
		trace_read_unlock(rr->tr, rr->cpu);
		return ret;
	}
	if (cmd)
		return -ENOTTY;
	ring_buffer_wake_waiters(buffer, rr->cpu);
	return 0;
}

/* The mm duplicated a mapping (mremap()): one more to unmap later. */
static void raw_vm_open(struct vm_area_struct *vma)
{
	struct raw_reader *rr = vma->vm_file->private_data;

	ring_buffer_map_dup(rr->tr->buffer, rr->cpu);
}

static void raw_vm_close(struct vm_area_struct *vma)
{
	struct raw_reader *rr = vma->vm_file->private_data;

	WARN_ON_ONCE(ring_buffer_unmap(rr->tr->buffer, rr->cpu));
}

/* The mapping is all or nothing: no partial munmap() or mprotect(). */
static int raw_vm_may_split(struct vm_area_struct *vma, unsigned long addr)
{
	return -EINVAL;
}

static const struct vm_operations_struct raw_vm_ops = {
	.open		= raw_vm_open,
	.close		= raw_vm_close,
	.may_split	= raw_vm_may_split,
};

/* The meta page and the CPU buffer's sub-buffers, read-only and shared. */
static int raw_mmap(struct file *filp, struct vm_area_struct *vma)
{
	struct raw_reader *rr = filp->private_data;
	int ret;

	ret = ring_buffer_map(rr->tr->buffer, rr->cpu, vma);
	if (ret)
		return ret;
	vma->vm_ops = &raw_vm_ops;
	return 0;
}

static const struct file_operations raw_fops = {
	.open		= raw_open,
	.read_iter	= raw_read_iter,
	.splice_read	= raw_splice_read,
	.poll		= raw_poll,
	.unlocked_ioctl	= raw_ioctl,
	.mmap		= raw_mmap,
	.release	= raw_release,
	.llseek		= noop_llseek,
};

/* ---- per-CPU statistics ----------------------------------------------- */

static int stats_show(struct seq_file *m, void *v)
{
	struct trace_array *tr = &global_trace;
	struct trace_buffer *buffer = tr->buffer;
	int cpu = (long)m->private;
	u64 t;
	u32 rem;

	seq_printf(m, "entries: %lu\n", ring_buffer_entries_cpu(buffer, cpu));
	seq_printf(m, "overrun: %lu\n", ring_buffer_overrun_cpu(buffer, cpu));
	seq_printf(m, "commit overrun: %lu\n",
		   ring_buffer_commit_overrun_cpu(buffer, cpu));
	seq_printf(m, "bytes: %lu\n", ring_buffer_bytes_cpu(buffer, cpu));
	if (trace_clock_in_ns_for(tr)) {
		t = ring_buffer_oldest_event_ts(buffer, cpu);
		t = div_u64_rem(div_u64(t, NSEC_PER_USEC), USEC_PER_SEC, &rem);
		seq_printf(m, "oldest event ts: %5llu.%06u\n", t, rem);
		t = ring_buffer_time_stamp(buffer);
		t = div_u64_rem(div_u64(t, NSEC_PER_USEC), USEC_PER_SEC, &rem);
		seq_printf(m, "now ts: %5llu.%06u\n", t, rem);
	} else {
		seq_printf(m, "oldest event ts: %llu\n",
			   ring_buffer_oldest_event_ts(buffer, cpu));
		seq_printf(m, "now ts: %llu\n", ring_buffer_time_stamp(buffer));
	}
	seq_printf(m, "dropped events: %lu\n",
		   ring_buffer_dropped_events_cpu(buffer, cpu));
	seq_printf(m, "read events: %lu\n",
		   ring_buffer_read_events_cpu(buffer, cpu));
	return 0;
}

static int stats_open(struct inode *inode, struct file *filp)
{
	if (tracing_is_disabled())
		return -ENODEV;
	return single_open(filp, stats_show, inode->i_private);
}

static const struct file_operations stats_fops = {
	.open		= stats_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
};

/* ---- tracing_on, buffer sizes, buffer_percent ------------------------- */

static ssize_t tracing_on_read(struct file *filp, char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	return read_text(ubuf, cnt, ppos, "%d\n", tracing_is_on());
}

static ssize_t tracing_on_write(struct file *filp, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	unsigned long val;
	ssize_t ret = write_ulong(ubuf, cnt, &val);

	if (ret)
		return ret;
	mutex_lock(&trace_types_lock);
	if (val) {
		tracing_on();
	} else {
		tracing_off();
		/* Readers waiting for a full sub-buffer will not get one. */
		ring_buffer_wake_waiters(global_trace.buffer,
					 RING_BUFFER_ALL_CPUS);
	}
	mutex_unlock(&trace_types_lock);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations tracing_on_fops = {
	.open		= tracing_open_generic,
	.read		= tracing_on_read,
	.write		= tracing_on_write,
	.llseek		= generic_file_llseek,
};

static ssize_t size_kb_read(struct file *filp, char __user *ubuf, size_t cnt,
			    loff_t *ppos)
{
	struct trace_buffer *buffer = global_trace.buffer;
	long cpu = (long)filp->private_data;
	unsigned long size = 0;
	int c;

	if (cpu != RING_BUFFER_ALL_CPUS)
		return read_text(ubuf, cnt, ppos, "%lu\n",
				 ring_buffer_size(buffer, cpu) >> 10);
	for_each_tracing_cpu(c) {
		unsigned long s = ring_buffer_size(buffer, c);

		if (size && s != size)
			return read_text(ubuf, cnt, ppos, "X\n");
		size = s;
	}
	return read_text(ubuf, cnt, ppos, "%lu\n", size >> 10);
}

/* Resize one CPU's buffer or all, with every reader of them held off. */
static int trace_resize(unsigned long size, long cpu)
{
	int ret;

	mutex_lock(&trace_types_lock);
	trace_read_lock(&global_trace, RING_BUFFER_ALL_CPUS);
	ret = ring_buffer_resize(global_trace.buffer, size, cpu);
	trace_read_unlock(&global_trace, RING_BUFFER_ALL_CPUS);
	mutex_unlock(&trace_types_lock);
	return ret;
}

static ssize_t size_kb_write(struct file *filp, const char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	long cpu = (long)filp->private_data;
	unsigned long val;
	ssize_t ret = write_ulong(ubuf, cnt, &val);

	if (ret)
		return ret;
	/* Zero would leave no room at all: refuse it, as upstream does. */
	if (!val || val > (ULONG_MAX >> 10))
		return -EINVAL;
	ret = trace_resize(val << 10, cpu);
	if (ret < 0)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations size_kb_fops = {
	.open		= tracing_open_generic,
	.read		= size_kb_read,
	.write		= size_kb_write,
	.llseek		= generic_file_llseek,
};

/*
 * free_buffer: a tool holds it open while it traces; when the file is
 * closed, explicitly or because the tool died, every CPU buffer shrinks
 * to its smallest size (the memory goes back), after tracing is turned
 * off if the disable_on_free option is set.  What is written is ignored.
 */
static ssize_t free_buffer_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	*ppos += cnt;
	return cnt;
}

static int free_buffer_release(struct inode *inode, struct file *filp)
{
	if (global_trace.trace_flags & TRACE_ITER(STOP_ON_FREE))
		tracing_off();
	/* Size 0: the ring buffer keeps its minimum; a mapped CPU, EBUSY. */
	trace_resize(0, RING_BUFFER_ALL_CPUS);
	return 0;
}

static const struct file_operations free_buffer_fops = {
	.open		= tracing_open_generic,
	.write		= free_buffer_write,
	.release	= free_buffer_release,
	.llseek		= noop_llseek,
};

static ssize_t total_kb_read(struct file *filp, char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	unsigned long size = 0;
	int cpu;

	/* The sum of what each CPU's buffer_size_kb shows. */
	for_each_tracing_cpu(cpu)
		size += ring_buffer_size(global_trace.buffer, cpu) >> 10;
	return read_text(ubuf, cnt, ppos, "%lu\n", size);
}

static const struct file_operations total_kb_fops = {
	.open		= tracing_open_generic,
	.read		= total_kb_read,
	.llseek		= generic_file_llseek,
};

static ssize_t subbuf_kb_read(struct file *filp, char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	return read_text(ubuf, cnt, ppos, "%lu\n",
			 (PAGE_SIZE << ring_buffer_subbuf_order_get(global_trace.buffer))
			 >> 10);
}

static ssize_t subbuf_kb_write(struct file *filp, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	unsigned long val;
	int order;
	ssize_t ret = write_ulong(ubuf, cnt, &val);

	if (ret)
		return ret;
	/* A size in KB, rounded up to a power-of-two number of pages. */
	if (!val || val > (PAGE_SIZE << MAX_PAGE_ORDER) >> 10)
		return -EINVAL;
	order = get_order(val << 10);
	mutex_lock(&trace_types_lock);
	trace_read_lock(&global_trace, RING_BUFFER_ALL_CPUS);
	ret = ring_buffer_subbuf_order_set(global_trace.buffer, order);
	trace_read_unlock(&global_trace, RING_BUFFER_ALL_CPUS);
	mutex_unlock(&trace_types_lock);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations subbuf_kb_fops = {
	.open		= tracing_open_generic,
	.read		= subbuf_kb_read,
	.write		= subbuf_kb_write,
	.llseek		= generic_file_llseek,
};

static ssize_t percent_read(struct file *filp, char __user *ubuf, size_t cnt,
			    loff_t *ppos)
{
	return read_text(ubuf, cnt, ppos, "%d\n", global_trace.buffer_percent);
}

static ssize_t percent_write(struct file *filp, const char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	unsigned long val;
	ssize_t ret = write_ulong(ubuf, cnt, &val);

	if (ret)
		return ret;
	if (val > 100)
		return -EINVAL;
	global_trace.buffer_percent = val;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations percent_fops = {
	.open		= tracing_open_generic,
	.read		= percent_read,
	.write		= percent_write,
	.llseek		= generic_file_llseek,
};

/* ---- tracing_cpumask ---------------------------------------------------- */

/*
 * The CPUs whose records are kept.  A CPU taken out of the mask has its
 * ring buffer's per-CPU recording disabled (a count, so this stacks
 * with the other users of ring_buffer_record_disable_cpu()); what it
 * recorded before stays readable.
 */
static struct cpumask tracing_cpus = CPU_MASK_ALL;

static ssize_t cpumask_read(struct file *filp, char __user *ubuf, size_t cnt,
			    loff_t *ppos)
{
	char *buf;
	int len;
	ssize_t ret;

	mutex_lock(&trace_types_lock);
	len = snprintf(NULL, 0, "%*pb\n", cpumask_pr_args(&tracing_cpus)) + 1;
	buf = kmalloc(len, GFP_KERNEL);
	if (buf)
		len = scnprintf(buf, len, "%*pb\n",
				cpumask_pr_args(&tracing_cpus));
	mutex_unlock(&trace_types_lock);
	if (!buf)
		return -ENOMEM;
	ret = simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
	kfree(buf);
	return ret;
}

static ssize_t cpumask_write(struct file *filp, const char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	struct trace_buffer *buffer = global_trace.buffer;
	cpumask_var_t want;
	int cpu, err;

	if (!zalloc_cpumask_var(&want, GFP_KERNEL))
		return -ENOMEM;
	err = cpumask_parse_user(ubuf, cnt, want);
	if (err)
		goto out;
	mutex_lock(&trace_types_lock);
	for_each_tracing_cpu(cpu) {
		bool was = cpumask_test_cpu(cpu, &tracing_cpus);
		bool now = cpumask_test_cpu(cpu, want);

		if (was && !now)
			ring_buffer_record_disable_cpu(buffer, cpu);
		else if (!was && now)
			ring_buffer_record_enable_cpu(buffer, cpu);
	}
	cpumask_copy(&tracing_cpus, want);
	mutex_unlock(&trace_types_lock);
	*ppos += cnt;
out:
	free_cpumask_var(want);
	return err ?: cnt;
}

static const struct file_operations cpumask_fops = {
	.open		= tracing_open_generic,
	.read		= cpumask_read,
	.write		= cpumask_write,
	.llseek		= generic_file_llseek,
};

/* ---- trace_clock -------------------------------------------------------- */

static int clock_show(struct seq_file *m, void *v)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(trace_clocks); i++)
		seq_printf(m, i == global_trace.clock_id ? "[%s]%s" : "%s%s",
			   trace_clocks[i].name,
			   i == ARRAY_SIZE(trace_clocks) - 1 ? "\n" : " ");
	return 0;
}

static int clock_open(struct inode *inode, struct file *filp)
{
	if (tracing_is_disabled())
		return -ENODEV;
	return single_open(filp, clock_show, NULL);
}

static ssize_t clock_write(struct file *filp, const char __user *ubuf,
			   size_t cnt, loff_t *ppos)
{
	char buf[32];
	ssize_t ret = trace_parse_write(ubuf, cnt, buf, sizeof(buf));
	int i;

	if (ret < 0)
		return ret;
	for (i = 0; i < ARRAY_SIZE(trace_clocks); i++)
		if (!strcmp(strim(buf), trace_clocks[i].name))
			break;
	if (i == ARRAY_SIZE(trace_clocks))
		return -EINVAL;
	mutex_lock(&trace_types_lock);
	if (i != global_trace.clock_id) {
		/* Stamps of two clocks do not compare: start afresh. */
		global_trace.clock_id = i;
		ring_buffer_set_clock(global_trace.buffer, trace_clocks[i].func);
		tracing_reset_all(&global_trace);
	}
	mutex_unlock(&trace_types_lock);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations clock_fops = {
	.open		= clock_open,
	.read		= seq_read,
	.write		= clock_write,
	.llseek		= seq_lseek,
	.release	= single_release,
};

/* ---- trace_options ---------------------------------------------------- */

/* In TRACE_ITER_*_BIT order: the names the file shows and accepts. */
static const char * const trace_option_names[TRACE_ITER_NR_BITS] = {
	"print-parent", "sym-offset", "sym-addr", "verbose", "raw", "hex",
	"bin", "block", "fields", "trace_printk", "annotate",
	"userstacktrace", "sym-userobj", "printk-msg-only", "context-info",
	"latency-format", "record-cmd", "record-tgid", "overwrite",
	"disable_on_free", "markers", "event-fork", "pause-on-trace",
	"hash-ptr", "irq-info",
};

static int options_show(struct seq_file *m, void *v)
{
	int i;

	for (i = 0; i < TRACE_ITER_NR_BITS; i++)
		seq_printf(m, "%s%s\n",
			   global_trace.trace_flags & BIT(i) ? "" : "no",
			   trace_option_names[i]);
	return 0;
}

static int options_open(struct inode *inode, struct file *filp)
{
	if (tracing_is_disabled())
		return -ENODEV;
	return single_open(filp, options_show, NULL);
}

static int set_option(struct trace_array *tr, int bit, bool on)
{
	if (on && (BIT(bit) & TRACE_ITER_UNBUILT))
		return -EINVAL;
	if (on)
		tr->trace_flags |= BIT(bit);
	else
		tr->trace_flags &= ~BIT(bit);
	if (bit == TRACE_ITER_OVERWRITE_BIT)
		ring_buffer_change_overwrite(tr->buffer, on);
	return 0;
}

static ssize_t options_write(struct file *filp, const char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	char buf[64], *name;
	bool on = true;
	ssize_t ret = trace_parse_write(ubuf, cnt, buf, sizeof(buf));
	int i;

	if (ret < 0)
		return ret;
	name = strim(buf);
	if (!strncmp(name, "no", 2)) {
		on = false;
		name += 2;
	}
	for (i = 0; i < TRACE_ITER_NR_BITS; i++)
		if (!strcmp(name, trace_option_names[i]))
			break;
	if (i == TRACE_ITER_NR_BITS)
		return -EINVAL;
	mutex_lock(&trace_types_lock);
	ret = set_option(&global_trace, i, on);
	mutex_unlock(&trace_types_lock);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations options_fops = {
	.open		= options_open,
	.read		= seq_read,
	.write		= options_write,
	.llseek		= seq_lseek,
	.release	= single_release,
};

/* options/<name>: one file per option, reading 0 or 1. */
static ssize_t option_read(struct file *filp, char __user *ubuf, size_t cnt,
			   loff_t *ppos)
{
	long bit = (long)filp->private_data;

	return read_text(ubuf, cnt, ppos, "%d\n",
			 !!(global_trace.trace_flags & BIT(bit)));
}

static ssize_t option_write(struct file *filp, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	long bit = (long)filp->private_data;
	unsigned long val;
	ssize_t ret = write_ulong(ubuf, cnt, &val);

	if (ret)
		return ret;
	if (val > 1)
		return -EINVAL;
	mutex_lock(&trace_types_lock);
	ret = set_option(&global_trace, bit, val);
	mutex_unlock(&trace_types_lock);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations option_fops = {
	.open		= tracing_open_generic,
	.read		= option_read,
	.write		= option_write,
	.llseek		= generic_file_llseek,
};

/* ---- trace_marker and trace_marker_raw -------------------------------- */

/*
 * The most a marker write takes; it is also cut to what one record of
 * the buffer holds.  The writer learns from the short count what was
 * taken and writes the rest, which becomes the next record.
 */
#define TRACE_MARKER_MAX	4096
#define MARKER_FAULTED		"<faulted>"
#define MARKER_FAULTED_LEN	(sizeof(MARKER_FAULTED) - 1)

static ssize_t tracing_mark_write(struct file *filp,
				  const char __user *ubuf, size_t cnt,
				  loff_t *ppos)
{
	struct trace_buffer *buffer = global_trace.buffer;
	/* The record, a newline and the NUL that end the text. */
	const size_t meta = sizeof(struct print_entry) + 2;
	size_t len = min_t(size_t, cnt, TRACE_MARKER_MAX);
	size_t room = ring_buffer_max_event_size(buffer);
	struct ring_buffer_event *event;
	struct print_entry *entry;
	ssize_t written;
	char *end;

	if (!(global_trace.trace_flags & TRACE_ITER(MARKERS)))
		return -EINVAL;
	if (!cnt)
		return 0;
	if (len + meta > room)
		len = room - meta;
	/* A short text still leaves room to say the copy faulted. */
	event = trace_buffer_lock_reserve(buffer, TRACE_PRINT,
					  meta + max(len, MARKER_FAULTED_LEN),
					  tracing_gen_ctx());
	if (!event)
		return -EBADF;
	entry = ring_buffer_event_data(event);
	entry->ip = _THIS_IP_;
	tracing_record_cmdline(current);
	written = len;
	if (copy_from_user_nofault(entry->buf, ubuf, len)) {
		memcpy(entry->buf, MARKER_FAULTED, MARKER_FAULTED_LEN);
		len = MARKER_FAULTED_LEN;
		written = -EFAULT;
	}
	end = entry->buf + len;
	if (end[-1] != '\n')
		*end++ = '\n';
	*end = '\0';
	ring_buffer_unlock_commit(buffer);
	return written;
}

static const struct file_operations marker_fops = {
	.open		= tracing_open_generic,
	.write		= tracing_mark_write,
	.llseek		= generic_file_llseek,
};

static ssize_t marker_raw_write(struct file *filp, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct trace_buffer *buffer = global_trace.buffer;
	struct ring_buffer_event *event;
	struct raw_data_entry *entry;
	size_t len = cnt - sizeof(unsigned int);

	if (!(global_trace.trace_flags & TRACE_ITER(MARKERS)))
		return -EINVAL;
	/*
	 * An id followed by data: the id alone is not enough.  It must fit
	 * in one record (the sub-buffer size sets that): -EINVAL otherwise,
	 * as in 6.12; -EBADF below only when recording is off.
	 */
	if (cnt < sizeof(unsigned int) ||
	    sizeof(*entry) + len > ring_buffer_max_event_size(buffer))
		return -EINVAL;
	event = trace_buffer_lock_reserve(buffer, TRACE_RAW_DATA,
					  sizeof(*entry) + len,
					  tracing_gen_ctx());
	if (!event)
		return -EBADF;
	entry = ring_buffer_event_data(event);
	if (copy_from_user_nofault(&entry->id, ubuf, cnt)) {
		entry->id = -1;
		memset(entry->buf, 0, len);
	}
	ring_buffer_unlock_commit(buffer);
	return cnt;
}

static const struct file_operations marker_raw_fops = {
	.open		= tracing_open_generic,
	.write		= marker_raw_write,
	.llseek		= generic_file_llseek,
};

/* ---- README ------------------------------------------------------------ */

static const char readme_text[] =
	"tracing mini-HOWTO:\n\n"
	"# echo 0 > tracing_on : quick way to disable tracing\n"
	"# echo 1 > tracing_on : quick way to re-enable tracing\n\n"
	" Important files:\n"
	"  trace\t\t\t- The static contents of the buffer\n"
	"\t\t\t  To clear the buffer write into this file: echo > trace\n"
	"  trace_pipe\t\t- A consuming read to see the contents of the buffer\n"
	"  tracing_on\t\t- Enable or disable writing to the ring buffer\n"
	"  buffer_size_kb\t- View and modify size of per cpu buffer\n"
	"  buffer_total_size_kb  - View total size of all cpu buffers\n\n"
	"  buffer_subbuf_size_kb\t- Size of the sub-buffers (rounded up to pages)\n"
	"  buffer_percent\t- How full a buffer must be to wake raw readers\n"
	"  trace_clock\t\t- Change the clock used to order events\n"
	"       local:   Per cpu clock but may not be synced across CPUs\n"
	"      global:   Synced across CPUs but slows tracing down.\n"
	"     counter:   Not a clock, but just an increment\n"
	"      uptime:   Jiffy counter from time of boot\n"
	"        perf:   Same clock that perf events use\n"
	"        mono:   Monotonic clock, fast and NMI safe\n"
	"    mono_raw:   Monotonic clock without NTP adjustment\n"
	"        boot:   Monotonic clock that counts suspend time too\n"
	"         tai:   International atomic time\n"
	"  trace_marker\t\t- Writes into this file writes into the kernel buffer\n"
	"  trace_marker_raw\t\t- Writes into this file writes binary data into the kernel buffer\n"
	"  tracing_cpumask\t- Limit which CPUs to trace\n"
	"  trace_options\t\t- Set format or modify how tracing happens\n"
	"\t\t\t  Disable an option by prefixing 'no' to the\n"
	"\t\t\t  option name\n"
	"  saved_cmdlines_size\t- echo command number in here to store comm-pid list\n"
	"  events/\t\t- Directory containing all trace event subsystems:\n"
	"      enable\t\t- Write 0/1 to enable/disable tracing of all events\n"
	"  events/<system>/\t- Directory containing all trace events for <system>:\n"
	"      enable\t\t- Write 0/1 to enable/disable tracing of all <system>\n"
	"\t\t\t  events\n"
	"  events/<system>/<event>/\t- Directory containing control files for\n"
	"\t\t\t  <event>:\n"
	"      enable\t\t- Write 0/1 to enable/disable tracing of <event>\n"
	"      format\t\t- The layout of <event>'s records\n"
	"      id\t\t- The number in each of <event>'s records\n"
	"  set_event\t\t- Enables events by name written into it\n"
	"\t\t\t  Format: [<system>:]<event>, globs allowed, '!' disables\n"
	"  available_events\t- List of all events, as <system>:<event>\n"
	"  error_log\t- error log for failed commands (that support it)\n";

static ssize_t readme_read(struct file *filp, char __user *ubuf, size_t cnt,
			   loff_t *ppos)
{
	return simple_read_from_buffer(ubuf, cnt, ppos, readme_text,
				       sizeof(readme_text) - 1);
}

static const struct file_operations readme_fops = {
	.open		= tracing_open_generic,
	.read		= readme_read,
	.llseek		= generic_file_llseek,
};

/* ---- error_log ---------------------------------------------------------- */

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

static LIST_HEAD(error_log);
static unsigned int error_log_len;
static DEFINE_MUTEX(error_log_lock);

/**
 * tracing_log_err() - add an entry to error_log
 * @tr: the trace array (unused: there is one log)
 * @loc: where the error happened ("event", "set_event", ...)
 * @cmd: the command that failed
 * @errs: the table of error texts
 * @type: the index of this error's text in @errs
 * @pos: the position in @cmd the caret points at
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
	if (error_log_len == ERROR_LOG_MAX) {
		struct tracing_log_err *old;

		old = list_first_entry(&error_log, struct tracing_log_err, list);
		list_del(&old->list);
		kfree(old->loc);
		kfree(old->cmd);
		kfree(old);
		error_log_len--;
	}
	list_add_tail(&e->list, &error_log);
	error_log_len++;
	mutex_unlock(&error_log_lock);
}

static void clear_error_log(void)
{
	struct tracing_log_err *e, *n;

	mutex_lock(&error_log_lock);
	list_for_each_entry_safe(e, n, &error_log, list) {
		list_del(&e->list);
		kfree(e->loc);
		kfree(e->cmd);
		kfree(e);
	}
	error_log_len = 0;
	mutex_unlock(&error_log_lock);
}

static void *err_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&error_log_lock);
	return seq_list_start(&error_log, *pos);
}

static void *err_next(struct seq_file *m, void *v, loff_t *pos)
{
	return seq_list_next(v, &error_log, pos);
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

static const struct seq_operations err_seq_ops = {
	.start	= err_start,
	.next	= err_next,
	.stop	= err_stop,
	.show	= err_show,
};

static int err_open(struct inode *inode, struct file *filp)
{
	if (tracing_is_disabled())
		return -ENODEV;
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC))
		clear_error_log();
	if (filp->f_mode & FMODE_READ)
		return seq_open(filp, &err_seq_ops);
	return 0;
}

static ssize_t err_write(struct file *filp, const char __user *ubuf,
			 size_t cnt, loff_t *ppos)
{
	return cnt;
}

static int err_release(struct inode *inode, struct file *filp)
{
	if (filp->f_mode & FMODE_READ)
		return seq_release(inode, filp);
	return 0;
}

static const struct file_operations err_fops = {
	.open		= err_open,
	.read		= seq_read,
	.write		= err_write,
	.llseek		= trace_llseek,
	.release	= err_release,
};

/* ---- the tracefs tree -------------------------------------------------- */

static void create_cpu_files(struct trace_array *tr, long cpu)
{
	struct dentry *d;
	char name[24];

	snprintf(name, sizeof(name), "cpu%ld", cpu);
	d = tracefs_create_dir(name, tr->percpu_dir);
	if (!d)
		return;
	trace_create_file("trace", 0644, d, (void *)cpu, &trace_fops);
	trace_create_file("trace_pipe", 0444, d, (void *)cpu, &pipe_fops);
	trace_create_file("trace_pipe_raw", 0444, d, (void *)cpu, &raw_fops);
	trace_create_file("stats", 0444, d, (void *)cpu, &stats_fops);
	trace_create_file("buffer_size_kb", 0644, d, (void *)cpu,
			  &size_kb_fops);
}

static void create_option_files(struct trace_array *tr)
{
	struct dentry *d = tracefs_create_dir("options", tr->dir);
	long i;

	if (!d)
		return;
	for (i = 0; i < TRACE_ITER_NR_BITS; i++)
		trace_create_file(trace_option_names[i], 0644, d, (void *)i,
				  &option_fops);
}

/*
 * Old tools look for the tracing files in <debugfs>/tracing: mount
 * tracefs there when that directory is first entered.
 */
static struct vfsmount *debugfs_tracing_automount(struct dentry *mntpt,
						  void *unused)
{
	struct file_system_type *fs = get_fs_type("tracefs");
	struct vfsmount *mnt;

	if (!fs)
		return NULL;
	mnt = vfs_submount(mntpt, fs, "tracefs", NULL);
	put_filesystem(fs);
	if (IS_ERR(mnt))
		return NULL;
	/* The automount code drops one reference when it expires. */
	return mntget(mnt);
}

/* Tracing files need tracefs, which a kernel may be built without. */
static int tracing_init_dentry(void)
{
	if (!tracefs_initialized())
		return -ENODEV;
	debugfs_create_automount("tracing", NULL, debugfs_tracing_automount,
				 NULL);
	return 0;
}

static __init int tracer_init_tracefs(void)
{
	struct trace_array *tr = &global_trace;
	void *all = (void *)(long)RING_BUFFER_ALL_CPUS;
	long cpu;
	int ret;

	if (tracing_is_disabled())
		return 0;
	ret = tracing_init_dentry();
	if (ret)
		return 0;
	tr->dir = NULL;	/* NULL: the tracefs root */

	trace_create_file("trace", 0644, NULL, all, &trace_fops);
	trace_create_file("trace_pipe", 0444, NULL, all, &pipe_fops);
	trace_create_file("tracing_on", 0644, NULL, NULL, &tracing_on_fops);
	trace_create_file("buffer_size_kb", 0644, NULL, all, &size_kb_fops);
	trace_create_file("free_buffer", 0200, NULL, NULL, &free_buffer_fops);
	trace_create_file("buffer_total_size_kb", 0444, NULL, NULL,
			  &total_kb_fops);
	trace_create_file("buffer_subbuf_size_kb", 0644, NULL, NULL,
			  &subbuf_kb_fops);
	trace_create_file("buffer_percent", 0644, NULL, NULL, &percent_fops);
	trace_create_file("trace_clock", 0644, NULL, NULL, &clock_fops);
	trace_create_file("tracing_cpumask", 0644, NULL, NULL, &cpumask_fops);
	trace_create_file("trace_options", 0644, NULL, NULL, &options_fops);
	trace_create_file("trace_marker", 0222, NULL, NULL, &marker_fops);
	trace_create_file("trace_marker_raw", 0222, NULL, NULL,
			  &marker_raw_fops);
	trace_create_file("saved_cmdlines", 0444, NULL,
			  (void *)&cmdlines_seq_ops, &cmdlines_fops);
	trace_create_file("saved_tgids", 0444, NULL, (void *)&tgids_seq_ops,
			  &cmdlines_fops);
	trace_create_file("saved_cmdlines_size", 0644, NULL, NULL,
			  &cmdlines_size_fops);
	trace_create_file("error_log", 0644, NULL, NULL, &err_fops);
	trace_create_file("README", 0444, NULL, NULL, &readme_fops);
	create_option_files(tr);

	tr->percpu_dir = tracefs_create_dir("per_cpu", NULL);
	if (tr->percpu_dir)
		for_each_tracing_cpu(cpu)
			create_cpu_files(tr, cpu);

	trace_printk_formats_init(NULL);
	trace_tracers_init_tracefs();
	event_trace_init();
	return 0;
}
fs_initcall(tracer_init_tracefs);

/**
 * early_trace_init() - allocate the trace buffer
 *
 * Called from start_kernel() once memory can be allocated, so that
 * events enabled at boot have somewhere to go.
 */
__init void early_trace_init(void)
{
	struct trace_array *tr = &global_trace;
	int cpu;

	saved_cmdlines = cmdlines_alloc(SAVED_CMDLINES_DEFAULT);
	tr->read_cpu = kcalloc(nr_cpu_ids, sizeof(*tr->read_cpu), GFP_KERNEL);
	tr->buffer = ring_buffer_alloc(trace_buf_size, RB_FL_OVERWRITE);
	if (!tr->buffer || !saved_cmdlines || !tr->read_cpu) {
		pr_warn("tracing: could not allocate the trace buffer\n");
		if (tr->buffer)
			ring_buffer_free(tr->buffer);
		tr->buffer = NULL;
		kvfree(saved_cmdlines);
		saved_cmdlines = NULL;
		kfree(tr->read_cpu);
		tr->read_cpu = NULL;
		return;
	}
	for (cpu = 0; cpu < nr_cpu_ids; cpu++)
		mutex_init(&tr->read_cpu[cpu]);
	ring_buffer_set_clock(tr->buffer, trace_clocks[0].func);
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

/**
 * ftrace_boot_snapshot() - take the snapshot asked for on the command line
 *
 * There is no snapshot buffer: nothing to do.
 */
void __init ftrace_boot_snapshot(void)
{
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

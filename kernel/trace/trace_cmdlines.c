// SPDX-License-Identifier: GPL-2.0
/*
 * Task names for the pids in the records: saved_cmdlines,
 * saved_cmdlines_size and saved_tgids.
 *
 * One table serves every session, as in upstream: a pid names the same
 * task whichever buffer its record is in.
 */
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include <trace/events/sched.h>

#include "trace_session.h"

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
/* Slot numbers plus one fit &saved_cmdlines.map's u16. */
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
	u16			map[CMDLINE_MAP_SIZE];
	struct saved_cmdline	slot[];
};

static struct saved_cmdlines *saved_cmdlines;
static DEFINE_RAW_SPINLOCK(cmdlines_lock);

static struct saved_cmdlines *cmdlines_alloc(unsigned int nr)
{
	struct saved_cmdlines *s;
	unsigned int bits = order_base_2(nr);

	/*
	 * About 68 KB with the default 128 slots, mostly the map: from
	 * vmalloc, page by page (kvzalloc() would take a 128 KB block).
	 */
	s = vzalloc(struct_size(s, slot, 1U << bits));
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
	return trace_read_text(ubuf, cnt, ppos, "%u\n", cmdlines_nr(saved_cmdlines));
}

static ssize_t cmdlines_size_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct saved_cmdlines *s, *old;
	unsigned long val;
	ssize_t ret;

	ret = trace_write_ulong(ubuf, cnt, &val);
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

/**
 * trace_cmdlines_init() - allocate the table of task names
 *
 * Return: 0 or -ENOMEM.
 */
int __init trace_cmdlines_init(void)
{
	saved_cmdlines = cmdlines_alloc(SAVED_CMDLINES_DEFAULT);
	return saved_cmdlines ? 0 : -ENOMEM;
}

/**
 * trace_cmdlines_create_files() - saved_cmdlines, saved_tgids and
 *	saved_cmdlines_size
 * @parent: the directory (NULL: the tracefs root)
 */
void __init trace_cmdlines_create_files(struct dentry *parent)
{
	trace_create_file("saved_cmdlines", TRACE_MODE_READ, parent,
			  (void *)&cmdlines_seq_ops, &cmdlines_fops);
	trace_create_file("saved_tgids", TRACE_MODE_READ, parent, (void *)&tgids_seq_ops,
			  &cmdlines_fops);
	trace_create_file("saved_cmdlines_size", TRACE_MODE_WRITE, parent, NULL,
			  &cmdlines_size_fops);
}

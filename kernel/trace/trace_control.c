// SPDX-License-Identifier: GPL-2.0
/*
 * A session's control files:
 *
 *   tracing_on, buffer_size_kb (also per CPU), buffer_total_size_kb,
 *   buffer_subbuf_size_kb, buffer_percent, free_buffer, tracing_cpumask,
 *   trace_clock, timestamp_mode, trace_options and options/, trace_marker,
 *   trace_marker_raw, error_log
 *
 * and the top level's README.  Each file's inode holds a
 * &struct trace_file_key; an open file holds a reference to its session.
 */
#include <linux/cpumask.h>
#include <linux/fs.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace_clock.h>
#include <linux/uaccess.h>

#include "trace_files.h"

/* ---- tracing_on, buffer sizes, buffer_percent ------------------------- */

static ssize_t tracing_on_read(struct file *filp, char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = file_key(filp)->tr;

	return trace_read_text(ubuf, cnt, ppos, "%d\n", tracer_tracing_is_on(tr));
}

static ssize_t tracing_on_write(struct file *filp, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = file_key(filp)->tr;
	unsigned long val;
	ssize_t ret = trace_write_ulong(ubuf, cnt, &val);

	if (ret)
		return ret;
	mutex_lock(&trace_types_lock);
	if (val) {
		tracer_tracing_on(tr);
	} else {
		tracer_tracing_off(tr);
		/* Readers waiting for a full sub-buffer will not get one. */
		ring_buffer_wake_waiters(tr->buffer,
					 RING_BUFFER_ALL_CPUS);
	}
	if (trace_tracer_of(tr)->tracing_on)
		trace_tracer_of(tr)->tracing_on(tr, val);
	mutex_unlock(&trace_types_lock);
	*ppos += cnt;
	return cnt;
}

const struct file_operations tracing_on_fops = {
	.open		= trace_key_open,
	.release	= trace_key_release,
	.read		= tracing_on_read,
	.write		= tracing_on_write,
	.llseek		= generic_file_llseek,
};

static ssize_t size_kb_read(struct file *filp, char __user *ubuf, size_t cnt,
			    loff_t *ppos)
{
	struct trace_array *tr = file_key(filp)->tr;
	struct trace_buffer *buffer = tr->buffer;
	long cpu = file_key(filp)->cpu;
	unsigned long size = 0;
	int c;

	if (cpu != RING_BUFFER_ALL_CPUS) {
		size = ring_buffer_size(buffer, cpu);
		/* A CPU that has not been up: what it will get, as 6.12. */
		if (!size)
			size = ring_buffer_size_hotplug(buffer);
		return trace_read_text(ubuf, cnt, ppos, "%lu\n", size >> 10);
	}
	for_each_tracing_cpu(c) {
		unsigned long s = ring_buffer_size(buffer, c);

		/* 0: a CPU that has not been up has no buffer yet. */
		if (!s)
			continue;
		if (size && s != size)
			return trace_read_text(ubuf, cnt, ppos, "X\n");
		size = s;
	}
	/* Before its first use, also the size the session will grow to. */
	if (!READ_ONCE(tr->buffer_expanded))
		return trace_read_text(ubuf, cnt, ppos, "%lu (expanded: %lu)\n",
				       size >> 10, trace_expanded_size() >> 10);
	return trace_read_text(ubuf, cnt, ppos, "%lu\n", size >> 10);
}

static int trace_resize(struct trace_array *tr, unsigned long size, long cpu)
{
	int ret;

	mutex_lock(&trace_types_lock);
	ret = trace_resize_locked(tr, size, cpu);
	mutex_unlock(&trace_types_lock);
	return ret;
}

static ssize_t size_kb_write(struct file *filp, const char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	struct trace_file_key *key = file_key(filp);
	unsigned long val;
	ssize_t ret = trace_write_ulong(ubuf, cnt, &val);

	if (ret)
		return ret;
	/* Zero would leave no room at all: refuse it, as upstream does. */
	if (!val || val > (ULONG_MAX >> 10))
		return -EINVAL;
	ret = trace_resize(key->tr, val << 10, key->cpu);
	if (ret < 0)
		return ret;
	*ppos += cnt;
	return cnt;
}

const struct file_operations buffer_size_fops = {
	.open		= trace_key_open,
	.release	= trace_key_release,
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
	struct trace_array *tr = file_key(filp)->tr;

	if (tr->trace_flags & TRACE_ITER(STOP_ON_FREE))
		tracer_tracing_off(tr);
	/* Size 0: the ring buffer keeps its minimum; a mapped CPU, EBUSY. */
	trace_resize(tr, 0, RING_BUFFER_ALL_CPUS);
	return trace_key_release(inode, filp);
}

const struct file_operations free_buffer_fops = {
	.open		= trace_key_open,
	.write		= free_buffer_write,
	.release	= free_buffer_release,
	.llseek		= noop_llseek,
};

static ssize_t total_kb_read(struct file *filp, char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = file_key(filp)->tr;
	unsigned long size = 0, nr = 0;
	int cpu;

	/*
	 * The memory the CPU buffers hold: a CPU that has not been up has
	 * none yet, whatever its buffer_size_kb says it will get.
	 */
	for_each_tracing_cpu(cpu) {
		unsigned long s = ring_buffer_size(tr->buffer, cpu);

		/* A CPU that has not been up has no buffer yet. */
		size += s >> 10;
		nr += !!s;
	}
	if (!READ_ONCE(tr->buffer_expanded))
		return trace_read_text(ubuf, cnt, ppos, "%lu (expanded: %lu)\n",
				       size,
				       nr * (trace_expanded_size() >> 10));
	return trace_read_text(ubuf, cnt, ppos, "%lu\n", size);
}

const struct file_operations buffer_total_size_fops = {
	.open		= trace_key_open,
	.release	= trace_key_release,
	.read		= total_kb_read,
	.llseek		= generic_file_llseek,
};

static ssize_t subbuf_kb_read(struct file *filp, char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = file_key(filp)->tr;

	return trace_read_text(ubuf, cnt, ppos, "%lu\n",
			 (PAGE_SIZE << ring_buffer_subbuf_order_get(tr->buffer))
			 >> 10);
}

static ssize_t subbuf_kb_write(struct file *filp, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = file_key(filp)->tr;
	unsigned long val;
	int order;
	ssize_t ret = trace_write_ulong(ubuf, cnt, &val);

	if (ret)
		return ret;
	/* A size in KB, rounded up to a power-of-two number of pages. */
	if (!val || val > (PAGE_SIZE << MAX_PAGE_ORDER) >> 10)
		return -EINVAL;
	order = get_order(val << 10);
	mutex_lock(&trace_types_lock);
	trace_read_lock(tr, RING_BUFFER_ALL_CPUS);
	ret = ring_buffer_subbuf_order_set(tr->buffer, order);
	/* The snapshot follows, or catches up at the next snapshot. */
	if (!ret && tr->snapshot)
		ring_buffer_subbuf_order_set(tr->snapshot, order);
	trace_read_unlock(tr, RING_BUFFER_ALL_CPUS);
	mutex_unlock(&trace_types_lock);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

const struct file_operations buffer_subbuf_size_fops = {
	.open		= trace_key_open,
	.release	= trace_key_release,
	.read		= subbuf_kb_read,
	.write		= subbuf_kb_write,
	.llseek		= generic_file_llseek,
};

static ssize_t percent_read(struct file *filp, char __user *ubuf, size_t cnt,
			    loff_t *ppos)
{
	struct trace_array *tr = file_key(filp)->tr;

	return trace_read_text(ubuf, cnt, ppos, "%d\n", tr->buffer_percent);
}

static ssize_t percent_write(struct file *filp, const char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = file_key(filp)->tr;
	unsigned long val;
	ssize_t ret = trace_write_ulong(ubuf, cnt, &val);

	if (ret)
		return ret;
	if (val > 100)
		return -EINVAL;
	tr->buffer_percent = val;
	*ppos += cnt;
	return cnt;
}

const struct file_operations buffer_percent_fops = {
	.open		= trace_key_open,
	.release	= trace_key_release,
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

static ssize_t cpumask_read(struct file *filp, char __user *ubuf, size_t cnt,
			    loff_t *ppos)
{
	struct trace_array *tr = file_key(filp)->tr;
	char *buf;
	int len;
	ssize_t ret;

	mutex_lock(&trace_types_lock);
	len = snprintf(NULL, 0, "%*pb\n", cpumask_pr_args(tr->tracing_cpumask)) + 1;
	buf = kmalloc(len, GFP_KERNEL);
	if (buf)
		len = scnprintf(buf, len, "%*pb\n",
				cpumask_pr_args(tr->tracing_cpumask));
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
	struct trace_array *tr = file_key(filp)->tr;
	struct trace_buffer *buffer = tr->buffer;
	cpumask_var_t want;
	int cpu, err;

	if (!zalloc_cpumask_var(&want, GFP_KERNEL))
		return -ENOMEM;
	err = cpumask_parse_user(ubuf, cnt, want);
	if (err)
		goto out;
	mutex_lock(&trace_types_lock);
	for_each_tracing_cpu(cpu) {
		bool was = cpumask_test_cpu(cpu, tr->tracing_cpumask);
		bool now = cpumask_test_cpu(cpu, want);

		if (was && !now)
			ring_buffer_record_disable_cpu(buffer, cpu);
		else if (!was && now)
			ring_buffer_record_enable_cpu(buffer, cpu);
	}
	cpumask_copy(tr->tracing_cpumask, want);
	mutex_unlock(&trace_types_lock);
	*ppos += cnt;
out:
	free_cpumask_var(want);
	return err ?: cnt;
}

const struct file_operations tracing_cpumask_fops = {
	.open		= trace_key_open,
	.release	= trace_key_release,
	.read		= cpumask_read,
	.write		= cpumask_write,
	.llseek		= generic_file_llseek,
};

/* ---- trace_clock -------------------------------------------------------- */

/*
 * trace_clock and trace_options are seq_files: the key is the seq_file's
 * private data.
 */
static struct trace_array *seq_tr(struct file *filp)
{
	struct seq_file *m = filp->private_data;

	return ((struct trace_file_key *)m->private)->tr;
}

static int clock_show(struct seq_file *m, void *v)
{
	struct trace_array *tr = ((struct trace_file_key *)m->private)->tr;
	const char *name;
	int i;

	for (i = 0; (name = trace_clock_name(i)); i++)
		seq_printf(m, i == tr->clock_id ? "%s[%s]" : "%s%s",
			   i ? " " : "", name);
	seq_putc(m, '\n');
	return 0;
}

static int clock_open(struct inode *inode, struct file *filp)
{
	return trace_key_single_open(inode, filp, clock_show);
}

static ssize_t clock_write(struct file *filp, const char __user *ubuf,
			   size_t cnt, loff_t *ppos)
{
	char buf[32];
	ssize_t ret = trace_parse_write(ubuf, cnt, buf, sizeof(buf));

	if (ret < 0)
		return ret;
	ret = trace_set_clock(seq_tr(filp), strim(buf));
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

const struct file_operations trace_clock_fops = {
	.open		= clock_open,
	.read		= seq_read,
	.write		= clock_write,
	.llseek		= seq_lseek,
	.release	= trace_key_single_release,
};

/*
 * timestamp_mode: how the records of the session's buffer are stamped,
 * the one in use in brackets.  Delta unless the buffer was told to write
 * whole time stamps (ring_buffer_set_time_stamp_abs()); in 6.12 nothing
 * of the tracing core does that any more, histograms included.
 */
static ssize_t ts_mode_read(struct file *filp, char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = file_key(filp)->tr;

	return trace_read_text(ubuf, cnt, ppos, "%s\n",
			       ring_buffer_time_stamp_abs(tr->buffer) ?
			       "delta [absolute]" : "[delta] absolute");
}

const struct file_operations timestamp_mode_fops = {
	.open		= trace_key_open,
	.release	= trace_key_release,
	.read		= ts_mode_read,
	.llseek		= generic_file_llseek,
};

/* ---- trace_options ---------------------------------------------------- */

/* In TRACE_ITER_*_BIT order: the names the file shows and accepts. */
static const char * const trace_option_names[TRACE_ITER_NR_BITS] = {
	"print-parent", "sym-offset", "sym-addr", "verbose", "raw", "hex",
	"bin", "block", "fields", "trace_printk", "annotate",
	"userstacktrace", "sym-userobj", "printk-msg-only", "context-info",
	"latency-format", "record-cmd", "record-tgid", "overwrite",
	"disable_on_free", "markers", "event-fork", "pause-on-trace",
	"hash-ptr", "irq-info", "function-fork", "function-trace",
	"display-graph", "stacktrace",
	"funcgraph-overrun", "funcgraph-cpu", "funcgraph-overhead",
	"funcgraph-proc", "funcgraph-duration", "funcgraph-abstime",
	"funcgraph-irqs", "funcgraph-tail", "funcgraph-retval",
	"funcgraph-retval-hex", "sleep-time", "graph-time", "func_stack_trace",
	"func-no-repeats",
	"blk_classic", "blk_cgroup", "blk_cgname",
};

/*
 * Whether @tr has option @bit: function-fork goes with the function
 * tracer, a tracer's own options with that tracer being built.
 */
static bool option_offered(struct trace_array *tr, int bit)
{
	if (bit == TRACE_ITER_FUNC_FORK_BIT)
		return IS_ENABLED(CONFIG_FUNCTION_TRACER);
	if (bit >= TRACE_ITER_GRAPH_OVERRUN_BIT && bit < TRACE_ITER_NR_BITS)
		return trace_option_owner(bit);
	return bit < TRACE_ITER_NR_BITS;
}

/* trace_options shows and takes a tracer's options only while it is on. */
static bool option_listed(struct trace_array *tr, int bit)
{
	const struct tracer *t;

	if (bit < TRACE_ITER_GRAPH_OVERRUN_BIT)
		return option_offered(tr, bit);
	t = trace_option_owner(bit);
	return t && trace_tracer_of(tr) == t;
}

static int options_show(struct seq_file *m, void *v)
{
	struct trace_array *tr = ((struct trace_file_key *)m->private)->tr;
	int i;

	for (i = 0; i < TRACE_ITER_NR_BITS; i++)
		if (option_listed(tr, i))
			seq_printf(m, "%s%s\n",
				   tr->trace_flags & BIT_ULL(i) ? "" : "no",
				   trace_option_names[i]);
	return 0;
}

static int options_open(struct inode *inode, struct file *filp)
{
	return trace_key_single_open(inode, filp, options_show);
}

static int set_option(struct trace_array *tr, int bit, bool on)
{
	const struct tracer *t;
	int ret;

	if (!option_offered(tr, bit) ||
	    (on && (BIT_ULL(bit) & TRACE_ITER_UNBUILT)))
		return -EINVAL;
	if (on == !!(tr->trace_flags & BIT_ULL(bit)))
		return 0;
	t = trace_tracer_of(tr);
	if ((t->options & BIT_ULL(bit)) && t->set_option) {
		ret = t->set_option(tr, bit, on);
		if (ret)
			return ret;
	}
	if (bit == TRACE_ITER_EVENT_FORK_BIT &&
	    on != !!(tr->trace_flags & TRACE_ITER(EVENT_FORK))) {
		ret = trace_pids_follow_fork(tr, on);
		if (ret)
			return ret;
	}
#ifdef CONFIG_FUNCTION_TRACER
	if (bit == TRACE_ITER_FUNC_FORK_BIT &&
	    on != !!(tr->trace_flags & TRACE_ITER(FUNC_FORK))) {
		ret = trace_function_follow_fork(tr, on);
		if (ret)
			return ret;
	}
#endif
	if (on)
		tr->trace_flags |= BIT_ULL(bit);
	else
		tr->trace_flags &= ~BIT_ULL(bit);
	if (bit == TRACE_ITER_OVERWRITE_BIT)
		ring_buffer_change_overwrite(tr->buffer, on);
	return 0;
}

/**
 * trace_set_option() - set or clear one of a session's options by name
 * @tr: the session
 * @name: a name trace_options lists, with a "no" prefix to clear it
 *
 * The trace_options file and the trace_options= boot option.  A tracer's
 * own options are taken only while that tracer is the session's.
 *
 * Return: 0, -EINVAL for a name unknown or not offered now, or the
 * error turning the option on or off.
 */
int trace_set_option(struct trace_array *tr, const char *name)
{
	bool on = true;
	int i, ret;

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
	ret = option_listed(tr, i) ? set_option(tr, i, on) : -EINVAL;
	mutex_unlock(&trace_types_lock);
	return ret;
}

static ssize_t options_write(struct file *filp, const char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	char buf[64];
	ssize_t ret = trace_parse_write(ubuf, cnt, buf, sizeof(buf));

	if (ret < 0)
		return ret;
	ret = trace_set_option(seq_tr(filp), strim(buf));
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

const struct file_operations trace_options_fops = {
	.open		= options_open,
	.read		= seq_read,
	.write		= options_write,
	.llseek		= seq_lseek,
	.release	= trace_key_single_release,
};

/*
 * options/<name>: one file per option, reading 0 or 1.  The inode holds
 * the session's key; the file's name says which option it is.
 */
static int option_bit(struct file *filp)
{
	const char *name = filp->f_path.dentry->d_name.name;
	int i;

	for (i = 0; i < TRACE_ITER_NR_BITS; i++)
		if (!strcmp(name, trace_option_names[i]))
			break;
	return i;
}

static ssize_t option_read(struct file *filp, char __user *ubuf, size_t cnt,
			   loff_t *ppos)
{
	struct trace_array *tr = file_key(filp)->tr;
	int bit = option_bit(filp);

	return trace_read_text(ubuf, cnt, ppos, "%d\n",
			       !!(tr->trace_flags & BIT_ULL(bit)));
}

static ssize_t option_write(struct file *filp, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = file_key(filp)->tr;
	int bit = option_bit(filp);
	unsigned long val;
	ssize_t ret = trace_write_ulong(ubuf, cnt, &val);

	if (ret)
		return ret;
	if (val > 1 || bit == TRACE_ITER_NR_BITS)
		return -EINVAL;
	mutex_lock(&trace_types_lock);
	ret = set_option(tr, bit, val);
	mutex_unlock(&trace_types_lock);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations option_fops = {
	.open		= trace_key_open,
	.release	= trace_key_release,
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
	struct trace_array *tr = file_key(filp)->tr;
	struct trace_buffer *buffer = tr->buffer;
	/* The record, a newline and the NUL that end the text. */
	const size_t meta = sizeof(struct print_entry) + 2;
	size_t len = min_t(size_t, cnt, TRACE_MARKER_MAX);
	struct trace_event_file *marker_file;
	struct ring_buffer_event *event;
	struct print_entry *entry;
	unsigned int post = 0;
	ssize_t written;
	size_t left;
	char *end;

	if (!(tr->trace_flags & TRACE_ITER(MARKERS)))
		return -EINVAL;
	if (!cnt)
		return 0;
	written = tracing_update_buffers(tr);
	if (written)
		return written;
	/*
	 * Any sub-buffer (a page at least) holds half a page of text; a
	 * longer one is cut to what one record of this buffer holds.
	 */
	if (len + meta > PAGE_SIZE / 2)
		len = min_t(size_t, len, ring_buffer_max_event_size(buffer) - meta);
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
	/*
	 * vfs_write() checked the range; preemption is off, so a fault
	 * must not sleep: it fails the copy instead.
	 */
	pagefault_disable();
	left = __copy_from_user_inatomic(entry->buf, ubuf, len);
	pagefault_enable();
	if (left) {
		memcpy(entry->buf, MARKER_FAULTED, MARKER_FAULTED_LEN);
		len = MARKER_FAULTED_LEN;
		written = -EFAULT;
	}
	end = entry->buf + len;
	/* Triggers see the text as written, without the newline (6.12). */
	marker_file = READ_ONCE(tr->marker_file);
	if (marker_file && event_triggered(marker_file)) {
		*end = '\0';
		post = event_triggers_run(marker_file, entry, buffer);
	}
	if (end[-1] != '\n')
		*end++ = '\n';
	*end = '\0';
	ring_buffer_unlock_commit(buffer);
	/* The record is in: traceoff, snapshot and stacktrace now. */
	if (post) {
		preempt_disable_notrace();
		event_triggers_post(marker_file, post, buffer);
		preempt_enable_notrace();
		/* A snapshot asked for is taken before the write returns. */
		trace_snapshot_run_requests();
	}
	return written;
}

const struct file_operations trace_marker_fops = {
	.open		= trace_key_open,
	.release	= trace_key_release,
	.write		= tracing_mark_write,
	.llseek		= generic_file_llseek,
};

static ssize_t marker_raw_write(struct file *filp, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = file_key(filp)->tr;
	struct trace_buffer *buffer = tr->buffer;
	struct ring_buffer_event *event;
	struct raw_data_entry *entry;
	size_t len = cnt - sizeof(unsigned int);

	if (!(tr->trace_flags & TRACE_ITER(MARKERS)))
		return -EINVAL;
	if (tracing_update_buffers(tr))
		return -ENOMEM;
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

const struct file_operations trace_marker_raw_fops = {
	.open		= trace_key_open,
	.release	= trace_key_release,
	.write		= marker_raw_write,
	.llseek		= generic_file_llseek,
};

/* ---- README ------------------------------------------------------------ */

static const char readme_text[] =
	"tracing mini-HOWTO:\n\n"
	"Other users see none of these files unless tracefs is mounted with\n"
	"a group id: then every file and directory in it is in that group:\n\n"
	"\t e.g. mount -t tracefs [-o [gid=<gid>]] nodev /sys/kernel/tracing\n\n"
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
	"\n  timestamp_mode\t- view the mode used to timestamp events\n"
	"       delta:   Delta difference against a buffer-wide timestamp\n"
	"    absolute:   Absolute (standalone) timestamp\n\n"
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
	"      trigger\t\t- Commands run when <event> is hit; write one, read\n"
	"\t\t\t  the list ('!' before a command removes it)\n"
	"\t    Format: <trigger>[:count][ if <filter>]\n"
	"\t   trigger: traceon, traceoff, snapshot, stacktrace,\n"
	"\t            enable_event:<system>:<event>\n"
	"\t            disable_event:<system>:<event>\n"
#ifdef CONFIG_HIST_TRIGGERS
	"\t            enable_hist:<system>:<event>\n"
	"\t            disable_hist:<system>:<event>\n"
	"\t            hist (see below)\n"
#endif
	"\t   A count is used up only by a trigger that changed something.\n"
#ifdef CONFIG_HIST_TRIGGERS
	"      hist\t\t- The tables of <event>'s hist triggers\n"
	"      hist trigger\t- Hits of <event> counted in a table by key:\n"
	"\t    Format: hist:keys=<field1[,field2,...]>\n"
	"\t            [:<var1>=<field|var_ref|numeric_literal>[,<var2>=...]]\n"
	"\t            [:values=<field1[,field2,...]>]\n"
	"\t            [:sort=<field1[,field2,...]>][:size=#entries]\n"
	"\t            [:pause][:continue][:clear][:name=histname1]\n"
	"\t            [:nohitcount][:<handler>.<action>][ if <filter>]\n"
	"\t    Keys can be any field, or the special string 'common_stacktrace';\n"
	"\t    common_timestamp and common_cpu can be used too.  Modifiers:\n"
	"\t    .hex .sym .sym-offset .execname .syscall .log2 .buckets=size\n"
	"\t    .usecs .percent .graph\n"
	"\t    Handlers: onmatch(matching.event), onmax(var), onchange(var)\n"
	"\t    Actions: trace(<synthetic_event>,param list), save(field,...)\n"
#ifdef CONFIG_TRACER_SNAPSHOT
	"\t             snapshot()\n"
#endif
#endif
	"  instances\t\t- mkdir <name> here makes a tracing session with its\n"
	"\t\t\t  own buffer and files; rmdir removes it\n"
	"  set_event_pid\t\t- Record events only of the pids written here\n"
	"  set_event_notrace_pid\t- Record no events of the pids written here\n"
	"\t\t\t  (options/event-fork: children follow their parent)\n"
	"  set_event\t\t- Enables events by name written into it\n"
	"\t\t\t  Format: [<system>:]<event>, globs allowed, '!' disables\n"
	"  available_events\t- List of all events, as <system>:<event>\n"
#ifdef CONFIG_DYNAMIC_EVENTS
	"  dynamic_events\t\t- Create/append/remove/show the events defined at\n"
	"\t\t\t  run time, of every kind: write definitions, one a line\n"
#endif
#ifdef CONFIG_KPROBE_EVENTS
	"  kprobe_events\t\t- Create/append/remove/show the kprobe events\n"
	"  kprobe_profile\t- Hits and misses of each kprobe event\n"
	"\t   Format: p[:[<group>/][<event>]] <place> [<args>]\n"
	"\t           r[maxactive][:[<group>/][<event>]] <place> [<args>]\n"
	"\t           -:[<group>/][<event>] [<place> [<args>]]\n"
	"\t    place: [<module>:]<symbol>[+<offset>]|<memaddr>\n"
	"  place (kretprobe): [<module>:]<symbol>[+<offset>]%return|<memaddr>\n"
	"\t     args: [<name>=]fetcharg[:type]\n"
	"\t fetcharg: %<register>, @<address>, @<symbol>[+|-<offset>],\n"
	"\t           $stack<index>, $stack, $retval, $comm, $arg<N>,\n"
#ifdef CONFIG_PROBE_EVENTS_BTF_ARGS
	"\t           <argname>[->field[->field|.field...]],\n"
#endif
	"\t           +|-[u]<offset>(<fetcharg>), \\imm-value, \\\"imm-string\"\n"
	"\t     kernel return probes support: $retval, $arg<N>, $comm\n"
	"\t     type: s8/16/32/64, u8/16/32/64, x8/16/32/64, char, string, symbol,\n"
	"\t           b<bit-width>@<bit-offset>/<container-size>, ustring,\n"
	"\t           symstr, %pd/%pD, <type>\\[<array-size>\\]\n"
#endif
#ifdef CONFIG_UPROBE_EVENTS
	"  uprobe_events\t\t- Create/append/remove/show the uprobe events\n"
	"  uprobe_profile\t- Hits of each uprobe event\n"
	"\t   Format: p|r[:[<group>/][<event>]] <place> [<args>]\n"
	"\t           -:[<group>/][<event>] [<place> [<args>]]\n"
	"   place (uprobe): <path>:<offset>[%return][(ref_ctr_offset)]\n"
	"\t     args: [<name>=]fetcharg[:type]\n"
	"\t fetcharg: %<register>, @<address>, @+<file-offset>, $stack<index>,\n"
	"\t           $stack, $retval, $comm, +|-[u]<offset>(<fetcharg>),\n"
	"\t           \\imm-value, \\\"imm-string\"\n"
	"\t     type: s8/16/32/64, u8/16/32/64, x8/16/32/64, char, string,\n"
	"\t           ustring, b<bit-width>@<bit-offset>/<container-size>,\n"
	"\t           <type>\\[<array-size>\\]\n"
#endif
#ifdef CONFIG_FPROBE_EVENTS
	"  dynamic_events (fprobe and tracepoint probe events):\n"
	"\t   Format: f[:[<group>/][<event>]] <func-name>[%return] [<args>]\n"
	"\t           t[:[<group>/][<event>]] <tracepoint> [<args>]\n"
	"\t           f and t events take the kprobe events' <args>, but no\n"
	"\t           %<register>; $arg<N> at a tracepoint are its arguments\n"
#endif
#ifdef CONFIG_PROBE_EVENTS
	"  dynamic_events (event probe events):\n"
	"\t   Format: e[:[<group>/][<event>]] <attached-group>.<attached-event> [<args>] [if <filter>]\n"
	"\t           $<field> is a field of the <attached-group>/<attached-event>,\n"
	"\t           otherwise the kprobe events' <args>, without %<register>\n"
#endif
#ifdef CONFIG_SYNTH_EVENTS
	"  dynamic_events (synthetic events):\n"
	"\t   Format: s:[synthetic/]<event> <field> [<field>]\n"
	"\t           -:[synthetic/]<event>\n"
	"  synthetic_events\t- Create/append/remove/show synthetic events\n"
	"\t  Write into this file to define/undefine new synthetic events.\n"
	"\t     example: echo 'myevent u64 lat; char name[]; long[] stack' >> synthetic_events\n"
	"\t     field types: s8/16/32/64, u8/16/32/64, char, int, long, pid_t, gfp_t,\n"
	"\t           bool, unsigned char/int/long, char[N], char[], unsigned long[]\n"
#endif
	"  error_log\t- error log for failed commands (that support it)\n";

static ssize_t readme_read(struct file *filp, char __user *ubuf, size_t cnt,
			   loff_t *ppos)
{
	return simple_read_from_buffer(ubuf, cnt, ppos, readme_text,
				       sizeof(readme_text) - 1);
}

const struct file_operations readme_fops = {
	.open		= tracing_open_generic,
	.read		= readme_read,
	.llseek		= generic_file_llseek,
};

/* ---- error_log ---------------------------------------------------------- */

/* Opened with O_TRUNC ("echo > error_log"), the log is emptied. */
static int err_open(struct inode *inode, struct file *filp)
{
	int ret = trace_key_open(inode, filp);

	if (ret)
		return ret;
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC))
		trace_error_log_clear(file_key(filp)->tr);
	return trace_key_seq_open(filp, &trace_error_log_seq_ops);
}

static ssize_t err_write(struct file *filp, const char __user *ubuf,
			 size_t cnt, loff_t *ppos)
{
	return cnt;
}

const struct file_operations error_log_fops = {
	.open		= err_open,
	.read		= seq_read,
	.write		= err_write,
	.llseek		= seq_lseek,
	.release	= trace_key_seq_release,
};

/**
 * trace_create_option_files() - a session's options/ directory
 * @tr: the session
 */
void trace_create_option_files(struct trace_array *tr)
{
	struct dentry *d = tracefs_create_dir("options", tr->dir);
	int i;

	if (!d)
		return;
	for (i = 0; i < TRACE_ITER_NR_BITS; i++)
		if (option_offered(tr, i))
			trace_create_file(trace_option_names[i], TRACE_MODE_WRITE, d,
					  trace_key(tr, RING_BUFFER_ALL_CPUS),
					  &option_fops);
}

/* ---- current_tracer, available_tracers ---------------------------------- */

static ssize_t current_read(struct file *filp, char __user *ubuf, size_t cnt,
			    loff_t *ppos)
{
	struct trace_array *tr = file_key(filp)->tr;
	char buf[32];
	int len = scnprintf(buf, sizeof(buf), "%s\n", trace_tracer_name(tr));

	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static ssize_t current_write(struct file *filp, const char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	char buf[32];
	ssize_t len;
	int ret;

	len = trace_parse_write(ubuf, cnt, buf, sizeof(buf));
	if (len < 0)
		return len;
	ret = tracing_set_tracer(file_key(filp)->tr, strim(buf));
	return ret ?: cnt;
}

static const struct file_operations current_fops = {
	.open		= trace_key_open,
	.release	= trace_key_release,
	.read		= current_read,
	.write		= current_write,
	.llseek		= generic_file_llseek,
};

static ssize_t available_read(struct file *filp, char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	struct trace_array *tr = file_key(filp)->tr;
	const struct tracer *t;
	int i, len = 0;
	char buf[256];

	for (i = 0; (t = trace_tracer_nth(i)); i++) {
		if (t->top_only && tr != &global_trace)
			continue;
		len += scnprintf(buf + len, sizeof(buf) - len, "%s%s",
				 len ? " " : "", t->name);
	}
	len += scnprintf(buf + len, sizeof(buf) - len, "\n");
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static const struct file_operations available_fops = {
	.open		= trace_key_open,
	.release	= trace_key_release,
	.read		= available_read,
	.llseek		= generic_file_llseek,
};

/**
 * trace_tracers_create_files() - set up a session's tracer: its
 *	current_tracer and available_tracers, and the function tracer's files
 * @tr: the session
 */
void trace_tracers_create_files(struct trace_array *tr)
{
	void *key = trace_key(tr, RING_BUFFER_ALL_CPUS);

	trace_create_file("current_tracer", TRACE_MODE_WRITE, tr->dir, key, &current_fops);
	trace_create_file("available_tracers", TRACE_MODE_READ, tr->dir, key,
			  &available_fops);
#ifdef CONFIG_FUNCTION_TRACER
	trace_function_create_files(tr);
#endif
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	trace_graph_create_files(tr);
#endif
	trace_max_create_files(tr);
}

/**
 * trace_tracers_remove() - stop a session's tracer and free its state
 * @tr: an instance being removed (its files are gone or unused)
 *
 * Context: trace_types_lock held.
 */
void trace_tracers_remove(struct trace_array *tr)
{
	lockdep_assert_held(&trace_types_lock);
	trace_tracer_of(tr)->stop(tr);
	WRITE_ONCE(tr->tracer, NULL);
#ifdef CONFIG_FUNCTION_TRACER
	trace_function_remove(tr);
#endif
}

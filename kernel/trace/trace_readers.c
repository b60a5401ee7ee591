// SPDX-License-Identifier: GPL-2.0
/*
 * Reading a session's records:
 *
 *   trace		every record, oldest first, merged across CPUs by time
 *			stamp, without consuming; opening it with O_TRUNC
 *			empties the buffer
 *   trace_pipe		the same text, consuming, blocking until there is data
 *   per_cpu/cpuN/	trace and trace_pipe of one CPU; trace_pipe_raw, its
 *			whole sub-buffers (read, splice or mmap); stats
 *
 * Each file's inode holds a &struct trace_file_key: the session and the
 * CPU.  An open file holds a reference to its session.  The text of a
 * record (one line) is made by trace_output.c.
 *
 * And the reader of last resort: ftrace_dump(), which prints the top
 * level's records on the console when the kernel is about to die.
 */
#include <linux/delay.h>
#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/kdebug.h>
#include <linux/mm.h>
#include <linux/nmi.h>
#include <linux/panic_notifier.h>
#include <linux/poll.h>
#include <linux/sched/signal.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/splice.h>
#include <linux/uio.h>
#include <linux/vmalloc.h>

#include "trace_files.h"

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
	/* Reads the session's snapshot buffer instead of its live one. */
	bool				snapshot;
	/*
	 * The trace file of a latency tracer: reads the snapshot buffer,
	 * where its worst case is, leaving out the records from before
	 * @worst_start and after @worst_end (@skipped of them when the file
	 * was opened).
	 */
	bool				worst;
	u64				worst_start;
	u64				worst_end;
	unsigned long			skipped;
	/*
	 * The trace file shows what the buffer held when it was opened:
	 * records stamped later are left out, so that a reader whose own
	 * work is traced (the function tracers) comes to an end.
	 */
	u64				until;
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
	/*
	 * Look-ahead (trace_iter_peek_next()): the printer of the current
	 * record saw the next one of its CPU, so the reader already moved
	 * past the current one, whose copy @ent now is.
	 */
	bool				ahead;
	/* The trace file: the line in iter.seq is that of this position. */
	loff_t				line_pos;
	u64				ent[TRACE_LOOKAHEAD_MAX / sizeof(u64)];
};

static bool reader_covers(struct trace_reader *r, int cpu)
{
	return r->cpu_file == RING_BUFFER_ALL_CPUS || r->cpu_file == cpu;
}

static struct trace_buffer *reader_buffer(struct trace_reader *r)
{
	return r->snapshot || r->worst ? r->iter.tr->snapshot :
					 r->iter.tr->buffer;
}

/* Move the iterators past the records before the worst case. */
static void reader_skip_old(struct trace_reader *r)
{
	u64 ts;
	int cpu;

	if (!r->worst)
		return;
	for_each_tracing_cpu(cpu) {
		if (!r->rb_iter[cpu])
			continue;
		while (ring_buffer_iter_peek(r->rb_iter[cpu], &ts) &&
		       ts < r->worst_start)
			ring_buffer_iter_advance(r->rb_iter[cpu]);
	}
}

/* How many records are not the worst case's; the iterators at its start. */
static unsigned long reader_count_outside(struct trace_reader *r)
{
	unsigned long n = 0;
	u64 ts;
	int cpu;

	if (!r->worst)
		return 0;
	for_each_tracing_cpu(cpu) {
		if (!r->rb_iter[cpu])
			continue;
		while (ring_buffer_iter_peek(r->rb_iter[cpu], &ts)) {
			if (ts < r->worst_start || ts > r->worst_end)
				n++;
			ring_buffer_iter_advance(r->rb_iter[cpu]);
		}
		ring_buffer_iter_reset(r->rb_iter[cpu]);
	}
	reader_skip_old(r);
	return n;
}

/*
 * Find the oldest record among the CPUs the reader covers, and make it
 * the iterator's current record.  Return false when there is none.
 */
static bool reader_peek(struct trace_reader *r)
{
	struct trace_iterator *iter = &r->iter;
	struct trace_buffer *buffer = reader_buffer(r);
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
		/* Past the end of a latency tracer's worst case: done. */
		if (event && r->worst && ts > r->worst_end)
			event = NULL;
		if (event && ts > r->until)
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

static void reader_step(struct trace_reader *r, int cpu)
{
	if (r->consume)
		ring_buffer_consume(reader_buffer(r), cpu, NULL, NULL);
	else
		ring_buffer_iter_advance(r->rb_iter[cpu]);
}

static void reader_advance(struct trace_reader *r)
{
	if (r->ahead)
		r->ahead = false;
	else
		reader_step(r, r->iter.cpu);
}

/*
 * The record after the current one on its CPU, for trace_iter_peek_next()
 * (a reader's &struct trace_iter_lookahead).
 *
 * For printers whose line depends on the next record (the function graph
 * tracer's leaf functions).  The current record stays @iter->ent (a copy
 * of it from now on); the reader will not show the next one twice.
 *
 * Return: the next record, valid until the reader moves on, or NULL when
 * there is none yet, records were lost in between, the current record is
 * too big to copy.
 */
static const struct trace_entry *reader_peek_next(struct trace_iterator *iter)
{
	struct trace_buffer *buffer;
	struct ring_buffer_event *event;
	struct trace_reader *r;
	unsigned long lost = 0;
	u64 ts = 0;

	if (iter->ent_size > TRACE_LOOKAHEAD_MAX)
		return NULL;
	r = container_of(iter, struct trace_reader, iter);
	buffer = reader_buffer(r);
	if (!r->ahead) {
		memcpy(r->ent, iter->ent, iter->ent_size);
		iter->ent = (struct trace_entry *)r->ent;
		reader_step(r, iter->cpu);
		r->ahead = true;
	}
	if (r->consume)
		event = ring_buffer_peek(buffer, iter->cpu, &ts, &lost);
	else
		event = ring_buffer_iter_peek(r->rb_iter[iter->cpu], &ts);
	if (!event || lost || ts > r->until ||
	    (r->worst && ts > r->worst_end))
		return NULL;
	return ring_buffer_event_data(event);
}

/* Move past the record reader_peek_next() returned: it is on this line. */
static void reader_take_next(struct trace_iterator *iter)
{
	struct trace_reader *r = container_of(iter, struct trace_reader, iter);

	if (r->ahead)
		reader_step(r, iter->cpu);
}

static const struct trace_iter_lookahead reader_lookahead = {
	.peek	= reader_peek_next,
	.take	= reader_take_next,
};

/* A reader of the session and CPU of @key, holding a reference to it. */
static struct trace_reader *reader_alloc(struct trace_file_key *key,
					 bool consume)
{
	struct trace_reader *r;

	r = kvzalloc(sizeof(*r), GFP_KERNEL);
	if (!r)
		return ERR_PTR(-ENOMEM);
	r->iter.tr = key->tr;
	r->iter.tracer = trace_tracer_of(key->tr);
	r->iter.lookahead = &reader_lookahead;
	r->cpu_file = key->cpu;
	r->consume = consume;
	r->until = U64_MAX;
	mutex_init(&r->lock);
	trace_seq_init(&r->iter.seq);
	trace_seq_init(&r->iter.tmp_seq);
	if (r->iter.tracer->open)
		r->iter.tracer->open(&r->iter);
	return r;
}

static void reader_free(struct trace_reader *r)
{
	if (r->iter.tracer->close)
		r->iter.tracer->close(&r->iter);
	kvfree(r);
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
		/* A CPU that has not been up has no buffer to read. */
		if (!ring_buffer_size(reader_buffer(r), cpu))
			continue;
		r->rb_iter[cpu] = ring_buffer_read_start(reader_buffer(r), cpu,
							 GFP_KERNEL);
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

/* The latency header, with the worst case the snapshot buffer shows. */
static void print_lat_header(struct seq_file *m, struct trace_array *tr,
			     unsigned long entries, unsigned long total,
			     bool help)
{
	struct trace_max_info max = {};

	trace_max_shown(tr, &max);
	trace_print_lat_header(m, tr, &max, entries, total, help);
}

static void print_header(struct seq_file *m, struct trace_reader *r)
{
	struct trace_array *tr = r->iter.tr;
	struct trace_buffer *buffer = reader_buffer(r);
	unsigned long entries = 0, total = 0, flags = tr->trace_flags;
	bool tgid = flags & TRACE_ITER(RECORD_TGID);
	const char *pad = tgid ? "          " : "";
	int cpu;

	for_each_tracing_cpu(cpu) {
		unsigned long e;

		if (!reader_covers(r, cpu))
			continue;
		e = ring_buffer_entries_cpu(buffer, cpu);
		entries += e;
		total += e + ring_buffer_overrun_cpu(buffer, cpu);
	}
	entries -= min(entries, r->skipped);
	total -= min(total, r->skipped);
	seq_printf(m, "# tracer: %s\n#\n", r->iter.tracer->name);
	/*
	 * A tracer's own legend heeds context-info itself, as upstream's:
	 * blk_classic's lines carry their own context, with the option off.
	 */
	if (r->iter.tracer->print_header) {
		/* As upstream: no latency header while the buffer is empty. */
		if ((flags & TRACE_ITER(CONTEXT_INFO)) &&
		    (flags & TRACE_ITER(LATENCY_FMT)) && entries)
			print_lat_header(m, tr, entries, total, false);
		r->iter.tracer->print_header(m, &r->iter);
		return;
	}
	/* Without context-info there are no columns to describe. */
	if (!(flags & TRACE_ITER(CONTEXT_INFO)))
		return;
	if (flags & TRACE_ITER(LATENCY_FMT)) {
		/* As upstream: nothing more while the buffer is empty. */
		if (entries)
			print_lat_header(m, tr, entries, total,
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

static bool reader_has_data(struct trace_reader *r)
{
	struct trace_buffer *buffer = reader_buffer(r);

	if (r->cpu_file == RING_BUFFER_ALL_CPUS)
		return !ring_buffer_empty(buffer);
	return !ring_buffer_empty_cpu(buffer, r->cpu_file);
}

/* An empty snapshot file shows how to use it, as Linux 6.12's does. */
static void print_snapshot_help(struct seq_file *m, struct trace_reader *r)
{
	seq_printf(m, "#\n# * Snapshot is %s *\n#\n# Snapshot commands:\n",
		   r->iter.tr->snapshot_allocated ? "allocated" : "freed");
	if (r->cpu_file == RING_BUFFER_ALL_CPUS) {
		seq_puts(m, "# echo 0 > snapshot : Clears and frees snapshot buffer\n"
			 "# echo 1 > snapshot : Allocates snapshot buffer, if not already allocated.\n"
			 "#                      Takes a snapshot of the main buffer.\n"
			 "# echo 2 > snapshot : Clears snapshot buffer (but does not allocate or free)\n");
	} else {
		seq_puts(m, "# echo 0 > snapshot : Invalid for per_cpu snapshot file.\n");
		if (IS_ENABLED(CONFIG_TRACER_SNAPSHOT_PER_CPU_SWAP))
			seq_puts(m, "# echo 1 > snapshot : Allocates snapshot buffer, if not already allocated.\n"
				 "#                      Takes a snapshot of the main buffer for this cpu.\n");
		else
			seq_puts(m, "# echo 1 > snapshot : Not supported with this kernel.\n"
				 "#                     Must use main snapshot file to allocate.\n");
		seq_puts(m, "# echo 2 > snapshot : Clears this cpu's snapshot buffer (but does not allocate)\n");
	}
	seq_puts(m, "#                      (Doesn't have to be '2' works with any number that\n"
		 "#                       is not a '0' or '1')\n");
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
		reader_skip_old(r);
		r->pos = 0;
		r->line_pos = 0;
		r->ahead = false;
	}
	if (*pos == 0)
		return SEQ_START_TOKEN;
	/* The line that did not fit the last read is shown again as it was. */
	if (*pos == r->pos && r->line_pos == r->pos)
		return r;
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
		if (r->snapshot && !r->worst && !reader_has_data(r))
			print_snapshot_help(m, r);
		else
			print_header(m, r);
		return 0;
	}
	if (r->line_pos == r->pos)
		goto write;
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
	r->line_pos = r->pos;
write:
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

/*
 * A file open for reading has the reader in its seq_file; one open only
 * for writing has the key, as trace_key_open() left it.  The snapshot
 * files read the snapshot buffer, without pausing the live one.
 */
static int reader_open(struct inode *inode, struct file *filp, bool snapshot)
{
	struct trace_max_info worst;
	struct trace_file_key *key;
	struct trace_array *tr;
	struct trace_reader *r;
	int ret;

	ret = trace_key_open(inode, filp);
	if (ret)
		return ret;
	key = file_key(filp);
	tr = key->tr;
	/* Opening trace for write with O_TRUNC ("echo > trace") empties it. */
	if (!snapshot && (filp->f_mode & FMODE_WRITE) &&
	    (filp->f_flags & O_TRUNC)) {
		mutex_lock(&trace_types_lock);
		reset_for(tr, key->cpu);
		mutex_unlock(&trace_types_lock);
	}
	if (!(filp->f_mode & FMODE_READ))
		return 0;

	r = reader_alloc(key, false);
	if (IS_ERR(r)) {
		ret = PTR_ERR(r);
		goto put;
	}
	r->snapshot = snapshot;
	if (trace_max_shown(tr, &worst)) {
		r->worst = true;
		r->worst_start = worst.start;
		r->worst_end = worst.end;
		r->iter.time_start = worst.start;
	}
	/* pause-on-trace: nothing is recorded while the trace is read. */
	r->paused = !snapshot && (tr->trace_flags & TRACE_ITER(PAUSE_ON_TRACE));
	if (r->paused)
		ring_buffer_record_disable(tr->buffer);
	/*
	 * annotate: once records were overwritten, the CPUs' buffers start
	 * at different times; say where each one starts.
	 */
	r->annotate = (tr->trace_flags & TRACE_ITER(ANNOTATE)) &&
		      ring_buffer_overruns(reader_buffer(r));
	r->until = ring_buffer_time_stamp(reader_buffer(r));
	ret = reader_start_iters(r);
	if (!ret)
		r->skipped = reader_count_outside(r);
	/* The seq_file takes private_data over. */
	filp->private_data = NULL;
	if (!ret)
		ret = seq_open(filp, &trace_seq_ops);
	if (ret) {
		reader_stop_iters(r);
		if (r->paused)
			ring_buffer_record_enable(tr->buffer);
		reader_free(r);
		goto put;
	}
	((struct seq_file *)filp->private_data)->private = r;
	return 0;
put:
	trace_array_put(tr);
	return ret;
}

static int trace_open(struct inode *inode, struct file *filp)
{
	return reader_open(inode, filp, false);
}

static int trace_release(struct inode *inode, struct file *filp)
{
	struct trace_array *tr;
	struct trace_reader *r;
	int ret;

	if (!(filp->f_mode & FMODE_READ))
		return trace_key_release(inode, filp);
	r = ((struct seq_file *)filp->private_data)->private;
	tr = r->iter.tr;
	reader_stop_iters(r);
	if (r->paused)
		ring_buffer_record_enable(tr->buffer);
	reader_free(r);
	ret = seq_release(inode, filp);
	trace_array_put(tr);
	return ret;
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

const struct file_operations trace_fops = {
	.open		= trace_open,
	.read		= seq_read,
	.write		= trace_write,
	.llseek		= trace_llseek,
	.release	= trace_release,
};

/* trace_pipe: consuming, blocking. */

static int pipe_open(struct inode *inode, struct file *filp)
{
	struct trace_reader *r;
	int ret = trace_key_open(inode, filp);

	if (ret)
		return ret;
	r = reader_alloc(file_key(filp), true);
	if (IS_ERR(r)) {
		trace_key_release(inode, filp);
		return PTR_ERR(r);
	}
	filp->private_data = r;
	nonseekable_open(inode, filp);
	return 0;
}

static int pipe_release(struct inode *inode, struct file *filp)
{
	struct trace_reader *r = filp->private_data;

	trace_array_put(r->iter.tr);
	reader_free(r);
	return 0;
}

static int pipe_wait(struct trace_reader *r, struct file *filp)
{
	int ret;

	while (!reader_has_data(r)) {
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

		/*
		 * A record whose printer looks ahead cannot be printed again,
		 * so each starts with room for the longest line.
		 */
		if (before && iter->seq.seq.size - before < TRACE_LINE_ROOM)
			break;

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
	if (reader_has_data(r))
		return EPOLLIN | EPOLLRDNORM;
	return ring_buffer_poll_wait(r->iter.tr->buffer, r->cpu_file, filp,
				     pt, 0);
}

const struct file_operations trace_pipe_fops = {
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
	/* snapshot_raw: the snapshot buffer, which never waits for data. */
	bool				snapshot;
	struct buffer_data_read_page	*page;
	/* Bytes of the last page not yet read, from its end. */
	size_t				left;
	/* Serialises the reads, splices and ioctls of one open file. */
	struct mutex			lock;
};

static struct trace_buffer *raw_buffer(struct raw_reader *rr)
{
	return rr->snapshot ? rr->tr->snapshot : rr->tr->buffer;
}

static int raw_open(struct inode *inode, struct file *filp)
{
	struct raw_reader *rr;
	int ret = trace_key_open(inode, filp);

	if (ret)
		return ret;
	rr = kzalloc(sizeof(*rr), GFP_KERNEL);
	if (!rr) {
		trace_key_release(inode, filp);
		return -ENOMEM;
	}
	rr->tr = file_key(filp)->tr;
	rr->cpu = file_key(filp)->cpu;
	mutex_init(&rr->lock);
	filp->private_data = rr;
	nonseekable_open(inode, filp);
	return 0;
}

static int raw_release(struct inode *inode, struct file *filp)
{
	struct raw_reader *rr = filp->private_data;

	if (rr->page)
		ring_buffer_free_read_page(raw_buffer(rr), rr->cpu, rr->page);
	trace_array_put(rr->tr);
	kfree(rr);
	return 0;
}

/*
 * Take the next sub-buffer into rr->page, unless part of one is left.
 * @full: only a sub-buffer the writer has left, waiting (once) for the
 * buffer to be buffer_percent full; else any data, waiting for some.
 * Return: 0 with a sub-buffer taken, 1 when a wait for a full one
 * ended without it or a snapshot has no more, or -errno.
 */
static int raw_take_page(struct raw_reader *rr, bool nowait, bool full)
{
	struct trace_buffer *buffer = raw_buffer(rr);
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
		/* Nothing is written into a snapshot: its end is the end. */
		if (rr->snapshot)
			return 1;
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
		if (full && !tracer_tracing_is_on(rr->tr))
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
	if (ret) {
		/* 1: the end of a snapshot. */
		ret = min_t(ssize_t, ret, 0);
		goto out;
	}
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

const struct file_operations trace_pipe_raw_fops = {
	.open		= raw_open,
	.read_iter	= raw_read_iter,
	.splice_read	= raw_splice_read,
	.poll		= raw_poll,
	.unlocked_ioctl	= raw_ioctl,
	.mmap		= raw_mmap,
	.release	= raw_release,
	.llseek		= noop_llseek,
};

/* ---- the snapshot buffer's files (trace_snapshot.c) -------------------- */

#ifdef CONFIG_TRACER_SNAPSHOT
static int snapshot_open(struct inode *inode, struct file *filp)
{
	return reader_open(inode, filp, true);
}

static ssize_t snapshot_write(struct file *filp, const char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	struct trace_array *tr;
	unsigned long val;
	long cpu;
	ssize_t ret = trace_write_ulong(ubuf, cnt, &val);

	if (ret)
		return ret;
	if (filp->f_mode & FMODE_READ) {
		struct trace_reader *r;

		r = ((struct seq_file *)filp->private_data)->private;
		tr = r->iter.tr;
		cpu = r->cpu_file;
	} else {
		tr = file_key(filp)->tr;
		cpu = file_key(filp)->cpu;
	}
	ret = trace_snapshot_command(tr, cpu, val);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

const struct file_operations snapshot_fops = {
	.open		= snapshot_open,
	.read		= seq_read,
	.write		= snapshot_write,
	.llseek		= trace_llseek,
	.release	= trace_release,
};

static int snapshot_raw_open(struct inode *inode, struct file *filp)
{
	int ret = raw_open(inode, filp);

	if (!ret)
		((struct raw_reader *)filp->private_data)->snapshot = true;
	return ret;
}

/* What was recorded, as trace_pipe_raw gives it; no waiting, no mmap. */
const struct file_operations snapshot_raw_fops = {
	.open		= snapshot_raw_open,
	.read_iter	= raw_read_iter,
	.splice_read	= raw_splice_read,
	.release	= raw_release,
	.llseek		= noop_llseek,
};
#endif

/* ---- per-CPU statistics ----------------------------------------------- */

static int stats_show(struct seq_file *m, void *v)
{
	struct trace_file_key *key = m->private;
	struct trace_array *tr = key->tr;
	struct trace_buffer *buffer = tr->buffer;
	int cpu = key->cpu;
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
	return trace_key_single_open(inode, filp, stats_show);
}

const struct file_operations trace_stats_fops = {
	.open		= stats_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= trace_key_single_release,
};

/* ---- ftrace_dump(): the trace on the console, at an oops ------------------ */

/* "0": off; "1" or "2" (the current CPU only): dump the trace at an oops. */
char ftrace_dump_on_oops[MAX_TRACER_SIZE] = "0";

static int __init set_dump_on_oops(char *str)
{
	strscpy(ftrace_dump_on_oops, *str == '=' ? str + 1 : "1",
		sizeof(ftrace_dump_on_oops));
	return 1;
}
__setup("ftrace_dump_on_oops", set_dump_on_oops);

/**
 * ftrace_dump_on_oops_enabled() - whether an oops dumps the trace
 *
 * Return: nonzero when the ftrace_dump_on_oops sysctl is not "0".
 */
int ftrace_dump_on_oops_enabled(void)
{
	return strcmp(ftrace_dump_on_oops, "0") != 0;
}

/* One iterator for the dump: it runs where nothing may be allocated. */
static struct trace_iterator dump_iter;

/*
 * The next record of @cpu for the dump.  The dump may run in NMI (the
 * panic and die notifiers can), where waiting for a reader that holds
 * the CPU buffer could mean waiting for the code the NMI interrupted:
 * it tries for a millisecond, then gives up on that CPU.
 */
static struct ring_buffer_event *dump_next(struct trace_buffer *buffer,
					   int cpu, struct trace_iterator *iter)
{
	struct ring_buffer_event *event;
	int tries = 200;

	for (;;) {
		event = ring_buffer_consume_trylock(buffer, cpu, &iter->ts,
						    &iter->lost_events);
		if (!IS_ERR(event))
			return event;
		if (!--tries) {
			pr_info("CPU %d: its buffer is being read; skipped\n",
				cpu);
			return NULL;
		}
		udelay(5);
	}
}

/**
 * ftrace_dump() - print the trace to the console
 * @oops_dump_mode: all CPUs, or the current one only
 *
 * Called where the kernel is about to die: turns tracing off and prints
 * the buffer's records, oldest first, consuming them.
 *
 * Context: Any context, NMI included: it never waits for a reader of the
 * buffer (a CPU buffer that stays busy is skipped, with a line saying so).
 */
void ftrace_dump(enum ftrace_dump_mode oops_dump_mode)
{
	static atomic_t dumping;
	struct trace_iterator *iter = &dump_iter;
	struct trace_buffer *buffer = global_trace.buffer;
	struct ring_buffer_event *event;
	int cpu;

	if (!buffer || oops_dump_mode == DUMP_NONE ||
	    atomic_inc_return(&dumping) != 1)
		goto out;
	tracing_off();
	iter->tr = &global_trace;
	pr_info("Dumping ftrace buffer:\n");
	for_each_tracing_cpu(cpu) {
		if (oops_dump_mode == DUMP_ORIG && cpu != raw_smp_processor_id())
			continue;
		while ((event = dump_next(buffer, cpu, iter))) {
			iter->ent = ring_buffer_event_data(event);
			iter->ent_size = ring_buffer_event_length(event);
			iter->cpu = cpu;
			trace_seq_init(&iter->seq);
			__print_trace_line(iter);
			pr_info("%.*s", trace_seq_used(&iter->seq),
				iter->seq.buffer);
			touch_nmi_watchdog();
		}
	}
	pr_info("---------------------------------\n");
out:
	atomic_dec(&dumping);
}
EXPORT_SYMBOL_GPL(ftrace_dump);

static int dump_on_oops(struct notifier_block *nb, unsigned long ev, void *p)
{
	if (ftrace_dump_on_oops_enabled())
		ftrace_dump(strcmp(ftrace_dump_on_oops, "2") ? DUMP_ALL :
			    DUMP_ORIG);
	return NOTIFY_OK;
}

static struct notifier_block dump_panic_nb = {
	.notifier_call	= dump_on_oops,
	.priority	= 150,
};

static struct notifier_block dump_die_nb = {
	.notifier_call	= dump_on_oops,
	.priority	= 200,
};

/**
 * trace_dump_boot_init() - dump the trace at a panic or an oops, if asked
 */
__init void trace_dump_boot_init(void)
{
	atomic_notifier_chain_register(&panic_notifier_list, &dump_panic_nb);
	register_die_notifier(&dump_die_nb);
}

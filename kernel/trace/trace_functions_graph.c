// SPDX-License-Identifier: GPL-2.0
/*
 * The function_graph tracer: a record at the entry and one at the return
 * of every traced function (events/ftrace/funcgraph_entry and
 * funcgraph_exit), shown as nested calls with their durations:
 *
 *   0)               |  __x64_sys_getppid() {
 *   0)   0.300 us    |    __task_pid_nr_ns();
 *   0)   1.200 us    |  }
 *
 * A session's graph tracer is a graph user (fgraph.c) hooked on the
 * session's function ops, so set_ftrace_filter, set_ftrace_notrace and
 * set_ftrace_pid choose the functions as for the function tracer.
 * set_graph_function narrows the trace to what those functions call,
 * set_graph_notrace leaves out what its functions call, max_graph_depth
 * stops at a depth, tracing_thresh keeps only the returns that took that
 * long.  A task's place in the first two is its word of the graph user
 * (fgraph_get_task_var()).  As in Linux 6.12, those three files are the
 * top level's only and hold for the graph tracer of every session: a
 * tool that sets them and runs function_graph in an instance gets what
 * it asked for.
 *
 * The text follows Linux 6.12's byte for byte: the funcgraph-* options
 * pick the columns, a call whose return is the next record of its CPU is
 * one line (a leaf, seen by looking ahead: trace_iter_peek_next()), and
 * other records in between show as comments.
 */
#include <linux/ftrace.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <asm/sections.h>

#include "ftrace_internal.h"
#include "trace_tracers.h"

/* The columns a line's function name is indented by per level. */
#define GRAPH_INDENT		2
/* The deepest level whose entry a reader remembers, as 6.12. */
#define GRAPH_DEPTH_KEPT	50

/* The graph user's word of a task (fgraph_get_task_var()). */
#define GV_NOTRACE		BIT(0)	/* in a set_graph_notrace function */
#define GV_INSIDE		BIT(1)	/* in a set_graph_function function */
#define GV_DEPTH_SHIFT		8	/* ... entered at this depth */

/* ---- recording -------------------------------------------------------- */

static int graph_record_entry(struct trace_array *tr,
			      struct ftrace_graph_ent *trace)
{
	struct ring_buffer_event *event;
	struct ftrace_graph_ent_entry *entry;

	/* The entry's recursion guard holds preemption off: not ours. */
	event = trace_buffer_lock_reserve(tr->buffer, TRACE_GRAPH_ENT,
					  sizeof(*entry), tracing_gen_ctx_dec());
	if (!event)
		return 0;
	entry = ring_buffer_event_data(event);
	entry->graph_ent = *trace;
	ring_buffer_unlock_commit(tr->buffer);
	return 1;
}

static void graph_record_return(struct trace_array *tr,
				struct ftrace_graph_ret *trace)
{
	struct ring_buffer_event *event;
	struct ftrace_graph_ret_entry *entry;

	event = trace_buffer_lock_reserve(tr->buffer, TRACE_GRAPH_RET,
					  sizeof(*entry), tracing_gen_ctx_dec());
	if (!event)
		return;
	entry = ring_buffer_event_data(event);
	entry->ret = *trace;
	ring_buffer_unlock_commit(tr->buffer);
}

static int graph_entry(struct ftrace_graph_ent *trace, struct fgraph_ops *gops)
{
	struct trace_array *tr = gops->private;
	/* The graph sets and depth are global: the top level's. */
	struct trace_func *sets = &global_trace.func;
	unsigned long *var = fgraph_get_task_var(gops);
	unsigned int depth;
	bool entered = false;
	int in;

	if (*var & GV_NOTRACE)
		return 0;
	/* Its return clears the mark: nothing it calls is traced. */
	if (rcu_access_pointer(sets->graph_ops.notrace_ips) &&
	    ftrace_ops_set_has(&sets->graph_ops, true, trace->func) == 1) {
		*var |= GV_NOTRACE;
		return 1;
	}
	if (!trace_func_pid_traced(&tr->func, current->pid))
		return 0;
	if (!(tr->trace_flags & TRACE_ITER(GRAPH_IRQS)) && in_hardirq())
		return 0;
	depth = READ_ONCE(sets->graph_depth);
	if (depth && trace->depth >= depth)
		return 0;
	if (!(*var & GV_INSIDE) && rcu_access_pointer(sets->graph_ops.filter_ips)) {
		in = ftrace_ops_set_has(&sets->graph_ops, false, trace->func);
		if (!in)
			return 0;
		if (in > 0) {
			*var |= GV_INSIDE |
				((unsigned long)trace->depth << GV_DEPTH_SHIFT);
			entered = true;
		}
	}
	/* With a threshold only the returns are recorded. */
	if (tracing_thresh)
		return 1;
	return graph_record_entry(tr, trace) || entered;
}

static void graph_return(struct ftrace_graph_ret *trace,
			 struct fgraph_ops *gops)
{
	struct trace_array *tr = gops->private;
	unsigned long *var = fgraph_get_task_var(gops);

	if (*var & GV_NOTRACE) {
		*var &= ~GV_NOTRACE;
		return;
	}
	if ((*var & GV_INSIDE) &&
	    (*var >> GV_DEPTH_SHIFT) == (unsigned long)trace->depth)
		*var = 0;
	if (tracing_thresh && trace->rettime - trace->calltime < tracing_thresh)
		return;
	graph_record_return(tr, trace);
}

static int graph_start(struct trace_array *tr)
{
	struct fgraph_ops *gops = &tr->func.gops;
	int ret = trace_event_enable_cmdline_record(true);

	if (ret)
		return ret;
	gops->entryfunc = graph_entry;
	gops->retfunc = graph_return;
	ret = register_ftrace_graph(gops);
	if (ret)
		trace_event_enable_cmdline_record(false);
	return ret;
}

static void graph_stop(struct trace_array *tr)
{
	unregister_ftrace_graph(&tr->func.gops);
	trace_event_enable_cmdline_record(false);
}

static int graph_set_option(struct trace_array *tr, int bit, bool on)
{
	if (bit == TRACE_ITER_SLEEP_TIME_BIT)
		ftrace_graph_sleep_time_control(on);
#ifdef CONFIG_FUNCTION_PROFILER
	if (bit == TRACE_ITER_GRAPH_TIME_BIT)
		ftrace_graph_graph_time_control(on);
#endif
	return 0;
}

/* ---- the text ----------------------------------------------------------- */

/**
 * struct graph_cpu - what a reader remembers of one CPU's records
 * @last_pid: the task of the last record shown, -1 before the first
 * @depth: the level comments are indented to
 * @depth_irq: the level an interrupt was entered at, -1 outside one (only
 *	with funcgraph-irqs off, whose interrupts are left out)
 * @enter: the function entered at each level, to tell whether a return
 *	has its entry in the trace
 */
struct graph_cpu {
	pid_t		last_pid;
	int		depth;
	int		depth_irq;
	unsigned long	enter[GRAPH_DEPTH_KEPT];
};

/* What part of the duration column a line fills with blanks. */
enum graph_fill {
	FILL_NONE,
	FILL_FULL,
	FILL_START,
	FILL_END,
};

static int cpu_digits;

static struct graph_cpu *graph_cpu(struct trace_iterator *iter)
{
	struct graph_cpu *cpus = iter->private;

	return cpus ? &cpus[iter->cpu] : NULL;
}

static bool opt(struct trace_iterator *iter, u64 bit)
{
	return iter->tr->trace_flags & bit;
}

static void print_cpu(struct trace_seq *s, int cpu)
{
	trace_seq_printf(s, " %*d) ", cpu_digits, cpu);
}

/* "comm-pid", the name cut to 7 characters, centred in 14 columns. */
static void print_proc(struct trace_seq *s, pid_t pid)
{
	char comm[TASK_COMM_LEN], text[TASK_COMM_LEN + 12];
	int len, pad;

	trace_find_cmdline(pid, comm);
	comm[7] = '\0';
	len = scnprintf(text, sizeof(text), "%s-%d", comm, pid);
	pad = len < 14 ? 14 - len : 0;
	trace_seq_printf(s, "%*s%s%*s", pad / 2, "", text, pad - pad / 2, "");
}

static void print_abstime(struct trace_seq *s, u64 ts)
{
	u32 rem;
	u64 secs = div_u64_rem(ts, NSEC_PER_SEC, &rem);

	trace_seq_printf(s, "%5lu.%06lu |  ", (unsigned long)secs,
			 (unsigned long)(rem / NSEC_PER_USEC));
}

/* The columns before the duration: time, CPU, task, context flags. */
static void print_columns(struct trace_iterator *iter, int cpu, pid_t pid)
{
	struct trace_seq *s = &iter->seq;

	if (!opt(iter, TRACE_ITER(CONTEXT_INFO)))
		return;
	if (opt(iter, TRACE_ITER(GRAPH_ABSTIME)))
		print_abstime(s, iter->ts);
	if (opt(iter, TRACE_ITER(GRAPH_CPU)))
		print_cpu(s, cpu);
	if (opt(iter, TRACE_ITER(GRAPH_PROC))) {
		print_proc(s, pid);
		trace_seq_puts(s, " | ");
	}
	if (opt(iter, TRACE_ITER(LATENCY_FMT))) {
		trace_seq_putc(s, ' ');
		trace_print_lat_fmt(s, iter->ent);
		trace_seq_puts(s, " | ");
	}
}

/**
 * trace_print_graph_duration() - print a duration as function_graph does
 * @ns: the duration in nanoseconds
 * @s: where to print it
 *
 * Microseconds with up to three decimals, seven digits at most, then
 * " us " and blanks to a width of eight: the DURATION column of the
 * function_graph tracer and the time columns of the function profiler.
 */
void trace_print_graph_duration(u64 ns, struct trace_seq *s)
{
	u32 rem;
	u64 us = div_u64_rem(ns, NSEC_PER_USEC, &rem);
	char usecs[24], nsecs[8];
	int len = scnprintf(usecs, sizeof(usecs), "%llu", us);

	trace_seq_puts(s, usecs);
	if (len < 7) {
		int keep = min(4, 7 - len);

		scnprintf(nsecs, sizeof(nsecs), "%03u", rem);
		nsecs[keep] = '\0';
		trace_seq_printf(s, ".%s", nsecs);
		len += strlen(nsecs) + 1;
	}
	trace_seq_puts(s, " us ");
	if (len < 8)
		trace_seq_printf(s, "%*s", 8 - len, "");
}

/* The overhead mark of a duration: '$' over a second ... '+' over 10 us. */
static char duration_mark(u64 ns)
{
	static const struct {
		u64	ns;
		char	mark;
	} marks[] = {
		{ 1000000000ULL, '$' }, { 100000000ULL, '@' },
		{ 10000000ULL, '*' }, { 1000000ULL, '#' },
		{ 100000ULL, '!' }, { 10000ULL, '+' },
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(marks); i++)
		if (ns > marks[i].ns)
			return marks[i].mark;
	return ' ';
}

static void print_duration(struct trace_iterator *iter, u64 ns,
			   enum graph_fill fill)
{
	struct trace_seq *s = &iter->seq;

	if (!opt(iter, TRACE_ITER(GRAPH_DURATION)) ||
	    !opt(iter, TRACE_ITER(CONTEXT_INFO)))
		return;
	switch (fill) {
	case FILL_FULL:
		trace_seq_puts(s, "              |  ");
		return;
	case FILL_START:
		trace_seq_puts(s, "  ");
		return;
	case FILL_END:
		trace_seq_puts(s, " |");
		return;
	case FILL_NONE:
		break;
	}
	if (opt(iter, TRACE_ITER(GRAPH_OVERHEAD)))
		trace_seq_printf(s, "%c ", duration_mark(ns));
	else
		trace_seq_puts(s, "  ");
	trace_print_graph_duration(ns, s);
	trace_seq_puts(s, "|  ");
}

static void print_indent(struct trace_seq *s, int depth)
{
	if (depth > 0)
		trace_seq_printf(s, "%*s", depth * GRAPH_INDENT, "");
}

static bool in_irqentry(unsigned long addr)
{
	return addr >= (unsigned long)__irqentry_text_start &&
	       addr < (unsigned long)__irqentry_text_end;
}

/* The arrow line at the entry into or the return from an interrupt. */
static void print_irq_mark(struct trace_iterator *iter, unsigned long addr,
			   bool entry, int cpu, pid_t pid)
{
	struct trace_seq *s = &iter->seq;

	if (!in_irqentry(addr))
		return;
	print_columns(iter, cpu, pid);
	print_duration(iter, 0, FILL_START);
	trace_seq_puts(s, entry ? "==========>" : "<==========");
	print_duration(iter, 0, FILL_END);
	trace_seq_putc(s, '\n');
}

/* The banner when the CPU's records change task. */
static void check_task(struct trace_iterator *iter, struct graph_cpu *gc)
{
	struct trace_seq *s = &iter->seq;
	pid_t pid = iter->ent->pid, prev;

	if (!gc || gc->last_pid == pid)
		return;
	prev = gc->last_pid;
	gc->last_pid = pid;
	if (prev == -1)
		return;
	trace_seq_puts(s, " ------------------------------------------\n");
	print_cpu(s, iter->cpu);
	print_proc(s, prev);
	trace_seq_puts(s, " => ");
	print_proc(s, pid);
	trace_seq_puts(s, "\n ------------------------------------------\n\n");
}

/*
 * With funcgraph-irqs off, what an interrupt did is left out: from the
 * entry into irq code to the return to the level it was entered at.
 */
static bool skip_irq_entry(struct trace_iterator *iter, struct graph_cpu *gc,
			   unsigned long func, int depth)
{
	if (opt(iter, TRACE_ITER(GRAPH_IRQS)) || !gc)
		return false;
	if (gc->depth_irq >= 0)
		return true;
	if (!in_irqentry(func))
		return false;
	gc->depth_irq = depth;
	return true;
}

static bool skip_irq_return(struct trace_iterator *iter, struct graph_cpu *gc,
			    int depth)
{
	if (opt(iter, TRACE_ITER(GRAPH_IRQS)) || !gc || gc->depth_irq < 0)
		return false;
	if (gc->depth_irq >= depth)
		gc->depth_irq = -1;
	return true;
}

#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
/*
 * The return value: decimal when it reads as an error code (also one
 * returned as a 32-bit int), else hex.
 */
static void print_retval(struct trace_iterator *iter, unsigned long func,
			 unsigned long retval, bool leaf)
{
	bool hex = opt(iter, TRACE_ITER(GRAPH_RETVAL_HEX));
	long err = 0;

	if (retval && !hex) {
		err = (retval & BIT(31)) && !(retval >> 32) ?
		      (long)(s32)retval : (long)retval;
		if (!IS_ERR_VALUE(err))
			err = 0;
	}
	if (leaf && err)
		trace_seq_printf(&iter->seq, "%ps(); /* = %ld */\n",
				 (void *)func, err);
	else if (leaf)
		trace_seq_printf(&iter->seq, "%ps(); /* = 0x%lx */\n",
				 (void *)func, retval);
	else if (err)
		trace_seq_printf(&iter->seq, "} /* %ps = %ld */\n",
				 (void *)func, err);
	else
		trace_seq_printf(&iter->seq, "} /* %ps = 0x%lx */\n",
				 (void *)func, retval);
}

static bool want_retval(struct trace_iterator *iter)
{
	return opt(iter, TRACE_ITER(GRAPH_RETVAL));
}

static unsigned long ret_value(const struct ftrace_graph_ret *ret)
{
	return ret->retval;
}
#else
static void print_retval(struct trace_iterator *iter, unsigned long func,
			 unsigned long retval, bool leaf)
{
}

static bool want_retval(struct trace_iterator *iter)
{
	return false;
}

static unsigned long ret_value(const struct ftrace_graph_ret *ret)
{
	return 0;
}
#endif

/* The return of @ent, when it is the next record of the CPU. */
static const struct ftrace_graph_ret_entry *
leaf_return(struct trace_iterator *iter, const struct ftrace_graph_ent_entry *ent)
{
	const struct ftrace_graph_ret_entry *next;

	next = (const void *)trace_iter_peek_next(iter);
	if (!next || next->ent.type != TRACE_GRAPH_RET ||
	    next->ent.pid != ent->ent.pid ||
	    next->ret.func != ent->graph_ent.func)
		return NULL;
	trace_iter_take_next(iter);
	return next;
}

static enum print_line_t print_entry(struct trace_iterator *iter)
{
	struct ftrace_graph_ent_entry ent = *(struct ftrace_graph_ent_entry *)iter->ent;
	const struct ftrace_graph_ret_entry *leaf;
	struct graph_cpu *gc = graph_cpu(iter);
	struct trace_seq *s = &iter->seq;
	int depth = ent.graph_ent.depth;
	unsigned long func = ent.graph_ent.func;

	if (skip_irq_entry(iter, gc, func, depth))
		return TRACE_TYPE_HANDLED;
	check_task(iter, gc);
	print_irq_mark(iter, func, true, iter->cpu, ent.ent.pid);
	print_columns(iter, iter->cpu, ent.ent.pid);
	leaf = leaf_return(iter, &ent);
	if (leaf) {
		/* The leaf's own comments go at its level. */
		if (gc) {
			gc->depth = depth - 1;
			if (depth >= 0 && depth < GRAPH_DEPTH_KEPT)
				gc->enter[depth] = 0;
		}
		print_duration(iter, leaf->ret.rettime - leaf->ret.calltime,
			       FILL_NONE);
		print_indent(s, depth);
		if (want_retval(iter))
			print_retval(iter, func, ret_value(&leaf->ret), true);
		else
			trace_seq_printf(s, "%ps();\n", (void *)func);
		print_irq_mark(iter, func, false, iter->cpu, ent.ent.pid);
		return trace_handle_return(s);
	}
	if (gc) {
		gc->depth = depth;
		if (depth >= 0 && depth < GRAPH_DEPTH_KEPT)
			gc->enter[depth] = func;
	}
	print_duration(iter, 0, FILL_FULL);
	print_indent(s, depth);
	trace_seq_printf(s, "%ps() {\n", (void *)func);
	return trace_handle_return(s);
}

static enum print_line_t print_return(struct trace_iterator *iter)
{
	struct ftrace_graph_ret_entry *e = (void *)iter->ent;
	struct ftrace_graph_ret *ret = &e->ret;
	struct graph_cpu *gc = graph_cpu(iter);
	struct trace_seq *s = &iter->seq;
	bool matched = true;

	if (skip_irq_return(iter, gc, ret->depth))
		return TRACE_TYPE_HANDLED;
	if (gc) {
		gc->depth = ret->depth - 1;
		if (ret->depth >= 0 && ret->depth < GRAPH_DEPTH_KEPT) {
			matched = gc->enter[ret->depth] == ret->func;
			gc->enter[ret->depth] = 0;
		}
	}
	check_task(iter, gc);
	print_columns(iter, iter->cpu, e->ent.pid);
	print_duration(iter, ret->rettime - ret->calltime, FILL_NONE);
	print_indent(s, ret->depth);
	/* A return whose entry is not in the trace says whose it is. */
	if (want_retval(iter))
		print_retval(iter, ret->func, ret_value(ret), false);
	else if (matched && !opt(iter, TRACE_ITER(GRAPH_TAIL)))
		trace_seq_puts(s, "}\n");
	else
		trace_seq_printf(s, "} /* %ps */\n", (void *)ret->func);
	if (opt(iter, TRACE_ITER(GRAPH_OVERRUN)))
		trace_seq_printf(s, " (Overruns: %u)\n", ret->overrun);
	print_irq_mark(iter, ret->func, false, iter->cpu, e->ent.pid);
	return trace_handle_return(s);
}

/* Any other record: a comment at the level of the calls around it. */
static enum print_line_t print_comment(struct trace_iterator *iter)
{
	struct graph_cpu *gc = graph_cpu(iter);
	struct trace_seq *s = &iter->seq;
	struct trace_entry *ent = iter->ent;
	struct trace_event *event;
	enum print_line_t ret;
	int depth = gc ? gc->depth : 0;

	check_task(iter, gc);
	print_columns(iter, iter->cpu, ent->pid);
	print_duration(iter, 0, FILL_FULL);
	if (depth > 0)
		print_indent(s, depth + 1);
	trace_seq_puts(s, "/* ");
	switch (ent->type) {
	case TRACE_PRINT:
		trace_seq_puts(s, ((struct print_entry *)ent)->buf);
		break;
	case TRACE_BPRINT: {
		struct bprint_entry *b = (void *)ent;

		trace_seq_bprintf(s, b->fmt, b->buf);
		break;
	}
	case TRACE_BPUTS:
		trace_seq_puts(s, ((struct bputs_entry *)ent)->str);
		break;
	default:
		event = ftrace_find_event(ent->type);
		if (!event)
			return TRACE_TYPE_UNHANDLED;
		ret = event->funcs->trace(iter, 0, event);
		if (ret != TRACE_TYPE_HANDLED)
			return ret;
	}
	if (trace_seq_has_overflowed(s))
		return TRACE_TYPE_PARTIAL_LINE;
	if (s->seq.len && s->buffer[s->seq.len - 1] == '\n')
		s->seq.len--;
	trace_seq_puts(s, " */\n");
	return trace_handle_return(s);
}

/**
 * trace_graph_print_line() - the function graph tracer's text of a record
 * @iter: the reader, its iter->private made by the tracer's open (or NULL)
 *
 * Return: how the line came out; TRACE_TYPE_UNHANDLED for function and
 * stack records, which keep their own text.
 */
enum print_line_t trace_graph_print_line(struct trace_iterator *iter)
{
	switch (iter->ent->type) {
	case TRACE_GRAPH_ENT:
		if (iter->ent_size < sizeof(struct ftrace_graph_ent_entry))
			return TRACE_TYPE_UNHANDLED;
		return print_entry(iter);
	case TRACE_GRAPH_RET:
		if (iter->ent_size < sizeof(struct ftrace_graph_ret_entry))
			return TRACE_TYPE_UNHANDLED;
		return print_return(iter);
	case TRACE_FN:
	case TRACE_STACK:
		return TRACE_TYPE_UNHANDLED;
	default:
		return print_comment(iter);
	}
}

static void graph_open(struct trace_iterator *iter)
{
	struct graph_cpu *cpus;
	int cpu;

	cpus = kcalloc(nr_cpu_ids, sizeof(*cpus), GFP_KERNEL);
	if (!cpus)
		return;
	for (cpu = 0; cpu < nr_cpu_ids; cpu++) {
		cpus[cpu].last_pid = -1;
		cpus[cpu].depth_irq = -1;
	}
	iter->private = cpus;
}

static void graph_close(struct trace_iterator *iter)
{
	kfree(iter->private);
	iter->private = NULL;
}

static void graph_header(struct seq_file *m, struct trace_iterator *iter)
{
	static const char blanks[] = "                                     ";
	bool abstime = opt(iter, TRACE_ITER(GRAPH_ABSTIME));
	bool cpu = opt(iter, TRACE_ITER(GRAPH_CPU));
	bool proc = opt(iter, TRACE_ITER(GRAPH_PROC));
	bool lat = opt(iter, TRACE_ITER(LATENCY_FMT));
	bool dur = opt(iter, TRACE_ITER(GRAPH_DURATION));

	/* Without context-info there are no columns to describe. */
	if (!opt(iter, TRACE_ITER(CONTEXT_INFO)))
		return;
	if (lat) {
		int n = (abstime ? 16 : 0) + (cpu ? 4 : 0) + (proc ? 17 : 0);

		seq_printf(m, "#%.*s  _-----=> irqs-off        \n", n, blanks);
		seq_printf(m, "#%.*s / _----=> need-resched    \n", n, blanks);
		seq_printf(m, "#%.*s| / _---=> hardirq/softirq \n", n, blanks);
		seq_printf(m, "#%.*s|| / _--=> preempt-depth   \n", n, blanks);
		seq_printf(m, "#%.*s||| /                      \n", n, blanks);
	}
	seq_printf(m, "#%s%s%s%s%s               FUNCTION CALLS\n",
		   abstime ? "     TIME       " : "", cpu ? " CPU" : "",
		   proc ? "  TASK/PID       " : "", lat ? "||||   " : "",
		   dur ? "  DURATION   " : "");
	seq_printf(m, "#%s%s%s%s%s               |   |   |   |\n",
		   abstime ? "      |         " : "", cpu ? " |  " : "",
		   proc ? "   |    |        " : "", lat ? "||||   " : "",
		   dur ? "   |   |      " : "");
}

static const struct tracer graph_tracer = {
	.name		= "function_graph",
	.start		= graph_start,
	.stop		= graph_stop,
	.options	= TRACE_ITER(GRAPH_OVERRUN) | TRACE_ITER(GRAPH_CPU) |
			  TRACE_ITER(GRAPH_OVERHEAD) | TRACE_ITER(GRAPH_PROC) |
			  TRACE_ITER(GRAPH_DURATION) | TRACE_ITER(GRAPH_ABSTIME) |
			  TRACE_ITER(GRAPH_IRQS) | TRACE_ITER(GRAPH_TAIL) |
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
			  TRACE_ITER(GRAPH_RETVAL) | TRACE_ITER(GRAPH_RETVAL_HEX) |
#endif
#ifdef CONFIG_FUNCTION_PROFILER
			  TRACE_ITER(GRAPH_TIME) |
#endif
			  TRACE_ITER(SLEEP_TIME),
	.set_option	= graph_set_option,
	.open		= graph_open,
	.close		= graph_close,
	.print_line	= trace_graph_print_line,
	.print_header	= graph_header,
};

static int __init graph_tracer_register(void)
{
	return register_tracer(&graph_tracer);
}
core_initcall(graph_tracer_register);

/* ---- max_graph_depth ---------------------------------------------------- */

static ssize_t depth_read(struct file *filp, char __user *ubuf, size_t cnt,
			  loff_t *ppos)
{
	return trace_read_text(ubuf, cnt, ppos, "%u\n",
			       file_key(filp)->tr->func.graph_depth);
}

/* 0 for no limit; a depth past what a shadow stack holds is refused. */
static ssize_t depth_write(struct file *filp, const char __user *ubuf,
			   size_t cnt, loff_t *ppos)
{
	unsigned long val;
	ssize_t ret = trace_write_ulong(ubuf, cnt, &val);

	if (ret)
		return ret;
	if (val > FGRAPH_MAX_DEPTH)
		return -EINVAL;
	WRITE_ONCE(file_key(filp)->tr->func.graph_depth, val);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations depth_fops = {
	.open		= trace_key_open,
	.release	= trace_key_release,
	.read		= depth_read,
	.write		= depth_write,
	.llseek		= generic_file_llseek,
};

/**
 * trace_graph_create_files() - the graph tracer's files of a session
 * @tr: the session
 *
 * Only the top level has max_graph_depth (set_graph_function and
 * set_graph_notrace come with its function filters,
 * ftrace_create_tracefs_files()): they are global, as in Linux 6.12.
 */
void trace_graph_create_files(struct trace_array *tr)
{
	if (tr == &global_trace)
		trace_create_file("max_graph_depth", TRACE_MODE_WRITE, tr->dir,
				  trace_key(tr, RING_BUFFER_ALL_CPUS),
				  &depth_fops);
	if (!cpu_digits)
		cpu_digits = snprintf(NULL, 0, "%u", nr_cpu_ids - 1);
}

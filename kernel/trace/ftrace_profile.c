// SPDX-License-Identifier: GPL-2.0
/*
 * The function profiler: function_profile_enabled and
 * trace_stat/function<cpu>.
 *
 * Writing 1 to function_profile_enabled starts counting, per CPU, the
 * calls of every function the top-level session's set_ftrace_filter and
 * set_ftrace_notrace let the function tracer see, as they are at that
 * moment (later changes apply from the next start), and, with the
 * function graph tracer built, the time spent in those calls.  Writing 0
 * stops it and leaves the counts to be read; the next start clears them.
 *
 * Each CPU has a table of its own, allocated when profiling starts and
 * written only by that CPU, with preemption disabled: an open-addressing
 * hash of records keyed by the function's address.  A slot is claimed
 * with a CPU-local compare-and-exchange and the counters are local_t,
 * so an interrupt or NMI that profiles a call in the middle of an update
 * on the same CPU neither loses it nor tears the record.  The table has
 * room for half again as many functions as can be traced; a function
 * that finds no slot near its hash is not counted, and the file says how
 * many calls were left out that way.
 *
 * With the graph tracer, a graph user counts each call at its return:
 * its hit, its duration (rettime - calltime, which fgraph already moves
 * forward by the time the task slept when sleep-time is off) and the
 * square of that for s^2.  With graph-time off a function's time leaves
 * out that of the profiled calls it made.  For that, each task keeps in
 * its fgraph word the sum of the own times of the calls it completed;
 * a call's entry notes that sum in its per-call data, and at its return
 * the growth of the sum since is the time of its callees.
 *
 * A read of trace_stat/function<cpu> copies that CPU's table under the
 * profiler's mutex, sorted by time (by hits without the graph tracer),
 * and prints the copy.
 */
#define pr_fmt(fmt) "ftrace_profile: " fmt

#include <linux/ftrace.h>
#include <linux/hash.h>
#include <linux/kallsyms.h>
#include <linux/math64.h>
#include <linux/mutex.h>
#include <linux/percpu.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/trace_seq.h>
#include <linux/tracefs.h>
#include <linux/vmalloc.h>
#include <asm/local.h>
#include <asm/local64.h>

#include "ftrace_internal.h"
#include "trace_tracers.h"

/* How far from its hash slot a function's record may be. */
#define PROFILE_PROBES		32
/* The smallest table, in slots (a power of two). */
#define PROFILE_MIN_SLOTS	1024

/**
 * struct profile_rec - one function's counts on one CPU
 * @ip: the function's call site; 0 while the slot is free
 * @hits: its calls
 * @time: their total time in ns (graph tracer)
 * @time_sq: the sum of the squares of their times (graph tracer)
 */
struct profile_rec {
	unsigned long	ip;
	local_t		hits;
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	local64_t	time;
	local64_t	time_sq;
#endif
};

/**
 * struct profile_table - a CPU's records
 * @bits: log2 of the number of @recs
 * @dropped: calls not counted because their function found no slot
 * @recs: the hash table
 */
struct profile_table {
	unsigned int		bits;
	local_t			dropped;
	struct profile_rec	recs[];
};

/*
 * The tables, allocated (or cleared) at each start and kept after a
 * stop for the readers; replaced only while the profiler is stopped.
 */
static DEFINE_PER_CPU(struct profile_table *, profile_tables);
/* Serialises start, stop and the readers' copies of the tables. */
static DEFINE_MUTEX(profile_lock);
static bool profile_enabled;

/*
 * The record of @ip in this CPU's table, claimed if it has none yet.
 * NULL (the call is counted as dropped) when no slot is left near the
 * hash.  Called with preemption disabled.
 */
static struct profile_rec *profile_rec_get(unsigned long ip)
{
	struct profile_table *t = this_cpu_read(profile_tables);
	struct profile_rec *rec;
	unsigned long slot, mask, cur;
	int i;

	if (unlikely(!t))
		return NULL;
	mask = BIT(t->bits) - 1;
	slot = hash_long(ip, t->bits);
	for (i = 0; i < PROFILE_PROBES; i++, slot = (slot + 1) & mask) {
		rec = &t->recs[slot];
		cur = READ_ONCE(rec->ip);
		/* An interrupt may claim the same free slot first. */
		if (!cur)
			cur = cmpxchg_local(&rec->ip, 0, ip) ?: ip;
		if (cur == ip)
			return rec;
	}
	local_inc(&t->dropped);
	return NULL;
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER

/*
 * The task's sum of own times.  Interrupts on the task's CPU profile
 * calls of their own on the same task's shadow stack and add to it, so
 * it is updated with local_t's single instruction, which no interrupt
 * splits: an interrupt's time is never lost from it.
 */
static local_t *task_done(struct fgraph_ops *gops)
{
	BUILD_BUG_ON(sizeof(local_t) != sizeof(unsigned long));
	return (local_t *)fgraph_get_task_var(gops);
}

static int profile_graph_entry(struct ftrace_graph_ent *trace,
			       struct fgraph_ops *gops)
{
	unsigned long *mark = fgraph_reserve_data(gops->idx, sizeof(*mark));

	/* The own time the task had completed when this call began. */
	if (mark)
		*mark = local_read(task_done(gops));
	return 1;
}

static void profile_graph_return(struct ftrace_graph_ret *trace,
				 struct fgraph_ops *gops)
{
	unsigned long *mark = fgraph_retrieve_data(gops->idx, NULL);
	local_t *done = task_done(gops);
	u64 total = 0, own, callees;
	struct profile_rec *rec;

	/* The clocks of two CPUs may disagree after a migration. */
	if (trace->rettime > trace->calltime)
		total = trace->rettime - trace->calltime;
	own = total;
	if (mark) {
		callees = local_read(done) - *mark;
		own = callees < total ? total - callees : 0;
	}
	local_add(own, done);
	if (!READ_ONCE(fgraph_graph_time))
		total = own;

	rec = profile_rec_get(trace->func);
	if (!rec)
		return;
	local_inc(&rec->hits);
	local64_add(total, &rec->time);
	local64_add(total * total, &rec->time_sq);
}

static struct fgraph_ops profile_gops = {
	.entryfunc	= profile_graph_entry,
	.retfunc	= profile_graph_return,
};

static struct ftrace_ops *profile_ops(void)
{
	return &profile_gops.ops;
}

static int profile_register(void)
{
	return register_ftrace_graph(&profile_gops);
}

static void profile_unregister(void)
{
	unregister_ftrace_graph(&profile_gops);
}

#else /* !CONFIG_FUNCTION_GRAPH_TRACER: hits only */

static void profile_call(unsigned long ip, unsigned long parent_ip,
			 struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	struct profile_rec *rec = profile_rec_get(ip);

	if (rec)
		local_inc(&rec->hits);
}

static struct ftrace_ops profile_fops = {
	.func		= profile_call,
};

static struct ftrace_ops *profile_ops(void)
{
	return &profile_fops;
}

static int profile_register(void)
{
	return register_ftrace_function(&profile_fops);
}

static void profile_unregister(void)
{
	unregister_ftrace_function(&profile_fops);
}

#endif /* CONFIG_FUNCTION_GRAPH_TRACER */

/* ---- start and stop ----------------------------------------------------- */

/* Give every possible CPU an empty table sized for the functions there are. */
static int profile_tables_reset(void)
{
	unsigned int nr = ftrace_nr_functions();
	unsigned int bits = order_base_2(max(nr + nr / 2, PROFILE_MIN_SLOTS));
	struct profile_table *t;
	size_t size = struct_size(t, recs, BIT(bits));
	int cpu;

	for_each_possible_cpu(cpu) {
		t = per_cpu(profile_tables, cpu);
		if (!t || t->bits != bits) {
			per_cpu(profile_tables, cpu) = NULL;
			vfree(t);
			t = vmalloc_node(size, cpu_to_node(cpu));
			if (!t)
				return -ENOMEM;
			per_cpu(profile_tables, cpu) = t;
		}
		memset(t, 0, size);
		t->bits = bits;
	}
	return 0;
}

static int profile_start(void)
{
	int ret = profile_tables_reset();

	if (ret)
		return ret;
	ret = ftrace_ops_copy_sets(profile_ops(), &global_trace.func.ops);
	if (ret)
		return ret;
	ret = profile_register();
	if (ret)
		ftrace_free_filter(profile_ops());
	return ret;
}

static void profile_stop(void)
{
	profile_unregister();
	ftrace_free_filter(profile_ops());
}

static ssize_t profile_enabled_read(struct file *filp, char __user *ubuf,
				    size_t cnt, loff_t *ppos)
{
	return trace_read_text(ubuf, cnt, ppos, "%d\n",
			       READ_ONCE(profile_enabled));
}

/* 1 starts (clearing the counts), 0 stops; anything else is refused. */
static ssize_t profile_enabled_write(struct file *filp,
				     const char __user *ubuf, size_t cnt,
				     loff_t *ppos)
{
	unsigned long val;
	ssize_t ret = trace_write_ulong(ubuf, cnt, &val);

	if (ret)
		return ret;
	if (val > 1)
		return -EINVAL;
	mutex_lock(&profile_lock);
	if (val != profile_enabled) {
		if (val)
			ret = profile_start();
		else
			profile_stop();
		if (!ret)
			WRITE_ONCE(profile_enabled, val);
	}
	mutex_unlock(&profile_lock);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations profile_enabled_fops = {
	.open		= tracing_open_generic,
	.read		= profile_enabled_read,
	.write		= profile_enabled_write,
	.llseek		= generic_file_llseek,
};

/* ---- trace_stat/function<cpu> ------------------------------------------- */

/* A record as copied for a reader. */
struct profile_line {
	unsigned long	ip;
	unsigned long	hits;
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	u64		time;
	u64		time_sq;
#endif
};

/**
 * struct profile_snap - what a reader of a CPU's file prints
 * @seq: where the durations are formatted
 * @dropped: the table's count of calls left out
 * @nr: number of @lines
 * @lines: the records shown, in order
 */
struct profile_snap {
	struct trace_seq	seq;
	unsigned long		dropped;
	unsigned int		nr;
	struct profile_line	lines[];
};

/* The biggest first: by time with the graph tracer, else by hits. */
static int profile_line_cmp(const void *a, const void *b)
{
	const struct profile_line *x = a, *y = b;

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	if (x->time != y->time)
		return x->time < y->time ? 1 : -1;
#endif
	if (x->hits != y->hits)
		return x->hits < y->hits ? 1 : -1;
	return x->ip < y->ip ? -1 : x->ip > y->ip;
}

/* Copy the records of @t worth showing; NULL without memory. */
static struct profile_snap *profile_snapshot(struct profile_table *t)
{
	unsigned long slots = t ? BIT(t->bits) : 0, i, n = 0;
	struct profile_snap *snap;
	struct profile_line *l;
	struct profile_rec *rec;

	for (i = 0; i < slots; i++)
		n += READ_ONCE(t->recs[i].ip) != 0;
	snap = kvmalloc(struct_size(snap, lines, n), GFP_KERNEL);
	if (!snap)
		return NULL;
	trace_seq_init(&snap->seq);
	snap->dropped = t ? local_read(&t->dropped) : 0;
	snap->nr = 0;
	/* Functions claimed since the count wait for the next read. */
	for (i = 0; i < slots && snap->nr < n; i++) {
		rec = &t->recs[i];
		l = &snap->lines[snap->nr];
		l->ip = READ_ONCE(rec->ip);
		l->hits = local_read(&rec->hits);
		if (!l->ip || !l->hits)
			continue;
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
		l->time = local64_read(&rec->time);
		l->time_sq = local64_read(&rec->time_sq);
		if (tracing_thresh &&
		    div64_ul(l->time, l->hits) < READ_ONCE(tracing_thresh))
			continue;
#endif
		snap->nr++;
	}
	sort(snap->lines, snap->nr, sizeof(snap->lines[0]), profile_line_cmp,
	     NULL);
	return snap;
}

static void *profile_seq_start(struct seq_file *m, loff_t *pos)
{
	struct profile_snap *snap = m->private;

	if (!*pos)
		return SEQ_START_TOKEN;
	if (*pos > snap->nr)
		return NULL;
	return &snap->lines[*pos - 1];
}

static void *profile_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return profile_seq_start(m, pos);
}

static void profile_seq_stop(struct seq_file *m, void *v)
{
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * The sample variance, in the unit trace_print_graph_duration() takes:
 * (n * sum(x^2) - sum(x)^2) / (n * (n - 1)), in us^2 * 1000.
 */
static u64 profile_variance(const struct profile_line *l)
{
	u64 n = l->hits, num = n * l->time_sq, sum2 = l->time * l->time;
	u64 denom = n * (n - 1) * 1000;

	if (n < 2 || num <= sum2 || !denom)
		return 0;
	return div64_u64(num - sum2, denom);
}

static void profile_show_times(struct seq_file *m, struct trace_seq *s,
			       const struct profile_line *l)
{
	/* Left by a show whose text did not fit in the seq_file. */
	trace_seq_init(s);
	trace_seq_puts(s, "    ");
	trace_print_graph_duration(l->time, s);
	trace_seq_puts(s, "    ");
	trace_print_graph_duration(div64_ul(l->time, l->hits), s);
	trace_seq_puts(s, "    ");
	trace_print_graph_duration(profile_variance(l), s);
	trace_print_seq(m, s);
}
#endif

static int profile_seq_show(struct seq_file *m, void *v)
{
	struct profile_snap *snap = m->private;
	const struct profile_line *l = v;
	char name[KSYM_NAME_LEN];

	if (v == SEQ_START_TOKEN) {
		if (snap->dropped)
			seq_printf(m, "# %lu calls not counted: this CPU's table had no room for their function\n",
				   snap->dropped);
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
		seq_puts(m, "  Function                               Hit    Time            Avg             s^2\n"
			    "  --------                               ---    ----            ---             ---\n");
#else
		seq_puts(m, "  Function                               Hit\n"
			    "  --------                               ---\n");
#endif
		return 0;
	}
	/* The function of a module unloaded since has no name. */
	if (!kallsyms_lookup(l->ip, NULL, NULL, NULL, name))
		snprintf(name, sizeof(name), "0x%lx", l->ip);
	seq_printf(m, "  %-30.30s  %10lu", name, l->hits);
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	profile_show_times(m, &snap->seq, l);
#endif
	seq_putc(m, '\n');
	return 0;
}

static const struct seq_operations profile_seq_ops = {
	.start	= profile_seq_start,
	.next	= profile_seq_next,
	.stop	= profile_seq_stop,
	.show	= profile_seq_show,
};

static int profile_stat_open(struct inode *inode, struct file *filp)
{
	long cpu = (long)inode->i_private;
	struct profile_snap *snap;
	int ret;

	if (tracing_is_disabled())
		return -ENODEV;
	mutex_lock(&profile_lock);
	snap = profile_snapshot(per_cpu(profile_tables, cpu));
	mutex_unlock(&profile_lock);
	if (!snap)
		return -ENOMEM;
	ret = seq_open(filp, &profile_seq_ops);
	if (ret) {
		kvfree(snap);
		return ret;
	}
	((struct seq_file *)filp->private_data)->private = snap;
	return 0;
}

static int profile_stat_release(struct inode *inode, struct file *filp)
{
	kvfree(((struct seq_file *)filp->private_data)->private);
	return seq_release(inode, filp);
}

static const struct file_operations profile_stat_fops = {
	.open		= profile_stat_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= profile_stat_release,
};

/* After tracer_init_tracefs() (fs_initcall) made the tracefs root. */
static int __init ftrace_profile_init(void)
{
	struct dentry *dir;
	char name[32];
	long cpu;

	if (tracing_is_disabled())
		return 0;
	trace_create_file("function_profile_enabled", TRACE_MODE_WRITE, NULL, NULL,
			  &profile_enabled_fops);
	dir = tracefs_create_dir("trace_stat", NULL);
	if (!dir) {
		pr_warn("Could not create tracefs 'trace_stat' directory\n");
		return 0;
	}
	for_each_possible_cpu(cpu) {
		snprintf(name, sizeof(name), "function%ld", cpu);
		trace_create_file(name, TRACE_MODE_READ, dir, (void *)cpu,
				  &profile_stat_fops);
	}
	return 0;
}
device_initcall(ftrace_profile_init);

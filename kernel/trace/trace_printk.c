// SPDX-License-Identifier: GPL-2.0
/*
 * trace_printk() and friends: text from kernel code into the trace.
 *
 * Every form writes a TRACE_PRINT record (the text, formatted at the
 * call) or a TRACE_BPUTS record (the address of a constant string).
 * Formatting at the call costs more than upstream's binary records, but
 * keeps one record layout for all text; trace_printk() is a debugging
 * aid, not a hot path.
 *
 * printk_formats lists the constant strings that records may point to
 * (tracepoint_string() and the formats of trace_printk() calls), as
 * "<address> : "<text>"" lines, for readers of the binary buffer.
 *
 * A module's trace_printk() formats are copied when it loads, and its
 * pointers to them set to the copies, which are never freed: a record
 * of trace_puts() holds the string's address, and must still print
 * after the module is gone.
 */
#include <linux/kallsyms.h>
#include <linux/sysctl.h>
#include <linux/trace.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "trace_text.h"

/* The longest trace_printk() text recorded; longer text is cut. */
#define TRACE_PRINTK_MAX	1024

/* Each CPU formats into its own buffer, one nesting level per context. */
struct printk_bufs {
	char	buf[4][TRACE_PRINTK_MAX];
	int	nest;
};

static DEFINE_PER_CPU(struct printk_bufs, printk_bufs);

int tracepoint_printk;

static bool printk_allowed(struct trace_array *tr)
{
	return tr->buffer && (tr->trace_flags & TRACE_ITER(PRINTK));
}

/* Record @len bytes of @text as a print record in @tr; return @len or 0. */
static int write_print(struct trace_array *tr, unsigned long ip,
		       const char *text, int len)
{
	struct trace_buffer *buffer = tr->buffer;
	struct ring_buffer_event *event;
	struct print_entry *entry;

	event = trace_buffer_lock_reserve(buffer, TRACE_PRINT,
					  sizeof(*entry) + len + 2,
					  tracing_gen_ctx());
	if (!event)
		return 0;
	entry = ring_buffer_event_data(event);
	entry->ip = ip;
	tracing_record_cmdline(current);
	memcpy(entry->buf, text, len);
	if (!len || text[len - 1] != '\n')
		entry->buf[len++] = '\n';
	entry->buf[len] = '\0';
	ring_buffer_unlock_commit(buffer);
	return len;
}

/**
 * __trace_puts() - write a string into the trace
 * @ip: the caller's address, shown before the text
 * @str: the string
 * @size: its length
 *
 * Return: the number of bytes recorded, or 0.
 */
int __trace_puts(unsigned long ip, const char *str, int size)
{
	if (!printk_allowed(&global_trace))
		return 0;
	return write_print(&global_trace, ip, str,
			   min(size, TRACE_PRINTK_MAX - 2));
}
EXPORT_SYMBOL_GPL(__trace_puts);

/**
 * __trace_bputs() - write a constant string into the trace by address
 * @ip: the caller's address
 * @str: the string, which must stay in place (a literal)
 *
 * Return: 1 if recorded, else 0.
 */
int __trace_bputs(unsigned long ip, const char *str)
{
	struct trace_buffer *buffer = global_trace.buffer;
	struct ring_buffer_event *event;
	struct bputs_entry *entry;

	/* NULL: a module's string that could not be copied. */
	if (!printk_allowed(&global_trace) || !str)
		return 0;
	event = trace_buffer_lock_reserve(buffer, TRACE_BPUTS, sizeof(*entry),
					  tracing_gen_ctx());
	if (!event)
		return 0;
	entry = ring_buffer_event_data(event);
	entry->ip = ip;
	entry->str = str;
	ring_buffer_unlock_commit(buffer);
	return 1;
}
EXPORT_SYMBOL_GPL(__trace_bputs);

/* Format into this CPU's buffer for the context, then record it in @tr. */
static __printf(3, 0)
int vprintk_to(struct trace_array *tr, unsigned long ip, const char *fmt,
	       va_list ap)
{
	int len = 0, nest;

	if (!printk_allowed(tr))
		return 0;
	/* An interrupt arriving here takes the next buffer, and gives it back. */
	preempt_disable_notrace();
	nest = this_cpu_inc_return(printk_bufs.nest) - 1;
	if (nest < ARRAY_SIZE(printk_bufs.buf)) {
		char *buf = this_cpu_ptr(&printk_bufs)->buf[nest];

		barrier();
		len = vscnprintf(buf, TRACE_PRINTK_MAX - 2, fmt, ap);
		len = write_print(tr, ip, buf, len);
		barrier();
	}
	this_cpu_dec(printk_bufs.nest);
	preempt_enable_notrace();
	return len;
}

/**
 * __ftrace_vprintk() - write formatted text into the trace
 * @ip: the caller's address
 * @fmt: the format
 * @ap: its arguments
 *
 * Return: the number of bytes recorded, or 0.
 */
int __ftrace_vprintk(unsigned long ip, const char *fmt, va_list ap)
{
	return vprintk_to(&global_trace, ip, fmt, ap);
}
EXPORT_SYMBOL_GPL(__ftrace_vprintk);

/**
 * __ftrace_vbprintk() - as __ftrace_vprintk(), for trace_printk() with a
 *	constant format
 * @ip: the caller's address
 * @fmt: the format
 * @ap: its arguments
 *
 * Return: the number of bytes recorded, or 0.
 */
int __ftrace_vbprintk(unsigned long ip, const char *fmt, va_list ap)
{
	return __ftrace_vprintk(ip, fmt, ap);
}
EXPORT_SYMBOL_GPL(__ftrace_vbprintk);

/**
 * __trace_printk() - write formatted text into the trace
 * @ip: the caller's address
 * @fmt: the format
 *
 * Return: the number of bytes recorded, or 0.
 */
int __trace_printk(unsigned long ip, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = __ftrace_vprintk(ip, fmt, ap);
	va_end(ap);
	return ret;
}
EXPORT_SYMBOL_GPL(__trace_printk);

/**
 * __trace_bprintk() - trace_printk() with a constant format
 * @ip: the caller's address
 * @fmt: the format
 *
 * Return: the number of bytes recorded, or 0.
 */
int __trace_bprintk(unsigned long ip, const char *fmt, ...)
{
	va_list ap;
	int ret;

	va_start(ap, fmt);
	ret = __ftrace_vprintk(ip, fmt, ap);
	va_end(ap);
	return ret;
}
EXPORT_SYMBOL_GPL(__trace_bprintk);

/**
 * trace_dump_stack() - write the current stack into the trace
 * @skip: frames to leave out, beyond this function's own
 */
void trace_dump_stack(int skip)
{
	if (printk_allowed(&global_trace))
		trace_stack_write(&global_trace, skip + 1, 0);
}
EXPORT_SYMBOL_GPL(trace_dump_stack);

/**
 * tracepoint_printk_sysctl() - the kernel.tracepoint_printk sysctl
 * @table: the sysctl
 * @write: whether it is written
 * @buffer: the text
 * @lenp: its length
 * @ppos: the file position
 *
 * Copying events to the console is not offered: only 0 is accepted.
 *
 * Return: 0 or an error.
 */
int tracepoint_printk_sysctl(const struct ctl_table *table, int write,
			     void *buffer, size_t *lenp, loff_t *ppos)
{
	int ret = proc_dointvec(table, write, buffer, lenp, ppos);

	if (!ret && write && tracepoint_printk) {
		tracepoint_printk = 0;
		ret = -EINVAL;
	}
	return ret;
}

/* ---- module formats ---------------------------------------------------- */

/* A copy of a module's format, kept for good; one per distinct text. */
struct module_fmt {
	struct list_head	list;
	const char		*fmt;
};

static LIST_HEAD(module_fmts);
static DEFINE_MUTEX(module_fmts_lock);
static loff_t nr_module_fmts;

static const char *module_fmt_copy(const char *fmt)
{
	struct module_fmt *mf;

	lockdep_assert_held(&module_fmts_lock);
	list_for_each_entry(mf, &module_fmts, list)
		if (!strcmp(mf->fmt, fmt))
			return mf->fmt;
	mf = kmalloc(sizeof(*mf), GFP_KERNEL);
	if (!mf)
		return NULL;
	mf->fmt = kstrdup(fmt, GFP_KERNEL);
	if (!mf->fmt) {
		kfree(mf);
		return NULL;
	}
	list_add_tail(&mf->list, &module_fmts);
	nr_module_fmts++;
	return mf->fmt;
}

#ifdef CONFIG_MODULES
static int module_fmts_notify(struct notifier_block *nb, unsigned long val,
			      void *data)
{
	struct module *mod = data;
	unsigned int i;

	if (val != MODULE_STATE_COMING)
		return NOTIFY_OK;
	/* Its records come from its init on: the buffer must be ready. */
	if (mod->num_trace_bprintk_fmt &&
	    tracing_update_buffers(&global_trace))
		pr_warn("tracing: %s uses trace_printk(), but the buffer could not grow\n",
			mod->name);
	mutex_lock(&module_fmts_lock);
	for (i = 0; i < mod->num_trace_bprintk_fmt; i++) {
		const char **p = mod->trace_bprintk_fmt_start + i;

		/* Failing a copy, the call records nothing. */
		if (*p)
			*p = module_fmt_copy(*p);
	}
	mutex_unlock(&module_fmts_lock);
	return NOTIFY_OK;
}

static struct notifier_block module_fmts_nb = {
	.notifier_call	= module_fmts_notify,
};

static __init int module_fmts_init(void)
{
	return register_module_notifier(&module_fmts_nb);
}
early_initcall(module_fmts_init);
#endif

/* ---- printk_formats ---------------------------------------------------- */

static const char **fmt_at(loff_t pos)
{
	loff_t nr_fmt = __stop___trace_bprintk_fmt - __start___trace_bprintk_fmt;
	loff_t nr_str = __stop___tracepoint_str - __start___tracepoint_str;
	struct module_fmt *mf;

	if (pos < nr_fmt)
		return __start___trace_bprintk_fmt + pos;
	if (pos < nr_fmt + nr_str)
		return __start___tracepoint_str + pos - nr_fmt;
	pos -= nr_fmt + nr_str;
	if (pos >= nr_module_fmts)
		return NULL;
	list_for_each_entry(mf, &module_fmts, list)
		if (!pos--)
			return &mf->fmt;
	return NULL;
}

static void *formats_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&module_fmts_lock);
	return fmt_at(*pos);
}

static void *formats_next(struct seq_file *m, void *v, loff_t *pos)
{
	return fmt_at(++*pos);
}

static void formats_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&module_fmts_lock);
}

/*
 * The text between quotes, one string a line: new lines, tabs and quotes
 * are written as C escapes; a backslash is left as it is (as in 6.12).
 */
static int formats_show(struct seq_file *m, void *v)
{
	const char *str = *(const char **)v, *p, *esc;

	if (!str)
		return 0;
	seq_printf(m, "0x%lx : \"", (unsigned long)str);
	for (p = str; *p; p++) {
		esc = *p == '\n' ? "\\n" : *p == '\t' ? "\\t" :
		      *p == '"' ? "\\\"" : NULL;
		if (esc)
			seq_puts(m, esc);
		else
			seq_putc(m, *p);
	}
	seq_puts(m, "\"\n");
	return 0;
}

static const struct seq_operations formats_seq_ops = {
	.start	= formats_start,
	.next	= formats_next,
	.stop	= formats_stop,
	.show	= formats_show,
};

static int formats_open(struct inode *inode, struct file *filp)
{
	if (tracing_is_disabled())
		return -ENODEV;
	return seq_open(filp, &formats_seq_ops);
}

static const struct file_operations formats_fops = {
	.open		= formats_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

/**
 * trace_printk_create_files() - create printk_formats
 * @parent: the directory, NULL for the tracefs root
 */
void __init trace_printk_create_files(struct dentry *parent)
{
	trace_create_file("printk_formats", TRACE_MODE_READ, parent, NULL, &formats_fops);
}

/**
 * trace_printk_init_buffers() - prepare for trace_printk()
 *
 * The per-CPU buffers are static: nothing to do.
 */
void trace_printk_init_buffers(void)
{
}

/* ---- text into an instance --------------------------------------------- */

/**
 * trace_array_init_printk() - ready an instance for trace_array_printk()
 * @tr: the instance
 *
 * The formatting buffers are static: nothing to allocate.
 *
 * Return: 0, or -ENOENT for NULL.
 */
int trace_array_init_printk(struct trace_array *tr)
{
	return tr ? 0 : -ENOENT;
}
EXPORT_SYMBOL_GPL(trace_array_init_printk);

/**
 * trace_array_printk() - trace_printk() into an instance
 * @tr: the instance, from trace_array_get_by_name()
 * @ip: the caller's address
 * @fmt: the format
 *
 * As in upstream, the top level is refused (trace_printk() writes
 * there), and nothing is written while the instance's trace_printk
 * option is off.
 *
 * Return: the bytes recorded, 0, or -ENOENT for NULL.
 */
int trace_array_printk(struct trace_array *tr, unsigned long ip,
		       const char *fmt, ...)
{
	va_list ap;
	int ret;

	if (!tr)
		return -ENOENT;
	if (tr == &global_trace)
		return 0;
	va_start(ap, fmt);
	ret = vprintk_to(tr, ip, fmt, ap);
	va_end(ap);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_array_printk);

/**
 * __trace_array_puts() - trace_puts() into a session
 * @tr: the session
 * @ip: the caller's address
 * @str: the string
 * @size: its length
 *
 * Return: the bytes recorded, 0, or -ENOENT for NULL.
 */
int __trace_array_puts(struct trace_array *tr, unsigned long ip,
		       const char *str, int size)
{
	if (!tr)
		return -ENOENT;
	if (!printk_allowed(tr))
		return 0;
	return write_print(tr, ip, str, min(size, TRACE_PRINTK_MAX - 2));
}
EXPORT_SYMBOL_GPL(__trace_array_puts);

/**
 * register_ftrace_export() - copy every trace record to another sink
 * @export: the sink
 *
 * Return: -EOPNOTSUPP: exports are not offered.
 */
int register_ftrace_export(struct trace_export *export)
{
	return -EOPNOTSUPP;
}
EXPORT_SYMBOL_GPL(register_ftrace_export);

/**
 * unregister_ftrace_export() - undo register_ftrace_export()
 * @export: the sink
 *
 * Return: -EOPNOTSUPP: exports are not offered.
 */
int unregister_ftrace_export(struct trace_export *export)
{
	return -EOPNOTSUPP;
}
EXPORT_SYMBOL_GPL(unregister_ftrace_export);

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

// SPDX-License-Identifier: GPL-2.0
/*
 * Turning records into text: the table of record types and their print
 * functions, and the line every record of the trace file starts with:
 *
 *   <comm>-<pid> [<cpu>] <flags> <seconds>.<usecs>: <event text>
 *
 * or, under the output options, the raw, hex, bin, fields and
 * latency-format forms of it.
 *
 * Types are numbered from 1; the core's own entries have the numbers of
 * enum trace_type, events get numbers from __TRACE_LAST_TYPE up.  The
 * table is an xarray; readers look a type up and print under the read
 * side of trace_event_sem, so that a module's print functions cannot go
 * away under them.
 */
#include <linux/ctype.h>
#include <linux/kallsyms.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/rwsem.h>
#include <linux/sched/mm.h>
#include <linux/seq_file.h>
#include <linux/uaccess.h>
#include <linux/utsname.h>
#include <linux/xarray.h>

#include "trace_text.h"

/* The hex digits of an address shown in full. */
#define PTR_DIGITS	((int)(2 * sizeof(void *)))

static DEFINE_XARRAY_ALLOC(event_types);
static DECLARE_RWSEM(trace_event_sem);

/**
 * register_trace_event() - give a record type its print functions
 * @event: the type; with @event->type 0 a new number is assigned
 *
 * Return: the type's number, or 0 if it could not be registered.
 */
int register_trace_event(struct trace_event *event)
{
	u32 id;
	int ret;

	if (!event->funcs)
		return 0;
	down_write(&trace_event_sem);
	if (event->type) {
		ret = xa_insert(&event_types, event->type, event, GFP_KERNEL);
		id = event->type;
	} else {
		ret = xa_alloc(&event_types, &id, event,
			       XA_LIMIT(__TRACE_LAST_TYPE, U16_MAX),
			       GFP_KERNEL);
	}
	up_write(&trace_event_sem);
	if (ret)
		return 0;
	event->type = id;
	return id;
}
EXPORT_SYMBOL_GPL(register_trace_event);

/**
 * unregister_trace_event() - forget a record type
 * @event: the type
 *
 * Return: 0.
 */
int unregister_trace_event(struct trace_event *event)
{
	down_write(&trace_event_sem);
	xa_erase(&event_types, event->type);
	up_write(&trace_event_sem);
	return 0;
}
EXPORT_SYMBOL_GPL(unregister_trace_event);

/**
 * ftrace_find_event() - the print functions of a record type
 * @type: the type's number
 *
 * Call with trace_event_sem held for reading (print_trace_line() does).
 *
 * Return: the type, or NULL if none is registered under @type.
 */
struct trace_event *ftrace_find_event(int type)
{
	return xa_load(&event_types, type);
}

/**
 * trace_nop_print() - the print function of a type that has none
 * @iter: the reader
 * @flags: unused
 * @event: unused
 *
 * Prints "type: <number>", as Linux 6.12 does for a record type without
 * a print function of the kind asked for (an event under the raw, hex
 * and bin options).
 *
 * Return: whether the line so far fitted.
 */
enum print_line_t trace_nop_print(struct trace_iterator *iter, int flags,
				  struct trace_event *event)
{
	trace_seq_printf(&iter->seq, "type: %d\n", iter->ent->type);
	return trace_handle_return(&iter->seq);
}
EXPORT_SYMBOL_GPL(trace_nop_print);

/**
 * trace_raw_output_prep() - start printing an event's record
 * @iter: the reader, at a record of the event
 * @event: the event's record type
 *
 * Prints "<event name>: " and readies the helpers' scratch buffer.
 *
 * Return: %TRACE_TYPE_HANDLED, or %TRACE_TYPE_UNHANDLED if the record is
 * not of @event's type.
 */
int trace_raw_output_prep(struct trace_iterator *iter,
			  struct trace_event *event)
{
	struct trace_event_call *call;

	if (WARN_ON_ONCE(iter->ent->type != event->type))
		return TRACE_TYPE_UNHANDLED;
	call = container_of(event, struct trace_event_call, event);
	trace_seq_init(&iter->tmp_seq);
	trace_seq_printf(&iter->seq, "%s: ", trace_event_name(call));
	return trace_handle_return(&iter->seq);
}
EXPORT_SYMBOL(trace_raw_output_prep);

/*
 * With hash-ptr off, an event's plain %p prints the real address: the
 * format is copied into @buf with each %p that no letter or digit
 * follows (those are %pS, %pI4 and the like) turned into %px.  A format
 * too long for @buf is used as it is.
 */
#define TRACE_FMT_UNHASHED_MAX	256

static const char *unhash_format(char *buf, const char *fmt)
{
	const char *p;
	int len = 0;

	for (p = fmt; *p; p++) {
		if (len >= TRACE_FMT_UNHASHED_MAX - 2)
			return fmt;
		buf[len++] = *p;
		if (*p != '%')
			continue;
		if (p[1] == '%') {
			buf[len++] = *++p;
			continue;
		}
		/* Flags, width and precision, then the conversion. */
		while (p[1] && strchr("-+ #0123456789.*", p[1])) {
			if (len >= TRACE_FMT_UNHASHED_MAX - 2)
				return fmt;
			buf[len++] = *++p;
		}
		if (p[1] == 'p' && !isalnum(p[2])) {
			if (len > TRACE_FMT_UNHASHED_MAX - 4)
				return fmt;
			buf[len++] = *++p;
			buf[len++] = 'x';
		}
	}
	buf[len] = '\0';
	return buf;
}

/**
 * trace_event_printf() - print an event's TP_printk() text
 * @iter: the reader
 * @fmt: the format
 * @...: its arguments
 */
void trace_event_printf(struct trace_iterator *iter, const char *fmt, ...)
{
	char unhashed[TRACE_FMT_UNHASHED_MAX];
	va_list ap;

	if (!(iter->tr->trace_flags & TRACE_ITER(HASH_PTR)))
		fmt = unhash_format(unhashed, fmt);
	va_start(ap, fmt);
	trace_seq_vprintf(&iter->seq, fmt, ap);
	va_end(ap);
}
EXPORT_SYMBOL(trace_event_printf);

/**
 * trace_print_lat_fmt() - print the context flags of a record
 * @s: where to print
 * @entry: the record
 *
 * Five characters: irqs off ('d', 'D' with BH off too, 'b' BH off only,
 * 'X' unknown), need-resched ('N' both kinds, 'n', 'p'), hard/soft irq
 * ('Z' NMI in hardirq, 'z' NMI, 'H' hardirq in softirq, 'h', 's'), the
 * preemption depth and the migrate-disable depth in hex; '.' for none.
 *
 * Return: whether it fitted.
 */
int trace_print_lat_fmt(struct trace_seq *s, struct trace_entry *entry)
{
	unsigned int f = entry->flags;
	bool irqs_off = f & TRACE_FLAG_IRQS_OFF, bh_off = f & TRACE_FLAG_BH_OFF;
	bool nmi = f & TRACE_FLAG_NMI, hard = f & TRACE_FLAG_HARDIRQ;
	bool soft = f & TRACE_FLAG_SOFTIRQ;
	bool need = f & TRACE_FLAG_NEED_RESCHED;
	bool preempt = f & TRACE_FLAG_PREEMPT_RESCHED;
	char c[6];

	c[0] = irqs_off && bh_off ? 'D' : irqs_off ? 'd' : bh_off ? 'b' :
	       (f & TRACE_FLAG_IRQS_NOSUPPORT) ? 'X' : '.';
	c[1] = need && preempt ? 'N' : need ? 'n' : preempt ? 'p' : '.';
	c[2] = nmi && hard ? 'Z' : nmi ? 'z' : hard && soft ? 'H' :
	       hard ? 'h' : soft ? 's' : '.';
	c[3] = entry->preempt_count & 0xf ?
	       hex_asc_lo(entry->preempt_count) : '.';
	c[4] = entry->preempt_count & 0xf0 ?
	       hex_asc_hi(entry->preempt_count) : '.';
	c[5] = '\0';
	trace_seq_puts(s, c);
	return !trace_seq_has_overflowed(s);
}

/* Nanoseconds to microseconds, to the nearest one. */
static u64 ns_to_us(u64 ns)
{
	return div_u64(ns + NSEC_PER_USEC / 2, NSEC_PER_USEC);
}

/* A time stamp: seconds and microseconds, or the clock's bare count. */
static void print_stamp(struct trace_iterator *iter, u64 t)
{
	u32 usecs;

	if (trace_clock_in_ns_for(iter->tr)) {
		t = div_u64_rem(ns_to_us(t), USEC_PER_SEC, &usecs);
		trace_seq_printf(&iter->seq, " %5llu.%06u", t, usecs);
	} else {
		trace_seq_printf(&iter->seq, " %12llu", t);
	}
}

static void print_time(struct trace_iterator *iter)
{
	print_stamp(iter, iter->ts);
}

/* "(<tgid>) ", dashes for a pid whose tgid was not recorded. */
static void print_tgid(struct trace_seq *s, int pid)
{
	int tgid = trace_find_tgid(pid);

	if (!tgid) {
		trace_seq_puts(s, "(-------) ");
		return;
	}
	trace_seq_printf(s, "(%7d) ", tgid);
}

/**
 * trace_print_context() - print the start of a record's line
 * @iter: the reader, at the record
 *
 * "<comm>-<pid> [<cpu>] <flags> <time>: ", the flags only with the
 * irq-info option, the tgid after the pid with record-tgid.
 *
 * Return: whether it fitted.
 */
int trace_print_context(struct trace_iterator *iter)
{
	u64 opts = iter->tr->trace_flags;
	int pid = iter->ent->pid;
	struct trace_seq *s = &iter->seq;
	char comm[TASK_COMM_LEN];

	trace_find_cmdline(pid, comm);
	trace_seq_printf(s, "%16s-%-7d ", comm, pid);
	if (opts & TRACE_ITER(RECORD_TGID))
		print_tgid(s, pid);
	trace_seq_printf(s, "[%03d] ", iter->cpu);
	if (opts & TRACE_ITER(IRQ_INFO))
		trace_print_lat_fmt(s, iter->ent);
	print_time(iter);
	trace_seq_puts(s, ": ");
	return !trace_seq_has_overflowed(s);
}

/* ---- the latency-format line ----------------------------------------- */

/*
 * A delay mark after the time: how long until the next record, '$' from
 * a second, '@' 100 ms, '*' 10 ms, '#' 1 ms, '!' 100 us, '+' 10 us.
 */
static char delay_mark(u64 ns)
{
	static const struct {
		u64	over;
		char	mark;
	} marks[] = {
		{ NSEC_PER_SEC, '$' }, { 100 * NSEC_PER_MSEC, '@' },
		{ 10 * NSEC_PER_MSEC, '*' }, { NSEC_PER_MSEC, '#' },
		{ 100 * NSEC_PER_USEC, '!' }, { 10 * NSEC_PER_USEC, '+' },
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(marks); i++)
		if (ns > marks[i].over)
			return marks[i].mark;
	return ' ';
}

/*
 * The start of a line under latency-format:
 *
 *   <comm>-<pid> <cpu><flags> <usecs>us<mark>: (verbose off)
 *   <comm> <pid> <cpu> <flags> <preempt> <index> [<usecs>] <ms>ms (+<ms>ms):
 *
 * The time counts from the last reset of the buffer.  The reader gives
 * the printers neither the next record nor the record's index, so the
 * delay to the next record is shown as none (as Linux 6.12's trace_pipe
 * shows it) and the index as 0.
 */
static void print_lat_context(struct trace_iterator *iter)
{
	struct trace_array *tr = iter->tr;
	struct trace_entry *entry = iter->ent;
	struct trace_seq *s = &iter->seq;
	bool verbose = tr->trace_flags & TRACE_ITER(VERBOSE);
	bool in_ns = trace_clock_in_ns_for(tr);
	u64 since = iter->ts - (iter->time_start ?: tr->time_start), delay = 0;
	char comm[TASK_COMM_LEN];
	u32 rem, delay_rem;

	trace_find_cmdline(entry->pid, comm);
	if (verbose) {
		trace_seq_printf(s, "%16s %7d %3d %d %08x %08x ", comm,
				 entry->pid, iter->cpu, entry->flags,
				 entry->preempt_count & 0xf, 0);
	} else {
		trace_seq_printf(s, "%8.8s-%-7d %3d", comm, entry->pid,
				 iter->cpu);
		trace_print_lat_fmt(s, entry);
	}

	if (!in_ns) {
		if (verbose)
			trace_seq_printf(s, "[%016llx] %lld (+%lld): ", iter->ts,
					 since, delay);
		else
			trace_seq_printf(s, " %4lld: ", since);
		return;
	}
	if (!verbose) {
		trace_seq_printf(s, " %4lldus%c: ", ns_to_us(since),
				 delay_mark(delay));
		return;
	}
	since = div_u64_rem(ns_to_us(since), USEC_PER_MSEC, &rem);
	delay = div_u64_rem(ns_to_us(delay), USEC_PER_MSEC, &delay_rem);
	trace_seq_printf(s, "[%08llx] %llu.%03ums (+%llu.%03ums): ",
			 ns_to_us(iter->ts), since, rem, delay, delay_rem);
}

/* A code address in the latency header, as the sym-offset option has it. */
static void print_lat_sym(struct seq_file *m, struct trace_array *tr,
			  unsigned long ip)
{
	if (tr->trace_flags & TRACE_ITER(SYM_OFFSET))
		seq_printf(m, "%pS", (void *)ip);
	else
		seq_printf(m, "%ps", (void *)ip);
}

#define LAT_RULE "--------------------------------------------------------------------"

/**
 * trace_print_lat_header() - the latency-format header of the trace file
 * @m: the trace file
 * @tr: its session
 * @max: the worst case its latency tracer shows (trace_max_shown()), or
 *	all zeroes
 * @entries: records in the buffer
 * @total: records written, those overwritten included
 * @help: add the legend of the line's columns (verbose off)
 *
 * With a latency tracer, the latency, CPU, task and places are those of
 * the worst case in the snapshot buffer (trace_max.c); other tracers
 * record none and show zeroes, as 6.12's do.
 */
void trace_print_lat_header(struct seq_file *m, struct trace_array *tr,
			    const struct trace_max_info *max,
			    unsigned long entries, unsigned long total,
			    bool help)
{
	static const struct {
		int		width;
		const char	*text;
	} legend[] = {
		{ 47, "#                    _------=> CPU#" },
		{ 0, "#                   / _-----=> irqs-off/BH-disabled" },
		{ 47, "#                  | / _----=> need-resched" },
		{ 47, "#                  || / _---=> hardirq/softirq" },
		{ 47, "#                  ||| / _--=> preempt-depth" },
		{ 47, "#                  |||| / _-=> migrate-disable" },
		{ 47, "#                  ||||| /     delay" },
		{ 47, "#  cmd     pid     |||||| time  |   caller" },
		{ 45, "#     \\   /        ||||||  \\    |    /" },
	};
	const char *model = preempt_model_none() ? "server" :
			    preempt_model_voluntary() ? "desktop" :
			    preempt_model_full() ? "preempt" :
			    preempt_model_rt() ? "preempt_rt" : "unknown";
	int i;

	seq_printf(m, "# %s latency trace v1.1.5 on %s\n", trace_tracer_name(tr),
		   init_utsname()->release);
	seq_printf(m, "# %s\n", LAT_RULE);
	seq_printf(m, "# latency: %llu us, #%lu/%lu, CPU#%d | (M:%s VP:0, KP:0, SP:0 HP:0",
		   div_u64(max->latency, NSEC_PER_USEC), entries, total, max->cpu,
		   model);
	if (IS_ENABLED(CONFIG_SMP))
		seq_printf(m, " #P:%d)\n", num_online_cpus());
	else
		seq_puts(m, ")\n");
	seq_puts(m, "#    -----------------\n");
	seq_printf(m, "#    | task: %.16s-%d (uid:%u nice:%ld policy:%u rt_prio:%u)\n",
		   max->comm, max->pid, from_kuid_munged(seq_user_ns(m), max->uid),
		   max->nice, max->policy, max->rt_prio);
	seq_puts(m, "#    -----------------\n");
	if (max->start_ip) {
		seq_puts(m, "#  => started at: ");
		print_lat_sym(m, tr, max->start_ip);
		seq_puts(m, "\n#  => ended at:   ");
		print_lat_sym(m, tr, max->end_ip);
		seq_puts(m, "\n#\n");
	}
	seq_puts(m, "#\n");
	if (!help)
		return;
	/* User space has always seen the lines padded with blanks. */
	for (i = 0; i < ARRAY_SIZE(legend); i++)
		seq_printf(m, "%-*s\n", legend[i].width, legend[i].text);
}

/* ---- the fields option ------------------------------------------------ */

/*
 * The event a record type belongs to: every record type registered is
 * that of a &struct trace_event_call (trace_add_event_call()), the core's
 * own ones (trace_events_core.c) included.
 */
static struct trace_event_call *event_call_of(struct trace_event *event)
{
	return container_of(event, struct trace_event_call, event);
}

/* How the fields option shows a field: chosen from its type's text. */
enum field_show {
	SHOW_NUMBER,
	SHOW_CHARS,		/* char[N]: the text, at most N bytes */
	SHOW_DATA_LOC_STR,	/* __data_loc char[] */
	SHOW_REL_LOC_STR,	/* __rel_loc char[] */
	SHOW_PTR_STR,		/* char *: the address and the text there */
	SHOW_SYMBOL,		/* a code address */
	SHOW_NONE,		/* a cpumask: no way to show it */
};

static enum field_show field_show_of(const struct trace_event_fields *f)
{
	const char *t = f->type;

	if (f->filter_type == FILTER_TRACE_FN)
		return SHOW_SYMBOL;
	if (strstr(t, "__data_loc")) {
		if (strstr(t, "char"))
			return SHOW_DATA_LOC_STR;
		if (strstr(t, "cpumask_t"))
			return SHOW_NONE;
	}
	if (strstr(t, "__rel_loc") && strstr(t, "char"))
		return SHOW_REL_LOC_STR;
	if (strchr(t, '[') && strstr(t, "char"))
		return SHOW_CHARS;
	if (!strcmp(t, "char *") || !strcmp(t, "const char *"))
		return SHOW_PTR_STR;
	return SHOW_NUMBER;
}

/*
 * Where the data of a __data_loc or __rel_loc field lies in the record;
 * false when it lies beyond the record.
 */
static bool field_var_data(struct trace_iterator *iter,
			   const struct trace_event_fields *f, bool rel,
			   void **data, int *len)
{
	u32 loc = *(u32 *)((void *)iter->ent + f->offset);
	int start = loc & 0xffff;

	*len = loc >> 16;
	if (rel)
		start += f->offset + sizeof(u32);
	if (start + *len > iter->ent_size)
		return false;
	*data = (void *)iter->ent + start;
	return true;
}

static void print_field_number(struct trace_iterator *iter,
			       const struct trace_event_fields *f, void *pos)
{
	struct trace_seq *s = &iter->seq;
	void *data;
	int i, len;

	switch (f->size) {
	case 1:
		if (isprint(*(u8 *)pos))
			trace_seq_printf(s, "'%c'", *(u8 *)pos);
		trace_seq_printf(s, "(%d)", *(u8 *)pos);
		break;
	case 2:
		trace_seq_printf(s, "0x%x (%d)", *(u16 *)pos, *(u16 *)pos);
		break;
	case 4:
		/* A dynamic array's location: its bytes. */
		if (strstr(f->type, "__data_loc") ||
		    strstr(f->type, "__rel_loc")) {
			if (!field_var_data(iter, f,
					    !!strstr(f->type, "__rel_loc"),
					    &data, &len)) {
				trace_seq_puts(s, "<OVERFLOW>");
				break;
			}
			for (i = 0; i < len; i++)
				trace_seq_printf(s, "%s%02x", i ? "," : "",
						 ((u8 *)data)[i]);
			break;
		}
		trace_seq_printf(s, "0x%x (%d)", *(u32 *)pos, *(u32 *)pos);
		break;
	case 8:
		trace_seq_printf(s, "0x%llx (%lld)", *(u64 *)pos, *(u64 *)pos);
		break;
	default:
		trace_seq_puts(s, "<INVALID-SIZE>");
		break;
	}
}

static void print_field(struct trace_iterator *iter,
			const struct trace_event_fields *f)
{
	struct trace_seq *s = &iter->seq;
	void *pos = (void *)iter->ent + f->offset;
	char text[128];
	void *data;
	long ret;
	int len;

	if (f->offset + f->size > iter->ent_size) {
		trace_seq_puts(s, "<OVERFLOW>");
		return;
	}
	switch (field_show_of(f)) {
	case SHOW_CHARS:
		trace_seq_printf(s, "%.*s", f->size, (char *)pos);
		break;
	case SHOW_DATA_LOC_STR:
	case SHOW_REL_LOC_STR:
		if (!field_var_data(iter, f,
				    field_show_of(f) == SHOW_REL_LOC_STR,
				    &data, &len))
			trace_seq_puts(s, "<OVERFLOW>");
		else
			trace_seq_printf(s, "%.*s", len, (char *)data);
		break;
	case SHOW_PTR_STR:
		data = *(void **)pos;
		ret = strncpy_from_kernel_nofault(text, data, sizeof(text));
		/* The address in full, as %px would show it. */
		trace_seq_printf(s, "(0x%0*lx", PTR_DIGITS,
				 (unsigned long)data);
		if (ret < 0)
			trace_seq_putc(s, ')');
		else
			trace_seq_printf(s, ":%s)", text);
		break;
	case SHOW_SYMBOL:
		trace_seq_printf(s, "%pS", *(void **)pos);
		break;
	case SHOW_NUMBER:
		print_field_number(iter, f, pos);
		break;
	default:
		trace_seq_puts(s, "<INVALID-TYPE>");
		break;
	}
}

/*
 * "<event>: <field>=<value> ...": every field after the common ones, in
 * the order of the event's format file.
 */
static enum print_line_t print_event_fields(struct trace_iterator *iter,
					    struct trace_event *event)
{
	struct trace_event_call *call = event_call_of(event);
	const struct trace_event_fields *f;

	if (!call) {
		trace_seq_printf(&iter->seq, "UNKNOWN TYPE %d\n", event->type);
		return trace_handle_return(&iter->seq);
	}
	trace_seq_printf(&iter->seq, "%s:", trace_event_name(call));
	f = trace_event_call_fields(call);
	if (!f || !f->name) {
		trace_seq_puts(&iter->seq, "No fields found\n");
		return trace_handle_return(&iter->seq);
	}
	for (; f->name; f++) {
		trace_seq_printf(&iter->seq, " %s=", f->name);
		print_field(iter, f);
	}
	trace_seq_putc(&iter->seq, '\n');
	return trace_handle_return(&iter->seq);
}

/* ---- one line per record ---------------------------------------------- */

/**
 * print_trace_line() - print the reader's current record as one line
 * @iter: the reader
 *
 * Return: what the record's print function returned.
 */
enum print_line_t print_trace_line(struct trace_iterator *iter)
{
	enum print_line_t ret;

	down_read(&trace_event_sem);
	ret = __print_trace_line(iter);
	up_read(&trace_event_sem);
	return ret;
}

/*
 * Under printk-msg-only (with trace_printk on), the records that
 * trace_printk() and trace_marker write show their text alone: no
 * context, no writer's address.
 */
static bool msg_only(struct trace_iterator *iter)
{
	unsigned long want = TRACE_ITER(PRINTK) | TRACE_ITER(PRINTK_MSGONLY);
	int type = iter->ent->type;

	return (iter->tr->trace_flags & want) == want &&
	       (type == TRACE_PRINT || type == TRACE_BPRINT ||
		type == TRACE_BPUTS);
}

/* The text line: context, then the event's text or its fields. */
static enum print_line_t print_text_line(struct trace_iterator *iter,
					 struct trace_event *event)
{
	u64 flags = iter->tr->trace_flags;

	if ((flags & TRACE_ITER(CONTEXT_INFO)) && !msg_only(iter)) {
		if (flags & TRACE_ITER(LATENCY_FMT))
			print_lat_context(iter);
		else
			trace_print_context(iter);
	}
	if (trace_seq_has_overflowed(&iter->seq))
		return TRACE_TYPE_PARTIAL_LINE;
	if (!event) {
		trace_seq_printf(&iter->seq, "Unknown type %d\n",
				 iter->ent->type);
		return trace_handle_return(&iter->seq);
	}
	if ((flags & TRACE_ITER(FIELDS)) && !msg_only(iter))
		return print_event_fields(iter, event);
	return event->funcs->trace(iter, 0, event);
}

/* raw: "<pid> <cpu> <timestamp> " and the type's raw text. */
static enum print_line_t print_raw_line(struct trace_iterator *iter,
					struct trace_event *event)
{
	if (iter->tr->trace_flags & TRACE_ITER(CONTEXT_INFO))
		trace_seq_printf(&iter->seq, "%d %d %llu ", iter->ent->pid,
				 iter->cpu, iter->ts);
	if (trace_seq_has_overflowed(&iter->seq))
		return TRACE_TYPE_PARTIAL_LINE;
	if (!event) {
		trace_seq_printf(&iter->seq, "%d ?\n", iter->ent->type);
		return trace_handle_return(&iter->seq);
	}
	return (event->funcs->raw ?: trace_nop_print)(iter, 0, event);
}

/* hex: the same numbers, each in hex digits as it lies in memory. */
static enum print_line_t print_hex_line(struct trace_iterator *iter,
					struct trace_event *event)
{
	struct trace_seq *s = &iter->seq;
	enum print_line_t ret;

	if (iter->tr->trace_flags & TRACE_ITER(CONTEXT_INFO)) {
		trace_seq_putmem_hex(s, &iter->ent->pid, sizeof(iter->ent->pid));
		trace_seq_putmem_hex(s, &iter->cpu, sizeof(iter->cpu));
		trace_seq_putmem_hex(s, &iter->ts, sizeof(iter->ts));
		if (trace_seq_has_overflowed(s))
			return TRACE_TYPE_PARTIAL_LINE;
	}
	if (event) {
		ret = (event->funcs->hex ?: trace_nop_print)(iter, 0, event);
		if (ret != TRACE_TYPE_HANDLED)
			return ret;
	}
	trace_seq_putc(s, '\n');
	return trace_handle_return(s);
}

/* bin: the same numbers as bytes, and the type's binary form. */
static enum print_line_t print_bin_line(struct trace_iterator *iter,
					struct trace_event *event)
{
	struct trace_seq *s = &iter->seq;

	if (iter->tr->trace_flags & TRACE_ITER(CONTEXT_INFO)) {
		trace_seq_putmem(s, &iter->ent->pid, sizeof(iter->ent->pid));
		trace_seq_putmem(s, &iter->cpu, sizeof(iter->cpu));
		trace_seq_putmem(s, &iter->ts, sizeof(iter->ts));
		if (trace_seq_has_overflowed(s))
			return TRACE_TYPE_PARTIAL_LINE;
	}
	if (!event)
		return TRACE_TYPE_HANDLED;
	return (event->funcs->binary ?: trace_nop_print)(iter, 0, event);
}

/**
 * __print_trace_line() - print_trace_line() without taking trace_event_sem
 * @iter: the reader
 *
 * For ftrace_dump(), where the kernel is dying and must not wait.  The
 * output options choose the form: printk-msg-only's text first, then
 * bin, hex and raw, in that order, else the text line.
 *
 * Return: what the record's print function returned.
 */
enum print_line_t __print_trace_line(struct trace_iterator *iter)
{
	struct trace_event *event = ftrace_find_event(iter->ent->type);
	u64 flags = iter->tr->trace_flags;

	/* As 6.12: the tracer's text comes first, whatever the options. */
	if (iter->tracer && iter->tracer->print_line) {
		enum print_line_t ret = iter->tracer->print_line(iter);

		if (ret != TRACE_TYPE_UNHANDLED)
			return ret;
	}

	if (msg_only(iter))
		return print_text_line(iter, event);
	if (flags & TRACE_ITER(BIN))
		return print_bin_line(iter, event);
	if (flags & TRACE_ITER(HEX))
		return print_hex_line(iter, event);
	if (flags & TRACE_ITER(RAW))
		return print_raw_line(iter, event);
	return print_text_line(iter, event);
}

/* ---- the TP_printk() helpers ------------------------------------------- */

/*
 * Each formats into @p, the reader's scratch trace_seq, ends its text
 * with a NUL and returns where the text starts, for the event's
 * TP_printk() to print with %s.
 */

/**
 * trace_print_flags_seq() - the names of the flags set in a value
 * @p: the scratch trace_seq
 * @delim: what goes between two names
 * @flags: the value
 * @flag_array: mask and name pairs, ending with a NULL name
 *
 * A name is shown when all its mask's bits are set; bits left over are
 * shown in hex at the end.
 *
 * Return: the text.
 */
const char *trace_print_flags_seq(struct trace_seq *p, const char *delim,
				  unsigned long flags,
				  const struct trace_print_flags *flag_array)
{
	const char *ret = trace_seq_buffer_ptr(p);
	const struct trace_print_flags *f;
	const char *sep = "";

	/* Nothing goes before the first name; @delim before each other. */
	for (f = flag_array; f->name && flags; f++) {
		if ((flags & f->mask) == f->mask) {
			trace_seq_puts(p, sep);
			trace_seq_puts(p, f->name);
			flags &= ~f->mask;
			sep = delim ?: "";
		}
	}
	if (flags)
		trace_seq_printf(p, "%s0x%lx", sep, flags);
	trace_seq_putc(p, 0);
	return ret;
}
EXPORT_SYMBOL(trace_print_flags_seq);

/**
 * trace_print_symbols_seq() - the name of a value
 * @p: the scratch trace_seq
 * @val: the value
 * @symbol_array: value and name pairs, ending with a NULL name
 *
 * Return: the text: the name, or the value in hex if it has none.
 */
const char *trace_print_symbols_seq(struct trace_seq *p, unsigned long val,
				    const struct trace_print_flags *symbol_array)
{
	const char *ret = trace_seq_buffer_ptr(p);
	const struct trace_print_flags *f = symbol_array;

	while (f->name && f->mask != val)
		f++;
	if (f->name)
		trace_seq_puts(p, f->name);
	else
		trace_seq_printf(p, "0x%lx", val);
	trace_seq_putc(p, 0);
	return ret;
}
EXPORT_SYMBOL(trace_print_symbols_seq);

#if BITS_PER_LONG == 32
/**
 * trace_print_flags_seq_u64() - trace_print_flags_seq() for 64-bit values
 * @p: the scratch trace_seq
 * @delim: what goes between two names
 * @flags: the value
 * @flag_array: mask and name pairs, ending with a NULL name
 *
 * Return: the text.
 */
const char *trace_print_flags_seq_u64(struct trace_seq *p, const char *delim,
				      unsigned long long flags,
				      const struct trace_print_flags_u64 *flag_array)
{
	const char *ret = trace_seq_buffer_ptr(p);
	const struct trace_print_flags_u64 *f;
	const char *sep = "";

	/* Nothing goes before the first name; @delim before each other. */
	for (f = flag_array; f->name && flags; f++) {
		if ((flags & f->mask) == f->mask) {
			trace_seq_puts(p, sep);
			trace_seq_puts(p, f->name);
			flags &= ~f->mask;
			sep = delim ?: "";
		}
	}
	if (flags)
		trace_seq_printf(p, "%s0x%llx", sep, flags);
	trace_seq_putc(p, 0);
	return ret;
}
EXPORT_SYMBOL(trace_print_flags_seq_u64);

/**
 * trace_print_symbols_seq_u64() - trace_print_symbols_seq() for 64-bit values
 * @p: the scratch trace_seq
 * @val: the value
 * @symbol_array: value and name pairs, ending with a NULL name
 *
 * Return: the text.
 */
const char *trace_print_symbols_seq_u64(struct trace_seq *p,
					unsigned long long val,
					const struct trace_print_flags_u64 *symbol_array)
{
	const char *ret = trace_seq_buffer_ptr(p);
	const struct trace_print_flags_u64 *f = symbol_array;

	while (f->name && f->mask != val)
		f++;
	if (f->name)
		trace_seq_puts(p, f->name);
	else
		trace_seq_printf(p, "0x%llx", val);
	trace_seq_putc(p, 0);
	return ret;
}
EXPORT_SYMBOL(trace_print_symbols_seq_u64);
#endif

/**
 * trace_print_bitmask_seq() - a bitmap as comma-separated hex words
 * @p: the scratch trace_seq
 * @bitmask_ptr: the bitmap
 * @bitmask_size: its size in bytes
 *
 * Return: the text.
 */
const char *trace_print_bitmask_seq(struct trace_seq *p, void *bitmask_ptr,
				    unsigned int bitmask_size)
{
	const char *text = trace_seq_buffer_ptr(p);

	trace_seq_bitmask(p, bitmask_ptr, BITS_PER_BYTE * bitmask_size);
	trace_seq_putc(p, '\0');
	return text;
}
EXPORT_SYMBOL_GPL(trace_print_bitmask_seq);

/**
 * trace_print_hex_seq() - bytes in hex
 * @p: the scratch trace_seq
 * @buf: the bytes
 * @len: how many
 * @concatenate: no space between bytes
 *
 * Return: the text.
 */
const char *trace_print_hex_seq(struct trace_seq *p, const unsigned char *buf,
				int len, bool concatenate)
{
	const char *ret = trace_seq_buffer_ptr(p);
	int i;

	for (i = 0; i < len; i++)
		trace_seq_printf(p, "%s%2.2x", concatenate || !i ? "" : " ",
				 buf[i]);
	trace_seq_putc(p, 0);
	return ret;
}
EXPORT_SYMBOL(trace_print_hex_seq);

/**
 * trace_print_array_seq() - an array of numbers, as {0x1,0x2}
 * @p: the scratch trace_seq
 * @buf: the array
 * @count: its number of elements
 * @el_size: the size of one: 1, 2, 4 or 8
 *
 * Return: the text.
 */
const char *trace_print_array_seq(struct trace_seq *p, const void *buf,
				  int count, size_t el_size)
{
	const char *ret = trace_seq_buffer_ptr(p);
	int i;

	trace_seq_putc(p, '{');
	for (i = 0; i < count; i++) {
		const void *e = buf + i * el_size;
		const char *sep = i ? "," : "";

		switch (el_size) {
		case 1:
			trace_seq_printf(p, "%s0x%x", sep, *(const u8 *)e);
			break;
		case 2:
			trace_seq_printf(p, "%s0x%x", sep, *(const u16 *)e);
			break;
		case 4:
			trace_seq_printf(p, "%s0x%x", sep, *(const u32 *)e);
			break;
		case 8:
			trace_seq_printf(p, "%s0x%llx", sep, *(const u64 *)e);
			break;
		default:
			trace_seq_printf(p, "BAD SIZE:%zu 0x%x", el_size,
					 *(const u8 *)e);
			break;
		}
	}
	trace_seq_putc(p, '}');
	trace_seq_putc(p, 0);
	return ret;
}
EXPORT_SYMBOL(trace_print_array_seq);

/**
 * trace_print_hex_dump_seq() - a hex dump, on lines of its own
 * @p: the scratch trace_seq
 * @prefix_str: the text before each line
 * @prefix_type: DUMP_PREFIX_NONE, _ADDRESS or _OFFSET
 * @rowsize: bytes per line
 * @groupsize: bytes per group
 * @buf: the bytes
 * @len: how many
 * @ascii: whether to add the printable characters
 *
 * Return: the text.
 */
const char *trace_print_hex_dump_seq(struct trace_seq *p,
				     const char *prefix_str, int prefix_type,
				     int rowsize, int groupsize,
				     const void *buf, size_t len, bool ascii)
{
	const char *ret = trace_seq_buffer_ptr(p);

	trace_seq_putc(p, '\n');
	trace_seq_hex_dump(p, prefix_str, prefix_type, rowsize, groupsize,
			   buf, len, ascii);
	trace_seq_putc(p, 0);
	return ret;
}
EXPORT_SYMBOL(trace_print_hex_dump_seq);

/* __vstring() fields: the length of the text, NUL included, and the text. */

/**
 * __trace_event_vstr_len() - the room a __vstring() field needs
 * @fmt: the format
 * @ap: its arguments
 *
 * Return: the text's length plus its NUL, at most TRACE_EVENT_STR_MAX.
 */
int __trace_event_vstr_len(const char *fmt, va_list *ap)
{
	va_list cp;
	int len;

	va_copy(cp, *ap);
	len = vsnprintf(NULL, 0, fmt, cp) + 1;
	va_end(cp);
	return min(len, TRACE_EVENT_STR_MAX);
}
EXPORT_SYMBOL_GPL(__trace_event_vstr_len);

/**
 * __trace_event_assign_vstr() - fill in a __vstring() field
 * @dst: the field's room
 * @len: its size
 * @fmt: the format
 * @ap: its arguments
 */
void __trace_event_assign_vstr(char *dst, int len, const char *fmt,
			       va_list *ap)
{
	va_list cp;

	va_copy(cp, *ap);
	vsnprintf(dst, len, fmt, cp);
	va_end(cp);
}
EXPORT_SYMBOL_GPL(__trace_event_assign_vstr);

/* ---- the core's own record types -------------------------------------- */

/*
 * A code address as the trace shows it: the bare symbol name, or under
 * the sym-offset option the name with offset, size and module; the raw
 * address too under sym-addr.
 */
static void print_sym(struct trace_iterator *iter, unsigned long ip)
{
	u64 flags = iter->tr->trace_flags;
	char name[KSYM_SYMBOL_LEN];

	if (!ip) {
		trace_seq_putc(&iter->seq, '0');
		return;
	}
	if (flags & TRACE_ITER(SYM_OFFSET))
		sprint_symbol(name, ip);
	else if (!kallsyms_lookup(ip, NULL, NULL, NULL, name))
		snprintf(name, sizeof(name), "0x%08lx", ip);
	trace_seq_puts(&iter->seq, name);
	if (flags & TRACE_ITER(SYM_ADDR))
		trace_seq_printf(&iter->seq, " <%0*lx>", PTR_DIGITS, ip);
}

/* The address a record was written from, and the separator. */
static void print_ip(struct trace_iterator *iter, unsigned long ip)
{
	if (msg_only(iter))
		return;
	print_sym(iter, ip);
	trace_seq_puts(&iter->seq, ": ");
}

/* Text that the writer did not end with a newline gets one. */
static void print_text(struct trace_seq *s, const char *text)
{
	size_t len = strlen(text);

	trace_seq_puts(s, text);
	if (!len || text[len - 1] != '\n')
		trace_seq_putc(s, '\n');
}

static enum print_line_t print_print(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct print_entry *e = (void *)iter->ent;
	int max = iter->ent_size - (int)offsetof(struct print_entry, buf);

	print_ip(iter, e->ip);
	if (max > 0 && strnlen(e->buf, max) < max)
		print_text(&iter->seq, e->buf);
	else
		trace_seq_puts(&iter->seq, "<corrupt>\n");
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_bputs(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct bputs_entry *e = (void *)iter->ent;

	print_ip(iter, e->ip);
	print_text(&iter->seq, e->str);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_bprint(struct trace_iterator *iter, int flags,
				      struct trace_event *event)
{
	struct bprint_entry *e = (void *)iter->ent;

	print_ip(iter, e->ip);
	trace_seq_bprintf(&iter->seq, e->fmt, e->buf);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_raw_data(struct trace_iterator *iter,
					int flags, struct trace_event *event)
{
	struct raw_data_entry *e = (void *)iter->ent;
	int i, len = iter->ent_size - (int)offsetof(struct raw_data_entry, buf);

	trace_seq_printf(&iter->seq, "# %x buf:", e->id);
	for (i = 0; i < len; i++)
		trace_seq_printf(&iter->seq, " %02x", (unsigned char)e->buf[i]);
	trace_seq_putc(&iter->seq, '\n');
	return trace_handle_return(&iter->seq);
}

/* "func <-parent", the parent under the print-parent option. */
static void print_call(struct trace_iterator *iter, unsigned long ip,
		       unsigned long parent_ip)
{
	print_sym(iter, ip);
	if ((iter->tr->trace_flags & TRACE_ITER(PRINT_PARENT)) && parent_ip) {
		trace_seq_puts(&iter->seq, " <-");
		print_sym(iter, parent_ip);
	}
}

static enum print_line_t print_function(struct trace_iterator *iter,
					int flags, struct trace_event *event)
{
	struct ftrace_entry *e = (void *)iter->ent;

	print_call(iter, e->ip, e->parent_ip);
	trace_seq_putc(&iter->seq, '\n');
	return trace_handle_return(&iter->seq);
}

/* The call, how many times more, and when the last of them was. */
static enum print_line_t print_func_repeats(struct trace_iterator *iter,
					    int flags,
					    struct trace_event *event)
{
	struct func_repeats_entry *e = (void *)iter->ent;

	print_call(iter, e->ip, e->parent_ip);
	trace_seq_printf(&iter->seq, " (repeats: %u, last_ts:", e->count);
	print_stamp(iter, iter->ts - func_repeats_delta(e));
	trace_seq_puts(&iter->seq, ")\n");
	return trace_handle_return(&iter->seq);
}

static enum print_line_t raw_func_repeats(struct trace_iterator *iter,
					  int flags, struct trace_event *event)
{
	struct func_repeats_entry *e = (void *)iter->ent;

	trace_seq_printf(&iter->seq, "%lu %lu %u %llu\n", e->ip, e->parent_ip,
			 e->count, func_repeats_delta(e));
	return trace_handle_return(&iter->seq);
}

/*
 * The raw, hex and bin forms: the addresses as numbers, then the text.
 * Types without one print "type: <number>" (trace_nop_print()).
 */
static enum print_line_t raw_function(struct trace_iterator *iter, int flags,
				      struct trace_event *event)
{
	struct ftrace_entry *e = (void *)iter->ent;

	trace_seq_printf(&iter->seq, "%lx %lx\n", e->ip, e->parent_ip);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t hex_function(struct trace_iterator *iter, int flags,
				      struct trace_event *event)
{
	struct ftrace_entry *e = (void *)iter->ent;

	trace_seq_putmem_hex(&iter->seq, &e->ip, sizeof(e->ip));
	trace_seq_putmem_hex(&iter->seq, &e->parent_ip, sizeof(e->parent_ip));
	return trace_handle_return(&iter->seq);
}

static enum print_line_t bin_function(struct trace_iterator *iter, int flags,
				      struct trace_event *event)
{
	struct ftrace_entry *e = (void *)iter->ent;

	trace_seq_putmem(&iter->seq, &e->ip, sizeof(e->ip));
	trace_seq_putmem(&iter->seq, &e->parent_ip, sizeof(e->parent_ip));
	return trace_handle_return(&iter->seq);
}

/* "<stack trace>", then " => <function>" a line, innermost first. */
static enum print_line_t print_stack(struct trace_iterator *iter, int flags,
				     struct trace_event *event)
{
	struct stack_entry *e = (void *)iter->ent;
	int i, n = (iter->ent_size - (int)offsetof(struct stack_entry, caller)) /
		   (int)sizeof(e->caller[0]);

	/* A record's own count, unless it claims more than it holds. */
	if (e->size >= 0 && e->size < n)
		n = e->size;
	trace_seq_puts(&iter->seq, "<stack trace>\n");
	for (i = 0; i < n && e->caller[i] != ULONG_MAX; i++) {
		trace_seq_puts(&iter->seq, " => ");
		print_sym(iter, e->caller[i]);
		trace_seq_putc(&iter->seq, '\n');
	}
	return trace_handle_return(&iter->seq);
}

/*
 * The process whose user stack a record holds, for sym-userobj: its
 * mappings name the files the addresses are in.  Only a reader of a
 * file (it can look ahead) may sleep on them; ftrace_dump() cannot.
 */
static struct mm_struct *user_stack_mm(struct trace_iterator *iter,
				       pid_t tgid)
{
	struct task_struct *task;
	struct mm_struct *mm = NULL;

	if (!(iter->tr->trace_flags & TRACE_ITER(SYM_USEROBJ)) ||
	    !iter->lookahead)
		return NULL;
	rcu_read_lock();
	task = find_task_by_vpid(tgid);
	if (task)
		mm = get_task_mm(task);
	rcu_read_unlock();
	return mm;
}

/*
 * A user address: with @mm, the file mapped there (the first mapping
 * that ends above the address, as 6.12 looks it up) and the offset into
 * the mapping; the address itself without a file, or under sym-addr.
 */
static void print_user_ip(struct trace_iterator *iter, struct mm_struct *mm,
			  unsigned long ip)
{
	struct trace_seq *s = &iter->seq;
	struct vm_area_struct *vma;
	bool named = false;

	if (mm) {
		mmap_read_lock(mm);
		vma = find_vma(mm, ip);
		if (vma && vma->vm_file) {
			trace_seq_path(s, file_user_path(vma->vm_file));
			trace_seq_printf(s, "[+0x%lx]", ip - vma->vm_start);
			named = true;
		}
		mmap_read_unlock(mm);
	}
	if (!named || (iter->tr->trace_flags & TRACE_ITER(SYM_ADDR)))
		trace_seq_printf(s, " <%0*lx>", PTR_DIGITS, ip);
}

/* "<user stack trace>", then " => <address>" a line, up to the first 0. */
static enum print_line_t print_user_stack(struct trace_iterator *iter,
					  int flags, struct trace_event *event)
{
	struct userstack_entry *e = (void *)iter->ent;
	struct mm_struct *mm = user_stack_mm(iter, e->tgid);
	int i;

	trace_seq_puts(&iter->seq, "<user stack trace>\n");
	for (i = 0; i < FTRACE_STACK_ENTRIES && e->caller[i]; i++) {
		if (trace_seq_has_overflowed(&iter->seq))
			break;
		trace_seq_puts(&iter->seq, " => ");
		print_user_ip(iter, mm, e->caller[i]);
		trace_seq_putc(&iter->seq, '\n');
	}
	if (mm)
		mmput(mm);
	return trace_handle_return(&iter->seq);
}

/* A branch profiler's record: the guess, the function, file and line. */
static enum print_line_t print_branch(struct trace_iterator *iter, int flags,
				      struct trace_event *event)
{
	struct trace_branch *e = (void *)iter->ent;

	trace_seq_printf(&iter->seq, "[%s] %.*s:%.*s:%u\n",
			 e->correct ? "  ok  " : " MISS ",
			 (int)sizeof(e->func), e->func,
			 (int)sizeof(e->file), e->file, e->line);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t raw_print(struct trace_iterator *iter, int flags,
				   struct trace_event *event)
{
	struct print_entry *e = (void *)iter->ent;
	int max = iter->ent_size - (int)offsetof(struct print_entry, buf);

	trace_seq_printf(&iter->seq, "# %lx ", e->ip);
	if (max > 0 && strnlen(e->buf, max) < max)
		print_text(&iter->seq, e->buf);
	else
		trace_seq_puts(&iter->seq, "<corrupt>\n");
	return trace_handle_return(&iter->seq);
}

static enum print_line_t raw_bputs(struct trace_iterator *iter, int flags,
				   struct trace_event *event)
{
	struct bputs_entry *e = (void *)iter->ent;

	trace_seq_printf(&iter->seq, ": %lx : ", e->ip);
	print_text(&iter->seq, e->str);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t raw_bprint(struct trace_iterator *iter, int flags,
				    struct trace_event *event)
{
	struct bprint_entry *e = (void *)iter->ent;

	trace_seq_printf(&iter->seq, ": %lx : ", e->ip);
	trace_seq_bprintf(&iter->seq, e->fmt, e->buf);
	return trace_handle_return(&iter->seq);
}

struct trace_event_functions trace_function_funcs = {
	.trace	= print_function,
	.raw	= raw_function,
	.hex	= hex_function,
	.binary	= bin_function,
};

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * Without the function_graph tracer's reader state (ftrace_dump(), or a
 * trace read after the tracer changed), its records show their fields.
 */
static enum print_line_t print_graph_ent(struct trace_iterator *iter,
					 int flags, struct trace_event *event)
{
	struct ftrace_graph_ent_entry *e = (void *)iter->ent;

	trace_seq_printf(&iter->seq, "--> %ps (%d)\n",
			 (void *)e->graph_ent.func, e->graph_ent.depth);
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_graph_ret(struct trace_iterator *iter,
					 int flags, struct trace_event *event)
{
	struct ftrace_graph_ret_entry *e = (void *)iter->ent;

	trace_seq_printf(&iter->seq, "<-- %ps (%d) (start: %llx  end: %llx) over: %u\n",
			 (void *)e->ret.func, e->ret.depth, e->ret.calltime,
			 e->ret.rettime, e->ret.overrun);
	return trace_handle_return(&iter->seq);
}

struct trace_event_functions trace_funcgraph_entry_funcs = {
	.trace	= print_graph_ent,
};

struct trace_event_functions trace_funcgraph_exit_funcs = {
	.trace	= print_graph_ret,
};
#endif

struct trace_event_functions trace_kernel_stack_funcs = {
	.trace	= print_stack,
};

struct trace_event_functions trace_user_stack_funcs = {
	.trace	= print_user_stack,
};

struct trace_event_functions trace_func_repeats_funcs = {
	.trace	= print_func_repeats,
	.raw	= raw_func_repeats,
};

struct trace_event_functions trace_branch_funcs = {
	.trace	= print_branch,
};

struct trace_event_functions trace_print_funcs = {
	.trace	= print_print,
	.raw	= raw_print,
};

struct trace_event_functions trace_bputs_funcs = {
	.trace	= print_bputs,
	.raw	= raw_bputs,
};

struct trace_event_functions trace_bprint_funcs = {
	.trace	= print_bprint,
	.raw	= raw_bprint,
};

struct trace_event_functions trace_raw_data_funcs = {
	.trace	= print_raw_data,
	.raw	= print_raw_data,
};

/*
 * A switch or a wakeup (the wakeup tracers): the task before @arrow,
 * the one after it, with the name of the second:
 * "<pid>:<prio>:<state> <arrow> [<cpu>] <pid>:<prio>:<state> <comm>".
 */
static enum print_line_t print_ctxwake(struct trace_iterator *iter,
				       const char *arrow)
{
	struct ctx_switch_entry *e = (void *)iter->ent;
	char comm[TASK_COMM_LEN];

	trace_find_cmdline(e->next_pid, comm);
	trace_seq_printf(&iter->seq, " %7d:%3d:%c %s [%03d] %7d:%3d:%c %s\n",
			 e->prev_pid, e->prev_prio,
			 task_index_to_char(e->prev_state), arrow, e->next_cpu,
			 e->next_pid, e->next_prio,
			 task_index_to_char(e->next_state), comm);
	return trace_handle_return(&iter->seq);
}

/* The raw option's form: numbers, the waker's state shown as '+'. */
static enum print_line_t raw_ctxwake(struct trace_iterator *iter, char state)
{
	struct ctx_switch_entry *e = (void *)iter->ent;

	trace_seq_printf(&iter->seq, "%d %d %c %d %d %d %c\n",
			 e->prev_pid, e->prev_prio,
			 state ?: task_index_to_char(e->prev_state),
			 e->next_cpu, e->next_pid, e->next_prio,
			 task_index_to_char(e->next_state));
	return trace_handle_return(&iter->seq);
}

static enum print_line_t print_ctx(struct trace_iterator *iter, int flags,
				   struct trace_event *event)
{
	return print_ctxwake(iter, "==>");
}

static enum print_line_t raw_ctx(struct trace_iterator *iter, int flags,
				 struct trace_event *event)
{
	return raw_ctxwake(iter, 0);
}

static enum print_line_t print_wake(struct trace_iterator *iter, int flags,
				    struct trace_event *event)
{
	return print_ctxwake(iter, "  +");
}

static enum print_line_t raw_wake(struct trace_iterator *iter, int flags,
				  struct trace_event *event)
{
	return raw_ctxwake(iter, '+');
}

struct trace_event_functions trace_context_switch_funcs = {
	.trace	= print_ctx,
	.raw	= raw_ctx,
};

struct trace_event_functions trace_wakeup_funcs = {
	.trace	= print_wake,
	.raw	= raw_wake,
};

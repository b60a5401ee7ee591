// SPDX-License-Identifier: GPL-2.0
/*
 * The mmiotrace tracer: the memory-mapped I/O of drivers, as Linux 6.12
 * records it (Documentation/trace/mmiotrace.rst).
 *
 * The work is arch/x86/mm/mmio-mod.c's: while enable_mmiotrace() is in
 * force, every ioremap() is reported here as a mapping and its pages are
 * made to fault, so that each access a driver makes through it is
 * decoded and reported as a read or a write.  This file turns those
 * reports into records of the top-level session (ftrace:mmiotrace_rw and
 * ftrace:mmiotrace_map) and prints the session's records in the text
 * format of version 20070824 that the user-space tools read:
 *
 *   VERSION 20070824			first, in trace_pipe
 *   PCIDEV <bus/devfn> <ids> <irq> ...	the PCI devices, in trace_pipe
 *   R|W <width> <time> <map> <phys> <value> <pc> 0
 *   MAP <time> <map> <phys> <virt> <len> 0x0 0, UNMAP <time> <map> 0x0 0
 *   MARK <time> <text>			trace_marker and mmiotrace_printk()
 *
 * Records the buffer could not take, or overwrote, are counted and
 * reported to readers as "MARK 0.000000 Lost N events." lines, with one
 * warning on the console per run.
 */
#include <linux/mmiotrace.h>
#include <linux/pci.h>
#include <linux/slab.h>

#include "trace_tracers.h"

#define MMIO_NAME		"mmiotrace"

/*
 * The session the reports go to: the top level while the tracer runs,
 * else NULL.  Read locklessly by the reports, which come from the fault
 * and debug trap handlers; the top level is never freed.
 */
static struct trace_array *mmio_tr;

/* Reports the buffer refused while tracing was on, since the start. */
static atomic_long_t mmio_dropped;
/* The console has been told of lost records in this run. */
static atomic_t mmio_lost_warned;

/* ---- the reports ----------------------------------------------------- */

/* Reserve a record of @type in the session, or count it lost. */
static void *mmio_reserve(struct trace_array *tr, int type, size_t size)
{
	struct ring_buffer_event *event;

	event = trace_buffer_lock_reserve(tr->buffer, type, size,
					  tracing_gen_ctx());
	if (!event) {
		/* Tracing turned off by the user is not a loss. */
		if (tracer_tracing_is_on(tr))
			atomic_long_inc(&mmio_dropped);
		return NULL;
	}
	return ring_buffer_event_data(event);
}

/**
 * mmio_trace_rw() - record an access to a traced mapping
 * @rw: what mmio-mod.c decoded of it
 *
 * Context: the debug trap that follows the faulting access, or any
 * context; does not sleep.
 */
void mmio_trace_rw(struct mmiotrace_rw *rw)
{
	struct trace_array *tr = READ_ONCE(mmio_tr);
	struct mmio_rw_entry *e;

	if (!tr)
		return;
	e = mmio_reserve(tr, TRACE_MMIO_RW, sizeof(*e));
	if (!e)
		return;
	e->rw = *rw;
	ring_buffer_unlock_commit(tr->buffer);
}

/**
 * mmio_trace_mapping() - record an ioremap() or iounmap() while tracing
 * @map: the mapping (MMIO_PROBE) or its end (MMIO_UNPROBE)
 *
 * Context: any; mmio-mod.c calls it with a spinlock held.
 */
void mmio_trace_mapping(struct mmiotrace_map *map)
{
	struct trace_array *tr = READ_ONCE(mmio_tr);
	struct mmio_map_entry *e;

	if (!tr)
		return;
	e = mmio_reserve(tr, TRACE_MMIO_MAP, sizeof(*e));
	if (!e)
		return;
	e->map = *map;
	ring_buffer_unlock_commit(tr->buffer);
}

/**
 * mmio_trace_printk() - a marker from kernel code (mmiotrace_printk())
 * @fmt: the format; the text should end with a newline
 * @args: its arguments
 *
 * The text becomes a print record of the top level, as trace_printk()'s
 * does, which the tracer shows as a MARK line.
 *
 * Return: the bytes recorded, or 0.
 */
int mmio_trace_printk(const char *fmt, va_list args)
{
	return __ftrace_vprintk(0, fmt, args);
}

/* ---- the text -------------------------------------------------------- */

/*
 * The tracer's time stamps: seconds and microseconds, rounded to the
 * nearest microsecond, as 6.12 prints them whatever the clock.
 */
struct mmio_time {
	unsigned int	secs;
	unsigned long	usecs;
};

static struct mmio_time mmio_time_of(u64 ts)
{
	u32 rem;
	u64 secs = div_u64_rem(div_u64(ts + NSEC_PER_USEC / 2, NSEC_PER_USEC),
			       USEC_PER_SEC, &rem);

	return (struct mmio_time){ .secs = secs, .usecs = rem };
}

static void mmio_print_rw(struct trace_seq *s, const struct mmiotrace_rw *rw,
			  struct mmio_time t)
{
	switch (rw->opcode) {
	case MMIO_READ:
	case MMIO_WRITE:
		trace_seq_printf(s, "%c %d %u.%06lu %d 0x%llx 0x%lx 0x%lx %d\n",
				 rw->opcode == MMIO_READ ? 'R' : 'W',
				 rw->width, t.secs, t.usecs, rw->map_id,
				 (unsigned long long)rw->phys, rw->value,
				 rw->pc, 0);
		break;
	case MMIO_UNKNOWN_OP:
		/* The value holds the first three bytes of the instruction. */
		trace_seq_printf(s, "UNKNOWN %u.%06lu %d 0x%llx %02lx,%02lx,%02lx 0x%lx %d\n",
				 t.secs, t.usecs, rw->map_id,
				 (unsigned long long)rw->phys,
				 (rw->value >> 16) & 0xff, (rw->value >> 8) & 0xff,
				 rw->value & 0xff, rw->pc, 0);
		break;
	default:
		trace_seq_puts(s, "rw what?\n");
		break;
	}
}

static void mmio_print_map(struct trace_seq *s,
			   const struct mmiotrace_map *map, struct mmio_time t)
{
	switch (map->opcode) {
	case MMIO_PROBE:
		trace_seq_printf(s, "MAP %u.%06lu %d 0x%llx 0x%lx 0x%lx 0x%lx %d\n",
				 t.secs, t.usecs, map->map_id,
				 (unsigned long long)map->phys, map->virt,
				 map->len, 0UL, 0);
		break;
	case MMIO_UNPROBE:
		trace_seq_printf(s, "UNMAP %u.%06lu %d 0x%lx %d\n",
				 t.secs, t.usecs, map->map_id, 0UL, 0);
		break;
	default:
		trace_seq_puts(s, "map what?\n");
		break;
	}
}

/* A record's own line, without anything a reader adds before it. */
static enum print_line_t mmio_print_record(struct trace_iterator *iter)
{
	struct mmio_time t = mmio_time_of(iter->ts);
	struct trace_seq *s = &iter->seq;

	switch (iter->ent->type) {
	case TRACE_MMIO_RW:
		mmio_print_rw(s, &((struct mmio_rw_entry *)iter->ent)->rw, t);
		break;
	case TRACE_MMIO_MAP:
		mmio_print_map(s, &((struct mmio_map_entry *)iter->ent)->map, t);
		break;
	case TRACE_PRINT:
		/* The text ends with its newline (trace_marker adds one). */
		trace_seq_printf(s, "MARK %u.%06lu %s", t.secs, t.usecs,
				 ((struct print_entry *)iter->ent)->buf);
		break;
	default:
		/* Other records (events, trace_printk()) are not shown. */
		return TRACE_TYPE_HANDLED;
	}
	return trace_handle_return(s);
}

/**
 * struct mmio_reader - what one reader of the text has been told
 * @next_dev: the next PCI device to list; NULL when all are
 * @dropped: mmio_dropped as last reported
 * @overruns: the buffer's overwritten records as last reported
 */
struct mmio_reader {
	struct pci_dev	*next_dev;
	unsigned long	dropped;
	unsigned long	overruns;
};

/*
 * A counter that only grows until the tracer restarts, or the buffer is
 * emptied (overruns): what came since the reader last looked.
 */
static unsigned long mmio_since(unsigned long now, unsigned long *seen)
{
	unsigned long n = now >= *seen ? now - *seen : now;

	*seen = now;
	return n;
}

/* "Lost N events." for what was lost since this reader last said so. */
static void mmio_print_lost(struct trace_iterator *iter,
			    struct mmio_reader *mr)
{
	unsigned long n;

	n = mmio_since(atomic_long_read(&mmio_dropped), &mr->dropped);
	n += mmio_since(ring_buffer_overruns(iter->tr->buffer), &mr->overruns);
	if (!n)
		return;
	/* The loss was before this record; its time is not known. */
	trace_seq_printf(&iter->seq, "MARK 0.000000 Lost %lu events.\n", n);
	if (!atomic_xchg(&mmio_lost_warned, 1))
		pr_warn(MMIO_NAME " has lost events\n");
}

/*
 * One line of the PCI address map: bus and devfn, vendor and device,
 * irq, then the start (with the region's flag bits) and the size of
 * each of the six BARs and the ROM, and the driver bound.
 */
static void mmio_print_pcidev(struct trace_seq *s, struct pci_dev *dev)
{
	const struct pci_driver *drv = pci_dev_driver(dev);
	const struct resource *r;
	int i;

	trace_seq_printf(s, "PCIDEV %02x%02x %04x%04x %x", dev->bus->number,
			 dev->devfn, dev->vendor, dev->device, dev->irq);
	for (i = 0; i <= PCI_ROM_RESOURCE; i++) {
		r = &dev->resource[i];
		trace_seq_printf(s, " %llx", (unsigned long long)r->start |
				 (r->flags & PCI_REGION_FLAG_MASK));
	}
	for (i = 0; i <= PCI_ROM_RESOURCE; i++) {
		r = &dev->resource[i];
		trace_seq_printf(s, " %llx", r->start < r->end ?
				 (unsigned long long)resource_size(r) : 0ULL);
	}
	trace_seq_printf(s, " %s\n", drv ? drv->name : "");
}

/* The longest PCIDEV line, with a driver's name of up to 64 bytes. */
#define MMIO_PCIDEV_MAX		(16 + 2 * 7 * 17 + 64)

/*
 * List the next device if it fits in the reader's text; false when it
 * did not (or there was none).
 */
static bool mmio_next_pcidev(struct trace_iterator *iter,
			     struct mmio_reader *mr)
{
	struct trace_seq *s = &iter->seq;

	if (!mr->next_dev ||
	    s->seq.size - trace_seq_used(s) < MMIO_PCIDEV_MAX)
		return false;
	mmio_print_pcidev(s, mr->next_dev);
	/* Drops the reference to the device just listed. */
	mr->next_dev = pci_get_device(PCI_ANY_ID, PCI_ANY_ID, mr->next_dev);
	return true;
}

/*
 * A reader's text starts with the version and the PCI devices: the
 * reader of trace_pipe hands out what its text holds before it waits for
 * records.  The reader of the trace file starts each line afresh, so
 * this header is not part of that file, as in 6.12.  Devices that do
 * not fit come one before each record.
 */
static void mmio_open(struct trace_iterator *iter)
{
	struct mmio_reader *mr;

	trace_seq_puts(&iter->seq, "VERSION 20070824\n");
	mr = kzalloc(sizeof(*mr), GFP_KERNEL);
	if (!mr)
		return;
	mr->next_dev = pci_get_device(PCI_ANY_ID, PCI_ANY_ID, NULL);
	while (mmio_next_pcidev(iter, mr))
		;
	iter->private = mr;
}

static void mmio_close(struct trace_iterator *iter)
{
	struct mmio_reader *mr = iter->private;

	if (!mr)
		return;
	pci_dev_put(mr->next_dev);
	kfree(mr);
	iter->private = NULL;
}

/* The whole line is the tracer's: no context columns, as in 6.12. */
static enum print_line_t mmio_print_line(struct trace_iterator *iter)
{
	struct mmio_reader *mr = iter->private;

	/* ftrace_dump() has no reader state: the records alone. */
	if (mr) {
		mmio_print_lost(iter, mr);
		mmio_next_pcidev(iter, mr);
	}
	return mmio_print_record(iter);
}

/* ---- the record types ------------------------------------------------ */

/*
 * Their layouts (struct mmio_rw_entry and mmio_map_entry, trace_session.h)
 * and formats (trace_events_core.c) are the core's, there whatever is
 * built, as in 6.12; their text is the tracer's.
 */

/* Where no mmiotrace reader prints them: the same line. */
static enum print_line_t mmio_event_print(struct trace_iterator *iter,
					  int flags, struct trace_event *event)
{
	return mmio_print_record(iter);
}

static struct trace_event_functions mmio_event_funcs = {
	.trace	= mmio_event_print,
};

/* ---- the tracer ------------------------------------------------------ */

/*
 * Only the top level: the accesses of every driver are one stream.  Not
 * from the kernel's command line either, as in 6.12: taking CPUs down
 * there is not wanted.
 */
static int mmio_start(struct trace_array *tr)
{
	lockdep_assert_held(&trace_types_lock);
	if (tr != &global_trace)
		return -EINVAL;
	if (system_state < SYSTEM_RUNNING) {
		pr_warn("Tracer '%s' is not allowed on command line, ignored\n",
			MMIO_NAME);
		return -EPERM;
	}
	atomic_long_set(&mmio_dropped, 0);
	atomic_set(&mmio_lost_warned, 0);
	WRITE_ONCE(mmio_tr, tr);
	/* Takes all CPUs but one down, and traces the ioremap()s from now. */
	enable_mmiotrace();
	return 0;
}

/*
 * disable_mmiotrace() returns once no fault handler is still under way:
 * no report comes after it.
 */
static void mmio_stop(struct trace_array *tr)
{
	lockdep_assert_held(&trace_types_lock);
	if (READ_ONCE(mmio_tr) != tr)
		return;
	disable_mmiotrace();
	WRITE_ONCE(mmio_tr, NULL);
}

static const struct tracer mmio_tracer = {
	.name		= MMIO_NAME,
	.top_only	= true,
	.start		= mmio_start,
	.stop		= mmio_stop,
	.open		= mmio_open,
	.close		= mmio_close,
	.print_line	= mmio_print_line,
};

/*
 * Before blk's tracer (core_initcall, linked before blktrace.o), so that
 * available_tracers lists it after blk, as 6.12 does; the record types'
 * text first, so that a record never shows without it.
 */
static int __init mmio_init(void)
{
	int ret;

	if (tracing_is_disabled())
		return 0;
	ret = trace_events_core_set_text(TRACE_MMIO_RW, &mmio_event_funcs);
	if (ret)
		return ret;
	ret = trace_events_core_set_text(TRACE_MMIO_MAP, &mmio_event_funcs);
	if (ret)
		return ret;
	return register_tracer(&mmio_tracer);
}
core_initcall(mmio_init);

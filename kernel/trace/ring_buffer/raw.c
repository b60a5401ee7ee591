// SPDX-License-Identifier: GPL-2.0
/*
 * Ring buffer, raw side: whole sub-buffers in the binary layout that
 * events/header_page and events/header_event describe, for readers that
 * decode events themselves (trace_pipe_raw, trace-cmd), and the text of
 * those two files.
 */
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/trace_seq.h>

#include "internal.h"

/**
 * struct buffer_data_read_page - a sub-buffer owned by a raw reader
 * @order: its size, as a page order (must match the buffer's)
 * @data: the sub-buffer
 */
struct buffer_data_read_page {
	unsigned int		order;
	struct buffer_data_page	*data;
};

/**
 * ring_buffer_alloc_read_page() - allocate a sub-buffer for raw reads
 * @buffer: the buffer it will be read from
 * @cpu: the CPU whose buffer it will be read from
 * @rpage: where to store it
 *
 * Return: 0, -EINVAL for a bad CPU, -ENODEV for a CPU without a CPU
 * buffer (it has not been up), -ENOMEM.
 */
int ring_buffer_alloc_read_page(struct trace_buffer *buffer, int cpu,
				struct buffer_data_read_page **rpage)
{
	struct rb_cpu *cb = rb_cpu_get(buffer, cpu);
	struct buffer_data_read_page *rp;
	struct page *pg;

	if (!cb)
		return rb_cpu_possible(cpu) ? -ENODEV : -EINVAL;
	rp = kzalloc(sizeof(*rp), GFP_KERNEL);
	if (!rp)
		return -ENOMEM;
	rp->order = buffer->subbuf_order;
	/*
	 * Allocated as the ring's own sub-buffers are (alloc.c): a read may
	 * trade it for one of them.
	 */
	pg = alloc_pages_node(cpu_to_node(cpu), GFP_KERNEL | __GFP_COMP |
			      __GFP_ZERO, rp->order);
	if (!pg) {
		kfree(rp);
		return -ENOMEM;
	}
	rp->data = page_address(pg);
	*rpage = rp;
	return 0;
}
EXPORT_SYMBOL_GPL(ring_buffer_alloc_read_page);

/**
 * ring_buffer_free_read_page() - free a sub-buffer for raw reads
 * @buffer: the buffer it was allocated for
 * @cpu: the CPU it was allocated for
 * @rpage: the sub-buffer, or NULL
 */
void ring_buffer_free_read_page(struct trace_buffer *buffer, int cpu,
				struct buffer_data_read_page *rpage)
{
	if (!rpage)
		return;
	free_pages((unsigned long)rpage->data, rpage->order);
	kfree(rpage);
}
EXPORT_SYMBOL_GPL(ring_buffer_free_read_page);

/**
 * ring_buffer_read_page_data() - the sub-buffer of a raw read
 * @rpage: the read sub-buffer
 *
 * Return: its header followed by the events (&struct buffer_data_page).
 */
void *ring_buffer_read_page_data(struct buffer_data_read_page *rpage)
{
	return rpage->data;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_page_data);

/**
 * ring_buffer_read_page_size() - bytes of a raw read sub-buffer
 * @rpage: the read sub-buffer
 *
 * Return: its size, header included.
 */
unsigned int ring_buffer_read_page_size(struct buffer_data_read_page *rpage)
{
	return PAGE_SIZE << rpage->order;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_page_size);

/* Event bytes in [@off, @end) of @bpage: whole events that fit in @room. */
static unsigned int rb_raw_span(struct buffer_data_page *bpage,
				unsigned int off, unsigned int end,
				unsigned int room, unsigned long *events)
{
	struct ring_buffer_event *event;
	unsigned int start = off, size;

	while (off < end) {
		event = (struct ring_buffer_event *)(bpage->data + off);
		size = rb_event_size(event);
		if (!size)
			size = end - off;
		if (off + size - start > room)
			break;
		if (event->type_len <= RINGBUF_TYPE_DATA_TYPE_LEN_MAX)
			(*events)++;
		off += size;
	}
	return off - start;
}

/* Advance the reader's time over copied events, as a reader would. */
static void rb_raw_advance(struct rb_cpu *cb, struct buffer_data_page *bpage,
			   unsigned int end)
{
	struct ring_buffer_event *event;
	unsigned int size;

	while (cb->roff < end) {
		event = (struct ring_buffer_event *)(bpage->data + cb->roff);
		size = rb_event_size(event);
		switch (event->type_len) {
		case RINGBUF_TYPE_PADDING:
			break;
		case RINGBUF_TYPE_TIME_EXTEND:
			cb->rstamp += rb_event_ts_field(event);
			break;
		case RINGBUF_TYPE_TIME_STAMP:
			cb->rstamp = rb_event_ts_field(event) |
				     (cb->rstamp & ~RB_TS_MASK);
			break;
		default:
			cb->rstamp += event->time_delta;
			cb->read_bytes += ring_buffer_event_length(event);
			break;
		}
		cb->roff += size ? size : end - cb->roff;
	}
}

/*
 * Give @rpage the reader's sub-buffer, events and header, and the reader
 * @rpage's sub-buffer in exchange, which becomes its spare (rb_take()
 * resets it before the writers get it).  No event is copied.  For a
 * sub-buffer taken from the ring and not read from yet, whose events fit,
 * while no mapping has the ring's pages.  Returns the bytes of events.
 */
static unsigned int rb_raw_trade(struct rb_cpu *cb,
				 struct buffer_data_read_page *rpage)
{
	struct rb_page *page = cb->reader;
	struct buffer_data_page *bpage = page->bpage;
	unsigned int end = local_read(&bpage->commit);
	unsigned long events = 0, bytes = 0;

	rb_page_count(bpage, end, &events, &bytes);
	cb->read += events;
	cb->read_bytes += bytes;
	page->bpage = rpage->data;
	rpage->data = bpage;
	/* Done with it, as rb_locate() is with a sub-buffer read to its end. */
	cb->spare = page;
	cb->reader = NULL;
	cb->rseq++;
	cb->roff = 0;
	return end;
}

/**
 * ring_buffer_read_page() - consume events into a raw sub-buffer
 * @buffer: the buffer
 * @rpage: a sub-buffer from ring_buffer_alloc_read_page()
 * @len: bytes of @rpage to fill, header included
 * @cpu: the CPU
 * @full: only read if the events of a whole sub-buffer are available
 *
 * Copies the next unread events of one sub-buffer, as they are stored
 * (time events and padding included), after a header whose time stamp
 * makes the first event's delta right.  A whole sub-buffer taken from
 * the ring changes places with @rpage's instead, when none of it was
 * read and @len takes all of it.  If events were lost before them,
 * the commit word carries %RB_MISSED_EVENTS and, when there is room after
 * the events, the count is stored there (%RB_MISSED_STORED).
 *
 * Context: Process context.
 * Return: 0 if events were copied, -1 if there were none (or not a full
 * sub-buffer's worth when @full), or the arguments were wrong.
 */
int ring_buffer_read_page(struct trace_buffer *buffer,
			  struct buffer_data_read_page *rpage, size_t len,
			  int cpu, int full)
{
	struct rb_cpu *cb = rb_cpu_get(buffer, cpu);
	struct buffer_data_page *bpage, *dst;
	struct rb_page *had;
	unsigned long flags, events = 0;
	unsigned int end, room, bytes;
	struct ring_buffer_event *event;
	unsigned long commit;
	bool in_place, whole;
	int ret = -1;

	if (!cb || !rpage || rpage->order != READ_ONCE(cb->order) ||
	    len <= RB_PAGE_HDR_SIZE)
		return -1;
	room = min_t(size_t, len, PAGE_SIZE << rpage->order) - RB_PAGE_HDR_SIZE;
	dst = rpage->data;

	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	had = cb->reader;
	whole = !cb->roff;
	/* Position the reader on its next event (takes or claims). */
	event = rb_locate(cb, &in_place);
	if (!event)
		goto out;
	/*
	 * Its sub-buffer is unread if nothing was read from the position,
	 * or if a finished one was let go of and the next taken whole.
	 */
	whole = whole || (had && cb->reader != had);
	if (!in_place) {
		bpage = cb->reader->bpage;
		end = local_read(&bpage->commit);
	} else {
		bpage = rb_slot(cb, cb->rseq)->bpage;
		end = rb_read_commit(rb_slot(cb, cb->rseq));
		if (full)
			goto out_unclaim;
	}

	if (!in_place && whole && end <= room && !cb->map) {
		bytes = rb_raw_trade(cb, rpage);
		dst = rpage->data;
	} else {
		bytes = rb_raw_span(bpage, cb->roff, end, room, &events);
		if (!bytes)
			goto out_unclaim;
		dst->time_stamp = cb->rstamp;
		memcpy(dst->data, bpage->data + cb->roff, bytes);
		rb_raw_advance(cb, bpage, cb->roff + bytes);
		cb->read += events;
		if (in_place)
			cb->inplace_read += events;
	}

	commit = bytes;
	if (cb->lost_events) {
		commit |= RB_MISSED_EVENTS;
		if (room - bytes >= sizeof(unsigned long)) {
			memcpy(dst->data + bytes, &cb->lost_events,
			       sizeof(unsigned long));
			commit |= RB_MISSED_STORED;
		}
		cb->lost_events = 0;
	}
	local_set(&dst->commit, commit);
	if (bytes < room)
		memset(dst->data + bytes + (commit & RB_MISSED_STORED ?
				sizeof(unsigned long) : 0), 0,
		       room - bytes - (commit & RB_MISSED_STORED ?
				sizeof(unsigned long) : 0));
	ret = 0;
out_unclaim:
	if (in_place)
		rb_unclaim_head(cb);
out:
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	return ret;
}
EXPORT_SYMBOL_GPL(ring_buffer_read_page);

/**
 * ring_buffer_print_entry_header() - the text of events/header_event
 * @s: where to write it
 *
 * Return: 1, or 0 if @s overflowed.
 */
int ring_buffer_print_entry_header(struct trace_seq *s)
{
	trace_seq_puts(s, "# compressed entry header\n");
	trace_seq_puts(s, "\ttype_len    :    5 bits\n");
	trace_seq_puts(s, "\ttime_delta  :   27 bits\n");
	trace_seq_puts(s, "\tarray       :   32 bits\n");
	trace_seq_putc(s, '\n');
	trace_seq_printf(s, "\tpadding     : type == %d\n", RINGBUF_TYPE_PADDING);
	trace_seq_printf(s, "\ttime_extend : type == %d\n",
			 RINGBUF_TYPE_TIME_EXTEND);
	trace_seq_printf(s, "\ttime_stamp : type == %d\n",
			 RINGBUF_TYPE_TIME_STAMP);
	trace_seq_printf(s, "\tdata max type_len  == %d\n",
			 RINGBUF_TYPE_DATA_TYPE_LEN_MAX);
	return !trace_seq_has_overflowed(s);
}
EXPORT_SYMBOL_GPL(ring_buffer_print_entry_header);

/**
 * ring_buffer_print_page_header() - the text of events/header_page
 * @buffer: the buffer, for its sub-buffer size
 * @s: where to write it
 *
 * The "overwrite" line names the flag bits that raw readers find in the
 * commit word (%RB_MISSED_EVENTS); tools expect it at the commit offset.
 *
 * Return: 1, or 0 if @s overflowed.
 */
int ring_buffer_print_page_header(struct trace_buffer *buffer,
				  struct trace_seq *s)
{
	trace_seq_printf(s, "\tfield: u64 timestamp;\toffset:0;\tsize:%u;\tsigned:%u;\n",
			 (unsigned int)sizeof(u64), 0U);
	trace_seq_printf(s, "\tfield: local_t commit;\toffset:%u;\tsize:%u;\tsigned:%u;\n",
			 (unsigned int)offsetof(struct buffer_data_page, commit),
			 (unsigned int)sizeof(local_t), 1U);
	trace_seq_printf(s, "\tfield: int overwrite;\toffset:%u;\tsize:%u;\tsigned:%u;\n",
			 (unsigned int)offsetof(struct buffer_data_page, commit),
			 1U, 1U);
	trace_seq_printf(s, "\tfield: char data;\toffset:%u;\tsize:%u;\tsigned:%u;\n",
			 (unsigned int)RB_PAGE_HDR_SIZE, buffer->subbuf_size,
			 (unsigned int)is_signed_type(char));
	return !trace_seq_has_overflowed(s);
}
EXPORT_SYMBOL_GPL(ring_buffer_print_page_header);

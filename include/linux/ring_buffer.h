/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tracing ring buffer: one lockless buffer per CPU, written from any
 * context on its own CPU, read from anywhere.
 *
 * Writers reserve an event, fill it and commit it (or discard it);
 * readers consume events in order, or walk them without consuming with an
 * iterator, or take whole sub-buffers in the binary layout that
 * events/header_page describes.  Every event lost to overwriting or to a
 * full buffer is counted.  See Documentation/trace/ring-buffer-design.rst.
 */
#ifndef _LINUX_RING_BUFFER_H
#define _LINUX_RING_BUFFER_H

#include <linux/mm.h>
#include <linux/poll.h>
#include <linux/seq_file.h>
#include <uapi/linux/trace_mmap.h>

struct trace_buffer;
struct ring_buffer_iter;
struct trace_seq;

/**
 * struct ring_buffer_event - an event's header, as stored in a sub-buffer
 * @type_len: 1..28: a data event of type_len * 4 bytes; 0: a data event
 *	whose length is in @array[0]; otherwise an &enum ring_buffer_type
 * @time_delta: nanoseconds since the previous event (27 bits)
 * @array: the payload, or the length word followed by the payload
 *
 * The layout is user ABI (events/header_event).  Use the accessors
 * ring_buffer_event_data() and ring_buffer_event_length().
 */
struct ring_buffer_event {
	u32		type_len:5, time_delta:27;
	u32		array[];
};

/**
 * enum ring_buffer_type - the special values of &ring_buffer_event.type_len
 * @RINGBUF_TYPE_DATA_TYPE_LEN_MAX: largest type_len of an inline data length
 * @RINGBUF_TYPE_PADDING: unused space: the rest of the sub-buffer when
 *	time_delta is 0, else a discarded event of array[0] + 4 bytes
 * @RINGBUF_TYPE_TIME_EXTEND: a time delta too large for 27 bits: the low
 *	27 bits in time_delta, the rest in array[0]
 * @RINGBUF_TYPE_TIME_STAMP: an absolute time stamp, encoded as a time extend
 */
enum ring_buffer_type {
	RINGBUF_TYPE_DATA_TYPE_LEN_MAX = 28,
	RINGBUF_TYPE_PADDING,
	RINGBUF_TYPE_TIME_EXTEND,
	RINGBUF_TYPE_TIME_STAMP,
};

unsigned int ring_buffer_event_length(struct ring_buffer_event *event);

/**
 * ring_buffer_event_data() - the payload of an event
 * @event: an event returned by a reserve or a read
 *
 * The payload follows the header, or the length word of a payload
 * longer than the header's type_len can say.  Inline: a writer calls it
 * for every event it fills.
 *
 * Return: a pointer to the payload, inside the buffer.
 */
static __always_inline void *
ring_buffer_event_data(struct ring_buffer_event *event)
{
	return event->type_len ? (void *)&event->array[0] :
				 (void *)&event->array[1];
}

u64 ring_buffer_event_time_stamp(struct trace_buffer *buffer,
				 struct ring_buffer_event *event);

/**
 * enum ring_buffer_flags - flags for ring_buffer_alloc()
 * @RB_FL_OVERWRITE: when full, overwrite the oldest events (else drop new ones)
 */
enum ring_buffer_flags {
	RB_FL_OVERWRITE		= 1 << 0,
};

struct trace_buffer *__ring_buffer_alloc(unsigned long size, unsigned int flags,
					 struct lock_class_key *key);

/*
 * ring_buffer_alloc(size, flags) - allocate a buffer of @size bytes per CPU
 *
 * Each call site gets its own lockdep class for the readers' lock.
 */
#define ring_buffer_alloc(size, flags)				\
({								\
	static struct lock_class_key __key;			\
	__ring_buffer_alloc((size), (flags), &__key);		\
})

void ring_buffer_free(struct trace_buffer *buffer);

/* Size and mode. */
#define RING_BUFFER_ALL_CPUS -1
int ring_buffer_resize(struct trace_buffer *buffer, unsigned long size, int cpu);
unsigned long ring_buffer_size(struct trace_buffer *buffer, int cpu);
unsigned long ring_buffer_size_hotplug(struct trace_buffer *buffer);
unsigned long ring_buffer_max_event_size(struct trace_buffer *buffer);
void ring_buffer_change_overwrite(struct trace_buffer *buffer, int val);
int ring_buffer_subbuf_order_get(struct trace_buffer *buffer);
int ring_buffer_subbuf_order_set(struct trace_buffer *buffer, int order);
int ring_buffer_subbuf_size_get(struct trace_buffer *buffer);

/* Writing. */
struct ring_buffer_event *ring_buffer_lock_reserve(struct trace_buffer *buffer,
						   unsigned long length);
int ring_buffer_unlock_commit(struct trace_buffer *buffer);
void ring_buffer_discard_commit(struct trace_buffer *buffer,
				struct ring_buffer_event *event);
int ring_buffer_write(struct trace_buffer *buffer, unsigned long length,
		      void *data);
void ring_buffer_nest_start(struct trace_buffer *buffer);
void ring_buffer_nest_end(struct trace_buffer *buffer);

/* Consuming reads. */
struct ring_buffer_event *ring_buffer_peek(struct trace_buffer *buffer, int cpu,
					   u64 *ts, unsigned long *lost_events);
struct ring_buffer_event *ring_buffer_consume(struct trace_buffer *buffer,
					      int cpu, u64 *ts,
					      unsigned long *lost_events);
struct ring_buffer_event *
ring_buffer_consume_trylock(struct trace_buffer *buffer, int cpu, u64 *ts,
			    unsigned long *lost_events);

/* Non-consuming reads. */
struct ring_buffer_iter *ring_buffer_read_start(struct trace_buffer *buffer,
						int cpu, gfp_t flags);
void ring_buffer_read_finish(struct ring_buffer_iter *iter);
struct ring_buffer_event *ring_buffer_iter_peek(struct ring_buffer_iter *iter,
						u64 *ts);
void ring_buffer_iter_advance(struct ring_buffer_iter *iter);
void ring_buffer_iter_reset(struct ring_buffer_iter *iter);
int ring_buffer_iter_empty(struct ring_buffer_iter *iter);
bool ring_buffer_iter_dropped(struct ring_buffer_iter *iter);

/* Emptying and swapping. */
void ring_buffer_reset_cpu(struct trace_buffer *buffer, int cpu);
void ring_buffer_reset_online_cpus(struct trace_buffer *buffer);
void ring_buffer_reset(struct trace_buffer *buffer);
bool ring_buffer_empty(struct trace_buffer *buffer);
bool ring_buffer_empty_cpu(struct trace_buffer *buffer, int cpu);
#ifdef CONFIG_RING_BUFFER_ALLOW_SWAP
int ring_buffer_swap_cpu(struct trace_buffer *buffer_a,
			 struct trace_buffer *buffer_b, int cpu);
#else
static inline int ring_buffer_swap_cpu(struct trace_buffer *buffer_a,
				       struct trace_buffer *buffer_b, int cpu)
{
	return -ENODEV;
}
#endif

/* Turning recording off and on. */
void ring_buffer_record_disable(struct trace_buffer *buffer);
void ring_buffer_record_enable(struct trace_buffer *buffer);
void ring_buffer_record_off(struct trace_buffer *buffer);
void ring_buffer_record_on(struct trace_buffer *buffer);
bool ring_buffer_record_is_on(struct trace_buffer *buffer);
bool ring_buffer_record_is_set_on(struct trace_buffer *buffer);
void ring_buffer_record_disable_cpu(struct trace_buffer *buffer, int cpu);
void ring_buffer_record_enable_cpu(struct trace_buffer *buffer, int cpu);

/* Counters. */
u64 ring_buffer_oldest_event_ts(struct trace_buffer *buffer, int cpu);
unsigned long ring_buffer_bytes_cpu(struct trace_buffer *buffer, int cpu);
unsigned long ring_buffer_entries(struct trace_buffer *buffer);
unsigned long ring_buffer_overruns(struct trace_buffer *buffer);
unsigned long ring_buffer_entries_cpu(struct trace_buffer *buffer, int cpu);
unsigned long ring_buffer_overrun_cpu(struct trace_buffer *buffer, int cpu);
unsigned long ring_buffer_commit_overrun_cpu(struct trace_buffer *buffer,
					     int cpu);
unsigned long ring_buffer_dropped_events_cpu(struct trace_buffer *buffer,
					     int cpu);
unsigned long ring_buffer_read_events_cpu(struct trace_buffer *buffer, int cpu);

/**
 * struct ring_buffer_loss_hook - who is told which events a buffer lost
 * @overwritten: called once for each event of a sub-buffer that the
 *	writer is about to overwrite (overwrite mode), with the event's
 *	payload, in the writer's context (any, NMI included) on its CPU
 * @refused: called by ring_buffer_account_refusal() with the caller's
 *	@key and the number of writes this CPU refused since the last call
 *
 * Both run where the writer runs: they must not sleep, lock or trace.
 */
struct ring_buffer_loss_hook {
	void	(*overwritten)(const struct ring_buffer_loss_hook *hook,
			       void *payload);
	void	(*refused)(const struct ring_buffer_loss_hook *hook,
			   unsigned int key, unsigned long n);
};

void ring_buffer_set_loss_hook(struct trace_buffer *buffer,
			       const struct ring_buffer_loss_hook *hook);
void ring_buffer_account_refusal(struct trace_buffer *buffer,
				 unsigned int key);
size_t ring_buffer_nr_dirty_pages(struct trace_buffer *buffer, int cpu);

/* Time. */
u64 ring_buffer_time_stamp(struct trace_buffer *buffer);
void ring_buffer_normalize_time_stamp(struct trace_buffer *buffer, int cpu,
				      u64 *ts);
void ring_buffer_set_clock(struct trace_buffer *buffer, u64 (*clock)(void));
void ring_buffer_set_time_stamp_abs(struct trace_buffer *buffer, bool abs);
bool ring_buffer_time_stamp_abs(struct trace_buffer *buffer);

/* Waiting for data. */
typedef bool (*ring_buffer_cond_fn)(void *data);
int ring_buffer_wait(struct trace_buffer *buffer, int cpu, int full,
		     ring_buffer_cond_fn cond, void *data);
__poll_t ring_buffer_poll_wait(struct trace_buffer *buffer, int cpu,
			       struct file *filp, poll_table *poll_table,
			       int full);
void ring_buffer_wake_waiters(struct trace_buffer *buffer, int cpu);

/* Whole sub-buffers, for raw readers (trace_pipe_raw). */
struct buffer_data_read_page;
int ring_buffer_alloc_read_page(struct trace_buffer *buffer, int cpu,
				struct buffer_data_read_page **rpage);
void ring_buffer_free_read_page(struct trace_buffer *buffer, int cpu,
				struct buffer_data_read_page *rpage);
int ring_buffer_read_page(struct trace_buffer *buffer,
			  struct buffer_data_read_page *rpage, size_t len,
			  int cpu, int full);
void *ring_buffer_read_page_data(struct buffer_data_read_page *rpage);
unsigned int ring_buffer_read_page_size(struct buffer_data_read_page *rpage);
int ring_buffer_print_entry_header(struct trace_seq *s);
int ring_buffer_print_page_header(struct trace_buffer *buffer,
				  struct trace_seq *s);

/* A CPU buffer mapped into user space (trace_pipe_raw's mmap). */
struct vm_area_struct;
#ifdef CONFIG_MMU
int ring_buffer_map(struct trace_buffer *buffer, int cpu,
		    struct vm_area_struct *vma);
void ring_buffer_map_dup(struct trace_buffer *buffer, int cpu);
int ring_buffer_unmap(struct trace_buffer *buffer, int cpu);
int ring_buffer_map_get_reader(struct trace_buffer *buffer, int cpu);
#else
static inline int ring_buffer_map(struct trace_buffer *buffer, int cpu,
				  struct vm_area_struct *vma)
{
	return -EOPNOTSUPP;
}

static inline void ring_buffer_map_dup(struct trace_buffer *buffer, int cpu)
{
}

static inline int ring_buffer_unmap(struct trace_buffer *buffer, int cpu)
{
	return -ENODEV;
}

static inline int ring_buffer_map_get_reader(struct trace_buffer *buffer,
					     int cpu)
{
	return -ENODEV;
}
#endif

#ifdef CONFIG_RING_BUFFER
int trace_rb_cpu_prepare(unsigned int cpu, struct hlist_node *node);
#else
#define trace_rb_cpu_prepare	NULL
#endif

#endif /* _LINUX_RING_BUFFER_H */

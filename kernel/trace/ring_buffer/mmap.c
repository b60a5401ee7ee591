// SPDX-License-Identifier: GPL-2.0
/*
 * Ring buffer, mapped: a CPU buffer's sub-buffers mapped read-only into
 * user space (mmap of trace_pipe_raw), and the reader protocol that goes
 * with it (TRACE_MMAP_IOCTL_GET_READER, <uapi/linux/trace_mmap.h>).
 *
 * DOC: Mapping
 *
 * The mapping is a meta page (&struct trace_buffer_meta, padded with the
 * zero page to a whole sub-buffer) followed by every sub-buffer of the
 * CPU buffer in id order: the ring's, the kernel reader's and one more
 * that the mapping brings, the user page.  The user page is what user
 * space reads (meta->reader.id).  No kernel reader or writer can reach
 * it: it is in neither the ring nor the kernel reader's hands, so it
 * stays stable however long user space takes.
 *
 * Handing over the next sub-buffer is an exchange, not a copy: the kernel
 * reader takes the oldest complete sub-buffer out of the ring as it always
 * does (its spare goes into the slot), then that sub-buffer becomes the
 * user page and the previous user page becomes the kernel reader's spare.
 * The sub-buffer the writers are still filling cannot leave the ring, so
 * when it is the only one with events, it is first sealed on its CPU
 * (write.c:rb_seal()): the rest of it becomes padding and the writers
 * go on in the next one.
 *
 * The set of sub-buffers is fixed while mapped (resizing and the order
 * change are refused), and every sub-buffer keeps its id wherever it
 * moves, so each mapping inserts the pages once, at mmap() time.
 *
 * Locking: @rb_cpu.map_lock serialises map, unmap and the reader protocol
 * of one CPU buffer; it nests inside mmap_lock (mmap()) and inside the CPU
 * hotplug lock, which the hand-over takes first for the seal: perf takes
 * mmap_lock inside the hotplug lock (its ioctls copy from user space
 * under its context mutex), so no lock inside mmap_lock may take the
 * hotplug lock; the buffer's mutex is taken to set or clear
 * @rb_cpu.map (resize and the order change test it under that mutex);
 * reader_lock covers every step that moves sub-buffers.
 */
#include <linux/cacheflush.h>
#include <linux/cpu.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/trace_mmap.h>
#include <kunit/visibility.h>

#include "internal.h"

/* Bits of a sub-buffer's commit word that are flags, not a length. */
#define RB_COMMIT_FLAGS		(RB_MISSED_EVENTS | RB_MISSED_STORED)

/* Pages of one sub-buffer (and of the meta page with its padding). */
static unsigned long rb_map_span(struct rb_cpu *cb)
{
	return 1UL << cb->order;
}

/* Push what the kernel wrote to user space's view (a no-op on x86). */
static void rb_map_flush(void *addr, unsigned long pages)
{
	struct page *pg = virt_to_page(addr);
	unsigned long i;

	for (i = 0; i < pages; i++)
		flush_dcache_page(nth_page(pg, i));
}

/* The meta page's counters.  Caller holds reader_lock. */
static void rb_map_update(struct rb_cpu *cb, struct rb_map *map)
{
	struct trace_buffer_meta *meta = map->meta;

	meta->entries = local_read(&cb->entries);
	meta->overrun = local_read(&cb->overrun) - cb->read_overwritten;
	meta->read = cb->read;
	rb_map_flush(meta, 1);
}

static void rb_map_release(struct rb_map *map, unsigned int order)
{
	if (!map)
		return;
	rb_page_free(map->page, order);
	free_page((unsigned long)map->meta);
	kfree(map->subbufs);
	kfree(map);
}

/**
 * rb_map_free() - free what is left of a CPU buffer's mapping
 * @cb: a CPU buffer being freed
 *
 * A buffer is only freed once nothing maps it; this frees the user page
 * if a mapping was somehow left.
 */
void rb_map_free(struct rb_cpu *cb)
{
	rb_map_release(cb->map, cb->order);
	cb->map = NULL;
}

/*
 * Set up the mapping of @cb: the meta page, the user page, and an id for
 * every sub-buffer: 0 for the user page, then the ring from head on, the
 * kernel reader's sub-buffer last.  Caller holds map_lock.
 */
static int rb_map_create(struct rb_cpu *cb)
{
	struct trace_buffer *buffer = cb->buffer;
	struct trace_buffer_meta *meta;
	unsigned long head, flags;
	unsigned int i, order;
	struct rb_page *page;
	struct rb_map *map;

	/* Each allocation asks the fault injection point (alloc.c) first. */
	map = rb_alloc_refused() ? NULL : kzalloc(sizeof(*map), GFP_KERNEL);
	if (!map)
		return -ENOMEM;
	/* Holding the mutex keeps the ring as it is until the map is set. */
	mutex_lock(&buffer->mutex);
	order = cb->order;
	map->nr_subbufs = cb->nr + 2;
	if (!rb_alloc_refused())
		map->meta = (void *)get_zeroed_page(GFP_KERNEL);
	if (!rb_alloc_refused())
		map->subbufs = kcalloc(map->nr_subbufs, sizeof(*map->subbufs),
				       GFP_KERNEL);
	map->page = rb_page_alloc(order, cb->cpu);
	if (!map->meta || !map->subbufs || !map->page)
		goto fail;

	meta = map->meta;
	meta->meta_page_size = PAGE_SIZE << order;
	meta->meta_struct_len = sizeof(*meta);
	meta->subbuf_size = PAGE_SIZE << order;
	meta->nr_subbufs = map->nr_subbufs;

	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	head = rb_head_seq(atomic_long_read(&cb->head));
	map->subbufs[0] = map->page;
	for (i = 0; i < cb->nr; i++)
		map->subbufs[i + 1] = cb->ring[(head + i) % cb->nr];
	map->subbufs[cb->nr + 1] = cb->reader ? cb->reader : cb->spare;
	for (i = 0; i < map->nr_subbufs; i++) {
		page = map->subbufs[i];
		page->id = i;
	}
	meta->reader.id = map->page->id;
	rb_map_update(cb, map);
	WRITE_ONCE(cb->map, map);
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	mutex_unlock(&buffer->mutex);
	return 0;
fail:
	mutex_unlock(&buffer->mutex);
	rb_map_release(map, order);
	return -ENOMEM;
}

#if IS_ENABLED(CONFIG_KUNIT)
/**
 * rb_map_attach() - set up a CPU buffer's mapping without a vma
 * @cb: the CPU buffer, not mapped
 *
 * For the KUnit suite: the mapping as the first mmap() makes it, counted
 * as one vma; ring_buffer_unmap() undoes it.
 *
 * Return: 0, -EBUSY if it is mapped already, -ENOMEM.
 */
int rb_map_attach(struct rb_cpu *cb)
{
	int err = -EBUSY;

	mutex_lock(&cb->map_lock);
	if (!cb->map) {
		err = rb_map_create(cb);
		if (!err)
			cb->map->refs = 1;
	}
	mutex_unlock(&cb->map_lock);
	return err;
}
EXPORT_SYMBOL_IF_KUNIT(rb_map_attach);
#endif

/* Undo rb_map_create() once the last vma is gone.  Caller holds map_lock. */
static void rb_map_destroy(struct rb_cpu *cb)
{
	struct trace_buffer *buffer = cb->buffer;
	unsigned long flags;
	struct rb_map *map;
	unsigned int order;

	mutex_lock(&buffer->mutex);
	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	map = cb->map;
	WRITE_ONCE(cb->map, NULL);
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	/* Once the mutex is dropped the order may change: take it now. */
	order = cb->order;
	mutex_unlock(&buffer->mutex);
	rb_map_release(map, order);
}

/*
 * Insert the pages @vma asks for: its offset must fall on a sub-buffer
 * boundary (the meta page counts as one) and it must end within the
 * mapping.
 */
static int rb_map_insert(struct rb_cpu *cb, struct rb_map *map,
			 struct vm_area_struct *vma)
{
	unsigned long span = rb_map_span(cb);
	unsigned long total = (map->nr_subbufs + 1UL) * span;
	unsigned long first = vma->vm_pgoff, n = vma_pages(vma), i, pg;
	struct page **pages;
	struct page *page;
	int err;

	if (first % span || first >= total || !n || n > total - first)
		return -EINVAL;
	pages = kcalloc(n, sizeof(*pages), GFP_KERNEL);
	if (!pages)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		pg = first + i;
		if (pg < span) {
			page = pg ? ZERO_PAGE(vma->vm_start + i * PAGE_SIZE) :
				    virt_to_page(map->meta);
		} else {
			page = virt_to_page(map->subbufs[pg / span - 1]->bpage);
			page = nth_page(page, pg % span);
		}
		pages[i] = page;
	}
	/* Never writable, not even later through mprotect(); not inherited. */
	vm_flags_mod(vma, VM_DONTCOPY | VM_DONTEXPAND | VM_DONTDUMP,
		     VM_MAYWRITE | VM_MAYEXEC);
	err = vm_insert_pages(vma, vma->vm_start, pages, &n);
	kfree(pages);
	return err;
}

/**
 * ring_buffer_map() - map a CPU buffer into user space
 * @buffer: the buffer
 * @cpu: the CPU
 * @vma: the vma being set up by mmap(): shared, read-only, not executable
 *
 * The first mapping of a CPU buffer sets up its meta page and sub-buffer
 * ids; later ones (by any process) share them.  While a CPU buffer is
 * mapped it cannot be resized and the buffer's sub-buffer size cannot
 * change.  Each successful call must be balanced by ring_buffer_unmap(),
 * normally from the vma's close().
 *
 * Context: Process context, mmap_lock held for writing.
 * Return: 0; -EINVAL for a bad CPU, an offset not on a sub-buffer boundary
 * or a range beyond the mapping; -EPERM for a writable, executable or
 * private mapping; -EBUSY if the mapping count would overflow; -ENOMEM.
 */
int ring_buffer_map(struct trace_buffer *buffer, int cpu,
		    struct vm_area_struct *vma)
{
	struct rb_cpu *cb = rb_cpu_get(buffer, cpu);
	bool created = false;
	int err;

	if (!cb)
		return -EINVAL;
	if ((vma->vm_flags & (VM_WRITE | VM_EXEC)) ||
	    !(vma->vm_flags & VM_MAYSHARE))
		return -EPERM;

	mutex_lock(&cb->map_lock);
	if (!cb->map) {
		err = rb_map_create(cb);
		if (err)
			goto out;
		created = true;
	} else if (cb->map->refs == UINT_MAX) {
		err = -EBUSY;
		goto out;
	}
	err = rb_map_insert(cb, cb->map, vma);
	if (!err)
		cb->map->refs++;
	else if (created)
		rb_map_destroy(cb);
out:
	mutex_unlock(&cb->map_lock);
	return err;
}
EXPORT_SYMBOL_GPL(ring_buffer_map);

/**
 * ring_buffer_map_dup() - count one more vma of an existing mapping
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * For the vma's open(), called when the mm duplicates a mapped vma.
 */
void ring_buffer_map_dup(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_get(buffer, cpu);

	if (!cb)
		return;
	mutex_lock(&cb->map_lock);
	if (!WARN_ON_ONCE(!cb->map))
		cb->map->refs++;
	mutex_unlock(&cb->map_lock);
}
EXPORT_SYMBOL_GPL(ring_buffer_map_dup);

/**
 * ring_buffer_unmap() - drop one mapping of a CPU buffer
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * When the last one goes, the meta page and the mapping's extra
 * sub-buffer are freed, and the CPU buffer can be resized again.  Its
 * consuming reader (read(), trace_pipe) goes on where the mapped reader
 * left off.
 *
 * Context: Process context.
 * Return: 0, -EINVAL for a bad CPU, -ENODEV if the CPU buffer is not mapped.
 */
int ring_buffer_unmap(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_get(buffer, cpu);
	int err = 0;

	if (!cb)
		return -EINVAL;
	mutex_lock(&cb->map_lock);
	if (!cb->map)
		err = -ENODEV;
	else if (!--cb->map->refs)
		rb_map_destroy(cb);
	mutex_unlock(&cb->map_lock);
	return err;
}
EXPORT_SYMBOL_GPL(ring_buffer_unmap);

/*
 * Make the kernel reader's sub-buffer the user page: what read() had
 * consumed of it already is cut off the front (its time stamp becomes
 * that of the last consumed event, so the deltas stay right), the rest
 * counts as read, and lost events are flagged in the commit word as
 * read() flags them.  The previous user page becomes the kernel reader's
 * spare.  Caller holds reader_lock.
 */
static void rb_map_hand_over(struct rb_cpu *cb, struct rb_map *map)
{
	struct rb_page *page = cb->reader, *old = map->page;
	struct buffer_data_page *bpage = page->bpage;
	unsigned int start = cb->roff, end = local_read(&bpage->commit);
	unsigned long lost = cb->lost_events, events = 0, bytes = 0;
	unsigned long commit;
	unsigned int last;

	if (start) {
		memmove(bpage->data, bpage->data + start, end - start);
		bpage->time_stamp = cb->rstamp;
		end -= start;
	}
	last = rb_page_count(bpage, end, &events, &bytes);
	cb->read += events;
	cb->read_bytes += bytes;
	commit = end;
	if (lost) {
		/* Cut the trailing padding: the count goes after the events. */
		commit = last | RB_MISSED_EVENTS;
		if (cb->subbuf_size - last >= sizeof(lost)) {
			memcpy(bpage->data + last, &lost, sizeof(lost));
			commit |= RB_MISSED_STORED;
		}
		cb->lost_events = 0;
	}
	local_set(&bpage->commit, commit);

	rb_page_reset(old);
	cb->spare = old;
	cb->reader = NULL;
	cb->rseq++;
	cb->roff = 0;
	map->page = page;
	map->meta->reader.id = page->id;
	map->meta->reader.read = commit & ~RB_COMMIT_FLAGS;
	map->meta->reader.lost_events = lost;
	rb_map_flush(bpage, rb_map_span(cb));
}

/*
 * One attempt to give user space the next sub-buffer with events.
 *
 * Return: true if none could be handed over but the sub-buffer the
 * writers are filling has unread events: sealing it would help.
 */
static bool rb_map_next(struct rb_cpu *cb, struct rb_map *map)
{
	unsigned long flags;
	bool seal = false;

	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	/* Pointers that earlier consuming reads returned are dead now. */
	cb->reader_epoch++;
	if (cb->reader && cb->roff >= local_read(&cb->reader->bpage->commit)) {
		/* The kernel reader is done with it: it becomes the spare. */
		cb->spare = cb->reader;
		cb->reader = NULL;
		cb->rseq++;
		cb->roff = 0;
	}
	if (!cb->reader) {
		rb_claim(cb);
		if (cb->rseq < rb_read_cseq(cb)) {
			rb_take(cb);
		} else {
			seal = rb_read_commit(rb_slot(cb, cb->rseq)) > cb->roff;
			rb_unclaim_head(cb);
		}
	}
	if (cb->reader)
		rb_map_hand_over(cb, map);
	rb_map_update(cb, map);
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	return seal;
}

static void rb_map_seal_here(void *data)
{
	rb_seal(data);
}

/*
 * Seal the sub-buffer the writers of @cb fill, on their CPU.  Caller
 * holds the CPU hotplug lock.
 */
static void rb_map_seal(struct rb_cpu *cb)
{
	unsigned long flags;

	lockdep_assert_cpus_held();
	if (cpu_online(cb->cpu)) {
		/* O9: the seal's stores, then the call's completion */
		smp_call_function_single(cb->cpu, rb_map_seal_here, cb, 1);
	} else {
		/* No writer runs on an offline CPU, and none can start now. */
		local_irq_save(flags);
		rb_seal(cb);
		local_irq_restore(flags);
	}
}

/**
 * ring_buffer_map_get_reader() - hand the mapped reader the next sub-buffer
 * @buffer: the buffer
 * @cpu: the CPU
 *
 * User space is done with the user page (meta->reader.id); give it the
 * oldest sub-buffer with unread events instead, without copying them,
 * and count those events as read.  If only the sub-buffer the writers are
 * filling has events, it is sealed first (the rest of it is left unused).
 * When there is nothing to read, or the sealed sub-buffer is still being
 * written by an interrupted writer, the user page stays as it was.
 *
 * The meta page then says: reader.id, the new user page; reader.read, the
 * bytes of events in it; reader.lost_events, events lost (overwritten)
 * just before it, also flagged in its commit word; entries, overrun and
 * read, the CPU buffer's counters.
 *
 * Context: Process context; takes the CPU hotplug lock, so not under
 * mmap_lock.
 * Return: 0, -EINVAL for a bad CPU, -ENODEV if the CPU buffer is not mapped.
 */
int ring_buffer_map_get_reader(struct trace_buffer *buffer, int cpu)
{
	struct rb_cpu *cb = rb_cpu_get(buffer, cpu);
	int err = 0;

	if (!cb)
		return -EINVAL;
	/* For the seal; outside map_lock (see the locking rules above). */
	cpus_read_lock();
	mutex_lock(&cb->map_lock);
	if (!cb->map) {
		err = -ENODEV;
	} else if (rb_map_next(cb, cb->map)) {
		/* Under map_lock: the map, so the geometry, stays meanwhile. */
		rb_map_seal(cb);
		rb_map_next(cb, cb->map);
	}
	mutex_unlock(&cb->map_lock);
	cpus_read_unlock();
	return err;
}
EXPORT_SYMBOL_GPL(ring_buffer_map_get_reader);

// SPDX-License-Identifier: GPL-2.0
/*
 * blktrace: what the block layer does with a device's I/O, as binary
 * records (struct blk_io_trace, user ABI: blktrace and blkparse read it).
 *
 * A device is traced while its queue has a &struct blk_trace.  Two ways
 * make one: the BLKTRACESETUP ioctl, which opens a relay channel with a
 * file per CPU under debugfs (block/<dev>/trace<cpu>, with "dropped" and
 * "msg" beside them) for blktrace to read, and the sysfs knobs of the
 * device (trace/enable, act_mask, pid, start_lba, end_lba), which make
 * one without a channel for the "blk" tracer.  While that tracer is a
 * session's current_tracer, every traced device's records go into the
 * session's ring buffer instead of its channel, and print as text.
 *
 * The records come from probes on the block layer's tracepoints
 * (include/trace/events/block.h), attached while any queue is traced.
 * A probe finds its queue's trace under RCU; setup and teardown are
 * serialised by the queue's debugfs_mutex, and a trace is freed only
 * after a grace period.
 */
#include <linux/blk-cgroup.h>
#include <linux/blkdev.h>
#include <linux/blktrace_api.h>
#include <linux/debugfs.h>
#include <linux/export.h>
#include <linux/relay.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include <trace/events/block.h>

#include "../../block/blk.h"
#include "trace_tracers.h"

/* Bits of the action word below the categories: the action itself. */
#define BLK_ACT_MASK		((1U << BLK_TC_SHIFT) - 1)

/* The session the blk tracer writes into, and whether it does. */
static struct trace_array *blk_tr;
static bool blk_tracer_on __read_mostly;

/*
 * A task's name goes into a channel (a process note) before its first
 * record there; starting any trace bumps the generation, so that every
 * task is named again in the new trace.  The running traces are listed
 * for that: a note goes to each.
 */
static unsigned int blk_generation = 1;
static LIST_HEAD(blk_running);
static DEFINE_RAW_SPINLOCK(blk_running_lock);

/* The probes stay attached while any queue has a trace. */
static DEFINE_MUTEX(blk_probes_mutex);
static unsigned int blk_probes_users;

/* ---- writing a record ---------------------------------------------------- */

/*
 * The cgroup of a record, or 0 for none.  6.12 adds it (and the cgroup
 * bit of the action) only with the blk_cgroup option on.
 */
static u64 blk_bio_cgid(struct bio *bio)
{
#ifdef CONFIG_BLK_CGROUP
	struct cgroup_subsys_state *css;

	if (!(global_trace.trace_flags & TRACE_ITER(BLK_CGROUP)) || !bio)
		return 0;
	css = bio_blkcg_css(bio);
	return css ? cgroup_id(css->cgroup) : 0;
#else
	return 0;
#endif
}

/* Into the blk tracer's session; the cgroup id goes first in the pdu. */
static void blk_write_session(struct blk_io_trace *t, u64 cgid,
			      const void *pdu, size_t pdu_len)
{
	struct trace_buffer *buffer = blk_tr->buffer;
	size_t cglen = cgid ? sizeof(cgid) : 0;
	struct ring_buffer_event *event;
	void *rec;

	event = trace_buffer_lock_reserve(buffer, TRACE_BLK,
					  sizeof(struct trace_entry) +
					  sizeof(*t) + cglen + pdu_len,
					  tracing_gen_ctx());
	if (!event)
		return;
	rec = (struct trace_entry *)ring_buffer_event_data(event) + 1;
	memcpy(rec, t, sizeof(*t));
	memcpy(rec + sizeof(*t), &cgid, cglen);
	memcpy(rec + sizeof(*t) + cglen, pdu, pdu_len);
	ring_buffer_unlock_commit(buffer);
	tracing_record_cmdline(current);
}

/* Into the trace's relay channel, on this CPU's sub-buffers. */
static void blk_write_relay(struct blk_trace *bt, struct blk_io_trace *t,
			    u64 cgid, const void *pdu, size_t pdu_len)
{
	size_t cglen = cgid ? sizeof(cgid) : 0;
	unsigned long flags;
	void *rec;

	/* relay_reserve() is per CPU and not reentrant: no interrupts. */
	local_irq_save(flags);
	rec = relay_reserve(bt->rchan, sizeof(*t) + cglen + pdu_len);
	if (rec) {
		t->magic = BLK_IO_TRACE_MAGIC | BLK_IO_TRACE_VERSION;
		t->time = ktime_get_ns();
		t->cpu = smp_processor_id();
		/* Notes have no sequence number; actions count per CPU. */
		if (!(t->action & BLK_TC_ACT(BLK_TC_NOTIFY)))
			t->sequence = ++*this_cpu_ptr(bt->sequence);
		memcpy(rec, t, sizeof(*t));
		memcpy(rec + sizeof(*t), &cgid, cglen);
		memcpy(rec + sizeof(*t) + cglen, pdu, pdu_len);
	}
	local_irq_restore(flags);
}

/*
 * A record of @bt: to the blk tracer's session while it runs, else to
 * the channel while the trace is started.  @t has the action, sector,
 * bytes, pid and error; the rest is filled in here.
 */
static void blk_write(struct blk_trace *bt, struct blk_io_trace *t, u64 cgid,
		      const void *pdu, size_t pdu_len)
{
	if (cgid)
		t->action |= __BLK_TA_CGROUP;
	t->device = bt->dev;
	t->pdu_len = (cgid ? sizeof(cgid) : 0) + pdu_len;
	if (READ_ONCE(blk_tracer_on)) {
		t->cpu = raw_smp_processor_id();
		blk_write_session(t, cgid, pdu, pdu_len);
	} else if (bt->rchan && READ_ONCE(bt->trace_state) == Blktrace_running) {
		blk_write_relay(bt, t, cgid, pdu, pdu_len);
	}
}

/* A note (process name, time, message) with @len bytes of @data. */
static void blk_note(struct blk_trace *bt, pid_t pid, u32 action,
		     const void *data, size_t len, u64 cgid)
{
	struct blk_io_trace t = { .action = action, .pid = pid };

	blk_write(bt, &t, cgid, data, len);
}

/* Name @tsk in every running trace's channel. */
static void blk_note_task(struct task_struct *tsk)
{
	struct blk_trace *bt;
	unsigned long flags;

	tsk->btrace_seq = READ_ONCE(blk_generation);
	raw_spin_lock_irqsave(&blk_running_lock, flags);
	list_for_each_entry(bt, &blk_running, running_list)
		blk_note(bt, tsk->pid, BLK_TN_PROCESS, tsk->comm,
			 sizeof(tsk->comm), 0);
	raw_spin_unlock_irqrestore(&blk_running_lock, flags);
}

/* The category bits of a request's operation and flags. */
static u32 blk_categories(blk_opf_t opf)
{
	enum req_op op = opf & REQ_OP_MASK;
	u32 tc = op_is_write(op) ? BLK_TC_WRITE : BLK_TC_READ;

	if (opf & REQ_SYNC)
		tc |= BLK_TC_SYNC;
	if (opf & REQ_RAHEAD)
		tc |= BLK_TC_AHEAD;
	if (opf & REQ_META)
		tc |= BLK_TC_META;
	if (opf & REQ_PREFLUSH)
		tc |= BLK_TC_FLUSH;
	if (opf & REQ_FUA)
		tc |= BLK_TC_FUA;
	if (op == REQ_OP_DISCARD || op == REQ_OP_SECURE_ERASE)
		tc |= BLK_TC_DISCARD;
	if (op == REQ_OP_FLUSH)
		tc |= BLK_TC_FLUSH;
	return BLK_TC_ACT(tc);
}

/*
 * One action on @q's trace, if it has one and the action passes its
 * act_mask, pid and LBA range (sector 0 always does: plugs, unplugs).
 */
static void blk_action(struct request_queue *q, u64 sector, u32 bytes,
		       blk_opf_t opf, u32 what, int error, const void *pdu,
		       size_t pdu_len, u64 cgid)
{
	struct blk_io_trace t = {
		.sector	= sector,
		.bytes	= bytes,
		.pid	= current->pid,
		.error	= error,
	};
	struct blk_trace *bt;

	rcu_read_lock();
	bt = rcu_dereference(q->blk_trace);
	if (likely(!bt))
		goto out;
	if (READ_ONCE(bt->trace_state) != Blktrace_running &&
	    !READ_ONCE(blk_tracer_on))
		goto out;
	t.action = what | blk_categories(opf);
	if (!(((u32)bt->act_mask << BLK_TC_SHIFT) & t.action) ||
	    (sector && (sector < bt->start_lba || sector > bt->end_lba)) ||
	    (bt->pid && t.pid != bt->pid))
		goto out;
	if (!READ_ONCE(blk_tracer_on) &&
	    unlikely(current->btrace_seq != READ_ONCE(blk_generation)))
		blk_note_task(current);
	blk_write(bt, &t, cgid, pdu, pdu_len);
out:
	rcu_read_unlock();
}

/* ---- the probes ---------------------------------------------------------- */

static void blk_rq_action(struct request *rq, u32 what, int error, u32 bytes)
{
	what |= BLK_TC_ACT(blk_rq_is_passthrough(rq) ? BLK_TC_PC : BLK_TC_FS);
	blk_action(rq->q, blk_rq_trace_sector(rq), bytes, rq->cmd_flags, what,
		   error, NULL, 0, blk_bio_cgid(rq->bio));
}

static void blk_bio_action(struct bio *bio, u32 what, int error,
			   const void *pdu, size_t pdu_len)
{
	blk_action(bio->bi_bdev->bd_disk->queue, bio->bi_iter.bi_sector,
		   bio->bi_iter.bi_size, bio->bi_opf, what, error, pdu, pdu_len,
		   blk_bio_cgid(bio));
}

static void probe_rq_insert(void *data, struct request *rq)
{
	blk_rq_action(rq, BLK_TA_INSERT, 0, blk_rq_bytes(rq));
}

static void probe_rq_issue(void *data, struct request *rq)
{
	blk_rq_action(rq, BLK_TA_ISSUE, 0, blk_rq_bytes(rq));
}

static void probe_rq_merge(void *data, struct request *rq)
{
	blk_rq_action(rq, BLK_TA_BACKMERGE, 0, blk_rq_bytes(rq));
}

static void probe_rq_requeue(void *data, struct request *rq)
{
	blk_rq_action(rq, BLK_TA_REQUEUE, 0, blk_rq_bytes(rq));
}

static void probe_rq_complete(void *data, struct request *rq,
			      blk_status_t error, unsigned int nr_bytes)
{
	blk_rq_action(rq, BLK_TA_COMPLETE, blk_status_to_errno(error),
		      nr_bytes);
}

static void probe_bio_bounce(void *data, struct bio *bio)
{
	blk_bio_action(bio, BLK_TA_BOUNCE, 0, NULL, 0);
}

static void probe_bio_complete(void *data, struct request_queue *q,
			       struct bio *bio)
{
	blk_action(q, bio->bi_iter.bi_sector, bio->bi_iter.bi_size,
		   bio->bi_opf, BLK_TA_COMPLETE,
		   blk_status_to_errno(bio->bi_status), NULL, 0,
		   blk_bio_cgid(bio));
}

static void probe_bio_backmerge(void *data, struct bio *bio)
{
	blk_bio_action(bio, BLK_TA_BACKMERGE, 0, NULL, 0);
}

static void probe_bio_frontmerge(void *data, struct bio *bio)
{
	blk_bio_action(bio, BLK_TA_FRONTMERGE, 0, NULL, 0);
}

static void probe_bio_queue(void *data, struct bio *bio)
{
	blk_bio_action(bio, BLK_TA_QUEUE, 0, NULL, 0);
}

static void probe_getrq(void *data, struct bio *bio)
{
	blk_bio_action(bio, BLK_TA_GETRQ, 0, NULL, 0);
}

static void probe_plug(void *data, struct request_queue *q)
{
	blk_action(q, 0, 0, 0, BLK_TA_PLUG, 0, NULL, 0, 0);
}

/* The pdu of an unplug is the queue depth, of a split the new sector. */
static void probe_unplug(void *data, struct request_queue *q,
			 unsigned int depth, bool explicit)
{
	__be64 pdu = cpu_to_be64(depth);

	blk_action(q, 0, 0, 0, explicit ? BLK_TA_UNPLUG_IO :
		   BLK_TA_UNPLUG_TIMER, 0, &pdu, sizeof(pdu), 0);
}

static void probe_split(void *data, struct bio *bio, unsigned int new_sector)
{
	__be64 pdu = cpu_to_be64(new_sector);

	blk_bio_action(bio, BLK_TA_SPLIT, blk_status_to_errno(bio->bi_status),
		       &pdu, sizeof(pdu));
}

static void probe_bio_remap(void *data, struct bio *bio, dev_t dev,
			    sector_t from)
{
	struct blk_io_trace_remap r = {
		.device_from	= cpu_to_be32(dev),
		.device_to	= cpu_to_be32(bio_dev(bio)),
		.sector_from	= cpu_to_be64(from),
	};

	blk_bio_action(bio, BLK_TA_REMAP, blk_status_to_errno(bio->bi_status),
		       &r, sizeof(r));
}

static void probe_rq_remap(void *data, struct request *rq, dev_t dev,
			   sector_t from)
{
	struct blk_io_trace_remap r = {
		.device_from	= cpu_to_be32(dev),
		.device_to	= cpu_to_be32(disk_devt(rq->q->disk)),
		.sector_from	= cpu_to_be64(from),
	};

	blk_action(rq->q, blk_rq_pos(rq), blk_rq_bytes(rq), rq->cmd_flags,
		   BLK_TA_REMAP, 0, &r, sizeof(r), blk_bio_cgid(rq->bio));
}

static void blk_probes_detach(void)
{
	unregister_trace_block_rq_insert(probe_rq_insert, NULL);
	unregister_trace_block_rq_issue(probe_rq_issue, NULL);
	unregister_trace_block_rq_merge(probe_rq_merge, NULL);
	unregister_trace_block_rq_requeue(probe_rq_requeue, NULL);
	unregister_trace_block_rq_complete(probe_rq_complete, NULL);
	unregister_trace_block_bio_bounce(probe_bio_bounce, NULL);
	unregister_trace_block_bio_complete(probe_bio_complete, NULL);
	unregister_trace_block_bio_backmerge(probe_bio_backmerge, NULL);
	unregister_trace_block_bio_frontmerge(probe_bio_frontmerge, NULL);
	unregister_trace_block_bio_queue(probe_bio_queue, NULL);
	unregister_trace_block_getrq(probe_getrq, NULL);
	unregister_trace_block_plug(probe_plug, NULL);
	unregister_trace_block_unplug(probe_unplug, NULL);
	unregister_trace_block_split(probe_split, NULL);
	unregister_trace_block_bio_remap(probe_bio_remap, NULL);
	unregister_trace_block_rq_remap(probe_rq_remap, NULL);
	tracepoint_synchronize_unregister();
}

/*
 * Attach every probe or none: on a failure the ones attached come off
 * again (unregistering one never attached fails harmlessly).
 */
static int blk_probes_attach(void)
{
	int ret;

	ret = register_trace_block_rq_insert(probe_rq_insert, NULL) ?:
	      register_trace_block_rq_issue(probe_rq_issue, NULL) ?:
	      register_trace_block_rq_merge(probe_rq_merge, NULL) ?:
	      register_trace_block_rq_requeue(probe_rq_requeue, NULL) ?:
	      register_trace_block_rq_complete(probe_rq_complete, NULL) ?:
	      register_trace_block_bio_bounce(probe_bio_bounce, NULL) ?:
	      register_trace_block_bio_complete(probe_bio_complete, NULL) ?:
	      register_trace_block_bio_backmerge(probe_bio_backmerge, NULL) ?:
	      register_trace_block_bio_frontmerge(probe_bio_frontmerge, NULL) ?:
	      register_trace_block_bio_queue(probe_bio_queue, NULL) ?:
	      register_trace_block_getrq(probe_getrq, NULL) ?:
	      register_trace_block_plug(probe_plug, NULL) ?:
	      register_trace_block_unplug(probe_unplug, NULL) ?:
	      register_trace_block_split(probe_split, NULL) ?:
	      register_trace_block_bio_remap(probe_bio_remap, NULL) ?:
	      register_trace_block_rq_remap(probe_rq_remap, NULL);
	if (ret)
		blk_probes_detach();
	return ret;
}

static int blk_probes_get(void)
{
	int ret = 0;

	mutex_lock(&blk_probes_mutex);
	if (!blk_probes_users)
		ret = blk_probes_attach();
	if (!ret)
		blk_probes_users++;
	mutex_unlock(&blk_probes_mutex);
	return ret;
}

static void blk_probes_put(void)
{
	mutex_lock(&blk_probes_mutex);
	if (!--blk_probes_users)
		blk_probes_detach();
	mutex_unlock(&blk_probes_mutex);
}

/**
 * blk_add_driver_data() - add a driver's binary data to a request's trace
 * @rq: the request
 * @data: the data, recorded as the pdu of a BLK_TA_DRV_DATA record
 * @len: its length in bytes
 */
void blk_add_driver_data(struct request *rq, void *data, size_t len)
{
	blk_action(rq->q, blk_rq_trace_sector(rq), blk_rq_bytes(rq), 0,
		   BLK_TA_DRV_DATA, 0, data, len, blk_bio_cgid(rq->bio));
}
EXPORT_SYMBOL_GPL(blk_add_driver_data);

/**
 * __blk_trace_note_message() - add a text message to a trace
 * @bt: the trace (the caller holds the RCU read lock)
 * @css: the cgroup the message is about, or NULL
 * @fmt: printf() format of the message; BLK_TN_MAX_MSG bytes at most
 *	are kept
 *
 * For blk_add_trace_msg() and the msg file.  Nothing is recorded unless
 * the trace is started (or the blk tracer runs) and its act_mask has
 * "notify".
 */
void __blk_trace_note_message(struct blk_trace *bt,
			      struct cgroup_subsys_state *css,
			      const char *fmt, ...)
{
	char msg[BLK_TN_MAX_MSG];
	unsigned long flags;
	u64 cgid = 0;
	va_list args;
	int len;

	if (READ_ONCE(bt->trace_state) != Blktrace_running &&
	    !READ_ONCE(blk_tracer_on))
		return;
	if (!(bt->act_mask & BLK_TC_NOTIFY))
		return;
	va_start(args, fmt);
	len = vscnprintf(msg, sizeof(msg), fmt, args);
	va_end(args);
#ifdef CONFIG_BLK_CGROUP
	/* As 6.12: a message always carries a cgroup, the root's if none. */
	if (css && (global_trace.trace_flags & TRACE_ITER(BLK_CGROUP)))
		cgid = cgroup_id(css->cgroup);
	else
		cgid = 1;
#endif
	local_irq_save(flags);
	blk_note(bt, current->pid, BLK_TN_MESSAGE, msg, len, cgid);
	local_irq_restore(flags);
}
EXPORT_SYMBOL_GPL(__blk_trace_note_message);

/* ---- setting a trace up and down ---------------------------------------- */

static ssize_t dropped_read(struct file *filp, char __user *ubuf, size_t cnt,
			    loff_t *ppos)
{
	struct blk_trace *bt = filp->private_data;

	return trace_read_text(ubuf, cnt, ppos, "%u\n",
			       atomic_read(&bt->dropped));
}

static const struct file_operations dropped_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.read	= dropped_read,
	.llseek	= default_llseek,
};

static ssize_t msg_write(struct file *filp, const char __user *ubuf,
			 size_t cnt, loff_t *ppos)
{
	char *msg;

	if (cnt >= BLK_TN_MAX_MSG)
		return -EINVAL;
	msg = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(msg))
		return PTR_ERR(msg);
	__blk_trace_note_message(filp->private_data, NULL, "%s", msg);
	kfree(msg);
	return cnt;
}

/* 6.12's mode (user ABI): any user who reaches debugfs adds messages. */
static const umode_t blk_msg_mode = 0222;

static const struct file_operations msg_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.write	= msg_write,
	.llseek	= noop_llseek,
};

/*
 * A full channel does not wrap: the records that do not fit are
 * dropped, and counted for the dropped file.
 */
static int relay_subbuf_start(struct rchan_buf *buf, void *subbuf,
			      void *prev_subbuf, size_t prev_padding)
{
	struct blk_trace *bt = buf->chan->private_data;

	if (!relay_buf_full(buf))
		return 1;
	atomic_inc(&bt->dropped);
	return 0;
}

static struct dentry *relay_create_file(const char *name,
					struct dentry *parent, umode_t mode,
					struct rchan_buf *buf, int *is_global)
{
	return debugfs_create_file(name, mode, parent, buf,
				   &relay_file_operations);
}

static int relay_remove_file(struct dentry *dentry)
{
	debugfs_remove(dentry);
	return 0;
}

static const struct rchan_callbacks blk_relay_callbacks = {
	.subbuf_start		= relay_subbuf_start,
	.create_buf_file	= relay_create_file,
	.remove_buf_file	= relay_remove_file,
};

/* Free a trace that no probe can see any more, and its files. */
static void blk_trace_free(struct request_queue *q, struct blk_trace *bt)
{
	if (bt->rchan)
		relay_close(bt->rchan);
	/* A disk's own directory stays; the files in it go. */
	if (!bt->dir && bt->rchan && q->debugfs_dir) {
		debugfs_lookup_and_remove("dropped", q->debugfs_dir);
		debugfs_lookup_and_remove("msg", q->debugfs_dir);
	}
	debugfs_remove(bt->dir);
	free_percpu(bt->sequence);
	kfree(bt);
}

/*
 * A new trace of @bdev (or of a queue with no block device, @bdev NULL:
 * the whole LBA range), every category, not yet started.
 */
static struct blk_trace *blk_trace_new(struct block_device *bdev, dev_t dev)
{
	struct blk_trace *bt = kzalloc(sizeof(*bt), GFP_KERNEL);

	if (!bt)
		return NULL;
	bt->dev = dev;
	bt->act_mask = (u16)~0U;
	bt->end_lba = ~0ULL;
	if (bdev) {
		bt->start_lba = bdev->bd_start_sect;
		bt->end_lba = bdev->bd_start_sect + bdev_nr_sectors(bdev);
	}
	INIT_LIST_HEAD(&bt->running_list);
	return bt;
}

/* Give @q the trace @bt, and attach the probes for it. */
static int blk_trace_install(struct request_queue *q, struct blk_trace *bt)
{
	int ret = blk_probes_get();

	if (ret)
		return ret;
	rcu_assign_pointer(q->blk_trace, bt);
	return 0;
}

/*
 * The channel and its files: in the disk's own debugfs directory, or
 * for a partition (or a queue without a disk) in a directory of its
 * name that goes with the trace.
 */
static int blk_trace_open_relay(struct request_queue *q, struct blk_trace *bt,
				struct block_device *bdev, const char *name,
				const struct blk_user_trace_setup *buts)
{
	struct dentry *dir = q->debugfs_dir;

	bt->sequence = alloc_percpu(unsigned long);
	if (!bt->sequence)
		return -ENOMEM;
	if (!bdev || bdev_is_partition(bdev)) {
		dir = debugfs_create_dir(name, blk_debugfs_root);
		if (!IS_ERR(dir))
			bt->dir = dir;
	}
	if (IS_ERR_OR_NULL(dir))
		return -ENOENT;
	debugfs_create_file("dropped", 0444, dir, bt, &dropped_fops);
	debugfs_create_file("msg", blk_msg_mode, dir, bt, &msg_fops);
	bt->rchan = relay_open("trace", dir, buts->buf_size, buts->buf_nr,
			       &blk_relay_callbacks, bt);
	if (!bt->rchan) {
		/* blk_trace_free() removes these with the channel. */
		if (!bt->dir) {
			debugfs_lookup_and_remove("dropped", dir);
			debugfs_lookup_and_remove("msg", dir);
		}
		return -EIO;
	}
	return 0;
}

/* BLKTRACESETUP: @buts in, its name filled in. */
static int blk_trace_setup_locked(struct request_queue *q, const char *name,
				  dev_t dev, struct block_device *bdev,
				  struct blk_user_trace_setup *buts)
{
	struct blk_trace *bt;
	int ret;

	lockdep_assert_held(&q->debugfs_mutex);
	if (!buts->buf_size || !buts->buf_nr)
		return -EINVAL;
	strscpy_pad(buts->name, name, sizeof(buts->name));
	/* The name is a debugfs file name: "cciss/c0d0" has a slash. */
	strreplace(buts->name, '/', '_');
	if (rcu_access_pointer(q->blk_trace))
		return -EBUSY;
	bt = blk_trace_new(bdev, dev);
	if (!bt)
		return -ENOMEM;
	ret = blk_trace_open_relay(q, bt, bdev, buts->name, buts);
	if (ret)
		goto fail;
	/* A zero mask or bound asks for blk_trace_new()'s default. */
	bt->act_mask = buts->act_mask ?: bt->act_mask;
	bt->start_lba = buts->start_lba ?: bt->start_lba;
	bt->end_lba = buts->end_lba ?: bt->end_lba;
	bt->pid = buts->pid;
	bt->trace_state = Blktrace_setup;
	ret = blk_trace_install(q, bt);
	if (!ret)
		return 0;
fail:
	blk_trace_free(q, bt);
	return ret;
}

static int blk_trace_start(struct blk_trace *bt)
{
	struct timespec64 now;
	u32 words[2];

	if (bt->trace_state != Blktrace_setup &&
	    bt->trace_state != Blktrace_stopped)
		return -EINVAL;
	/* Every task names itself again before its first record. */
	WRITE_ONCE(blk_generation, blk_generation + 1);
	raw_spin_lock_irq(&blk_running_lock);
	list_add(&bt->running_list, &blk_running);
	raw_spin_unlock_irq(&blk_running_lock);
	WRITE_ONCE(bt->trace_state, Blktrace_running);

	/* The wall clock at the start, for blkparse's absolute times. */
	ktime_get_real_ts64(&now);
	words[0] = (u32)now.tv_sec;
	words[1] = now.tv_nsec;
	local_irq_disable();
	blk_note(bt, 0, BLK_TN_TIMESTAMP, words, sizeof(words), 0);
	local_irq_enable();
	return 0;
}

static int blk_trace_stop(struct blk_trace *bt)
{
	if (bt->trace_state != Blktrace_running)
		return -EINVAL;
	WRITE_ONCE(bt->trace_state, Blktrace_stopped);
	raw_spin_lock_irq(&blk_running_lock);
	list_del_init(&bt->running_list);
	raw_spin_unlock_irq(&blk_running_lock);
	relay_flush(bt->rchan);
	return 0;
}

static int blk_trace_startstop_locked(struct request_queue *q, bool start)
{
	struct blk_trace *bt;

	bt = rcu_dereference_protected(q->blk_trace,
				       lockdep_is_held(&q->debugfs_mutex));
	if (!bt)
		return -EINVAL;
	return start ? blk_trace_start(bt) : blk_trace_stop(bt);
}

/* Take @q's trace away, stopped, and free it after its probes. */
static int blk_trace_remove_locked(struct request_queue *q)
{
	struct blk_trace *bt = rcu_replace_pointer(q->blk_trace, NULL,
				lockdep_is_held(&q->debugfs_mutex));

	if (!bt)
		return -EINVAL;
	if (bt->trace_state == Blktrace_running)
		blk_trace_stop(bt);
	synchronize_rcu();
	blk_trace_free(q, bt);
	blk_probes_put();
	return 0;
}

/* Copy BLKTRACESETUP's argument in, set up, copy the name back out. */
static int blk_trace_setup_user(struct request_queue *q, const char *name,
				dev_t dev, struct block_device *bdev,
				char __user *arg)
{
	struct blk_user_trace_setup buts;
	int ret;

	if (copy_from_user(&buts, arg, sizeof(buts)))
		return -EFAULT;
	ret = blk_trace_setup_locked(q, name, dev, bdev, &buts);
	if (ret)
		return ret;
	if (copy_to_user(arg, &buts, sizeof(buts))) {
		blk_trace_remove_locked(q);
		return -EFAULT;
	}
	return 0;
}

#if defined(CONFIG_COMPAT) && defined(CONFIG_X86_64)
/*
 * Read BLKTRACESETUP32's argument (the 32-bit layout, no padding) into
 * the native struct; the name is left zeroed, the setup fills it in.
 */
static int blk_trace_setup_from_compat(struct blk_user_trace_setup *buts,
				       const char __user *arg)
{
	struct compat_blk_user_trace_setup in;

	if (copy_from_user(&in, arg, sizeof(in)))
		return -EFAULT;
	memset(buts, 0, sizeof(*buts));
	buts->act_mask = in.act_mask;
	buts->buf_size = in.buf_size;
	buts->buf_nr = in.buf_nr;
	buts->start_lba = in.start_lba;
	buts->end_lba = in.end_lba;
	buts->pid = in.pid;
	return 0;
}

/* BLKTRACESETUP32: set up as BLKTRACESETUP does; only the name goes back. */
static int blk_trace_setup_compat(struct request_queue *q, const char *name,
				  dev_t dev, struct block_device *bdev,
				  char __user *arg)
{
	struct blk_user_trace_setup buts;
	int ret;

	ret = blk_trace_setup_from_compat(&buts, arg) ?:
	      blk_trace_setup_locked(q, name, dev, bdev, &buts);
	if (ret)
		return ret;
	if (copy_to_user(arg, buts.name, sizeof(buts.name))) {
		blk_trace_remove_locked(q);
		return -EFAULT;
	}
	return 0;
}
#endif

/**
 * blk_trace_setup() - set up a trace of a queue (BLKTRACESETUP)
 * @q: the queue
 * @name: the device's name, for the debugfs files
 * @dev: the device number the records carry
 * @bdev: the block device, or NULL (the SCSI generic driver's queues)
 * @arg: the user's &struct blk_user_trace_setup; its name is filled in
 *
 * Return: 0, -EINVAL (no buffer size or count), -EBUSY (the queue has a
 * trace), -EFAULT, -ENOENT (no debugfs directory), -ENOMEM or -EIO.
 */
int blk_trace_setup(struct request_queue *q, char *name, dev_t dev,
		    struct block_device *bdev, char __user *arg)
{
	int ret;

	mutex_lock(&q->debugfs_mutex);
	ret = blk_trace_setup_user(q, name, dev, bdev, arg);
	mutex_unlock(&q->debugfs_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(blk_trace_setup);

/**
 * blk_trace_startstop() - start or stop a queue's trace
 * @q: the queue
 * @start: non-zero to start (BLKTRACESTART), zero to stop (BLKTRACESTOP)
 *
 * Return: 0, or -EINVAL when there is no trace or it is already so.
 */
int blk_trace_startstop(struct request_queue *q, int start)
{
	int ret;

	mutex_lock(&q->debugfs_mutex);
	ret = blk_trace_startstop_locked(q, start);
	mutex_unlock(&q->debugfs_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(blk_trace_startstop);

/**
 * blk_trace_remove() - stop a queue's trace and free it (BLKTRACETEARDOWN)
 * @q: the queue
 *
 * Return: 0, or -EINVAL when the queue has no trace.
 */
int blk_trace_remove(struct request_queue *q)
{
	int ret;

	mutex_lock(&q->debugfs_mutex);
	ret = blk_trace_remove_locked(q);
	mutex_unlock(&q->debugfs_mutex);
	return ret;
}
EXPORT_SYMBOL_GPL(blk_trace_remove);

/**
 * blk_trace_ioctl() - the BLKTRACE* ioctls of a block device
 * @bdev: the device
 * @cmd: BLKTRACESETUP, BLKTRACESETUP32, BLKTRACESTART, BLKTRACESTOP or
 *	BLKTRACETEARDOWN
 * @arg: the setup's argument
 *
 * Return: 0, -ENOTTY for another @cmd, or the error of the command.
 */
int blk_trace_ioctl(struct block_device *bdev, unsigned int cmd,
		    char __user *arg)
{
	struct request_queue *q = bdev_get_queue(bdev);
	char name[BDEVNAME_SIZE];
	int ret;

	mutex_lock(&q->debugfs_mutex);
	switch (cmd) {
	case BLKTRACESETUP:
		snprintf(name, sizeof(name), "%pg", bdev);
		ret = blk_trace_setup_user(q, name, bdev->bd_dev, bdev, arg);
		break;
#if defined(CONFIG_COMPAT) && defined(CONFIG_X86_64)
	case BLKTRACESETUP32:
		snprintf(name, sizeof(name), "%pg", bdev);
		ret = blk_trace_setup_compat(q, name, bdev->bd_dev, bdev, arg);
		break;
#endif
	case BLKTRACESTART:
	case BLKTRACESTOP:
		ret = blk_trace_startstop_locked(q, cmd == BLKTRACESTART);
		break;
	case BLKTRACETEARDOWN:
		ret = blk_trace_remove_locked(q);
		break;
	default:
		ret = -ENOTTY;
		break;
	}
	mutex_unlock(&q->debugfs_mutex);
	return ret;
}

/**
 * blk_trace_shutdown() - remove a queue's trace as its disk goes
 * @q: the queue
 *
 * Context: @q->debugfs_mutex held.
 */
void blk_trace_shutdown(struct request_queue *q)
{
	if (rcu_access_pointer(q->blk_trace))
		blk_trace_remove_locked(q);
}

/* ---- /sys/block/<dev>/trace ---------------------------------------------- */

/* act_mask's names, one per category bit, in bit order. */
static const char * const blk_category_names[] = {
	"read", "write", "flush", "sync", "queue", "requeue", "issue",
	"complete", "fs", "pc", "notify", "ahead", "meta", "discard",
	"drv_data", "fua",
};

/* "read,write", case ignored, empty words skipped; -EINVAL on others. */
static int blk_parse_mask(const char *text)
{
	char *buf, *s, *word;
	int i, mask = 0;

	buf = kstrdup(text, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	s = strstrip(buf);
	while ((word = strsep(&s, ",")) && mask >= 0) {
		if (!*word)
			continue;
		for (i = 0; i < ARRAY_SIZE(blk_category_names); i++)
			if (!strcasecmp(word, blk_category_names[i]))
				break;
		mask = i < ARRAY_SIZE(blk_category_names) ? mask | BIT(i) :
							    -EINVAL;
	}
	kfree(buf);
	return mask;
}

static int blk_show_mask(char *buf, u16 mask)
{
	int i, len = 0;

	for (i = 0; i < ARRAY_SIZE(blk_category_names); i++)
		if (mask & BIT(i))
			len += sysfs_emit_at(buf, len, "%s%s", len ? "," : "",
					     blk_category_names[i]);
	return len + sysfs_emit_at(buf, len, "\n");
}

enum blk_knob { KNOB_ENABLE, KNOB_ACT_MASK, KNOB_PID, KNOB_START, KNOB_END };

struct blk_knob_attr {
	struct device_attribute	attr;
	enum blk_knob		knob;
};

static ssize_t knob_show(struct device *dev, struct device_attribute *attr,
			 char *buf)
{
	enum blk_knob knob = container_of(attr, struct blk_knob_attr,
					  attr)->knob;
	struct request_queue *q = bdev_get_queue(dev_to_bdev(dev));
	struct blk_trace *bt;
	ssize_t ret;

	mutex_lock(&q->debugfs_mutex);
	bt = rcu_dereference_protected(q->blk_trace,
				       lockdep_is_held(&q->debugfs_mutex));
	if (knob == KNOB_ENABLE)
		ret = sysfs_emit(buf, "%u\n", !!bt);
	else if (!bt)
		ret = sysfs_emit(buf, "disabled\n");
	else if (knob == KNOB_ACT_MASK)
		ret = blk_show_mask(buf, bt->act_mask);
	else if (knob == KNOB_PID)
		ret = sysfs_emit(buf, "%u\n", bt->pid);
	else
		ret = sysfs_emit(buf, "%llu\n", knob == KNOB_START ?
				 bt->start_lba : bt->end_lba);
	mutex_unlock(&q->debugfs_mutex);
	return ret;
}

/* enable makes or removes a trace; the others make one if there is none. */
static ssize_t knob_store(struct device *dev, struct device_attribute *attr,
			  const char *buf, size_t count)
{
	enum blk_knob knob = container_of(attr, struct blk_knob_attr,
					  attr)->knob;
	struct block_device *bdev = dev_to_bdev(dev);
	struct request_queue *q = bdev_get_queue(bdev);
	struct blk_trace *bt;
	u64 value;
	int ret = 0;

	if (!count)
		return -EINVAL;
	if (kstrtoull(buf, 0, &value)) {
		if (knob != KNOB_ACT_MASK)
			return -EINVAL;
		ret = blk_parse_mask(buf);
		if (ret < 0)
			return ret;
		value = ret;
		ret = 0;
	}

	mutex_lock(&q->debugfs_mutex);
	bt = rcu_dereference_protected(q->blk_trace,
				       lockdep_is_held(&q->debugfs_mutex));
	if (knob == KNOB_ENABLE) {
		if (!value && bt)
			ret = blk_trace_remove_locked(q);
		if (!value || bt)
			goto out;
	}
	if (!bt) {
		bt = blk_trace_new(bdev, bdev->bd_dev);
		ret = bt ? blk_trace_install(q, bt) : -ENOMEM;
		if (ret) {
			kfree(bt);
			goto out;
		}
	}
	switch (knob) {
	case KNOB_ACT_MASK:
		WRITE_ONCE(bt->act_mask, value);
		break;
	case KNOB_PID:
		WRITE_ONCE(bt->pid, value);
		break;
	case KNOB_START:
		WRITE_ONCE(bt->start_lba, value);
		break;
	case KNOB_END:
		WRITE_ONCE(bt->end_lba, value);
		break;
	default:
		break;
	}
out:
	mutex_unlock(&q->debugfs_mutex);
	return ret ?: count;
}

#define BLK_KNOB(_name, _knob)						\
	static struct blk_knob_attr knob_##_name = {			\
		.attr	= __ATTR(_name, 0644, knob_show, knob_store),	\
		.knob	= _knob,					\
	}

BLK_KNOB(enable, KNOB_ENABLE);
BLK_KNOB(act_mask, KNOB_ACT_MASK);
BLK_KNOB(pid, KNOB_PID);
BLK_KNOB(start_lba, KNOB_START);
BLK_KNOB(end_lba, KNOB_END);

static struct attribute *blk_trace_attrs[] = {
	&knob_enable.attr.attr,
	&knob_act_mask.attr.attr,
	&knob_pid.attr.attr,
	&knob_start_lba.attr.attr,
	&knob_end_lba.attr.attr,
	NULL
};

/* The trace/ directory of every disk and partition (genhd.c, core.c). */
struct attribute_group blk_trace_attr_group = {
	.name	= "trace",
	.attrs	= blk_trace_attrs,
};

/* ---- the blk tracer: records as text ------------------------------------- */

/* A TRACE_BLK record: the common fields, then the binary record. */
struct blk_entry {
	struct trace_entry	ent;
	struct blk_io_trace	t;
	/* then the cgroup id if __BLK_TA_CGROUP, then the pdu */
};

static const struct blk_io_trace *blk_of(const struct trace_iterator *iter)
{
	return &((const struct blk_entry *)iter->ent)->t;
}

static bool blk_has_cgid(const struct blk_io_trace *t)
{
	return t->action & __BLK_TA_CGROUP;
}

static const void *blk_pdu(const struct blk_io_trace *t)
{
	return (const void *)(t + 1) + (blk_has_cgid(t) ? sizeof(u64) : 0);
}

static unsigned int blk_pdu_len(const struct blk_io_trace *t)
{
	unsigned int cglen = blk_has_cgid(t) ? sizeof(u64) : 0;

	return t->pdu_len > cglen ? t->pdu_len - cglen : 0;
}

static u64 blk_pdu_u64(const struct blk_io_trace *t)
{
	__be64 v = 0;

	memcpy(&v, blk_pdu(t), min_t(unsigned int, blk_pdu_len(t), sizeof(v)));
	return be64_to_cpu(v);
}

static bool blk_is_message(const struct blk_io_trace *t)
{
	return (t->action & ~__BLK_TN_CGROUP) == BLK_TN_MESSAGE;
}

/* How the text of an action ends, after the device, action and rwbs. */
enum blk_tail { TAIL_IO, TAIL_ERROR, TAIL_REMAP, TAIL_PLUG, TAIL_UNPLUG,
		TAIL_SPLIT };

static const struct {
	const char	*name[2];	/* short, and with the verbose option */
	enum blk_tail	tail;
} blk_actions[] = {
	[__BLK_TA_QUEUE]	= { { "Q", "queue" }, TAIL_IO },
	[__BLK_TA_BACKMERGE]	= { { "M", "backmerge" }, TAIL_IO },
	[__BLK_TA_FRONTMERGE]	= { { "F", "frontmerge" }, TAIL_IO },
	[__BLK_TA_GETRQ]	= { { "G", "getrq" }, TAIL_IO },
	[__BLK_TA_SLEEPRQ]	= { { "S", "sleeprq" }, TAIL_IO },
	[__BLK_TA_REQUEUE]	= { { "R", "requeue" }, TAIL_ERROR },
	[__BLK_TA_ISSUE]	= { { "D", "issue" }, TAIL_IO },
	[__BLK_TA_COMPLETE]	= { { "C", "complete" }, TAIL_ERROR },
	[__BLK_TA_PLUG]		= { { "P", "plug" }, TAIL_PLUG },
	[__BLK_TA_UNPLUG_IO]	= { { "U", "unplug_io" }, TAIL_UNPLUG },
	[__BLK_TA_UNPLUG_TIMER]	= { { "UT", "unplug_timer" }, TAIL_UNPLUG },
	[__BLK_TA_INSERT]	= { { "I", "insert" }, TAIL_IO },
	[__BLK_TA_SPLIT]	= { { "X", "split" }, TAIL_SPLIT },
	[__BLK_TA_BOUNCE]	= { { "B", "bounce" }, TAIL_IO },
	[__BLK_TA_REMAP]	= { { "A", "remap" }, TAIL_REMAP },
};

/* The rwbs letters of a record, from its categories (blkparse's). */
static void blk_rwbs(char *rwbs, const struct blk_io_trace *t)
{
	u32 tc = t->action >> BLK_TC_SHIFT;

	if (blk_is_message(t)) {
		rwbs[0] = 'N';
		rwbs[1] = '\0';
		return;
	}
	if (tc & BLK_TC_FLUSH)
		*rwbs++ = 'F';
	if (tc & BLK_TC_DISCARD)
		*rwbs++ = 'D';
	else if (tc & BLK_TC_WRITE)
		*rwbs++ = 'W';
	else
		*rwbs++ = t->bytes ? 'R' : 'N';
	if (tc & BLK_TC_FUA)
		*rwbs++ = 'F';
	if (tc & BLK_TC_AHEAD)
		*rwbs++ = 'A';
	if (tc & BLK_TC_SYNC)
		*rwbs++ = 'S';
	if (tc & BLK_TC_META)
		*rwbs++ = 'M';
	*rwbs = '\0';
}

/*
 * "(00 01 ..) ": the pdu in hex; of trailing zero bytes, only the first
 * is shown, and ".." for the rest.
 */
static void blk_print_pdu(struct trace_seq *s, const struct blk_io_trace *t)
{
	const u8 *pdu = blk_pdu(t);
	int len = blk_pdu_len(t), end = len, i;

	if (!len)
		return;
	while (end > 0 && !pdu[end - 1])
		end--;
	/* end: one past the last non-zero byte; shown up to and with it */
	if (end >= len - 1)
		end = len - 1;
	trace_seq_putc(s, '(');
	for (i = 0; i <= end; i++)
		trace_seq_printf(s, "%s%02x", i ? " " : "", pdu[i]);
	trace_seq_puts(s, end < len - 1 ? " ..) " : ") ");
}

/* "<major>,<minor> <act> <rwbs> ", with the cgroup when there is one. */
static void blk_print_head(struct trace_iterator *iter, const char *act,
			   bool classic)
{
	const struct blk_io_trace *t = blk_of(iter);
	struct trace_seq *s = &iter->seq;
	char rwbs[RWBS_LEN];
	u64 ts = iter->ts;

	blk_rwbs(rwbs, t);
	trace_seq_printf(s, "%3d,%-3d ", MAJOR(t->device), MINOR(t->device));
	if (classic) {
		u32 ns = do_div(ts, NSEC_PER_SEC);

		trace_seq_printf(s, "%2d %5llu.%09u %5u ", iter->cpu, ts, ns,
				 iter->ent->pid);
	} else if (blk_has_cgid(t)) {
		u64 id = *(const u64 *)(t + 1);

		if (iter->tr->trace_flags & TRACE_ITER(BLK_CGNAME)) {
			char path[NAME_MAX + 1] = "<...>";

			cgroup_path_from_kernfs_id(id, path, sizeof(path));
			trace_seq_printf(s, "%s ", path);
		} else {
			/* Low and high halves: a FILEID_INO32_GEN handle. */
			trace_seq_printf(s, "%llx,%-llx ", id & U32_MAX,
					 id >> 32);
		}
	}
	trace_seq_printf(s, "%2s %3s ", act, rwbs);
}

static void blk_print_tail(struct trace_iterator *iter, enum blk_tail tail)
{
	const struct blk_io_trace *t = blk_of(iter);
	const struct blk_io_trace_remap *r = blk_pdu(t);
	struct trace_seq *s = &iter->seq;
	bool pc = t->action & BLK_TC_ACT(BLK_TC_PC);
	u32 sectors = t->bytes >> 9;
	char comm[TASK_COMM_LEN];

	trace_find_cmdline(iter->ent->pid, comm);
	switch (tail) {
	case TAIL_IO:
		if (pc) {
			trace_seq_printf(s, "%u ", t->bytes);
			blk_print_pdu(s, t);
			trace_seq_printf(s, "[%s]\n", comm);
		} else if (sectors) {
			trace_seq_printf(s, "%llu + %u [%s]\n", t->sector,
					 sectors, comm);
		} else {
			trace_seq_printf(s, "[%s]\n", comm);
		}
		break;
	case TAIL_ERROR:
		if (pc) {
			blk_print_pdu(s, t);
			trace_seq_printf(s, "[%d]\n", t->error);
		} else if (sectors) {
			trace_seq_printf(s, "%llu + %u [%d]\n", t->sector,
					 sectors, t->error);
		} else {
			trace_seq_printf(s, "%llu [%d]\n", t->sector,
					 t->error);
		}
		break;
	case TAIL_REMAP:
		if (blk_pdu_len(t) < sizeof(*r)) {
			trace_seq_puts(s, "\n");
			break;
		}
		trace_seq_printf(s, "%llu + %u <- (%d,%d) %llu\n", t->sector,
				 sectors, MAJOR(be32_to_cpu(r->device_from)),
				 MINOR(be32_to_cpu(r->device_from)),
				 be64_to_cpu(r->sector_from));
		break;
	case TAIL_PLUG:
		trace_seq_printf(s, "[%s]\n", comm);
		break;
	case TAIL_UNPLUG:
		trace_seq_printf(s, "[%s] %llu\n", comm, blk_pdu_u64(t));
		break;
	case TAIL_SPLIT:
		trace_seq_printf(s, "%llu / %llu [%s]\n", t->sector,
				 blk_pdu_u64(t), comm);
		break;
	}
}

static enum print_line_t blk_print(struct trace_iterator *iter, bool classic)
{
	const struct blk_io_trace *t = blk_of(iter);
	bool verbose = iter->tr->trace_flags & TRACE_ITER(VERBOSE);
	u32 what = t->action & BLK_ACT_MASK & ~__BLK_TA_CGROUP;
	struct trace_seq *s = &iter->seq;

	if (blk_is_message(t)) {
		blk_print_head(iter, verbose ? "message" : "m", classic);
		trace_seq_putmem(s, blk_pdu(t), blk_pdu_len(t));
		trace_seq_putc(s, '\n');
	} else if (what && what < ARRAY_SIZE(blk_actions)) {
		blk_print_head(iter, blk_actions[what].name[verbose], classic);
		blk_print_tail(iter, blk_actions[what].tail);
	} else {
		trace_seq_printf(s, "Unknown action %x\n", what);
	}
	return trace_handle_return(s);
}

static enum print_line_t blk_event_text(struct trace_iterator *iter,
					int flags, struct trace_event *event)
{
	return blk_print(iter, false);
}

/*
 * The bin option: the record as blktrace writes it, with the session's
 * time stamp and no sequence number.
 */
static enum print_line_t blk_event_binary(struct trace_iterator *iter,
					  int flags, struct trace_event *event)
{
	struct blk_io_trace t = *blk_of(iter);

	t.magic = BLK_IO_TRACE_MAGIC | BLK_IO_TRACE_VERSION;
	t.sequence = 0;
	t.time = iter->ts;
	trace_seq_putmem(&iter->seq, &t, sizeof(t));
	trace_seq_putmem(&iter->seq, blk_of(iter) + 1, t.pdu_len);
	return trace_handle_return(&iter->seq);
}

static struct trace_event_functions blk_event_funcs = {
	.trace	= blk_event_text,
	.binary	= blk_event_binary,
};

static struct trace_event blk_event = {
	.type	= TRACE_BLK,
	.funcs	= &blk_event_funcs,
};

/* blk_classic: the whole line is the tracer's, blkparse's columns. */
static enum print_line_t blk_tracer_print_line(struct trace_iterator *iter)
{
	if (iter->ent->type != TRACE_BLK ||
	    !(iter->tr->trace_flags & TRACE_ITER(BLK_CLASSIC)))
		return TRACE_TYPE_UNHANDLED;
	return blk_print(iter, true);
}

static void blk_tracer_print_header(struct seq_file *m,
				    struct trace_iterator *iter)
{
	if (!(iter->tr->trace_flags & TRACE_ITER(BLK_CLASSIC)))
		return;
	seq_puts(m, "# DEV   CPU TIMESTAMP     PID ACT FLG\n"
		    "#  |     |     |           |   |   |\n");
}

/* blk_classic's lines have their own context: the session's is off. */
static int blk_tracer_set_option(struct trace_array *tr, int bit, bool on)
{
	if (bit == TRACE_ITER_BLK_CLASSIC_BIT) {
		if (on)
			tr->trace_flags &= ~TRACE_ITER(CONTEXT_INFO);
		else
			tr->trace_flags |= TRACE_ITER(CONTEXT_INFO);
	}
	return 0;
}

/* As 6.12: the top level only, the one session with block records. */
static int blk_tracer_start(struct trace_array *tr)
{
	int ret;

	if (tr != &global_trace)
		return -EINVAL;
	ret = trace_event_enable_cmdline_record(true);
	if (ret)
		return ret;
	blk_tr = tr;
	WRITE_ONCE(blk_tracer_on, true);
	return 0;
}

static void blk_tracer_stop(struct trace_array *tr)
{
	WRITE_ONCE(blk_tracer_on, false);
	trace_event_enable_cmdline_record(false);
}

static const struct tracer blk_tracer = {
	.name		= "blk",
	.top_only	= true,
	.start		= blk_tracer_start,
	.stop		= blk_tracer_stop,
	.options	= TRACE_ITER(BLK_CLASSIC) |
			  (IS_ENABLED(CONFIG_BLK_CGROUP) ?
			   TRACE_ITER(BLK_CGROUP) | TRACE_ITER(BLK_CGNAME) : 0),
	.set_option	= blk_tracer_set_option,
	.print_line	= blk_tracer_print_line,
	.print_header	= blk_tracer_print_header,
};

/*
 * Before the top level's files (fs_initcall), for options/blk_classic;
 * linked after the other tracers, so that it is listed first, as in 6.12.
 */
static int __init blk_tracer_register(void)
{
	if (!register_trace_event(&blk_event))
		return -EBUSY;
	return register_tracer(&blk_tracer);
}
core_initcall(blk_tracer_register);

// SPDX-License-Identifier: GPL-2.0
/*
 * Ring buffer stress test: writers on every online CPU, from a task, from
 * an hrtimer interrupt that lands in the middle of the task's writes and,
 * on x86, from an NMI the timer sends itself (which lands in the middle of
 * the timer's write), against a reader thread consuming all CPUs at once.
 *
 * Every event carries its stream (CPU and context), a sequence number, a
 * length and a checksum.  The reader checks each event's checksum, that
 * each stream's sequence only grows, and that time stamps never go back
 * on a CPU.  At the end the books must balance exactly, per CPU:
 *
 *   attempted = recorded + refused          (the writers' own counts)
 *   refused   = dropped_events + commit_overrun
 *   recorded  = read + overrun
 *   and the overrun count equals both the lost events reported to the
 *   reader and the sequence gaps it saw
 *
 * With resize_ms set, the buffer is resized meanwhile, between subbufs and
 * twice as many pages, so shrinking drops unread events (overrun) and
 * writes refused during a resize count as dropped: the books still
 * balance.
 *
 * With order_ms set, the sub-buffer size switches between one and two
 * pages meanwhile.  That empties the buffer and resets its counters, so
 * the books cannot balance and are not checked, but every event read
 * must still be whole and in order.
 *
 * The test runs when the module loads; loading fails (-EINVAL) if any
 * check fails, after printing what went wrong and the books.  Judge a
 * run by the verdict line it prints, not by the loader's status alone:
 * busybox's insmod loads a module whose finit_module() failed a second
 * time, with init_module(), and reports the second run's result.
 */
#include <linux/cpu.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/random.h>
#include <linux/ring_buffer.h>
#include <linux/slab.h>

#include "../internal.h"
#ifdef CONFIG_X86_LOCAL_APIC
#include <asm/apic.h>
#include <asm/nmi.h>
#endif

static unsigned int duration_ms = 3000;
module_param(duration_ms, uint, 0444);
MODULE_PARM_DESC(duration_ms, "how long the writers run");

static unsigned int overwrite = 1;
module_param(overwrite, uint, 0444);
MODULE_PARM_DESC(overwrite, "1: overwrite mode, 0: producer/consumer mode");

static unsigned int subbufs = 8;
module_param(subbufs, uint, 0444);
MODULE_PARM_DESC(subbufs, "buffer size per CPU, in pages");

static unsigned int timer_us = 20;
module_param(timer_us, uint, 0444);
MODULE_PARM_DESC(timer_us, "interval of the interrupt writer");

static unsigned int resize_ms;
module_param(resize_ms, uint, 0444);
MODULE_PARM_DESC(resize_ms, "if non-zero, resize the buffer this often while the writers run");

static unsigned int order_ms;
module_param(order_ms, uint, 0444);
MODULE_PARM_DESC(order_ms, "if non-zero, switch the sub-buffer size between one and two pages this often (the books are then not checked)");

static unsigned int nmi = 1;
module_param(nmi, uint, 0444);
MODULE_PARM_DESC(nmi, "also write from NMIs, where the architecture can send them");

static unsigned int inject_error;
module_param(inject_error, uint, 0444);
MODULE_PARM_DESC(inject_error, "count one bad event that was not, and say so in the verdict (to test what judges the module)");

enum { STREAM_TASK, STREAM_IRQ, STREAM_NMI, NR_STREAMS };

struct stress_event {
	u16	cpu;
	u16	stream;
	u32	seq;
	u32	len;		/* bytes of data[] */
	u32	csum;
	u8	data[];
};

#define MAX_DATA	200

struct stress_stream {
	u32		seq;		/* next sequence number to write */
	u64		attempted;
	u64		recorded;
	u64		refused;
	u32		rnd;
};

struct stress_cpu {
	struct stress_stream	streams[NR_STREAMS];
	bool			nmi_pending;
	struct hrtimer		timer;
	struct task_struct	*writer;
	/* Reader's view. */
	u32			next_seq[NR_STREAMS];
	bool			seen[NR_STREAMS];
	u64			gaps;
	u64			lost;
	u64			read;
	u64			last_ts;
};

static struct trace_buffer *stress_buffer;
static struct stress_cpu *stress_cpus;
static atomic_t stress_errors;
static bool stress_stop;

static u32 stress_csum(const struct stress_event *ev)
{
	u32 sum = ev->cpu * 7 + ev->stream * 13 + ev->seq * 31 + ev->len;
	u32 i;

	for (i = 0; i < ev->len; i++)
		sum = sum * 33 + ev->data[i];
	return sum;
}

static void stress_write(int cpu, int stream)
{
	struct stress_stream *st = &stress_cpus[cpu].streams[stream];
	struct ring_buffer_event *rbe;
	struct stress_event *ev;
	u32 len, i;

	st->rnd = st->rnd * 1103515245 + 12345;
	len = (st->rnd >> 16) % MAX_DATA;
	st->attempted++;
	rbe = ring_buffer_lock_reserve(stress_buffer, sizeof(*ev) + len);
	if (!rbe) {
		st->refused++;
		return;
	}
	ev = ring_buffer_event_data(rbe);
	ev->cpu = cpu;
	ev->stream = stream;
	ev->seq = st->seq++;
	ev->len = len;
	for (i = 0; i < len; i++)
		ev->data[i] = ev->seq + i * 3;
	ev->csum = stress_csum(ev);
	ring_buffer_unlock_commit(stress_buffer);
	st->recorded++;
}

static bool stress_nmi_on;

#ifdef CONFIG_X86_LOCAL_APIC
static int stress_nmi_handler(unsigned int type, struct pt_regs *regs)
{
	struct stress_cpu *sc = &stress_cpus[smp_processor_id()];

	if (!READ_ONCE(sc->nmi_pending))
		return NMI_DONE;
	WRITE_ONCE(sc->nmi_pending, false);
	stress_write(smp_processor_id(), STREAM_NMI);
	return NMI_HANDLED;
}

static void stress_nmi_start(void)
{
	if (nmi && !register_nmi_handler(NMI_LOCAL, stress_nmi_handler, 0,
					 "rb_stress"))
		stress_nmi_on = true;
}

static void stress_nmi_stop(void)
{
	if (stress_nmi_on)
		unregister_nmi_handler(NMI_LOCAL, "rb_stress");
}

/* An NMI to this CPU; it arrives while the timer's own write runs. */
static void stress_nmi_send(int cpu)
{
	if (!stress_nmi_on || READ_ONCE(stress_cpus[cpu].nmi_pending))
		return;
	WRITE_ONCE(stress_cpus[cpu].nmi_pending, true);
	__apic_send_IPI_self(NMI_VECTOR);
}
#else
static void stress_nmi_start(void) { }
static void stress_nmi_stop(void) { }
static void stress_nmi_send(int cpu) { }
#endif

static enum hrtimer_restart stress_timer_fn(struct hrtimer *timer)
{
	if (READ_ONCE(stress_stop))
		return HRTIMER_NORESTART;
	stress_nmi_send(smp_processor_id());
	stress_write(smp_processor_id(), STREAM_IRQ);
	hrtimer_forward_now(timer, ns_to_ktime(timer_us * NSEC_PER_USEC));
	return HRTIMER_RESTART;
}

static void stress_start_timer(void *timer)
{
	hrtimer_start(timer, ns_to_ktime(timer_us * NSEC_PER_USEC),
		      HRTIMER_MODE_REL_PINNED_HARD);
}

static int stress_writer_fn(void *arg)
{
	int cpu = (long)arg;
	unsigned int n = 0;

	while (!READ_ONCE(stress_stop)) {
		preempt_disable();
		stress_write(cpu, STREAM_TASK);
		preempt_enable();
		if (!(++n % 64))
			cond_resched();
	}
	while (!kthread_should_stop())
		usleep_range(1000, 2000);
	return 0;
}

static void stress_error(const char *fmt, int cpu, u32 a, u32 b)
{
	if (atomic_inc_return(&stress_errors) <= 10)
		pr_err("ring_buffer_stress: cpu %d: %s (%u, %u)\n", cpu, fmt, a, b);
}

static void stress_check(int cpu, struct ring_buffer_event *rbe, u64 ts,
			 unsigned long lost)
{
	struct stress_cpu *sc = &stress_cpus[cpu];
	struct stress_event *ev = ring_buffer_event_data(rbe);

	sc->read++;
	sc->lost += lost;
	if (ts < sc->last_ts)
		stress_error("time went backwards", cpu, (u32)ts, (u32)sc->last_ts);
	sc->last_ts = ts;
	if (ev->cpu != cpu || ev->stream >= NR_STREAMS ||
	    ev->len >= MAX_DATA || ev->csum != stress_csum(ev)) {
		stress_error("corrupt event", cpu, ev->seq, ev->len);
		return;
	}
	if (sc->seen[ev->stream] && ev->seq != sc->next_seq[ev->stream]) {
		if ((s32)(ev->seq - sc->next_seq[ev->stream]) < 0)
			stress_error("event out of order", cpu, ev->seq,
				     sc->next_seq[ev->stream]);
		else
			sc->gaps += ev->seq - sc->next_seq[ev->stream];
	} else if (!sc->seen[ev->stream]) {
		sc->gaps += ev->seq;
	}
	sc->seen[ev->stream] = true;
	sc->next_seq[ev->stream] = ev->seq + 1;
}

/* Consume what is there on every CPU; return how many events. */
static unsigned long stress_drain(void)
{
	struct ring_buffer_event *rbe;
	unsigned long lost, n = 0;
	u64 ts;
	int cpu;

	for_each_online_cpu(cpu) {
		while ((rbe = ring_buffer_consume(stress_buffer, cpu, &ts, &lost))) {
			stress_check(cpu, rbe, ts, lost);
			n++;
		}
	}
	return n;
}

static int stress_reader_fn(void *arg)
{
	while (!kthread_should_stop()) {
		if (!stress_drain())
			usleep_range(50, 100);
		cond_resched();
	}
	return 0;
}

/*
 * Let the writers run for duration_ms, resizing the buffer or changing
 * its sub-buffer size if asked.
 */
static void stress_run(void)
{
	unsigned long end = jiffies + msecs_to_jiffies(duration_ms);
	unsigned int period = resize_ms ? resize_ms : order_ms;
	unsigned int changes = 0;
	int err = 0;

	if (!period) {
		msleep(duration_ms);
		return;
	}
	while (time_before(jiffies, end)) {
		msleep(period);
		changes++;
		err = 0;
		if (resize_ms)
			err = ring_buffer_resize(stress_buffer,
						 (changes & 1 ? 2 : 1) * subbufs * PAGE_SIZE,
						 RING_BUFFER_ALL_CPUS);
		if (!err && order_ms)
			err = ring_buffer_subbuf_order_set(stress_buffer,
							   changes & 1);
		if (err)
			stress_error("reconfiguration failed", -1, -err, changes);
	}
	pr_info("ring_buffer_stress: %u reconfigurations\n", changes);
}

/* Check the books of one CPU; true if they balance. */
static bool stress_books(int cpu)
{
	struct stress_cpu *sc = &stress_cpus[cpu];
	u64 attempted = 0, recorded = 0, refused = 0;
	unsigned long overrun, dropped, commit_overrun;
	bool ok;
	int s;

	for (s = 0; s < NR_STREAMS; s++) {
		attempted += sc->streams[s].attempted;
		recorded += sc->streams[s].recorded;
		refused += sc->streams[s].refused;
		/* Events lost at the end of a stream are gaps too. */
		sc->gaps += sc->streams[s].seq - (sc->seen[s] ? sc->next_seq[s] : 0);
	}
	overrun = ring_buffer_overrun_cpu(stress_buffer, cpu);
	dropped = ring_buffer_dropped_events_cpu(stress_buffer, cpu);
	commit_overrun = ring_buffer_commit_overrun_cpu(stress_buffer, cpu);

	ok = attempted == recorded + refused &&
	     refused == dropped + commit_overrun &&
	     recorded == sc->read + overrun &&
	     overrun == sc->lost && overrun == sc->gaps &&
	     ring_buffer_read_events_cpu(stress_buffer, cpu) == sc->read &&
	     ring_buffer_entries_cpu(stress_buffer, cpu) == 0;
	pr_info("ring_buffer_stress: cpu %d: written %llu (irq %llu, nmi %llu) read %llu overrun %lu lost %llu gaps %llu dropped %lu commit_overrun %lu: %s\n",
		cpu, attempted, sc->streams[STREAM_IRQ].attempted,
		sc->streams[STREAM_NMI].attempted, sc->read,
		overrun, sc->lost, sc->gaps, dropped, commit_overrun,
		ok ? "balanced" : "UNBALANCED");
	if (!ok) {
		struct rb_cpu *cb = stress_buffer->cpus[cpu];

		pr_info("ring_buffer_stress: cpu %d: attempted %llu recorded %llu refused %llu entries %lu wpos %lx cpos %lx committing %ld crossing %ld head %lx\n",
			cpu, attempted, recorded, refused,
			ring_buffer_entries_cpu(stress_buffer, cpu),
			local_read(&cb->wpos), local_read(&cb->cpos),
			local_read(&cb->committing), local_read(&cb->crossing),
			atomic_long_read(&cb->head));
	}
	return ok;
}

static int __init ring_buffer_stress_init(void)
{
	struct task_struct *reader;
	bool ok = true;
	int cpu, err = 0;

	stress_cpus = kcalloc(nr_cpu_ids, sizeof(*stress_cpus), GFP_KERNEL);
	stress_buffer = ring_buffer_alloc(subbufs * PAGE_SIZE,
					  overwrite ? RB_FL_OVERWRITE : 0);
	if (!stress_cpus || !stress_buffer) {
		err = -ENOMEM;
		goto out;
	}
	atomic_set(&stress_errors, 0);
	WRITE_ONCE(stress_stop, false);

	stress_nmi_start();
	cpus_read_lock();
	reader = kthread_run(stress_reader_fn, NULL, "rb_stress_reader");
	for_each_online_cpu(cpu) {
		struct stress_cpu *sc = &stress_cpus[cpu];

		sc->streams[STREAM_TASK].rnd = cpu * 3 + 1;
		sc->streams[STREAM_IRQ].rnd = cpu * 3 + 2;
		sc->streams[STREAM_NMI].rnd = cpu * 3 + 3;
		sc->writer = kthread_create_on_cpu(stress_writer_fn,
						   (void *)(long)cpu, cpu,
						   "rb_stress/%u");
		if (!IS_ERR(sc->writer))
			wake_up_process(sc->writer);
		hrtimer_init(&sc->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_PINNED_HARD);
		sc->timer.function = stress_timer_fn;
	}
	for_each_online_cpu(cpu)
		smp_call_function_single(cpu, stress_start_timer,
					 &stress_cpus[cpu].timer, 1);
	cpus_read_unlock();

	stress_run();

	WRITE_ONCE(stress_stop, true);
	for_each_online_cpu(cpu) {
		hrtimer_cancel(&stress_cpus[cpu].timer);
		if (!IS_ERR_OR_NULL(stress_cpus[cpu].writer))
			kthread_stop(stress_cpus[cpu].writer);
	}
	if (!IS_ERR(reader))
		kthread_stop(reader);
	stress_nmi_stop();
	stress_drain();

	for_each_online_cpu(cpu)
		ok &= order_ms || stress_books(cpu);
	if (inject_error)
		atomic_inc(&stress_errors);
	if (atomic_read(&stress_errors) || !ok) {
		pr_err("ring_buffer_stress: FAIL (%s%d bad events)\n",
		       inject_error ? "injected, " : "",
		       atomic_read(&stress_errors));
		err = -EINVAL;
	} else {
		pr_info("ring_buffer_stress: PASS (%s mode, %u ms%s%s)\n",
			overwrite ? "overwrite" : "producer/consumer", duration_ms,
			resize_ms ? ", resizing" : "",
			order_ms ? ", changing sub-buffer sizes" : "");
	}
out:
	ring_buffer_free(stress_buffer);
	kfree(stress_cpus);
	return err;
}

static void __exit ring_buffer_stress_exit(void)
{
}

module_init(ring_buffer_stress_init);
module_exit(ring_buffer_stress_exit);
MODULE_DESCRIPTION("Ring buffer stress test");
MODULE_LICENSE("GPL");

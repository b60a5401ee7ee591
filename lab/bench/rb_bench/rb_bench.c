// SPDX-License-Identifier: GPL-2.0
/*
 * rb_bench - ring buffer write-path benchmark.
 *
 * Built against our kernel and against the pristine base kernel from the
 * same source (the ring buffer API names are the same), so the figures
 * compare the two implementations.  For each payload size, two runs:
 *
 *   rb_write_<size>           one producer on one CPU, nothing else running:
 *                             the cost of reserve + fill + commit alone
 *   rb_write_pc_<size>        the same in producer/consumer mode: batches
 *                             of writes that fit, into an emptied buffer
 *   rb_reserve_commit_<size>  one producer per online CPU while a consumer
 *                             thread drains all CPUs
 *   rb_refused_<size>         producer/consumer mode, the CPU's buffer full
 *                             and nobody reading: a write that is refused
 *
 * and, once, two baselines for the instruction budget of
 * Documentation/trace/ring-buffer-design.rst:
 *
 *   rb_loop                   the producer's loop with no ring buffer call
 *   rb_clock                  the same loop reading sched_clock() once
 *
 * Each prints one line:
 *
 *   BENCH kernel=<tag> test=<name> ops=<N> recorded=<N> ns_per_op=<x>
 *
 * where ns_per_op is the producers' average time per event.  Under QEMU's
 * -icount the guest clock counts instructions: the single-producer figure
 * repeats from run to run; the concurrent one depends on how QEMU
 * interleaves the two vCPUs and varies, so it is run "reps" times and
 * the line gives the median, with min= and max= after it.
 */
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/ring_buffer.h>
#include <linux/sched/clock.h>
#include <linux/slab.h>
#include <linux/sort.h>

static char *tag = "unknown";
module_param(tag, charp, 0444);
MODULE_PARM_DESC(tag, "name printed with the results");

static unsigned int events = 200000;
module_param(events, uint, 0444);
MODULE_PARM_DESC(events, "events each producer writes per payload size");

static unsigned int reps = 7;
module_param(reps, uint, 0444);
MODULE_PARM_DESC(reps, "runs of each concurrent test; the median is reported");

static bool single_only;
module_param(single_only, bool, 0444);
MODULE_PARM_DESC(single_only, "only the single-producer rb_write tests");

#define MAX_REPS	15

static const unsigned int sizes[] = { 8, 64, 512 };

static struct trace_buffer *bench_buffer;
static unsigned int bench_size;
static atomic_t producers_left;
static atomic64_t producer_ns;
static atomic64_t written;
static u64 bench_sink;
static bool consumer_stop;
static DECLARE_COMPLETION(producers_done);

static int bench_producer(void *arg)
{
	struct ring_buffer_event *event;
	unsigned int i;
	u64 start;

	start = local_clock();
	for (i = 0; i < events; i++) {
		event = ring_buffer_lock_reserve(bench_buffer, bench_size);
		if (!event)
			continue;
		*(u64 *)ring_buffer_event_data(event) = i;
		ring_buffer_unlock_commit(bench_buffer);
		atomic64_inc(&written);
		if (!(i & 1023))
			cond_resched();
	}
	atomic64_add(local_clock() - start, &producer_ns);
	if (atomic_dec_and_test(&producers_left))
		complete(&producers_done);
	while (!kthread_should_stop())
		usleep_range(1000, 2000);
	return 0;
}

/*
 * The single producer's loop without the ring buffer (@with_clock: plus
 * one sched_clock() read, as a writer makes): what rb_write_<size> less
 * these leaves is the ring buffer's own cost.
 */
static noinline u64 bench_baseline(bool with_clock)
{
	unsigned int i;
	u64 start, sink = 0;

	preempt_disable();
	start = local_clock();
	for (i = 0; i < events; i++) {
		if (with_clock)
			sink += sched_clock();
		WRITE_ONCE(bench_sink, i + sink);
		atomic64_inc(&written);
	}
	start = local_clock() - start;
	preempt_enable();
	return start;
}

static int bench_consumer(void *arg)
{
	int cpu, n;

	while (!READ_ONCE(consumer_stop)) {
		n = 0;
		for_each_online_cpu(cpu)
			while (ring_buffer_consume(bench_buffer, cpu, NULL, NULL))
				n++;
		if (!n)
			usleep_range(20, 50);
	}
	return 0;
}

/* One run; returns the producers' total nanoseconds, or 0 on failure. */
static u64 bench_once(unsigned int size, bool concurrent,
		      unsigned int nr_producers)
{
	struct task_struct *consumer = ERR_PTR(-ENOENT), *producer[NR_CPUS];
	unsigned int nr = 0;
	int cpu;

	bench_size = size;
	bench_buffer = ring_buffer_alloc(1 << 20, RB_FL_OVERWRITE);
	if (!bench_buffer)
		return 0;
	atomic64_set(&producer_ns, 0);
	atomic64_set(&written, 0);
	WRITE_ONCE(consumer_stop, false);
	reinit_completion(&producers_done);
	if (concurrent)
		consumer = kthread_run(bench_consumer, NULL, "rb_bench_consumer");
	atomic_set(&producers_left, nr_producers);
	for_each_online_cpu(cpu) {
		if (nr == nr_producers)
			break;
		producer[nr] = kthread_create_on_cpu(bench_producer, NULL, cpu,
						     "rb_bench/%u");
		if (IS_ERR(producer[nr])) {
			atomic_dec(&producers_left);
			continue;
		}
		wake_up_process(producer[nr++]);
	}
	wait_for_completion(&producers_done);
	while (nr--)
		kthread_stop(producer[nr]);
	WRITE_ONCE(consumer_stop, true);
	if (!IS_ERR(consumer))
		kthread_stop(consumer);
	ring_buffer_free(bench_buffer);
	return atomic64_read(&producer_ns);
}

static int bench_cmp(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

static int bench_one(unsigned int size, bool concurrent)
{
	unsigned int nr_producers = concurrent ? num_online_cpus() : 1;
	unsigned int i, runs = concurrent ? clamp(reps, 1U, MAX_REPS) : 1;
	u64 ops = (u64)events * nr_producers, ns[MAX_REPS];
	char extra[64] = "";

	for (i = 0; i < runs; i++) {
		ns[i] = bench_once(size, concurrent, nr_producers);
		if (!ns[i])
			return -ENOMEM;
		/* In tenths of a nanosecond per event. */
		ns[i] = ns[i] * 10 / ops;
	}
	sort(ns, runs, sizeof(ns[0]), bench_cmp, NULL);
	if (runs > 1)
		snprintf(extra, sizeof(extra), " min=%llu.%llu max=%llu.%llu runs=%u",
			 ns[0] / 10, ns[0] % 10, ns[runs - 1] / 10,
			 ns[runs - 1] % 10, runs);
	/* recorded: reservations that succeeded (last run); the rest were refused. */
	pr_info("BENCH kernel=%s test=%s_%u ops=%llu recorded=%llu ns_per_op=%llu.%llu%s\n",
		tag, concurrent ? "rb_reserve_commit" : "rb_write", size, ops,
		(u64)atomic64_read(&written), ns[runs / 2] / 10,
		ns[runs / 2] % 10, extra);
	return 0;
}

static void bench_baselines(void)
{
	u64 ns;
	int clk;

	for (clk = 0; clk < 2; clk++) {
		atomic64_set(&written, 0);
		ns = bench_baseline(clk) * 10 / events;
		pr_info("BENCH kernel=%s test=%s ops=%u recorded=%llu ns_per_op=%llu.%llu\n",
			tag, clk ? "rb_clock" : "rb_loop", events,
			(u64)atomic64_read(&written), ns / 10, ns % 10);
	}
}

/*
 * @events writes into a producer/consumer buffer, none refused: in
 * batches that fill at most half of a CPU's megabyte, the buffer emptied
 * (ring_buffer_reset(), which sleeps) between them and out of the timing,
 * each batch on one CPU with preemption off.
 */
static int bench_pc(unsigned int size)
{
	struct trace_buffer *buffer = ring_buffer_alloc(1 << 20, 0);
	unsigned int batch = (1 << 19) / (size + 16), done, i, n;
	struct ring_buffer_event *event;
	unsigned long recorded = 0;
	u64 ns = 0, start;

	if (!buffer)
		return -ENOMEM;
	for (done = 0; done < events; done += n) {
		n = min(batch, events - done);
		ring_buffer_reset(buffer);
		preempt_disable();
		start = local_clock();
		for (i = 0; i < n; i++) {
			event = ring_buffer_lock_reserve(buffer, size);
			if (!event)
				continue;
			*(u64 *)ring_buffer_event_data(event) = i;
			ring_buffer_unlock_commit(buffer);
			recorded++;
		}
		ns += local_clock() - start;
		preempt_enable();
		cond_resched();
	}
	ring_buffer_free(buffer);
	ns = ns * 10 / events;
	/* recorded: every write, or the figure is not the one it says. */
	pr_info("BENCH kernel=%s test=rb_write_pc_%u ops=%u recorded=%lu ns_per_op=%llu.%llu\n",
		tag, size, events, recorded, ns / 10, ns % 10);
	return recorded == events ? 0 : -EIO;
}

/*
 * A producer/consumer buffer filled on this CPU, then @events writes
 * tried on the same CPU, preemption off throughout: every one refused.
 */
static int bench_refused(unsigned int size)
{
	struct trace_buffer *buffer = ring_buffer_alloc(1 << 16, 0);
	struct ring_buffer_event *event;
	unsigned long recorded = 0;
	unsigned int i;
	u64 ns;

	if (!buffer)
		return -ENOMEM;
	preempt_disable();
	/* Fill it: a 64 KB buffer takes fewer than 1 << 16 events. */
	for (i = 0; i < 1 << 16; i++) {
		event = ring_buffer_lock_reserve(buffer, size);
		if (!event)
			break;
		ring_buffer_unlock_commit(buffer);
	}
	ns = local_clock();
	for (i = 0; i < events; i++) {
		event = ring_buffer_lock_reserve(buffer, size);
		if (event) {
			ring_buffer_unlock_commit(buffer);
			recorded++;
		}
	}
	ns = (local_clock() - ns) * 10 / events;
	preempt_enable();
	ring_buffer_free(buffer);
	pr_info("BENCH kernel=%s test=rb_refused_%u ops=%u recorded=%lu ns_per_op=%llu.%llu\n",
		tag, size, events, recorded, ns / 10, ns % 10);
	return 0;
}

static int __init rb_bench_init(void)
{
	unsigned int i;
	int err;

	bench_baselines();
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		err = bench_one(sizes[i], false);
		if (!err)
			err = bench_pc(sizes[i]);
		if (!err)
			err = bench_refused(sizes[i]);
		if (!err && !single_only)
			err = bench_one(sizes[i], true);
		if (err)
			return err;
	}
	return 0;
}

static void __exit rb_bench_exit(void)
{
}

module_init(rb_bench_init);
module_exit(rb_bench_exit);
MODULE_DESCRIPTION("Ring buffer write-path benchmark");
MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0-only
/*
 * The trace events sample: a module whose thread emits each event of
 * trace-events-sample.h once a second.  Load it, then:
 *
 *   echo 1 > /sys/kernel/tracing/events/sample-trace/enable
 *   cat /sys/kernel/tracing/trace_pipe
 *
 * It may be unloaded while its events are enabled: the tracing core
 * detaches the probes and removes events/sample-trace/ first.
 */
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/mutex.h>

/*
 * The one .c file that defines CREATE_TRACE_POINTS before including the
 * event header: here the events are created.  Other files include the
 * header plainly and only get trace_sample_fields() and friends.
 */
#define CREATE_TRACE_POINTS
#include "trace-events-sample.h"

static struct task_struct *sample_thread;
static struct task_struct *fn_thread;
static DEFINE_MUTEX(fn_lock);
static int fn_users;

/* Calls a printf-like event: the va_list is handed to __vstring(). */
static void emit_fields(const char *foo, int cnt, const char *fmt, ...)
{
	static const int lst[] = { 1, 2, 3, 5, 8 };
	va_list va;

	va_start(va, fmt);
	trace_sample_fields(foo, cnt, lst, ARRAY_SIZE(lst), "string",
			    cpu_online_mask, fmt, &va);
	va_end(va);
}

static void emit_all(int cnt)
{
	static const u8 bytes[] = { 0xca, 0xfe, 0x00, 0x42 };
	unsigned long flags = (cnt & 1 ? SAMPLE_FLAG_ODD : 0) |
			      (cnt > 100 ? SAMPLE_FLAG_BIG : 0) |
			      (cnt < 3 ? SAMPLE_FLAG_NEW : 0);

	/*
	 * trace_sample_fields_enabled() is true while the event is enabled: use
	 * it to skip work done only for the event.
	 */
	if (trace_sample_fields_enabled())
		emit_fields("hello", cnt, "formatted %d", cnt * 2);
	trace_sample_every_tenth("every tenth call", cnt);
	trace_sample_class_plain("class member", cnt, flags);
	trace_sample_class_big("only past 100", cnt, flags);
	trace_sample_class_print("printed its own way", cnt, flags);
	trace_sample_bytes(bytes, sizeof(bytes));
}

static int sample_thread_fn(void *arg)
{
	int cnt = 0;

	while (!kthread_should_stop()) {
		emit_all(cnt++);
		msleep_interruptible(1000);
	}
	return 0;
}

/* The second thread, running only while a TRACE_EVENT_FN() event is on. */
static int fn_thread_fn(void *arg)
{
	int cnt = 0;

	while (!kthread_should_stop()) {
		trace_sample_fn("from the fn thread", cnt);
		trace_sample_class_fn("from the fn thread, class event", cnt, 0);
		cnt++;
		msleep_interruptible(1000);
	}
	return 0;
}

/*
 * The reg function runs under the tracepoint core's lock, before the
 * first probe of its event is attached; it may fail, refusing the
 * enable.  Both TRACE_EVENT_FN() events share it, hence the count.
 */
int sample_fn_reg(void)
{
	int ret = 0;

	mutex_lock(&fn_lock);
	if (!fn_users) {
		fn_thread = kthread_run(fn_thread_fn, NULL, "sample_fn_thread");
		if (IS_ERR(fn_thread)) {
			ret = PTR_ERR(fn_thread);
			fn_thread = NULL;
		}
	}
	if (!ret)
		fn_users++;
	mutex_unlock(&fn_lock);
	return ret;
}

/* The unreg function runs after the last probe is detached. */
void sample_fn_unreg(void)
{
	mutex_lock(&fn_lock);
	if (!--fn_users && fn_thread) {
		kthread_stop(fn_thread);
		fn_thread = NULL;
	}
	mutex_unlock(&fn_lock);
}

static int __init trace_event_sample_init(void)
{
	sample_thread = kthread_run(sample_thread_fn, NULL, "sample_thread");
	return PTR_ERR_OR_ZERO(sample_thread);
}

static void __exit trace_event_sample_exit(void)
{
	kthread_stop(sample_thread);
	/*
	 * The tracing core detaches the probes of this module's events
	 * when it goes, calling sample_fn_unreg() if needed; by then no
	 * call site of this module runs any more.
	 */
}

module_init(trace_event_sample_init);
module_exit(trace_event_sample_exit);

MODULE_AUTHOR("Tracing Core Team");
MODULE_DESCRIPTION("A tour of TRACE_EVENT(): one event of each kind");
MODULE_LICENSE("GPL");

// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of perf's tracepoint records (<trace/perf.h>) against the
 * ftrace records of the same hits: the event is enabled in an instance of
 * the test's own and a sampling perf event (PERF_SAMPLE_RAW, one sample a
 * hit) is open on it on every online CPU; the event fires once; then the
 * raw sample perf delivered must be the ftrace record, field by field at
 * the offsets and sizes of the format file, and the data of every
 * variable-length field byte for byte.  The common header differs where
 * it may (perf's flags and preempt count are taken one level deeper, as
 * in 6.12): its type and pid must agree.
 *
 * The events: the test's own (fixed fields with holes, a char array,
 * strings, a dynamic array, a bitmask, a cpumask, and the __rel_ forms),
 * sched_switch, which the test fires itself, and, when the sample module
 * samples/trace_events is loaded, its foo_bar and foo_rel_loc, which its
 * thread fires once a second.  At boot the sample module is not there;
 * lab/guest/clients.d/perf-record-layout.tc loads it and runs the suite
 * again through /sys/kernel/debug/kunit/perf_trace_record/run.
 *
 * pt_count_only: perf events that only count make the probe build no
 * record; they must still count every hit, and a sampling perf event or
 * a filter beside them must still get (or match) the whole record.
 */
#include <kunit/test.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/perf_event.h>
#include <linux/ring_buffer.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <trace/events/sched.h>

#include "../trace.h"

#define CREATE_TRACE_POINTS
#include "perf_kunit_events.h"

#define PT_INSTANCE	"perf_trace_kunit"
#define PT_SAMPLES	8
#define PT_SAMPLE_MAX	1024
#define PT_HEADER	sizeof(struct trace_entry)

struct pt_ctx;

/**
 * struct pt_event - an event the suite compares
 * @system: its system
 * @name: its name
 * @fire: fires it once; NULL for the sample module's, which its thread fires
 * @mine: whether a record of it is the one the test caused
 */
struct pt_event {
	const char	*system;
	const char	*name;
	void		(*fire)(void);
	bool		(*mine)(struct pt_ctx *ctx, const u8 *rec);
};

struct pt_sample {
	u32	size;
	u8	data[PT_SAMPLE_MAX];
};

/*
 * What the overflow handlers captured (@lock: they run on every CPU),
 * and what the test looks for: @ev's hit, @key the sample thread's round
 * once one is seen, @pid the test's task.
 */
struct pt_ctx {
	raw_spinlock_t		lock;	/* @nr, @samples, @too_big, @key */
	int			nr;
	bool			too_big;
	struct pt_sample	samples[PT_SAMPLES];
	const struct pt_event	*ev;
	struct trace_event_call	*call;
	bool			have_key;
	u64			key;
	pid_t			pid;
};

/* The field called @name of @ctx's event, or NULL. */
static const struct trace_event_fields *pt_field(struct pt_ctx *ctx,
						 const char *name)
{
	const struct trace_event_fields *f;

	for (f = trace_event_call_fields(ctx->call); f->name; f++)
		if (!strcmp(f->name, name))
			return f;
	return NULL;
}

/* The value of the integer field @name of @rec (0 if there is none). */
static u64 pt_value(struct pt_ctx *ctx, const u8 *rec, const char *name)
{
	const struct trace_event_fields *f = pt_field(ctx, name);

	if (!f)
		return 0;
	switch (f->size) {
	case 1:
		return *(u8 *)(rec + f->offset);
	case 2:
		return *(u16 *)(rec + f->offset);
	case 4:
		return *(u32 *)(rec + f->offset);
	case 8:
		return *(u64 *)(rec + f->offset);
	}
	return 0;
}

/* The test's own events fire only when the test fires them. */
static bool pt_mine_any(struct pt_ctx *ctx, const u8 *rec)
{
	return true;
}

/*
 * The sched_switch the test fires goes from the test's task, stopped, to
 * the idle task: the task is never stopped.
 */
static bool pt_mine_switch(struct pt_ctx *ctx, const u8 *rec)
{
	return pt_value(ctx, rec, "prev_pid") == ctx->pid &&
	       !pt_value(ctx, rec, "next_pid") &&
	       pt_value(ctx, rec, "prev_state") == __TASK_STOPPED;
}

/*
 * The sample thread counts its rounds in bar: the first record seen
 * names the round, and the other side's record must be of the same one.
 */
static bool pt_mine_round(struct pt_ctx *ctx, const u8 *rec)
{
	u64 bar = pt_value(ctx, rec, "bar");

	if (!ctx->have_key) {
		ctx->key = bar;
		ctx->have_key = true;
	}
	return bar == ctx->key;
}

static char pt_name[16] = "perf\0tail bytes";

static void pt_fire_fixed(void)
{
	trace_perf_kunit_fixed(0x0123456789abcdefULL, -5, 0xbeef, pt_name,
			       -123456);
}

static void pt_fire_dynamic(void)
{
	static const u32 vals[] = { 1, 0xfffffffe, 3, 0x80000000, 5 };
	unsigned long bits[2] = { 0xa5a5a5a5UL, 0x5aUL };

	trace_perf_kunit_dynamic("a string of some length", 8, vals,
				 ARRAY_SIZE(vals), bits, 72, cpu_online_mask);
}

static void pt_fire_rel(void)
{
	static const u16 vals[] = { 7, 0xffff, 9 };
	unsigned long bits[1] = { 0x3c3cUL };

	trace_perf_kunit_rel("relative", vals, ARRAY_SIZE(vals), bits, 16,
			     cpu_possible_mask);
}

static void pt_fire_switch(void)
{
	preempt_disable();
	/* The event's TP_fast_assign() wants prev to be current. */
	trace_sched_switch(false, current, &init_task, __TASK_STOPPED);
	preempt_enable();
}

static const struct pt_event pt_events[] = {
	{ "perf_kunit", "perf_kunit_fixed", pt_fire_fixed, pt_mine_any },
	{ "perf_kunit", "perf_kunit_dynamic", pt_fire_dynamic, pt_mine_any },
	{ "perf_kunit", "perf_kunit_rel", pt_fire_rel, pt_mine_any },
	{ "sched", "sched_switch", pt_fire_switch, pt_mine_switch },
	{ "sample-trace", "foo_bar", NULL, pt_mine_round },
	{ "sample-trace", "foo_rel_loc", NULL, pt_mine_round },
};

/* Whether @ev exists now (the sample module's events come and go). */
static bool pt_event_exists(const struct pt_event *ev)
{
	bool found;

	mutex_lock(&trace_types_lock);
	found = event_file_find(&global_trace, ev->system, ev->name);
	mutex_unlock(&trace_types_lock);
	return found;
}

/* The events of pt_events[] after @prev that exist. */
static const void *pt_gen_params(const void *prev, char *desc)
{
	const struct pt_event *ev = prev ? prev : pt_events - 1;

	while (++ev < pt_events + ARRAY_SIZE(pt_events)) {
		if (pt_event_exists(ev)) {
			snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s:%s",
				 ev->system, ev->name);
			return ev;
		}
	}
	return NULL;
}

/*
 * Keep the raw samples of the hit the test causes, as perf delivers them
 * (sched_switch has others on every CPU meanwhile).
 */
static void pt_overflow(struct perf_event *p_event,
			struct perf_sample_data *data, struct pt_regs *regs)
{
	struct pt_ctx *ctx = p_event->overflow_handler_context;
	struct pt_sample *s;
	unsigned long flags;

	if (!(data->sample_flags & PERF_SAMPLE_RAW) || !data->raw)
		return;
	raw_spin_lock_irqsave(&ctx->lock, flags);
	if (ctx->nr < PT_SAMPLES &&
	    ctx->ev->mine(ctx, data->raw->frag.data)) {
		s = &ctx->samples[ctx->nr++];
		s->size = data->raw->frag.size;
		if (s->size > PT_SAMPLE_MAX) {
			ctx->too_big = true;
			s->size = PT_SAMPLE_MAX;
		}
		memcpy(s->data, data->raw->frag.data, s->size);
	}
	raw_spin_unlock_irqrestore(&ctx->lock, flags);
}

/* One sampling perf event on @call per online CPU, into @events. */
static int pt_perf_open(struct pt_ctx *ctx, struct perf_event **events)
{
	struct perf_event_attr attr = {
		.type		= PERF_TYPE_TRACEPOINT,
		.size		= sizeof(attr),
		.config		= ctx->call->event.type,
		.sample_period	= 1,
		.sample_type	= PERF_SAMPLE_RAW,
	};
	struct perf_event *p_event;
	int cpu;

	for_each_online_cpu(cpu) {
		p_event = perf_event_create_kernel_counter(&attr, cpu, NULL,
							   pt_overflow, ctx);
		if (IS_ERR(p_event))
			return PTR_ERR(p_event);
		events[cpu] = p_event;
	}
	return 0;
}

static void pt_perf_close(struct perf_event **events)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		if (events[cpu])
			perf_event_release_kernel(events[cpu]);
		events[cpu] = NULL;
	}
}

/*
 * The size of @rec as 6.12's TRACE_EVENT() makes it: the fixed part and
 * the data of each variable-length field, which follow it back to back.
 * Fails the test if a field's data lies outside that.
 */
static int pt_record_size(struct kunit *test, struct pt_ctx *ctx,
			  const u8 *rec, int have)
{
	const struct trace_event_fields *f;
	int size = ctx->call->class->size;
	int end = size;
	u32 loc;
	int at;

	for (f = trace_event_call_fields(ctx->call); f->name; f++) {
		if (strncmp(f->type, "__data_loc ", 11) &&
		    strncmp(f->type, "__rel_loc ", 10))
			continue;
		loc = *(u32 *)(rec + f->offset);
		at = loc & 0xffff;
		if (f->type[2] == 'r')
			at += f->offset + f->size;
		size += loc >> 16;
		end = max_t(int, end, at + (loc >> 16));
		KUNIT_EXPECT_GE_MSG(test, at, (int)ctx->call->class->size,
				    "%s's data inside the fixed part", f->name);
	}
	KUNIT_EXPECT_LE(test, end, size);
	KUNIT_EXPECT_LE(test, size, have);
	return size;
}

/*
 * Compare the perf record @p with the ftrace record @t, @size bytes,
 * field by field; a char array as the string it holds (6.12 copies it
 * with strscpy(): what follows the NUL is not the record's).
 */
static void pt_compare(struct kunit *test, struct pt_ctx *ctx, const u8 *p,
		       const u8 *t, int size)
{
	const struct trace_event_fields *f;
	const struct trace_entry *pe = (const void *)p;
	const struct trace_entry *te = (const void *)t;
	u32 loc;
	int at;
	int len;

	KUNIT_EXPECT_EQ(test, pe->type, ctx->call->event.type);
	KUNIT_EXPECT_EQ(test, pe->type, te->type);
	KUNIT_EXPECT_EQ(test, pe->pid, te->pid);
	for (f = trace_event_call_fields(ctx->call); f->name; f++) {
		if (f->offset < (int)PT_HEADER || f->offset + f->size > size) {
			KUNIT_FAIL(test, "field %s at %d+%d, record %d bytes",
				   f->name, f->offset, f->size, size);
			continue;
		}
		len = f->size;
		if (!strncmp(f->type, "char[", 5))
			len = strnlen(t + f->offset, f->size) + 1;
		len = min(len, f->size);
		KUNIT_EXPECT_MEMEQ_MSG(test, p + f->offset, t + f->offset, len,
				       "field %s (%s) at offset %d", f->name,
				       f->type, f->offset);
		if (strncmp(f->type, "__data_loc ", 11) &&
		    strncmp(f->type, "__rel_loc ", 10))
			continue;
		loc = *(u32 *)(t + f->offset);
		at = loc & 0xffff;
		len = loc >> 16;
		if (f->type[2] == 'r')
			at += f->offset + f->size;
		if (at + len > size) {
			KUNIT_FAIL(test, "%s's data at %d+%d, record %d bytes",
				   f->name, at, len, size);
			continue;
		}
		KUNIT_EXPECT_MEMEQ_MSG(test, p + at, t + at, len,
				       "data of %s (%s) at offset %d", f->name,
				       f->type, at);
	}
}

/* The ftrace record of @ctx's event that the test caused, into @out. */
static int pt_ftrace_record(const struct pt_event *ev, struct pt_ctx *ctx,
			    struct trace_array *tr, u8 *out)
{
	struct ring_buffer_event *event;
	struct trace_entry *entry;
	int found = -1;
	int len;
	int cpu;

	for_each_possible_cpu(cpu) {
		while ((event = ring_buffer_consume(tr->buffer, cpu, NULL,
						    NULL))) {
			entry = ring_buffer_event_data(event);
			len = ring_buffer_event_length(event);
			if (found >= 0 || entry->type != ctx->call->event.type ||
			    len > PT_SAMPLE_MAX || !ev->mine(ctx, (u8 *)entry))
				continue;
			memcpy(out, entry, len);
			found = len;
		}
	}
	return found;
}

/* The perf sample of the hit the test caused, or NULL. */
static struct pt_sample *pt_perf_record(const struct pt_event *ev,
					struct pt_ctx *ctx)
{
	int i;

	for (i = 0; i < ctx->nr; i++)
		if (ev->mine(ctx, ctx->samples[i].data))
			return &ctx->samples[i];
	return NULL;
}

/* Enable @ev in @tr, open perf on it, let it fire once, close both. */
static void pt_record(struct kunit *test, const struct pt_event *ev,
		      struct pt_ctx *ctx, struct trace_array *tr)
{
	struct perf_event **events;
	int ret;
	int i;

	events = kunit_kcalloc(test, nr_cpu_ids, sizeof(*events), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, events);
	KUNIT_ASSERT_EQ(test, trace_array_set_clr_event(tr, ev->system,
							ev->name, true), 0);
	ret = pt_perf_open(ctx, events);
	if (!ret) {
		if (ev->fire) {
			ev->fire();
		} else {
			/* The sample thread fires its events once a second. */
			for (i = 0; i < 30 && !READ_ONCE(ctx->nr); i++)
				msleep(100);
		}
	}
	pt_perf_close(events);
	KUNIT_EXPECT_EQ(test, trace_array_set_clr_event(tr, ev->system,
							ev->name, false), 0);
	KUNIT_ASSERT_EQ_MSG(test, ret, 0, "perf_event_create_kernel_counter");
}

/* The perf record of one hit is its ftrace record. */
static void pt_same_record(struct kunit *test)
{
	const struct pt_event *ev = test->param_value;
	struct trace_event_file *file;
	struct trace_array *tr;
	struct pt_sample *sample;
	struct pt_ctx *ctx;
	u8 *rec;
	int tlen;
	int size;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	rec = kunit_kzalloc(test, PT_SAMPLE_MAX, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	KUNIT_ASSERT_NOT_NULL(test, rec);
	raw_spin_lock_init(&ctx->lock);
	ctx->ev = ev;
	ctx->pid = current->pid;
	tr = trace_array_get_by_name(PT_INSTANCE, NULL);
	KUNIT_ASSERT_NOT_NULL(test, tr);
	mutex_lock(&trace_types_lock);
	file = event_file_find(tr, ev->system, ev->name);
	if (file)
		ctx->call = file->call;
	mutex_unlock(&trace_types_lock);
	if (ctx->call)
		pt_record(test, ev, ctx, tr);
	/* The sample module's thread names the round by perf's record. */
	sample = ctx->call ? pt_perf_record(ev, ctx) : NULL;
	tlen = sample ? pt_ftrace_record(ev, ctx, tr, rec) : -1;
	trace_array_put(tr);
	KUNIT_EXPECT_EQ(test, trace_array_destroy(tr), 0);

	KUNIT_ASSERT_NOT_NULL_MSG(test, ctx->call, "no event %s:%s",
				  ev->system, ev->name);
	KUNIT_ASSERT_FALSE(test, ctx->too_big);
	KUNIT_ASSERT_NOT_NULL_MSG(test, sample, "no perf sample of the hit (%d samples)",
				  ctx->nr);
	KUNIT_ASSERT_GT_MSG(test, tlen, 0, "no ftrace record of the hit");

	size = pt_record_size(test, ctx, rec, tlen);
	/* 6.12's perf record: the trace record, padded for perf's u32 size. */
	KUNIT_EXPECT_EQ(test, sample->size, perf_trace_record_size(size));
	KUNIT_ASSERT_GE(test, (int)sample->size, size);
	pt_compare(test, ctx, sample->data, rec, size);
	/* The padding carries nothing of an older record. */
	KUNIT_EXPECT_TRUE(test, !memchr_inv(sample->data + size, 0,
					    sample->size - size));
}

/* The hits @events counted, on every CPU. */
static u64 pt_count(struct perf_event **events)
{
	u64 enabled, running, sum = 0;
	int cpu;

	for_each_possible_cpu(cpu)
		if (events[cpu])
			sum += perf_event_read_value(events[cpu], &enabled,
						     &running);
	return sum;
}

/* Fire perf_kunit_fixed with neg = 1 ... @n. */
static void pt_fire_n(int n)
{
	int i;

	for (i = 1; i <= n; i++)
		trace_perf_kunit_fixed(0, 0, 0, pt_name, i);
}

/*
 * Perf events that only count get no record (perf_trace_reads_record()):
 * they still count every hit, and a sampling perf event or a filter
 * opened beside them gets the whole record, the filter matching it.
 */
static void pt_count_only(struct kunit *test)
{
	struct perf_event_attr attr = {
		.type	= PERF_TYPE_TRACEPOINT,
		.size	= sizeof(attr),
	};
	struct perf_event **counters, **samplers;
	struct trace_event_file *file;
	struct trace_event_call *call = NULL;
	struct perf_event *p_event;
	struct pt_ctx *ctx;
	int cpus = 0;
	char *filter;
	int cpu;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	counters = kunit_kcalloc(test, nr_cpu_ids, sizeof(*counters),
				 GFP_KERNEL);
	samplers = kunit_kcalloc(test, nr_cpu_ids, sizeof(*samplers),
				 GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	KUNIT_ASSERT_NOT_NULL(test, counters);
	KUNIT_ASSERT_NOT_NULL(test, samplers);
	raw_spin_lock_init(&ctx->lock);
	ctx->ev = &pt_events[0];
	mutex_lock(&trace_types_lock);
	file = event_file_find(&global_trace, "perf_kunit", "perf_kunit_fixed");
	if (file)
		call = file->call;
	mutex_unlock(&trace_types_lock);
	KUNIT_ASSERT_NOT_NULL(test, call);
	ctx->call = call;
	attr.config = call->event.type;

	for_each_online_cpu(cpu) {
		p_event = perf_event_create_kernel_counter(&attr, cpu, NULL,
							   NULL, NULL);
		if (IS_ERR(p_event))
			break;
		counters[cpu] = p_event;
		cpus++;
	}
	if (cpus != num_online_cpus()) {
		KUNIT_FAIL(test, "counters on %d of %u CPUs", cpus,
			   num_online_cpus());
		goto out;
	}
	KUNIT_EXPECT_EQ(test, READ_ONCE(call->perf_records), 0);
	pt_fire_n(5);
	KUNIT_EXPECT_EQ(test, pt_count(counters), 5);

	/* A sampler beside them: the records are built again. */
	if (pt_perf_open(ctx, samplers)) {
		KUNIT_FAIL(test, "perf_event_create_kernel_counter");
		goto out;
	}
	KUNIT_EXPECT_EQ(test, READ_ONCE(call->perf_records), cpus);
	pt_fire_n(1);
	KUNIT_EXPECT_EQ(test, pt_count(counters), 6);
	KUNIT_EXPECT_EQ(test, ctx->nr, 1);
	if (ctx->nr)
		KUNIT_EXPECT_EQ(test, pt_value(ctx, ctx->samples[0].data, "neg"),
				1);
	pt_perf_close(samplers);
	KUNIT_EXPECT_EQ(test, READ_ONCE(call->perf_records), 0);
	pt_fire_n(1);
	KUNIT_EXPECT_EQ(test, pt_count(counters), 7);

	/* A filter is matched against the whole record. */
	for_each_possible_cpu(cpu) {
		if (!counters[cpu])
			continue;
		filter = kstrdup("neg == 3", GFP_KERNEL);
		if (!filter) {
			KUNIT_FAIL(test, "no memory for the filter");
			goto out;
		}
		KUNIT_EXPECT_EQ(test, ftrace_profile_set_filter(counters[cpu],
					call->event.type, filter), 0);
		kfree(filter);
	}
	KUNIT_EXPECT_EQ(test, READ_ONCE(call->perf_records), cpus);
	pt_fire_n(5);
	KUNIT_EXPECT_EQ(test, pt_count(counters), 8);
out:
	pt_perf_close(samplers);
	pt_perf_close(counters);
	KUNIT_EXPECT_EQ(test, READ_ONCE(call->perf_records), 0);
}

static struct kunit_case pt_cases[] = {
	KUNIT_CASE_PARAM(pt_same_record, pt_gen_params),
	KUNIT_CASE(pt_count_only),
	{}
};

static struct kunit_suite pt_suite = {
	.name = "perf_trace_record",
	.test_cases = pt_cases,
};

kunit_test_suite(pt_suite);

// SPDX-License-Identifier: GPL-2.0
/*
 * The core's own record types as events of the "ftrace" system:
 * events/ftrace/function, kernel_stack, print, funcgraph_entry and the
 * rest, each with the format and id that readers of the binary buffer
 * (trace-cmd, perf, libtraceevent) parse its records by.  Their layouts
 * (trace_session.h) and formats are user ABI; their text is trace_output.c's
 * (trace_<name>_funcs), or for the records of the hwlat, osnoise, timerlat
 * and mmiotrace tracers their tracer's.  Those are here too because 6.12
 * offers every format of its trace_entries.h whatever is built: a tool
 * finds them on a kernel without the tracer.  Nothing enables them: the
 * tracers write them.
 */
#include <linux/init.h>
#include <linux/trace_events.h>

#include "trace_events_internal.h"

/*
 * The core's record types as events of the "ftrace" system: they have
 * a format and an id under events/ftrace/, for readers of the binary
 * buffer, but nothing to enable.  Their layouts are user ABI.
 */
#define CORE_FIELD(_type, _name, _struct) {				\
		.type = _type, .name = #_name,				\
		.offset = offsetof(struct _struct, _name),		\
		.size = sizeof(((struct _struct *)0)->_name),		\
	}

/* A flexible array at the end of the record: size 0. */
#define CORE_TAIL(_type, _name, _struct) {				\
		.type = _type, .name = #_name,				\
		.offset = offsetof(struct _struct, _name),		\
	}

/* Code addresses: the fields option shows them as symbols. */
#define CORE_FIELD_FN(_name, _struct) {					\
		.type = "unsigned long", .name = #_name,		\
		.offset = offsetof(struct _struct, _name),		\
		.size = sizeof(unsigned long),				\
		.filter_type = FILTER_TRACE_FN,				\
	}

static struct trace_event_fields function_fields[] = {
	CORE_FIELD_FN(ip, ftrace_entry),
	CORE_FIELD_FN(parent_ip, ftrace_entry),
	{}
};

/* As 6.12 shows it: eight callers, whatever a record holds. */
static struct trace_event_fields kernel_stack_fields[] = {
	{ .type = "int", .name = "size", .is_signed = 1,
	  .offset = offsetof(struct stack_entry, size), .size = sizeof(int) },
	{ .type = "unsigned long[" __stringify(FTRACE_STACK_ENTRIES) "]",
	  .name = "caller", .offset = offsetof(struct stack_entry, caller),
	  .size = FTRACE_STACK_ENTRIES * sizeof(unsigned long),
	  .len = FTRACE_STACK_ENTRIES },
	{}
};

static struct trace_event_fields user_stack_fields[] = {
	CORE_FIELD("unsigned int", tgid, userstack_entry),
	{ .type = "unsigned long[" __stringify(FTRACE_STACK_ENTRIES) "]",
	  .name = "caller", .offset = offsetof(struct userstack_entry, caller),
	  .size = FTRACE_STACK_ENTRIES * sizeof(unsigned long),
	  .len = FTRACE_STACK_ENTRIES },
	{}
};

static struct trace_event_fields func_repeats_fields[] = {
	CORE_FIELD("unsigned long", ip, func_repeats_entry),
	CORE_FIELD("unsigned long", parent_ip, func_repeats_entry),
	CORE_FIELD("u16", count, func_repeats_entry),
	CORE_FIELD("u16", top_delta_ts, func_repeats_entry),
	CORE_FIELD("u32", bottom_delta_ts, func_repeats_entry),
	{}
};

/*
 * A string in a char array of the branch record (@_len with its NUL).
 * The kernel's char is unsigned (-funsigned-char): signed:0, as 6.12.
 */
#define BRANCH_CHARS(_name, _len) {					\
		.type = "char[" #_len "]", .name = #_name,		\
		.offset = offsetof(struct trace_branch, _name),		\
		.size = _len, .len = _len,				\
	}

static struct trace_event_fields branch_fields[] = {
	CORE_FIELD("unsigned int", line, trace_branch),
	BRANCH_CHARS(func, 31),
	BRANCH_CHARS(file, 21),
	CORE_FIELD("char", correct, trace_branch),
	CORE_FIELD("char", constant, trace_branch),
	{}
};
static_assert(sizeof_field(struct trace_branch, func) == 31 &&
	      sizeof_field(struct trace_branch, file) == 21);

#define GRAPH_FIELD(_type, _name, _struct, _member, _signed) {		\
		.type = _type, .name = #_name,				\
		.offset = offsetof(struct _struct, _member._name),	\
		.size = sizeof(((struct _struct *)0)->_member._name),	\
		.is_signed = _signed,					\
	}

static struct trace_event_fields funcgraph_entry_fields[] = {
	GRAPH_FIELD("unsigned long", func, ftrace_graph_ent_entry, graph_ent, 0),
	GRAPH_FIELD("int", depth, ftrace_graph_ent_entry, graph_ent, 1),
	{}
};

static struct trace_event_fields funcgraph_exit_fields[] = {
	GRAPH_FIELD("unsigned long", func, ftrace_graph_ret_entry, ret, 0),
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	GRAPH_FIELD("unsigned long", retval, ftrace_graph_ret_entry, ret, 0),
#endif
	GRAPH_FIELD("int", depth, ftrace_graph_ret_entry, ret, 1),
	GRAPH_FIELD("unsigned int", overrun, ftrace_graph_ret_entry, ret, 0),
	GRAPH_FIELD("unsigned long long", calltime, ftrace_graph_ret_entry, ret, 0),
	GRAPH_FIELD("unsigned long long", rettime, ftrace_graph_ret_entry, ret, 0),
	{}
};

static struct trace_event_fields print_fields[] = {
	CORE_FIELD("unsigned long", ip, print_entry),
	CORE_TAIL("char[]", buf, print_entry),
	{}
};

static struct trace_event_fields bputs_fields[] = {
	CORE_FIELD("unsigned long", ip, bputs_entry),
	CORE_FIELD("const char *", str, bputs_entry),
	{}
};

static struct trace_event_fields bprint_fields[] = {
	CORE_FIELD("unsigned long", ip, bprint_entry),
	CORE_FIELD("const char *", fmt, bprint_entry),
	CORE_TAIL("u32[]", buf, bprint_entry),
	{}
};

static struct trace_event_fields raw_data_fields[] = {
	CORE_FIELD("unsigned int", id, raw_data_entry),
	CORE_TAIL("char[]", buf, raw_data_entry),
	{}
};

static struct trace_event_fields context_switch_fields[] = {
	CORE_FIELD("unsigned int", prev_pid, ctx_switch_entry),
	CORE_FIELD("unsigned int", next_pid, ctx_switch_entry),
	CORE_FIELD("unsigned int", next_cpu, ctx_switch_entry),
	CORE_FIELD("unsigned char", prev_prio, ctx_switch_entry),
	CORE_FIELD("unsigned char", prev_state, ctx_switch_entry),
	CORE_FIELD("unsigned char", next_prio, ctx_switch_entry),
	CORE_FIELD("unsigned char", next_state, ctx_switch_entry),
	{}
};

/* The same record as a context switch's. */
#define wakeup_fields context_switch_fields

/*
 * The tracers' records: their fields, with the signedness 6.12 gives
 * them (@_s), under the names 6.12 shows.
 */
#define TRACER_FIELD(_type, _name, _struct, _member, _s) {		\
		.type = _type, .name = _name,				\
		.offset = offsetof(struct _struct, _member),		\
		.size = sizeof_field(struct _struct, _member),		\
		.is_signed = _s,					\
	}

/* The time stamp shows as its two members. */
static struct trace_event_fields hwlat_fields[] = {
	TRACER_FIELD("u64", "duration", hwlat_entry, duration, 0),
	TRACER_FIELD("u64", "outer_duration", hwlat_entry, outer_duration, 0),
	TRACER_FIELD("u64", "nmi_total_ts", hwlat_entry, nmi_total_ts, 0),
	TRACER_FIELD("s64", "tv_sec", hwlat_entry, timestamp.tv_sec, 1),
	TRACER_FIELD("long", "tv_nsec", hwlat_entry, timestamp.tv_nsec, 1),
	TRACER_FIELD("unsigned int", "nmi_count", hwlat_entry, nmi_count, 0),
	TRACER_FIELD("unsigned int", "seqnum", hwlat_entry, seqnum, 0),
	TRACER_FIELD("unsigned int", "count", hwlat_entry, count, 0),
	{}
};

#define OSNOISE_FIELD(_type, _name)					\
	TRACER_FIELD(_type, #_name, osnoise_entry, _name, 0)

static struct trace_event_fields osnoise_fields[] = {
	OSNOISE_FIELD("u64", noise),
	OSNOISE_FIELD("u64", runtime),
	OSNOISE_FIELD("u64", max_sample),
	OSNOISE_FIELD("unsigned int", hw_count),
	OSNOISE_FIELD("unsigned int", nmi_count),
	OSNOISE_FIELD("unsigned int", irq_count),
	OSNOISE_FIELD("unsigned int", softirq_count),
	OSNOISE_FIELD("unsigned int", thread_count),
	{}
};

static struct trace_event_fields timerlat_fields[] = {
	TRACER_FIELD("unsigned int", "seqnum", timerlat_entry, seqnum, 0),
	TRACER_FIELD("int", "context", timerlat_entry, context, 1),
	TRACER_FIELD("u64", "timer_latency", timerlat_entry, timer_latency, 0),
	{}
};

/* The members of mmio-mod.c's report, each a field. */
#define MMIO_FIELD(_type, _struct, _in, _name, _s)			\
	TRACER_FIELD(_type, #_name, _struct, _in._name, _s)

static struct trace_event_fields mmiotrace_rw_fields[] = {
	MMIO_FIELD("resource_size_t", mmio_rw_entry, rw, phys, 0),
	MMIO_FIELD("unsigned long", mmio_rw_entry, rw, value, 0),
	MMIO_FIELD("unsigned long", mmio_rw_entry, rw, pc, 0),
	MMIO_FIELD("int", mmio_rw_entry, rw, map_id, 1),
	MMIO_FIELD("unsigned char", mmio_rw_entry, rw, opcode, 0),
	MMIO_FIELD("unsigned char", mmio_rw_entry, rw, width, 0),
	{}
};

static struct trace_event_fields mmiotrace_map_fields[] = {
	MMIO_FIELD("resource_size_t", mmio_map_entry, map, phys, 0),
	MMIO_FIELD("unsigned long", mmio_map_entry, map, virt, 0),
	MMIO_FIELD("unsigned long", mmio_map_entry, map, len, 0),
	MMIO_FIELD("int", mmio_map_entry, map, map_id, 1),
	MMIO_FIELD("unsigned char", mmio_map_entry, map, opcode, 0),
	{}
};

/*
 * The tracers' records' text is their tracer's, given with
 * trace_events_core_set_text() when it is built.  Until then (or in a
 * kernel without it, where no such record is ever written) a record
 * would show as its type number.
 */
static struct trace_event_functions tracer_absent_funcs = {
	.trace	= trace_nop_print,
};

#define CORE_EVENT_TEXT(_name, _type, _entry, _fmt, _funcs)		\
	static struct trace_event_fields *_name##_fields_get(void)	\
	{								\
		return _name##_fields;					\
	}								\
	static struct trace_event_class _name##_class = {		\
		.system	= "ftrace",					\
		.fields	= _name##_fields_get,				\
		.size	= sizeof(struct _entry),			\
	};								\
	static struct trace_event_call _name##_call = {			\
		.class		= &_name##_class,			\
		.name		= #_name,				\
		.print_fmt	= _fmt,					\
		.event		= { .type = _type, .funcs = _funcs },	\
		.flags		= TRACE_EVENT_FL_IGNORE_ENABLE,		\
	}

/* A record type whose text is trace_output.c's trace_<name>_funcs. */
#define CORE_EVENT(_name, _type, _entry, _fmt)				\
	CORE_EVENT_TEXT(_name, _type, _entry, _fmt, &trace_##_name##_funcs)

/* A tracer's record type: the tracer gives the text, when it is built. */
#define TRACER_EVENT(_name, _type, _entry, _fmt)			\
	CORE_EVENT_TEXT(_name, _type, _entry, _fmt, &tracer_absent_funcs)

/*
 * function_graph's records: trace_output.c has their text when the tracer
 * is built; their formats are here either way, as in 6.12.
 */
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
#define GRAPH_EVENT(_name, _type, _entry, _fmt)	CORE_EVENT(_name, _type, _entry, _fmt)
#else
#define GRAPH_EVENT(_name, _type, _entry, _fmt)	TRACER_EVENT(_name, _type, _entry, _fmt)
#endif

/* The print format of both stacks: eight callers, as 6.12's. */
#define CALLERS_FMT							\
	"\"\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\" "			\
	"\"\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\" "			\
	"\"\\t=> %ps\\n\\t=> %ps\\n\", "				\
	"(void *)REC->caller[0], (void *)REC->caller[1], "		\
	"(void *)REC->caller[2], (void *)REC->caller[3], "		\
	"(void *)REC->caller[4], (void *)REC->caller[5], "		\
	"(void *)REC->caller[6], (void *)REC->caller[7]"

CORE_EVENT(function, TRACE_FN, ftrace_entry,
	   "\" %ps <-- %ps\", (void *)REC->ip, (void *)REC->parent_ip");
CORE_EVENT(context_switch, TRACE_CTX, ctx_switch_entry,
	   "\"%u:%u:%u  ==> %u:%u:%u [%03u]\", REC->prev_pid, "
	   "REC->prev_prio, REC->prev_state, REC->next_pid, REC->next_prio, "
	   "REC->next_state, REC->next_cpu");
CORE_EVENT(wakeup, TRACE_WAKE, ctx_switch_entry,
	   "\"%u:%u:%u  ==+ %u:%u:%u [%03u]\", REC->prev_pid, "
	   "REC->prev_prio, REC->prev_state, REC->next_pid, REC->next_prio, "
	   "REC->next_state, REC->next_cpu");
CORE_EVENT(kernel_stack, TRACE_STACK, stack_entry, CALLERS_FMT);
CORE_EVENT(user_stack, TRACE_USER_STACK, userstack_entry, CALLERS_FMT);
CORE_EVENT(func_repeats, TRACE_FUNC_REPEATS, func_repeats_entry,
	   "\" %ps <-%ps\\t(repeats:%u  delta: -%llu)\", "
	   "(void *)REC->ip, (void *)REC->parent_ip, REC->count, "
	   "(((u64)(REC)->top_delta_ts << 32) | (REC)->bottom_delta_ts)");
CORE_EVENT(branch, TRACE_BRANCH, trace_branch,
	   "\"%u:%s:%s (%u)%s\", REC->line, REC->func, REC->file, "
	   "REC->correct, REC->constant ? \" CONSTANT\" : \"\"");
GRAPH_EVENT(funcgraph_entry, TRACE_GRAPH_ENT, ftrace_graph_ent_entry,
	    "\"--> %ps (%d)\", (void *)REC->func, REC->depth");
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
GRAPH_EVENT(funcgraph_exit, TRACE_GRAPH_RET, ftrace_graph_ret_entry,
	    "\"<-- %ps (%d) (start: %llx  end: %llx) over: %d retval: %lx\", "
	    "(void *)REC->func, REC->depth, REC->calltime, REC->rettime, "
	    "REC->depth, REC->retval");
#else
GRAPH_EVENT(funcgraph_exit, TRACE_GRAPH_RET, ftrace_graph_ret_entry,
	    "\"<-- %ps (%d) (start: %llx  end: %llx) over: %d\", "
	    "(void *)REC->func, REC->depth, REC->calltime, REC->rettime, "
	    "REC->depth");
#endif
CORE_EVENT(print, TRACE_PRINT, print_entry,
	   "\"%ps: %s\", (void *)REC->ip, REC->buf");
CORE_EVENT(bprint, TRACE_BPRINT, bprint_entry,
	   "\"%ps: %s\", (void *)REC->ip, REC->fmt");
CORE_EVENT(bputs, TRACE_BPUTS, bputs_entry,
	   "\"%ps: %s\", (void *)REC->ip, REC->str");
CORE_EVENT(raw_data, TRACE_RAW_DATA, raw_data_entry,
	   "\"id:%04x %08x\", REC->id, (int)REC->buf[0]");

/* The print formats of 6.12's format files, with their arguments. */
#define HWLAT_FMT							\
	"\"cnt:%u\\tts:%010llu.%010lu\\tinner:%llu\\touter:%llu"	\
	"\\tcount:%d\\tnmi-ts:%llu\\tnmi-count:%u\\n\", "		\
	"REC->seqnum, REC->tv_sec, REC->tv_nsec, REC->duration, "	\
	"REC->outer_duration, REC->count, REC->nmi_total_ts, "		\
	"REC->nmi_count"
#define OSNOISE_FMT							\
	"\"noise:%llu\\tmax_sample:%llu\\thw:%u\\tnmi:%u\\tirq:%u"	\
	"\\tsoftirq:%u\\tthread:%u\\n\", "				\
	"REC->noise, REC->max_sample, REC->hw_count, REC->nmi_count, "	\
	"REC->irq_count, REC->softirq_count, REC->thread_count"

TRACER_EVENT(hwlat, TRACE_HWLAT, hwlat_entry, HWLAT_FMT);
TRACER_EVENT(osnoise, TRACE_OSNOISE, osnoise_entry, OSNOISE_FMT);
TRACER_EVENT(timerlat, TRACE_TIMERLAT, timerlat_entry,
	     "\"seq:%u\\tcontext:%d\\ttimer_latency:%llu\\n\", "
	     "REC->seqnum, REC->context, REC->timer_latency");
TRACER_EVENT(mmiotrace_rw, TRACE_MMIO_RW, mmio_rw_entry,
	     "\"%lx %lx %lx %d %x %x\", (unsigned long)REC->phys, "
	     "REC->value, REC->pc, REC->map_id, REC->opcode, REC->width");
TRACER_EVENT(mmiotrace_map, TRACE_MMIO_MAP, mmio_map_entry,
	     "\"%lx %lx %lx %d %x\", (unsigned long)REC->phys, "
	     "REC->virt, REC->len, REC->map_id, REC->opcode");

/* In id order, as upstream lists them. */
static struct trace_event_call *core_calls[] = {
	&function_call, &context_switch_call, &wakeup_call,
	&kernel_stack_call, &print_call, &bprint_call,
	&mmiotrace_rw_call, &mmiotrace_map_call, &branch_call,
	&funcgraph_exit_call, &funcgraph_entry_call,
	&user_stack_call, &bputs_call,
	&hwlat_call, &osnoise_call, &timerlat_call,
	&raw_data_call, &func_repeats_call,
};

/**
 * ftrace_event_is_function() - whether an event is ftrace:function
 * @call: the event
 *
 * Return: true for the function tracer's record type as an event, which
 * perf opens (perf_ftrace_event_register()).
 */
bool ftrace_event_is_function(struct trace_event_call *call)
{
	return call == &function_call;
}

/**
 * trace_events_core_set_text() - give a tracer's record type its text
 * @type: TRACE_HWLAT, TRACE_OSNOISE, TRACE_TIMERLAT, TRACE_MMIO_RW or
 *	TRACE_MMIO_MAP
 * @funcs: the tracer's print functions, which stay as long as the kernel
 *
 * These types' formats are registered here whatever is built, as 6.12
 * has them; their text is the tracer's own.  The tracer gives it from
 * its initcall, before it registers, so before any record of @type can
 * be written, let alone read.
 *
 * Return: 0, or -ENOENT if @type is not one of them.
 */
int trace_events_core_set_text(enum trace_type type,
			       struct trace_event_functions *funcs)
{
	static struct trace_event_call *const tracers_calls[] = {
		&hwlat_call, &osnoise_call, &timerlat_call,
		&mmiotrace_rw_call, &mmiotrace_map_call,
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(tracers_calls); i++) {
		if (tracers_calls[i]->event.type == type) {
			WRITE_ONCE(tracers_calls[i]->event.funcs, funcs);
			return 0;
		}
	}
	return -ENOENT;
}

/**
 * trace_events_core_init() - register the core's record types as events
 *
 * Called at boot, once the table of record types can be used.
 *
 * Return: 0.
 */
__init int trace_events_core_init(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(core_calls); i++)
		WARN_ON(trace_add_event_call(core_calls[i]));
	return 0;
}

/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tracepoints: named call sites that cost a patched-out jump while nobody
 * listens, and call the attached probes once somebody does.
 *
 * A subsystem declares a tracepoint in a header with DECLARE_TRACE() (or
 * TRACE_EVENT(), which adds a record layout for the event tracer) and
 * defines it in exactly one .c file, the one that defines
 * CREATE_TRACE_POINTS before including that header.  Each declaration
 * gives, for a tracepoint "foo":
 *
 *   trace_foo(args)                call the probes, if any
 *   trace_foo_enabled()            true while a probe is attached
 *   register_trace_foo(probe, data), register_trace_prio_foo(),
 *   unregister_trace_foo(probe, data)
 *
 * A probe is called as probe(data, args) with preemption disabled.
 * See Documentation/trace/tracepoints.rst.
 */
#ifndef _LINUX_TRACEPOINT_H
#define _LINUX_TRACEPOINT_H

#include <linux/smp.h>
#include <linux/srcu.h>
#include <linux/errno.h>
#include <linux/types.h>
#include <linux/cpumask.h>
#include <linux/rcupdate.h>
#include <linux/static_call.h>
#include <linux/tracepoint-defs.h>

struct module;
struct notifier_block;

/**
 * struct trace_eval_map - a symbolic value that TP_printk() shows by name
 * @system: the trace system that uses it
 * @eval_string: the name of the enum or sizeof() expression
 * @eval_value: its value, substituted into the format files
 */
struct trace_eval_map {
	const char		*system;
	const char		*eval_string;
	unsigned long		eval_value;
};

/* Priority of probes registered without one. */
#define TRACEPOINT_DEFAULT_PRIO	10

#ifdef CONFIG_TRACEPOINTS
int tracepoint_probe_register(struct tracepoint *tp, void *probe, void *data);
int tracepoint_probe_register_prio(struct tracepoint *tp, void *probe,
				   void *data, int prio);
int tracepoint_probe_register_prio_may_exist(struct tracepoint *tp,
					     void *probe, void *data,
					     int prio);
int tracepoint_probe_unregister(struct tracepoint *tp, void *probe,
				void *data);
void for_each_kernel_tracepoint(void (*fct)(struct tracepoint *tp,
					    void *priv),
				void *priv);

/*
 * Wait until no CPU can still be running a probe that was unregistered
 * before this call: after it returns, the probe's data may be freed.
 */
static inline void tracepoint_synchronize_unregister(void)
{
	synchronize_rcu();
}
#else
static inline int tracepoint_probe_register(struct tracepoint *tp,
					    void *probe, void *data)
{
	return -ENOSYS;
}

static inline int tracepoint_probe_register_prio(struct tracepoint *tp,
						 void *probe, void *data,
						 int prio)
{
	return -ENOSYS;
}

static inline int
tracepoint_probe_register_prio_may_exist(struct tracepoint *tp, void *probe,
					 void *data, int prio)
{
	return -ENOSYS;
}

static inline int tracepoint_probe_unregister(struct tracepoint *tp,
					      void *probe, void *data)
{
	return -ENOSYS;
}

static inline void
for_each_kernel_tracepoint(void (*fct)(struct tracepoint *tp, void *priv),
			   void *priv) { }

static inline void tracepoint_synchronize_unregister(void)
{
}
#endif /* CONFIG_TRACEPOINTS */

/* As tracepoint_probe_register(), but attaching a probe twice is no error. */
static inline int tracepoint_probe_register_may_exist(struct tracepoint *tp,
						      void *probe, void *data)
{
	return tracepoint_probe_register_prio_may_exist(tp, probe, data,
							TRACEPOINT_DEFAULT_PRIO);
}

#if defined(CONFIG_TRACEPOINTS) && defined(CONFIG_MODULES)
/**
 * struct tp_module - a loaded module that carries tracepoints
 * @list: entry in the list of such modules
 * @mod: the module
 */
struct tp_module {
	struct list_head	list;
	struct module		*mod;
};

bool trace_module_has_bad_taint(struct module *mod);
int register_tracepoint_module_notifier(struct notifier_block *nb);
int unregister_tracepoint_module_notifier(struct notifier_block *nb);
void for_each_module_tracepoint(void (*fct)(struct tracepoint *tp,
					    struct module *mod, void *priv),
				void *priv);
void for_each_tracepoint_in_module(struct module *mod,
				   void (*fct)(struct tracepoint *tp,
					       struct module *mod, void *priv),
				   void *priv);
#else
static inline bool trace_module_has_bad_taint(struct module *mod)
{
	return false;
}

static inline int register_tracepoint_module_notifier(struct notifier_block *nb)
{
	return 0;
}

static inline int
unregister_tracepoint_module_notifier(struct notifier_block *nb)
{
	return 0;
}

static inline void
for_each_module_tracepoint(void (*fct)(struct tracepoint *tp,
				       struct module *mod, void *priv),
			   void *priv) { }

static inline void
for_each_tracepoint_in_module(struct module *mod,
			      void (*fct)(struct tracepoint *tp,
					  struct module *mod, void *priv),
			      void *priv) { }
#endif

#ifdef CONFIG_HAVE_SYSCALL_TRACEPOINTS
int syscall_regfunc(void);
void syscall_unregfunc(void);
#endif

#ifndef PARAMS
#define PARAMS(args...) args
#endif

/*
 * Enum and sizeof() names used in TP_printk() are resolved to numbers
 * in the format files; with tracing built out there is nothing to do.
 */
#define TRACE_DEFINE_ENUM(x)
#define TRACE_DEFINE_SIZEOF(x)

/*
 * tracepoint_string(str) - a constant string recorded by address
 *
 * Tracing code may store the address of a constant string instead of
 * copying its text; the tracing core lists the address and the text in
 * printk_formats so that readers of the binary buffer can resolve it.
 */
#ifdef CONFIG_TRACING
#define __tracepoint_string	__used __section("__tracepoint_str")
#define tracepoint_string(str)						\
	({								\
		static const char *___tp_str __tracepoint_string = str;	\
		___tp_str;						\
	})
#else
#define __tracepoint_string
#define tracepoint_string(str) str
#endif

#endif /* _LINUX_TRACEPOINT_H */

/*
 * What follows is read again each time an event header includes this
 * file: include/trace/define_trace.h undefines DECLARE_TRACE and the
 * TRACE_EVENT family after it has expanded a header, and the next event
 * header gets the declaring forms back from here.
 */
#ifndef DECLARE_TRACE

#define TP_PROTO(args...)	args
#define TP_ARGS(args...)	args
#define TP_CONDITION(args...)	args

#if defined(CONFIG_TRACEPOINTS) && !defined(NOTRACE)
#define TRACEPOINTS_ENABLED
#endif

#ifdef TRACEPOINTS_ENABLED
/*
 * The call site.  While no probe is attached, trace_name() is one
 * static-key NOP: the arguments are evaluated only when the key is on.
 * Once it is, the call site loads the probe array and makes a static
 * call with the first probe's data.  With exactly one probe attached
 * the static call goes straight to that probe; otherwise it goes to
 * __traceiter_name(), defined once by DEFINE_TRACE(), which ignores the
 * data it is given and walks the array itself.  kernel/tracepoint.c
 * retargets the call, and explains why a probe never sees another
 * probe's data.
 *
 * Probes run with preemption disabled: that is the RCU read side that
 * tracepoint_synchronize_unregister() waits for.  With lockdep, every
 * call also checks that RCU is watching, so that a tracepoint placed
 * where it must not be is reported even while nobody listens.
 */
#define __DECLARE_TRACE(name, proto, args, cond, data_proto)		\
	extern struct tracepoint __tracepoint_##name;			\
	void __traceiter_##name(data_proto);				\
	DECLARE_STATIC_CALL(tp_func_##name, __traceiter_##name);	\
	static inline void trace_##name(proto)				\
	{								\
		if (static_key_false(&__tracepoint_##name.key) && (cond)) { \
			const struct tracepoint_func *__tp_f;		\
									\
			preempt_disable_notrace();			\
			__tp_f = rcu_dereference_raw(__tracepoint_##name.funcs); \
			if (likely(__tp_f))				\
				static_call(tp_func_##name)(__tp_f->data, args); \
			preempt_enable_notrace();			\
		}							\
		if (IS_ENABLED(CONFIG_LOCKDEP) && (cond)) {		\
			rcu_read_lock_sched_notrace();			\
			rcu_dereference_sched(__tracepoint_##name.funcs); \
			rcu_read_unlock_sched_notrace();		\
		}							\
	}								\
	static inline bool trace_##name##_enabled(void)		\
	{								\
		return static_key_false(&__tracepoint_##name.key);	\
	}								\
	static inline int						\
	register_trace_##name(void (*probe)(data_proto), void *data)	\
	{								\
		return tracepoint_probe_register(&__tracepoint_##name,	\
						 (void *)probe, data);	\
	}								\
	static inline int						\
	register_trace_prio_##name(void (*probe)(data_proto),		\
				   void *data, int prio)		\
	{								\
		return tracepoint_probe_register_prio(&__tracepoint_##name, \
						      (void *)probe,	\
						      data, prio);	\
	}								\
	static inline int						\
	unregister_trace_##name(void (*probe)(data_proto), void *data)	\
	{								\
		return tracepoint_probe_unregister(&__tracepoint_##name, \
						   (void *)probe, data); \
	}								\
	static inline void						\
	check_trace_callback_type_##name(void (*cb)(data_proto))	\
	{								\
	}

/*
 * The definition, in the one file that defines CREATE_TRACE_POINTS: the
 * iterator and the static call that starts out pointing at it, the
 * tracepoint itself, its name, and its entry in the table the
 * tracepoint core walks (__tracepoints_ptrs, one per vmlinux or module).
 * The probe array ends with a NULL function; each probe gets its own
 * data followed by the arguments.
 */
#define DEFINE_TRACE_FN(_name, _reg, _unreg, proto, args)		\
	static const char __tpstrtab_##_name[]				\
	__section("__tracepoints_strings") = #_name;			\
	void __traceiter_##_name(void *__data, proto)			\
	{								\
		const struct tracepoint_func *__tp_f;			\
									\
		__tp_f = rcu_dereference_raw(__tracepoint_##_name.funcs); \
		for (; __tp_f && __tp_f->func; __tp_f++)		\
			((void (*)(void *, proto))__tp_f->func)(__tp_f->data, \
								args);	\
	}								\
	DEFINE_STATIC_CALL(tp_func_##_name, __traceiter_##_name);	\
	struct tracepoint __tracepoint_##_name __used			\
	__section("__tracepoints") = {					\
		.name = __tpstrtab_##_name,				\
		.key = STATIC_KEY_INIT_FALSE,				\
		.static_call_key = &STATIC_CALL_KEY(tp_func_##_name),	\
		.static_call_tramp = STATIC_CALL_TRAMP_ADDR(tp_func_##_name), \
		.iterator = &__traceiter_##_name,			\
		.regfunc = _reg,					\
		.unregfunc = _unreg,					\
	};								\
	static tracepoint_ptr_t __tracepoint_ptr_##_name __used	\
	__section("__tracepoints_ptrs") = &__tracepoint_##_name;

#define DEFINE_TRACE(name, proto, args)					\
	DEFINE_TRACE_FN(name, NULL, NULL, PARAMS(proto), PARAMS(args))

#define EXPORT_TRACEPOINT_SYMBOL_GPL(name)				\
	EXPORT_SYMBOL_GPL(__tracepoint_##name);				\
	EXPORT_SYMBOL_GPL(__traceiter_##name);				\
	EXPORT_STATIC_CALL_GPL(tp_func_##name)
#define EXPORT_TRACEPOINT_SYMBOL(name)					\
	EXPORT_SYMBOL(__tracepoint_##name);				\
	EXPORT_SYMBOL(__traceiter_##name);				\
	EXPORT_STATIC_CALL(tp_func_##name)

#else
/*
 * With tracepoints built out every call site compiles to nothing, and
 * attaching a probe fails with -ENOSYS.
 */
#define __DECLARE_TRACE(name, proto, args, cond, data_proto)		\
	static inline void trace_##name(proto)				\
	{								\
	}								\
	static inline bool trace_##name##_enabled(void)		\
	{								\
		return false;						\
	}								\
	static inline int						\
	register_trace_##name(void (*probe)(data_proto), void *data)	\
	{								\
		return -ENOSYS;						\
	}								\
	static inline int						\
	register_trace_prio_##name(void (*probe)(data_proto),		\
				   void *data, int prio)		\
	{								\
		return -ENOSYS;						\
	}								\
	static inline int						\
	unregister_trace_##name(void (*probe)(data_proto), void *data)	\
	{								\
		return -ENOSYS;						\
	}								\
	static inline void						\
	check_trace_callback_type_##name(void (*cb)(data_proto))	\
	{								\
	}

#define DEFINE_TRACE_FN(name, reg, unreg, proto, args)
#define DEFINE_TRACE(name, proto, args)
#define EXPORT_TRACEPOINT_SYMBOL_GPL(name)
#define EXPORT_TRACEPOINT_SYMBOL(name)
#endif /* TRACEPOINTS_ENABLED */

/* Probes run only on online CPUs: a CPU on its way up or down is skipped. */
#define DECLARE_TRACE(name, proto, args)				\
	__DECLARE_TRACE(name, PARAMS(proto), PARAMS(args),		\
			cpu_online(raw_smp_processor_id()),		\
			PARAMS(void *__data, proto))

#define DECLARE_TRACE_CONDITION(name, proto, args, cond)		\
	__DECLARE_TRACE(name, PARAMS(proto), PARAMS(args),		\
			cpu_online(raw_smp_processor_id()) && (PARAMS(cond)), \
			PARAMS(void *__data, proto))

#define TRACE_EVENT_FLAGS(event, flag)
#define TRACE_EVENT_PERF_PERM(event, expr...)

#endif /* DECLARE_TRACE */

/*
 * The TRACE_EVENT family, in its declaring form: each event is a
 * tracepoint, and the record layout, assignment and print format are
 * ignored here.  include/trace/define_trace.h gives them their other
 * meanings in the one file that defines the events.
 */
#ifndef TRACE_EVENT

#define DECLARE_EVENT_CLASS(name, proto, args, tstruct, assign, print)

#define DEFINE_EVENT(template, name, proto, args)			\
	DECLARE_TRACE(name, PARAMS(proto), PARAMS(args))

#define DEFINE_EVENT_FN(template, name, proto, args, reg, unreg)	\
	DECLARE_TRACE(name, PARAMS(proto), PARAMS(args))

#define DEFINE_EVENT_PRINT(template, name, proto, args, print)		\
	DECLARE_TRACE(name, PARAMS(proto), PARAMS(args))

#define DEFINE_EVENT_CONDITION(template, name, proto, args, cond)	\
	DECLARE_TRACE_CONDITION(name, PARAMS(proto), PARAMS(args),	\
				PARAMS(cond))

#define TRACE_EVENT(name, proto, args, struct, assign, print)		\
	DECLARE_TRACE(name, PARAMS(proto), PARAMS(args))

#define TRACE_EVENT_FN(name, proto, args, struct, assign, print,	\
		       reg, unreg)					\
	DECLARE_TRACE(name, PARAMS(proto), PARAMS(args))

#define TRACE_EVENT_FN_COND(name, proto, args, cond, struct, assign,	\
			    print, reg, unreg)				\
	DECLARE_TRACE_CONDITION(name, PARAMS(proto), PARAMS(args),	\
				PARAMS(cond))

#define TRACE_EVENT_CONDITION(name, proto, args, cond, struct, assign,	\
			      print)					\
	DECLARE_TRACE_CONDITION(name, PARAMS(proto), PARAMS(args),	\
				PARAMS(cond))

/*
 * The NOP forms keep an event's call sites compiling in a configuration
 * where the event is not wanted: no tracepoint is created at all.
 */
#define DECLARE_EVENT_NOP(name, proto, args)				\
	static inline void trace_##name(proto)				\
	{								\
	}								\
	static inline bool trace_##name##_enabled(void)		\
	{								\
		return false;						\
	}

#define TRACE_EVENT_NOP(name, proto, args, struct, assign, print)	\
	DECLARE_EVENT_NOP(name, PARAMS(proto), PARAMS(args))

#define DECLARE_EVENT_CLASS_NOP(name, proto, args, tstruct, assign, print)

#define DEFINE_EVENT_NOP(template, name, proto, args)			\
	DECLARE_EVENT_NOP(name, PARAMS(proto), PARAMS(args))

#endif /* TRACE_EVENT */

// SPDX-License-Identifier: GPL-2.0
/*
 * The events layer: every TRACE_EVENT() of the kernel and its modules,
 * enabling them, and the files that list and switch them:
 *
 *   set_event				enabled events; write to enable
 *   available_events			every event, as <system>:<event>
 *
 * The events/ directory is trace_events_dir.c's.
 *
 * Each session has its own set of these files, and a
 * &struct trace_event_file for each event (on tr->events): its switch,
 * its filter and its directory.  An event is enabled in a session by
 * attaching its class's probe to its tracepoint with that session's
 * &struct trace_event_file as the probe's data; disabled by detaching
 * it.  Nothing else runs for an enabled event, and an event enabled in
 * two sessions has two probes, each writing into its own buffer.
 *
 * Everything here runs under trace_types_lock.
 */
#include <linux/ctype.h>
#include <linux/glob.h>
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include <asm/setup.h>

#include "trace_events_internal.h"

static LIST_HEAD(ftrace_events);

/*
 * The outer lock of events made at run time (trace_dynevent.c) and of
 * what names them (the histogram triggers): taken before
 * trace_types_lock.  It is the events layer's so that the trigger files
 * can take it too.
 */
DEFINE_MUTEX(dyn_event_mutex);

/* ---- enabling --------------------------------------------------------- */

/**
 * trace_event_reg() - attach or detach a TRACE_EVENT() event's probes
 * @call: the event
 * @type: what to do
 * @data: for TRACE_REG_REGISTER and TRACE_REG_UNREGISTER, the event's
 *	&struct trace_event_file in a session; for the TRACE_REG_PERF_*
 *	requests, the perf event (or NULL)
 *
 * The registration callback of the classes TRACE_EVENT() defines, which
 * leave &trace_event_class.reg NULL: the ftrace probe is attached to the
 * tracepoint once per session the event is enabled in, with the session's
 * file as its data; the perf probe once for all the perf events open on
 * the event, with the event as its data.  Perf's other requests need no
 * work here: perf_trace_add() and perf_trace_del() keep the per-CPU lists
 * themselves.
 *
 * Context: trace_types_lock held.
 * Return: 0, -EINVAL for an event without a tracepoint (the core's own
 * record types are written, not enabled), -EOPNOTSUPP for perf on a class
 * without a perf probe, or the tracepoint core's error.
 */
int trace_event_reg(struct trace_event_call *call, enum trace_reg type,
		    void *data)
{
	struct trace_event_class *class = call->class;

	if (!call->tp)
		return -EINVAL;
	switch (type) {
	case TRACE_REG_REGISTER:
		return tracepoint_probe_register(call->tp, class->probe, data);
	case TRACE_REG_UNREGISTER:
		return tracepoint_probe_unregister(call->tp, class->probe,
						   data);
#ifdef CONFIG_PERF_EVENTS
	case TRACE_REG_PERF_REGISTER:
		if (!class->perf_probe)
			return -EOPNOTSUPP;
		return tracepoint_probe_register(call->tp, class->perf_probe,
						 call);
	case TRACE_REG_PERF_UNREGISTER:
		return tracepoint_probe_unregister(call->tp, class->perf_probe,
						   call);
	case TRACE_REG_PERF_OPEN:
	case TRACE_REG_PERF_CLOSE:
	case TRACE_REG_PERF_ADD:
	case TRACE_REG_PERF_DEL:
		return 0;
#endif
	}
	return -EINVAL;
}
EXPORT_SYMBOL_GPL(trace_event_reg);

static int event_attach(struct trace_event_file *file)
{
	struct trace_event_call *call = file->call;
	int ret;

	if (call->class->reg)
		ret = call->class->reg(call, TRACE_REG_REGISTER, file);
	else
		ret = trace_event_reg(call, TRACE_REG_REGISTER, file);
	if (ret)
		return ret;
	set_bit(EVENT_FILE_FL_ENABLED_BIT, &file->flags);
	call->flags |= TRACE_EVENT_FL_WAS_ENABLED;
	trace_event_enable_cmdline_record(true);
	return 0;
}

static void event_detach(struct trace_event_file *file)
{
	struct trace_event_call *call = file->call;

	if (call->class->reg)
		call->class->reg(call, TRACE_REG_UNREGISTER, file);
	else
		trace_event_reg(call, TRACE_REG_UNREGISTER, file);
	clear_bit(EVENT_FILE_FL_ENABLED_BIT, &file->flags);
	clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
	trace_event_enable_cmdline_record(false);
}

/* Enable @file, at whatever size its session's buffer has now. */
static int event_switch_on(struct trace_event_file *file)
{
	clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
	return event_enabled(file) ? 0 : event_attach(file);
}

/**
 * event_set() - enable or disable an event in a session
 * @file: the event in the session
 * @on: true to enable
 *
 * Attaches or detaches the event's probe.  In soft mode the probe stays
 * attached and only the records are let through or dropped, as a
 * function probe would do.
 *
 * Context: trace_types_lock held.
 * Return: 0, -EINVAL for the core's own records, or the tracepoint
 * core's error.
 */
int event_set(struct trace_event_file *file, bool on)
{
	lockdep_assert_held(&trace_types_lock);
	if (on) {
		int ret = __tracing_update_buffers(file->tr);

		return ret ?: event_switch_on(file);
	}
	if (!event_enabled(file))
		return 0;
	if (file->flags & EVENT_FILE_FL_SOFT_MODE)
		set_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
	else
		event_detach(file);
	return 0;
}

/**
 * event_soft_mode_get() - put an event in soft mode, or keep it there
 * @file: the event in its session
 *
 * The first user attaches the probe of an event that is off, with its
 * records dropped (SOFT_DISABLED) until event_soft_set() lets them
 * through.  Each user holds the module the event belongs to.
 *
 * Context: trace_types_lock held.
 * Return: 0, -ENODEV if the event's module is going, or event_set()'s
 * error.
 */
int event_soft_mode_get(struct trace_event_file *file)
{
	int ret;

	lockdep_assert_held(&trace_types_lock);
	if (!try_module_get(file->call->mod))
		return -ENODEV;
	if (file->sm_ref++)
		return 0;
	set_bit(EVENT_FILE_FL_SOFT_MODE_BIT, &file->flags);
	if (event_enabled(file))
		return 0;
	set_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
	ret = event_attach(file);
	if (ret) {
		clear_bit(EVENT_FILE_FL_SOFT_DISABLED_BIT, &file->flags);
		clear_bit(EVENT_FILE_FL_SOFT_MODE_BIT, &file->flags);
		file->sm_ref = 0;
		module_put(file->call->mod);
	}
	return ret;
}

/**
 * event_soft_mode_put() - drop a use of event_soft_mode_get()
 * @file: the event in its session
 *
 * When the last user goes, the event stays on if it was let through
 * and goes off if its records were being dropped.  The caller makes
 * sure its user no longer runs (a grace period after unpublishing it).
 *
 * Context: trace_types_lock held.
 */
void event_soft_mode_put(struct trace_event_file *file)
{
	struct module *mod = file->call->mod;

	lockdep_assert_held(&trace_types_lock);
	if (WARN_ON_ONCE(!file->sm_ref))
		return;
	if (!--file->sm_ref) {
		clear_bit(EVENT_FILE_FL_SOFT_MODE_BIT, &file->flags);
		if (file->flags & EVENT_FILE_FL_SOFT_DISABLED)
			event_detach(file);
	}
	/* The event's file may be freed with the module from here on. */
	module_put(mod);
}

/**
 * event_file_find() - a session's event, by name
 * @tr: the session
 * @system: its system, as in events/<system>
 * @name: its name
 *
 * Context: trace_types_lock held.
 * Return: the event, or NULL if @tr has none of that name.
 */
struct trace_event_file *event_file_find(struct trace_array *tr,
					 const char *system, const char *name)
{
	struct trace_event_file *file;

	lockdep_assert_held(&trace_types_lock);
	list_for_each_entry(file, &tr->events, list) {
		struct trace_event_call *call = file->call;

		if (!(call->flags & TRACE_EVENT_FL_IGNORE_ENABLE) &&
		    !strcmp(event_system(call), system) &&
		    !strcmp(trace_event_name(call), name))
			return file;
	}
	return NULL;
}

/**
 * event_file_lookup() - a session's event by name, the core's own too
 * @tr: the session
 * @system: its system
 * @name: its name
 *
 * As event_file_find(), but the core's record types (ftrace/print,
 * whose triggers trace_marker runs) are found too: what a histogram
 * names may be one of them.
 *
 * Context: trace_types_lock held.
 * Return: the event, or NULL.
 */
struct trace_event_file *event_file_lookup(struct trace_array *tr,
					   const char *system,
					   const char *name)
{
	struct trace_event_file *file;

	lockdep_assert_held(&trace_types_lock);
	list_for_each_entry(file, &tr->events, list) {
		struct trace_event_call *call = file->call;

		if (!strcmp(event_system(call), system) &&
		    !strcmp(trace_event_name(call), name))
			return file;
	}
	return NULL;
}

static bool glob_ok(const char *pat)
{
	const char *open = strchr(pat, '[');

	/* A '[' must be closed, and nothing may be empty between. */
	while (open) {
		const char *close = strchr(open + 1, ']');

		if (!close || close == open + 1)
			return false;
		open = strchr(close + 1, '[');
	}
	return !strchr(pat, ']') || strchr(pat, '[');
}

static bool name_matches(const char *pat, const char *name)
{
	return !*pat || !strcmp(pat, "*") || glob_match(pat, name);
}

static bool event_matches(struct event_match *m, struct trace_event_call *call)
{
	if (call->flags & TRACE_EVENT_FL_IGNORE_ENABLE)
		return false;
	if (m->either)
		return name_matches(m->event, trace_event_name(call)) ||
		       name_matches(m->event, event_system(call));
	if (m->system && !name_matches(m->system, event_system(call)))
		return false;
	return name_matches(m->event, trace_event_name(call));
}

/*
 * Read "[system:]event" (either part may be a glob) into @m, pointing
 * into @word; the colon is replaced by a NUL.  -EINVAL for a bad glob.
 */
static int parse_match(char *word, struct event_match *m)
{
	char *colon = strchr(word, ':');

	memset(m, 0, sizeof(*m));
	if (colon) {
		*colon = '\0';
		m->system = word;
		m->event = colon + 1;
	} else {
		m->event = word;
		m->either = true;
	}
	if ((m->system && !glob_ok(m->system)) || !glob_ok(m->event))
		return -EINVAL;
	return 0;
}

/**
 * event_set_pid_filter() - mark whether a session's events check the pid
 * @tr: the session
 * @on: whether set_event_pid or set_event_notrace_pid is set
 *
 * Context: trace_types_lock held.
 */
void event_set_pid_filter(struct trace_array *tr, bool on)
{
	struct trace_event_file *file;

	lockdep_assert_held(&trace_types_lock);
	list_for_each_entry(file, &tr->events, list) {
		if (on)
			set_bit(EVENT_FILE_FL_PID_FILTER_BIT, &file->flags);
		else
			clear_bit(EVENT_FILE_FL_PID_FILTER_BIT, &file->flags);
	}
}

/**
 * event_set_matching() - enable or disable the events a match selects
 * @tr: the session
 * @m: the events
 * @on: true to enable
 *
 * Context: trace_types_lock held.
 * Return: 0, or -EINVAL if @m selects nothing, or the first error.
 */
int event_set_matching(struct trace_array *tr, struct event_match *m, bool on)
{
	struct trace_event_file *file;
	int ret = -EINVAL, err;

	list_for_each_entry(file, &tr->events, list) {
		if (!event_matches(m, file->call))
			continue;
		err = event_set(file, on);
		if (ret)
			ret = err;
	}
	return ret;
}

static bool any_matching(struct trace_array *tr, struct event_match *m)
{
	struct trace_event_file *file;

	list_for_each_entry(file, &tr->events, list)
		if (event_matches(m, file->call))
			return true;
	return false;
}

/**
 * ftrace_set_clr_event() - enable or disable events by set_event syntax
 * @tr: the session
 * @buf: "[system:]event", globs allowed; changed in place
 * @set: 1 to enable, 0 to disable
 *
 * Return: 0, or -EINVAL if nothing matches.
 */
int ftrace_set_clr_event(struct trace_array *tr, char *buf, int set)
{
	struct event_match m;
	int ret = parse_match(buf, &m);

	if (ret)
		return ret;
	mutex_lock(&trace_types_lock);
	ret = event_set_matching(tr, &m, set);
	mutex_unlock(&trace_types_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(ftrace_set_clr_event);

/**
 * trace_array_set_clr_event() - enable or disable events of a session
 * @tr: the session
 * @system: the system, or NULL for any
 * @event: the event, or NULL for all of @system
 * @enable: true to enable
 *
 * Return: 0, -EINVAL if nothing matches, -ENOENT for NULL.
 */
int trace_array_set_clr_event(struct trace_array *tr, const char *system,
			      const char *event, bool enable)
{
	struct event_match m = { .system = system, .event = event ?: "" };
	int ret;

	if (!tr)
		return -ENOENT;
	mutex_lock(&trace_types_lock);
	ret = event_set_matching(tr, &m, enable);
	mutex_unlock(&trace_types_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_array_set_clr_event);

/**
 * trace_set_clr_event() - enable or disable one event, or a whole system,
 *	at the top level
 * @system: the system, or NULL for any
 * @event: the event, or NULL for all of @system
 * @set: 1 to enable, 0 to disable
 *
 * Return: 0, or -EINVAL if nothing matches.
 */
int trace_set_clr_event(const char *system, const char *event, int set)
{
	return trace_array_set_clr_event(&global_trace, system, event, set);
}
EXPORT_SYMBOL_GPL(trace_set_clr_event);

/* ---- registering events ----------------------------------------------- */

/*
 * Replace each name of an eval map in the arguments of @call's print
 * format by its value.  Names inside string literals, and field names
 * (after "->" or "."), are left alone.
 */
static void eval_update_call(struct trace_event_call *call,
			     struct trace_eval_map *map)
{
	const char *fmt = call->print_fmt, *p;
	size_t nlen = strlen(map->eval_string);
	char value[24], *out, *q;
	size_t vlen;
	bool in_str = false;
	int hits = 0;

	/* Skip the quoted format itself. */
	p = strchr(fmt, '"');
	if (p)
		p = strchr(p + 1, '"');
	if (!p)
		return;
	for (p++; *p; p++) {
		if (*p == '"' && p[-1] != '\\')
			in_str = !in_str;
		else if (!in_str && !strncmp(p, map->eval_string, nlen) &&
			 !isalnum(p[nlen]) && p[nlen] != '_' &&
			 !isalnum(p[-1]) && p[-1] != '_' && p[-1] != '.' &&
			 p[-1] != '>')
			hits++;
	}
	if (!hits)
		return;
	vlen = snprintf(value, sizeof(value), "%ld", (long)map->eval_value);
	out = kmalloc(strlen(fmt) + hits * vlen + 1, GFP_KERNEL);
	if (!out)
		return;
	in_str = false;
	p = strchr(fmt, '"');
	p = strchr(p + 1, '"') + 1;
	memcpy(out, fmt, p - fmt);
	q = out + (p - fmt);
	while (*p) {
		if (*p == '"' && p[-1] != '\\') {
			in_str = !in_str;
		} else if (!in_str && !strncmp(p, map->eval_string, nlen) &&
			   !isalnum(p[nlen]) && p[nlen] != '_' &&
			   !isalnum(p[-1]) && p[-1] != '_' && p[-1] != '.' &&
			   p[-1] != '>') {
			memcpy(q, value, vlen);
			q += vlen;
			p += nlen;
			continue;
		}
		*q++ = *p++;
	}
	*q = '\0';
	if (call->flags & TRACE_EVENT_FL_FMT_ALLOCATED)
		kfree(call->print_fmt);
	call->print_fmt = out;
	call->flags |= TRACE_EVENT_FL_FMT_ALLOCATED;
}

/**
 * trace_event_eval_update() - put values for names in the print formats
 * @map: the eval maps (TRACE_DEFINE_ENUM(), TRACE_DEFINE_SIZEOF())
 * @len: how many
 *
 * Each map applies to the events of its own system.
 */
void trace_event_eval_update(struct trace_eval_map **map, int len)
{
	struct trace_event_call *call;
	int i;

	lockdep_assert_held(&trace_types_lock);
	for (i = 0; i < len; i++)
		list_for_each_entry(call, &ftrace_events, list)
			if (!strcmp(event_system(call), map[i]->system))
				eval_update_call(call, map[i]);
}

/* Whether instance @tr offers @call's system (trace_array_get_by_name()). */
static bool tr_offers(struct trace_array *tr, struct trace_event_call *call)
{
	const char *list = tr->event_systems, *sys = event_system(call);
	size_t len = strlen(sys);

	while (list && *list) {
		if (!strncmp(list, sys, len) && (!list[len] || list[len] == ','))
			return true;
		list = strchr(list, ',');
		if (list)
			list++;
	}
	return !tr->event_systems;
}

/* The events/ directories' code, above this file (trace_events_dir.c). */
static const struct event_dir_ops *dir_ops;

/**
 * event_dir_register() - who makes the sessions' events/ directories
 * @ops: trace_events_dir.c's callbacks
 *
 * Registered at boot, before any session has a directory.
 */
void event_dir_register(const struct event_dir_ops *ops)
{
	mutex_lock(&trace_types_lock);
	dir_ops = ops;
	mutex_unlock(&trace_types_lock);
}

/* Give @call its file in @tr, and its directory once @tr has events/. */
static int event_add_file(struct trace_array *tr,
			  struct trace_event_call *call)
{
	struct trace_event_file *file;

	if (!tr_offers(tr, call))
		return 0;
	file = kzalloc(sizeof(*file), GFP_KERNEL);
	if (!file)
		return -ENOMEM;
	file->call = call;
	file->tr = tr;
	INIT_HLIST_HEAD(&file->hooks);
	INIT_LIST_HEAD(&file->triggers);
	if (trace_pids_filtering(tr))
		set_bit(EVENT_FILE_FL_PID_FILTER_BIT, &file->flags);
	list_add_tail(&file->list, &tr->events);
	if (call->event.type == TRACE_PRINT)
		WRITE_ONCE(tr->marker_file, file);
	if (tr->event_dir)
		dir_ops->create_dir(file);
	return 0;
}

/*
 * The hooks on @file whose owners do not remove them first (its
 * triggers) go; the other soft mode users of the file went before (see
 * event_soft_mode_get()).
 */
static void event_file_unhook(struct trace_event_file *file)
{
	struct trace_event_hook *hook;
	struct hlist_node *n;

	hlist_for_each_entry_safe(hook, n, &file->hooks, list)
		if (hook->gone)
			hook->gone(hook);
}

/*
 * Take @file out of its session: detach its probe, remove its directory.
 * Its filter and the file itself are freed after the probes are done
 * with them: tracepoint_synchronize_unregister() comes first.
 */
static void event_del_file(struct trace_event_file *file)
{
	event_file_unhook(file);
	if (file->tr->marker_file == file)
		WRITE_ONCE(file->tr->marker_file, NULL);
	if (event_enabled(file))
		event_detach(file);
	list_del(&file->list);
	if (dir_ops)
		dir_ops->remove_dir(file);
}

static void event_free_file(struct trace_event_file *file)
{
	event_filter_free(rcu_dereference_protected(file->filter, 1));
	kfree(file);
}

static int event_register(struct trace_event_call *call, struct module *mod)
{
	struct trace_array *tr;
	int ret;

	lockdep_assert_held(&trace_types_lock);
	if (call->tp)
		call->name = call->tp->name;
	if (WARN_ON(!call->name || !call->class))
		return -EINVAL;
	if (call->class->raw_init) {
		ret = call->class->raw_init(call);
		if (ret)
			return ret;
	}
	if (!register_trace_event(&call->event))
		return -EBUSY;
	call->mod = mod;
	list_add_tail(&call->list, &ftrace_events);
	list_for_each_entry(tr, &trace_arrays, list)
		if (event_add_file(tr, call))
			pr_warn("tracing: no memory for event %s\n",
				trace_event_name(call));
	return 0;
}

/* The file of @call in @tr, or NULL. */
static struct trace_event_file *find_file(struct trace_array *tr,
					  struct trace_event_call *call)
{
	struct trace_event_file *file;

	list_for_each_entry(file, &tr->events, list)
		if (file->call == call)
			return file;
	return NULL;
}

static bool event_enabled_anywhere(struct trace_event_call *call)
{
	struct trace_event_file *file;
	struct trace_array *tr;

	list_for_each_entry(tr, &trace_arrays, list) {
		file = find_file(tr, call);
		if (file && event_enabled(file))
			return true;
	}
	return false;
}

/* Whether perf events are open on @call (trace_types_lock held). */
static bool event_perf_open(struct trace_event_call *call)
{
#ifdef CONFIG_PERF_EVENTS
	return call->perf_refcount;
#else
	return false;
#endif
}

/* Free files taken out by event_del_file(), once no probe can use them. */
static void event_free_files(struct list_head *gone)
{
	struct trace_event_file *file, *n;

	if (list_empty(gone))
		return;
	tracepoint_synchronize_unregister();
	list_for_each_entry_safe(file, n, gone, list)
		event_free_file(file);
}

/* Unregister @call; its files go on @gone for event_free_files(). */
static void event_unregister(struct trace_event_call *call,
			     struct list_head *gone)
{
	struct trace_event_file *file;
	struct trace_array *tr;

	lockdep_assert_held(&trace_types_lock);
	list_for_each_entry(tr, &trace_arrays, list) {
		file = find_file(tr, call);
		if (file) {
			event_del_file(file);
			list_add(&file->list, gone);
		}
	}
	list_del(&call->list);
	unregister_trace_event(&call->event);
	if (call->flags & TRACE_EVENT_FL_FMT_ALLOCATED) {
		kfree(call->print_fmt);
		call->flags &= ~TRACE_EVENT_FL_FMT_ALLOCATED;
	}
}

/**
 * event_call_find_type() - the event whose records have a given type
 * @type: the id, as in events/<system>/<event>/id
 *
 * Context: trace_types_lock held.
 * Return: the event, or NULL (no event, or one of the core's own record
 * types, which have no &struct trace_event_call).
 */
struct trace_event_call *event_call_find_type(u64 type)
{
	struct trace_event_call *call;

	lockdep_assert_held(&trace_types_lock);
	list_for_each_entry(call, &ftrace_events, list)
		if (call->event.type == type)
			return call;
	return NULL;
}

/**
 * trace_add_event_call() - register an event made at run time
 * @call: the event, with its class, name and print functions
 *
 * Return: 0 or an error.
 */
int trace_add_event_call(struct trace_event_call *call)
{
	int ret;

	mutex_lock(&trace_types_lock);
	ret = event_register(call, NULL);
	mutex_unlock(&trace_types_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_add_event_call);

/**
 * trace_remove_event_call() - remove an event made at run time
 * @call: the event
 *
 * Return: 0, or -EBUSY while the event is enabled in a session (soft
 * mode included), one of its events/ files is open, or a perf event is
 * open on it.  A caller's own busy check may be stale: perf_trace_init()
 * can open a perf event on the call between that check and this one.
 */
int trace_remove_event_call(struct trace_event_call *call)
{
	LIST_HEAD(gone);
	int ret = -EBUSY;

	mutex_lock(&trace_types_lock);
	if (!call->refcnt && !event_perf_open(call) &&
	    !event_enabled_anywhere(call)) {
		event_unregister(call, &gone);
		event_free_files(&gone);
		ret = 0;
	}
	mutex_unlock(&trace_types_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_remove_event_call);

/* Boot-time events to enable: trace_event=<list>, as set_event takes. */
static char boot_events[COMMAND_LINE_SIZE] __initdata;

static __init int set_boot_events(char *str)
{
	strscpy(boot_events, str, sizeof(boot_events));
	trace_boot_expand();
	return 1;
}
__setup("trace_event=", set_boot_events);

/**
 * trace_event_boot_init() - register the kernel's events
 *
 * Also puts the kernel's eval map values into the print formats and
 * enables the events named by trace_event= on the command line.
 */
__init void trace_event_boot_init(void)
{
	struct trace_event_call **call;
	char *buf = boot_events, *word;
	int ret;

	if (tracing_is_disabled())
		return;
	mutex_lock(&trace_types_lock);
	for (call = __start_ftrace_events; call < __stop_ftrace_events; call++) {
		ret = event_register(*call, NULL);
		/* -ENODEV: an event this kernel has no use for. */
		if (ret && ret != -ENODEV)
			pr_warn("tracing: could not register event %s\n",
				(*call)->tp ? (*call)->tp->name :
				(*call)->name ?: "?");
	}
	trace_event_eval_update(__start_ftrace_eval_maps,
				__stop_ftrace_eval_maps -
				__start_ftrace_eval_maps);
	mutex_unlock(&trace_types_lock);

	while ((word = strsep(&buf, ","))) {
		bool on = *word != '!';

		if (*word && ftrace_set_clr_event(&global_trace,
						  word + !on, on))
			pr_warn("tracing: no event matches '%s'\n", word);
	}
}

/**
 * trace_event_enable_at_boot() - enable an event at the top level from boot
 *	without growing its buffer
 * @call: the event
 *
 * For the events kprobe_event= defines, which are enabled as they are
 * made, as in 6.12, and record into the top level's buffer at the size
 * it has: that option alone does not make the boot a traced one.
 *
 * Return: 0, -ENOENT if the top level has no such event, or the error
 * attaching it.
 */
int __init trace_event_enable_at_boot(struct trace_event_call *call)
{
	struct trace_event_file *file;
	int ret = -ENOENT;

	mutex_lock(&trace_types_lock);
	file = find_file(&global_trace, call);
	if (file)
		ret = event_switch_on(file);
	mutex_unlock(&trace_types_lock);
	return ret;
}

/* ---- modules ---------------------------------------------------------- */

static void module_add_events(struct module *mod)
{
	unsigned int i;

	if (trace_module_has_bad_taint(mod))
		return;
	mutex_lock(&trace_types_lock);
	for (i = 0; i < mod->num_trace_events; i++)
		if (event_register(mod->trace_events[i], mod))
			pr_warn("tracing: could not register event %s of %s\n",
				mod->trace_events[i]->tp ?
				mod->trace_events[i]->tp->name : "?",
				mod->name);
	trace_event_eval_update(mod->trace_evals, mod->num_trace_evals);
	mutex_unlock(&trace_types_lock);
}

static void module_remove_events(struct module *mod)
{
	struct trace_event_call *call, *n;
	bool recorded = false;
	LIST_HEAD(gone);

	mutex_lock(&trace_types_lock);
	list_for_each_entry_safe(call, n, &ftrace_events, list) {
		if (call->mod != mod)
			continue;
		if (call->flags & TRACE_EVENT_FL_WAS_ENABLED)
			recorded = true;
		event_unregister(call, &gone);
	}
	event_free_files(&gone);
	/*
	 * The module's records cannot be printed any more, and their type
	 * numbers may be given to another module: drop them.
	 */
	if (recorded) {
		struct trace_array *tr;

		tracepoint_synchronize_unregister();
		list_for_each_entry(tr, &trace_arrays, list)
			tracing_reset_all(tr);
	}
	mutex_unlock(&trace_types_lock);
}

static int events_module_coming(struct notifier_block *nb, unsigned long val,
				void *data)
{
	struct module *mod = data;

	if (val == MODULE_STATE_COMING && mod->num_trace_events)
		module_add_events(mod);
	return NOTIFY_OK;
}

static int events_module_going(struct notifier_block *nb, unsigned long val,
			       void *data)
{
	struct module *mod = data;

	if (val == MODULE_STATE_GOING && mod->num_trace_events)
		module_remove_events(mod);
	return NOTIFY_OK;
}

/*
 * A coming module's events appear below the jump labels' notifier (1)
 * and the tracepoints' (0): once they are visible perf or a session may
 * enable one at once, and a static key enabled before the jump labels
 * know the module's sites would leave them unpatched (its disable then
 * finds the wrong instruction).  A going module's events go above the
 * jump labels' notifier: its probes are detached while its static keys
 * are still known to them.
 */
static struct notifier_block events_module_coming_nb = {
	.notifier_call	= events_module_coming,
	.priority	= -1,
};

static struct notifier_block events_module_going_nb = {
	.notifier_call	= events_module_going,
	.priority	= 2,
};

/* ---- available_events and set_event ------------------------------------ */

/*
 * available_events and set_event list events with the same seq_file
 * code; the seq_file's private data says which (and, for set_event,
 * holds the writer's state).
 */
#define SET_EVENT_WORD_MAX	128

/*
 * @tr: the session whose events are listed
 * @enabled_only: set_event (the enabled ones), not available_events
 */
struct events_view {
	struct trace_array	*tr;
	bool			enabled_only;
};

static struct events_view all_events_view = { .tr = &global_trace };

static bool view_shows(struct seq_file *m, struct trace_event_file *file)
{
	struct events_view *view = m->private;

	if (file->call->flags & TRACE_EVENT_FL_IGNORE_ENABLE)
		return false;
	return !view->enabled_only || event_enabled(file);
}

static void *events_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct events_view *view = m->private;
	struct trace_event_file *file = v;

	(*pos)++;
	list_for_each_entry_continue(file, &view->tr->events, list)
		if (view_shows(m, file))
			return file;
	return NULL;
}

static void *events_start(struct seq_file *m, loff_t *pos)
{
	struct events_view *view = m->private;
	struct trace_event_file *file;
	loff_t i = 0;

	mutex_lock(&trace_types_lock);
	list_for_each_entry(file, &view->tr->events, list)
		if (view_shows(m, file) && i++ == *pos)
			return file;
	return NULL;
}

static void events_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&trace_types_lock);
}

static int events_show(struct seq_file *m, void *v)
{
	struct trace_event_call *call = ((struct trace_event_file *)v)->call;

	seq_printf(m, "%s:%s\n", event_system(call), trace_event_name(call));
	return 0;
}

static const struct seq_operations events_seq_ops = {
	.start	= events_start,
	.next	= events_next,
	.stop	= events_stop,
	.show	= events_show,
};

static int available_events_open(struct inode *inode, struct file *filp)
{
	int ret;

	if (tracing_is_disabled())
		return -ENODEV;
	ret = seq_open(filp, &events_seq_ops);
	if (!ret)
		((struct seq_file *)filp->private_data)->private =
			&all_events_view;
	return ret;
}

static const struct file_operations available_events_fops = {
	.open		= available_events_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

/*
 * A set_event write: words separated by white space (or NUL bytes), each
 * "[!][system:]event", as in Linux 6.12 every word complete within its
 * write (the last one needs no newline).  A write is checked whole before
 * anything in it is applied: a word that matches nothing fails it with
 * -EINVAL and an error_log line, and nothing changes.
 */
static int set_event_apply(struct trace_array *tr, char *word,
			   bool check_only)
{
	struct event_match m;
	bool on = *word != '!';
	char *colon;
	int ret;

	word += !on;
	colon = strchr(word, ':');
	ret = parse_match(word, &m);
	if (!ret)
		ret = check_only ? (any_matching(tr, &m) ? 0 : -EINVAL) :
				   event_set_matching(tr, &m, on);
	/* The word is logged as written if it fails. */
	if (colon)
		*colon = ':';
	return ret;
}

static const char * const event_errors[] = {
	"No event or system matched",
	"Invalid glob",
};

enum { EVENT_ERR_NO_MATCH, EVENT_ERR_BAD_GLOB };

static void set_event_log(struct trace_array *tr, char *word)
{
	bool glob = false;
	char *w = word;

	if (*w == '!')
		w++;
	if (strchr(w, '[') || strchr(w, ']'))
		glob = true;
	tracing_log_err(tr, "set_event", word, event_errors,
			glob ? EVENT_ERR_BAD_GLOB : EVENT_ERR_NO_MATCH, 0);
}

/* Check (@check_only) or apply the words of @buf. */
static int set_event_words(struct trace_array *tr, const char *buf,
			   size_t len, bool check_only)
{
	char word[SET_EVENT_WORD_MAX];
	size_t i, n = 0;
	int ret;

	for (i = 0; i <= len; i++) {
		char c = i == len ? ' ' : buf[i];

		if (c && !isspace(c)) {
			if (n == SET_EVENT_WORD_MAX - 1)
				return -EINVAL;
			word[n++] = c;
			continue;
		}
		if (!n)
			continue;
		word[n] = '\0';
		ret = set_event_apply(tr, word, check_only);
		if (ret) {
			if (check_only)
				set_event_log(tr, word);
			return ret;
		}
		n = 0;
	}
	return 0;
}

static int set_event_open(struct inode *inode, struct file *filp)
{
	struct events_view *view;
	struct trace_array *tr;
	int ret = trace_key_open(inode, filp);

	if (ret)
		return ret;
	tr = file_key(filp)->tr;
	view = kzalloc(sizeof(*view), GFP_KERNEL);
	if (!view) {
		ret = -ENOMEM;
		goto put;
	}
	view->tr = tr;
	view->enabled_only = true;
	/* The seq_file takes private_data over. */
	filp->private_data = NULL;
	ret = seq_open(filp, &events_seq_ops);
	if (ret) {
		kfree(view);
		goto put;
	}
	((struct seq_file *)filp->private_data)->private = view;
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC)) {
		struct event_match all = { .event = "" };

		mutex_lock(&trace_types_lock);
		event_set_matching(tr, &all, false);
		mutex_unlock(&trace_types_lock);
	}
	return 0;
put:
	trace_array_put(tr);
	return ret;
}

/*
 * Larger writes are taken a page at a time, each page checked whole and
 * cut after its last separator, so that no word is split.
 */
static ssize_t set_event_write(struct file *filp, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct seq_file *m = filp->private_data;
	struct trace_array *tr = ((struct events_view *)m->private)->tr;
	size_t len = min_t(size_t, cnt, PAGE_SIZE);
	char *buf;
	int ret;

	if (!cnt)
		return 0;
	buf = memdup_user(ubuf, len);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	if (len < cnt) {
		while (len && buf[len - 1] && !isspace(buf[len - 1]))
			len--;
		if (!len) {
			kfree(buf);
			return -EINVAL;
		}
	}
	mutex_lock(&trace_types_lock);
	ret = set_event_words(tr, buf, len, true);
	if (!ret)
		ret = set_event_words(tr, buf, len, false);
	mutex_unlock(&trace_types_lock);
	kfree(buf);
	if (ret)
		return ret;
	*ppos += len;
	return len;
}

static int set_event_release(struct inode *inode, struct file *filp)
{
	struct events_view *view;

	view = ((struct seq_file *)filp->private_data)->private;
	trace_array_put(view->tr);
	kfree(view);
	return seq_release(inode, filp);
}

static const struct file_operations set_event_fops = {
	.open		= set_event_open,
	.read		= seq_read,
	.write		= set_event_write,
	.llseek		= seq_lseek,
	.release	= set_event_release,
};

/**
 * event_trace_add_tr() - a session's events: set_event and events/
 * @tr: the session, with its directory made
 *
 * An instance gets a &struct trace_event_file for each event it offers;
 * the top level has had them since boot.
 *
 * Context: trace_types_lock held.
 * Return: 0, or -ENOMEM.
 */
int event_trace_add_tr(struct trace_array *tr)
{
	void *key = trace_key(tr, RING_BUFFER_ALL_CPUS);
	struct trace_event_file *file;
	struct trace_event_call *call;

	lockdep_assert_held(&trace_types_lock);
	if (tr != &global_trace)
		list_for_each_entry(call, &ftrace_events, list)
			if (event_add_file(tr, call))
				return -ENOMEM;
	trace_create_file("set_event", TRACE_MODE_WRITE, tr->dir, key, &set_event_fops);
	if (!dir_ops)
		return -ENODEV;
	tr->event_dir = dir_ops->create_events_dir(tr);
	if (!tr->event_dir)
		return -ENOMEM;
	list_for_each_entry(file, &tr->events, list)
		dir_ops->create_dir(file);
	return 0;
}

/**
 * event_trace_del_tr() - disable and free a session's events
 * @tr: an instance being removed
 *
 * Its probes are detached, and its files freed once no probe can be
 * running with them.  Its events/ goes too; the rest of its directory
 * is the caller's.
 *
 * Context: trace_types_lock held.
 */
void event_trace_del_tr(struct trace_array *tr)
{
	struct trace_event_file *file, *n;
	LIST_HEAD(gone);

	lockdep_assert_held(&trace_types_lock);
	/* The triggers first: they may hold other events of the session. */
	list_for_each_entry(file, &tr->events, list)
		event_file_unhook(file);
	/*
	 * Newest first: an event probe goes before the event it hooks,
	 * which was there when the probe was defined.
	 */
	list_for_each_entry_safe_reverse(file, n, &tr->events, list) {
		event_del_file(file);
		list_add(&file->list, &gone);
	}
	event_free_files(&gone);
	if (dir_ops)
		dir_ops->remove_events_dir(tr);
}

/**
 * event_trace_init() - available_events, and module events from now on
 *
 * Return: 0, or the module notifier's error.
 */
__init int event_trace_init(void)
{
	int ret;

	trace_create_file("available_events", TRACE_MODE_READ, NULL, NULL,
			  &available_events_fops);
	ret = register_module_notifier(&events_module_coming_nb);
	if (ret)
		return ret;
	return register_module_notifier(&events_module_going_nb);
}

/* ---- the files of an event's directory ---------------------------------- */

/**
 * event_file_open() - open a file of an event's directory
 * @inode: its inode, whose i_private is the &struct trace_event_file
 * @filp: the file; its private_data becomes the &struct trace_event_file
 *
 * An event's files hold its &struct trace_event_file in one session,
 * and its trace_event_call may live in a module.  The pointer is looked
 * for among the live sessions' events before it is followed (the event
 * or the instance may have gone since the inode was looked up: eventfs
 * lets a file's inode outlive its directory's removal); then
 * opening takes a reference on the session and on the module, so that
 * neither goes while the file is open, and on the event (call->refcnt),
 * so that an event made at run time is not removed (-EBUSY).  A file
 * opened as its module or instance goes fails with -ENODEV.
 *
 * Return: 0, or -ENODEV if the event or its session has gone.
 */
int event_file_open(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file, *want = inode->i_private;
	struct trace_array *tr;
	int ret = -ENODEV;

	if (tracing_is_disabled())
		return -ENODEV;
	mutex_lock(&trace_types_lock);
	list_for_each_entry(tr, &trace_arrays, list) {
		list_for_each_entry(file, &tr->events, list) {
			if (file != want)
				continue;
			if (!file->call->mod || try_module_get(file->call->mod)) {
				tr->ref++;
				/* An event made at run time stays while open. */
				file->call->refcnt++;
				ret = 0;
			}
			goto out;
		}
	}
out:
	mutex_unlock(&trace_types_lock);
	if (!ret)
		filp->private_data = want;
	return ret;
}

/**
 * event_file_put() - let go of what event_file_open() took
 * @file: the event
 */
void event_file_put(struct trace_event_file *file)
{
	mutex_lock(&trace_types_lock);
	file->call->refcnt--;
	mutex_unlock(&trace_types_lock);
	module_put(file->call->mod);
	trace_array_put(file->tr);
}

/**
 * event_file_release() - close a file opened by event_file_open()
 * @inode: its inode
 * @filp: the file
 *
 * Return: 0.
 */
int event_file_release(struct inode *inode, struct file *filp)
{
	event_file_put(filp->private_data);
	return 0;
}

/* ---- an event held by kernel code --------------------------------------- */

/**
 * trace_get_event_file() - hold an event of a session, for kernel code
 * @instance: the instance's name, or NULL for the top-level session
 * @system: the event's system
 * @event: the event's name
 *
 * The event (made at run time or in a module) and its session stay
 * while it is held: removing either is -EBUSY.  Enable it with
 * trace_array_set_clr_event(file->tr, ...).
 *
 * Return: the event's &struct trace_event_file, or ERR_PTR(-ENOENT) (no
 * such instance), ERR_PTR(-EINVAL) (no such event) or ERR_PTR(-ENODEV)
 * (tracing disabled, or its module going).
 */
struct trace_event_file *trace_get_event_file(const char *instance,
					      const char *system,
					      const char *event)
{
	struct trace_event_file *file = ERR_PTR(-ENOENT);
	struct trace_array *tr = &global_trace;

	if (tracing_is_disabled())
		return ERR_PTR(-ENODEV);
	mutex_lock(&trace_types_lock);
	if (instance)
		tr = trace_array_find(instance);
	if (!tr)
		goto out;
	file = event_file_find(tr, system, event);
	if (!file) {
		file = ERR_PTR(-EINVAL);
		goto out;
	}
	if (file->call->mod && !try_module_get(file->call->mod)) {
		file = ERR_PTR(-ENODEV);
		goto out;
	}
	tr->ref++;
	file->call->refcnt++;
out:
	mutex_unlock(&trace_types_lock);
	return file;
}
EXPORT_SYMBOL_GPL(trace_get_event_file);

/**
 * trace_put_event_file() - let go of an event held by trace_get_event_file()
 * @file: the event
 *
 * Does not disable it: the holder does that first if it enabled it.
 */
void trace_put_event_file(struct trace_event_file *file)
{
	event_file_put(file);
}
EXPORT_SYMBOL_GPL(trace_put_event_file);

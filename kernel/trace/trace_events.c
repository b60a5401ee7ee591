// SPDX-License-Identifier: GPL-2.0
/*
 * The events layer: every TRACE_EVENT() of the kernel and its modules,
 * and the files that list, enable and describe them:
 *
 *   events/<system>/<event>/{enable,filter,format,id}
 *   events/<system>/enable, events/enable	0, 1, or X when mixed
 *   events/<system>/filter			one filter for all its events
 *   events/header_page, events/header_event	the ring buffer's layout
 *   set_event				enabled events; write to enable
 *   available_events			every event, as <system>:<event>
 *
 * An event is enabled by attaching its class's probe to its tracepoint,
 * with its &struct trace_event_file as the probe's data; disabled by
 * detaching it.  Nothing else runs for an enabled event.
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

#include "trace.h"

static LIST_HEAD(ftrace_events);

/**
 * struct event_system - an events/<system> directory
 * @list: entry in event_systems
 * @name: the system's name
 * @dir: its directory, once tracefs is up
 * @nr_events: events registered in it; its directory goes with the last
 * @ref: open enable files; the structure is freed when both are zero
 * @filter: the filter last written to its filter file, or NULL
 */
struct event_system {
	struct list_head	list;
	const char		*name;
	struct dentry		*dir;
	int			nr_events;
	int			ref;
	char			*filter;
};

static LIST_HEAD(event_systems);

/* The events directory of an event, while it exists. */
struct event_dir {
	struct dentry		*dir;
	struct event_system	*system;
};

static bool events_dir_ready;

static const char *event_system(struct trace_event_call *call)
{
	return call->class->system;
}

/* ---- enabling --------------------------------------------------------- */

static bool event_enabled(struct trace_event_call *call)
{
	return call->file && (call->file->flags & EVENT_FILE_FL_ENABLED);
}

/* Attach or detach an event's probe; 0 or the tracepoint core's error. */
static int event_set(struct trace_event_call *call, bool on)
{
	struct trace_event_file *file = call->file;
	int ret;

	lockdep_assert_held(&trace_types_lock);
	if (!file || on == event_enabled(call))
		return 0;
	/* The core's own record types are written, not enabled. */
	if (!call->tp)
		return -EINVAL;
	if (on) {
		ret = tracepoint_probe_register(call->tp, call->class->probe,
						file);
		if (ret)
			return ret;
		file->flags |= EVENT_FILE_FL_ENABLED;
		call->flags |= TRACE_EVENT_FL_WAS_ENABLED;
		trace_event_enable_cmdline_record(true);
	} else {
		tracepoint_probe_unregister(call->tp, call->class->probe, file);
		file->flags &= ~EVENT_FILE_FL_ENABLED;
		trace_event_enable_cmdline_record(false);
	}
	return 0;
}

/*
 * What a set_event word selects: an event by name, a system, or globs
 * of either.  @system NULL with a plain word matches the event's name
 * or its system's name, as "echo sched > set_event" does upstream.
 */
struct event_match {
	const char	*system;
	const char	*event;
	bool		either;
};

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

/* Enable or disable what @m selects; -EINVAL if it selects nothing. */
static int set_matching(struct event_match *m, bool on)
{
	struct trace_event_call *call;
	int ret = -EINVAL, err;

	list_for_each_entry(call, &ftrace_events, list) {
		if (!event_matches(m, call))
			continue;
		err = event_set(call, on);
		if (ret)
			ret = err;
	}
	return ret;
}

static bool any_matching(struct event_match *m)
{
	struct trace_event_call *call;

	list_for_each_entry(call, &ftrace_events, list)
		if (event_matches(m, call))
			return true;
	return false;
}

/**
 * ftrace_set_clr_event() - enable or disable events by set_event syntax
 * @tr: the trace array (only global_trace exists)
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
	ret = set_matching(&m, set);
	mutex_unlock(&trace_types_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(ftrace_set_clr_event);

/**
 * trace_set_clr_event() - enable or disable one event, or a whole system
 * @system: the system, or NULL for any
 * @event: the event, or NULL for all of @system
 * @set: 1 to enable, 0 to disable
 *
 * Return: 0, or -EINVAL if nothing matches.
 */
int trace_set_clr_event(const char *system, const char *event, int set)
{
	struct event_match m = { .system = system, .event = event ?: "" };
	int ret;

	mutex_lock(&trace_types_lock);
	ret = set_matching(&m, set);
	mutex_unlock(&trace_types_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_set_clr_event);

/**
 * trace_array_set_clr_event() - enable or disable events of a trace array
 * @tr: the trace array: only the top-level one exists
 * @system: the system, or NULL for any
 * @event: the event, or NULL for all of @system
 * @enable: true to enable
 *
 * Return: 0, -EINVAL if nothing matches, -ENOENT for another array.
 */
int trace_array_set_clr_event(struct trace_array *tr, const char *system,
			      const char *event, bool enable)
{
	if (tr != &global_trace)
		return -ENOENT;
	return trace_set_clr_event(system, event, enable);
}
EXPORT_SYMBOL_GPL(trace_array_set_clr_event);

/* ---- registering events ----------------------------------------------- */

static struct event_system *system_get(const char *name)
{
	struct event_system *sys;

	list_for_each_entry(sys, &event_systems, list)
		if (!strcmp(sys->name, name))
			goto found;
	sys = kzalloc(sizeof(*sys), GFP_KERNEL);
	if (!sys)
		return NULL;
	sys->name = name;
	list_add_tail(&sys->list, &event_systems);
found:
	sys->nr_events++;
	return sys;
}

static void system_free(struct event_system *sys)
{
	if (sys->nr_events || sys->ref)
		return;
	list_del(&sys->list);
	kfree(sys->filter);
	kfree(sys);
}

static void system_put(struct event_system *sys)
{
	if (--sys->nr_events)
		return;
	tracefs_remove(sys->dir);
	sys->dir = NULL;
	system_free(sys);
}

static void event_create_dir(struct trace_event_call *call);
static struct event_filter *event_filter_swap(struct trace_event_file *file,
					      struct event_filter *filter);

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

static int event_register(struct trace_event_call *call, struct module *mod)
{
	struct trace_event_file *file;

	lockdep_assert_held(&trace_types_lock);
	if (call->tp)
		call->name = call->tp->name;
	if (WARN_ON(!call->name || !call->class))
		return -EINVAL;
	file = kzalloc(sizeof(*file), GFP_KERNEL);
	if (!file)
		return -ENOMEM;
	if (!register_trace_event(&call->event)) {
		kfree(file);
		return -EBUSY;
	}
	file->call = call;
	file->tr = &global_trace;
	call->file = file;
	call->mod = mod;
	list_add_tail(&call->list, &ftrace_events);
	if (events_dir_ready)
		event_create_dir(call);
	return 0;
}

static void event_unregister(struct trace_event_call *call)
{
	struct event_dir *ed;

	lockdep_assert_held(&trace_types_lock);
	event_set(call, false);
	list_del(&call->list);
	unregister_trace_event(&call->event);
	ed = call->file ? call->file->ed : NULL;
	if (ed) {
		tracefs_remove(ed->dir);
		system_put(ed->system);
		kfree(ed);
	}
	if (call->file && rcu_access_pointer(call->file->filter)) {
		struct event_filter *old = event_filter_swap(call->file, NULL);

		tracepoint_synchronize_unregister();
		event_filter_free(old);
	}
	kfree(call->file);
	call->file = NULL;
	if (call->flags & TRACE_EVENT_FL_FMT_ALLOCATED) {
		kfree(call->print_fmt);
		call->flags &= ~TRACE_EVENT_FL_FMT_ALLOCATED;
	}
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
 * Return: 0, or -EBUSY while the event is enabled.
 */
int trace_remove_event_call(struct trace_event_call *call)
{
	int ret = -EBUSY;

	mutex_lock(&trace_types_lock);
	if (!event_enabled(call)) {
		event_unregister(call);
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

	if (tracing_is_disabled())
		return;
	mutex_lock(&trace_types_lock);
	for (call = __start_ftrace_events; call < __stop_ftrace_events; call++)
		if (event_register(*call, NULL))
			pr_warn("tracing: could not register event %s\n",
				(*call)->tp ? (*call)->tp->name : "?");
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

	mutex_lock(&trace_types_lock);
	list_for_each_entry_safe(call, n, &ftrace_events, list) {
		if (call->mod != mod)
			continue;
		if (call->flags & TRACE_EVENT_FL_WAS_ENABLED)
			recorded = true;
		event_unregister(call);
	}
	/*
	 * The module's records cannot be printed any more, and their type
	 * numbers may be given to another module: drop them.
	 */
	if (recorded) {
		tracepoint_synchronize_unregister();
		tracing_reset_all(&global_trace);
	}
	mutex_unlock(&trace_types_lock);
}

static int events_module_notify(struct notifier_block *nb, unsigned long val,
				void *data)
{
	struct module *mod = data;

	if (!mod->num_trace_events)
		return NOTIFY_OK;
	if (val == MODULE_STATE_COMING)
		module_add_events(mod);
	else if (val == MODULE_STATE_GOING)
		module_remove_events(mod);
	return NOTIFY_OK;
}

/*
 * Above the jump labels' notifier: a going module's probes are detached
 * while its static keys are still known to them.
 */
static struct notifier_block events_module_nb = {
	.notifier_call	= events_module_notify,
	.priority	= 2,
};

/* ---- events/<system>/<event>/ ----------------------------------------- */

/*
 * An event's files hold its trace_event_call, which may live in a
 * module.  Opening one takes a reference on that module, so that it
 * cannot be unloaded while the file is open; a file opened as its
 * module goes finds the event gone and fails with -ENODEV.
 */
static int event_file_open(struct inode *inode, struct file *filp)
{
	struct trace_event_call *call, *want = inode->i_private;
	int ret = -ENODEV;

	if (tracing_is_disabled())
		return -ENODEV;
	mutex_lock(&trace_types_lock);
	list_for_each_entry(call, &ftrace_events, list) {
		if (call != want)
			continue;
		if (!call->mod || try_module_get(call->mod))
			ret = 0;
		break;
	}
	mutex_unlock(&trace_types_lock);
	if (!ret)
		filp->private_data = want;
	return ret;
}

static int event_file_release(struct inode *inode, struct file *filp)
{
	struct trace_event_call *call = filp->private_data;

	module_put(call->mod);
	return 0;
}

static struct trace_event_call *file_call(struct file *filp)
{
	return filp->private_data;
}

static ssize_t enable_read(struct file *filp, char __user *ubuf, size_t cnt,
			   loff_t *ppos)
{
	struct trace_event_call *call = file_call(filp);
	char buf[4];

	mutex_lock(&trace_types_lock);
	snprintf(buf, sizeof(buf), "%d\n", event_enabled(call));
	mutex_unlock(&trace_types_lock);
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, 2);
}

static int parse_bool_write(const char __user *ubuf, size_t cnt,
			    unsigned long *val)
{
	char buf[16];
	ssize_t ret = trace_parse_write(ubuf, cnt, buf, sizeof(buf));

	if (ret < 0)
		return ret;
	ret = kstrtoul(strim(buf), 10, val);
	if (ret)
		return ret;
	return *val > 1 ? -EINVAL : 0;
}

static const char * const event_errors[] = {
	"No event or system matched",
	"Invalid glob",
};

enum { EVENT_ERR_NO_MATCH, EVENT_ERR_BAD_GLOB };

static ssize_t enable_write(struct file *filp, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	struct trace_event_call *call = file_call(filp);
	unsigned long val;
	int ret = parse_bool_write(ubuf, cnt, &val);

	if (ret)
		return ret;
	mutex_lock(&trace_types_lock);
	ret = event_set(call, val);
	mutex_unlock(&trace_types_lock);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations enable_fops = {
	.open		= event_file_open,
	.read		= enable_read,
	.write		= enable_write,
	.llseek		= default_llseek,
	.release	= event_file_release,
};

static ssize_t id_read(struct file *filp, char __user *ubuf, size_t cnt,
		       loff_t *ppos)
{
	struct trace_event_call *call = file_call(filp);
	char buf[16];
	int len = snprintf(buf, sizeof(buf), "%d\n", call->event.type);

	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

static const struct file_operations id_fops = {
	.open		= event_file_open,
	.read		= id_read,
	.llseek		= default_llseek,
	.release	= event_file_release,
};

static void show_field(struct seq_file *m, const struct trace_event_fields *f)
{
	const char *array = strchr(f->type, '[');

	/* "char comm[16]": the length goes after the name. */
	if (str_has_prefix(f->type, "__data_loc"))
		array = NULL;
	if (!array)
		seq_printf(m, "\tfield:%s %s;", f->type, f->name);
	else if (f->len)
		seq_printf(m, "\tfield:%.*s %s[%d];", (int)(array - f->type),
			   f->type, f->name, f->len);
	else
		seq_printf(m, "\tfield:%.*s %s[];", (int)(array - f->type),
			   f->type, f->name);
	seq_printf(m, "\toffset:%u;\tsize:%u;\tsigned:%d;\n", f->offset,
		   f->size, !!f->is_signed);
}

/* The fields of &struct trace_entry, first in every format file. */
const struct trace_event_fields trace_common_fields[] = {
	{ .type = "unsigned short", .name = "common_type",
	  .offset = offsetof(struct trace_entry, type), .size = 2 },
	{ .type = "unsigned char", .name = "common_flags",
	  .offset = offsetof(struct trace_entry, flags), .size = 1 },
	{ .type = "unsigned char", .name = "common_preempt_count",
	  .offset = offsetof(struct trace_entry, preempt_count), .size = 1 },
	{ .type = "int", .name = "common_pid",
	  .offset = offsetof(struct trace_entry, pid), .size = 4,
	  .is_signed = 1 },
	{}
};

static int format_show(struct seq_file *m, void *v)
{
	struct trace_event_call *call = m->private;
	const struct trace_event_fields *f;

	mutex_lock(&trace_types_lock);
	seq_printf(m, "name: %s\n", trace_event_name(call));
	seq_printf(m, "ID: %d\n", call->event.type);
	seq_puts(m, "format:\n");
	for (f = trace_common_fields; f->name; f++)
		show_field(m, f);
	seq_putc(m, '\n');
	for (f = call->class->fields(); f->name; f++)
		show_field(m, f);
	seq_printf(m, "\nprint fmt: %s\n", call->print_fmt);
	mutex_unlock(&trace_types_lock);
	return 0;
}

static int format_open(struct inode *inode, struct file *filp)
{
	int ret = event_file_open(inode, filp);

	if (ret)
		return ret;
	/* The seq_file takes private_data over. */
	filp->private_data = NULL;
	ret = single_open(filp, format_show, inode->i_private);
	if (ret)
		module_put(((struct trace_event_call *)inode->i_private)->mod);
	return ret;
}

static int format_release(struct inode *inode, struct file *filp)
{
	module_put(((struct trace_event_call *)inode->i_private)->mod);
	return single_release(inode, filp);
}

static const struct file_operations format_fops = {
	.open		= format_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= format_release,
};

/* ---- filter files ------------------------------------------------------ */

/*
 * Install @filter (NULL: none) as @file's filter.  The one it replaces is
 * returned; probes may be using it until tracepoint_synchronize_unregister()
 * returns, and then the caller frees it.
 */
static struct event_filter *event_filter_swap(struct trace_event_file *file,
					      struct event_filter *filter)
{
	struct event_filter *old;

	lockdep_assert_held(&trace_types_lock);
	old = rcu_dereference_protected(file->filter,
					lockdep_is_held(&trace_types_lock));
	if (!old && !filter)
		return NULL;
	if (filter) {
		rcu_assign_pointer(file->filter, filter);
		file->flags |= EVENT_FILE_FL_FILTERED;
	} else {
		file->flags &= ~EVENT_FILE_FL_FILTERED;
		RCU_INIT_POINTER(file->filter, NULL);
	}
	return old;
}

/* A filter as written: at most a page, surrounding spaces dropped. */
static char *filter_text(const char __user *ubuf, size_t cnt)
{
	char *buf, *text;

	if (cnt >= PAGE_SIZE)
		return ERR_PTR(-EINVAL);
	buf = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(buf))
		return buf;
	/* A NUL byte ends the text, as in every other tracefs file. */
	text = strim(buf);
	memmove(buf, text, strlen(text) + 1);
	return buf;
}

/* Read a filter file's text, made under the lock; NULL if that failed. */
static ssize_t read_and_free(char __user *ubuf, size_t cnt, loff_t *ppos,
			     char *text)
{
	ssize_t ret;

	if (!text)
		return -ENOMEM;
	ret = simple_read_from_buffer(ubuf, cnt, ppos, text, strlen(text));
	kfree(text);
	return ret;
}

static ssize_t filter_read(struct file *filp, char __user *ubuf, size_t cnt,
			   loff_t *ppos)
{
	struct trace_event_call *call = file_call(filp);
	struct event_filter *filter;
	char *text;

	mutex_lock(&trace_types_lock);
	filter = rcu_dereference_protected(call->file->filter,
					   lockdep_is_held(&trace_types_lock));
	text = kasprintf(GFP_KERNEL, "%s\n",
			 filter ? event_filter_text(filter) : "none");
	mutex_unlock(&trace_types_lock);
	return read_and_free(ubuf, cnt, ppos, text);
}

/*
 * "0" removes the filter.  An expression that does not parse is refused
 * with -EINVAL and a line in error_log; the filter in place stays.
 */
static ssize_t filter_write(struct file *filp, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	struct trace_event_call *call = file_call(filp);
	struct event_filter *filter = NULL;
	struct filter_error err;
	char *text = filter_text(ubuf, cnt);

	if (IS_ERR(text))
		return PTR_ERR(text);
	if (strcmp(text, "0")) {
		filter = event_filter_parse(call, text, &err);
		if (!filter) {
			event_filter_log_error(text, &err);
			kfree(text);
			return err.type == FILTER_ERR_NOMEM ? -ENOMEM : -EINVAL;
		}
	}
	kfree(text);
	mutex_lock(&trace_types_lock);
	filter = event_filter_swap(call->file, filter);
	mutex_unlock(&trace_types_lock);
	if (filter) {
		tracepoint_synchronize_unregister();
		event_filter_free(filter);
	}
	*ppos += cnt;
	return cnt;
}

static const struct file_operations filter_fops = {
	.open		= event_file_open,
	.read		= filter_read,
	.write		= filter_write,
	.llseek		= default_llseek,
	.release	= event_file_release,
};

/*
 * events/<system>/filter: what is written goes to every event of the
 * system whose fields it names; the others lose their filter ("0"
 * removes them all).  It fails, changing nothing, when no event takes
 * it.
 */
static ssize_t system_filter_read(struct file *filp, char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct event_system *sys = filp->private_data;
	char *text;

	mutex_lock(&trace_types_lock);
	text = kasprintf(GFP_KERNEL, "%s\n", sys->filter ?: "none");
	mutex_unlock(&trace_types_lock);
	return read_and_free(ubuf, cnt, ppos, text);
}

static bool in_system(struct trace_event_call *call, struct event_system *sys)
{
	return call->file && call->file->ed && call->file->ed->system == sys &&
	       !(call->flags & TRACE_EVENT_FL_IGNORE_ENABLE);
}

static ssize_t system_filter_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct event_system *sys = filp->private_data;
	struct filter_error err, first_err = { FILTER_ERR_SYSTEM, 0 };
	struct trace_event_call *call;
	struct event_filter **filters;
	bool clear, any = false;
	char *text = filter_text(ubuf, cnt);
	int i, n = 0;
	ssize_t ret = cnt;

	if (IS_ERR(text))
		return PTR_ERR(text);
	clear = !strcmp(text, "0");
	mutex_lock(&trace_types_lock);
	list_for_each_entry(call, &ftrace_events, list)
		n += in_system(call, sys);
	filters = kcalloc(n ?: 1, sizeof(*filters), GFP_KERNEL);
	if (!filters) {
		ret = -ENOMEM;
		goto out;
	}
	/* Parse for every event first, so that a failure changes nothing. */
	i = 0;
	list_for_each_entry(call, &ftrace_events, list) {
		if (!in_system(call, sys))
			continue;
		if (!clear) {
			filters[i] = event_filter_parse(call, text, &err);
			if (filters[i])
				any = true;
			else if (err.type != FILTER_ERR_FIELD &&
				 first_err.type == FILTER_ERR_SYSTEM)
				first_err = err;
		}
		i++;
	}
	if (!clear && !any) {
		event_filter_log_error(text, &first_err);
		ret = first_err.type == FILTER_ERR_NOMEM ? -ENOMEM : -EINVAL;
		goto out_free;
	}
	i = 0;
	list_for_each_entry(call, &ftrace_events, list) {
		if (!in_system(call, sys))
			continue;
		filters[i] = event_filter_swap(call->file, filters[i]);
		i++;
	}
	kfree(sys->filter);
	sys->filter = clear ? NULL : text;
	text = NULL;
	tracepoint_synchronize_unregister();
out_free:
	for (i = 0; i < n; i++)
		event_filter_free(filters[i]);
	kfree(filters);
out:
	mutex_unlock(&trace_types_lock);
	kfree(text);
	if (ret > 0)
		*ppos += cnt;
	return ret;
}

/* ---- events/<system>/enable and events/enable -------------------------- */

/* A system's enable file holds its event_system; the top one holds NULL. */
static ssize_t system_enable_read(struct file *filp, char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct event_system *sys = filp->private_data;
	struct trace_event_call *call;
	bool on = false, off = false;
	char buf[4];

	mutex_lock(&trace_types_lock);
	list_for_each_entry(call, &ftrace_events, list) {
		if (call->flags & TRACE_EVENT_FL_IGNORE_ENABLE)
			continue;
		if (sys && strcmp(event_system(call), sys->name))
			continue;
		if (event_enabled(call))
			on = true;
		else
			off = true;
	}
	mutex_unlock(&trace_types_lock);
	snprintf(buf, sizeof(buf), "%c\n", on && off ? 'X' : on ? '1' : '0');
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, 2);
}

static ssize_t system_enable_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct event_system *sys = filp->private_data;
	struct event_match m = { .event = "" };
	unsigned long val;
	int ret = parse_bool_write(ubuf, cnt, &val);

	if (ret)
		return ret;
	mutex_lock(&trace_types_lock);
	m.system = sys ? sys->name : NULL;
	ret = set_matching(&m, val);
	mutex_unlock(&trace_types_lock);
	/* A system with no event left to switch is not an error here. */
	if (ret && ret != -EINVAL)
		return ret;
	*ppos += cnt;
	return cnt;
}

static int system_enable_open(struct inode *inode, struct file *filp)
{
	struct event_system *sys, *want = inode->i_private;
	int ret = -ENODEV;

	if (tracing_is_disabled())
		return -ENODEV;
	if (!want)
		return 0;
	mutex_lock(&trace_types_lock);
	list_for_each_entry(sys, &event_systems, list) {
		if (sys == want && sys->nr_events) {
			sys->ref++;
			filp->private_data = sys;
			ret = 0;
			break;
		}
	}
	mutex_unlock(&trace_types_lock);
	return ret;
}

static int system_enable_release(struct inode *inode, struct file *filp)
{
	struct event_system *sys = filp->private_data;

	if (sys) {
		mutex_lock(&trace_types_lock);
		sys->ref--;
		system_free(sys);
		mutex_unlock(&trace_types_lock);
	}
	return 0;
}

static const struct file_operations system_enable_fops = {
	.release	= system_enable_release,
	.open		= system_enable_open,
	.read		= system_enable_read,
	.write		= system_enable_write,
	.llseek		= default_llseek,
};

static const struct file_operations system_filter_fops = {
	.release	= system_enable_release,
	.open		= system_enable_open,
	.read		= system_filter_read,
	.write		= system_filter_write,
	.llseek		= default_llseek,
};

static ssize_t header_read(struct file *filp, char __user *ubuf, size_t cnt,
			   loff_t *ppos)
{
	int (*print)(struct trace_buffer *buffer, struct trace_seq *s);
	struct trace_seq *s;
	ssize_t ret;

	print = filp->private_data;
	s = kmalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	trace_seq_init(s);
	print(global_trace.buffer, s);
	ret = simple_read_from_buffer(ubuf, cnt, ppos, s->buffer,
				      trace_seq_used(s));
	kfree(s);
	return ret;
}

static int print_entry_header(struct trace_buffer *buffer, struct trace_seq *s)
{
	return ring_buffer_print_entry_header(s);
}

static const struct file_operations header_fops = {
	.open		= tracing_open_generic,
	.read		= header_read,
	.llseek		= default_llseek,
};

/* ---- the directories ---------------------------------------------------- */

static void event_create_dir(struct trace_event_call *call)
{
	struct event_system *sys;
	struct event_dir *ed;
	struct dentry *d;

	ed = kzalloc(sizeof(*ed), GFP_KERNEL);
	if (!ed)
		return;
	sys = system_get(event_system(call));
	if (!sys) {
		kfree(ed);
		return;
	}
	if (!sys->dir) {
		sys->dir = tracefs_create_dir(sys->name, global_trace.event_dir);
		/* The core's own "ftrace" records cannot be enabled. */
		if (sys->dir && strcmp(sys->name, "ftrace")) {
			trace_create_file("enable", 0644, sys->dir, sys,
					  &system_enable_fops);
			trace_create_file("filter", 0644, sys->dir, sys,
					  &system_filter_fops);
		}
	}
	d = tracefs_create_dir(trace_event_name(call), sys->dir);
	if (!d) {
		system_put(sys);
		kfree(ed);
		return;
	}
	if (!(call->flags & TRACE_EVENT_FL_IGNORE_ENABLE)) {
		trace_create_file("enable", 0644, d, call, &enable_fops);
		trace_create_file("filter", 0644, d, call, &filter_fops);
	}
	trace_create_file("format", 0444, d, call, &format_fops);
	trace_create_file("id", 0444, d, call, &id_fops);
	ed->dir = d;
	ed->system = sys;
	call->file->ed = ed;
}

/* ---- available_events and set_event ------------------------------------ */

/*
 * available_events and set_event list events with the same seq_file
 * code; the seq_file's private data says which (and, for set_event,
 * holds the writer's state).
 */
#define SET_EVENT_WORD_MAX	128

struct events_view {
	bool	enabled_only;
};

static struct events_view all_events_view;

static bool view_shows(struct seq_file *m, struct trace_event_call *call)
{
	struct events_view *view = m->private;

	if (call->flags & TRACE_EVENT_FL_IGNORE_ENABLE)
		return false;
	return !view->enabled_only || event_enabled(call);
}

static void *events_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_event_call *call = v;

	(*pos)++;
	list_for_each_entry_continue(call, &ftrace_events, list)
		if (view_shows(m, call))
			return call;
	return NULL;
}

static void *events_start(struct seq_file *m, loff_t *pos)
{
	struct trace_event_call *call;
	loff_t i = 0;

	mutex_lock(&trace_types_lock);
	list_for_each_entry(call, &ftrace_events, list)
		if (view_shows(m, call) && i++ == *pos)
			return call;
	return NULL;
}

static void events_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&trace_types_lock);
}

static int events_show(struct seq_file *m, void *v)
{
	struct trace_event_call *call = v;

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
static int set_event_apply(char *word, bool check_only)
{
	struct event_match m;
	bool on = *word != '!';
	char *colon;
	int ret;

	word += !on;
	colon = strchr(word, ':');
	ret = parse_match(word, &m);
	if (!ret)
		ret = check_only ? (any_matching(&m) ? 0 : -EINVAL) :
				   set_matching(&m, on);
	/* The word is logged as written if it fails. */
	if (colon)
		*colon = ':';
	return ret;
}

static void set_event_log(char *word, int ret)
{
	bool glob = false;
	char *w = word;

	if (*w == '!')
		w++;
	if (strchr(w, '[') || strchr(w, ']'))
		glob = true;
	tracing_log_err(&global_trace, "set_event", word, event_errors,
			glob ? EVENT_ERR_BAD_GLOB : EVENT_ERR_NO_MATCH, 0);
}

/* Check (@check_only) or apply the words of @buf. */
static int set_event_words(const char *buf, size_t len, bool check_only)
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
		ret = set_event_apply(word, check_only);
		if (ret) {
			if (check_only)
				set_event_log(word, ret);
			return ret;
		}
		n = 0;
	}
	return 0;
}

static int set_event_open(struct inode *inode, struct file *filp)
{
	struct events_view *view;
	int ret;

	if (tracing_is_disabled())
		return -ENODEV;
	view = kzalloc(sizeof(*view), GFP_KERNEL);
	if (!view)
		return -ENOMEM;
	view->enabled_only = true;
	ret = seq_open(filp, &events_seq_ops);
	if (ret) {
		kfree(view);
		return ret;
	}
	((struct seq_file *)filp->private_data)->private = view;
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC)) {
		struct event_match all = { .event = "" };

		mutex_lock(&trace_types_lock);
		set_matching(&all, false);
		mutex_unlock(&trace_types_lock);
	}
	return 0;
}

/*
 * Larger writes are taken a page at a time, each page checked whole and
 * cut after its last separator, so that no word is split.
 */
static ssize_t set_event_write(struct file *filp, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
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
	ret = set_event_words(buf, len, true);
	if (!ret)
		ret = set_event_words(buf, len, false);
	mutex_unlock(&trace_types_lock);
	kfree(buf);
	if (ret)
		return ret;
	*ppos += len;
	return len;
}

static int set_event_release(struct inode *inode, struct file *filp)
{
	kfree(((struct seq_file *)filp->private_data)->private);
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
 * event_trace_init() - create events/, set_event and available_events
 *
 * Return: 0, or -ENOMEM.
 */
__init int event_trace_init(void)
{
	struct trace_event_call *call;
	struct dentry *d;

	trace_create_file("available_events", 0444, NULL, NULL,
			  &available_events_fops);
	trace_create_file("set_event", 0644, NULL, NULL, &set_event_fops);
	d = tracefs_create_dir("events", NULL);
	if (!d)
		return -ENOMEM;
	global_trace.event_dir = d;
	trace_create_file("enable", 0644, d, NULL, &system_enable_fops);
	trace_create_file("header_page", 0444, d,
			  ring_buffer_print_page_header, &header_fops);
	trace_create_file("header_event", 0444, d, print_entry_header,
			  &header_fops);

	mutex_lock(&trace_types_lock);
	events_dir_ready = true;
	list_for_each_entry(call, &ftrace_events, list)
		event_create_dir(call);
	mutex_unlock(&trace_types_lock);
	return register_module_notifier(&events_module_nb);
}

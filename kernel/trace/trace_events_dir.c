// SPDX-License-Identifier: GPL-2.0
/*
 * A session's events/ directory:
 *
 *   events/<system>/<event>/{enable,filter,format,id}
 *   events/<system>/enable, events/enable	0, 1, or X when mixed
 *   events/<system>/filter			one filter for all its events
 *   events/header_page, events/header_event	the ring buffer's layout
 *
 * The events themselves, and what enabling one does, are trace_events.c's.
 *
 * The tree is an eventfs one (fs/tracefs/event_inode.c): this file tells
 * eventfs which directories there are and which files each one has, and
 * eventfs makes a dentry and an inode only when a name is looked up (a
 * few thousand events would otherwise pin five of each per event, in
 * every session).  Everything here runs under trace_types_lock but the
 * eventfs callbacks, which run under eventfs's own mutex (see "the
 * directories" below).
 */
#include <linux/module.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "trace_events_internal.h"

/**
 * struct event_system - an events/<system> directory of one session
 * @list: entry in its session's tr->systems
 * @tr: the session
 * @name: the system's name
 * @ei: its directory, NULL once its last event has gone
 * @nr_events: events of the session in it; its directory goes with the last
 * @ref: open enable and filter files; the structure is freed when both
 *	are zero
 * @filter: the filter last written to its filter file, or NULL
 */
struct event_system {
	struct list_head	list;
	struct trace_array	*tr;
	const char		*name;
	struct eventfs_inode	*ei;
	int			nr_events;
	int			ref;
	char			*filter;
};

static struct event_system *system_get(struct trace_array *tr,
				       const char *name)
{
	struct event_system *sys;

	list_for_each_entry(sys, &tr->systems, list)
		if (!strcmp(sys->name, name))
			goto found;
	sys = kzalloc(sizeof(*sys), GFP_KERNEL);
	if (!sys)
		return NULL;
	/*
	 * Its own copy: a probe event's system name is the event's, and
	 * the system outlives the event that made it while other events of
	 * the system or an open enable or filter file hold it.
	 */
	sys->name = kstrdup_const(name, GFP_KERNEL);
	if (!sys->name) {
		kfree(sys);
		return NULL;
	}
	sys->tr = tr;
	list_add_tail(&sys->list, &tr->systems);
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
	kfree_const(sys->name);
	kfree(sys);
}

static void system_put(struct event_system *sys)
{
	if (--sys->nr_events)
		return;
	eventfs_remove_dir(sys->ei);
	sys->ei = NULL;
	system_free(sys);
}

/* ---- events/<system>/<event>/ ----------------------------------------- */

static struct trace_event_file *file_of(struct file *filp)
{
	return filp->private_data;
}

static ssize_t enable_read(struct file *filp, char __user *ubuf, size_t cnt,
			   loff_t *ppos)
{
	struct trace_event_file *file = file_of(filp);
	unsigned long flags = READ_ONCE(file->flags);
	char buf[4];
	bool on = (flags & EVENT_FILE_FL_ENABLED) &&
		  !(flags & EVENT_FILE_FL_SOFT_DISABLED);
	/* "0*" and "1*": soft mode, as Linux shows it. */
	bool soft = flags & (EVENT_FILE_FL_SOFT_MODE |
			     EVENT_FILE_FL_SOFT_DISABLED);
	int len = snprintf(buf, sizeof(buf), "%d%s\n", on, soft ? "*" : "");

	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
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

static ssize_t enable_write(struct file *filp, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file = file_of(filp);
	unsigned long val;
	int ret = parse_bool_write(ubuf, cnt, &val);

	if (ret)
		return ret;
	mutex_lock(&trace_types_lock);
	ret = event_set(file, val);
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
	struct trace_event_call *call = file_of(filp)->call;
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

static int format_show(struct seq_file *m, void *v)
{
	struct trace_event_call *call;
	const struct trace_event_fields *f;

	call = ((struct trace_event_file *)m->private)->call;

	mutex_lock(&trace_types_lock);
	seq_printf(m, "name: %s\n", trace_event_name(call));
	seq_printf(m, "ID: %d\n", call->event.type);
	seq_puts(m, "format:\n");
	for (f = trace_common_fields; f->name; f++)
		show_field(m, f);
	seq_putc(m, '\n');
	for (f = trace_event_call_fields(call); f->name; f++)
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
		event_file_put(inode->i_private);
	return ret;
}

static int format_release(struct inode *inode, struct file *filp)
{
	event_file_put(inode->i_private);
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
		set_bit(EVENT_FILE_FL_FILTERED_BIT, &file->flags);
	} else {
		clear_bit(EVENT_FILE_FL_FILTERED_BIT, &file->flags);
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
	struct trace_event_file *file = file_of(filp);
	struct event_filter *filter;
	char *text;

	mutex_lock(&trace_types_lock);
	filter = rcu_dereference_protected(file->filter,
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
	struct trace_event_file *file = file_of(filp);
	struct event_filter *filter = NULL;
	struct filter_error err;
	char *text = filter_text(ubuf, cnt);

	if (IS_ERR(text))
		return PTR_ERR(text);
	if (strcmp(text, "0")) {
		filter = event_filter_parse(file->call, text, &err);
		if (!filter) {
			event_filter_log_error(file->tr, text, &err);
			kfree(text);
			return err.type == FILTER_ERR_NOMEM ? -ENOMEM : -EINVAL;
		}
	}
	kfree(text);
	mutex_lock(&trace_types_lock);
	filter = event_filter_swap(file, filter);
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

static bool in_system(struct trace_event_file *file, struct event_system *sys)
{
	return file->ei && file->system == sys &&
	       !(file->call->flags & TRACE_EVENT_FL_IGNORE_ENABLE);
}

static ssize_t system_filter_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct event_system *sys = filp->private_data;
	struct filter_error err, first_err = { FILTER_ERR_SYSTEM, 0 };
	struct trace_event_file *file;
	struct event_filter **filters;
	bool clear, any = false;
	char *text = filter_text(ubuf, cnt);
	int i, n = 0;
	ssize_t ret = cnt;

	if (IS_ERR(text))
		return PTR_ERR(text);
	clear = !strcmp(text, "0");
	mutex_lock(&trace_types_lock);
	list_for_each_entry(file, &sys->tr->events, list)
		n += in_system(file, sys);
	filters = kcalloc(n ?: 1, sizeof(*filters), GFP_KERNEL);
	if (!filters) {
		ret = -ENOMEM;
		goto out;
	}
	/* Parse for every event first, so that a failure changes nothing. */
	i = 0;
	list_for_each_entry(file, &sys->tr->events, list) {
		if (!in_system(file, sys))
			continue;
		if (!clear) {
			filters[i] = event_filter_parse(file->call, text, &err);
			if (filters[i])
				any = true;
			else if (err.type != FILTER_ERR_FIELD &&
				 first_err.type == FILTER_ERR_SYSTEM)
				first_err = err;
		}
		i++;
	}
	if (!clear && !any) {
		event_filter_log_error(sys->tr, text, &first_err);
		ret = first_err.type == FILTER_ERR_NOMEM ? -ENOMEM : -EINVAL;
		goto out_free;
	}
	i = 0;
	list_for_each_entry(file, &sys->tr->events, list) {
		if (!in_system(file, sys))
			continue;
		filters[i] = event_filter_swap(file, filters[i]);
		i++;
	}
	kfree(sys->filter);
	/* The system keeps the text it shows; "0" is freed below. */
	sys->filter = clear ? NULL : text;
	if (!clear)
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

/*
 * "0", "1" or "X" (some of each) for the events of @tr in @sys (NULL:
 * every system).
 */
static ssize_t enable_state_read(struct trace_array *tr,
				 struct event_system *sys, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	struct trace_event_file *file;
	bool on = false, off = false;
	char buf[4];

	mutex_lock(&trace_types_lock);
	list_for_each_entry(file, &tr->events, list) {
		if (file->call->flags & TRACE_EVENT_FL_IGNORE_ENABLE)
			continue;
		if (sys && strcmp(event_system(file->call), sys->name))
			continue;
		if (event_enabled(file))
			on = true;
		else
			off = true;
	}
	mutex_unlock(&trace_types_lock);
	snprintf(buf, sizeof(buf), "%c\n", on && off ? 'X' : on ? '1' : '0');
	return simple_read_from_buffer(ubuf, cnt, ppos, buf, 2);
}

static ssize_t enable_state_write(struct trace_array *tr,
				  struct event_system *sys,
				  const char __user *ubuf, size_t cnt,
				  loff_t *ppos)
{
	struct event_match m = { .event = "" };
	unsigned long val;
	int ret = parse_bool_write(ubuf, cnt, &val);

	if (ret)
		return ret;
	mutex_lock(&trace_types_lock);
	m.system = sys ? sys->name : NULL;
	ret = event_set_matching(tr, &m, val);
	mutex_unlock(&trace_types_lock);
	/* A system with no event left to switch is not an error here. */
	if (ret && ret != -EINVAL)
		return ret;
	*ppos += cnt;
	return cnt;
}

/* A system's enable and filter files hold its event_system. */
static ssize_t system_enable_read(struct file *filp, char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct event_system *sys = filp->private_data;

	return enable_state_read(sys->tr, sys, ubuf, cnt, ppos);
}

static ssize_t system_enable_write(struct file *filp, const char __user *ubuf,
				   size_t cnt, loff_t *ppos)
{
	struct event_system *sys = filp->private_data;

	return enable_state_write(sys->tr, sys, ubuf, cnt, ppos);
}

/* As event_file_open(), for a system's files. */
static int system_enable_open(struct inode *inode, struct file *filp)
{
	struct event_system *sys, *want = inode->i_private;
	struct trace_array *tr;
	int ret = -ENODEV;

	if (tracing_is_disabled())
		return -ENODEV;
	mutex_lock(&trace_types_lock);
	list_for_each_entry(tr, &trace_arrays, list) {
		list_for_each_entry(sys, &tr->systems, list) {
			if (sys == want && sys->nr_events) {
				sys->ref++;
				tr->ref++;
				filp->private_data = sys;
				ret = 0;
				goto out;
			}
		}
	}
out:
	mutex_unlock(&trace_types_lock);
	return ret;
}

static int system_enable_release(struct inode *inode, struct file *filp)
{
	struct event_system *sys = filp->private_data;
	struct trace_array *tr = sys->tr;

	mutex_lock(&trace_types_lock);
	sys->ref--;
	system_free(sys);
	mutex_unlock(&trace_types_lock);
	trace_array_put(tr);
	return 0;
}

static const struct file_operations system_enable_fops = {
	.release	= system_enable_release,
	.open		= system_enable_open,
	.read		= system_enable_read,
	.write		= system_enable_write,
	.llseek		= default_llseek,
};

/* events/enable: every event of the session. */
static ssize_t all_enable_read(struct file *filp, char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	return enable_state_read(file_key(filp)->tr, NULL, ubuf, cnt, ppos);
}

static ssize_t all_enable_write(struct file *filp, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	return enable_state_write(file_key(filp)->tr, NULL, ubuf, cnt, ppos);
}

static const struct file_operations all_enable_fops = {
	.open		= trace_key_open,
	.release	= trace_key_release,
	.read		= all_enable_read,
	.write		= all_enable_write,
	.llseek		= default_llseek,
};

static const struct file_operations system_filter_fops = {
	.release	= system_enable_release,
	.open		= system_enable_open,
	.read		= system_filter_read,
	.write		= system_filter_write,
	.llseek		= default_llseek,
};

/* events/header_page and header_event: the session's buffer's layout. */
static ssize_t header_read(struct file *filp, char __user *ubuf, size_t cnt,
			   loff_t *ppos, bool page)
{
	struct trace_seq *s;
	ssize_t ret;

	s = kmalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	trace_seq_init(s);
	if (page)
		ring_buffer_print_page_header(file_key(filp)->tr->buffer, s);
	else
		ring_buffer_print_entry_header(s);
	ret = simple_read_from_buffer(ubuf, cnt, ppos, s->buffer,
				      trace_seq_used(s));
	kfree(s);
	return ret;
}

static ssize_t header_page_read(struct file *filp, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	return header_read(filp, ubuf, cnt, ppos, true);
}

static ssize_t header_event_read(struct file *filp, char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	return header_read(filp, ubuf, cnt, ppos, false);
}

static const struct file_operations header_page_fops = {
	.open		= trace_key_open,
	.release	= trace_key_release,
	.read		= header_page_read,
	.llseek		= default_llseek,
};

static const struct file_operations header_event_fops = {
	.open		= trace_key_open,
	.release	= trace_key_release,
	.read		= header_event_read,
	.llseek		= default_llseek,
};

/* ---- the directories ---------------------------------------------------- */

/*
 * eventfs asks a directory's callback for the mode and operations of a
 * file when the file is looked up or its directory listed; the inode's
 * i_private is then the data the directory was made with (a session's
 * key for events/, its &struct event_system for a system, its &struct
 * trace_event_file for an event).  The callbacks run under eventfs's
 * mutex, which eventfs_create_dir() and eventfs_remove_dir() take inside
 * trace_types_lock: so they read nothing but the name.  Whether a
 * directory has enable and filter files is settled when it is made, by
 * the entries it is given.
 */
struct events_file {
	const char			*name;
	umode_t				mode;
	const struct file_operations	*fops;
};

/* Return: 1 with @mode and @fops set if @files has @name, else 0. */
static int events_file_find(const struct events_file *files,
			    const char *name, umode_t *mode,
			    const struct file_operations **fops)
{
	for (; files->name; files++) {
		if (!strcmp(files->name, name)) {
			*mode = files->mode;
			*fops = files->fops;
			return 1;
		}
	}
	return 0;
}

/* events/<system>/<event>/ */
static const struct events_file event_files[] = {
	{ "enable",	TRACE_MODE_WRITE,	&enable_fops },
	{ "filter",	TRACE_MODE_WRITE,	&filter_fops },
	{ "format",	TRACE_MODE_READ,	&format_fops },
	{ "id",		TRACE_MODE_READ,	&id_fops },
	{ "trigger",	TRACE_MODE_WRITE,	&event_trigger_fops },
	{}
};

/* The histograms' files, which trace_events_hist.c registers. */
static const struct file_operations *hist_fops, *hist_debug_fops;

/**
 * event_dir_register_hist() - give every event's directory its hist files
 * @hist: the operations of "hist"
 * @hist_debug: those of "hist_debug", or NULL for none
 *
 * Called once at boot, before user space can look the files up.
 */
void event_dir_register_hist(const struct file_operations *hist,
			     const struct file_operations *hist_debug)
{
	hist_fops = hist;
	hist_debug_fops = hist_debug;
}

/*
 * An event that cannot be enabled (the core's own records) has neither
 * enable nor filter, and a trigger file only for ftrace/print, whose
 * records trace_marker writes (as 6.12).
 */
static int event_file_cb(const char *name, umode_t *mode, void **data,
			 const struct file_operations **fops)
{
	struct trace_event_file *file = *data;
	struct trace_event_call *call = file->call;

	if (!strcmp(name, "hist") || !strcmp(name, "hist_debug")) {
		*fops = name[4] ? hist_debug_fops : hist_fops;
		*mode = TRACE_MODE_READ;
		return *fops != NULL;
	}
	if (call->flags & TRACE_EVENT_FL_IGNORE_ENABLE) {
		if (!strcmp(name, "enable") || !strcmp(name, "filter"))
			return 0;
		if (!strcmp(name, "trigger") &&
		    strcmp(trace_event_name(call), "print"))
			return 0;
	}
	return events_file_find(event_files, name, mode, fops);
}

static const struct eventfs_entry event_entries[] = {
	{ .name = "enable",	.callback = event_file_cb },
	{ .name = "filter",	.callback = event_file_cb },
	{ .name = "format",	.callback = event_file_cb },
	{ .name = "hist",	.callback = event_file_cb },
	{ .name = "hist_debug",	.callback = event_file_cb },
	{ .name = "id",		.callback = event_file_cb },
	{ .name = "trigger",	.callback = event_file_cb },
};

/* events/<system>/ */
static const struct events_file system_files[] = {
	{ "enable",	TRACE_MODE_WRITE,	&system_enable_fops },
	{ "filter",	TRACE_MODE_WRITE,	&system_filter_fops },
	{}
};

static int system_file_cb(const char *name, umode_t *mode, void **data,
			  const struct file_operations **fops)
{
	return events_file_find(system_files, name, mode, fops);
}

static const struct eventfs_entry system_entries[] = {
	{ .name = "enable",	.callback = system_file_cb },
	{ .name = "filter",	.callback = system_file_cb },
};

/* events/ */
static const struct events_file events_files[] = {
	{ "enable",		TRACE_MODE_WRITE,	&all_enable_fops },
	{ "header_page",	TRACE_MODE_READ,	&header_page_fops },
	{ "header_event",	TRACE_MODE_READ,	&header_event_fops },
	{}
};

static int events_file_cb(const char *name, umode_t *mode, void **data,
			  const struct file_operations **fops)
{
	return events_file_find(events_files, name, mode, fops);
}

static const struct eventfs_entry events_entries[] = {
	{ .name = "enable",		.callback = events_file_cb },
	{ .name = "header_page",	.callback = events_file_cb },
	{ .name = "header_event",	.callback = events_file_cb },
};

/* Make @sys's directory with the first of its events in the session. */
static int system_create_dir(struct event_system *sys)
{
	int nr_entries = ARRAY_SIZE(system_entries);
	struct eventfs_inode *ei;

	if (sys->ei)
		return 0;
	/* The core's own "ftrace" records cannot be enabled. */
	if (!strcmp(sys->name, "ftrace"))
		nr_entries = 0;
	ei = eventfs_create_dir(sys->name, sys->tr->event_dir, system_entries,
				nr_entries, sys);
	if (IS_ERR(ei))
		return PTR_ERR(ei);
	sys->ei = ei;
	return 0;
}

/*
 * An event's directory in its session, whose events/ exists.  Made with
 * its system's directory if that is the first of the system. Only the
 * directory is made: eventfs makes its files when they are looked up.
 */
static void event_create_dir(struct trace_event_file *file)
{
	struct trace_event_call *call = file->call;
	const struct eventfs_entry *entries = event_entries;
	int nr_entries = ARRAY_SIZE(event_entries);
	struct event_system *sys;
	struct eventfs_inode *ei;

	sys = system_get(file->tr, event_system(call));
	if (!sys)
		return;
	if (system_create_dir(sys))
		goto out_put;
	ei = eventfs_create_dir(trace_event_name(call), sys->ei, entries,
				nr_entries, file);
	if (IS_ERR(ei))
		goto out_put;
	file->ei = ei;
	file->system = sys;
	return;
out_put:
	system_put(sys);
}

/*
 * Remove an event's directory in its session, if it has one.  Its system's
 * directory goes with the system's last event.  The dentries eventfs made
 * under them go as they are let go of; an inode looked up before is
 * harmless (see event_file_open()).
 */
static void event_remove_dir(struct trace_event_file *file)
{
	if (!file->ei)
		return;
	eventfs_remove_dir(file->ei);
	system_put(file->system);
	file->ei = NULL;
	file->system = NULL;
}

/* A session's events/ with its own files; NULL without memory. */
static struct eventfs_inode *event_create_events_dir(struct trace_array *tr)
{
	struct eventfs_inode *ei;

	ei = eventfs_create_events_dir("events", tr->dir, events_entries,
				       ARRAY_SIZE(events_entries),
				       trace_key(tr, RING_BUFFER_ALL_CPUS));
	return IS_ERR(ei) ? NULL : ei;
}

/*
 * Remove a session's events/, whose events have no directory left.
 * eventfs frees its tree only when told to: events/ goes before the
 * session's own directory, which tracefs_remove() takes.
 */
static void event_remove_events_dir(struct trace_array *tr)
{
	if (!tr->event_dir)
		return;
	eventfs_remove_events_dir(tr->event_dir);
	tr->event_dir = NULL;
}

static const struct event_dir_ops dir_ops = {
	.create_events_dir	= event_create_events_dir,
	.remove_events_dir	= event_remove_events_dir,
	.create_dir		= event_create_dir,
	.remove_dir		= event_remove_dir,
};

/* Before fs_initcall, where the top level's directory is made. */
static int __init event_dir_init(void)
{
	event_dir_register(&dir_ops);
	return 0;
}
early_initcall(event_dir_init);

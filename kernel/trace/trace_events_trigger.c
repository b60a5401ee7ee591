// SPDX-License-Identifier: GPL-2.0
/*
 * Event triggers: events/<system>/<event>/trigger.
 *
 * A trigger is a command run when an event is hit: "traceoff", "snapshot",
 * "stacktrace", "enable_event:sys:ev", "hist:keys=..." (trace_events_hist.c
 * registers the histogram commands), with an optional ":N" count and an
 * optional "if FILTER" on the event's fields.  Each command is a
 * &struct event_command; a trigger on one event in one session is a
 * &struct event_trigger on its &trace_event_file.triggers.
 *
 * The triggers of an event ride on the event hooks (trace_events_hook.c):
 * the first trigger puts one &struct trigger_hook on the event, which
 * puts the event in soft mode (its probe runs whether or not the event is
 * enabled) and sees every record, dropped or not.  The hook runs each
 * trigger whose filter matches; the commands that must come after the
 * record is in the buffer (EVENT_CMD_POST: traceon/traceoff, snapshot,
 * stacktrace) are marked by their slot bit and run from the hook's post
 * call, after the commit.  trace_marker writes run the triggers of
 * ftrace/print themselves (trace_control.c).
 *
 * Lists: the commands are added at boot and never go; an event's
 * triggers are an RCU list written under trace_types_lock and read by
 * the probes, which run with preemption disabled:
 * tracepoint_synchronize_unregister() after a trigger is unpublished
 * waits for every probe that may still run it.
 */
#include <linux/ctype.h>
#include <linux/module.h>
#include <linux/rculist.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "trace_events_internal.h"

/* The commands, in the order they were registered (trace_types_lock). */
static LIST_HEAD(event_commands);

/**
 * struct trigger_hook - what puts an event's triggers on its records
 * @hook: on the event's &trace_event_file.hooks
 * @file: the event
 */
struct trigger_hook {
	struct trace_event_hook	hook;
	struct trace_event_file	*file;
};

/**
 * event_command_register() - add a kind of trigger
 * @cmd: the command; its name must be new
 *
 * The trigger files' "# Available triggers" line lists the commands in
 * the order they were registered.
 *
 * Return: 0, or -EBUSY if a command has that name.
 */
int event_command_register(struct event_command *cmd)
{
	struct event_command *p;
	int ret = 0;

	mutex_lock(&trace_types_lock);
	list_for_each_entry(p, &event_commands, list) {
		if (!strcmp(p->name, cmd->name)) {
			ret = -EBUSY;
			goto out;
		}
	}
	list_add_tail(&cmd->list, &event_commands);
out:
	mutex_unlock(&trace_types_lock);
	return ret;
}

static struct event_command *command_find(const char *name, size_t len)
{
	struct event_command *cmd;

	list_for_each_entry(cmd, &event_commands, list)
		if (strlen(cmd->name) == len && !strncmp(cmd->name, name, len))
			return cmd;
	return NULL;
}

/* ---- the hit path ------------------------------------------------------- */

/**
 * event_triggers_run() - run an event's triggers on one of its records
 * @file: the event
 * @rec: the record
 * @buffer: the ring buffer it goes to
 *
 * Runs each trigger whose filter takes @rec, except the EVENT_CMD_POST
 * commands, whose slot bits are returned for event_triggers_post().
 *
 * Context: any; preemption disabled (RCU).
 * Return: the slot bits of the post commands to run, or 0.
 */
unsigned int event_triggers_run(struct trace_event_file *file,
				const void *rec, struct trace_buffer *buffer)
{
	struct event_trigger *t;
	unsigned int post = 0;

	list_for_each_entry_rcu(t, &file->triggers, list) {
		if (READ_ONCE(t->paused))
			continue;
		if (t->filter && !event_filter_match(t->filter, rec))
			continue;
		if (t->cmd->flags & EVENT_CMD_POST) {
			post |= BIT(t->cmd->slot);
			continue;
		}
		t->cmd->fire(t, (void *)rec, buffer);
	}
	return post;
}

/**
 * event_triggers_post() - run the post commands event_triggers_run() marked
 * @file: the event
 * @slots: what event_triggers_run() returned
 * @buffer: the ring buffer the record went to
 *
 * Context: as event_triggers_run(), after the record is committed.
 */
void event_triggers_post(struct trace_event_file *file, unsigned int slots,
			 struct trace_buffer *buffer)
{
	struct event_trigger *t;

	list_for_each_entry_rcu(t, &file->triggers, list) {
		if ((t->cmd->flags & EVENT_CMD_POST) &&
		    (slots & BIT(t->cmd->slot)) && !READ_ONCE(t->paused))
			t->cmd->fire(t, NULL, buffer);
	}
}

static unsigned int trigger_hook_run(struct trace_event_hook *hook,
				     const void *rec,
				     struct trace_buffer *buffer)
{
	struct trigger_hook *th = container_of(hook, struct trigger_hook, hook);

	return event_triggers_run(th->file, rec, buffer);
}

static void trigger_hook_post(struct trace_event_hook *hook,
			      unsigned int slots, struct trace_buffer *buffer)
{
	struct trigger_hook *th = container_of(hook, struct trigger_hook, hook);

	event_triggers_post(th->file, slots, buffer);
}

/**
 * event_trigger_take_count() - use one of a trigger's counted acts
 * @trigger: the trigger
 *
 * Called by a command when it is about to act: a trigger with ":N" acts
 * N times.  Commands whose act may change nothing (traceoff while off)
 * call it only when it would.
 *
 * Context: any.
 * Return: true if the trigger may act (no count, or one was left).
 */
bool event_trigger_take_count(struct event_trigger *trigger)
{
	long count = READ_ONCE(trigger->count);

	do {
		if (count == -1)
			return true;
		if (count <= 0)
			return false;
	} while (!try_cmpxchg(&trigger->count, &count, count - 1));
	return true;
}

/* ---- adding and removing ---------------------------------------------- */

/**
 * event_trigger_alloc() - make a trigger, not yet on its event
 * @cmd: its command
 * @file: the event it is for
 * @filter_text: its filter, without "if", or NULL for none
 * @data: the command's own data (for EVENT_CMD_TARGET, the target)
 *
 * A filter that does not parse gets its line in the session's error_log.
 *
 * Context: may sleep.
 * Return: the trigger (count -1: unlimited), or ERR_PTR(-EINVAL) for a
 * bad filter, ERR_PTR(-ENOMEM).
 */
struct event_trigger *event_trigger_alloc(const struct event_command *cmd,
					  struct trace_event_file *file,
					  const char *filter_text, void *data)
{
	struct event_trigger *t = kzalloc(sizeof(*t), GFP_KERNEL);
	struct filter_error err;

	if (!t)
		return ERR_PTR(-ENOMEM);
	t->cmd = cmd;
	t->file = file;
	t->count = -1;
	t->data = data;
	INIT_LIST_HEAD(&t->list);
	if (!filter_text)
		return t;
	t->filter_text = kstrdup(filter_text, GFP_KERNEL);
	if (!t->filter_text) {
		kfree(t);
		return ERR_PTR(-ENOMEM);
	}
	t->filter = event_filter_parse(file->call, filter_text, &err);
	if (!t->filter) {
		event_filter_log_error(file->tr, filter_text, &err);
		kfree(t->filter_text);
		kfree(t);
		return ERR_PTR(err.type == FILTER_ERR_NOMEM ? -ENOMEM : -EINVAL);
	}
	return t;
}

/**
 * event_trigger_free() - free a trigger that is on no event
 * @trigger: the trigger, from event_trigger_alloc(), maybe unpublished
 *	by event_trigger_del() just before
 *
 * Waits until no probe can be running the trigger, then gives its
 * command back its data (&event_command.free).
 *
 * Context: may sleep.
 */
void event_trigger_free(struct event_trigger *trigger)
{
	if (!trigger)
		return;
	tracepoint_synchronize_unregister();
	if (trigger->cmd->free)
		trigger->cmd->free(trigger);
	event_filter_free(trigger->filter);
	kfree(trigger->filter_text);
	kfree(trigger);
}

/* The event's file is going: its triggers go with it. */
static void trigger_hook_gone(struct trace_event_hook *hook)
{
	struct trigger_hook *th = container_of(hook, struct trigger_hook, hook);
	struct trace_event_file *file = th->file;
	struct event_trigger *t, *n;
	LIST_HEAD(gone);

	list_for_each_entry_safe(t, n, &file->triggers, list) {
		event_trigger_del(t);
		/* Unpublished: the list field is free once probes are done. */
		list_add(&t->list, &gone);
	}
	list_for_each_entry_safe(t, n, &gone, list)
		event_trigger_free(t);
}

static struct trigger_hook *trigger_hook_of(struct trace_event_file *file)
{
	struct trace_event_hook *hook;

	hlist_for_each_entry(hook, &file->hooks, list)
		if (hook->func == trigger_hook_run)
			return container_of(hook, struct trigger_hook, hook);
	return NULL;
}

/* The first trigger of an event hooks it (and puts it in soft mode). */
static int trigger_hook_get(struct trace_event_file *file)
{
	struct trigger_hook *th;
	int ret;

	if (trigger_hook_of(file))
		return 0;
	th = kzalloc(sizeof(*th), GFP_KERNEL);
	if (!th)
		return -ENOMEM;
	th->file = file;
	th->hook.func = trigger_hook_run;
	th->hook.post = trigger_hook_post;
	th->hook.gone = trigger_hook_gone;
	ret = event_hook_add(file, &th->hook);
	if (ret)
		kfree(th);
	return ret;
}

static void trigger_hook_put(struct trace_event_file *file)
{
	struct trigger_hook *th;

	if (!list_empty(&file->triggers))
		return;
	th = trigger_hook_of(file);
	if (!th)
		return;
	event_hook_del(file, &th->hook);
	kfree(th);
}

/**
 * event_trigger_add() - put a trigger on its event
 * @trigger: from event_trigger_alloc(), on &trigger->file
 *
 * The newest trigger is listed first, or last for EVENT_CMD_APPEND
 * commands, as 6.12 lists them.  An
 * EVENT_CMD_TARGET trigger holds its target in soft mode, and keeps
 * it from being removed (-EBUSY for an event made at run time).
 *
 * Context: trace_types_lock held.
 * Return: 0, -ENOMEM, or the error of putting an event in soft mode.
 */
int event_trigger_add(struct event_trigger *trigger)
{
	struct trace_event_file *file = trigger->file;
	struct trace_event_file *target = trigger->data;
	int ret;

	lockdep_assert_held(&trace_types_lock);
	ret = trigger_hook_get(file);
	if (ret)
		return ret;
	if (trigger->cmd->flags & EVENT_CMD_TARGET) {
		ret = event_soft_mode_get(target);
		if (ret) {
			trigger_hook_put(file);
			return ret;
		}
		target->call->refcnt++;
	}
	if (trigger->cmd->flags & EVENT_CMD_APPEND)
		list_add_tail_rcu(&trigger->list, &file->triggers);
	else
		list_add_rcu(&trigger->list, &file->triggers);
	set_bit(EVENT_FILE_FL_TRIGGERED_BIT, &file->flags);
	return 0;
}

/**
 * event_trigger_del() - take a trigger off its event
 * @trigger: a trigger event_trigger_add() put on
 *
 * Probes may still be running it: free it with event_trigger_free().
 * The last trigger of an event takes the event out of soft mode.
 *
 * Context: trace_types_lock held; may sleep.
 */
void event_trigger_del(struct event_trigger *trigger)
{
	struct trace_event_file *file = trigger->file;
	struct trace_event_file *target = trigger->data;

	lockdep_assert_held(&trace_types_lock);
	list_del_rcu(&trigger->list);
	if (list_empty(&file->triggers))
		clear_bit(EVENT_FILE_FL_TRIGGERED_BIT, &file->flags);
	if (trigger->cmd->flags & EVENT_CMD_TARGET) {
		target->call->refcnt--;
		event_soft_mode_put(target);
	}
	trigger_hook_put(file);
}

/* Whether @a on an event is the trigger @b names (-EEXIST, or "!"). */
static bool trigger_same(const struct event_trigger *a,
			 const struct event_trigger *b)
{
	const struct event_command *cmd = b->cmd;

	if (a->cmd != cmd && (!cmd->slot || a->cmd->slot != cmd->slot))
		return false;
	if (cmd->match)
		return cmd->match(a, b);
	if (cmd->flags & EVENT_CMD_TARGET)
		return a->data == b->data;
	return true;
}

static struct event_trigger *trigger_find(struct trace_event_file *file,
					  const struct event_trigger *like)
{
	struct event_trigger *t;

	for_each_event_trigger(t, file)
		if (trigger_same(t, like))
			return t;
	return NULL;
}

/* ---- "name[:N] [if filter]" and "name:sys:event[:N] [if filter]" -------- */

/*
 * @rest is what follows the command's name and its separator; split off
 * the parameter (up to a blank) and the filter ("if ..." after it).  A
 * command without a target takes only a count, so a first word that is
 * not a number starts the filter.
 */
static int split_param(const struct event_command *cmd, char *rest,
		       char **param, char **filter)
{
	*param = NULL;
	*filter = NULL;
	rest = skip_spaces(rest);
	if (!*rest)
		return (cmd->flags & EVENT_CMD_TARGET) ? -EINVAL : 0;
	if ((cmd->flags & EVENT_CMD_TARGET) || isdigit(*rest)) {
		*param = strsep(&rest, " \t");
		if (!rest)
			return 0;
		rest = skip_spaces(rest);
		if (!*rest)
			return 0;
	}
	*filter = rest;
	return 0;
}

/* "if FILTER": the filter's text, or an error. */
static int filter_of(char *text, char **filter)
{
	char *word;

	if (!text) {
		*filter = NULL;
		return 0;
	}
	word = strsep(&text, " \t");
	if (strcmp(word, "if") || !text)
		return -EINVAL;
	text = skip_spaces(text);
	if (!*text)
		return -EINVAL;
	*filter = text;
	return 0;
}

/* ":N" (the rest of @param): the count, -1 for none. */
static int count_of(char *param, long *count)
{
	unsigned long n;
	char *num;

	*count = -1;
	if (!param)
		return 0;
	num = strsep(&param, ":");
	if (!*num || kstrtoul(num, 0, &n) || n > LONG_MAX)
		return -EINVAL;
	*count = n;
	return 0;
}

static int simple_parse(const struct event_command *cmd,
			struct trace_event_file *file, char *rest, bool remove)
{
	struct trace_event_file *target = NULL;
	struct event_trigger *t, *old;
	char *param, *filter_text;
	long count;
	int ret;

	ret = split_param(cmd, rest, &param, &filter_text);
	if (ret)
		return ret;
	if (cmd->flags & EVENT_CMD_TARGET) {
		char *system = strsep(&param, ":");
		char *event = strsep(&param, ":");

		if (!event || !*system || !*event)
			return -EINVAL;
		target = event_file_find(file->tr, system, event);
		if (!target)
			return -EINVAL;
	}
	if (remove) {
		/*
		 * As 6.12: the count and the filter are not looked at (the
		 * line read back, ":unlimited" and all, removes the trigger),
		 * and removing a trigger that is not there is no error.
		 */
		struct event_trigger like = { .cmd = cmd, .data = target };

		old = trigger_find(file, &like);
		if (old) {
			event_trigger_del(old);
			event_trigger_free(old);
		}
		return 0;
	}
	ret = filter_of(filter_text, &filter_text);
	if (ret)
		return ret;
	ret = count_of(param, &count);
	if (ret)
		return ret;
	if (count != -1 && !(cmd->flags & EVENT_CMD_COUNT))
		return -EINVAL;
	t = event_trigger_alloc(cmd, file, filter_text, target);
	if (IS_ERR(t))
		return PTR_ERR(t);
	t->count = count;
	ret = trigger_find(file, t) ? -EEXIST : 0;
	if (!ret && cmd->init)
		ret = cmd->init(t);
	if (!ret)
		ret = event_trigger_add(t);
	if (ret)
		event_trigger_free(t);
	return ret;
}

/*
 * One trigger as written: "[!]name[:rest]" or "[!]name rest".  Locks:
 * dyn_event_mutex first (a histogram names synthetic events), then
 * trace_types_lock.
 */
static int trigger_write_one(struct trace_event_file *file, char *text)
{
	const struct event_command *cmd;
	bool remove = text[0] == '!';
	char *name = text + remove;
	size_t len = strcspn(name, ": \t");
	int ret = -EINVAL;

	mutex_lock(&dyn_event_mutex);
	mutex_lock(&trace_types_lock);
	cmd = command_find(name, len);
	if (!cmd)
		goto out;
	if (cmd->flags & EVENT_CMD_SIMPLE)
		ret = simple_parse(cmd, file, name + len + !!name[len], remove);
	else
		ret = cmd->parse(cmd, file, text, remove);
out:
	mutex_unlock(&trace_types_lock);
	mutex_unlock(&dyn_event_mutex);
	return ret;
}

/* ---- the trigger file -------------------------------------------------- */

#define SHOW_AVAILABLE	((void *)1UL)

static void *trigger_seq_start(struct seq_file *m, loff_t *pos)
{
	struct trace_event_file *file = m->private;

	mutex_lock(&trace_types_lock);
	if (list_empty(&file->triggers))
		return *pos ? NULL : SHOW_AVAILABLE;
	return seq_list_start(&file->triggers, *pos);
}

static void *trigger_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	struct trace_event_file *file = m->private;

	if (v == SHOW_AVAILABLE) {
		++*pos;
		return NULL;
	}
	return seq_list_next(v, &file->triggers, pos);
}

static void trigger_seq_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&trace_types_lock);
}

static int trigger_seq_show(struct seq_file *m, void *v)
{
	const struct event_command *cmd;
	struct event_trigger *t = v;

	if (v == SHOW_AVAILABLE) {
		seq_puts(m, "# Available triggers:\n#");
		list_for_each_entry(cmd, &event_commands, list)
			seq_printf(m, " %s", cmd->name);
		seq_putc(m, '\n');
		return 0;
	}
	cmd = t->cmd;
	if (!(cmd->flags & EVENT_CMD_SIMPLE)) {
		/* Its own text, filter included (hist ends "[active]"). */
		cmd->print(m, t);
		seq_putc(m, '\n');
		return 0;
	}
	if (cmd->print) {
		cmd->print(m, t);
	} else {
		seq_puts(m, cmd->name);
		if (cmd->flags & EVENT_CMD_TARGET) {
			struct trace_event_call *call =
				((struct trace_event_file *)t->data)->call;

			seq_printf(m, ":%s:%s", event_system(call),
				   trace_event_name(call));
		}
	}
	if (cmd->flags & EVENT_CMD_COUNT) {
		long count = READ_ONCE(t->count);

		if (count == -1)
			seq_puts(m, ":unlimited");
		else
			seq_printf(m, ":count=%ld", count);
	}
	if (t->filter_text)
		seq_printf(m, " if %s", t->filter_text);
	seq_putc(m, '\n');
	return 0;
}

static const struct seq_operations trigger_seq_ops = {
	.start	= trigger_seq_start,
	.next	= trigger_seq_next,
	.stop	= trigger_seq_stop,
	.show	= trigger_seq_show,
};

/*
 * O_TRUNC: the histogram kinds go, the other triggers stay (as 6.12).
 * A kind with its own &event_command.truncate decides for itself.
 */
static void triggers_truncate(struct trace_event_file *file)
{
	const struct event_command *cmd;
	struct event_trigger *t, *n;
	LIST_HEAD(gone);

	mutex_lock(&dyn_event_mutex);
	mutex_lock(&trace_types_lock);
	list_for_each_entry(cmd, &event_commands, list)
		if ((cmd->flags & EVENT_CMD_HIST) && cmd->truncate)
			cmd->truncate(cmd, file);
	list_for_each_entry_safe(t, n, &file->triggers, list) {
		if (!(t->cmd->flags & EVENT_CMD_HIST) || t->cmd->truncate)
			continue;
		event_trigger_del(t);
		list_add(&t->list, &gone);
	}
	mutex_unlock(&trace_types_lock);
	mutex_unlock(&dyn_event_mutex);
	list_for_each_entry_safe(t, n, &gone, list)
		event_trigger_free(t);
}

static int trigger_open(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file;
	int ret = event_file_open(inode, filp);

	if (ret)
		return ret;
	file = filp->private_data;
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC))
		triggers_truncate(file);
	if (filp->f_mode & FMODE_READ) {
		filp->private_data = NULL;
		ret = seq_open(filp, &trigger_seq_ops);
		if (ret) {
			event_file_put(file);
			return ret;
		}
		((struct seq_file *)filp->private_data)->private = file;
	}
	return 0;
}

static struct trace_event_file *trigger_file_of(struct file *filp)
{
	if (filp->f_mode & FMODE_READ)
		return ((struct seq_file *)filp->private_data)->private;
	return filp->private_data;
}

static ssize_t trigger_write(struct file *filp, const char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	char *buf;
	int ret;

	/* One command a write, shorter than a page: an empty one is no-op. */
	if (!cnt || cnt >= PAGE_SIZE)
		return cnt ? -EINVAL : 0;
	buf = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	ret = trigger_write_one(trigger_file_of(filp), strim(buf));
	kfree(buf);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static int trigger_release(struct inode *inode, struct file *filp)
{
	struct trace_event_file *file = trigger_file_of(filp);

	if (filp->f_mode & FMODE_READ)
		seq_release(inode, filp);
	event_file_put(file);
	return 0;
}

const struct file_operations event_trigger_fops = {
	.open		= trigger_open,
	.read		= seq_read,
	.write		= trigger_write,
	.llseek		= seq_lseek,
	.release	= trigger_release,
};

/* ---- traceon, traceoff, snapshot, stacktrace --------------------------- */

enum {
	SLOT_TRACE_ONOFF = 1,
	SLOT_SNAPSHOT,
	SLOT_STACKTRACE,
	SLOT_EVENT_ENABLE,
};

static void traceon_fire(struct event_trigger *t, void *rec,
			 struct trace_buffer *buffer)
{
	struct trace_array *tr = t->file->tr;

	if (!tracer_tracing_is_on(tr) && event_trigger_take_count(t))
		tracer_tracing_on(tr);
}

static void traceoff_fire(struct event_trigger *t, void *rec,
			  struct trace_buffer *buffer)
{
	struct trace_array *tr = t->file->tr;

	if (tracer_tracing_is_on(tr) && event_trigger_take_count(t))
		tracer_tracing_off(tr);
}

#define SIMPLE_POST	(EVENT_CMD_POST | EVENT_CMD_COUNT | EVENT_CMD_SIMPLE)

static struct event_command traceon_cmd = {
	.name	= "traceon",
	.flags	= SIMPLE_POST,
	.slot	= SLOT_TRACE_ONOFF,
	.fire	= traceon_fire,
};

static struct event_command traceoff_cmd = {
	.name	= "traceoff",
	.flags	= SIMPLE_POST,
	.slot	= SLOT_TRACE_ONOFF,
	.fire	= traceoff_fire,
};

#ifdef CONFIG_TRACER_SNAPSHOT
/* The snapshot buffer is allocated when the trigger is set. */
static int snapshot_init(struct event_trigger *t)
{
	return trace_snapshot_alloc(t->file->tr);
}

/*
 * The buffers change places in process context: a worker takes the
 * snapshot (a trace_marker write takes it before returning).
 */
static void snapshot_fire(struct event_trigger *t, void *rec,
			  struct trace_buffer *buffer)
{
	if (event_trigger_take_count(t))
		trace_snapshot_request(t->file->tr);
}

static struct event_command snapshot_cmd = {
	.name	= "snapshot",
	.flags	= SIMPLE_POST,
	.slot	= SLOT_SNAPSHOT,
	.init	= snapshot_init,
	.fire	= snapshot_fire,
};
#endif

#ifdef CONFIG_STACKTRACE
static void stacktrace_fire(struct event_trigger *t, void *rec,
			    struct trace_buffer *buffer)
{
	if (event_trigger_take_count(t))
		trace_stack_write(t->file->tr, 0, _RET_IP_);
}

static struct event_command stacktrace_cmd = {
	.name	= "stacktrace",
	.flags	= SIMPLE_POST,
	.slot	= SLOT_STACKTRACE,
	.fire	= stacktrace_fire,
};
#endif

/* ---- enable_event, disable_event --------------------------------------- */

/*
 * The target is in soft mode while the trigger is there; the trigger
 * lets its records through or drops them.  A count counts changes only.
 */
static void event_enable_fire(struct event_trigger *t, void *rec,
			      struct trace_buffer *buffer)
{
	struct trace_event_file *target = t->data;
	bool on = t->cmd->name[0] == 'e';
	bool is_on = !(READ_ONCE(target->flags) & EVENT_FILE_FL_SOFT_DISABLED);

	if (on != is_on && event_trigger_take_count(t))
		event_soft_set(target, on);
}

#define SIMPLE_TARGET	(EVENT_CMD_COUNT | EVENT_CMD_SIMPLE | EVENT_CMD_TARGET)

static struct event_command enable_event_cmd = {
	.name	= "enable_event",
	.flags	= SIMPLE_TARGET,
	.slot	= SLOT_EVENT_ENABLE,
	.fire	= event_enable_fire,
};

static struct event_command disable_event_cmd = {
	.name	= "disable_event",
	.flags	= SIMPLE_TARGET,
	.slot	= SLOT_EVENT_ENABLE,
	.fire	= event_enable_fire,
};

/* In 6.12's order; the histogram commands follow (trace_events_hist.c). */
static __init int event_triggers_init(void)
{
	event_command_register(&traceon_cmd);
	event_command_register(&traceoff_cmd);
#ifdef CONFIG_TRACER_SNAPSHOT
	event_command_register(&snapshot_cmd);
#endif
#ifdef CONFIG_STACKTRACE
	event_command_register(&stacktrace_cmd);
#endif
	event_command_register(&enable_event_cmd);
	event_command_register(&disable_event_cmd);
	return 0;
}
core_initcall(event_triggers_init);

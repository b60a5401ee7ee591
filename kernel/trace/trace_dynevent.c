// SPDX-License-Identifier: GPL-2.0
/*
 * Events defined at run time: the list of all of them, whatever their
 * kind, and the files that define, list and remove them:
 *
 *   dynamic_events	every kind; each kind may add its own file
 *			(kprobe_events) that only sees its events
 *
 * A write is a list of lines, each a definition, a removal or empty; a
 * '#' starts a comment.  A removal is "-:[group/]event [args]" or "!"
 * followed by the definition.  Opening for write with O_TRUNC removes
 * every event first, or none when one of them is busy (-EBUSY).
 *
 * Lock order: dyn_event_mutex, then trace_types_lock (taken by the
 * kinds as they add and remove their events).
 */
#include <linux/ctype.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracefs.h>
#include <linux/uaccess.h>

#include "trace_tracers.h"
#include "trace_dynevent.h"
#include "trace_probe.h"

LIST_HEAD(dyn_event_list);
/* dyn_event_mutex (trace_events.c) guards these, and every kind's events. */
static LIST_HEAD(dyn_event_kinds);

/*
 * The most words a line may have: a probe's name, place and arguments,
 * or a synthetic event's name and 64 fields of up to three words each
 * ("unsigned int x"), and a ';' apart.
 */
#define DYN_MAX_WORDS	max(PROBE_MAX_ARGS + 3, 1 + 4 * 64)

/**
 * dyn_event_register() - add a kind of event defined at run time
 * @ops: the kind
 *
 * Return: 0.
 */
int dyn_event_register(struct dyn_event_ops *ops)
{
	mutex_lock(&dyn_event_mutex);
	list_add_tail(&ops->list, &dyn_event_kinds);
	mutex_unlock(&dyn_event_mutex);
	return 0;
}

/**
 * dyn_event_add() - list an event of a kind
 * @ev: the event
 * @ops: its kind
 *
 * Context: dyn_event_mutex held.
 */
void dyn_event_add(struct dyn_event *ev, struct dyn_event_ops *ops)
{
	lockdep_assert_held(&dyn_event_mutex);
	ev->ops = ops;
	list_add_tail(&ev->list, &dyn_event_list);
}

/**
 * dyn_event_del() - take an event off the list
 * @ev: the event
 *
 * Context: dyn_event_mutex held.
 */
void dyn_event_del(struct dyn_event *ev)
{
	lockdep_assert_held(&dyn_event_mutex);
	list_del_init(&ev->list);
}

/* Split @line into words at white space; their offsets go to @pos. */
static int split_words(char *line, char **argv, int *pos)
{
	char *p = line;
	int argc = 0;

	for (;;) {
		while (isspace(*p))
			p++;
		if (!*p)
			return argc;
		if (argc == DYN_MAX_WORDS)
			return -E2BIG;
		pos[argc] = p - line;
		argv[argc++] = p;
		while (*p && !isspace(*p))
			p++;
		if (*p)
			*p++ = '\0';
	}
}

/* "-:[group/]event [args]", or "!" and a definition. */
static int remove_events(int argc, char **argv, struct dyn_event_ops *only)
{
	char *name = strchr(argv[0], ':'), *slash;
	const char *system = NULL;
	struct dyn_event *ev, *n;
	int ret = -ENOENT;

	if (!name || !name[1])
		return -EINVAL;
	name++;
	slash = strchr(name, '/');
	if (slash) {
		*slash = '\0';
		system = name;
		name = slash + 1;
	}
	/* An empty name only with a group: "-:group/". */
	if (!*name && !system)
		return -EINVAL;
	/* "!p:name place args": the words after the name identify it. */
	list_for_each_entry_safe(ev, n, &dyn_event_list, list) {
		if (only && ev->ops != only)
			continue;
		if (!ev->ops->match(system, name, argc - 1,
				    (const char **)argv + 1, ev))
			continue;
		if (ev->ops->is_busy(ev))
			return -EBUSY;
		ret = ev->ops->free(ev);
		if (ret)
			return ret;
	}
	return ret;
}

/**
 * dyn_events_run() - carry out one line written to a definitions file
 * @text: the line, without its newline
 * @only: the kind the file is for, or NULL for dynamic_events
 *
 * Return: 0, or an error (the definition's error is in error_log).
 */
int dyn_events_run(const char *text, struct dyn_event_ops *only)
{
	int *pos, argc, ret = -EINVAL;
	struct dyn_event_ops *ops;
	char **argv, *line;

	line = kstrdup(text, GFP_KERNEL);
	argv = kcalloc(DYN_MAX_WORDS, sizeof(*argv), GFP_KERNEL);
	pos = kcalloc(DYN_MAX_WORDS, sizeof(*pos), GFP_KERNEL);
	if (!line || !argv || !pos) {
		ret = -ENOMEM;
		goto out;
	}
	argc = split_words(line, argv, pos);
	if (argc <= 0) {
		ret = argc;
		goto out;
	}
	mutex_lock(&dyn_event_mutex);
	if (argv[0][0] == '-' || argv[0][0] == '!') {
		ret = remove_events(argc, argv, only);
	} else {
		list_for_each_entry(ops, &dyn_event_kinds, list) {
			if (only && ops != only)
				continue;
			ret = ops->create(text, argc, argv, pos);
			if (ret != -ECANCELED)
				break;
		}
		if (ret == -ECANCELED)
			ret = -EINVAL;
	}
	mutex_unlock(&dyn_event_mutex);
out:
	kfree(pos);
	kfree(argv);
	kfree(line);
	return ret;
}

/**
 * dyn_events_release_all() - remove every event of a kind
 * @only: the kind, or NULL for every kind
 *
 * Return: 0, or -EBUSY (nothing removed) if one of them is busy.
 */
int dyn_events_release_all(struct dyn_event_ops *only)
{
	struct dyn_event *ev, *n;
	int ret = 0;

	mutex_lock(&dyn_event_mutex);
	for_each_dyn_event(ev) {
		if ((!only || ev->ops == only) && ev->ops->is_busy(ev)) {
			ret = -EBUSY;
			goto out;
		}
	}
	list_for_each_entry_safe(ev, n, &dyn_event_list, list) {
		if (only && ev->ops != only)
			continue;
		ret = ev->ops->free(ev);
		if (ret)
			break;
	}
out:
	mutex_unlock(&dyn_event_mutex);
	return ret;
}

/* Run each complete line of @buf; a '#' starts a comment. */
static int run_lines(char *buf, int (*run)(const char *line, void *data),
		     void *data)
{
	char *line, *hash;
	int ret;

	while ((line = strsep(&buf, "\n"))) {
		hash = strchr(line, '#');
		if (hash)
			*hash = '\0';
		ret = run(strim(line), data);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * dyn_events_write_lines() - the write() of a file of definitions
 * @ubuf: the user's text
 * @cnt: its length
 * @run: called with each line, without its newline, its comment
 *	('#' on) and the white space around it; an error stops the write
 * @data: passed to @run
 *
 * The text is taken a page at a time; a line must fit in one.
 *
 * Return: @cnt, or the first failing line's error.
 */
ssize_t dyn_events_write_lines(const char __user *ubuf, size_t cnt,
			       int (*run)(const char *line, void *data),
			       void *data)
{
	size_t done = 0, have = 0, n;
	char *buf, *end;
	ssize_t ret = 0;

	buf = kmalloc(PAGE_SIZE, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	while (done < cnt) {
		n = min(cnt - done, PAGE_SIZE - 1 - have);
		if (copy_from_user(buf + have, ubuf + done, n)) {
			ret = -EFAULT;
			break;
		}
		done += n;
		have += n;
		buf[have] = '\0';
		end = strrchr(buf, '\n');
		if (done == cnt) {
			end = buf + have;
		} else if (!end) {
			/* A line longer than a page. */
			ret = -EINVAL;
			break;
		}
		*end = '\0';
		ret = run_lines(buf, run, data);
		if (ret)
			break;
		if (end < buf + have) {
			n = buf + have - (end + 1);
			memmove(buf, end + 1, n);
			have = n;
		} else {
			have = 0;
		}
	}
	kfree(buf);
	return ret ? ret : cnt;
}

static int run_line(const char *line, void *only)
{
	return dyn_events_run(line, only);
}

/* The write() of dynamic_events (@only NULL) or of a kind's own file. */
static ssize_t dyn_events_write(const char __user *ubuf, size_t cnt,
				struct dyn_event_ops *only)
{
	return dyn_events_write_lines(ubuf, cnt, run_line, only);
}

/* ---- listing ---------------------------------------------------------- */

static void *dyn_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&dyn_event_mutex);
	return seq_list_start(&dyn_event_list, *pos);
}

static void *dyn_next(struct seq_file *m, void *v, loff_t *pos)
{
	return seq_list_next(v, &dyn_event_list, pos);
}

static void dyn_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&dyn_event_mutex);
}

static int dyn_show(struct seq_file *m, void *v)
{
	struct dyn_event *ev = list_entry(v, struct dyn_event, list);
	struct dyn_event_ops *only = m->private;

	if (!only || ev->ops == only)
		return ev->ops->show(m, ev);
	return 0;
}

static const struct seq_operations dyn_seq_ops = {
	.start	= dyn_start,
	.next	= dyn_next,
	.stop	= dyn_stop,
	.show	= dyn_show,
};

/*
 * dyn_events_seq_open() - the open() of a definitions file
 * @inode: its inode
 * @filp: the file
 * @only: the kind the file is for, or NULL for dynamic_events
 *
 * Return: 0, or an error (-EBUSY: O_TRUNC while an event is busy).
 */
static int dyn_events_seq_open(struct inode *inode, struct file *filp,
			       struct dyn_event_ops *only)
{
	int ret;

	if (tracing_is_disabled())
		return -ENODEV;
	if ((filp->f_mode & FMODE_WRITE) && (filp->f_flags & O_TRUNC)) {
		ret = dyn_events_release_all(only);
		if (ret)
			return ret;
	}
	if (!(filp->f_mode & FMODE_READ))
		return 0;
	ret = seq_open(filp, &dyn_seq_ops);
	if (!ret)
		((struct seq_file *)filp->private_data)->private = only;
	return ret;
}

static int dynamic_events_open(struct inode *inode, struct file *filp)
{
	return dyn_events_seq_open(inode, filp, NULL);
}

static ssize_t dynamic_events_write(struct file *filp,
				    const char __user *ubuf, size_t cnt,
				    loff_t *ppos)
{
	return dyn_events_write(ubuf, cnt, NULL);
}

static int dynamic_events_release(struct inode *inode, struct file *filp)
{
	if (filp->f_mode & FMODE_READ)
		return seq_release(inode, filp);
	return 0;
}

static const struct file_operations dynamic_events_fops = {
	.open		= dynamic_events_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.write		= dynamic_events_write,
	.release	= dynamic_events_release,
};

/* ---- a kind's own files: the kind is the inode's private data ------- */

static int kind_events_open(struct inode *inode, struct file *filp)
{
	return dyn_events_seq_open(inode, filp, inode->i_private);
}

static ssize_t kind_events_write(struct file *filp, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	return dyn_events_write(ubuf, cnt, file_inode(filp)->i_private);
}

static const struct file_operations kind_events_fops = {
	.open		= kind_events_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.write		= kind_events_write,
	.release	= dynamic_events_release,
};

static int kind_profile_show(struct seq_file *m, void *v)
{
	struct dyn_event *ev = list_entry(v, struct dyn_event, list);
	struct dyn_event_ops *ops = m->private;

	return ev->ops == ops ? ops->profile(m, ev) : 0;
}

static const struct seq_operations kind_profile_seq_ops = {
	.start	= dyn_start,
	.next	= dyn_next,
	.stop	= dyn_stop,
	.show	= kind_profile_show,
};

static int kind_profile_open(struct inode *inode, struct file *filp)
{
	int ret;

	if (tracing_is_disabled())
		return -ENODEV;
	ret = seq_open(filp, &kind_profile_seq_ops);
	if (!ret)
		((struct seq_file *)filp->private_data)->private =
			inode->i_private;
	return ret;
}

static const struct file_operations kind_profile_fops = {
	.open		= kind_profile_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= seq_release,
};

/**
 * dyn_events_create_files() - a kind's own definitions and profile files
 * @ops: the kind; @ops->profile prints a profile line
 * @events: the definitions file's name ("kprobe_events"): like
 *	dynamic_events, but it sees and removes this kind's events only
 * @profile: the profile file's name ("kprobe_profile"), or NULL
 */
void dyn_events_create_files(struct dyn_event_ops *ops, const char *events,
			     const char *profile)
{
	if (tracing_is_disabled() || !tracefs_initialized())
		return;
	trace_create_file(events, TRACE_MODE_WRITE, NULL, ops, &kind_events_fops);
	if (profile && ops->profile)
		trace_create_file(profile, TRACE_MODE_READ, NULL, ops, &kind_profile_fops);
}

/* ---- definitions made by kernel code ------------------------------------ */

/**
 * dynevent_cmd_init() - start a definition built by kernel code
 * @cmd: the definition
 * @buf: where its text goes
 * @maxlen: the size of @buf
 * @type: the kind of event
 * @run_command: how the kind runs the text
 */
void dynevent_cmd_init(struct dynevent_cmd *cmd, char *buf, int maxlen,
		       enum dynevent_type type, dynevent_create_fn_t run_command)
{
	memset(cmd, 0, sizeof(*cmd));
	seq_buf_init(&cmd->seq, buf, maxlen);
	cmd->type = type;
	cmd->run_command = run_command;
}

/**
 * dynevent_cmd_add() - append text to a definition built by kernel code
 * @cmd: the definition
 * @fmt: printf format of the text
 *
 * Return: 0, or -E2BIG if the text does not fit the buffer.
 */
int dynevent_cmd_add(struct dynevent_cmd *cmd, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	seq_buf_vprintf(&cmd->seq, fmt, args);
	va_end(args);
	if (seq_buf_has_overflowed(&cmd->seq))
		return -E2BIG;
	return 0;
}

/**
 * dynevent_create() - run a definition built by kernel code
 * @cmd: the definition, built by its kind's helpers
 *	(synth_event_gen_cmd_start(), kprobe_event_gen_cmd_start(), ...)
 *
 * Return: 0, or the error the definition would give in dynamic_events
 * (-EINVAL for a definition that was never started).
 */
int dynevent_create(struct dynevent_cmd *cmd)
{
	if (!cmd->run_command || !cmd->seq.buffer || !cmd->seq.len)
		return -EINVAL;
	if (seq_buf_has_overflowed(&cmd->seq))
		return -E2BIG;
	/* The buffer is the caller's: it is a string once terminated. */
	seq_buf_str(&cmd->seq);
	return cmd->run_command(cmd);
}
EXPORT_SYMBOL_GPL(dynevent_create);

static __init int dyn_events_init(void)
{
	if (tracing_is_disabled() || !tracefs_initialized())
		return 0;
	trace_create_file("dynamic_events", TRACE_MODE_WRITE, NULL, NULL,
			  &dynamic_events_fops);
	return 0;
}
fs_initcall(dyn_events_init);

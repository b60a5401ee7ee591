// SPDX-License-Identifier: GPL-2.0
/*
 * The tracefs tree of every session, and instances/.
 *
 * A session's directory holds the same files at the top level and in
 * each instance; the top level adds the files that are not about one
 * session (README, saved_cmdlines, printk_formats, available_events,
 * the function tracer's lists, instances/).  trace_session_create_files()
 * below is the one place that lays a session's directory out.
 *
 * mkdir instances/<name> makes a session, rmdir removes it; the kernel
 * does the same with trace_array_get_by_name() and trace_array_destroy().
 * An instance is removed only when nothing uses it: no file of it is
 * open and no kernel user holds it (-EBUSY otherwise, nothing freed).
 * Documentation/trace/instances.rst has the rules.
 */
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/mount.h>
#include <linux/slab.h>
#include <linux/trace.h>

#include "trace_files.h"

static struct dentry *instances_dir;

static void create_cpu_files(struct trace_array *tr, long cpu)
{
	void *key = trace_key(tr, cpu);
	struct dentry *d;
	char name[24];

	snprintf(name, sizeof(name), "cpu%ld", cpu);
	d = tracefs_create_dir(name, tr->percpu_dir);
	if (!d)
		return;
	trace_create_file("trace", TRACE_MODE_WRITE, d, key, &trace_fops);
	trace_create_file("trace_pipe", TRACE_MODE_READ, d, key, &trace_pipe_fops);
	trace_create_file("trace_pipe_raw", TRACE_MODE_READ, d, key, &trace_pipe_raw_fops);
	trace_create_file("stats", TRACE_MODE_READ, d, key, &trace_stats_fops);
	trace_create_file("buffer_size_kb", TRACE_MODE_WRITE, d, key, &buffer_size_fops);
#ifdef CONFIG_TRACER_SNAPSHOT
	trace_create_file("snapshot", TRACE_MODE_WRITE, d, key, &snapshot_fops);
	trace_create_file("snapshot_raw", TRACE_MODE_READ, d, key, &snapshot_raw_fops);
#endif
}

/*
 * Lay out a session's directory, tr->dir (NULL: the tracefs root).
 * Return: 0, or -ENOMEM when the events could not be given files.
 */
static int trace_session_create_files(struct trace_array *tr)
{
	void *key = trace_key(tr, RING_BUFFER_ALL_CPUS);
	struct dentry *d = tr->dir;
	long cpu;

	trace_create_file("trace", TRACE_MODE_WRITE, d, key, &trace_fops);
	trace_create_file("trace_pipe", TRACE_MODE_READ, d, key, &trace_pipe_fops);
	trace_create_file("tracing_on", TRACE_MODE_WRITE, d, key, &tracing_on_fops);
	trace_create_file("buffer_size_kb", TRACE_MODE_WRITE, d, key, &buffer_size_fops);
	trace_create_file("buffer_total_size_kb", TRACE_MODE_READ, d, key,
			  &buffer_total_size_fops);
	trace_create_file("buffer_subbuf_size_kb", TRACE_MODE_WRITE, d, key,
			  &buffer_subbuf_size_fops);
	trace_create_file("buffer_percent", TRACE_MODE_WRITE, d, key, &buffer_percent_fops);
	trace_create_file("free_buffer", 0200, d, key, &free_buffer_fops);
	trace_create_file("trace_clock", TRACE_MODE_WRITE, d, key, &trace_clock_fops);
	trace_create_file("timestamp_mode", TRACE_MODE_READ, d, key,
			  &timestamp_mode_fops);
	trace_create_file("tracing_cpumask", TRACE_MODE_WRITE, d, key,
			  &tracing_cpumask_fops);
	trace_create_file("trace_options", TRACE_MODE_WRITE, d, key, &trace_options_fops);
	trace_create_file("trace_marker", 0220, d, key, &trace_marker_fops);
	trace_create_file("trace_marker_raw", 0220, d, key,
			  &trace_marker_raw_fops);
	trace_create_file("error_log", TRACE_MODE_WRITE, d, key, &error_log_fops);
	trace_create_file("lost_events", TRACE_MODE_WRITE, d, key,
			  &lost_events_fops);
#ifdef CONFIG_TRACER_SNAPSHOT
	trace_create_file("snapshot", TRACE_MODE_WRITE, d, key, &snapshot_fops);
#endif
	trace_create_option_files(tr);

	tr->percpu_dir = tracefs_create_dir("per_cpu", d);
	if (tr->percpu_dir)
		for_each_tracing_cpu(cpu)
			create_cpu_files(tr, cpu);

	trace_tracers_create_files(tr);
	trace_event_pids_create_files(tr);
	return event_trace_add_tr(tr);
}

/* ---- making and removing instances ------------------------------------ */

/* Make instance @name with its directory.  Context: trace_types_lock. */
static struct trace_array *instance_make(const char *name,
					 const char *systems)
{
	struct trace_array *tr;

	lockdep_assert_held(&trace_types_lock);
	if (!instances_dir)
		return ERR_PTR(-ENODEV);
	tr = trace_array_create(name, systems);
	if (IS_ERR(tr))
		return tr;
	tr->dir = tracefs_create_dir(name, instances_dir);
	if (!tr->dir || trace_session_create_files(tr)) {
		trace_tracers_remove(tr);
		event_trace_del_tr(tr);
		tracefs_remove(tr->dir);
		trace_array_free(tr);
		return ERR_PTR(-ENOMEM);
	}
	return tr;
}

/*
 * Remove an instance nothing uses: its events are detached first, so
 * that no probe writes into it, then its files go, then the session.
 * Context: trace_types_lock.
 */
static int instance_remove(struct trace_array *tr)
{
	lockdep_assert_held(&trace_types_lock);
	if (tr == &global_trace)
		return -EINVAL;
	if (tr->ref > 1)
		return -EBUSY;
	trace_tracers_remove(tr);
	trace_pids_clear(tr);
	event_trace_del_tr(tr);
	tracefs_remove(tr->dir);
	tr->dir = NULL;
	trace_error_log_clear(tr);
	trace_lost_free(tr);
	trace_array_free(tr);
	return 0;
}

static int instance_mkdir(const char *name)
{
	struct trace_array *tr;

	mutex_lock(&trace_types_lock);
	tr = instance_make(name, NULL);
	mutex_unlock(&trace_types_lock);
	return PTR_ERR_OR_ZERO(tr);
}

static int instance_rmdir(const char *name)
{
	struct trace_array *tr;
	int ret = -ENODEV;

	mutex_lock(&trace_types_lock);
	tr = trace_array_find(name);
	if (tr)
		ret = instance_remove(tr);
	mutex_unlock(&trace_types_lock);
	return ret;
}

/* ---- the kernel's instances --------------------------------------------- */

/**
 * trace_array_get_by_name() - find or make an instance, and hold it
 * @name: its name, as under instances/
 * @systems: the event systems a new instance offers, comma-separated;
 *	NULL for all
 *
 * Drop the reference with trace_array_put(); remove the instance with
 * trace_array_destroy() after that.
 *
 * Return: the instance, or NULL if it could not be made.
 */
struct trace_array *trace_array_get_by_name(const char *name,
					    const char *systems)
{
	struct trace_array *tr;

	if (!name || !*name)
		return NULL;
	mutex_lock(&trace_types_lock);
	tr = trace_array_find(name);
	if (!tr) {
		tr = instance_make(name, systems);
		if (IS_ERR(tr))
			tr = NULL;
	}
	if (tr)
		tr->ref++;
	mutex_unlock(&trace_types_lock);
	return tr;
}
EXPORT_SYMBOL_GPL(trace_array_get_by_name);

/**
 * trace_array_destroy() - remove an instance
 * @tr: the instance
 *
 * Return: 0; -EBUSY while one of its files is open or a kernel user
 * holds it; -ENODEV if it is not a live instance; -EINVAL for the top
 * level or NULL.
 */
int trace_array_destroy(struct trace_array *tr)
{
	struct trace_array *t;
	int ret = -ENODEV;

	if (!tr || tr == &global_trace)
		return -EINVAL;
	mutex_lock(&trace_types_lock);
	list_for_each_entry(t, &trace_arrays, list) {
		if (t == tr) {
			ret = instance_remove(tr);
			break;
		}
	}
	mutex_unlock(&trace_types_lock);
	return ret;
}
EXPORT_SYMBOL_GPL(trace_array_destroy);

/* ---- the top level ------------------------------------------------------ */

/*
 * Old tools look for the tracing files in <debugfs>/tracing: mount
 * tracefs there when that directory is first entered.
 */
static struct vfsmount *debugfs_tracing_automount(struct dentry *mntpt,
						  void *unused)
{
	struct file_system_type *fs = get_fs_type("tracefs");
	struct vfsmount *mnt;

	if (!fs)
		return NULL;
	mnt = vfs_submount(mntpt, fs, "tracefs", NULL);
	put_filesystem(fs);
	if (IS_ERR(mnt))
		return NULL;
	/* The automount code drops one reference when it expires. */
	return mntget(mnt);
}

static __init int tracer_init_tracefs(void)
{
	if (tracing_is_disabled() || !tracefs_initialized())
		return 0;
	debugfs_create_automount("tracing", NULL, debugfs_tracing_automount,
				 NULL);

	mutex_lock(&trace_types_lock);
	global_trace.dir = NULL;	/* NULL: the tracefs root */
	if (trace_session_create_files(&global_trace))
		pr_warn("tracing: could not create the events' files\n");
	mutex_unlock(&trace_types_lock);

	trace_create_file("README", TRACE_MODE_READ, NULL, NULL, &readme_fops);
	trace_cmdlines_create_files(NULL);
	trace_printk_create_files(NULL);
	event_trace_init();
	instances_dir = tracefs_create_instance_dir("instances", NULL,
						    instance_mkdir,
						    instance_rmdir);
	if (!instances_dir)
		pr_warn("tracing: could not create instances/\n");
#ifdef CONFIG_FTRACE_STARTUP_TEST
	trace_function_selftest();
#endif
	return 0;
}
fs_initcall(tracer_init_tracefs);

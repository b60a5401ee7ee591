// SPDX-License-Identifier: GPL-2.0
/*
 * current_tracer and available_tracers, with the one tracer there is so
 * far: "nop", tracing nothing beyond the enabled events.
 *
 * Tools and the selftests reset tracing by writing "nop" to
 * current_tracer (upstream's ftracetest fails every test when it
 * cannot).  This file stands in for the tracer registry that the
 * function tracer brings; it goes when that lands.
 */
#include <linux/init.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "trace.h"

static const char nop_name[] = "nop";

static ssize_t tracer_name_read(struct file *filp, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	char buf[sizeof(nop_name) + 1];
	int len = scnprintf(buf, sizeof(buf), "%s\n", nop_name);

	return simple_read_from_buffer(ubuf, cnt, ppos, buf, len);
}

/* Any known tracer may be chosen: that is, "nop". */
static ssize_t current_tracer_write(struct file *filp, const char __user *ubuf,
				    size_t cnt, loff_t *ppos)
{
	char buf[32];
	ssize_t ret = trace_parse_write(ubuf, cnt, buf, sizeof(buf));

	if (ret < 0)
		return ret;
	if (strcmp(strim(buf), nop_name))
		return -EINVAL;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations current_tracer_fops = {
	.open		= tracing_open_generic,
	.read		= tracer_name_read,
	.write		= current_tracer_write,
	.llseek		= default_llseek,
};

static const struct file_operations available_tracers_fops = {
	.open		= tracing_open_generic,
	.read		= tracer_name_read,
	.llseek		= default_llseek,
};

/* After tracer_init_tracefs() (an fs_initcall) has made the root. */
static __init int nop_tracer_init_tracefs(void)
{
	if (tracing_is_disabled())
		return 0;
	trace_create_file("current_tracer", 0644, NULL, NULL,
			  &current_tracer_fops);
	trace_create_file("available_tracers", 0444, NULL, NULL,
			  &available_tracers_fops);
	return 0;
}
late_initcall(nop_tracer_init_tracefs);

// SPDX-License-Identifier: GPL-2.0
/*
 * Writes synthetic events on demand, for the tests of test.d/synthetic:
 * nothing else writes them without histograms.
 *
 *   echo 'EVENT V1 V2 ...' > /sys/module/tracelab_synth/parameters/fire
 *
 * A value is a number (decimal, or 0x hex; negative ones too), "s:TEXT"
 * for a string field (TEXT has no spaces), "stack" for a stack field
 * (schedule, then schedule_timeout), or "null" for a NULL string.  The event is
 * written with synth_event_trace_array() into the top-level session, or
 * into instance INST's for "EVENT@INST".
 * "hold EVENT" and "put" hold the event with trace_get_event_file().
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sched.h>
#include <linux/trace_events.h>

static struct trace_event_file *held;
static unsigned long stack[3];

static int fire(char *text)
{
	struct trace_event_file *file;
	char *name, *word, *inst;
	u64 vals[64];
	int n = 0, ret;

	name = strsep(&text, " ");
	if (!strcmp(name, "put")) {
		if (held)
			trace_put_event_file(held);
		held = NULL;
		return 0;
	}
	if (!strcmp(name, "hold")) {
		file = trace_get_event_file(NULL, "synthetic", text);
		if (IS_ERR(file))
			return PTR_ERR(file);
		held = file;
		return 0;
	}
	while (text && (word = strsep(&text, " ")) && n < 64) {
		if (!*word)
			continue;
		if (str_has_prefix(word, "s:"))
			vals[n++] = (u64)(unsigned long)(word + 2);
		else if (!strcmp(word, "stack"))
			vals[n++] = (u64)(unsigned long)stack;
		else if (!strcmp(word, "null"))
			vals[n++] = 0;
		else if (kstrtoll(word, 0, (s64 *)&vals[n++]) &&
			 kstrtoull(word, 0, &vals[n - 1]))
			return -EINVAL;
	}
	/* "EVENT@INSTANCE": the event of an instance. */
	inst = strchr(name, '@');
	if (inst)
		*inst++ = '\0';
	file = trace_get_event_file(inst, "synthetic", name);
	if (IS_ERR(file))
		return PTR_ERR(file);
	ret = synth_event_trace_array(file, vals, n);
	trace_put_event_file(file);
	return ret;
}

static int fire_set(const char *val, const struct kernel_param *kp)
{
	char *text = kstrdup(val, GFP_KERNEL);
	int ret;

	if (!text)
		return -ENOMEM;
	ret = fire(strim(text));
	kfree(text);
	return ret;
}

static const struct kernel_param_ops fire_ops = {
	.set	= fire_set,
};
module_param_cb(fire, &fire_ops, NULL, 0200);
MODULE_PARM_DESC(fire, "write a synthetic event: EVENT VALUES...");

static int __init tracelab_synth_init(void)
{
	stack[0] = (unsigned long)schedule;
	stack[1] = (unsigned long)schedule_timeout;
	return 0;
}

static void __exit tracelab_synth_exit(void)
{
	if (held)
		trace_put_event_file(held);
}

module_init(tracelab_synth_init);
module_exit(tracelab_synth_exit);
MODULE_DESCRIPTION("Tracing lab: writes synthetic events on demand");
MODULE_LICENSE("GPL");

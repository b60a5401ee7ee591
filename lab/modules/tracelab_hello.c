// SPDX-License-Identifier: GPL-2.0
/*
 * The lab's sanity module: proves that the test kernel loads and unloads
 * modules built against it.  It logs its parameter on load and unload.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/printk.h>

static char *greeting = "hello";
module_param(greeting, charp, 0444);
MODULE_PARM_DESC(greeting, "word logged on load and unload");

static int __init tracelab_hello_init(void)
{
	pr_info("tracelab_hello: init: %s\n", greeting);
	return 0;
}

static void __exit tracelab_hello_exit(void)
{
	pr_info("tracelab_hello: exit: %s\n", greeting);
}

module_init(tracelab_hello_init);
module_exit(tracelab_hello_exit);
MODULE_DESCRIPTION("Tracing lab sanity module");
MODULE_LICENSE("GPL");

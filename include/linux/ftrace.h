/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The function tracer's interface to the rest of the kernel.
 *
 * With CONFIG_FUNCTION_TRACER every traceable function starts with a call
 * to the architecture's entry hook (__fentry__ on x86_64), which dynamic
 * ftrace turns into a NOP at boot and back into a call only where a
 * tracer asks for it.  The rest of the kernel sees this header: the boot
 * and module hooks that manage the call sites, the return-address helpers
 * (CALLER_ADDR0...), and the stubs that apply while the tracer is built
 * out.  See Documentation/trace/ftrace-design.rst.
 */
#ifndef _LINUX_FTRACE_H
#define _LINUX_FTRACE_H

#include <linux/bitops.h>
#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/init.h>
#include <linux/interrupt.h>
#include <linux/jump_label.h>
#include <linux/kallsyms.h>
#include <linux/ktime.h>
#include <linux/linkage.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/trace_clock.h>
#include <linux/trace_recursion.h>
#include <linux/types.h>

#include <asm/ftrace.h>

struct module;
struct task_struct;
struct ftrace_ops;
struct ftrace_regs;
struct dyn_ftrace;
struct trace_array;
struct ctl_table;

#ifndef ARCH_SUPPORTS_FTRACE_OPS
#define ARCH_SUPPORTS_FTRACE_OPS 0
#endif

/*
 * Return addresses: CALLER_ADDR0 is the address the current function
 * returns to, CALLER_ADDRn the one n frames further up (0 where the
 * architecture cannot walk that far cheaply).
 */
#ifndef ftrace_return_address0
#define ftrace_return_address0 __builtin_return_address(0)
#endif

#ifndef ftrace_return_address
#ifdef CONFIG_FRAME_POINTER
#define ftrace_return_address(n) __builtin_return_address(n)
#else
#define ftrace_return_address(n) 0UL
#endif
#endif

#define CALLER_ADDR0 ((unsigned long)ftrace_return_address0)
#define CALLER_ADDR1 ((unsigned long)ftrace_return_address(1))
#define CALLER_ADDR2 ((unsigned long)ftrace_return_address(2))
#define CALLER_ADDR3 ((unsigned long)ftrace_return_address(3))
#define CALLER_ADDR4 ((unsigned long)ftrace_return_address(4))
#define CALLER_ADDR5 ((unsigned long)ftrace_return_address(5))
#define CALLER_ADDR6 ((unsigned long)ftrace_return_address(6))

/*
 * get_lock_parent_ip() - the first return address outside the locking
 * functions: who really took the lock or disabled preemption.
 */
static __always_inline unsigned long get_lock_parent_ip(void)
{
	unsigned long addr = CALLER_ADDR0;

	if (!in_lock_functions(addr))
		return addr;
	addr = CALLER_ADDR1;
	if (!in_lock_functions(addr))
		return addr;
	return CALLER_ADDR2;
}

/* Boot: the tracing core's two initialisation steps. */
#ifdef CONFIG_TRACING
void early_trace_init(void);
void trace_init(void);
void ftrace_boot_snapshot(void);
void disable_trace_on_warning(void);
#else
static inline void early_trace_init(void)
{
}

static inline void trace_init(void)
{
}

static inline void ftrace_boot_snapshot(void)
{
}

static inline void disable_trace_on_warning(void)
{
}
#endif

/*
 * Call-site management.  ftrace_init() turns every recorded call site
 * into a NOP at boot; modules get the same at load and give their sites
 * up at unload.
 */
#ifdef CONFIG_DYNAMIC_FTRACE
void ftrace_init(void);
void ftrace_module_init(struct module *mod);
void ftrace_module_enable(struct module *mod);
void ftrace_release_mod(struct module *mod);
void ftrace_free_init_mem(void);
void ftrace_free_mem(struct module *mod, void *start, void *end);
unsigned long ftrace_location(unsigned long ip);
unsigned long ftrace_location_range(unsigned long start, unsigned long end);
int ftrace_text_reserved(const void *start, const void *end);
bool is_ftrace_trampoline(unsigned long addr);
int ftrace_mod_get_kallsym(unsigned int symnum, unsigned long *value,
			   char *type, char *name, char *module_name,
			   int *exported);
#else
static inline void ftrace_init(void)
{
}

static inline void ftrace_module_init(struct module *mod)
{
}

static inline void ftrace_module_enable(struct module *mod)
{
}

static inline void ftrace_release_mod(struct module *mod)
{
}

static inline void ftrace_free_init_mem(void)
{
}

static inline void ftrace_free_mem(struct module *mod, void *start, void *end)
{
}

static inline unsigned long ftrace_location(unsigned long ip)
{
	return 0;
}

static inline unsigned long ftrace_location_range(unsigned long start,
						  unsigned long end)
{
	return 0;
}

static inline int ftrace_text_reserved(const void *start, const void *end)
{
	return 0;
}

static inline bool is_ftrace_trampoline(unsigned long addr)
{
	return false;
}

static inline int ftrace_mod_get_kallsym(unsigned int symnum,
					 unsigned long *value, char *type,
					 char *name, char *module_name,
					 int *exported)
{
	return -1;
}
#endif /* CONFIG_DYNAMIC_FTRACE */

/*
 * Symbol lookup in module trampolines that ftrace allocated; kallsyms
 * asks here after the modules and BPF.
 */
#if defined(CONFIG_DYNAMIC_FTRACE) && defined(CONFIG_MODULES)
int ftrace_mod_address_lookup(unsigned long addr, unsigned long *size,
			      unsigned long *off, char **modname,
			      const unsigned char **modbuildid, char *sym);
#else
static inline int
ftrace_mod_address_lookup(unsigned long addr, unsigned long *size,
			  unsigned long *off, char **modname,
			  const unsigned char **modbuildid, char *sym)
{
	return 0;
}
#endif

/* Where the compiler records the call sites (read by the module loader). */
#define FTRACE_CALLSITE_SECTION	"__mcount_loc"

/*
 * Callbacks.  A struct ftrace_ops names a callback and the functions it
 * wants; register_ftrace_function() attaches it.  The callback runs at
 * the entry of each function it wants, before that function has run
 * any instruction, as
 *
 *	func(ip, parent_ip, op, fregs)
 *
 * with ip the address of the function's call site (its entry, after
 * ENDBR), parent_ip the address it will return to, op the ftrace_ops and
 * fregs the registers the entry code saved.  Unless the ops sets
 * FTRACE_OPS_FL_RECURSION, ftrace calls it with preemption disabled and
 * never recursively on one CPU; with the flag, it is called directly
 * from the entry code and must protect itself
 * (ftrace_test_recursion_trylock()).
 */
struct ftrace_regs {
	struct pt_regs		regs;
};

#include <linux/ftrace_regs.h>

/**
 * ftrace_get_regs() - the complete register set of a traced function
 * @fregs: the callback's fregs argument
 *
 * Return: the registers, or NULL when the entry code saved only the
 * argument registers (the ops did not ask for FTRACE_OPS_FL_SAVE_REGS).
 */
static __always_inline struct pt_regs *ftrace_get_regs(struct ftrace_regs *fregs)
{
	if (!fregs || !fregs->regs.cs)
		return NULL;
	return &fregs->regs;
}

/* Where the traced function goes on (a FTRACE_OPS_FL_IPMODIFY callback). */
#define ftrace_regs_set_instruction_pointer(fregs, _ip)	\
	((fregs)->regs.ip = (_ip))

typedef void (*ftrace_func_t)(unsigned long ip, unsigned long parent_ip,
			      struct ftrace_ops *op, struct ftrace_regs *fregs);

/*
 * struct ftrace_ops flags.  Set by the owner: DYNAMIC, SAVE_REGS,
 * SAVE_REGS_IF_SUPPORTED, RECURSION, IPMODIFY, PID, PERMANENT.  Kept by
 * ftrace: ENABLED (registered), INITIALIZED, DIRECT (registered with
 * register_ftrace_direct()).  The others are accepted for source
 * compatibility and mean nothing here.
 */
enum {
	FTRACE_OPS_FL_ENABLED			= BIT(0),
	FTRACE_OPS_FL_DYNAMIC			= BIT(1),
	FTRACE_OPS_FL_SAVE_REGS			= BIT(2),
	FTRACE_OPS_FL_SAVE_REGS_IF_SUPPORTED	= BIT(3),
	FTRACE_OPS_FL_RECURSION			= BIT(4),
	FTRACE_OPS_FL_STUB			= BIT(5),
	FTRACE_OPS_FL_INITIALIZED		= BIT(6),
	FTRACE_OPS_FL_DELETED			= BIT(7),
	FTRACE_OPS_FL_ADDING			= BIT(8),
	FTRACE_OPS_FL_REMOVING			= BIT(9),
	FTRACE_OPS_FL_MODIFYING			= BIT(10),
	FTRACE_OPS_FL_ALLOC_TRAMP		= BIT(11),
	FTRACE_OPS_FL_IPMODIFY			= BIT(12),
	FTRACE_OPS_FL_PID			= BIT(13),
	FTRACE_OPS_FL_RCU			= BIT(14),
	FTRACE_OPS_FL_TRACE_ARRAY		= BIT(15),
	FTRACE_OPS_FL_PERMANENT			= BIT(16),
	FTRACE_OPS_FL_DIRECT			= BIT(17),
	FTRACE_OPS_FL_SUBOP			= BIT(18),
	FTRACE_OPS_FL_GRAPH			= BIT(19),
};

struct ftrace_ip_set;

/*
 * What ftrace asks of a direct ops (see "Direct calls" below) through its
 * @ops_func when the function it calls a trampoline for is shared with an
 * ops that may move the traced function (FTRACE_OPS_FL_IPMODIFY):
 *
 * ENABLE_SHARE_IPMODIFY_SELF - the direct ops is being registered (or its
 *	trampoline changed) on a function an IPMODIFY ops has; its trampoline
 *	must resume the function where the stack says, not at its body.
 * ENABLE_SHARE_IPMODIFY_PEER - an IPMODIFY ops is being registered on one
 *	of the direct ops' functions; the same request.  Called with no
 *	ftrace lock but the direct calls' own mutex held: the callback may
 *	call modify_ftrace_direct_nolock().
 * DISABLE_SHARE_IPMODIFY_PEER - that IPMODIFY ops is gone; the direct ops
 *	may go back to its usual trampoline.  Its result is ignored.
 *
 * The callback returns 0, or a negative error that fails the registration
 * (-EAGAIN: rebuild the trampoline and try again).
 */
enum ftrace_ops_cmd {
	FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_SELF,
	FTRACE_OPS_CMD_ENABLE_SHARE_IPMODIFY_PEER,
	FTRACE_OPS_CMD_DISABLE_SHARE_IPMODIFY_PEER,
};

typedef int (*ftrace_ops_func_t)(struct ftrace_ops *op,
				 enum ftrace_ops_cmd cmd);

/**
 * struct ftrace_ops - a function tracing callback and what it traces
 * @func: the callback
 * @flags: FTRACE_OPS_FL_* bits
 * @private: the owner's data
 * @trampoline: a trampoline of this ops' own: always 0, ftrace calls every
 *	callback from the shared entry code
 * @ops_func: a direct ops' answer to the FTRACE_OPS_CMD_* requests, or NULL
 * @direct_call: the trampoline a direct ops' functions call; set by
 *	register_ftrace_direct() and modify_ftrace_direct()
 * @list: private to ftrace: the registered ops
 * @filter_ips: private to ftrace: the functions to trace (NULL: all)
 * @notrace_ips: private to ftrace: the functions never to trace
 */
struct ftrace_ops {
	ftrace_func_t			func;
	unsigned long			flags;
	void				*private;
	unsigned long			trampoline;
	ftrace_ops_func_t		ops_func;
	unsigned long			direct_call;
	struct list_head		list;
	struct ftrace_ip_set __rcu	*filter_ips;
	struct ftrace_ip_set __rcu	*notrace_ips;
};

#ifdef CONFIG_FUNCTION_TRACER
extern int ftrace_enabled;
int register_ftrace_function(struct ftrace_ops *ops);
int unregister_ftrace_function(struct ftrace_ops *ops);
int ftrace_set_filter_ip(struct ftrace_ops *ops, unsigned long ip,
			 int remove, int reset);
int ftrace_set_filter_ips(struct ftrace_ops *ops, unsigned long *ips,
			  unsigned int cnt, int remove, int reset);
int ftrace_set_filter(struct ftrace_ops *ops, unsigned char *buf, int len,
		      int reset);
int ftrace_set_notrace(struct ftrace_ops *ops, unsigned char *buf, int len,
		       int reset);
void ftrace_free_filter(struct ftrace_ops *ops);
struct ftrace_ops *ftrace_ops_trampoline(unsigned long addr);
void ftrace_kill(void);
int ftrace_lookup_symbols(const char **sorted_syms, size_t cnt,
			  unsigned long *addrs);

/*
 * The callback that calls every registered ops wanting the function;
 * the linker script makes ftrace_ops_list_func an alias of it.
 */
void arch_ftrace_ops_list_func(unsigned long ip, unsigned long parent_ip,
			       struct ftrace_ops *op, struct ftrace_regs *fregs);

/* The entry code (arch/x86/kernel/ftrace_64.S). */
void ftrace_caller(void);
void ftrace_regs_caller(void);
void ftrace_stub(unsigned long ip, unsigned long parent_ip,
		 struct ftrace_ops *op, struct ftrace_regs *fregs);
#else
static inline int register_ftrace_function(struct ftrace_ops *ops)
{
	return -ENODEV;
}

static inline int unregister_ftrace_function(struct ftrace_ops *ops)
{
	return -ENODEV;
}

static inline int ftrace_set_filter_ip(struct ftrace_ops *ops,
				       unsigned long ip, int remove, int reset)
{
	return -ENODEV;
}

static inline int ftrace_set_filter_ips(struct ftrace_ops *ops,
					unsigned long *ips, unsigned int cnt,
					int remove, int reset)
{
	return -ENODEV;
}

static inline int ftrace_set_filter(struct ftrace_ops *ops,
				    unsigned char *buf, int len, int reset)
{
	return -ENODEV;
}

static inline int ftrace_set_notrace(struct ftrace_ops *ops,
				     unsigned char *buf, int len, int reset)
{
	return -ENODEV;
}

static inline void ftrace_free_filter(struct ftrace_ops *ops)
{
}

static inline struct ftrace_ops *ftrace_ops_trampoline(unsigned long addr)
{
	return NULL;
}

static inline void ftrace_kill(void)
{
}

static inline int ftrace_lookup_symbols(const char **sorted_syms, size_t cnt,
					unsigned long *addrs)
{
	return -EOPNOTSUPP;
}
#endif /* CONFIG_FUNCTION_TRACER */

/*
 * Direct calls: the call site of a function made to call a trampoline of
 * the caller's own (BPF's fentry/fexit programs, samples/ftrace) rather
 * than ftrace's entry code.  The functions are the filter of an ftrace_ops
 * (ftrace_set_filter_ip() before registering); register_ftrace_direct()
 * points their sites at @addr.  Where another ops wants one of them too,
 * that site calls the entry code, which runs the callbacks and then goes
 * on into @addr as if the site had called it.  The trampoline is entered
 * with the traced function's arguments in their registers, the address to
 * resume the function at on top of the stack and the function's return
 * address above it.  See Documentation/trace/ftrace-design.rst.
 */
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS
unsigned long ftrace_find_rec_direct(unsigned long ip);
int register_ftrace_direct(struct ftrace_ops *ops, unsigned long addr);
int unregister_ftrace_direct(struct ftrace_ops *ops, unsigned long addr,
			     bool free_filters);
int modify_ftrace_direct(struct ftrace_ops *ops, unsigned long addr);
int modify_ftrace_direct_nolock(struct ftrace_ops *ops, unsigned long addr);
#else
static inline unsigned long ftrace_find_rec_direct(unsigned long ip)
{
	return 0;
}

static inline int register_ftrace_direct(struct ftrace_ops *ops,
					 unsigned long addr)
{
	return -ENODEV;
}

static inline int unregister_ftrace_direct(struct ftrace_ops *ops,
					   unsigned long addr,
					   bool free_filters)
{
	return -ENODEV;
}

static inline int modify_ftrace_direct(struct ftrace_ops *ops,
				       unsigned long addr)
{
	return -ENODEV;
}

static inline int modify_ftrace_direct_nolock(struct ftrace_ops *ops,
					      unsigned long addr)
{
	return -ENODEV;
}
#endif /* CONFIG_DYNAMIC_FTRACE_WITH_DIRECT_CALLS */

/*
 * kexec turns function tracing off around the jump to the new kernel;
 * the caller holds off anything else that would change ftrace_enabled.
 */
static inline int __ftrace_enabled_save(void)
{
#ifdef CONFIG_FUNCTION_TRACER
	int was = ftrace_enabled;

	ftrace_enabled = 0;
	return was;
#else
	return 0;
#endif
}

static inline void __ftrace_enabled_restore(int enabled)
{
#ifdef CONFIG_FUNCTION_TRACER
	ftrace_enabled = enabled;
#endif
}

/* The stack tracer keeps out of the way of code it would trip over. */
#ifdef CONFIG_STACK_TRACER
extern int stack_tracer_enabled;
int stack_trace_sysctl(const struct ctl_table *table, int write, void *buffer,
		       size_t *lenp, loff_t *ppos);

/* Only through stack_tracer_disable() and stack_tracer_enable(). */
DECLARE_PER_CPU(int, stack_tracer_off);

/**
 * stack_tracer_disable() - keep the stack tracer off this CPU for a while
 *
 * For code the stack tracer's callback must not run in.  Nests; undo
 * with stack_tracer_enable() before preemption or interrupts come back
 * on.
 *
 * Context: preemption or interrupts disabled.
 */
static inline void stack_tracer_disable(void)
{
	this_cpu_inc(stack_tracer_off);
}

/**
 * stack_tracer_enable() - undo stack_tracer_disable()
 *
 * Context: the CPU and section of the stack_tracer_disable().
 */
static inline void stack_tracer_enable(void)
{
	this_cpu_dec(stack_tracer_off);
}
#else
static inline void stack_tracer_disable(void)
{
}

static inline void stack_tracer_enable(void)
{
}
#endif

/*
 * Return hooks (the function graph tracer's, kernel/trace/fgraph.c).  A
 * graph user names the functions it wants in the ftrace_ops of its
 * &struct fgraph_ops and gets two calls for each call of them: @entryfunc
 * at the entry, which says whether it wants the return too, and @retfunc
 * at the return.  The return is hooked by replacing the return address
 * on the stack with return_to_handler and keeping the real one on a
 * stack of the task's own; unwinders ask ftrace_graph_ret_addr() for it.
 * See Documentation/trace/ftrace-design.rst.
 */

/**
 * struct ftrace_graph_ent - a call, as the entry handlers see it
 * @func: the function's call site (its entry)
 * @depth: how many hooked calls of the task are under way below it
 */
struct ftrace_graph_ent {
	unsigned long func;
	int depth;
} __packed;

/**
 * struct ftrace_graph_ret - a return, as the return handlers see it
 * @func: the function's call site
 * @retval: what it returned (CONFIG_FUNCTION_GRAPH_RETVAL)
 * @depth: as at its entry
 * @overrun: calls of the task not hooked because its stack was full
 * @calltime: trace_clock_local() at the entry
 * @rettime: trace_clock_local() at the return
 *
 * The layout is that of the funcgraph_exit record (user ABI).
 */
struct ftrace_graph_ret {
	unsigned long func;
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	unsigned long retval;
#endif
	int depth;
	unsigned int overrun;
	unsigned long long calltime;
	unsigned long long rettime;
} __packed;

struct fgraph_ops;

typedef void (*trace_func_graph_ret_t)(struct ftrace_graph_ret *,
				       struct fgraph_ops *);
typedef int (*trace_func_graph_ent_t)(struct ftrace_graph_ent *,
				      struct fgraph_ops *);

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/* Graph users at once, and the bytes of per-call data each call may keep. */
#define FGRAPH_MAX_USERS	16
#define FGRAPH_DATA_SIZE	(2 * sizeof(long))
/* Hooked calls a task may have under way: the depth graph users see. */
#define FGRAPH_MAX_DEPTH	60

/**
 * struct fgraph_ops - a user of the return hooks
 * @entryfunc: called at each entry of a function @ops wants; returns
 *	nonzero to have @retfunc called at its return
 * @retfunc: called at the return of each call @entryfunc kept
 * @ops: the functions wanted (its filters); its callback is fgraph's
 * @private: the owner's
 * @saved_func: unused, kept for source compatibility
 * @idx: private to fgraph: the user's slot, 0..FGRAPH_MAX_USERS - 1
 * @hook: private to the tracing core: an ftrace_ops of a session to hook
 *	the entries with instead of @ops (the session's function filters)
 */
struct fgraph_ops {
	trace_func_graph_ent_t		entryfunc;
	trace_func_graph_ret_t		retfunc;
	struct ftrace_ops		ops;
	void				*private;
	trace_func_graph_ent_t		saved_func;
	int				idx;
	struct ftrace_ops		*hook;
};

int register_ftrace_graph(struct fgraph_ops *gops);
void unregister_ftrace_graph(struct fgraph_ops *gops);
void *fgraph_reserve_data(int idx, int size_bytes);
void *fgraph_retrieve_data(int idx, int *size_bytes);

/**
 * fgraph_get_task_var() - a word of the current task's for a graph user
 * @gops: the user
 *
 * Zero when the first user registered or the task was created; each user
 * keeps what it likes there (the function_graph tracer its filters'
 * state).  Only from the user's handlers: the words are the first of the
 * task's shadow stack.
 *
 * Return: the word.
 */
static __always_inline unsigned long *fgraph_get_task_var(struct fgraph_ops *gops)
{
	return &current->ret_stack[gops->idx];
}

void ftrace_graph_init_task(struct task_struct *t);
void ftrace_graph_exit_task(struct task_struct *t);
void ftrace_graph_init_idle_task(struct task_struct *t, int cpu);
unsigned long ftrace_graph_ret_addr(struct task_struct *task, int *idx,
				    unsigned long ret, unsigned long *retp);
unsigned long ftrace_return_to_handler(unsigned long *retp,
				       unsigned long retval);
void return_to_handler(void);
void ftrace_graph_sleep_time_control(bool enable);
void ftrace_graph_graph_time_control(bool enable);
bool ftrace_graph_is_dead(void);
void ftrace_graph_stop(void);

#define __notrace_funcgraph		notrace

/* The traced function's return address, in the entry code's frame. */
static __always_inline unsigned long *
ftrace_regs_ret_slot(struct ftrace_regs *fregs)
{
	return (unsigned long *)fregs->regs.sp;
}

/* Calls of the current task are not hooked while it is paused. */
static inline void pause_graph_tracing(void)
{
	atomic_inc(&current->tracing_graph_pause);
}

static inline void unpause_graph_tracing(void)
{
	atomic_dec(&current->tracing_graph_pause);
}
#else
#define __notrace_funcgraph

struct fgraph_ops {
	trace_func_graph_ent_t		entryfunc;
	trace_func_graph_ret_t		retfunc;
	void				*private;
};

static inline int register_ftrace_graph(struct fgraph_ops *gops)
{
	return -EOPNOTSUPP;
}

static inline void unregister_ftrace_graph(struct fgraph_ops *gops)
{
}

static inline void ftrace_graph_init_task(struct task_struct *t)
{
}

static inline void ftrace_graph_exit_task(struct task_struct *t)
{
}

static inline void ftrace_graph_init_idle_task(struct task_struct *t, int cpu)
{
}

static inline unsigned long ftrace_graph_ret_addr(struct task_struct *task,
						  int *idx,
						  unsigned long ret,
						  unsigned long *retp)
{
	return ret;
}

static inline void pause_graph_tracing(void)
{
}

static inline void unpause_graph_tracing(void)
{
}

static inline bool ftrace_graph_is_dead(void)
{
	return true;
}
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */

/* The preempt/irqsoff latency tracers' hooks. */
#ifdef CONFIG_TRACE_PREEMPT_TOGGLE
void trace_preempt_on(unsigned long a0, unsigned long a1);
void trace_preempt_off(unsigned long a0, unsigned long a1);
#else
#define trace_preempt_on(a0, a1) do { } while (0)
#define trace_preempt_off(a0, a1) do { } while (0)
#endif

#ifdef CONFIG_TRACING
/* The kernel.ftrace_dump_on_oops, traceoff_on_warning, tracepoint_printk sysctls */
#define MAX_TRACER_SIZE		100
extern char ftrace_dump_on_oops[];
extern int __disable_trace_on_warning;
extern int tracepoint_printk;
int ftrace_dump_on_oops_enabled(void);
int tracepoint_printk_sysctl(const struct ctl_table *table, int write,
			     void *buffer, size_t *lenp, loff_t *ppos);
#else
static inline int ftrace_dump_on_oops_enabled(void)
{
	return 0;
}
#endif

#ifdef CONFIG_FTRACE_SYSCALLS
/* The address of syscall @nr's function; an architecture may override it. */
unsigned long arch_syscall_addr(int nr);
#endif

#endif /* _LINUX_FTRACE_H */

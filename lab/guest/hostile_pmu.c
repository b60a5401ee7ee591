// SPDX-License-Identifier: GPL-2.0
/*
 * hostile_pmu - a hostile client of the tracing PMUs and of BPF on trace
 * events, for lab/guest/stress.d/hostile-perf-bpf.tc.
 *
 *   hostile_pmu [-s SEED] [-t SECONDS] [-m MODULE.ko] [-v] OPS
 *
 * Two workers, pinned to CPU 0 and CPU 1, make OPS system calls between
 * them at the interfaces under test (perf_event_open(2), the perf
 * event's ioctls, mmap(2) and read(2), bpf(2), tracefs writes; close(2)
 * is not counted), each op chosen at random:
 *
 *  - perf_event_open() on the tracepoint, kprobe and uprobe PMUs with
 *    attributes that are sane, random or on an edge: real, stale, absent
 *    and out of range ids and configs, symbol and path pointers that are
 *    bad, unterminated or too long, sample types, read formats and flag
 *    bits at random, periods and frequencies, attr sizes of 0, below
 *    PERF_ATTR_SIZE_VER0, odd, bigger than the kernel's with and without
 *    stray bytes past it, over a page; pid/cpu pairs that are right and
 *    wrong; groups and flags.  On each event it gets: SET_FILTER with
 *    random bytes, long, unterminated and faulting strings, filters on
 *    fields the event has not, valid ones; ENABLE, DISABLE, RESET,
 *    REFRESH, PERIOD, SET_OUTPUT, ID, PAUSE_OUTPUT, QUERY_BPF, unknown
 *    ioctls; SET_BPF with programs of the wrong type, a map, a pipe, bad
 *    fds; mmap() of the ring, good and bad sizes; read() with good and
 *    short buffers; hits while enabled; then close(), or it is kept a
 *    while as a group leader and output target.
 *  - bpf(): a trivial program of each type (tracepoint, raw_tracepoint,
 *    kprobe, kprobe_multi) attached and detached: tracepoint programs
 *    by PERF_EVENT_IOC_SET_BPF or BPF_LINK_CREATE on tracepoint events,
 *    raw tracepoint programs by BPF_RAW_TRACEPOINT_OPEN, kprobe programs
 *    on kprobe PMU events and on the kprobe event hostile/k, kprobe_multi
 *    programs by BPF_LINK_CREATE (BPF_TRACE_KPROBE_MULTI), right and
 *    wrong, each hit before it is detached.
 *
 * Meanwhile a third thread defines and deletes the kprobe event
 * hostile/k (on vfs_read or ksys_read) through kprobe_events, defines
 * and deletes hostile/m on the module's foo_bar_reg(), and with -m loads
 * and unloads MODULE.ko (the trace events sample: its tracepoints
 * foo_bar and foo_bar_with_fn, whose perf registration calls
 * foo_bar_reg()) while the workers open perf events and attach programs
 * on its events, by stale ids and names included.
 *
 * What must fail is checked: a perf attr smaller than
 * PERF_ATTR_SIZE_VER0, over a page, or with bytes past the kernel's attr;
 * a tracepoint id no event has; a missing kernel symbol; SET_BPF with
 * something that is not a program, with a program of a type the event
 * does not take, or a second time; a filter string that faults or is
 * longer than a page; a read() shorter than a count; a raw tracepoint or
 * kprobe_multi symbol that does not exist; kprobe_multi attrs that are
 * malformed; deleting hostile/k while a perf event of this process is
 * open on it; unloading the module while a perf event, raw tracepoint or
 * kprobe_multi link of this process holds it.  Each that succeeds is
 * printed as "hostile_pmu: IMPOSSIBLE: ..." with the seed.
 *
 * At the end it closes everything, deletes its kprobe events and
 * unloads the module it loaded, and prints a summary: the ops made per
 * worker, the time, and for each kind of call how often it succeeded and
 * how often it failed with each errno.  The kernel's reports (WARNING,
 * BUG, KASAN...) are the caller's to look for.
 *
 * -t SECONDS stops the workers early (the summary says so); -s SEED
 * makes a run repeatable (as far as the threads' interleaving allows);
 * -v prints each IMPOSSIBLE case's attr in full.  Exit status: 0; 1 if
 * something impossible happened or a call hung for a minute (the
 * operation each thread was in is printed); 2 on bad usage or setup.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define TRACEFS		"/sys/kernel/tracing"
#define KPROBE_EVENTS	TRACEFS "/kprobe_events"
#define MOD_NAME	"trace_events_sample"
#define NO_SYM		"hostile_pmu_no_such_symbol"
#define NR_WORKERS	2
#define POOL		6
#define NR_ERR		160
#define HANG_SECS	60
#define PG		4096
#define ATTR_BUF	(3 * PG)
/* An id no event has: the ids are given out from a few hundreds up. */
#define NO_ID		0x7ffffff0ULL

/* Kinds of calls counted, each with its errnos. */
enum cls {
	C_OPEN_TP, C_OPEN_KP, C_OPEN_UP, C_FILTER, C_IOCTL, C_SET_BPF, C_MMAP,
	C_READ, C_ATT_TP, C_ATT_RAWTP, C_ATT_KPROBE, C_ATT_KMULTI, C_KEV_ADD,
	C_KEV_DEL, C_KEV_HELD, C_MOD_LOAD, C_MOD_UNLOAD, C_MOD_HELD, NR_CLS
};

static const char *const cls_name[NR_CLS] = {
	"open tracepoint", "open kprobe", "open uprobe", "SET_FILTER",
	"other ioctls", "SET_BPF", "mmap", "read", "attach tracepoint prog",
	"attach raw_tracepoint prog", "attach kprobe prog",
	"attach kprobe_multi", "kprobe event add", "kprobe event delete",
	"delete held kprobe event", "module load", "module unload",
	"unload held module",
};

/* What an opened event is, for what SET_BPF must refuse. */
enum kind { K_OTHER, K_TRACEPOINT, K_SYSCALL, K_PROBE };

struct thr {
	int		idx;
	int		cpu;
	pid_t		tid;
	uint64_t	rng;
	unsigned long	ops;
	unsigned long	target;
	const char	*doing;
	unsigned long	n[NR_CLS][NR_ERR];
	int		pool[POOL];
	int		npool;
	unsigned char	*attr;		/* ATTR_BUF bytes */
	pthread_t	th;
};

static struct thr workers[NR_WORKERS], churner;
static volatile int stop;
static int verbose;
static unsigned long impossible_n;
static uint64_t seed;

/* The PMUs. */
static int kp_type = -1, up_type = -1, kp_ret = -1, up_ret = -1;

/* Tracepoint ids found at the start, and known ones. */
static uint64_t *ids;
static int nids;
static uint64_t id_switch, id_signal, id_getppid, id_sys_enter, id_function;

/* Ids of the events that come and go, as the churn thread saw them. */
static volatile uint64_t id_hk, id_hm, id_foo_bar, id_foo_fn;

static char exe[4096];
static unsigned long uprobe_off;
static unsigned long vfs_read_addr;
static const char *module_path;
static int module_fd = -1;
static volatile int mod_loaded;

static int prog_tp = -1, prog_rawtp = -1, prog_kp = -1, prog_kmulti = -1;
static int prog_sock = -1, map_fd = -1;
static int pipe_fd[2] = { -1, -1 };
static int devnull = -1;

/* A string that runs into an unmapped page: no NUL before it. */
static char *unterminated;
static char long_filter[PG + 200];
static char long_name[700];

/* ---- small helpers --------------------------------------------------------- */

static uint64_t rnd(struct thr *t)
{
	t->rng ^= t->rng >> 12;
	t->rng ^= t->rng << 25;
	t->rng ^= t->rng >> 27;
	return t->rng * 0x2545f4914f6cdd1dULL;
}

static unsigned int rn(struct thr *t, unsigned int n)
{
	return rnd(t) % n;
}

static int chance(struct thr *t, unsigned int pct)
{
	return rn(t, 100) < pct;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* One call made: count it with its result (@ret < 0: errno). */
static long note(struct thr *t, int cls, long ret)
{
	int e = ret < 0 ? errno : 0;

	if (e < 0 || e >= NR_ERR)
		e = NR_ERR - 1;
	t->n[cls][e]++;
	t->ops++;
	return ret;
}

static void impossible(struct thr *t, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	printf("hostile_pmu: IMPOSSIBLE: %s (thread %d, op %lu, seed %llu)\n",
	       msg, t->idx, t->ops, (unsigned long long)seed);
	__atomic_add_fetch(&impossible_n, 1, __ATOMIC_RELAXED);
}

/* A small file's text, NUL-terminated: 0, or -1 if it cannot be read. */
static int read_text(const char *path, char *buf, size_t size)
{
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	return 0;
}

static int read_u64(const char *path, uint64_t *v)
{
	char buf[64];

	if (read_text(path, buf, sizeof(buf)))
		return -1;
	*v = strtoull(buf, NULL, 0);
	return 0;
}

/* "config:N" of a PMU's format file: the bit N. */
static int read_format_bit(const char *pmu, const char *name)
{
	char path[256], buf[64];

	snprintf(path, sizeof(path),
		 "/sys/bus/event_source/devices/%s/format/%s", pmu, name);
	if (read_text(path, buf, sizeof(buf)))
		return -1;
	return strncmp(buf, "config:", 7) ? -1 : atoi(buf + 7);
}

static int pmu_type(const char *pmu)
{
	char path[256];
	uint64_t v;

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/type",
		 pmu);
	return read_u64(path, &v) ? -1 : (int)v;
}

static uint64_t event_id(const char *sys, const char *name)
{
	char path[600];
	uint64_t v;

	snprintf(path, sizeof(path), TRACEFS "/events/%s/%s/id", sys, name);
	return read_u64(path, &v) ? 0 : v;
}

static long perf_open(void *attr, pid_t pid, int cpu, int group,
		      unsigned long flags)
{
	return syscall(__NR_perf_event_open, attr, pid, cpu, group, flags);
}

static long sys_bpf(int cmd, union bpf_attr *a)
{
	return syscall(__NR_bpf, cmd, a, sizeof(*a));
}

static int pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

/* What the uprobe events on this program's own file hit. */
__attribute__((noinline)) void uprobe_me(long i)
{
	__asm__ volatile("" : : "r"(i) : "memory");
}

/* Hits for whatever is enabled: syscalls, vfs_read, a signal, a uprobe. */
static void hits(void)
{
	char c;

	syscall(__NR_getppid);
	if (read(devnull, &c, 1) < 0)
		c = 0;
	kill(getpid(), SIGUSR1);
	uprobe_me(c);
	syscall(__NR_getppid);
}

static void on_signal(int sig)
{
	(void)sig;
}

/* ---- setup ----------------------------------------------------------------- */

static void scan_ids(void)
{
	DIR *top = opendir(TRACEFS "/events"), *sys;
	struct dirent *s, *e;
	char path[512];
	int cap = 0;
	uint64_t id;

	if (!top)
		return;
	while ((s = readdir(top))) {
		if (s->d_name[0] == '.' || s->d_type != DT_DIR)
			continue;
		snprintf(path, sizeof(path), TRACEFS "/events/%s", s->d_name);
		sys = opendir(path);
		if (!sys)
			continue;
		while ((e = readdir(sys))) {
			if (e->d_name[0] == '.' || e->d_type != DT_DIR)
				continue;
			id = event_id(s->d_name, e->d_name);
			if (!id)
				continue;
			/* ftrace/function: perf's function tracing, used rarely. */
			if (!strcmp(s->d_name, "ftrace")) {
				if (!strcmp(e->d_name, "function"))
					id_function = id;
				continue;
			}
			if (nids == cap) {
				cap = cap ? cap * 2 : 1024;
				ids = realloc(ids, cap * sizeof(*ids));
				if (!ids)
					exit(2);
			}
			ids[nids++] = id;
		}
		closedir(sys);
	}
	closedir(top);
	id_switch = event_id("sched", "sched_switch");
	id_signal = event_id("signal", "signal_generate");
	id_getppid = event_id("syscalls", "sys_enter_getppid");
	id_sys_enter = event_id("raw_syscalls", "sys_enter");
}

/* The file offset of uprobe_me() in this program, from /proc/self/maps. */
static void find_self(void)
{
	unsigned long addr = (unsigned long)uprobe_me, lo, hi, off;
	char line[512];
	ssize_t len;
	FILE *f;

	len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (len > 0)
		exe[len] = 0;
	f = fopen("/proc/self/maps", "r");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx %*s %lx", &lo, &hi, &off) == 3 &&
		    addr >= lo && addr < hi) {
			uprobe_off = addr - lo + off;
			break;
		}
	}
	fclose(f);
}

static void find_vfs_read(void)
{
	char line[512], name[256], type;
	unsigned long addr;
	FILE *f = fopen("/proc/kallsyms", "r");

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx %c %255s", &addr, &type, name) == 3 &&
		    !strcmp(name, "vfs_read")) {
			vfs_read_addr = addr;
			break;
		}
	}
	fclose(f);
}

static struct bpf_insn ins(uint8_t code, uint8_t dst, int32_t imm)
{
	struct bpf_insn i = { .code = code, .dst_reg = dst, .imm = imm };

	return i;
}

/* A trivial program: return 0. */
static int load(enum bpf_prog_type type, int attach_type)
{
	struct bpf_insn p[2] = {
		ins(BPF_ALU64 | BPF_MOV | BPF_K, 0, 0),
		ins(BPF_JMP | BPF_EXIT, 0, 0),
	};
	union bpf_attr a;
	int fd;

	memset(&a, 0, sizeof(a));
	a.prog_type = type;
	a.expected_attach_type = attach_type;
	a.insns = (uintptr_t)p;
	a.insn_cnt = 2;
	a.license = (uintptr_t)"GPL";
	fd = sys_bpf(BPF_PROG_LOAD, &a);
	if (fd < 0)
		printf("hostile_pmu: cannot load a program of type %d: %s\n",
		       type, strerror(errno));
	return fd;
}

static void setup_bpf(void)
{
	union bpf_attr a;

	prog_tp = load(BPF_PROG_TYPE_TRACEPOINT, 0);
	prog_rawtp = load(BPF_PROG_TYPE_RAW_TRACEPOINT, 0);
	prog_kp = load(BPF_PROG_TYPE_KPROBE, 0);
	prog_kmulti = load(BPF_PROG_TYPE_KPROBE, BPF_TRACE_KPROBE_MULTI);
	prog_sock = load(BPF_PROG_TYPE_SOCKET_FILTER, 0);
	memset(&a, 0, sizeof(a));
	a.map_type = BPF_MAP_TYPE_ARRAY;
	a.key_size = 4;
	a.value_size = 8;
	a.max_entries = 1;
	map_fd = sys_bpf(BPF_MAP_CREATE, &a);
}

static void setup_strings(void)
{
	char *p = mmap(NULL, 2 * PG, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	size_t i;

	if (p == MAP_FAILED || mprotect(p + PG, PG, PROT_NONE))
		exit(2);
	memset(p + PG - 64, 'c', 64);
	unterminated = p + PG - 64;
	for (i = 0; i + 20 < sizeof(long_filter); i += 20)
		memcpy(long_filter + i, "common_pid == 1 || ", 20);
	long_filter[sizeof(long_filter) - 1] = 0;
	memset(long_name, 'k', sizeof(long_name) - 1);
}

/* ---- perf events: attributes ----------------------------------------------- */

static const char *const ksyms[] = {
	"vfs_read", "vfs_write", "ksys_read", "ksys_sync", "do_sys_openat2",
	"__x64_sys_getppid", "pipe_read", "foo_bar_reg",
	"trace_events_sample:foo_bar_reg", "simple_thread",
	"perf_trace_buf_alloc", "perf_trace_buf_update", "perf_trace_init",
	"ftrace_profile_set_filter", "kprobe_dispatcher", "vfs_read+4", "",
	NO_SYM,
};

/* A tracepoint id: real, of an event that comes and goes, stale, absent. */
static uint64_t pick_id(struct thr *t, enum kind *kind, int hostile)
{
	*kind = K_OTHER;
	switch (rn(t, hostile ? 14 : 10)) {
	case 0:
		*kind = K_TRACEPOINT;
		return id_switch;
	case 1:
		*kind = K_TRACEPOINT;
		return id_signal;
	case 2:
		*kind = K_SYSCALL;
		return id_getppid;
	case 3:
		return id_hk;
	case 4:
		return rn(t, 2) ? id_foo_bar : id_foo_fn;
	case 5:
		return id_hm;
	case 6:
		*kind = K_TRACEPOINT;
		return id_sys_enter;
	case 10:
		return rn(t, 4) ? 0 : id_function;
	case 11:
		return rnd(t);
	case 12:
		return ((uint64_t)1 << 32) | id_switch;
	case 13:
		return rn(t, 4096);
	default:
		return nids ? ids[rn(t, nids)] : 1;
	}
}

static uint64_t sparse_bits(struct thr *t, int nbits, int n)
{
	uint64_t v = 0;

	while (n-- > 0)
		v |= 1ULL << rn(t, nbits);
	return v;
}

/*
 * Fill the attr of one open; returns the PMU (0 tracepoint, 1 kprobe, 2
 * uprobe) and sets *must to why the open must fail, if it must.
 */
static int make_attr(struct thr *t, struct perf_event_attr *a, enum kind *kind,
		     const char **must, uint32_t *size)
{
	int pmu = rn(t, 3), hostile = chance(t, 55);
	uint64_t *flags = (uint64_t *)((char *)a + 40);
	uint64_t id;

	memset(t->attr, 0, ATTR_BUF);
	*must = NULL;
	*kind = K_OTHER;
	if ((pmu == 1 && kp_type < 0) || (pmu == 2 && up_type < 0))
		pmu = 0;
	switch (pmu) {
	case 0:
		a->type = PERF_TYPE_TRACEPOINT;
		id = pick_id(t, kind, hostile);
		if (id == id_function && id && rn(t, 50))
			id = id_switch, *kind = K_TRACEPOINT;
		if (hostile && chance(t, 5)) {
			id = NO_ID;
			*must = "a tracepoint id no event has";
		} else if (hostile && chance(t, 2)) {
			id = 0;
			*must = "tracepoint id 0";
		}
		a->config = id;
		if (hostile && chance(t, 20)) {
			a->config1 = rnd(t);
			a->config2 = rnd(t);
		}
		break;
	case 1:
		a->type = kp_type;
		*kind = K_PROBE;
		if (kp_ret >= 0 && chance(t, 30))
			a->config = 1ULL << kp_ret;
		switch (hostile ? rn(t, 8) : 0) {
		case 0:
		case 1:
		case 2:
			a->kprobe_func = (uintptr_t)ksyms[rn(t, sizeof(ksyms) / sizeof(ksyms[0]))];
			if (!strcmp((char *)(uintptr_t)a->kprobe_func, NO_SYM))
				*must = "a kprobe on a missing symbol";
			if (hostile && chance(t, 30))
				a->probe_offset = rn(t, 3) ? rn(t, 32) : rnd(t);
			break;
		case 3:
			a->kprobe_addr = vfs_read_addr + (rn(t, 2) ? rn(t, 64) : 0);
			break;
		case 4:
			a->kprobe_func = (uintptr_t)unterminated;
			*must = "a kprobe symbol that faults";
			break;
		case 5:
			a->kprobe_func = rn(t, 2) ? 1 : 0xffffffff81000000ULL;
			*must = "a kprobe symbol at a bad address";
			break;
		case 6:
			a->kprobe_func = (uintptr_t)long_name;
			*must = "a kprobe symbol longer than KSYM_NAME_LEN";
			break;
		default:
			a->config |= sparse_bits(t, 64, 1);
			a->kprobe_func = (uintptr_t)"vfs_read";
			break;
		}
		break;
	default:
		a->type = up_type;
		*kind = K_PROBE;
		if (up_ret >= 0 && chance(t, 30))
			a->config = 1ULL << up_ret;
		switch (hostile ? rn(t, 9) : 0) {
		case 0:
		case 1:
		case 2:
			/* Only at the function's entry: anywhere else in
			 * this running program could break it. */
			a->uprobe_path = (uintptr_t)(rn(t, 4) ? exe : "/proc/self/exe");
			a->probe_offset = uprobe_off;
			break;
		case 3:
			/* A file nobody runs meanwhile: any offset. */
			a->uprobe_path = (uintptr_t)"/lab/uprobe_target";
			a->probe_offset = rn(t, 2) ? rn(t, 8192) : rnd(t);
			if (chance(t, 30))
				a->config |= (uint64_t)rn(t, 8192) << 32;
			break;
		case 4:
			a->uprobe_path = (uintptr_t)"/lab/no_such_file";
			*must = "a uprobe on a missing file";
			break;
		case 5:
			a->uprobe_path = (uintptr_t)(rn(t, 2) ? "/dev/null" : "/lab");
			break;
		case 6:
			a->uprobe_path = (uintptr_t)unterminated;
			*must = "a uprobe path that faults";
			break;
		case 7:
			a->uprobe_path = rn(t, 2) ? 0 : 8;
			*must = "a uprobe path at a bad address";
			break;
		default:
			a->uprobe_path = (uintptr_t)"";
			*must = "an empty uprobe path";
			break;
		}
		break;
	}

	a->disabled = rn(t, 2);
	if (!hostile) {
		static const uint64_t sane[] = {
			PERF_SAMPLE_IP, PERF_SAMPLE_TID, PERF_SAMPLE_TIME,
			PERF_SAMPLE_RAW, PERF_SAMPLE_CALLCHAIN, PERF_SAMPLE_ID,
			PERF_SAMPLE_CPU, PERF_SAMPLE_PERIOD, PERF_SAMPLE_ADDR,
			PERF_SAMPLE_STREAM_ID, PERF_SAMPLE_IDENTIFIER,
		};
		int i;

		for (i = rn(t, 5); i > 0; i--)
			a->sample_type |= sane[rn(t, sizeof(sane) / sizeof(sane[0]))];
		a->sample_period = rn(t, 3) ? 1 : 1 + rn(t, 100);
		a->wakeup_events = rn(t, 4);
		a->inherit = chance(t, 20);
		a->exclude_kernel = chance(t, 10);
		a->exclude_user = chance(t, 10);
		a->read_format = sparse_bits(t, 5, rn(t, 3));
		*size = sizeof(*a);
		return pmu;
	}
	a->sample_type = sparse_bits(t, 25, rn(t, 6));
	if (chance(t, 5))
		a->sample_type |= 1ULL << (25 + rn(t, 39));
	a->read_format = sparse_bits(t, 5, rn(t, 4));
	if (chance(t, 5))
		a->read_format |= 1ULL << (5 + rn(t, 59));
	/* The flag bits, at random; then disabled again half of the time. */
	*flags |= sparse_bits(t, 40, rn(t, 6));
	a->disabled = rn(t, 2);
	if (a->freq) {
		static const uint64_t f[] = { 0, 1, 1000, 100000, 1000000000 };

		a->sample_freq = rn(t, 6) ? f[rn(t, 5)] : rnd(t);
	} else {
		static const uint64_t p[] = { 0, 1, 2, 100, 1ULL << 63 };

		a->sample_period = rn(t, 6) ? p[rn(t, 5)] : rnd(t);
	}
	a->wakeup_events = rn(t, 3) ? rn(t, 4) : (uint32_t)rnd(t);
	if (chance(t, 10))
		a->bp_type = rn(t, 8);
	a->branch_sample_type = chance(t, 10) ? rnd(t) : 0;
	a->sample_regs_user = chance(t, 20) ? sparse_bits(t, 64, 3) : 0;
	a->sample_stack_user = chance(t, 20) ? (rn(t, 2) ? rn(t, 70000) : 8 * rn(t, 100)) : 0;
	a->clockid = rn(t, 4) ? rn(t, 12) : (int32_t)rnd(t);
	a->sample_regs_intr = chance(t, 10) ? sparse_bits(t, 64, 3) : 0;
	a->aux_watermark = chance(t, 10) ? rnd(t) : 0;
	a->sample_max_stack = chance(t, 20) ? rn(t, 1000) : 0;
	a->aux_sample_size = chance(t, 10) ? rnd(t) : 0;
	a->sig_data = rnd(t);

	switch (rn(t, 20)) {
	case 0:
		*size = 0;
		break;
	case 1:
		*size = 1 + rn(t, PERF_ATTR_SIZE_VER0 - 1);
		*must = "an attr smaller than PERF_ATTR_SIZE_VER0";
		break;
	case 2:
		*size = PERF_ATTR_SIZE_VER0 + 8 * rn(t, 9);
		break;
	case 3:
		*size = PERF_ATTR_SIZE_VER7 + 8;
		break;
	case 4:
		*size = 137 + rn(t, PG - 137);
		break;
	case 5:
		/* Past anything a kernel of this age reads. */
		*size = 512 + rn(t, 1024);
		t->attr[300 + rn(t, 200)] = 1 + rn(t, 255);
		*must = "stray bytes past the kernel's attr";
		break;
	case 6:
		*size = PG + 1 + rn(t, PG);
		*must = "an attr bigger than a page";
		break;
	default:
		*size = sizeof(*a);
		break;
	}
	return pmu;
}

static void pick_task(struct thr *t, int hostile, pid_t *pid, int *cpu)
{
	static const int good[][2] = {
		{ 0, -1 }, { 0, 0 }, { 0, 1 }, { -1, 0 }, { -1, 1 },
		{ -2, -1 }, { -2, 1 }, { 1, -1 },
	};
	static const int bad[][2] = {
		{ -1, -1 }, { 0, -2 }, { 0, 2 }, { 0, 1024 }, { 1 << 30, -1 },
		{ -5, 0 }, { 0, 1 << 30 },
	};
	const int *c = hostile && chance(t, 20) ? bad[rn(t, 7)] : good[rn(t, 8)];

	*pid = c[0] == -2 ? workers[!t->idx].tid : c[0];
	*cpu = c[1];
}

/* ---- perf events: what is done with one -------------------------------------- */

static const char *const filters[] = {
	"common_pid != 0", "common_pid == 1", "nosuchfield == 1",
	"common_pid == \"abc\"", "prev_comm == 1", "count > 5",
	"comm ~ \"*[\"", "common_pid & 0xff", "!(common_pid == 0)",
	"common_pid == 1 && (", "((((((((((((common_pid == 1))))))))))))",
	"common_pid == 0x123456789abcdef123456789", "common_pid >= -1",
	"prev_comm ~ \"sh*\" || next_pid > 0", "ret == 0", "file != 0",
	"fd < 3 && fd >= 0", "__probe_ip != 0", "common_pid == \"x",
	"CPU & CPUS{0}", "CPU == 1", "COMM == \"sh\"", "", "   ",
	"foo == \"hello\"", "bar > 3 && foo ~ \"h*\"", "ip == vfs_read",
	"id == 110", "args[0] == 1", "sig == 10 && pid != 0", "&&", "||||",
	"common_pid == 1 common_pid == 2", "common_type == 5",
	"common_flags & 2", "prev_state == R", "next_comm != \"swapper/0\"",
};

static void do_filter(struct thr *t, int fd)
{
	char buf[512];
	const char *s, *must = NULL;
	size_t i, n;
	long r;

	switch (rn(t, 10)) {
	case 0:
	case 1:
		n = rn(t, sizeof(buf) - 1);
		for (i = 0; i < n; i++)
			buf[i] = 1 + rn(t, 255);
		buf[n] = 0;
		s = buf;
		break;
	case 2:
		/* Tokens run together at random. */
		n = 0;
		buf[0] = 0;
		for (i = rn(t, 8); i > 0 && n < 400; i--) {
			const char *f = filters[rn(t, sizeof(filters) / sizeof(filters[0]))];
			n += snprintf(buf + n, sizeof(buf) - n, "%s%s", f,
				      rn(t, 2) ? " && " : " || ");
		}
		if (rn(t, 2) && n >= 4)
			buf[n - 4] = 0;
		s = buf;
		break;
	case 3:
		if (rn(t, 2)) {
			s = long_filter;
			must = "a filter longer than a page";
		} else {
			s = long_filter + sizeof(long_filter) - 3000;
		}
		break;
	case 4:
		s = rn(t, 2) ? unterminated : (rn(t, 2) ? NULL : (char *)8);
		must = "a filter string that faults";
		break;
	default:
		s = filters[rn(t, sizeof(filters) / sizeof(filters[0]))];
		break;
	}
	t->doing = "SET_FILTER";
	r = note(t, C_FILTER, ioctl(fd, PERF_EVENT_IOC_SET_FILTER, s));
	if (r >= 0 && must)
		impossible(t, "SET_FILTER took %s", must);
}

static int pool_fd(struct thr *t)
{
	return t->npool ? t->pool[rn(t, t->npool)] : -1;
}

static void do_ioctl(struct thr *t, int fd)
{
	struct {
		struct perf_event_query_bpf q;
		uint32_t ids[8];
	} qb;
	uint64_t v;
	long r = 0;

	t->doing = "perf ioctl";
	switch (rn(t, 14)) {
	case 0:
	case 1:
		r = ioctl(fd, PERF_EVENT_IOC_ENABLE, rn(t, 4) ? 0 : PERF_IOC_FLAG_GROUP);
		hits();
		break;
	case 2:
		r = ioctl(fd, PERF_EVENT_IOC_DISABLE, rn(t, 4) ? 0 : PERF_IOC_FLAG_GROUP);
		break;
	case 3:
		r = ioctl(fd, PERF_EVENT_IOC_RESET, 0);
		break;
	case 4:
		r = ioctl(fd, PERF_EVENT_IOC_REFRESH, rn(t, 3) ? rn(t, 4) : rnd(t));
		hits();
		break;
	case 5:
		v = rn(t, 3) ? rn(t, 1000) : rnd(t);
		r = ioctl(fd, PERF_EVENT_IOC_PERIOD, rn(t, 8) ? &v : NULL);
		break;
	case 6:
		r = ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT,
			  rn(t, 3) ? pool_fd(t) : (rn(t, 2) ? pipe_fd[0] : fd));
		break;
	case 7:
		r = ioctl(fd, PERF_EVENT_IOC_ID, rn(t, 8) ? &v : NULL);
		break;
	case 8:
		r = ioctl(fd, PERF_EVENT_IOC_PAUSE_OUTPUT, rn(t, 3));
		break;
	case 9:
		memset(&qb, 0, sizeof(qb));
		qb.q.ids_len = rn(t, 3) ? rn(t, 9) : (uint32_t)rnd(t);
		r = ioctl(fd, PERF_EVENT_IOC_QUERY_BPF, rn(t, 8) ? &qb : NULL);
		break;
	case 10:
		r = ioctl(fd, PERF_EVENT_IOC_MODIFY_ATTRIBUTES, t->attr);
		break;
	case 11:
		r = ioctl(fd, _IO('$', 12 + rn(t, 20)), rnd(t));
		break;
	default:
		r = ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
		hits();
		note(t, C_IOCTL, r);
		r = ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
		break;
	}
	note(t, C_IOCTL, r);
}

/* SET_BPF with what may be right for @kind, or must be refused. */
static void do_set_bpf(struct thr *t, int fd, enum kind kind)
{
	const char *must = NULL;
	int p;
	long r;

	switch (rn(t, 10)) {
	case 0:
	case 1:
		p = prog_tp;
		if (kind == K_PROBE)
			must = "a tracepoint program on a probe PMU event";
		break;
	case 2:
	case 3:
		p = prog_kp;
		if (kind == K_TRACEPOINT || kind == K_SYSCALL)
			must = "a kprobe program on a tracepoint event";
		break;
	case 4:
		p = prog_kmulti;
		break;
	case 5:
		p = prog_rawtp;
		must = "a raw_tracepoint program";
		break;
	case 6:
		p = prog_sock;
		must = "a socket filter program";
		break;
	case 7:
		p = map_fd;
		must = "a map";
		break;
	case 8:
		p = rn(t, 2) ? pipe_fd[0] : fd;
		must = "a file that is not a BPF program";
		break;
	default:
		p = rn(t, 2) ? -1 : 100000;
		must = "a bad fd";
		break;
	}
	if (p < 0 && must && strcmp(must, "a bad fd"))
		return;		/* not loaded here */
	t->doing = "SET_BPF";
	r = note(t, C_SET_BPF, ioctl(fd, PERF_EVENT_IOC_SET_BPF, p));
	if (r >= 0 && must) {
		impossible(t, "SET_BPF took %s", must);
		return;
	}
	if (r < 0)
		return;
	hits();
	r = note(t, C_SET_BPF, ioctl(fd, PERF_EVENT_IOC_SET_BPF, p));
	if (r >= 0)
		impossible(t, "SET_BPF took a second program");
}

static void do_mmap(struct thr *t, int fd)
{
	static const int pages[] = { 2, 3, 5, 9, 17, 1, 4, 6, 2, 3 };
	size_t len = pages[rn(t, 10)] * (size_t)PG;
	int prot = rn(t, 3) ? PROT_READ | PROT_WRITE : PROT_READ;
	off_t off = rn(t, 8) ? 0 : PG * (off_t)(1 + rn(t, 3));
	struct perf_event_mmap_page *m;
	volatile uint64_t head;
	void *p;

	t->doing = "mmap";
	p = mmap(NULL, len, prot, MAP_SHARED, fd, off);
	note(t, C_MMAP, p == MAP_FAILED ? -1 : 0);
	if (p == MAP_FAILED)
		return;
	m = p;
	if (rn(t, 2)) {
		ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
		hits();
	}
	if (!off)
		head = m->data_head;
	(void)head;
	munmap(p, len);
}

static void do_read(struct thr *t, int fd)
{
	uint64_t buf[64];
	size_t len = rn(t, 4) ? sizeof(buf) : 1 + rn(t, 7);
	long r;

	t->doing = "read";
	r = note(t, C_READ, read(fd, buf, len));
	if (r >= 0 && len < 8)
		impossible(t, "read() of %zu bytes returned %ld", len, r);
}

static void pool_put(struct thr *t, int fd)
{
	int i;

	if (t->npool == POOL) {
		i = rn(t, POOL);
		close(t->pool[i]);
		t->pool[i] = fd;
		return;
	}
	t->pool[t->npool++] = fd;
}

static void pool_clear(struct thr *t)
{
	while (t->npool)
		close(t->pool[--t->npool]);
}

/* One perf_event_open() with a random attr, and what it gives played with. */
static void op_perf(struct thr *t)
{
	struct perf_event_attr *a = (struct perf_event_attr *)t->attr;
	const char *must;
	enum kind kind;
	unsigned long flags = 0;
	int pmu, cpu, group = -1, i, fd;
	uint32_t size;
	pid_t pid;

	pmu = make_attr(t, a, &kind, &must, &size);
	a->size = size;
	pick_task(t, must || chance(t, 30), &pid, &cpu);
	if (chance(t, 15))
		group = rn(t, 4) ? pool_fd(t) : pipe_fd[0];
	if (chance(t, 10))
		flags = rn(t, 3) ? PERF_FLAG_FD_CLOEXEC : sparse_bits(t, 8, 2);
	t->doing = "perf_event_open";
	fd = note(t, C_OPEN_TP + pmu, perf_open(a, pid, cpu, group, flags));
	if (fd >= 0 && must) {
		impossible(t, "perf_event_open() took %s (type %u config %#llx size %u)",
			   must, a->type, (unsigned long long)a->config, size);
		if (verbose) {
			for (i = 0; i < (int)sizeof(*a); i++)
				printf("%02x%s", t->attr[i], i % 32 == 31 ? "\n" : "");
		}
	}
	if (fd < 0)
		return;
	/* A config with high bits may have opened some event or other. */
	if (pmu == 0 && a->config >> 32)
		kind = K_OTHER;
	for (i = 1 + rn(t, 6); i > 0; i--) {
		switch (rn(t, 9)) {
		case 0:
		case 1:
			do_filter(t, fd);
			break;
		case 2:
		case 3:
			do_ioctl(t, fd);
			break;
		case 4:
			do_set_bpf(t, fd, kind);
			break;
		case 5:
			do_mmap(t, fd);
			break;
		case 6:
			do_read(t, fd);
			break;
		default:
			note(t, C_IOCTL, ioctl(fd, PERF_EVENT_IOC_ENABLE, 0));
			hits();
			break;
		}
	}
	t->doing = "close";
	if (chance(t, 25))
		pool_put(t, fd);
	else
		close(fd);
}

/* ---- BPF attach and detach ------------------------------------------------- */

/* A perf event for attaching, sampling every hit; -1 if refused. */
static int attach_event(struct thr *t, int type, uint64_t config,
			const char *func, uint64_t off, int cls)
{
	struct perf_event_attr a;
	pid_t pid = rn(t, 2) ? 0 : -1;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = type;
	a.config = config;
	if (func) {
		a.kprobe_func = (uintptr_t)func;
		a.probe_offset = off;
	}
	a.sample_period = 1;
	a.sample_type = PERF_SAMPLE_RAW;
	a.wakeup_events = 1;
	a.disabled = rn(t, 2);
	t->doing = "perf_event_open to attach";
	return note(t, cls, perf_open(&a, pid, pid ? t->cpu : -1, -1, 0));
}

/* Attach @prog to perf event @efd by ioctl or link; the fd to close. */
static int attach_prog(struct thr *t, int efd, int prog, int cls,
		       const char *must)
{
	union bpf_attr a;
	long r;

	t->doing = "attach to a perf event";
	if (rn(t, 2)) {
		r = note(t, cls, ioctl(efd, PERF_EVENT_IOC_SET_BPF, prog));
		if (r >= 0 && must)
			impossible(t, "SET_BPF took %s", must);
		note(t, cls, ioctl(efd, PERF_EVENT_IOC_ENABLE, 0));
		return -1;
	}
	memset(&a, 0, sizeof(a));
	a.link_create.prog_fd = prog;
	a.link_create.target_fd = efd;
	a.link_create.attach_type = BPF_PERF_EVENT;
	a.link_create.perf_event.bpf_cookie = rnd(t);
	r = note(t, cls, sys_bpf(BPF_LINK_CREATE, &a));
	if (r >= 0 && must)
		impossible(t, "BPF_LINK_CREATE took %s", must);
	note(t, cls, ioctl(efd, PERF_EVENT_IOC_ENABLE, 0));
	return r;
}

/* The module must stay while @what of this process holds it. */
static void check_mod_held(struct thr *t, const char *what)
{
	long r;

	t->doing = "unload a held module";
	r = note(t, C_MOD_HELD, syscall(__NR_delete_module, MOD_NAME, O_NONBLOCK));
	if (r >= 0) {
		mod_loaded = 0;
		impossible(t, "the module unloaded while %s held it", what);
	}
}

static void att_tp(struct thr *t)
{
	const char *must = NULL;
	enum kind kind;
	uint64_t id = pick_id(t, &kind, 0), now_id;
	int efd, lfd, prog = prog_tp, on_mod;

	if (id == id_function)
		return;
	on_mod = id && (id == id_foo_bar || id == id_foo_fn);
	if (chance(t, 10) && prog_kp >= 0) {
		prog = prog_kp;
		if (kind == K_TRACEPOINT || kind == K_SYSCALL)
			must = "a kprobe program on a tracepoint event";
	}
	efd = attach_event(t, PERF_TYPE_TRACEPOINT, id, NULL, 0, C_ATT_TP);
	if (efd < 0)
		return;
	lfd = attach_prog(t, efd, prog, C_ATT_TP, must);
	hits();
	if (on_mod && chance(t, 25)) {
		/* Still the module's event (ids are not given out twice
		 * while one is open): then it holds the module. */
		now_id = event_id("sample-trace", id == id_foo_bar ? "foo_bar" : "foo_bar_with_fn");
		if (now_id == id)
			check_mod_held(t, "a perf event on its tracepoint");
	}
	if (lfd >= 0)
		close(lfd);
	close(efd);
}

static void att_rawtp(struct thr *t)
{
	static const char *const names[] = {
		"sys_enter", "sched_switch", "signal_generate", "foo_bar",
		"foo_bar_with_fn", "hostile_pmu_no_such_tp", "", NULL,
	};
	int which = rn(t, 8), prog = prog_rawtp;
	const char *name = names[which], *must = NULL;
	union bpf_attr a;
	long fd;

	if (which >= 5)
		must = "a raw tracepoint that does not exist";
	switch (rn(t, 12)) {
	case 0:
		prog = prog_tp;
		must = "a tracepoint program";
		break;
	case 1:
		prog = prog_sock;
		must = "a socket filter program";
		break;
	case 2:
		prog = -1;
		must = "a bad fd";
		break;
	}
	if (prog < 0 && (!must || strcmp(must, "a bad fd")))
		return;
	memset(&a, 0, sizeof(a));
	a.raw_tracepoint.name = (uintptr_t)name;
	a.raw_tracepoint.prog_fd = prog;
	if (which == 6 && rn(t, 2))
		a.raw_tracepoint.name = (uintptr_t)unterminated;
	t->doing = "BPF_RAW_TRACEPOINT_OPEN";
	fd = note(t, C_ATT_RAWTP, sys_bpf(BPF_RAW_TRACEPOINT_OPEN, &a));
	if (fd < 0)
		return;
	if (must)
		impossible(t, "BPF_RAW_TRACEPOINT_OPEN took %s (%s)", must,
			   name ? name : "NULL");
	hits();
	if (which == 3 || which == 4) {
		if (chance(t, 25))
			check_mod_held(t, "a raw tracepoint program on its tracepoint");
	}
	close(fd);
}

/* Delete hostile/k while our perf event @efd, on @id, is open on it. */
static void check_kev_held(struct thr *t, uint64_t id)
{
	int fd;
	long r;

	if (event_id("hostile", "k") != id)
		return;
	t->doing = "delete a held kprobe event";
	fd = open(KPROBE_EVENTS, O_WRONLY | O_APPEND);
	if (fd < 0)
		return;
	r = note(t, C_KEV_HELD, write(fd, "-:hostile/k", 11));
	close(fd);
	if (r >= 0)
		impossible(t, "hostile/k (id %llu) deleted while a perf event was open on it",
			   (unsigned long long)id);
}

static void att_kprobe(struct thr *t)
{
	static const char *const syms[] = {
		"vfs_read", "ksys_read", "foo_bar_reg",
		"trace_events_sample:foo_bar_reg",
	};
	const char *must = NULL;
	uint64_t id = 0;
	int efd, lfd, prog = prog_kp, pmu = 0;

	if (chance(t, 10)) {
		prog = prog_tp;
		must = "a tracepoint program on a kprobe";
	}
	switch (rn(t, 4)) {
	case 0:
	case 1:
		if (kp_type < 0)
			return;
		pmu = 1;
		efd = attach_event(t, kp_type,
				   kp_ret >= 0 && rn(t, 3) == 0 ? 1ULL << kp_ret : 0,
				   syms[rn(t, 4)], 0, C_ATT_KPROBE);
		break;
	case 2:
		id = id_hk;
		efd = attach_event(t, PERF_TYPE_TRACEPOINT, id, NULL, 0, C_ATT_KPROBE);
		break;
	default:
		id = id_hm;
		efd = attach_event(t, PERF_TYPE_TRACEPOINT, id, NULL, 0, C_ATT_KPROBE);
		break;
	}
	if (efd < 0)
		return;
	/* By id, it may be some other event by now. */
	lfd = attach_prog(t, efd, prog, C_ATT_KPROBE, pmu ? must : NULL);
	hits();
	if (id && id == id_hk && chance(t, 30))
		check_kev_held(t, id);
	if (lfd >= 0)
		close(lfd);
	close(efd);
}

static void att_kmulti(struct thr *t)
{
	static const char *const one[] = { "vfs_read" };
	static const char *const two[] = { "ksys_read", "vfs_read" };
	static const char *const mod[] = { "foo_bar_reg" };
	static const char *const none[] = { NO_SYM };
	static const char *const dup[] = { "vfs_read", "vfs_read" };
	uint64_t addrs[2] = { vfs_read_addr, vfs_read_addr + 1 };
	uint64_t cookies[2] = { rnd(t), rnd(t) };
	const char *must = NULL;
	int prog = prog_kmulti, which = rn(t, 16), on_mod = 0;
	union bpf_attr a;
	long fd;

	memset(&a, 0, sizeof(a));
	a.link_create.attach_type = BPF_TRACE_KPROBE_MULTI;
	a.link_create.kprobe_multi.cnt = 1;
	switch (which) {
	case 0:
	case 1:
	case 2:
		a.link_create.kprobe_multi.syms = (uintptr_t)one;
		break;
	case 3:
		a.link_create.kprobe_multi.syms = (uintptr_t)two;
		a.link_create.kprobe_multi.cnt = 2;
		break;
	case 4:
	case 5:
		a.link_create.kprobe_multi.syms = (uintptr_t)mod;
		on_mod = 1;
		break;
	case 6:
		a.link_create.kprobe_multi.syms = (uintptr_t)none;
		must = "a missing symbol";
		break;
	case 7:
		a.link_create.kprobe_multi.syms = (uintptr_t)one;
		a.link_create.kprobe_multi.cnt = 0;
		must = "no symbols";
		break;
	case 8:
		if (!vfs_read_addr)
			return;
		a.link_create.kprobe_multi.addrs = (uintptr_t)addrs;
		a.link_create.kprobe_multi.cnt = 1 + rn(t, 2);
		break;
	case 9:
		must = "neither symbols nor addresses";
		break;
	case 10:
		a.link_create.kprobe_multi.syms = (uintptr_t)one;
		a.link_create.kprobe_multi.addrs = (uintptr_t)addrs;
		must = "both symbols and addresses";
		break;
	case 11:
		a.link_create.kprobe_multi.syms = (uintptr_t)one;
		a.link_create.kprobe_multi.flags = 2 << rn(t, 31);
		must = "unknown kprobe_multi flags";
		break;
	case 12:
		a.link_create.kprobe_multi.syms = (uintptr_t)dup;
		a.link_create.kprobe_multi.cnt = 2;
		break;
	case 13:
		a.link_create.kprobe_multi.syms = rn(t, 2) ? 8 : (uintptr_t)unterminated;
		must = "symbols at a bad address";
		break;
	case 14:
		a.link_create.kprobe_multi.syms = (uintptr_t)one;
		a.link_create.kprobe_multi.cnt = (1U << 20) + 1 + rn(t, 1000);
		must = "more symbols than MAX_KPROBE_MULTI_CNT";
		break;
	default:
		a.link_create.kprobe_multi.syms = (uintptr_t)one;
		a.link_create.flags = 1 + rn(t, 255);
		must = "link_create.flags";
		break;
	}
	if (rn(t, 3) == 0 && !must)
		a.link_create.kprobe_multi.flags = BPF_F_KPROBE_MULTI_RETURN;
	if (rn(t, 4) == 0 && a.link_create.kprobe_multi.cnt <= 2)
		a.link_create.kprobe_multi.cookies = (uintptr_t)cookies;
	if (chance(t, 8)) {
		prog = rn(t, 2) ? prog_kp : prog_tp;
		must = "a program not loaded for kprobe_multi";
	}
	if (prog < 0)
		return;
	a.link_create.prog_fd = prog;
	t->doing = "BPF_LINK_CREATE kprobe_multi";
	fd = note(t, C_ATT_KMULTI, sys_bpf(BPF_LINK_CREATE, &a));
	if (fd < 0)
		return;
	if (must)
		impossible(t, "a kprobe_multi link took %s", must);
	hits();
	if (on_mod && chance(t, 30))
		check_mod_held(t, "a kprobe_multi link on its function");
	close(fd);
}

static void op_bpf(struct thr *t)
{
	switch (rn(t, 8)) {
	case 0:
	case 1:
		if (prog_tp >= 0)
			att_tp(t);
		break;
	case 2:
	case 3:
		att_rawtp(t);
		break;
	case 4:
	case 5:
		if (prog_kp >= 0)
			att_kprobe(t);
		break;
	default:
		att_kmulti(t);
		break;
	}
}

static void *worker(void *arg)
{
	struct thr *t = arg;

	pin(t->cpu);
	t->tid = syscall(__NR_gettid);
	while (!stop && t->ops < t->target) {
		if (rn(t, 100) < 60)
			op_perf(t);
		else
			op_bpf(t);
	}
	t->doing = "done";
	pool_clear(t);
	return NULL;
}

/* ---- the events and the module that come and go ------------------------------ */

static long kev_write(struct thr *t, int cls, const char *s, int trunc)
{
	int fd = open(KPROBE_EVENTS, O_WRONLY | (trunc ? O_TRUNC : O_APPEND));
	long r;

	if (fd < 0)
		return note(t, cls, -1);
	r = note(t, cls, write(fd, s, strlen(s)));
	close(fd);
	return r;
}

static void mod_load(struct thr *t)
{
	long r;

	t->doing = "finit_module";
	r = note(t, C_MOD_LOAD, syscall(__NR_finit_module, module_fd, "", 0));
	if (r >= 0 || errno == EEXIST) {
		mod_loaded = 1;
		id_foo_bar = event_id("sample-trace", "foo_bar");
		id_foo_fn = event_id("sample-trace", "foo_bar_with_fn");
	}
}

static int mod_unload(struct thr *t)
{
	long r;

	t->doing = "delete_module";
	r = note(t, C_MOD_UNLOAD, syscall(__NR_delete_module, MOD_NAME, O_NONBLOCK));
	if (r >= 0 || errno == ENOENT)
		mod_loaded = 0;
	return r;
}

static void *churn(void *arg)
{
	static const char *const defs[] = {
		"p:hostile/k vfs_read",
		"p:hostile/k vfs_read file=%di:x64 count=%dx:u64",
		"r:hostile/k vfs_read ret=$retval:s64",
		"p:hostile/k ksys_read fd=%di:s32",
	};
	struct thr *t = arg;
	double next_mod = 0;

	while (!stop) {
		t->doing = "define hostile/k";
		if (kev_write(t, C_KEV_ADD, defs[rn(t, 4)], 0) >= 0)
			id_hk = event_id("hostile", "k");
		usleep(rn(t, 3000));
		t->doing = "delete hostile/k";
		kev_write(t, C_KEV_DEL, "-:hostile/k", 0);
		if (chance(t, 10)) {
			t->doing = "define or delete hostile/m";
			if (rn(t, 2)) {
				if (kev_write(t, C_KEV_ADD,
					      "p:hostile/m " MOD_NAME ":foo_bar_reg", 0) >= 0)
					id_hm = event_id("hostile", "m");
			} else {
				kev_write(t, C_KEV_DEL, "-:hostile/m", 0);
			}
		}
		if (chance(t, 2)) {
			t->doing = "clear kprobe_events";
			kev_write(t, C_KEV_DEL, "", 1);
		}
		if (module_fd >= 0 && now() >= next_mod) {
			if (!mod_loaded)
				mod_load(t);
			else
				mod_unload(t);
			next_mod = now() + 0.02 + rn(t, 60) / 1000.0;
		}
	}
	return NULL;
}

/* ---- the summary -------------------------------------------------------------- */

static const char *errname(int e)
{
	static const char *const names[] = {
		[EPERM] = "EPERM", [ENOENT] = "ENOENT", [ESRCH] = "ESRCH",
		[EINTR] = "EINTR", [EIO] = "EIO", [E2BIG] = "E2BIG",
		[EBADF] = "EBADF", [EAGAIN] = "EAGAIN", [ENOMEM] = "ENOMEM",
		[EACCES] = "EACCES", [EFAULT] = "EFAULT", [EBUSY] = "EBUSY",
		[EEXIST] = "EEXIST", [ENODEV] = "ENODEV", [EINVAL] = "EINVAL",
		[ENOSPC] = "ENOSPC", [ERANGE] = "ERANGE", [ENOSYS] = "ENOSYS",
		[ENOTTY] = "ENOTTY", [ENAMETOOLONG] = "ENAMETOOLONG",
		[EILSEQ] = "EILSEQ", [EOPNOTSUPP] = "EOPNOTSUPP",
		[EOVERFLOW] = "EOVERFLOW", [EADDRNOTAVAIL] = "EADDRNOTAVAIL",
		[ENXIO] = "ENXIO", [ENOEXEC] = "ENOEXEC", [ESPIPE] = "ESPIPE",
	};

	if (e < (int)(sizeof(names) / sizeof(names[0])) && names[e])
		return names[e];
	return NULL;
}

static void summary(double secs, unsigned long total, int timed_out)
{
	unsigned long sum[NR_CLS][NR_ERR] = { { 0 } };
	struct thr *all[NR_WORKERS + 1];
	int i, c, e;

	for (i = 0; i < NR_WORKERS; i++)
		all[i] = &workers[i];
	all[NR_WORKERS] = &churner;
	for (i = 0; i <= NR_WORKERS; i++)
		for (c = 0; c < NR_CLS; c++)
			for (e = 0; e < NR_ERR; e++)
				sum[c][e] += all[i]->n[c][e];
	for (c = 0; c < NR_CLS; c++) {
		unsigned long n = 0;

		for (e = 0; e < NR_ERR; e++)
			n += sum[c][e];
		if (!n)
			continue;
		printf("  %-28s %7lu: ok %lu", cls_name[c], n, sum[c][0]);
		for (e = 1; e < NR_ERR; e++) {
			if (!sum[c][e])
				continue;
			if (errname(e))
				printf(", %s %lu", errname(e), sum[c][e]);
			else
				printf(", errno %d %lu", e, sum[c][e]);
		}
		printf("\n");
	}
	printf("hostile_pmu: seed=%llu ops=%lu (cpu0 %lu, cpu1 %lu) of %lu%s, churn %lu, in %.1f s, impossible=%lu\n",
	       (unsigned long long)seed, workers[0].ops + workers[1].ops,
	       workers[0].ops, workers[1].ops, total,
	       timed_out ? " (time limit)" : "", churner.ops, secs,
	       impossible_n);
}

/* ---- main ------------------------------------------------------------------- */

static void cleanup(void)
{
	double end = now() + 15;
	struct thr *t = &churner;

	/* The events first (the module's one), then the module. */
	while (now() < end) {
		kev_write(t, C_KEV_DEL, "-:hostile/k", 0);
		kev_write(t, C_KEV_DEL, "-:hostile/m", 0);
		if (!event_id("hostile", "k") && !event_id("hostile", "m"))
			break;
		usleep(100000);
	}
	if (event_id("hostile", "k") || event_id("hostile", "m"))
		printf("hostile_pmu: cannot delete hostile/k or hostile/m\n");
	while (module_fd >= 0 && mod_loaded && now() < end) {
		if (mod_unload(t) >= 0)
			break;
		usleep(100000);
	}
	if (module_fd >= 0 && mod_loaded)
		printf("hostile_pmu: cannot unload %s: %s\n", MOD_NAME, strerror(errno));
}

static void usage(void)
{
	fprintf(stderr, "usage: hostile_pmu [-s SEED] [-t SECONDS] [-m MODULE.ko] [-v] OPS\n");
	exit(2);
}

int main(int argc, char **argv)
{
	unsigned long total, last = 0, sum;
	double start, limit = 0, idle_since;
	struct sigaction sa;
	int opt, i, timed_out = 0;

	seed = time(NULL) ^ getpid();
	while ((opt = getopt(argc, argv, "s:t:m:v")) != -1) {
		switch (opt) {
		case 's':
			seed = strtoull(optarg, NULL, 0);
			break;
		case 't':
			limit = atof(optarg);
			break;
		case 'm':
			module_path = optarg;
			break;
		case 'v':
			verbose = 1;
			break;
		default:
			usage();
		}
	}
	if (optind != argc - 1)
		usage();
	total = strtoul(argv[optind], NULL, 0);
	setvbuf(stdout, NULL, _IOLBF, 0);

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGTRAP, &sa, NULL);	/* attr.sigtrap */
	sigaction(SIGIO, &sa, NULL);
	signal(SIGUSR1, SIG_IGN);	/* hits() */
	signal(SIGPIPE, SIG_IGN);

	devnull = open("/dev/null", O_RDONLY);
	if (devnull < 0 || pipe(pipe_fd))
		return 2;
	kp_type = pmu_type("kprobe");
	up_type = pmu_type("uprobe");
	kp_ret = read_format_bit("kprobe", "retprobe");
	up_ret = read_format_bit("uprobe", "retprobe");
	scan_ids();
	find_self();
	find_vfs_read();
	setup_strings();
	setup_bpf();
	if (module_path) {
		module_fd = open(module_path, O_RDONLY | O_CLOEXEC);
		if (module_fd < 0)
			printf("hostile_pmu: no module %s: %s\n", module_path, strerror(errno));
	}
	printf("hostile_pmu: %d tracepoint ids, kprobe PMU %d, uprobe PMU %d, uprobe_me at %#lx, vfs_read at %#lx, module %s\n",
	       nids, kp_type, up_type, uprobe_off, vfs_read_addr,
	       module_fd >= 0 ? module_path : "none");

	start = now();
	churner.idx = NR_WORKERS;
	churner.rng = seed * 7 + 3;
	if (pthread_create(&churner.th, NULL, churn, &churner))
		return 2;
	for (i = 0; i < NR_WORKERS; i++) {
		struct thr *t = &workers[i];

		t->idx = i;
		t->cpu = i;
		t->rng = (seed + 1) * (0x9e3779b97f4a7c15ULL + i) | 1;
		t->target = total / NR_WORKERS + (i ? 0 : total % NR_WORKERS);
		t->attr = aligned_alloc(PG, ATTR_BUF);
		if (!t->attr || pthread_create(&t->th, NULL, worker, t))
			return 2;
	}
	/* Watch: the time limit, and a call that does not come back. */
	idle_since = now();
	for (;;) {
		usleep(200000);
		sum = 0;
		for (i = 0; i < NR_WORKERS; i++)
			sum += workers[i].ops;
		if (sum >= total)
			break;
		if (workers[0].ops >= workers[0].target &&
		    workers[1].ops >= workers[1].target)
			break;
		if (limit > 0 && now() - start >= limit) {
			timed_out = 1;
			break;
		}
		if (sum != last) {
			last = sum;
			idle_since = now();
		} else if (now() - idle_since > HANG_SECS) {
			for (i = 0; i < NR_WORKERS; i++)
				printf("hostile_pmu: HUNG: thread %d in %s after %lu ops\n",
				       i, workers[i].doing, workers[i].ops);
			printf("hostile_pmu: churn thread in %s\n", churner.doing);
			fflush(stdout);
			_exit(1);
		}
	}
	stop = 1;
	for (i = 0; i < NR_WORKERS; i++)
		pthread_join(workers[i].th, NULL);
	pthread_join(churner.th, NULL);
	cleanup();
	summary(now() - start, total, timed_out);
	return impossible_n ? 1 : 0;
}

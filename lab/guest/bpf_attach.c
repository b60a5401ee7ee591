// SPDX-License-Identifier: GPL-2.0
/*
 * bpf_attach: BPF programs on trace events, through the bpf(2) syscall
 * alone (no libbpf), for the BPF client tests.
 *
 * Each program is a few hand-written instructions: if the current
 * process is this one and a context word at OFF is 110 (x86-64's
 * getppid), add one to a counter in an array map, and, for "printk",
 * also bpf_trace_printk("lab-bpf %d\n", tgid).  The tool then calls
 * getppid() N times and prints the counter: "count=<n>".
 *
 *   bpf_attach tp ID N          a tracepoint program (ctx: the record),
 *                               PERF_EVENT_IOC_SET_BPF on a perf event of
 *                               tracepoint ID (raw_syscalls:sys_enter:
 *                               its id field is at offset 8)
 *   bpf_attach link ID N        the same through BPF_LINK_CREATE
 *   bpf_attach rawtp NAME N     a raw tracepoint program
 *                               (BPF_RAW_TRACEPOINT_OPEN; sys_enter's
 *                               second argument, the id, is ctx[1])
 *   bpf_attach printk NAME N    the same, printing too
 *   bpf_attach tpbtf NAME N     a BTF-typed raw tracepoint program
 *                               (tp_btf: checked against btf_trace_NAME in
 *                               /sys/kernel/btf/vmlinux)
 *   bpf_attach kmulti SYM N     a kprobe_multi program (BPF_LINK_CREATE,
 *                               fprobe) on SYM, counting every call of
 *                               this process
 *   bpf_attach fentry FUNC N    an fentry program (a BPF trampoline on
 *                               FUNC, found in the kernel's BTF),
 *                               counting every call of this process
 *   bpf_attach fexit FUNC N     an fexit program on FUNC, which must take
 *                               one argument, counting the calls of this
 *                               process that returned getppid()'s value
 *   bpf_attach umulti X N       a uprobe_multi program on this tool's own
 *                               function uprobe_me() (X is ignored),
 *                               which it calls N times instead of getppid
 *   bpf_attach loop ID ROUNDS K attach, K calls, detach, K calls, ROUNDS
 *                               times: each attached run must count K,
 *                               each detached one nothing ("rounds=<n>")
 *   bpf_attach hold NAME SECS   a raw tracepoint program on NAME, held
 *                               SECS seconds ("attached" when it is)
 *   bpf_attach errors ID        what must be refused, each with its errno
 *                               ("<case> errno=<name>", one per line)
 *   bpf_attach run ID CMD...    a tracepoint program that counts every
 *                               hit of tracepoint ID, attached while CMD
 *                               runs ("count=<n>" on stderr; for the
 *                               bench)
 *
 * Exit status 0 on success, 1 with a message on stderr.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/bpf.h>
#include <linux/btf.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define GETPPID_NR	110

static void die(const char *what)
{
	fprintf(stderr, "bpf_attach: %s: %s\n", what, strerror(errno));
	exit(1);
}

static long sys_bpf(int cmd, union bpf_attr *attr)
{
	return syscall(__NR_bpf, cmd, attr, sizeof(*attr));
}

/* ---- instructions --------------------------------------------------------- */

static struct bpf_insn insn(uint8_t code, uint8_t dst, uint8_t src,
			    int16_t off, int32_t imm)
{
	struct bpf_insn i = {
		.code = code, .dst_reg = dst, .src_reg = src,
		.off = off, .imm = imm,
	};

	return i;
}

struct prog {
	struct bpf_insn	i[64];
	int		n;
};

static void emit(struct prog *p, struct bpf_insn i)
{
	p->i[p->n++] = i;
}

/* dst = imm64 (two slots); src BPF_PSEUDO_MAP_FD makes it a map. */
static void emit_ld64(struct prog *p, int dst, int src, uint64_t imm)
{
	emit(p, insn(BPF_LD | BPF_DW | BPF_IMM, dst, src, 0, (uint32_t)imm));
	emit(p, insn(0, 0, 0, 0, imm >> 32));
}

enum kind { K_TP, K_RAWTP, K_KPROBE };

/* Count every hit, not only this process's getppid calls. */
#define OFF_ALL	(-2)

/* The value the context word must hold: getppid's number, or for fexit
 * getppid()'s return value. */
static long want = GETPPID_NR;

/* What the program returns: fentry and fexit programs must return 0. */
static int prog_ret = 1;

/*
 * The counting program.  @off < 0: no context check (kprobe_multi);
 * OFF_ALL: no check at all.  Jumps go to the common exit, patched once
 * its place is known.
 */
static void build(struct prog *p, int map_fd, int off, int printk)
{
	int jumps[4], nj = 0, k;

	p->n = 0;
	if (off != OFF_ALL) {
		emit(p, insn(BPF_ALU64 | BPF_MOV | BPF_X, 6, 1, 0, 0));
		emit(p, insn(BPF_JMP | BPF_CALL, 0, 0, 0,
			     BPF_FUNC_get_current_pid_tgid));
		emit(p, insn(BPF_ALU64 | BPF_RSH | BPF_K, 0, 0, 0, 32));
		emit(p, insn(BPF_ALU64 | BPF_MOV | BPF_X, 7, 0, 0, 0));
		jumps[nj++] = p->n;
		emit(p, insn(BPF_JMP | BPF_JNE | BPF_K, 0, 0, 0, getpid()));
	}
	if (off >= 0) {
		emit(p, insn(BPF_LDX | BPF_MEM | BPF_DW, 1, 6, off, 0));
		jumps[nj++] = p->n;
		emit(p, insn(BPF_JMP | BPF_JNE | BPF_K, 1, 0, 0, want));
	}
	/* key 0 at fp - 4 */
	emit(p, insn(BPF_ST | BPF_MEM | BPF_W, 10, 0, -4, 0));
	emit(p, insn(BPF_ALU64 | BPF_MOV | BPF_X, 2, 10, 0, 0));
	emit(p, insn(BPF_ALU64 | BPF_ADD | BPF_K, 2, 0, 0, -4));
	emit_ld64(p, 1, BPF_PSEUDO_MAP_FD, map_fd);
	emit(p, insn(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_map_lookup_elem));
	jumps[nj++] = p->n;
	emit(p, insn(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 0, 0));
	emit(p, insn(BPF_ALU64 | BPF_MOV | BPF_K, 1, 0, 0, 1));
	emit(p, insn(BPF_STX | BPF_ATOMIC | BPF_DW, 0, 1, 0, BPF_ADD));
	if (printk) {
		/* "lab-bpf %d\n" at fp - 16, 12 bytes with its NUL */
		uint64_t lo;
		uint32_t hi;

		memcpy(&lo, "lab-bpf ", 8);
		memcpy(&hi, "%d\n", 4);
		emit_ld64(p, 1, 0, lo);
		emit(p, insn(BPF_STX | BPF_MEM | BPF_DW, 10, 1, -16, 0));
		emit(p, insn(BPF_ST | BPF_MEM | BPF_W, 10, 0, -8, hi));
		emit(p, insn(BPF_ALU64 | BPF_MOV | BPF_X, 1, 10, 0, 0));
		emit(p, insn(BPF_ALU64 | BPF_ADD | BPF_K, 1, 0, 0, -16));
		emit(p, insn(BPF_ALU64 | BPF_MOV | BPF_K, 2, 0, 0, 12));
		emit(p, insn(BPF_ALU64 | BPF_MOV | BPF_X, 3, 7, 0, 0));
		emit(p, insn(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_trace_printk));
	}
	for (k = 0; k < nj; k++)
		p->i[jumps[k]].off = p->n - jumps[k] - 1;
	emit(p, insn(BPF_ALU64 | BPF_MOV | BPF_K, 0, 0, 0, prog_ret));
	emit(p, insn(BPF_JMP | BPF_EXIT, 0, 0, 0, 0));
}

static char vlog[65536];

/*
 * Load, typed by the kernel's BTF type @btf_id when it is not 0; on
 * failure errno is kept and the verifier's log printed.
 */
static int load_btf(struct prog *p, enum bpf_prog_type type, int attach_type,
		    int btf_id)
{
	union bpf_attr a;
	int fd;

	memset(&a, 0, sizeof(a));
	a.prog_type = type;
	a.expected_attach_type = attach_type;
	a.attach_btf_id = btf_id;
	a.insns = (uintptr_t)p->i;
	a.insn_cnt = p->n;
	a.license = (uintptr_t)"GPL";
	a.log_buf = (uintptr_t)vlog;
	a.log_size = sizeof(vlog);
	a.log_level = 1;
	vlog[0] = 0;
	fd = sys_bpf(BPF_PROG_LOAD, &a);
	if (fd < 0 && vlog[0]) {
		int e = errno;

		fprintf(stderr, "verifier: %s\n", vlog);
		errno = e;
	}
	return fd;
}

static int load(struct prog *p, enum bpf_prog_type type, int attach_type)
{
	return load_btf(p, type, attach_type, 0);
}

/*
 * The BTF id of the type of kind @kind named @name in the kernel's BTF,
 * or -1: walk the type section, each type's size given by its kind.
 */
static int btf_find(const char *name, int kind)
{
	static char buf[16 << 20];
	const struct btf_header *h = (void *)buf;
	const char *strs;
	size_t len = 0;
	FILE *f;
	char *t, *end;
	int id = 1;

	f = fopen("/sys/kernel/btf/vmlinux", "r");
	if (!f)
		return -1;
	len = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	if (len < sizeof(*h) || h->magic != BTF_MAGIC)
		return -1;
	strs = buf + h->hdr_len + h->str_off;
	t = buf + h->hdr_len + h->type_off;
	end = t + h->type_len;
	while (t < end) {
		struct btf_type *bt = (void *)t;
		int vlen = BTF_INFO_VLEN(bt->info);

		if (BTF_INFO_KIND(bt->info) == kind &&
		    !strcmp(strs + bt->name_off, name))
			return id;
		t += sizeof(*bt);
		switch (BTF_INFO_KIND(bt->info)) {
		case BTF_KIND_INT:
			t += 4;
			break;
		case BTF_KIND_ARRAY:
			t += sizeof(struct btf_array);
			break;
		case BTF_KIND_STRUCT:
		case BTF_KIND_UNION:
			t += vlen * sizeof(struct btf_member);
			break;
		case BTF_KIND_ENUM:
			t += vlen * sizeof(struct btf_enum);
			break;
		case BTF_KIND_FUNC_PROTO:
			t += vlen * sizeof(struct btf_param);
			break;
		case BTF_KIND_VAR:
			t += sizeof(struct btf_var);
			break;
		case BTF_KIND_DATASEC:
			t += vlen * sizeof(struct btf_var_secinfo);
			break;
		case BTF_KIND_DECL_TAG:
			t += sizeof(struct btf_decl_tag);
			break;
		case BTF_KIND_ENUM64:
			t += vlen * sizeof(struct btf_enum64);
			break;
		default:
			break;
		}
		id++;
	}
	return -1;
}

static int map_create(void)
{
	union bpf_attr a;
	int fd;

	memset(&a, 0, sizeof(a));
	a.map_type = BPF_MAP_TYPE_ARRAY;
	a.key_size = 4;
	a.value_size = 8;
	a.max_entries = 1;
	fd = sys_bpf(BPF_MAP_CREATE, &a);
	if (fd < 0)
		die("BPF_MAP_CREATE");
	return fd;
}

static uint64_t map_read(int fd)
{
	union bpf_attr a;
	uint32_t key = 0;
	uint64_t v = 0;

	memset(&a, 0, sizeof(a));
	a.map_fd = fd;
	a.key = (uintptr_t)&key;
	a.value = (uintptr_t)&v;
	if (sys_bpf(BPF_MAP_LOOKUP_ELEM, &a))
		die("BPF_MAP_LOOKUP_ELEM");
	return v;
}

/* What the uprobe_multi program counts; kept out of line. */
__attribute__((noinline)) void uprobe_me(long i)
{
	__asm__ volatile("" : : "r"(i) : "memory");
}

static int by_uprobe;

static void calls(long n)
{
	while (n-- > 0) {
		if (by_uprobe)
			uprobe_me(n);
		else
			syscall(__NR_getppid);
	}
}

/* A perf event on tracepoint @id, CPU 0, any task. */
static int tp_event(int id)
{
	struct perf_event_attr pa;

	memset(&pa, 0, sizeof(pa));
	pa.type = PERF_TYPE_TRACEPOINT;
	pa.size = sizeof(pa);
	pa.config = id;
	pa.sample_period = 1;
	pa.sample_type = PERF_SAMPLE_RAW;
	pa.wakeup_events = 1;
	return syscall(__NR_perf_event_open, &pa, -1, 0, -1, 0);
}

/* Attach @prog to tracepoint @id by ioctl or by link; the fd to close. */
static int tp_attach(int id, int prog, int by_link)
{
	union bpf_attr a;
	int efd, lfd;

	efd = tp_event(id);
	if (efd < 0)
		die("perf_event_open");
	if (!by_link) {
		if (ioctl(efd, PERF_EVENT_IOC_SET_BPF, prog))
			die("PERF_EVENT_IOC_SET_BPF");
		if (ioctl(efd, PERF_EVENT_IOC_ENABLE, 0))
			die("PERF_EVENT_IOC_ENABLE");
		return efd;
	}
	memset(&a, 0, sizeof(a));
	a.link_create.prog_fd = prog;
	a.link_create.target_fd = efd;
	a.link_create.attach_type = BPF_PERF_EVENT;
	lfd = sys_bpf(BPF_LINK_CREATE, &a);
	if (lfd < 0)
		die("BPF_LINK_CREATE");
	close(efd);
	return lfd;
}

static int rawtp_open(const char *name, int prog)
{
	union bpf_attr a;

	memset(&a, 0, sizeof(a));
	a.raw_tracepoint.name = name ? (uintptr_t)name : 0;
	a.raw_tracepoint.prog_fd = prog;
	return sys_bpf(BPF_RAW_TRACEPOINT_OPEN, &a);
}

static int kmulti_attach(const char *sym, int prog)
{
	union bpf_attr a;
	const char *syms[1] = { sym };

	memset(&a, 0, sizeof(a));
	a.link_create.prog_fd = prog;
	a.link_create.attach_type = BPF_TRACE_KPROBE_MULTI;
	a.link_create.kprobe_multi.cnt = 1;
	a.link_create.kprobe_multi.syms = (uintptr_t)syms;
	return sys_bpf(BPF_LINK_CREATE, &a);
}

/*
 * A BTF-typed tracing program of attach type @type, typed by the type of
 * kind @kind named @name in the kernel's BTF (a function for fentry and
 * fexit, a btf_trace_<name> typedef for tp_btf), attached.
 */
static int tracing_attach(struct prog *p, const char *name, int kind, int type)
{
	int btf_id = btf_find(name, kind), prog, fd;

	if (btf_id < 0) {
		fprintf(stderr, "bpf_attach: no %s in the kernel's BTF\n", name);
		exit(1);
	}
	prog = load_btf(p, BPF_PROG_TYPE_TRACING, type, btf_id);
	if (prog < 0)
		die("BPF_PROG_LOAD tracing");
	fd = rawtp_open(NULL, prog);
	if (fd < 0)
		die("BPF_RAW_TRACEPOINT_OPEN tracing");
	return fd;
}

/* The file offset of this tool's uprobe_me(), from /proc/self/maps. */
static unsigned long own_offset(void)
{
	unsigned long addr = (unsigned long)uprobe_me, lo, hi, off;
	char line[512];
	FILE *f = fopen("/proc/self/maps", "r");

	if (!f)
		die("/proc/self/maps");
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx %*s %lx", &lo, &hi, &off) == 3 &&
		    addr >= lo && addr < hi) {
			fclose(f);
			return addr - lo + off;
		}
	}
	fclose(f);
	errno = ENOENT;
	die("uprobe_me in /proc/self/maps");
	return 0;
}

static int umulti_attach(int prog)
{
	static char path[4096];
	unsigned long off = own_offset();
	union bpf_attr a;
	ssize_t len;

	len = readlink("/proc/self/exe", path, sizeof(path) - 1);
	if (len < 0)
		die("readlink /proc/self/exe");
	path[len] = 0;
	memset(&a, 0, sizeof(a));
	a.link_create.prog_fd = prog;
	a.link_create.attach_type = BPF_TRACE_UPROBE_MULTI;
	a.link_create.uprobe_multi.path = (uintptr_t)path;
	a.link_create.uprobe_multi.offsets = (uintptr_t)&off;
	a.link_create.uprobe_multi.cnt = 1;
	a.link_create.uprobe_multi.pid = getpid();
	return sys_bpf(BPF_LINK_CREATE, &a);
}

static const char *errname(int e)
{
	switch (e) {
	case 0: return "none";
	case EINVAL: return "EINVAL";
	case EACCES: return "EACCES";
	case EPERM: return "EPERM";
	case ENOENT: return "ENOENT";
	case EEXIST: return "EEXIST";
	case EBADF: return "EBADF";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	default: return strerror(e);
	}
}

/* What must be refused: each case's errno. */
static int errors(int id)
{
	struct prog p;
	int map = map_create(), prog, efd, fd;

	/* A kprobe program on a tracepoint's perf event. */
	build(&p, map, 8, 0);
	prog = load(&p, BPF_PROG_TYPE_KPROBE, 0);
	if (prog < 0)
		die("BPF_PROG_LOAD kprobe");
	efd = tp_event(id);
	if (efd < 0)
		die("perf_event_open");
	errno = 0;
	ioctl(efd, PERF_EVENT_IOC_SET_BPF, prog);
	printf("kprobe-prog-on-tracepoint errno=%s\n", errname(errno));
	close(prog);

	/* A tracepoint program reading past the record's last field. */
	build(&p, map, 200, 0);
	prog = load(&p, BPF_PROG_TYPE_TRACEPOINT, 0);
	if (prog < 0)
		die("BPF_PROG_LOAD tracepoint");
	errno = 0;
	ioctl(efd, PERF_EVENT_IOC_SET_BPF, prog);
	printf("past-the-record errno=%s\n", errname(errno));
	close(prog);

	/* The right program attached once, then a second time. */
	build(&p, map, 8, 0);
	prog = load(&p, BPF_PROG_TYPE_TRACEPOINT, 0);
	if (prog < 0)
		die("BPF_PROG_LOAD tracepoint");
	errno = 0;
	ioctl(efd, PERF_EVENT_IOC_SET_BPF, prog);
	printf("attach errno=%s\n", errname(errno));
	errno = 0;
	ioctl(efd, PERF_EVENT_IOC_SET_BPF, prog);
	printf("attach-twice errno=%s\n", errname(errno));
	close(efd);

	/* A link to a perf event fd that is not one. */
	{
		union bpf_attr a;

		memset(&a, 0, sizeof(a));
		a.link_create.prog_fd = prog;
		a.link_create.target_fd = 9999;
		a.link_create.attach_type = BPF_PERF_EVENT;
		errno = 0;
		fd = sys_bpf(BPF_LINK_CREATE, &a);
		printf("link-bad-fd errno=%s\n", errname(fd < 0 ? errno : 0));
	}

	/* Raw tracepoints: no such name; a program of another type. */
	errno = 0;
	fd = rawtp_open("no_such_tracepoint_lab", prog);
	printf("rawtp-tracepoint-prog errno=%s\n", errname(fd < 0 ? errno : 0));
	close(prog);
	build(&p, map, 8, 0);
	prog = load(&p, BPF_PROG_TYPE_RAW_TRACEPOINT, 0);
	if (prog < 0)
		die("BPF_PROG_LOAD raw_tracepoint");
	errno = 0;
	fd = rawtp_open("no_such_tracepoint_lab", prog);
	printf("rawtp-unknown errno=%s\n", errname(fd < 0 ? errno : 0));
	close(prog);
	/* sys_enter has two arguments: ctx[2] is past them. */
	build(&p, map, 16, 0);
	prog = load(&p, BPF_PROG_TYPE_RAW_TRACEPOINT, 0);
	if (prog < 0)
		die("BPF_PROG_LOAD raw_tracepoint");
	errno = 0;
	fd = rawtp_open("sys_enter", prog);
	printf("rawtp-past-args errno=%s\n", errname(fd < 0 ? errno : 0));
	return 0;
}

int main(int argc, char **argv)
{
	struct prog p;
	int map, prog, fd;
	long n;

	if (argc < 3) {
		fprintf(stderr, "usage: bpf_attach tp|link|rawtp|printk|tpbtf|kmulti|fentry|fexit|umulti|loop|hold|errors|run ...\n");
		return 1;
	}
	if (!strcmp(argv[1], "errors"))
		return errors(atoi(argv[2]));
	if (argc < 4) {
		fprintf(stderr, "bpf_attach: %s needs two arguments\n", argv[1]);
		return 1;
	}
	map = map_create();
	if (!strcmp(argv[1], "run")) {
		int status;
		pid_t pid;

		build(&p, map, OFF_ALL, 0);
		prog = load(&p, BPF_PROG_TYPE_TRACEPOINT, 0);
		if (prog < 0)
			die("BPF_PROG_LOAD");
		fd = tp_attach(atoi(argv[2]), prog, 1);
		pid = fork();
		if (pid < 0)
			die("fork");
		if (!pid) {
			execvp(argv[3], argv + 3);
			die("exec");
		}
		if (waitpid(pid, &status, 0) < 0)
			die("waitpid");
		fprintf(stderr, "count=%llu\n",
			(unsigned long long)map_read(map));
		close(fd);
		return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
	}
	n = atol(argv[3]);

	if (!strcmp(argv[1], "tp") || !strcmp(argv[1], "link")) {
		build(&p, map, 8, 0);
		prog = load(&p, BPF_PROG_TYPE_TRACEPOINT, 0);
		if (prog < 0)
			die("BPF_PROG_LOAD");
		fd = tp_attach(atoi(argv[2]), prog, argv[1][0] == 'l');
	} else if (!strcmp(argv[1], "rawtp") || !strcmp(argv[1], "printk") ||
		   !strcmp(argv[1], "hold")) {
		build(&p, map, 8, argv[1][0] == 'p');
		prog = load(&p, BPF_PROG_TYPE_RAW_TRACEPOINT, 0);
		if (prog < 0)
			die("BPF_PROG_LOAD");
		fd = rawtp_open(argv[2], prog);
		if (fd < 0)
			die("BPF_RAW_TRACEPOINT_OPEN");
		if (argv[1][0] == 'h') {
			printf("attached\n");
			fflush(stdout);
			sleep(n);
			return 0;
		}
	} else if (!strcmp(argv[1], "tpbtf")) {
		char type[128];

		snprintf(type, sizeof(type), "btf_trace_%s", argv[2]);
		build(&p, map, 8, 0);
		fd = tracing_attach(&p, type, BTF_KIND_TYPEDEF, BPF_TRACE_RAW_TP);
	} else if (!strcmp(argv[1], "kmulti")) {
		build(&p, map, -1, 0);
		prog = load(&p, BPF_PROG_TYPE_KPROBE, BPF_TRACE_KPROBE_MULTI);
		if (prog < 0)
			die("BPF_PROG_LOAD");
		fd = kmulti_attach(argv[2], prog);
		if (fd < 0)
			die("BPF_LINK_CREATE kprobe_multi");
	} else if (!strcmp(argv[1], "fentry") || !strcmp(argv[1], "fexit")) {
		int fexit = argv[1][1] == 'x';

		if (fexit)
			want = getppid();
		prog_ret = 0;
		build(&p, map, fexit ? 8 : -1, 0);
		fd = tracing_attach(&p, argv[2], BTF_KIND_FUNC,
				    fexit ? BPF_TRACE_FEXIT : BPF_TRACE_FENTRY);
	} else if (!strcmp(argv[1], "umulti")) {
		build(&p, map, -1, 0);
		prog = load(&p, BPF_PROG_TYPE_KPROBE, BPF_TRACE_UPROBE_MULTI);
		if (prog < 0)
			die("BPF_PROG_LOAD");
		fd = umulti_attach(prog);
		if (fd < 0)
			die("BPF_LINK_CREATE uprobe_multi");
		by_uprobe = 1;
	} else if (!strcmp(argv[1], "loop")) {
		long k = argc > 4 ? atol(argv[4]) : 10, r;
		uint64_t before, after;

		build(&p, map, 8, 0);
		prog = load(&p, BPF_PROG_TYPE_TRACEPOINT, 0);
		if (prog < 0)
			die("BPF_PROG_LOAD");
		for (r = 0; r < n; r++) {
			before = map_read(map);
			fd = tp_attach(atoi(argv[2]), prog, r & 1);
			calls(k);
			after = map_read(map);
			close(fd);
			if (after - before != (uint64_t)k) {
				fprintf(stderr, "round %ld: attached, counted %llu of %ld\n",
					r, (unsigned long long)(after - before), k);
				return 1;
			}
			calls(k);
			if (map_read(map) != after) {
				fprintf(stderr, "round %ld: counted after the detach\n", r);
				return 1;
			}
		}
		printf("rounds=%ld\n", r);
		return 0;
	} else {
		fprintf(stderr, "bpf_attach: unknown mode %s\n", argv[1]);
		return 1;
	}
	calls(n);
	printf("count=%llu\n", (unsigned long long)map_read(map));
	close(fd);
	/* Detached: the count stays. */
	{
		uint64_t c = map_read(map);

		calls(n);
		if (map_read(map) != c) {
			fprintf(stderr, "bpf_attach: counted after the detach\n");
			return 1;
		}
	}
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * hostile - write malformed input into every writable tracefs file.
 *
 * Usage: hostile [DIR]    (default /sys/kernel/tracing)
 *
 * Walks DIR (not its instances/ directory: the caller makes an instance
 * and names it as DIR for a second run) and, for every regular file with
 * a write permission bit, writes each input of a fixed set: an empty
 * write, NUL bytes, a 4 KiB and a 64 KiB line, every byte value, huge and
 * negative numbers, printf format specifiers, unbalanced quotes and
 * parentheses, and byte-at-a-time writes.  After each write it reads the
 * file back and drains /dev/kmsg, so that a kernel report (WARNING, BUG,
 * Oops, a sanitizer, lockdep, an allocation failure) is printed with the
 * file and the input that caused it.  A file's content is saved first
 * and put back after each write that was taken, so the next file is
 * written in a sane state.
 *
 * Environment:
 *   HOSTILE_ROUNDS=N  rounds after the fixed set (default 0); each round
 *                     writes HOSTILE_RANDOM (default 8) random inputs per
 *                     file: random bytes or random runs of tokens, random
 *                     lengths, split into random chunks, O_TRUNC or
 *                     O_APPEND.  For the soak.
 *   HOSTILE_SEED=N    seed of the random rounds (printed in the summary)
 *   HOSTILE_VERBOSE=1 print every write and its result
 *
 * Prints one summary line; exits 0 when nothing was found, 1 when the
 * kernel reported trouble or a write hung, 2 when a file could not be
 * restored.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_FILES	8192
#define SAVE_MAX	65536
#define HANG_SECS	30
#define MAX_SYSCALLS	200000

enum restore { R_NONE, R_TRUNC, R_FILTER, R_VALUE };

struct input {
	const char *name;
	char *buf;
	size_t len;
	size_t chunk;		/* 0: one write() (and the rest, as a shell would) */
	int flags;		/* O_TRUNC or O_APPEND */
};

static const char *root;
static char *files[MAX_FILES];
static int nfiles;
static int kmsg = -1;
static int verbose;

/* What is being done, for the hang handler and the reports. */
static const char *cur_file = "";
static const char *cur_input = "";

static unsigned long n_writes, n_refused, n_partial, n_reports, n_unrestored;
static unsigned long n_changed_on_error, n_restores;
static unsigned long err_counts[4096];

static void on_alarm(int sig)
{
	char msg[1024];
	int n;

	(void)sig;
	n = snprintf(msg, sizeof(msg),
		     "hostile: HUNG for %d s writing input '%s' to %s\n",
		     HANG_SECS, cur_input, cur_file);
	if (n > 0)
		write(1, msg, (size_t)n < sizeof(msg) ? (size_t)n : sizeof(msg) - 1);
	_exit(1);
}

static int is_dir(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static void walk(const char *dir, int depth)
{
	struct dirent **ents;
	char path[PATH_MAX];
	struct stat st;
	int i, n;

	n = scandir(dir, &ents, NULL, alphasort);
	if (n < 0) {
		printf("hostile: cannot list %s: %s\n", dir, strerror(errno));
		return;
	}
	for (i = 0; i < n; i++) {
		const char *name = ents[i]->d_name;

		if (!strcmp(name, ".") || !strcmp(name, "..") ||
		    (depth == 0 && !strcmp(name, "instances"))) {
			free(ents[i]);
			continue;
		}
		snprintf(path, sizeof(path), "%s/%s", dir, name);
		free(ents[i]);
		if (lstat(path, &st))
			continue;
		if (S_ISDIR(st.st_mode)) {
			walk(path, depth + 1);
		} else if (S_ISREG(st.st_mode) && (st.st_mode & 0222) &&
			   nfiles < MAX_FILES) {
			files[nfiles++] = strdup(path);
		}
	}
	free(ents);
}

static const char *base(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

static int name_in(const char *name, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(name, *list))
			return 1;
	return 0;
}

/* How a file is put back after a write it took. */
static enum restore classify(const char *path, int readable)
{
	static const char *const none[] = {
		"trace", "trace_marker", "trace_marker_raw", "error_log",
		"free_buffer", "snapshot", "inject", "trigger", NULL
	};
	static const char *const lists[] = {
		"set_event", "set_event_pid", "set_event_notrace_pid",
		"set_ftrace_filter", "set_ftrace_notrace", "set_ftrace_pid",
		"set_ftrace_notrace_pid", "set_graph_function",
		"set_graph_notrace", "stack_trace_filter", "kprobe_events",
		"uprobe_events", "dynamic_events", "synthetic_events", NULL
	};
	const char *b = base(path);

	if (name_in(b, none))
		return R_NONE;
	if (name_in(b, lists))
		return R_TRUNC;
	if (!strcmp(b, "filter"))
		return R_FILTER;
	return readable ? R_VALUE : R_NONE;
}

/* Files a read-back skips: large, blocking or consuming. */
static int read_back_ok(const char *path)
{
	static const char *const skip[] = {
		"trace", "trace_pipe", "trace_pipe_raw", "snapshot", NULL
	};

	return !name_in(base(path), skip);
}

static void drain_kmsg(void)
{
	static const char *const bad[] = {
		"WARNING:", "BUG:", "BUG ", "Oops", "KASAN", "UBSAN",
		"Call Trace", "call trace", "possible recursive locking",
		"possible circular locking", "possible irq lock",
		"locking dependency", "page allocation failure", "cut here",
		"general protection", "soft lockup", "hung_task", "RCU stall",
		"stack-protector", "refcount_t:", "list_add corruption",
		"list_del corruption", NULL
	};
	char rec[8192];
	int shown = 0, flagged = 0;
	ssize_t n;

	if (kmsg < 0)
		return;
	for (;;) {
		const char *msg, *const *b;
		char *nl;
		int level;

		n = read(kmsg, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE)
			continue;	/* records were overwritten */
		if (n <= 0)
			break;
		rec[n] = '\0';
		level = atoi(rec) & 7;
		msg = strchr(rec, ';');
		msg = msg ? msg + 1 : rec;
		nl = strchr(msg, '\n');
		if (nl)
			*nl = '\0';
		for (b = bad; *b; b++)
			if (strstr(msg, *b))
				break;
		if (*b && !flagged) {
			flagged = 1;
			n_reports++;
			printf("hostile: KERNEL REPORT after writing input '%s' to %s:\n",
			       cur_input, cur_file);
		}
		if ((*b || level <= 4) && shown < 12) {
			shown++;
			printf("hostile:   kmsg<%d>: %s\n", level, msg);
		}
	}
}

/* Read a file whole (up to SAVE_MAX bytes); returns its length or -1. */
static ssize_t slurp(const char *path, char *buf, size_t size)
{
	size_t got = 0;
	ssize_t n;
	int fd;

	fd = open(path, O_RDONLY | O_NONBLOCK);
	if (fd < 0)
		return -1;
	alarm(HANG_SECS);
	while (got < size - 1) {
		n = read(fd, buf + got, size - 1 - got);
		if (n <= 0)
			break;
		got += n;
	}
	alarm(0);
	close(fd);
	buf[got] = '\0';
	return got;
}

static void count_error(int err)
{
	if (err >= 0 && err < 4096)
		err_counts[err]++;
}

/*
 * Write one input.  Returns 0 if it was all taken, else the errno of
 * the first refusal (write or close), or -1 when the file stopped taking
 * bytes without an error.
 */
static int hostile_write(const char *path, const struct input *in)
{
	size_t off = 0, step;
	unsigned long calls = 0;
	int fd, ret = 0;
	ssize_t n;

	cur_input = in->name;
	fd = open(path, O_WRONLY | in->flags);
	if (fd < 0) {
		n_writes++;
		n_refused++;
		count_error(errno);
		return errno;
	}
	alarm(HANG_SECS);
	if (!in->len) {
		if (write(fd, in->buf, 0) < 0)
			ret = errno;
	}
	while (off < in->len && calls++ < MAX_SYSCALLS) {
		step = in->chunk ? in->chunk : in->len - off;
		if (step > in->len - off)
			step = in->len - off;
		n = write(fd, in->buf + off, step);
		if (n < 0) {
			ret = errno;
			break;
		}
		if (n == 0) {
			ret = -1;
			break;
		}
		off += n;
	}
	if (close(fd) && !ret)
		ret = errno;
	alarm(0);
	n_writes++;
	if (ret > 0) {
		n_refused++;
		count_error(ret);
	} else if (ret < 0 || off < in->len) {
		n_partial++;
	}
	if (verbose)
		printf("hostile: %s <- %s: %s\n", path, in->name,
		       ret > 0 ? strerror(ret) : ret < 0 ? "stopped taking bytes" : "taken");
	return ret;
}

/* "[local] global" -> "local"; "1408 (expanded: 1408)" -> "1408". */
static void value_of(const char *line, char *out, size_t size)
{
	const char *lb = strchr(line, '[');
	const char *rb = lb ? strchr(lb, ']') : NULL;
	size_t len;

	if (rb) {
		len = rb - lb - 1;
		line = lb + 1;
	} else {
		const char *p = strstr(line, " (expanded");

		len = p ? (size_t)(p - line) : strlen(line);
	}
	if (len >= size)
		len = size - 1;
	memcpy(out, line, len);
	out[len] = '\0';
}

/* Content reduced to its values, one line each (value_of()). */
static void normalize(const char *in, char *out, size_t size)
{
	char line[512], v[512];
	size_t o = 0;

	out[0] = '\0';
	while (*in) {
		size_t len = strcspn(in, "\n");

		if (len >= sizeof(line))
			len = sizeof(line) - 1;
		memcpy(line, in, len);
		line[len] = '\0';
		value_of(line, v, sizeof(v));
		if (*v && o + strlen(v) + 2 < size)
			o += sprintf(out + o, "%s\n", v);
		in += strcspn(in, "\n");
		if (*in)
			in++;
	}
}

static int same_value(const char *a, const char *b)
{
	static char na[SAVE_MAX], nb[SAVE_MAX];

	normalize(a, na, sizeof(na));
	normalize(b, nb, sizeof(nb));
	return !strcmp(na, nb);
}

/* Up to 60 bytes of s, control bytes escaped, in one of two buffers. */
static const char *shown(const char *s, int which)
{
	static char out[2][256];
	char *o = out[which & 1];
	int i, n = 0;

	for (i = 0; s[i] && i < 60; i++) {
		unsigned char c = s[i];

		if (c == '\n')
			n += sprintf(o + n, "\\n");
		else if (c < 32 || c >= 127)
			n += sprintf(o + n, "\\x%02x", c);
		else
			o[n++] = c;
	}
	o[n] = '\0';
	return o;
}

static void write_value(const char *path, const char *value)
{
	char buf[520];
	int fd, n;

	n = snprintf(buf, sizeof(buf), "%s\n", value);
	fd = open(path, O_WRONLY | O_TRUNC);
	if (fd < 0)
		return;
	alarm(HANG_SECS);
	if (write(fd, buf, n) < 0 && verbose)
		printf("hostile: restoring %s to '%s': %s\n", path, value, strerror(errno));
	close(fd);
	alarm(0);
}

/* Put a file back as it was; returns 0 if it reads as it did. */
static int restore(const char *path, enum restore kind, const char *saved)
{
	static char now[SAVE_MAX];
	const char *line;
	char l[512], v[512];
	int fd;

	cur_input = "(putting back)";
	switch (kind) {
	case R_NONE:
		return 0;
	case R_TRUNC:
		fd = open(path, O_WRONLY | O_TRUNC);
		if (fd >= 0)
			close(fd);
		return 0;
	case R_FILTER:
		write_value(path, "0");
		return 0;
	case R_VALUE:
		break;
	}
	if (slurp(path, now, sizeof(now)) >= 0 && same_value(now, saved))
		return 0;
	n_restores++;
	for (line = saved; *line; ) {
		size_t len = strcspn(line, "\n");

		if (len && len < sizeof(l)) {
			memcpy(l, line, len);
			l[len] = '\0';
			value_of(l, v, sizeof(v));
			if (strcmp(v, "X"))
				write_value(path, v);
		}
		line += len + (line[len] == '\n');
	}
	if (slurp(path, now, sizeof(now)) >= 0 && same_value(now, saved))
		return 0;
	printf("hostile: could not put back %s: was '%s', now '%s'\n",
	       path, shown(saved, 0), shown(now, 1));
	return -1;
}

static void hammer(const char *path, const struct input *in, int n_in)
{
	static char saved[SAVE_MAX], now[SAVE_MAX];
	int readable = access(path, R_OK) == 0;
	enum restore kind = classify(path, readable);
	int i, ret;

	cur_file = path;
	saved[0] = '\0';
	if (kind == R_VALUE && slurp(path, saved, sizeof(saved)) < 0)
		kind = R_NONE;
	for (i = 0; i < n_in; i++) {
		int changed = 0;

		ret = hostile_write(path, &in[i]);
		drain_kmsg();
		if (readable && read_back_ok(path)) {
			cur_input = in[i].name;
			slurp(path, now, sizeof(now));
			drain_kmsg();
			/*
			 * A value file that refused a single write should not
			 * change (byte-at-a-time writes set it byte by byte).
			 */
			if (kind == R_VALUE && ret > 0 && !in[i].chunk &&
			    !same_value(now, saved)) {
				n_changed_on_error++;
				changed = 1;
				printf("hostile: %s refused '%s' (%s) but changed: '%s' -> '%s'\n",
				       path, in[i].name, strerror(ret),
				       shown(saved, 0), shown(now, 1));
			}
		}
		if (ret <= 0 || kind != R_VALUE || changed || in[i].chunk) {
			if (restore(path, kind, saved))
				n_unrestored++;
			drain_kmsg();
		}
	}
}

static char *filled(size_t len, char c, int newline)
{
	char *b = malloc(len);

	memset(b, c, len);
	if (newline && len)
		b[len - 1] = '\n';
	return b;
}

#define S(name, str, chunk) { name, (char *)(str), sizeof(str) - 1, chunk, O_TRUNC }

static struct input fixed[] = {
	S("empty", "", 0),
	S("nul-bytes", "\0\0\0\0\0\0\0\0", 0),
	S("value-nul-junk", "0\0junk\n", 0),
	{ "4k-line", NULL, 4096, 0, O_TRUNC },
	{ "64k-line", NULL, 65536, 0, O_TRUNC },
	{ "all-bytes", NULL, 256, 0, O_TRUNC },
	S("2^64", "18446744073709551616\n", 0),
	S("2^32", "4294967296\n", 0),
	S("-1", "-1\n", 0),
	S("s64-min", "-9223372036854775808\n", 0),
	S("long-number", "999999999999999999999999999999999999999999\n", 0),
	S("format", "%s%s%s%n%p%x%d%%%*.*s%c%ld\n", 0),
	S("dquote", "\"unbalanced\n", 0),
	S("squote", "'unbalanced\n", 0),
	S("filter-open", "common_pid == \"x && ((\n", 0),
	S("blanks", " \t\n\n\r\v\f", 0),
	S("2^32-bytewise", "4294967296\n", 1),
	S("junk-bytewise", "%s\"'(\\\n", 1),
	{ "append-junk", (char *)"x'%n\n", 5, 0, O_APPEND },
};

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define N_FIXED ((int)ARRAY_SIZE(fixed))

/*
 * The files of each event (enable, filter, ...) are hundreds alike: they
 * get a smaller set, so the short run stays short under TCG.
 */
static struct input fixed_event[] = {
	S("empty", "", 0),
	S("nul-bytes", "\0\0\0\0\0\0\0\0", 0),
	{ "4k-line", NULL, 4096, 0, O_TRUNC },
	S("2^64", "18446744073709551616\n", 0),
	S("-1", "-1\n", 0),
	S("format", "%s%s%s%n%p%x%d%%%*.*s%c%ld\n", 0),
	S("filter-open", "common_pid == \"x && ((\n", 0),
	S("junk-bytewise", "%s\"'(\\\n", 1),
};

#define N_FIXED_EVENT ((int)ARRAY_SIZE(fixed_event))

/* A file of one event: events/<system>/<event>/<file>. */
static int per_event(const char *path)
{
	const char *e = strstr(path + strlen(root), "/events/");
	int slashes = 0;

	if (!e)
		return 0;
	for (e += 8; *e; e++)
		slashes += *e == '/';
	return slashes == 2;
}

static unsigned long long rng;

static unsigned int rnd(void)
{
	rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
	return rng >> 33;
}

/*
 * A random input: random bytes, or a run of tokens that look like what
 * the files parse.  No tracer names, no function probe commands and no
 * lone '*', which would turn on expensive tracing for the rest of the
 * run rather than test a parser.
 */
static void random_input(struct input *in, char *buf, size_t cap)
{
	static const char *const tok[] = {
		"0", "1", "2", "-1", "+1", "01", "0x10", "4294967296",
		"18446744073709551615", "9223372036854775807", " ", "\n",
		"\t", "\"", "'", "(", ")", "==", "!=", "&&", "||", "!", "~",
		"<", ">=", "&", ":", "::", "sched", "sched:sched_switch",
		"sched_switch", "common_pid", "prev_pid", "prev_comm",
		"next_comm", "cpu", "%s", "%n", "%p", "%%", "\\", "\0", "mod",
		"nop", "no", "local", "global", "counter", "x86-tsc",
		"overwrite", "nooverwrite", "irq-info", "ff", "ffffffff",
		"*sched*", "ffffffff,ffffffff", "#", "[", "]", "?", "{", "}",
		",", ".", "/", "..", NULL
	};
	static const size_t lens[] = { 0, 1, 2, 7, 31, 255, 4095, 4096, 8191, 65536 };
	size_t len, ntok = 0, i;

	while (tok[ntok])
		ntok++;
	len = lens[rnd() % ARRAY_SIZE(lens)];
	if (rnd() % 2)
		len = rnd() % 300;
	if (len > cap)
		len = cap;
	if (rnd() % 2) {
		for (i = 0; i < len; i++)
			buf[i] = rnd();
		in->name = "random-bytes";
	} else {
		i = 0;
		while (i < len) {
			const char *t = tok[rnd() % ntok];
			size_t tl = *t ? strlen(t) : 1;

			if (i + tl > len)
				tl = len - i;
			memcpy(buf + i, t, tl);
			i += tl;
		}
		in->name = "random-tokens";
	}
	in->buf = buf;
	in->len = len;
	switch (rnd() % 4) {
	case 0:
		in->chunk = 1;
		break;
	case 1:
		in->chunk = 1 + rnd() % 7;
		break;
	default:
		in->chunk = 0;
	}
	in->flags = rnd() % 3 ? O_TRUNC : O_APPEND;
}

static long env_long(const char *name, long def)
{
	const char *v = getenv(name);

	return v && *v ? strtol(v, NULL, 0) : def;
}

int main(int argc, char **argv)
{
	struct sigaction sa = { .sa_handler = on_alarm };
	long rounds = env_long("HOSTILE_ROUNDS", 0);
	long per_file = env_long("HOSTILE_RANDOM", 8);
	unsigned long long seed = env_long("HOSTILE_SEED", 0);
	struct input *rin;
	char **rbuf;
	long r, k;
	int i, e, first;

	setvbuf(stdout, NULL, _IOLBF, 0);
	sigaction(SIGALRM, &sa, NULL);
	verbose = env_long("HOSTILE_VERBOSE", 0) > 0;
	root = argc > 1 ? argv[1] : "/sys/kernel/tracing";
	if (!is_dir(root)) {
		printf("hostile: %s is not a directory\n", root);
		return 2;
	}
	if (!seed)
		seed = (unsigned long long)getpid() * 2654435761ULL;
	rng = seed;

	fixed[3].buf = filled(4096, 'a', 1);
	fixed[4].buf = filled(65536, 'b', 1);
	fixed_event[2].buf = fixed[3].buf;
	fixed[5].buf = malloc(256);
	for (i = 0; i < 256; i++)
		fixed[5].buf[i] = i;

	kmsg = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (kmsg < 0)
		printf("hostile: no /dev/kmsg (%s): reports only in dmesg\n",
		       strerror(errno));
	else
		lseek(kmsg, 0, SEEK_END);

	walk(root, 0);
	if (!nfiles) {
		printf("hostile: no writable files under %s\n", root);
		return 2;
	}
	for (i = 0; i < nfiles; i++) {
		if (per_event(files[i]))
			hammer(files[i], fixed_event, N_FIXED_EVENT);
		else
			hammer(files[i], fixed, N_FIXED);
	}

	if (per_file < 1)
		per_file = 1;
	rin = calloc(per_file, sizeof(*rin));
	rbuf = calloc(per_file, sizeof(*rbuf));
	for (k = 0; k < per_file; k++)
		rbuf[k] = malloc(65536);
	for (r = 0; r < rounds; r++) {
		for (i = 0; i < nfiles; i++) {
			for (k = 0; k < per_file; k++)
				random_input(&rin[k], rbuf[k], 65536);
			hammer(files[i], rin, per_file);
		}
		printf("hostile: round %ld of %ld: %lu writes so far, %lu kernel reports\n",
		       r + 1, rounds, n_writes, n_reports);
	}

	printf("hostile: %s: %d files, %lu writes, %lu refused, %lu partly taken, ",
	       root, nfiles, n_writes, n_refused, n_partial);
	printf("%lu put back, %lu changed on refusal, %lu not put back, ",
	       n_restores, n_changed_on_error, n_unrestored);
	printf("%lu kernel reports, %ld random rounds (seed %llu); refusals:",
	       n_reports, rounds, seed);
	first = 1;
	for (e = 0; e < 4096; e++) {
		if (!err_counts[e])
			continue;
		printf("%s %s %lu", first ? "" : ",", strerrorname_np(e) ?: "?",
		       err_counts[e]);
		first = 0;
	}
	printf("%s\n", first ? " none" : "");
	if (n_reports)
		return 1;
	return n_unrestored ? 2 : 0;
}

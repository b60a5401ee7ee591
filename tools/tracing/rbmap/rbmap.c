// SPDX-License-Identifier: GPL-2.0
/*
 * rbmap - read every CPU's trace buffer through mmap of trace_pipe_raw
 *
 * Each CPU's per_cpu/cpuN/trace_pipe_raw is mapped (the meta page, then
 * every sub-buffer); the sub-buffer the meta page names as the reader's
 * is decoded, then TRACE_MMAP_IOCTL_GET_READER asks for the next one.
 * Where mmap() fails the CPU is read with read(), one sub-buffer a call.
 *
 * Nothing about the records is compiled in: the sub-buffer layout comes
 * from events/header_page, the event header from events/header_event and
 * each event's fields from events/SYSTEM/EVENT/format.  Events print as
 * "CPU TIMESTAMP SYSTEM:EVENT field=value ...".
 *
 * Usage: rbmap [-t TRACEFS] [-c CPU] [-r] [-n] [-d SECONDS] [-p SECONDS]
 *              [-q] [-s]
 *   -t  tracefs mount point (default /sys/kernel/tracing)
 *   -c  only this CPU
 *   -r  use read() even where mmap() works
 *   -n  stop when every CPU has nothing left to read (with -d: once
 *       the time is up)
 *   -d  read for this long
 *   -p  map, say "rbmap: ready" on stderr, then wait this long before
 *       reading
 *   -q  count events, do not print them
 *   -s  print each CPU's totals (and the meta page's counters) at the end,
 *       then "rbmap: events=N seconds=S", S the time spent reading
 *   -l  only when built with libtracefs (RBMAP_LIBTRACEFS): read CPU -c
 *       (default 0) for -d seconds (default 1) through libtracefs's
 *       tracefs_cpu_open_mapped() and print how many events it found
 *
 * SIGUSR1 ends the wait of -p and the reading of -d: what is left is read,
 * then rbmap exits.  SIGINT and SIGTERM stop it at once.
 *
 * Exit status: 0, 1 on errors (a CPU that can be neither mapped nor read,
 * a malformed format file or sub-buffer).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

#include <linux/trace_mmap.h>

#ifdef RBMAP_LIBTRACEFS
#include <tracefs.h>
#endif

#define MAX_CPUS	256
/* Flags in a sub-buffer's commit word (header_page's "overwrite"). */
#define MISSED_EVENTS	0x80000000UL
#define MISSED_STORED	0x40000000UL
#define COMMIT_FLAGS	(MISSED_EVENTS | MISSED_STORED)

struct field {
	char		*name;
	unsigned int	offset;
	unsigned int	size;
	int		is_signed;
	int		is_string;	/* char array */
	int		is_dynamic;	/* __data_loc: offset and length word */
};

struct event {
	int		id;
	char		*name;		/* system:event */
	struct field	*fields;
	int		nr_fields;
	struct event	*next;
};

/* The sub-buffer and event header layout, from header_page/header_event. */
static struct {
	unsigned int	ts_off, ts_size;
	unsigned int	commit_off, commit_size;
	unsigned int	data_off, data_size;
	unsigned int	type_len_bits, delta_bits;
	unsigned int	padding, time_extend, time_stamp, data_max;
	unsigned int	type_off, type_size;	/* common_type in a record */
} layout;

struct cpu_reader {
	int		cpu;
	int		fd;
	/* mapped */
	struct trace_buffer_meta *meta;
	size_t		meta_len;
	char		*data;
	size_t		data_len;
	unsigned int	id;		/* the sub-buffer being read */
	unsigned int	pos;		/* bytes of its data already decoded */
	/* read() */
	char		*buf;
	/* totals */
	unsigned long	events;
	unsigned long	lost;
	unsigned long	subbufs;
};

static struct event *events;
static const char *tracefs = "/sys/kernel/tracing";
static int quiet;
/* Set by signal handlers; read only after calls the compiler cannot see. */
static sig_atomic_t stop, finish;

static void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fprintf(stderr, "rbmap: ");
	vfprintf(stderr, fmt, ap);
	fprintf(stderr, "\n");
	va_end(ap);
	exit(1);
}

/* A whole tracefs file as a string, or NULL. */
static char *slurp(const char *fmt, ...)
{
	char path[512], *text = NULL;
	size_t len = 0, cap = 0;
	va_list ap;
	ssize_t n;
	int fd;

	va_start(ap, fmt);
	vsnprintf(path, sizeof(path), fmt, ap);
	va_end(ap);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return NULL;
	for (;;) {
		if (len + 4096 + 1 > cap) {
			cap = cap ? cap * 2 : 8192;
			text = realloc(text, cap);
			if (!text)
				die("out of memory");
		}
		n = read(fd, text + len, cap - len - 1);
		if (n <= 0)
			break;
		len += n;
	}
	close(fd);
	if (!text)
		return NULL;
	text[len] = '\0';
	return text;
}

/* "field: TYPE NAME;\toffset:N;\tsize:N;" in header_page, by NAME. */
static void page_field(const char *text, const char *name, unsigned int *off,
		       unsigned int *size)
{
	char key[64];
	const char *p;

	snprintf(key, sizeof(key), " %s;", name);
	p = strstr(text, key);
	if (!p || sscanf(strstr(p, "offset:"), "offset:%u;", off) != 1 ||
	    sscanf(strstr(p, "size:"), "size:%u;", size) != 1)
		die("events/header_page has no field %s", name);
}

static unsigned int header_number(const char *text, const char *key)
{
	const char *p = strstr(text, key);
	unsigned int v;

	if (!p || sscanf(p + strlen(key), " %u", &v) != 1)
		die("events/header_event has no '%s'", key);
	return v;
}

static void read_headers(void)
{
	char *page = slurp("%s/events/header_page", tracefs);
	char *ev = slurp("%s/events/header_event", tracefs);

	if (!page || !ev)
		die("cannot read %s/events/header_page and header_event",
		    tracefs);
	page_field(page, "timestamp", &layout.ts_off, &layout.ts_size);
	page_field(page, "commit", &layout.commit_off, &layout.commit_size);
	page_field(page, "data", &layout.data_off, &layout.data_size);
	layout.type_len_bits = header_number(ev, "type_len    :");
	layout.delta_bits = header_number(ev, "time_delta  :");
	layout.padding = header_number(ev, "padding     : type ==");
	layout.time_extend = header_number(ev, "time_extend : type ==");
	layout.time_stamp = header_number(ev, "time_stamp : type ==");
	layout.data_max = header_number(ev, "data max type_len  ==");
	if (layout.type_len_bits + layout.delta_bits != 32 ||
	    (layout.commit_size != 4 && layout.commit_size != 8) ||
	    layout.ts_size != 8)
		die("unexpected header layout");
	free(page);
	free(ev);
}

/* Parse one "\tfield:TYPE NAME;\toffset:N;\tsize:N;\tsigned:N;" line. */
static int parse_field(const char *line, struct field *f)
{
	const char *decl = line + strlen("\tfield:");
	const char *semi = strchr(decl, ';'), *name, *br;
	char type[256];
	size_t len;

	if (!semi || sscanf(strstr(line, "offset:"), "offset:%u;", &f->offset) != 1 ||
	    sscanf(strstr(line, "size:"), "size:%u;", &f->size) != 1)
		return -1;
	f->is_signed = !!strstr(line, "signed:1");
	len = semi - decl;
	if (len >= sizeof(type))
		return -1;
	memcpy(type, decl, len);
	type[len] = '\0';
	/* The name is the last word, without its [N]. */
	br = strchr(type, '[');
	name = br ? br : type + len;
	while (name > type && name[-1] == ' ')
		name--;
	len = name - type;
	while (name > type && name[-1] != ' ')
		name--;
	f->name = strndup(name, type + len - name);
	f->is_dynamic = !strncmp(type, "__data_loc", 10);
	f->is_string = strstr(type, "char") && (br || f->is_dynamic);
	return f->name ? 0 : -1;
}

static void read_format(const char *system, const char *name)
{
	char *text = slurp("%s/events/%s/%s/format", tracefs, system, name);
	struct event *e;
	char *line, *save;

	if (!text)
		return;
	e = calloc(1, sizeof(*e));
	if (!e || asprintf(&e->name, "%s:%s", system, name) < 0)
		die("out of memory");
	e->id = -1;
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (!strncmp(line, "ID: ", 4)) {
			e->id = atoi(line + 4);
		} else if (!strncmp(line, "\tfield:", 7)) {
			e->fields = realloc(e->fields,
					    (e->nr_fields + 1) * sizeof(*e->fields));
			if (!e->fields)
				die("out of memory");
			if (parse_field(line, &e->fields[e->nr_fields]))
				die("events/%s/%s/format: bad line '%s'",
				    system, name, line);
			if (!strcmp(e->fields[e->nr_fields].name, "common_type")) {
				layout.type_off = e->fields[e->nr_fields].offset;
				layout.type_size = e->fields[e->nr_fields].size;
			}
			e->nr_fields++;
		}
	}
	free(text);
	if (e->id < 0)
		die("events/%s/%s/format has no ID", system, name);
	e->next = events;
	events = e;
}

static void read_formats(void)
{
	char path[512];
	struct dirent *s, *d;
	DIR *top, *sys;

	snprintf(path, sizeof(path), "%s/events", tracefs);
	top = opendir(path);
	if (!top)
		die("cannot open %s", path);
	while ((s = readdir(top))) {
		if (s->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/events/%s", tracefs, s->d_name);
		sys = opendir(path);
		if (!sys)
			continue;
		while ((d = readdir(sys)))
			if (d->d_name[0] != '.')
				read_format(s->d_name, d->d_name);
		closedir(sys);
	}
	closedir(top);
	if (!layout.type_size)
		die("no event format names common_type");
}

static struct event *find_event(int id)
{
	struct event *e;

	for (e = events; e; e = e->next)
		if (e->id == id)
			return e;
	return NULL;
}

static uint64_t get_uint(const unsigned char *p, unsigned int size)
{
	uint64_t v = 0;

	memcpy(&v, p, size > 8 ? 8 : size);
	return v;
}

static void print_string(const unsigned char *p, unsigned int len)
{
	unsigned int i;

	putchar('"');
	for (i = 0; i < len && p[i]; i++) {
		if (p[i] == '\n')
			fputs("\\n", stdout);
		else if (p[i] < 32 || p[i] > 126)
			printf("\\x%02x", p[i]);
		else
			putchar(p[i]);
	}
	putchar('"');
}

static void print_field(const struct field *f, const unsigned char *rec,
			unsigned int len)
{
	const unsigned char *p = rec + f->offset;
	unsigned int size = f->size;
	uint64_t v;

	if (f->offset >= len) {
		printf(" %s=?", f->name);
		return;
	}
	printf(" %s=", f->name);
	if (f->is_dynamic) {
		v = get_uint(p, 4);
		p = rec + (v & 0xffff);
		size = v >> 16;
		if ((v & 0xffff) + size > len) {
			printf("?");
			return;
		}
	} else if (!size || f->offset + size > len) {
		/* A trailing array of no fixed size runs to the record's end. */
		size = len - f->offset;
	}
	if (f->is_string) {
		print_string(p, size);
	} else if (size == 1 || size == 2 || size == 4 || size == 8) {
		v = get_uint(p, size);
		if (f->is_signed && size < 8 && (v >> (size * 8 - 1)))
			v |= ~0ULL << (size * 8);
		if (f->is_signed)
			printf("%lld", (long long)v);
		else
			printf("0x%llx", (unsigned long long)v);
	} else {
		printf("<%u bytes>", size);
	}
}

static void print_record(int cpu, uint64_t ts, const unsigned char *rec,
			 unsigned int len)
{
	int id = (int)get_uint(rec + layout.type_off, layout.type_size);
	struct event *e = find_event(id);
	int i;

	printf("%d %llu.%09llu ", cpu, (unsigned long long)(ts / 1000000000),
	       (unsigned long long)(ts % 1000000000));
	if (!e) {
		printf("unknown-event-%d len=%u\n", id, len);
		return;
	}
	printf("%s", e->name);
	for (i = 0; i < e->nr_fields; i++)
		if (strncmp(e->fields[i].name, "common_", 7))
			print_field(&e->fields[i], rec, len);
	putchar('\n');
}

static uint32_t get_u32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

/*
 * Decode the events of one sub-buffer's data from *@pos up to @end,
 * with @ts the time of the event before *@pos.  Return the number of
 * data events, or -1 if the sub-buffer is malformed.
 */
static long decode(struct cpu_reader *r, const unsigned char *data,
		   unsigned int *pos, unsigned int end, uint64_t *ts)
{
	unsigned int type_mask = (1U << layout.type_len_bits) - 1;
	unsigned int off = *pos, type, size, len;
	const unsigned char *rec;
	uint32_t w, delta;
	long n = 0;

	while (off + 4 <= end) {
		w = get_u32(data + off);
		type = w & type_mask;
		delta = w >> layout.type_len_bits;
		if (type == layout.padding) {
			if (!delta)
				break;	/* the rest of the sub-buffer is empty */
			size = get_u32(data + off + 4) + 4;
		} else if (type == layout.time_extend) {
			*ts += ((uint64_t)get_u32(data + off + 4) <<
				layout.delta_bits) | delta;
			size = 8;
		} else if (type == layout.time_stamp) {
			uint64_t abs = ((uint64_t)get_u32(data + off + 4) <<
					layout.delta_bits) | delta;
			uint64_t mask = (1ULL << (layout.delta_bits + 32)) - 1;

			*ts = (*ts & ~mask) | abs;
			size = 8;
		} else {
			if (type) {
				len = type * 4;
				rec = data + off + 4;
			} else {
				len = get_u32(data + off + 4);
				if (len < 4)
					return -1;
				len -= 4;
				rec = data + off + 8;
			}
			size = rec - (data + off) + len;
			if (off + size > end || len < layout.type_size)
				return -1;
			*ts += delta;
			if (!quiet)
				print_record(r->cpu, *ts, rec, len);
			n++;
		}
		if (size < 4 || off + size > end)
			return -1;
		off += size;
	}
	*pos = end;
	return n;
}

/* The committed length of a sub-buffer, and the events lost before it. */
static unsigned int subbuf_commit(const unsigned char *sb, unsigned long *lost)
{
	uint64_t commit = get_uint(sb + layout.commit_off, layout.commit_size);
	unsigned int len = commit & ~COMMIT_FLAGS;

	*lost = 0;
	if (len > layout.data_size)
		return 0;
	if ((commit & MISSED_EVENTS) && (commit & MISSED_STORED) &&
	    len + sizeof(long) <= layout.data_size)
		memcpy(lost, sb + layout.data_off + len, sizeof(long));
	else if (commit & MISSED_EVENTS)
		*lost = 1;	/* some, how many is unknown */
	return len;
}

/*
 * Decode the rest of the reader sub-buffer of a mapped CPU.  Its events
 * were accounted as read when the kernel handed it over; a kernel that
 * lets writers add to it (Linux 6.12) may have grown it since, so the
 * commit word is read again each time.
 */
static long read_mapped_subbuf(struct cpu_reader *r)
{
	const unsigned char *sb = (unsigned char *)r->data +
				  (size_t)r->id * r->meta->subbuf_size;
	unsigned long lost;
	unsigned int end = subbuf_commit(sb, &lost);
	uint64_t ts;
	long n;

	if (end <= r->pos)
		return 0;
	/* Time stamps count from the sub-buffer's: decode from its start. */
	memcpy(&ts, sb + layout.ts_off, 8);
	if (r->pos) {
		unsigned int p = 0;
		int q = quiet;

		quiet = 1;
		n = decode(r, sb + layout.data_off, &p, r->pos, &ts);
		quiet = q;
		if (n < 0)
			return -1;
	}
	n = decode(r, sb + layout.data_off, &r->pos, end, &ts);
	if (n > 0)
		r->events += n;
	return n;
}

/* Up to this many sub-buffers of one CPU at a time, to be fair to others. */
#define BATCH	64

static long step_mapped(struct cpu_reader *r)
{
	unsigned long lost;
	long n, total = 0;
	int k;

	for (k = 0; k < BATCH; k++) {
		n = read_mapped_subbuf(r);
		if (n < 0)
			return -1;
		total += n;
		if (ioctl(r->fd, TRACE_MMAP_IOCTL_GET_READER) < 0) {
			if (errno == EINTR || errno == EAGAIN)
				return total;
			fprintf(stderr, "rbmap: cpu%d: GET_READER: %s\n",
				r->cpu, strerror(errno));
			return -1;
		}
		if (r->meta->reader.id == r->id) {
			/* The same sub-buffer: anything new was added to it. */
			n = read_mapped_subbuf(r);
			if (n < 0)
				return -1;
			return total + n;
		}
		if (r->meta->reader.id >= r->meta->nr_subbufs) {
			fprintf(stderr, "rbmap: cpu%d: reader id %u out of range\n",
				r->cpu, r->meta->reader.id);
			return -1;
		}
		r->id = r->meta->reader.id;
		r->pos = 0;
		r->subbufs++;
		subbuf_commit((unsigned char *)r->data +
			      (size_t)r->id * r->meta->subbuf_size, &lost);
		if (lost) {
			r->lost += lost;
			if (!quiet)
				printf("%d lost %lu events\n", r->cpu, lost);
		}
	}
	return total;
}

static long step_read(struct cpu_reader *r)
{
	size_t size = layout.data_off + layout.data_size;
	unsigned long lost;
	unsigned int pos = 0, end;
	long n, total = 0;
	uint64_t ts;
	ssize_t got;
	int k;

	for (k = 0; k < BATCH; k++) {
		got = read(r->fd, r->buf, size);
		if (got < 0 && (errno == EAGAIN || errno == EINTR))
			return total;
		if (got < 0) {
			fprintf(stderr, "rbmap: cpu%d: read: %s\n", r->cpu,
				strerror(errno));
			return -1;
		}
		if (got == 0)
			return total;
		if ((size_t)got < layout.data_off)
			return -1;
		end = subbuf_commit((unsigned char *)r->buf, &lost);
		if (end > got - layout.data_off)
			return -1;
		if (lost) {
			r->lost += lost;
			if (!quiet)
				printf("%d lost %lu events\n", r->cpu, lost);
		}
		memcpy(&ts, r->buf + layout.ts_off, 8);
		pos = 0;
		n = decode(r, (unsigned char *)r->buf + layout.data_off, &pos,
			   end, &ts);
		if (n < 0)
			return -1;
		r->events += n;
		r->subbufs++;
		total += n;
	}
	return total;
}

static int map_cpu(struct cpu_reader *r)
{
	long page = sysconf(_SC_PAGESIZE);
	void *p;

	p = mmap(NULL, page, PROT_READ, MAP_SHARED, r->fd, 0);
	if (p == MAP_FAILED)
		return -1;
	r->meta = p;
	r->meta_len = r->meta->meta_page_size;
	if (r->meta_len != (size_t)page) {
		/* The meta page is padded to a whole sub-buffer. */
		munmap(p, page);
		p = mmap(NULL, r->meta_len, PROT_READ, MAP_SHARED, r->fd, 0);
		if (p == MAP_FAILED)
			return -1;
		r->meta = p;
	}
	r->data_len = (size_t)r->meta->subbuf_size * r->meta->nr_subbufs;
	p = mmap(NULL, r->data_len, PROT_READ, MAP_SHARED, r->fd, r->meta_len);
	if (p == MAP_FAILED) {
		munmap(r->meta, r->meta_len);
		r->meta = NULL;
		return -1;
	}
	r->data = p;
	if (r->meta->subbuf_size != layout.data_off + layout.data_size) {
		fprintf(stderr, "rbmap: cpu%d: sub-buffer size %u, header_page says %u\n",
			r->cpu, r->meta->subbuf_size,
			layout.data_off + layout.data_size);
		return -1;
	}
	/* What read() consumed of the current reader sub-buffer is skipped. */
	r->id = r->meta->reader.id;
	r->pos = r->meta->reader.read;
	return 0;
}

static int open_cpu(struct cpu_reader *r, int cpu, int use_read)
{
	char path[512];

	memset(r, 0, sizeof(*r));
	r->cpu = cpu;
	snprintf(path, sizeof(path), "%s/per_cpu/cpu%d/trace_pipe_raw",
		 tracefs, cpu);
	r->fd = open(path, O_RDONLY | O_NONBLOCK);
	if (r->fd < 0)
		return -1;
	if (!use_read && !map_cpu(r))
		return 0;
	if (!use_read)
		fprintf(stderr, "rbmap: cpu%d: mmap failed (%s), using read()\n",
			cpu, strerror(errno));
	r->buf = malloc(layout.data_off + layout.data_size);
	if (!r->buf)
		die("out of memory");
	return 0;
}

static void close_cpu(struct cpu_reader *r, int stats)
{
	if (stats) {
		printf("cpu%d: %s events=%lu lost=%lu subbufs=%lu", r->cpu,
		       r->meta ? "mmap" : "read", r->events, r->lost,
		       r->subbufs);
		if (r->meta) {
			printf(" meta: entries=%llu overrun=%llu read=%llu",
			       (unsigned long long)r->meta->entries,
			       (unsigned long long)r->meta->overrun,
			       (unsigned long long)r->meta->read);
			printf(" nr_subbufs=%u subbuf_size=%u",
			       r->meta->nr_subbufs, r->meta->subbuf_size);
		}
		putchar('\n');
	}
	if (r->meta) {
		munmap(r->data, r->data_len);
		munmap(r->meta, r->meta_len);
	}
	free(r->buf);
	close(r->fd);
}

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

static void on_signal(int sig)
{
	if (sig == SIGUSR1)
		finish = 1;
	else
		stop = 1;
}

#ifdef RBMAP_LIBTRACEFS
/*
 * With a libtracefs that has tracefs_cpu_open_mapped() (1.8 and later),
 * -l reads through it instead, to compare with this program's decoder:
 * only the number of events per CPU is printed.
 */
static int read_libtracefs(int cpu, int seconds)
{
	struct tracefs_cpu *tcpu;
	struct kbuffer *kbuf;
	unsigned long long ts;
	unsigned long n = 0;
	double end = now() + seconds;

	tcpu = tracefs_cpu_open_mapped(NULL, cpu, true);
	if (!tcpu)
		return -1;
	while (now() < end) {
		kbuf = tracefs_cpu_read_buf(tcpu, true);
		if (!kbuf) {
			usleep(1000);
			continue;
		}
		while (kbuffer_read_event(kbuf, &ts)) {
			n++;
			kbuffer_next_event(kbuf, NULL);
		}
	}
	printf("cpu%d: libtracefs events=%lu\n", cpu, n);
	tracefs_cpu_close(tcpu);
	return 0;
}
#endif

int main(int argc, char **argv)
{
	static struct cpu_reader cpus[MAX_CPUS];
	int only = -1, use_read = 0, drain = 0, stats = 0, nr = 0, i, opt;
	double duration = -1, pause_s = 0, until, start;
	unsigned long total = 0;
	struct pollfd pfd[MAX_CPUS];
	long n, got;
	int err = 0;

	while ((opt = getopt(argc, argv, "t:c:rnd:p:qsl")) != -1) {
		switch (opt) {
		case 't':
			tracefs = optarg;
			break;
		case 'c':
			only = atoi(optarg);
			break;
		case 'r':
			use_read = 1;
			break;
		case 'n':
			drain = 1;
			break;
		case 'd':
			duration = atof(optarg);
			break;
		case 'p':
			pause_s = atof(optarg);
			break;
		case 'q':
			quiet = 1;
			break;
		case 's':
			stats = 1;
			break;
#ifdef RBMAP_LIBTRACEFS
		case 'l':
			return read_libtracefs(only < 0 ? 0 : only,
					       duration < 0 ? 1 : duration) ? 1 : 0;
#endif
		default:
			fputs("usage: rbmap [-t TRACEFS] [-c CPU] [-r] [-n] [-d SECONDS]\n",
			      stderr);
			fputs("             [-p SECONDS] [-q] [-s]\n", stderr);
			return 1;
		}
	}
	read_headers();
	read_formats();
	setvbuf(stdout, NULL, _IOFBF, 1 << 16);

	for (i = 0; i < MAX_CPUS; i++) {
		if (only >= 0 && i != only)
			continue;
		if (open_cpu(&cpus[nr], i, use_read)) {
			if (errno == ENOENT)
				continue;
			die("cpu%d: cannot open trace_pipe_raw: %s", i,
			    strerror(errno));
		}
		pfd[nr].fd = cpus[nr].fd;
		pfd[nr].events = POLLIN;
		nr++;
	}
	if (!nr)
		die("no CPU's trace_pipe_raw under %s/per_cpu", tracefs);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGUSR1, on_signal);
	if (pause_s > 0) {
		until = now() + pause_s;
		fprintf(stderr, "rbmap: ready\n");
		while (!finish && !stop && now() < until)
			usleep(10000);
	}

	start = now();
	until = duration >= 0 ? start + duration : 0;
	while (!stop) {
		if (finish) {
			drain = 1;
			until = 0;
		}
		got = 0;
		for (i = 0; i < nr; i++) {
			n = cpus[i].meta ? step_mapped(&cpus[i]) :
					   step_read(&cpus[i]);
			if (n < 0) {
				fprintf(stderr, "rbmap: cpu%d: malformed data\n",
					cpus[i].cpu);
				err = 1;
				stop = 1;
				break;
			}
			got += n;
		}
		if (until && now() >= until) {
			if (!drain)
				break;
			until = 0;
		}
		if (got)
			continue;
		/* Nothing new anywhere. */
		if (drain && !until)
			break;
		poll(pfd, nr, 100);
	}
	start = now() - start;
	fflush(stdout);
	for (i = 0; i < nr; i++) {
		total += cpus[i].events;
		close_cpu(&cpus[i], stats);
	}
	if (stats)
		printf("rbmap: events=%lu seconds=%.6f\n", total, start);
	return err;
}

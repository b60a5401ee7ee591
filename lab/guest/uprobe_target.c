// SPDX-License-Identifier: GPL-2.0
/*
 * uprobe_target: a program for the uprobe event tests to probe.
 *
 *   uprobe_target offsets	print the file offsets of uprobe_target_func()
 *				and of uprobe_target_magic, and the function's
 *				address: "0x<f> 0x<m> 0x<a>"
 *   uprobe_target [N]		call uprobe_target_func(i, "hello-<i>", &pair)
 *				for i = 1..N (3 if N is not given)
 *
 * uprobe_target_func(n, s, p) takes n in %di, s in %si and p in %dx at
 * its first instruction, and returns 10 * n + p->x; pair is { 7, 42 }.
 * uprobe_target_magic is a constant in the file, 0x5eed1e55.
 */
#define _GNU_SOURCE
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pair {
	long x;
	long y;
};

const long uprobe_target_magic __attribute__((used)) = 0x5eed1e55;
static struct pair pair = { 7, 42 };
static volatile long sink;

__attribute__((noinline, noclone, used))
long uprobe_target_func(long n, const char *s, const struct pair *p)
{
	/* Keep the call and its arguments as written. */
	asm volatile("" : : "r"(s), "r"(p) : "memory");
	return 10 * n + p->x;
}

struct lookup {
	unsigned long addr;
	unsigned long offset;
};

/* The file offset of lookup->addr, from the PT_LOAD segment holding it. */
static int find_offset(struct dl_phdr_info *info, size_t size, void *data)
{
	struct lookup *l = data;
	unsigned long vaddr = l->addr - info->dlpi_addr;
	int i;

	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];

		if (ph->p_type == PT_LOAD && vaddr >= ph->p_vaddr &&
		    vaddr < ph->p_vaddr + ph->p_memsz) {
			l->offset = vaddr - ph->p_vaddr + ph->p_offset;
			return 1;
		}
	}
	return 0;
}

static unsigned long file_offset(const void *addr)
{
	struct lookup l = { (unsigned long)addr, 0 };

	if (!dl_iterate_phdr(find_offset, &l)) {
		fprintf(stderr, "uprobe_target: %p is in no segment\n", addr);
		exit(1);
	}
	return l.offset;
}

int main(int argc, char **argv)
{
	char buf[32];
	int i, n = 3;

	if (argc > 1 && !strcmp(argv[1], "offsets")) {
		printf("0x%lx 0x%lx %p\n",
		       file_offset((void *)uprobe_target_func),
		       file_offset(&uprobe_target_magic),
		       (void *)uprobe_target_func);
		return 0;
	}
	if (argc > 1)
		n = atoi(argv[1]);
	for (i = 1; i <= n; i++) {
		snprintf(buf, sizeof(buf), "hello-%d", i);
		sink += uprobe_target_func(i, buf, &pair);
	}
	return 0;
}

/* /init of a coverage boot (target_coverage): the guest of init.c, which at the end of the
 * run prints the kernel's gcov data on the console, then resets the guest.
 *
 * rcutorture ends a run by cleaning up (rcu_barrier(), cleanup_srcu_struct(), ...) and then
 * calling kernel_power_off(); without ACPI that prints `reboot: Power down` and returns, and
 * the guest keeps running. So this init waits for that line in the kernel log (counts taken
 * earlier would miss the cleanup), then prints every .gcda file of debugfs's gcov tree as
 * kernel log records through /dev/kmsg (boot with printk.devkmsg=on: no rate limit), which
 * the console shows whole, never cut by other kernel lines:
 *
 *   mutorture-gcov-file: PATH SIZE     PATH relative to /sys/kernel/debug/gcov
 *   mutorture-gcov-data: HEX           up to 96 bytes of the file, upper-case hex
 *   mutorture-gcov-end: COUNT          after the last file
 *
 * and resets the guest (qemu -no-reboot then exits). init.c is included, not copied, and
 * stays unchanged: normal test kernels do not depend on this file.
 */
#define main init_main /* init.c's endless loop, unused here */
#include "init.c"
#undef main

#define GCOV_ROOT "/debug/gcov"
#define POWER_DOWN "reboot: Power down"
#define CHUNK 96

static char log_buf[16384];
static unsigned char file_buf[1 << 20];
static char line[640]; /* a header (a path below 512 bytes) or a data line */
static int kmsg = -1;
static int files;

/* Appends text at *end (line has room for any header or data line). */
static void put(char **end, const char *text)
{
	while (*text)
		*(*end)++ = *text++;
}

/* Appends the decimal form of value. */
static void put_number(char **end, unsigned long value)
{
	char digits[24];
	int n = 0;

	do {
		digits[n++] = '0' + value % 10;
		value /= 10;
	} while (value);
	while (n)
		*(*end)++ = digits[--n];
}

/* Writes line, up to end, as one kernel log record. */
static void emit(char *end)
{
	*end++ = '\n';
	write(kmsg, line, end - line);
}

/* Whether the kernel has printed POWER_DOWN: rcutorture's cleanup is over. */
static int powered_down(void)
{
	/* SYSLOG_ACTION_READ_ALL: the most recent records that fit, not consumed. */
	long n = my_syscall3(__NR_syslog, 3, log_buf, sizeof(log_buf));
	long i, j;

	for (i = 0; i + (long)sizeof(POWER_DOWN) - 1 <= n; i++) {
		for (j = 0; POWER_DOWN[j] && log_buf[i + j] == POWER_DOWN[j]; j++)
			;
		if (!POWER_DOWN[j])
			return 1;
	}
	return 0;
}

/* Prints the gcov file at path (name: path below GCOV_ROOT). */
static void dump_file(const char *path, const char *name)
{
	static const char hex[] = "0123456789ABCDEF";
	unsigned long size = 0, at;
	long n;
	char *end;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return;
	while (size < sizeof(file_buf) &&
	       (n = read(fd, file_buf + size, sizeof(file_buf) - size)) > 0)
		size += n;
	close(fd);
	end = line;
	put(&end, "mutorture-gcov-file: ");
	put(&end, name);
	put(&end, " ");
	put_number(&end, size);
	emit(end);
	for (at = 0; at < size; at += CHUNK) {
		end = line;
		put(&end, "mutorture-gcov-data: ");
		for (unsigned long i = at; i < size && i < at + CHUNK; i++) {
			*end++ = hex[file_buf[i] >> 4];
			*end++ = hex[file_buf[i] & 15];
		}
		emit(end);
	}
	files++;
}

/* Walks the directory path (at most depth levels deep) and prints every .gcda file. */
static void dump_dir(const char *path, int depth)
{
	char dents[4096];
	char child[512];
	struct linux_dirent64 *d;
	int fd = open(path, O_RDONLY | O_DIRECTORY);
	long n, off;

	if (fd < 0 || depth <= 0)
		goto out;
	while ((n = getdents64(fd, (void *)dents, sizeof(dents))) > 0) {
		for (off = 0; off < n; off += d->d_reclen) {
			size_t plen = strlen(path), nlen;

			d = (void *)(dents + off);
			nlen = strlen(d->d_name);
			if (d->d_name[0] == '.' &&
			    (!d->d_name[1] || (d->d_name[1] == '.' && !d->d_name[2])))
				continue;
			if (plen + 1 + nlen >= sizeof(child))
				continue;
			memcpy(child, path, plen);
			child[plen] = '/';
			memcpy(child + plen + 1, d->d_name, nlen + 1);
			if (d->d_type == DT_DIR) {
				dump_dir(child, depth - 1);
				continue;
			}
			if (d->d_type == DT_REG && nlen > 5 && !strcmp(d->d_name + nlen - 5, ".gcda"))
				dump_file(child, child + sizeof(GCOV_ROOT));
		}
	}
out:
	if (fd >= 0)
		close(fd);
}

int main(void)
{
	char *end;

	mkdir("/dev", 0755);
	mknod("/dev/kmsg", S_IFCHR | 0600, makedev(1, 11));
	kmsg = open("/dev/kmsg", O_WRONLY);
	while (!powered_down()) {
		sleep(1);
		spin_ms(20);
	}
	mkdir("/debug", 0755);
	mount("debugfs", "/debug", "debugfs", 0, NULL);
	dump_dir(GCOV_ROOT, 32);
	end = line;
	put(&end, "mutorture-gcov-end: ");
	put_number(&end, files);
	emit(end);
	reboot(LINUX_REBOOT_CMD_RESTART);
	return 1;
}

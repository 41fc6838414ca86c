/* /init of the test guest: never exits, and alternates idle with user-mode spinning.
 *
 * rcutorture runs inside the kernel; the guest only needs a PID 1 that stays alive
 * (PID 1 exiting panics the kernel). Spending part of each second in user mode makes
 * the scheduler tick see user-mode time, which Tiny RCU treats as a quiescent state,
 * so that path is exercised alongside idle. Built with the kernel's nolibc
 * (tools/include/nolibc), static, no C library: the binary is a few kilobytes.
 */

static volatile unsigned long spin_sink;

/* Spins in user mode for about ms milliseconds of wall time. */
static void spin_ms(long ms)
{
	struct timeval start, now;
	long elapsed_us;

	if (gettimeofday(&start, NULL))
		return;
	do {
		for (unsigned long i = 0; i < 10000; i++)
			spin_sink = i * i;
		if (gettimeofday(&now, NULL))
			return;
		elapsed_us = (now.tv_sec - start.tv_sec) * 1000000L +
			     (now.tv_usec - start.tv_usec);
	} while (elapsed_us < ms * 1000L);
}

int main(void)
{
	for (;;) {
		sleep(1);
		spin_ms(20);
	}
	return 0;
}

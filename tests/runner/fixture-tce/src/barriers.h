/*
 * The kernel's barriers, as the kernel defines them for each architecture (asm/barrier.h):
 * on x86-64 smp_rmb() and smp_wmb() are compiler barriers only (TSO orders loads with loads
 * and stores with stores) and smp_mb() is a locked add; on arm64 each is its own dmb. So
 * deleting an smp_mb() and weakening it to smp_wmb() compile to the same x86 code and to
 * different arm64 code: the pair the equivalence pass must not call duplicates.
 */
#ifndef FIXTURE_BARRIERS_H
#define FIXTURE_BARRIERS_H

#define barrier() __asm__ __volatile__("" ::: "memory")

#if defined(__aarch64__)
#define smp_mb() __asm__ __volatile__("dmb ish" ::: "memory")
#define smp_rmb() __asm__ __volatile__("dmb ishld" ::: "memory")
#define smp_wmb() __asm__ __volatile__("dmb ishst" ::: "memory")
#elif defined(__x86_64__)
#define smp_mb() __asm__ __volatile__("lock; addl $0,-4(%%rsp)" ::: "memory", "cc")
#define smp_rmb() barrier()
#define smp_wmb() barrier()
#else
#error "the fixture knows the barriers of x86-64 and arm64 only"
#endif

#define READ_ONCE(x) (*(const volatile __typeof__(x) *)&(x))
#define WRITE_ONCE(x, v) (*(volatile __typeof__(x) *)&(x) = (v))

#endif

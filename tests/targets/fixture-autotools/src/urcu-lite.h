/* The few liburcu primitives publish.c uses, as liburcu defines them for each architecture
 * (urcu/arch/x86.h, urcu/arch/arm64.h, urcu/uatomic): on x86-64 cmm_smp_wmb() is a compiler
 * barrier (TSO keeps stores in order) and an acquire load is a plain mov; on arm64 the barrier
 * is a dmb and the acquire load an ldar. So deleting the barrier, or weakening the acquire to
 * relaxed, compiles to the same x86 code and to different arm64 code: weak_memory. */
#ifndef URCU_LITE_H
#define URCU_LITE_H

#define cmm_barrier() __asm__ __volatile__("" ::: "memory")
#if defined(__aarch64__)
#define cmm_smp_wmb() __asm__ __volatile__("dmb ishst" ::: "memory")
#elif defined(__x86_64__)
#define cmm_smp_wmb() cmm_barrier()
#else
#error "urcu-lite knows the barriers of x86-64 and arm64 only"
#endif

#define CMM_RELAXED __ATOMIC_RELAXED
#define CMM_CONSUME __ATOMIC_CONSUME
#define CMM_ACQUIRE __ATOMIC_ACQUIRE
#define CMM_LOAD_SHARED(x) (*(volatile __typeof__(x) *)&(x))
#define CMM_STORE_SHARED(x, v) (*(volatile __typeof__(x) *)&(x) = (v))
#define uatomic_load(addr, mo) __atomic_load_n((addr), (mo))

#endif

/*
 * Memory-ordering and atomic primitives of toy-rcu, spelled with liburcu's names so that the
 * mutator's rule sets (which match on primitive names) apply; written here from scratch over
 * GCC's __atomic builtins.
 *
 * Invariants: every access to data shared between threads goes through one of these macros
 * (so ThreadSanitizer sees atomics, never plain racing accesses); "shared" loads and stores
 * are single relaxed atomic accesses, the uatomic read-modify-writes without _return are
 * relaxed, and xchg/cmpxchg are full barriers, as in liburcu.
 */
#ifndef TOY_RCU_PRIMS_H
#define TOY_RCU_PRIMS_H

/* Compiler-only barrier: stops the compiler, not the CPU, from moving accesses across it. */
#define cmm_barrier() __atomic_signal_fence(__ATOMIC_SEQ_CST)

/* Full barrier: orders earlier loads and stores before later ones (mfence on x86). */
#define cmm_smp_mb() __atomic_thread_fence(__ATOMIC_SEQ_CST)
/* Read barrier: orders earlier loads before later loads. */
#define cmm_smp_rmb() __atomic_thread_fence(__ATOMIC_ACQUIRE)
/* Write barrier: orders earlier stores before later stores. */
#define cmm_smp_wmb() __atomic_thread_fence(__ATOMIC_RELEASE)

/* One untorn access to a variable other threads use concurrently. */
#define CMM_LOAD_SHARED(x) __atomic_load_n(&(x), __ATOMIC_RELAXED)
#define CMM_STORE_SHARED(x, v) __atomic_store_n(&(x), (v), __ATOMIC_RELAXED)

#define uatomic_read(addr) __atomic_load_n((addr), __ATOMIC_RELAXED)
#define uatomic_set(addr, v) __atomic_store_n((addr), (v), __ATOMIC_RELAXED)
#define uatomic_add(addr, v) ((void)__atomic_add_fetch((addr), (v), __ATOMIC_RELAXED))
#define uatomic_inc(addr) uatomic_add((addr), 1)
#define uatomic_dec(addr) uatomic_add((addr), -1)
#define uatomic_add_return(addr, v) __atomic_add_fetch((addr), (v), __ATOMIC_SEQ_CST)
#define uatomic_xchg(addr, v) __atomic_exchange_n((addr), (v), __ATOMIC_SEQ_CST)
/* Returns the value found at addr: the swap happened if and only if it equals old. */
#define uatomic_cmpxchg(addr, old, v)                                                     \
	__extension__({                                                                   \
		__typeof__(*(addr)) uatomic_old_ = (old);                                 \
		__atomic_compare_exchange_n((addr), &uatomic_old_, (v), 0,                \
					    __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);          \
		uatomic_old_;                                                             \
	})

/* Tells the CPU this is a spin-wait loop (pause on x86, yield on arm64: the equivalence pass
 * also compiles for aarch64). */
#if defined(__aarch64__)
#define caa_cpu_relax() __asm__ __volatile__("yield" ::: "memory")
#else
#define caa_cpu_relax() __builtin_ia32_pause()
#endif

/*
 * Publication and subscription of RCU-protected pointers: a reader that loads p through
 * rcu_dereference sees the stores made before rcu_assign_pointer published it.
 */
#define rcu_dereference(p) __atomic_load_n(&(p), __ATOMIC_CONSUME)
#define rcu_assign_pointer(p, v) __atomic_store_n(&(p), (v), __ATOMIC_RELEASE)
#define rcu_xchg_pointer(p, v) __atomic_exchange_n((p), (v), __ATOMIC_SEQ_CST)

#endif

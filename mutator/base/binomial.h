/* How much a few torture runs say: bounds on the per-run probability that the torture suite
 * catches a mutant, from k catches in n runs (binomial, 95% confidence). */
#ifndef MUTORTURE_BINOMIAL_H
#define MUTORTURE_BINOMIAL_H

/* The one-sided 95% upper bound on a probability never seen in n runs: 1 - 0.05^(1/n) (the
 * "rule of three" is its approximation 3/n); 1 when n is 0. */
double binomial_upper_zero(long n);

/* The two-sided 95% Clopper-Pearson interval [lo, hi] for k events in n runs (0 <= k <= n,
 * n >= 1): exact, never narrower than the data allow. */
void binomial_interval(long k, long n, double *lo, double *hi);

#endif

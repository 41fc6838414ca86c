/* Binomial bounds; see binomial.h. The Clopper-Pearson limits are the p at which the binomial
 * tail reaches 2.5%, found by bisection on the tail sum: n is a handful of torture runs, so
 * the sums are short and exact enough in double precision. */
#include "binomial.h"

#include <math.h>

#include "util.h"

double binomial_upper_zero(long n)
{
	return n <= 0 ? 1.0 : 1.0 - pow(0.05, 1.0 / (double)n);
}

/* P(X >= k) for X ~ Binomial(n, p). */
static double tail_at_least(long k, long n, double p)
{
	double sum = 0, term = pow(1 - p, (double)n); /* P(X = 0) */
	for (long i = 0; i <= n; i++) {
		if (i >= k)
			sum += term;
		if (i < n)
			term = p < 1 ? term * (double)(n - i) / (double)(i + 1) * p / (1 - p) : 0;
	}
	return p >= 1 ? 1.0 : sum;
}

/* The p in [0, 1] where f(p) = target for f increasing in p. */
static double solve_increasing(double (*f)(long, long, double), long k, long n, double target)
{
	double lo = 0, hi = 1;
	for (int i = 0; i < 60; i++) {
		double mid = (lo + hi) / 2;
		if (f(k, n, mid) < target)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

/* P(X >= k + 1): the upper limit is the p where P(X <= k) falls to 2.5%, i.e. where this
 * rises to 97.5%. */
static double tail_above(long k, long n, double p)
{
	return tail_at_least(k + 1, n, p);
}

void binomial_interval(long k, long n, double *lo, double *hi)
{
	if (n < 1 || k < 0 || k > n)
		BUG("binomial interval of %ld in %ld", k, n);
	/* lo: P(X >= k) = 2.5%; hi: P(X <= k) = 2.5%, i.e. P(X >= k + 1) = 97.5%. */
	*lo = k == 0 ? 0.0 : solve_increasing(tail_at_least, k, n, 0.025);
	*hi = k == n ? 1.0 : solve_increasing(tail_above, k, n, 0.975);
}

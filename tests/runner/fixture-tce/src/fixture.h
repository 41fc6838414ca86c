/* What main.c (the fixture's torture) calls in mp.c and ring.c. */
#ifndef FIXTURE_H
#define FIXTURE_H

extern int data, flag;
void publish(int v);
int sum_slots(const int *slot, int n);
int online(unsigned long ctr);
void *online_record(void *record, unsigned long ctr);
int odd(unsigned long ctr);

#endif

/*
 * call_rcu() and rcu_barrier() for every real flavour: callbacks wait in one FIFO queue; a
 * background thread takes the whole queue, waits for a grace period, then runs the batch.
 *
 * Invariants: a callback runs only after a grace period that began after call_rcu() queued
 * it (the batch is taken before synchronize_rcu() starts); callbacks run one at a time in
 * queue order, so a callback queued by rcu_barrier() runs after every earlier one; the
 * callback thread never registers as a reader.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rcu.h"

static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t queue_nonempty = PTHREAD_COND_INITIALIZER;
static pthread_cond_t barrier_done = PTHREAD_COND_INITIALIZER;
static struct rcu_head *queue_head;
static struct rcu_head **queue_tail = &queue_head;
static pthread_once_t thread_once = PTHREAD_ONCE_INIT;

static void *callback_thread(void *unused)
{
	struct rcu_head *batch, *next;

	(void)unused;
	for (;;) {
		pthread_mutex_lock(&queue_lock);
		while (!queue_head)
			pthread_cond_wait(&queue_nonempty, &queue_lock);
		batch = queue_head;
		queue_head = NULL;
		queue_tail = &queue_head;
		pthread_mutex_unlock(&queue_lock);

		synchronize_rcu();
		for (; batch; batch = next) {
			/* The callback may queue its head again, which rewrites next. */
			next = batch->next;
			batch->func(batch);
		}
	}
	return NULL;
}

static void start_callback_thread(void)
{
	pthread_t thread;
	int err = pthread_create(&thread, NULL, callback_thread, NULL);

	if (err) {
		fprintf(stderr, "fatal: cannot start the call_rcu thread: %s\n", strerror(err));
		exit(128);
	}
	pthread_detach(thread);
}

void call_rcu(struct rcu_head *head, void (*func)(struct rcu_head *head))
{
	pthread_once(&thread_once, start_callback_thread);
	head->func = func;
	head->next = NULL;
	pthread_mutex_lock(&queue_lock);
	*queue_tail = head;
	queue_tail = &head->next;
	pthread_cond_signal(&queue_nonempty);
	pthread_mutex_unlock(&queue_lock);
}

struct barrier_marker {
	struct rcu_head head;
	bool done;
};

static void barrier_callback(struct rcu_head *head)
{
	struct barrier_marker *marker = (struct barrier_marker *)head;

	pthread_mutex_lock(&queue_lock);
	marker->done = true;
	pthread_cond_broadcast(&barrier_done);
	pthread_mutex_unlock(&queue_lock);
}

void rcu_barrier(void)
{
	struct barrier_marker marker = { .done = false };

	call_rcu(&marker.head, barrier_callback);
	pthread_mutex_lock(&queue_lock);
	while (!marker.done)
		pthread_cond_wait(&barrier_done, &queue_lock);
	pthread_mutex_unlock(&queue_lock);
}

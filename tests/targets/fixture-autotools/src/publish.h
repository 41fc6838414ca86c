/* publish: a configuration one thread publishes and others read (see publish.c). */
#ifndef PUBLISH_H
#define PUBLISH_H

struct config {
	int a, b;
};

void config_publish(struct config *c, int a, int b);
int config_sum(void);

#endif

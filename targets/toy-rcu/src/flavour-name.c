/*
 * The flavour name a torture binary reports and answers to (--flavour), compiled once per
 * binary with TORTURE_FLAVOUR set by the Makefile, since a flavour is a link-time choice.
 */
const char torture_flavour[] = TORTURE_FLAVOUR;

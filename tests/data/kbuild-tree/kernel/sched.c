/* sched.c - the fake kernel's scheduler; the tests change this file. */
int sched_weight = 1024;

int sched_tick(int n)
{
	return n + 1;
}

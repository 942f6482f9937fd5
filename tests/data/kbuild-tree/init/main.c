/* main.c - the fake kernel's entry point (tests/data/kbuild-tree). */
#ifdef BROKEN
#error broken on purpose by CONFIG_BROKEN
#endif
int sched_tick(int);
static char bss_area[4096];

int main(void)
{
	bss_area[0] = 1;
	return sched_tick(bss_area[0]) == 2 ? 0 : 1;
}

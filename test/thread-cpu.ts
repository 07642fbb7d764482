import { existsSync, readFileSync } from 'node:fs';

const THREAD_STAT = '/proc/thread-self/stat';
const TICK_MS = 10;

/**
 * CPU milliseconds the calling JavaScript thread has run (utime + stime of /proc/thread-self, in 10 ms
 * clock ticks), or the whole process's where there is no /proc. Event-loop blocking measured in it does
 * not count the time a busy machine gave the cores to other processes.
 */
export function threadCpuMs(): number {
  if (!existsSync(THREAD_STAT)) {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  }
  const fields = readFileSync(THREAD_STAT, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

// CPU time of the runtime that serves a worker under `wrangler dev`: the workerd processes
// below the wrangler process, read from the kernel (Linux /proc), so neither the load
// generator nor another engineer's process on the machine counts, only what the worker's own
// process spent. Workers bill and cut requests by CPU time, not wall time (issue 39).
//
// Each thread's /proc/<pid>/task/<tid>/schedstat gives its time on a CPU in nanoseconds
// (user and system alike); /proc/<pid>/stat gives utime + stime in 10 ms ticks only, too
// coarse for a request of a few milliseconds, and is the fallback where schedstat is absent.
import { readFileSync, readdirSync } from 'node:fs'

const TICK_MS = 1000 / 100 // USER_HZ is 100 on Linux

/** Every descendant pid of `root`, from /proc. */
function descendants(root) {
  const children = new Map()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // The command name is in parentheses and may hold spaces: fields start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const ppid = Number(fields[1])
      if (!children.has(ppid)) children.set(ppid, [])
      children.get(ppid).push(Number(entry))
    } catch {
      // the process ended meanwhile
    }
  }
  const out = []
  const queue = [root]
  while (queue.length) {
    const pid = queue.shift()
    for (const child of children.get(pid) ?? []) {
      out.push(child)
      queue.push(child)
    }
  }
  return out
}

/** The workerd processes under `rootPid` (the `wrangler dev` process). */
export function workerdPids(rootPid) {
  return descendants(rootPid).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('workerd')
    } catch {
      return false
    }
  })
}

/** Nanoseconds on CPU of every live thread of `pid`, or null without schedstat. */
function schedstatNs(pid) {
  let ns = 0
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0])
    } catch (e) {
      if (e.code === 'ENOENT' && tid === String(pid)) return null
      // a thread that ended meanwhile
    }
  }
  return ns
}

/** utime + stime of `pid` (all its threads, ended ones included), in ms. */
function statMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // utime and stime are fields 14 and 15 of proc(5); index 11 and 12 after the name.
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS
}

/**
 * CPU milliseconds used so far by the workerd processes under `rootPid`. Compare two readings
 * of the same process set only: a difference is what the runtime spent between them.
 */
export function runtimeCpuMs(rootPid, pids = workerdPids(rootPid)) {
  let ms = 0
  for (const pid of pids) {
    try {
      const ns = schedstatNs(pid)
      ms += ns === null ? statMs(pid) : ns / 1e6
    } catch {
      // ended meanwhile
    }
  }
  return ms
}

/** Nanoseconds on CPU of each live thread of the workerd processes, by pid/tid (schedstat only; null without it). */
export function threadCpuNs(pids) {
  const out = new Map()
  for (const pid of pids) {
    let tids
    try {
      tids = readdirSync(`/proc/${pid}/task`)
    } catch {
      continue // ended meanwhile
    }
    for (const tid of tids) {
      try {
        out.set(`${pid}/${tid}`, Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]))
      } catch (e) {
        if (e.code === 'ENOENT' && tid === String(pid)) return null
      }
    }
  }
  return out
}

/**
 * CPU milliseconds spent between two readings of `threadCpuNs`, thread by thread: a thread
 * that ended in between drops out of both sides instead of taking its whole life's CPU off
 * the total (which summing the live threads twice would do, giving a negative round).
 */
export function cpuBetweenMs(before, after) {
  let ns = 0
  for (const [id, value] of after) ns += value - (before.get(id) ?? 0)
  return ns / 1e6
}

/**
 * A function that reads the CPU of `pids` twice and returns the milliseconds between: per
 * thread where schedstat exists, else the processes' utime + stime (10 ms ticks).
 */
export function cpuMeter(rootPid, pids) {
  return () => {
    const before = threadCpuNs(pids)
    const beforeMs = before ? 0 : runtimeCpuMs(rootPid, pids)
    return () => {
      if (before) return cpuBetweenMs(before, threadCpuNs(pids) ?? new Map())
      return runtimeCpuMs(rootPid, pids) - beforeMs
    }
  }
}

/** The median and range of a list of numbers. */
export function spread(xs) {
  const sorted = [...xs].sort((a, b) => a - b)
  return { median: sorted[Math.floor(sorted.length / 2)], min: sorted[0], max: sorted.at(-1) }
}

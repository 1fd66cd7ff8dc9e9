// Process tuning an app opts into; each measured on and off in the overload bench
// (scripts/bench/README.md, "Runtime tricks on and off"), kept because it moved a standing target.
export { DEFAULT_SERVICE_NICE, runAtNice } from './process-priority.js';
export { LowPriorityThreads, type ThreadPriority } from './low-priority-threads.js';

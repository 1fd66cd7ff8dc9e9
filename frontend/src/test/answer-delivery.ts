/**
 * What a screen shows right after React's synchronous render of the update that delivers a query's
 * answer (issue 28: a screen built in that task is one long task on a phone's CPU).
 *
 * TanStack Query delivers an answer to its observers in a task of its own (its notify scheduler),
 * and React renders such a store update synchronously, in a microtask of that task. `watch`
 * replaces the scheduler: in the first notify task after `arrived()` turns true, once React's
 * synchronous render is done, it records `probe()`. A screen that renders the answer from a
 * deferred value records `false` (the answer comes in a later transition).
 */
import { notifyManager, type QueryClient, type QueryFilters } from '@tanstack/react-query';

export function watchAnswerDelivery(arrived: () => boolean, probe: () => boolean) {
  const seen: boolean[] = [];
  let delivered = false;
  notifyManager.setScheduler((flush) =>
    setTimeout(() => {
      const delivering = !delivered && arrived();
      delivered ||= delivering;
      flush();
      if (delivering)
        void Promise.resolve()
          .then(() => undefined)
          .then(() => seen.push(probe()));
    }, 0),
  );
  return {
    seen,
    restore: () => notifyManager.setScheduler((flush) => setTimeout(flush, 0)),
  };
}

/**
 * `watchAnswerDelivery`'s `arrived` for a screen's read: true once a query of the client the test
 * rendered with (null until it has) holds data that `matches`.
 */
export function answerArrived(
  client: () => QueryClient | null,
  matches: (data: unknown) => boolean,
  filters: QueryFilters = {},
): () => boolean {
  return () =>
    client()
      ?.getQueryCache()
      .findAll(filters)
      .some((query) => matches(query.state.data)) ?? false;
}

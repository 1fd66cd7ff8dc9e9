/** Every messaging answer has a key starting with this, so one prefix refreshes them all. */
export const messagesQueryKey = ['messages'] as const;

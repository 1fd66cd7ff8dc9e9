/**
 * A task boundary: what follows runs in a new task, after the browser has had its turn (input,
 * paint). A MessageChannel message, not setTimeout: nested timers are clamped to 4 ms.
 */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

// Stops the containers jest-global-setup.mjs started, if any.
export default async function globalTeardown() {
  for (const container of globalThis.__testContainers ?? []) await container.stop();
}

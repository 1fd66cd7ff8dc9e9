import { ConfigError } from '@dinebuds/config';
import { startAllInOne } from './all-in-one.js';
import { loadRunnerConfig } from './config.js';

async function main(): Promise<void> {
  const config = loadRunnerConfig();
  const system = await startAllInOne(config);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: stopping DineBuds`);
    await system.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});

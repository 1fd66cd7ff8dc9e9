// Where integration tests find PostgreSQL and RabbitMQ: the URLs in the environment when given,
// else the local servers (127.0.0.1:5432 / :5672), else containers started with testcontainers
// when a Docker engine is reachable. Workers inherit the TEST_* variables set here.
import { Socket } from 'node:net';

function reachable(port) {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(port, '127.0.0.1', () => done(true));
  });
}

export default async function globalSetup() {
  const databaseGiven = Boolean(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);
  const brokerGiven = Boolean(process.env.TEST_AMQP_URL || process.env.AMQP_URL);
  const needDatabase = !databaseGiven && !(await reachable(5432));
  const needBroker = !brokerGiven && !(await reachable(5672));
  if (!needDatabase && !needBroker) return;

  const { getContainerRuntimeClient } = await import('testcontainers');
  try {
    await getContainerRuntimeClient();
  } catch {
    console.warn(
      '[tests] No PostgreSQL/RabbitMQ on 127.0.0.1 and no Docker engine: integration tests will fail. ' +
        'Start the servers, set DATABASE_URL / AMQP_URL, or run Docker.',
    );
    return;
  }
  globalThis.__testContainers = [];
  if (needDatabase) {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const postgres = await new PostgreSqlContainer('postgres:16-alpine').withUsername('postgres').start();
    globalThis.__testContainers.push(postgres);
    process.env.TEST_DATABASE_URL = postgres.getConnectionUri();
  }
  if (needBroker) {
    const { RabbitMQContainer } = await import('@testcontainers/rabbitmq');
    const rabbit = await new RabbitMQContainer('rabbitmq:3-management-alpine').start();
    globalThis.__testContainers.push(rabbit);
    process.env.TEST_AMQP_URL = rabbit.getAmqpUrl();
  }
}

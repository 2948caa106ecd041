// The floor of the memory bench (memory.bench.ts): a bare Fastify hello world, started with plain
// `node` as the built server is, on PORT and HOST.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/*', async () => ({ hello: 'world' }));
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 3000) });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));

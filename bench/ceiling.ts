/**
 * The ceiling of `npm run bench`: a bare Fastify route that only verifies the JWT, with the same
 * plugin and options as the API (HS256 through @fastify/jwt). Whatever a real route does costs on
 * top of this. Usage: node --import tsx bench/ceiling.ts PORT SECRET
 */
import fastifyJwt from '@fastify/jwt';
import Fastify from 'fastify';

const [port = '0', secret = 'x'.repeat(64)] = process.argv.slice(2);
const app = Fastify({ logger: false });
await app.register(fastifyJwt, { secret, verify: { algorithms: ['HS256'] } });
app.get('/api/ceiling', async (request, reply) => {
  try {
    await request.jwtVerify();
  } catch {
    return reply.code(401).send({ message: 'Unauthorized' });
  }
  return { ok: true };
});
const address = await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log(`ceiling ${address}`);

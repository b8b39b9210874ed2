/**
 * The local load balancer of bench/scaleOut.ts: round robin over the API processes, with keep-alive
 * connections to each (what nginx's `upstream` with `keepalive` does), as a process of its own:
 *
 *   node --import tsx bench/balancer.ts PORT http://127.0.0.1:A http://127.0.0.1:B …
 */
import { Agent, createServer, request } from 'node:http';

const [port, ...targets] = process.argv.slice(2);
const upstreams = targets.map((target) => new URL(target));
if (!port || upstreams.length === 0) throw new Error('Uso: balancer.ts PUERTO URL [URL…]');
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
let next = 0;

createServer((incoming, outgoing) => {
  const upstream = upstreams[next++ % upstreams.length] as URL;
  const forwarded = request(
    {
      agent,
      host: upstream.hostname,
      port: upstream.port,
      method: incoming.method,
      path: incoming.url,
      headers: incoming.headers,
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  forwarded.on('error', () => {
    if (!outgoing.headersSent) outgoing.writeHead(502);
    outgoing.end();
  });
  incoming.pipe(forwarded);
}).listen(Number(port), '127.0.0.1');

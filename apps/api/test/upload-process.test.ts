import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { debtorBody } from './domain';
import { RUNS } from './fuzz-arbitraries';
import { backends, makeCuit, unique } from './helpers';
import { multipartBody, SAMPLES } from './multipart';
import { type ServerProcess, serverWithAdmin } from './serverProcess';

/**
 * Issue 14 §1: no request can end the process. Multipart bodies cut short, aborted, oversized and
 * malformed are sent over raw sockets to the real server (`npm start`'s entry) in a child process;
 * each complete request is answered 4xx, and afterwards the process is alive and answers.
 */
interface Sent {
  /** The status line's code, or null when the connection closed without an answer. */
  status: number | null;
}

/**
 * One HTTP/1.1 request written by hand. `body` is sent as is after the headers; `abortAfter` closes
 * the socket that many milliseconds after writing (the client gives up mid-body). Resolves with the
 * answer's status, or null if none came before the socket closed.
 */
function rawRequest(
  port: number,
  headers: Record<string, string>,
  body: Buffer,
  options: { abortAfter?: number } = {},
): Promise<Sent> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      const match = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      resolve({ status: match ? Number(match[1]) : null });
      socket.destroy();
    };
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n\r\n')) finish();
    });
    socket.on('error', finish);
    socket.on('close', finish);
    socket.setTimeout(15_000, finish);
    const head = Object.entries({ host: '127.0.0.1', connection: 'close', ...headers })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`POST /api/documents HTTP/1.1\r\n${head}\r\n`);
    socket.write(body);
    if (options.abortAfter !== undefined) setTimeout(() => socket.destroy(), options.abortAfter);
  });
}

const PDF_64K = Buffer.concat([SAMPLES.pdf, Buffer.alloc(64 * 1024 - SAMPLES.pdf.length, 0x20)]);

for (const backend of backends) {
  describe.skipIf(!backend.available)(`an upload cannot end the server process [${backend.name}]`, () => {
    let server: ServerProcess;
    let close: () => Promise<void>;
    let token: string;
    let debtId: number;

    beforeAll(async () => {
      ({ server, token, close } = await serverWithAdmin(backend.name));
      debtId = await debtVia(server.base, token);
    }, 120_000);

    afterAll(() => close?.());

    const auth = () => ({ authorization: `Bearer ${token}` });
    const alive = async () => {
      expect(server.child.exitCode, 'el proceso terminó').toBeNull();
      const health = await fetch(`${server.base}/api/health`);
      expect(health.status).toBe(200);
    };

    it('a file part that never reaches its closing boundary (8 bytes to 64 KB) → 400, and the server answers', async () => {
      const start = Buffer.from(
        `--xx\r\nContent-Disposition: form-data; name="debtId"\r\n\r\n${debtId}\r\n` +
          '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n',
      );
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 8, max: PDF_64K.length }), async (cut) => {
          const body = Buffer.concat([start, PDF_64K.subarray(0, cut)]);
          const sent = await rawRequest(
            server.port,
            {
              ...auth(),
              'content-type': 'multipart/form-data; boundary=xx',
              'content-length': String(body.length),
            },
            body,
          );
          expect(sent.status).toBe(400);
        }),
        { numRuns: RUNS },
      );
      await alive();
    });

    it('a well-formed upload cut anywhere before its file ends, with garbage in place of the rest → 4xx, and the server answers', async () => {
      const valid = multipartBody([
        { name: 'debtId', value: String(debtId) },
        { name: 'file', filename: 'a.pdf', content: SAMPLES.pdf },
      ]);
      await fc.assert(
        fc.asyncProperty(
          // Up to the file's last byte: past its closing delimiter the file has arrived whole.
          fc.integer({ min: 0, max: valid.payload.indexOf(SAMPLES.pdf) + SAMPLES.pdf.length }),
          fc.uint8Array({ maxLength: 300 }),
          async (cut, garbage) => {
            const body = Buffer.concat([valid.payload.subarray(0, cut), Buffer.from(garbage)]);
            const sent = await rawRequest(
              server.port,
              { ...auth(), ...valid.headers, 'content-length': String(body.length) },
              body,
            );
            expect(sent.status).not.toBeNull();
            expect(sent.status).toBeGreaterThanOrEqual(400);
            expect(sent.status).toBeLessThan(500);
          },
        ),
        { numRuns: RUNS },
      );
      await alive();
    });

    it('a client that goes away mid-body, at any moment, leaves the server answering', async () => {
      const valid = multipartBody([
        { name: 'debtId', value: String(debtId) },
        { name: 'file', filename: 'a.pdf', content: PDF_64K },
      ]);
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1, max: valid.payload.length - 1 }),
          fc.integer({ min: 0, max: 30 }),
          async (cut, wait) => {
            // The header promises the whole body; only part of it ever comes.
            await rawRequest(
              server.port,
              { ...auth(), ...valid.headers, 'content-length': String(valid.payload.length) },
              valid.payload.subarray(0, cut),
              { abortAfter: wait },
            );
          },
        ),
        { numRuns: Math.min(RUNS, 30) },
      );
      await alive();
    });

    it('malformed multipart (no boundary, wrong boundary, bare bytes, only headers) → 4xx, and the server answers', async () => {
      const cases: [string, Buffer][] = [
        ['multipart/form-data', Buffer.from('--xx\r\n\r\n')],
        ['multipart/form-data; boundary=', Buffer.from('----\r\n')],
        [
          'multipart/form-data; boundary=yy',
          multipartBody([{ name: 'file', filename: 'a.pdf', content: SAMPLES.pdf }]).payload,
        ],
        [
          'multipart/form-data; boundary=xx',
          Buffer.from('--xx\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n'),
        ],
        ['multipart/form-data; boundary=xx', Buffer.from('--xx--\r\n')],
        [
          'multipart/form-data; boundary=xx',
          Buffer.from('--xx\r\nContent-Disposition: form-data\r\n\r\nhola\r\n--xx--\r\n'),
        ],
        ['multipart/form-data; boundary=xx', Buffer.alloc(4096, 0)],
      ];
      for (const [type, body] of cases) {
        const sent = await rawRequest(
          server.port,
          { ...auth(), 'content-type': type, 'content-length': String(body.length) },
          body,
        );
        expect(sent.status, type).toBeGreaterThanOrEqual(400);
        expect(sent.status, type).toBeLessThan(500);
      }
      await alive();
    });

    it('oversized: announced too large → 413 before reading; streamed past 20 MB without a length → 413', async () => {
      const announced = await rawRequest(
        server.port,
        {
          ...auth(),
          'content-type': 'multipart/form-data; boundary=xx',
          'content-length': String(64 * 1024 * 1024),
        },
        Buffer.from('--xx\r\n'),
        { abortAfter: 2000 },
      );
      expect(announced.status).toBe(413);
      // Chunked: nothing says how much is coming, so the limit is found while streaming.
      const head = Buffer.from(
        `--xx\r\nContent-Disposition: form-data; name="debtId"\r\n\r\n${debtId}\r\n` +
          '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4\n',
      );
      const megabyte = Buffer.alloc(1024 * 1024, 0x20);
      const chunk = (data: Buffer) =>
        Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]);
      const body = Buffer.concat([
        chunk(head),
        ...Array.from({ length: 21 }, () => chunk(megabyte)),
        chunk(Buffer.from('\r\n--xx--\r\n')),
        Buffer.from('0\r\n\r\n'),
      ]);
      const streamed = await rawRequest(
        server.port,
        { ...auth(), 'content-type': 'multipart/form-data; boundary=xx', 'transfer-encoding': 'chunked' },
        body,
      );
      expect(streamed.status).toBe(413);
      await alive();
    }, 60_000);
  });
}

/** A debt to attach documents to, created through the real server's API. */
async function debtVia(base: string, token: string): Promise<number> {
  const api = async (url: string, body: unknown) => {
    const response = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { id: number };
  };
  const company = await api('/api/companies', { name: unique('Compañía '), cuit: makeCuit() });
  const debtor = await api('/api/debtors', debtorBody());
  const debt = await api('/api/debts', {
    debtorId: debtor.id,
    companyId: company.id,
    originalAmount: '1000.00',
  });
  return debt.id;
}

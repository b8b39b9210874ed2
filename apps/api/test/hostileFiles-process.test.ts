import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_READS_BUSY } from '../src/fileReads';
import { lyingAboutSizes, sharedStringsBomb } from './fixtures/make-bombs';
import { backends, makeCuit, unique } from './helpers';
import { type ServerProcess, serverWithAdmin } from './serverProcess';

/**
 * Issue 30 §1, against the real server (`npm start`'s entry) in a child process: the probe's nine
 * parallel previews of a 500 KB .xlsx whose texts inflate to 456 MB killed Node (heap out of
 * memory). Here they go with bombs that lie about their size (read on this thread, then on workers
 * until their heap cap) and 8000 × 8000 logos, all at once; every one is answered 4xx (or 503 while
 * the readers are busy), /api/health answers within a second throughout, and the process lives.
 */
const FIXTURES = new URL('./fixtures/', import.meta.url);
const BOMB = readFileSync(new URL('shared-strings-bomb.xlsx', FIXTURES));
const BIG_PNG = readFileSync(new URL('logo-8000x8000.png', FIXTURES));
/** Small (≤ 512 KB) and lying: read on the server's thread, stopped at the size it declares. */
const SMALL_LIAR = lyingAboutSizes(BOMB, 1000);
/** Small, its index honest and only its texts lying: stopped while ExcelJS reads them (issue 33). */
const TEXTS_LIAR = lyingAboutSizes(BOMB, 1000, /^xl\/sharedStrings\.xml$/);
/** Over 512 KB and lying: read on a worker, stopped at the size it declares or by the worker's heap. */
const BIG_LIAR = lyingAboutSizes(sharedStringsBomb(7_600, 100_000), 1000);

/** VmRSS or VmHWM (the peak) of a process, in MB. */
function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
}

for (const backend of backends) {
  describe.skipIf(!backend.available)(
    `hostile files cannot stop the server process [${backend.name}]`,
    () => {
      let server: ServerProcess;
      let close: () => Promise<void>;
      let token: string;
      let companyId: number;

      beforeAll(async () => {
        ({ server, token, close } = await serverWithAdmin(backend.name));
        const company = await fetch(`${server.base}/api/companies`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ name: unique('Banco '), cuit: makeCuit() }),
        });
        companyId = ((await company.json()) as { id: number }).id;
      }, 120_000);
      afterAll(() => close?.());

      const send = async (
        method: string,
        path: string,
        fields: Record<string, string>,
        file: Buffer,
        name: string,
      ) => {
        const form = new FormData();
        for (const [key, value] of Object.entries(fields)) form.append(key, value);
        form.append('file', new Blob([new Uint8Array(file)]), name);
        try {
          const response = await fetch(`${server.base}${path}`, {
            method,
            headers: { authorization: `Bearer ${token}` },
            body: form,
          });
          return { status: response.status, body: (await response.json()) as { message: string } };
        } catch (error) {
          return { status: null, body: { message: String(error) } };
        }
      };

      it('bombs and 8000 × 8000 logos all at once: each answered 4xx or 503, health within a second, the process alive', async () => {
        const pid = server.child.pid as number;
        const rssBefore = memoryMb(pid, 'VmRSS');
        let slowest = 0;
        const failures: string[] = [];
        let polling = true;
        const poller = (async () => {
          while (polling) {
            const started = performance.now();
            try {
              const response = await fetch(`${server.base}/api/health`, {
                signal: AbortSignal.timeout(5_000),
              });
              if (response.status !== 200) failures.push(`health ${response.status}`);
            } catch (error) {
              failures.push(String(error));
            }
            slowest = Math.max(slowest, performance.now() - started);
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        })();

        const fields = { companyId: String(companyId) };
        const answers = await Promise.all([
          ...Array.from({ length: 9 }, () =>
            send('POST', '/api/imports/preview', fields, BOMB, 'cartera.xlsx'),
          ),
          ...Array.from({ length: 3 }, () =>
            send('POST', '/api/imports/preview', fields, SMALL_LIAR, 'cartera.xlsx'),
          ),
          ...Array.from({ length: 2 }, () =>
            send('POST', '/api/imports/preview', fields, TEXTS_LIAR, 'cartera.xlsx'),
          ),
          ...Array.from({ length: 3 }, () => send('POST', '/api/imports', fields, BIG_LIAR, 'cartera.xlsx')),
          ...Array.from({ length: 4 }, () => send('PUT', '/api/agency/logo', {}, BIG_PNG, 'logo.png')),
        ]);
        polling = false;
        await poller;

        for (const answer of answers) {
          expect(answer.status, answer.body.message).not.toBeNull();
          const status = answer.status as number;
          expect((status >= 400 && status < 500) || status === 503, `${status} ${answer.body.message}`).toBe(
            true,
          );
          if (status === 503) expect(answer.body.message).toBe(FILE_READS_BUSY);
        }
        expect(failures).toEqual([]);
        expect(slowest).toBeLessThan(1_000);
        expect(server.child.exitCode).toBeNull();
        // The probe's single preview grew the process by 470 MB; three workers at their heap cap (≈ 250 MB
        // each with their code) are the most it may grow now: 450–680 MB measured here.
        const peak = memoryMb(pid, 'VmHWM');
        console.log(
          `[${backend.name}] respuestas ${answers.map((a) => a.status).join(' ')}; RSS ${rssBefore.toFixed(0)} MB antes, pico ${peak.toFixed(0)} MB; health más lento ${slowest.toFixed(0)} ms`,
        );
        expect(peak - rssBefore).toBeLessThan(900);
        const health = await fetch(`${server.base}/api/health`);
        expect(health.status).toBe(200);
      }, 180_000);
    },
  );
}

/**
 * The client-debt workbook's memory alone (issue 20: RSS growth ≤ 150 MB), as `npm run bench` measures
 * it but without the rest of the run:
 *
 *   node --import tsx bench/clientDebtRss.ts [--db postgres,pglite] [--debts 1000000] [--downloads 2]
 *
 * The real server on the generated data (the report sets V8's heap growth itself: heapGrowth.ts),
 * an empty workbook first (ExcelJS's one-time load), then the first company's report (a tenth of the
 * debts) `downloads` times in a row; each line gives its time and the growth of the server's RSS over
 * its own start.
 */
import { join } from 'node:path';
import { BENCH_ADMIN_PASSWORD, parseDataArgs } from '../apps/api/bench/data';
import { CLIENT_DEBT_PATH, cliArg, loadExcelJs, login, measureDownload, memoryOf, startApi } from './api';
import { prewarm } from './prewarm';

const DEBTS = cliArg('debts', '1000000');
const KINDS = cliArg('db', 'postgres,pglite').split(',').filter(Boolean);
const DOWNLOADS = Number(cliArg('downloads', '2'));
const BUDGET_MB = 150;

for (const kind of KINDS) {
  const options = parseDataArgs(['--debts', DEBTS, '--db', kind]);
  const target =
    kind === 'postgres'
      ? { kind: 'postgres' as const, url: options.databaseUrl }
      : { kind: 'pglite' as const, dir: join(options.dir, 'pglite') };
  console.log(`${kind}: ${await prewarm(target)}`);
  const env: Record<string, string> =
    kind === 'postgres'
      ? { DATABASE_URL: options.databaseUrl, DATA_DIR: options.dir }
      : { DATA_DIR: options.dir };
  const api = await startApi(3990, { ...env, ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD });
  try {
    const token = await login(api.base, 'admin', BENCH_ADMIN_PASSWORD);
    await loadExcelJs(api.base, token, api.pid);
    for (let i = 1; i <= DOWNLOADS; i++) {
      const idle = memoryOf(api.pid).rss;
      const report = await measureDownload(api.base, CLIENT_DEBT_PATH, token, api.pid);
      const verdict = report.rssGrowthMb <= BUDGET_MB ? '✅' : '❌';
      console.log(
        `  descarga ${i}: HTTP ${report.status}, ${(report.bytes / 1024 / 1024).toFixed(1)} MB en ${(report.totalMs / 1000).toFixed(1)} s, primer byte ${report.ttfbMs.toFixed(0)} ms; RSS ${idle.toFixed(0)} MB +${report.rssGrowthMb.toFixed(0)} MB ${verdict} ≤ ${BUDGET_MB}`,
      );
    }
  } finally {
    await api.stop();
  }
}

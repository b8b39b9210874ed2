/**
 * How many untrusted files this process reads at once (issue 30). Reading a spreadsheet, an image or
 * a CSV takes memory and CPU that grow with what the file claims to hold: each read is capped on its
 * own (parse/inWorker.ts, agency's logo, the rate CSV), and this gate bounds how many run together.
 * A read that finds every slot taken waits its turn for a while; past that, or with too many already
 * waiting, it is refused with a Spanish 503 and a Retry-After, and the server goes on answering.
 */
import { HttpError } from './errors';

export const FILE_READS_BUSY =
  'El servidor está leyendo otros archivos en este momento. Intente de nuevo en unos minutos.';

export interface GateOptions {
  /** Reads at once. */
  slots: number;
  /** Reads waiting for a slot; one more is refused at once. */
  maxWaiting: number;
  /** How long a read waits for a slot before it is refused. */
  waitMs: number;
}

export class Gate {
  private running = 0;
  private readonly waiting: { admit: () => void; timer: NodeJS.Timeout }[] = [];

  constructor(readonly options: GateOptions) {}

  /** Reads running and waiting now (tests and the health of the process). */
  get load() {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `read` when a slot is free; 503 when none frees in time or too many wait. */
  async run<T>(read: () => Promise<T>): Promise<T> {
    await this.enter();
    try {
      return await read();
    } finally {
      this.leave();
    }
  }

  private enter(): Promise<void> {
    if (this.running < this.options.slots) {
      this.running++;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.options.maxWaiting) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const entry = {
        admit: () => {
          clearTimeout(entry.timer);
          this.running++;
          resolve();
        },
        timer: setTimeout(() => {
          const index = this.waiting.indexOf(entry);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(busy());
        }, this.options.waitMs),
      };
      this.waiting.push(entry);
    });
  }

  private leave() {
    this.running--;
    this.waiting.shift()?.admit();
  }
}

const busy = () => new HttpError(503, FILE_READS_BUSY, undefined, { 'retry-after': '60' });

/**
 * The process's gate for every untrusted file read on request (import upload and preview, rate
 * CSV, logo, documents' type sniff). Three at once: each import read may hold a worker of ≈ 250 MB
 * (parse/inWorker.ts); the rest are small. An import's job reads through its own worker, bounded by
 * the job runner's concurrency instead.
 */
export const fileReads = new Gate({ slots: 3, maxWaiting: 12, waitMs: 30_000 });

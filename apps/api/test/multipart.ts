import { readdirSync } from 'node:fs';
import path from 'node:path';

export type FormPart =
  | { name: string; value: string }
  | { name: string; filename: string; content: Buffer; contentType?: string };

/** A multipart/form-data body as a browser's FormData would send it. */
export function multipartBody(parts: FormPart[]) {
  const boundary = `----cobranzas${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'value' in part
        ? `Content-Disposition: form-data; name="${part.name}"\r\n\r\n`
        : `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}`, 'utf8'));
    chunks.push('value' in part ? Buffer.from(part.value, 'utf8') : part.content);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Every stored file under a documents root (keys are nested one folder deep). */
export function storedFiles(root: string): string[] {
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

export const SAMPLES = {
  pdf: Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  ),
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
  csv: Buffer.from('dni;nombre;saldo\n20123456;José Pérez;1500,50\n27876543;María Núñez;320,00\n', 'utf8'),
  /** A Windows executable's header: what a renamed .exe starts with. */
  exe: Buffer.concat([
    Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
    Buffer.alloc(200),
  ]),
  latin1Text: Buffer.from('Jos\xe9 P\xe9rez debe 100', 'latin1'),
  binary: Buffer.from([0x41, 0x42, 0x00, 0x43, 0x44]),
};

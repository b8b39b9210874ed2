import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { messageOf } from './http';

/**
 * A file the server makes (a letter, a receipt, a settlement's PDF): `run(...)` fetches and saves it,
 * `busy` is true meanwhile (the button's loading), and a failure is a red notification titled
 * `failure` with the server's Spanish message.
 */
export function useDownload<A extends unknown[]>(
  failure: string,
  fetchFile: (...args: A) => Promise<unknown>,
) {
  const [busy, setBusy] = useState(false);
  async function run(...args: A) {
    setBusy(true);
    try {
      await fetchFile(...args);
    } catch (error) {
      notifications.show({ color: 'red', title: failure, message: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }
  return { run, busy };
}

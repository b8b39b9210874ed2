import { notifications } from '@mantine/notifications';
import { useCallback } from 'react';
import { saveOne } from '../../../components/resource/http';
import { useRefresh } from '../common/hooks';

/** Creates (no id) or updates a record of the debt; then a toast and the debt and list reload. */
export function useSave(resource: string, ...alsoRefresh: string[]) {
  const refresh = useRefresh();
  const others = alsoRefresh.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `others` stands for the array
  return useCallback(
    async (id: number | undefined, body: unknown, message: string) => {
      const saved = await saveOne(resource, id, body);
      notifications.show({ color: 'green', title: 'Guardado', message });
      await refresh(resource, ...alsoRefresh);
      return saved;
    },
    [resource, refresh, others],
  );
}

import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { mergeLiveChange } from './live-cache.ts';

/** A list endpoint whose answers the test releases by hand, reading the "database" when called. */
function slowEndpoint(database: { rows: string[] }) {
  const pending: Array<() => void> = [];
  let calls = 0;
  const fetchList = () => {
    calls += 1;
    const rowsWhenRead = [...database.rows];
    return new Promise<string[]>((resolve) => pending.push(() => resolve(rowsWhenRead)));
  };
  return {
    fetchList,
    releaseAll: () => {
      for (const release of pending.splice(0)) release();
    },
    calls: () => calls,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('mergeLiveChange', () => {
  it('merges an event into the cached list', async () => {
    const client = new QueryClient();
    client.setQueryData(['rows'], ['a']);
    mergeLiveChange<string[]>(client, ['rows'], (rows) => [...rows, 'b']);
    expect(client.getQueryData(['rows'])).toEqual(['a', 'b']);
  });

  it('leaves a list that was never loaded alone', () => {
    const client = new QueryClient();
    mergeLiveChange<string[]>(client, ['rows'], (rows) => [...rows, 'b']);
    expect(client.getQueryData(['rows'])).toBeUndefined();
  });

  it('does not let a fetch that read before the change overwrite it', async () => {
    const database = { rows: ['a'] };
    const endpoint = slowEndpoint(database);
    const client = new QueryClient();
    const observer = new QueryObserver(client, { queryKey: ['rows'], queryFn: endpoint.fetchList });
    const unsubscribe = observer.subscribe(() => {});
    await settle();
    endpoint.releaseAll();
    await settle();
    expect(client.getQueryData(['rows'])).toEqual(['a']);

    // A refetch reads the old rows; the change commits and its event arrives before the answer.
    void client.invalidateQueries({ queryKey: ['rows'] });
    await settle();
    database.rows = ['a', 'b'];
    mergeLiveChange<string[]>(client, ['rows'], (rows) => [...rows, 'b']);
    endpoint.releaseAll();
    await settle();
    endpoint.releaseAll();
    await settle();

    expect(endpoint.calls()).toBe(3);
    expect(client.getQueryData(['rows'])).toEqual(['a', 'b']);
    unsubscribe();
  });
});

import { describe, expect, it } from 'vitest';
import { createIntakeQueue } from './intake-queue.ts';

/** A writer that records its batches and finishes each one when told to. */
function recordingWriter() {
  const batches: { key: number; jobs: string[] }[] = [];
  const finishers: (() => void)[] = [];
  const write = (key: number, jobs: string[]) => {
    batches.push({ key, jobs });
    return new Promise<Promise<string>[]>((resolve) => {
      finishers.push(() => resolve(jobs.map((job) => Promise.resolve(`${job}!`))));
    });
  };
  return { batches, finishers, write };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createIntakeQueue', () => {
  it('writes a lone arrival at once, and what waits meanwhile as the next batch, in order', async () => {
    const writer = recordingWriter();
    const queue = createIntakeQueue({ maxBatch: 3, write: writer.write });
    const answers = ['a', 'b', 'c', 'd', 'e'].map((job) => queue.push(1, job));
    expect(writer.batches).toEqual([{ key: 1, jobs: ['a'] }]);
    writer.finishers.shift()!();
    await tick();
    expect(writer.batches.at(-1)).toEqual({ key: 1, jobs: ['b', 'c', 'd'] });
    writer.finishers.shift()!();
    await tick();
    expect(writer.batches.at(-1)).toEqual({ key: 1, jobs: ['e'] });
    writer.finishers.shift()!();
    expect(await Promise.all(answers)).toEqual(['a!', 'b!', 'c!', 'd!', 'e!']);
  });

  it('keeps one lane per connection: another connection does not wait', () => {
    const writer = recordingWriter();
    const queue = createIntakeQueue({ maxBatch: 10, write: writer.write });
    void queue.push(1, 'a');
    void queue.push(1, 'b');
    void queue.push(2, 'x');
    expect(writer.batches).toEqual([
      { key: 1, jobs: ['a'] },
      { key: 2, jobs: ['x'] },
    ]);
  });

  it('rejects the callers of a batch whose writer throws, and goes on with the next one', async () => {
    let calls = 0;
    const queue = createIntakeQueue<string, string>({
      maxBatch: 10,
      write: async (_key, jobs) => {
        calls += 1;
        if (calls === 1) throw new Error('database gone');
        return jobs.map((job) => Promise.resolve(job));
      },
    });
    const first = queue.push(1, 'a');
    const second = queue.push(1, 'b');
    await expect(first).rejects.toThrow('database gone');
    await expect(second).resolves.toBe('b');
  });
});

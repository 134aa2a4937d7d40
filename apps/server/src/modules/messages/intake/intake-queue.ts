/**
 * Group commit, one lane per connection: while a batch is being written, new arrivals wait;
 * when it is done, everything waiting (up to `maxBatch`, in arrival order) becomes the next
 * batch. At low load a batch is the one message that just arrived, written at once.
 *
 * `write` answers as soon as the next batch may start (after its transaction), with one promise
 * per job for what that job became; later work (events, automation) can go on meanwhile.
 * See docs/decisions/channels.md, "Batch intake".
 */
export function createIntakeQueue<Job, Outcome>(options: {
  maxBatch: number;
  write: (key: number, jobs: Job[]) => Promise<Promise<Outcome>[]>;
}) {
  interface Waiting {
    job: Job;
    resolve: (outcome: Outcome) => void;
    reject: (error: unknown) => void;
  }
  const lanes = new Map<number, Waiting[]>();

  async function drain(key: number, lane: Waiting[]) {
    while (lane.length > 0) {
      const batch = lane.splice(0, options.maxBatch);
      try {
        const outcomes = await options.write(
          key,
          batch.map((entry) => entry.job),
        );
        batch.forEach((entry, index) => {
          const outcome = outcomes[index] ?? Promise.reject(new Error('intake batch answered too few outcomes'));
          outcome.then(entry.resolve, entry.reject);
        });
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    lanes.delete(key);
  }

  return {
    /** Queues a job on its lane (a connection id); answers once the job is written and published. */
    push(key: number, job: Job): Promise<Outcome> {
      return new Promise<Outcome>((resolve, reject) => {
        const waiting = lanes.get(key);
        if (waiting) {
          waiting.push({ job, resolve, reject });
          return;
        }
        const lane: Waiting[] = [{ job, resolve, reject }];
        lanes.set(key, lane);
        void drain(key, lane);
      });
    },
  };
}

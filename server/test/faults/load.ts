// A steady load of writes (guest-session creation) and reads (reading an acknowledged session) that
// records every answer, so a test can say what was answered while something failed.
import { createGuest, readSession, type Answer } from './support.js';

export interface Load {
  acknowledged: string[];
  /** `sent` and `at` (answered) in ms since the epoch. */
  answers: { sent: number; at: number; kind: 'write' | 'read'; answer: Answer }[];
  stop(): Promise<void>;
}

export function startLoad(base: string, workers = 4): Load {
  const load: Load = { acknowledged: [], answers: [], stop: async () => undefined };
  let running = true;
  const worker = async () => {
    while (running) {
      const sent = Date.now();
      const write = await createGuest(base);
      load.answers.push({ sent, at: Date.now(), kind: 'write', answer: write });
      if (write.status === 200 && write.body.data?.id) load.acknowledged.push(write.body.data.id);
      const known = load.acknowledged[Math.floor(Math.random() * load.acknowledged.length)];
      if (known) {
        const readSent = Date.now();
        const answer = await readSession(base, known);
        load.answers.push({ sent: readSent, at: Date.now(), kind: 'read', answer });
      }
      if (write.status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const all = Array.from({ length: workers }, worker);
  load.stop = async () => {
    running = false;
    await Promise.all(all);
  };
  return load;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

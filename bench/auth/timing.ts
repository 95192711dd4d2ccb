import { BenchClient } from '../jobs/api-client.js';
import { startBenchServer } from '../jobs/server-process.js';

/**
 * Whether an account exists must not show in how long a call takes. Times sign-in (wrong
 * password), forgot-password and resend-verification for existing and unknown e-mails against
 * the built server as its own process (production Argon2id cost), alternating the two kinds.
 *
 *   npm run build && npx tsx bench/auth/timing.ts [--rounds 31]
 */
const roundsArg = process.argv.indexOf('--rounds');
const ROUNDS = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 31;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(url: string, route: string, body: unknown): Promise<[number, string]> {
  const started = performance.now();
  const res = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return [performance.now() - started, `${res.status} ${text}`];
}

const server = await startBenchServer();
try {
  const client = new BenchClient(server.url);
  // One account per round: ten failed sign-ins to one account within 15 minutes are throttled.
  const known: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const email = `known${round}@bench.example`;
    await client.signUp(email, 'free');
    known.push(email);
  }
  const calls: [string, string, (email: string) => unknown][] = [
    ['/auth/login', 'sign-in, wrong password', (email) => ({ email, password: 'Wrong#Guess42x' })],
    ['/auth/forgot-password', 'forgot-password', (email) => ({ email })],
    ['/auth/resend-verification', 'resend-verification', (email) => ({ email })],
  ];
  console.log(`| call | existing e-mail (median ms) | unknown e-mail (median ms) | answers |`);
  console.log(`| --- | ---: | ---: | --- |`);
  for (const [route, name, body] of calls) {
    const times = { known: [] as number[], unknown: [] as number[] };
    const answers = new Set<string>();
    for (let round = 0; round < ROUNDS; round++) {
      const pair = [
        ['known', known[round]!],
        ['unknown', `nobody${round}-${route.length}@bench.example`],
      ] as const;
      for (const [kind, email] of round % 2 === 0 ? pair : [...pair].reverse()) {
        const [ms, answer] = await timed(server.url, route, body(email));
        times[kind].push(ms);
        answers.add(answer);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    console.log(
      `| ${name} | ${median(times.known).toFixed(1)} | ${median(times.unknown).toFixed(1)} | ${answers.size === 1 ? 'identical' : [...answers].join(' / ')} |`,
    );
  }
} finally {
  await server.stop();
}

/**
 * Runs the stand-in by hand:
 * `npx tsx tooling/stand-in/cli.ts [--port N] [--rate-limit N] [--rate-window-ms MS] [--rate-limit-headers full|none]`.
 * Prints what a developer needs to point the extension (or curl) at it, and stays up until interrupted.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_RATE_LIMIT } from './rate-limiter';
import { startStandIn } from './server';
import type { RateLimitHeaders } from './types';

function wholeNumberOption(name: string, text: string | undefined, fallback: number, least = 0): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < least) {
    throw new Error(`--${name} must be a whole number${least > 0 ? ` of at least ${least}` : ''}, got "${text}"`);
  }
  return value;
}

function headersOption(text: string | undefined): RateLimitHeaders {
  if (text === undefined || text === 'full' || text === 'none') return text ?? 'full';
  throw new Error(`--rate-limit-headers must be "full" or "none", got "${text}"`);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'rate-limit': { type: 'string' },
      'rate-window-ms': { type: 'string' },
      'rate-limit-headers': { type: 'string' },
    },
    strict: true,
  });
  const rateLimit = {
    limit: wholeNumberOption('rate-limit', values['rate-limit'], DEFAULT_RATE_LIMIT.limit),
    windowMs: wholeNumberOption('rate-window-ms', values['rate-window-ms'], DEFAULT_RATE_LIMIT.windowMs, 1),
  };
  const rateLimitHeaders = headersOption(values['rate-limit-headers']);
  const standIn = await startStandIn({ port: wholeNumberOption('port', values.port, 0), rateLimit, rateLimitHeaders });

  console.log(`Shrtnr stand-in listening on ${standIn.baseUrl}`);
  console.log(`Demo token: ${standIn.demoToken}`);
  console.log(`SPKI hash:  ${standIn.spkiHash}`);
  console.log(`Chromium:   --ignore-certificate-errors-spki-list=${standIn.spkiHash}`);
  console.log(`Rate limit: ${rateLimit.limit} per ${rateLimit.windowMs} ms per token, ${rateLimitHeaders === 'full' ? 'with' : 'without'} limit headers`);
  console.log(`Demo page:  ${standIn.baseUrl}/demo/article`);
  console.log(
    `Try:        curl --insecure -X POST ${standIn.baseUrl}/api/v1/shorten/single ` +
      `-H 'Authorization: Bearer ${standIn.demoToken}' -H 'Content-Type: application/json' ` +
      `-d '{"url":"https://example.com/a/long/path"}'`,
  );
  console.log('Press Ctrl+C to stop.');

  const stop = (): void => {
    standIn.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('stand-in: close failed', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

/**
 * Runs the stand-in by hand: `npx tsx tooling/stand-in/cli.ts [--port N] [--rate-limit N]`.
 * Prints what a developer needs to point the extension (or curl) at it, and stays up until interrupted.
 */
import { parseArgs } from 'node:util';
import { startStandIn } from './server';

function wholeNumberOption(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, got "${text}"`);
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { port: { type: 'string' }, 'rate-limit': { type: 'string' } },
    strict: true,
  });
  const standIn = await startStandIn({
    port: wholeNumberOption('port', values.port, 0),
    rateLimitPerMinute: wholeNumberOption('rate-limit', values['rate-limit'], 60),
  });

  console.log(`Shrtnr stand-in listening on ${standIn.baseUrl}`);
  console.log(`Demo token: ${standIn.demoToken}`);
  console.log(`SPKI hash:  ${standIn.spkiHash}`);
  console.log(`Chromium:   --ignore-certificate-errors-spki-list=${standIn.spkiHash}`);
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

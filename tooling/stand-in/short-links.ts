import { randomInt } from 'node:crypto';

const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const CODE_LENGTH = 7;
export const SHORT_CODE_PATTERN = /^\/([A-Za-z0-9]{7})$/;

/** Short codes handed out by this instance and the long URLs they redirect to. */
export class ShortLinks {
  private readonly targets = new Map<string, string>();

  /** A fresh code every time, even for a URL seen before: the contract promises no reuse either way. */
  create(longUrl: string): string {
    let code = randomCode();
    while (this.targets.has(code)) code = randomCode();
    this.targets.set(code, longUrl);
    return code;
  }

  targetOf(code: string): string | undefined {
    return this.targets.get(code);
  }
}

function randomCode(): string {
  let code = '';
  for (let index = 0; index < CODE_LENGTH; index += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

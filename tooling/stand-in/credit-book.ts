/** Known tokens and the URL credits each has left (the service bills one credit per shortened URL). */
export class CreditBook {
  private readonly credits = new Map<string, number>();

  constructor(tokens: { token: string; credits: number }[]) {
    for (const { token, credits } of tokens) this.add(token, credits);
  }

  /** Adds a token, or replaces the credits of one already known. */
  add(token: string, credits: number): void {
    this.credits.set(token, credits);
  }

  knows(token: string | undefined): token is string {
    return token !== undefined && this.credits.has(token);
  }

  hasCreditLeft(token: string): boolean {
    return (this.credits.get(token) ?? 0) > 0;
  }

  spendOne(token: string): void {
    this.credits.set(token, (this.credits.get(token) ?? 0) - 1);
  }
}

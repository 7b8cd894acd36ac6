import { beforeEach, describe, expect, it, vi } from 'vitest';
import { wordsIn } from '../../../test/support/locale-catalogue';
import type { Question } from './question';

// The question asked when the active account was removed on another machine, with the notification's asking
// (question.ts) and the writing of the active account (active-account.ts) as fakes the test answers.
const words = wordsIn('en');
let answer: 'yes' | 'no' | 'unanswered';
const asked: Question[] = [];
const used: string[] = [];
vi.mock('../../platform/i18n', () => ({ browserWords: () => words }));
vi.mock('./question', () => ({
  ask: async (question: Question) => {
    asked.push(question);
    return answer;
  },
}));
vi.mock('../service/active-account', () => ({
  useAccount: async (id: string) => {
    used.push(id);
    return id !== 'account-gone-meanwhile';
  },
}));

const { accountChosenWhenRemoved } = await import('./account-question');

const AT = Date.UTC(2026, 10, 27, 9, 14);
const REMOVED = { kind: 'active-account-removed', account: 'Old team', at: AT } as const;
const LEFT = [
  { id: 'account-1', name: 'Own links' },
  { id: 'account-2', name: 'Work' },
];

beforeEach(() => {
  answer = 'yes';
  asked.length = 0;
  used.length = 0;
});

describe('the question when the active account was removed on another machine', () => {
  it('names the account removed, when, and the first account left, and a yes makes that one active', async () => {
    expect(await accountChosenWhenRemoved(REMOVED, LEFT)).toBe('account-1');
    expect(asked).toEqual([
      {
        title: words.t('askAccountTitle'),
        message: words.t('askAccountMessage', 'Old team', words.when(AT), 'Own links'),
        confirm: words.t('popupShortenWithAccount', 'Own links'),
      },
    ]);
    expect(used).toEqual(['account-1']);
  });

  it.each(['no', 'unanswered'] as const)('answered %s: no account, and none made active', async (given) => {
    answer = given;
    expect(await accountChosenWhenRemoved(REMOVED, LEFT)).toBeUndefined();
    expect(used).toEqual([]);
  });

  it('is not asked for any other failure, nor with no account left to offer', async () => {
    expect(await accountChosenWhenRemoved({ kind: 'no-account' }, LEFT)).toBeUndefined();
    expect(await accountChosenWhenRemoved({ kind: 'account-removed' }, LEFT)).toBeUndefined();
    expect(await accountChosenWhenRemoved(REMOVED, [])).toBeUndefined();
    expect(await accountChosenWhenRemoved(REMOVED, undefined)).toBeUndefined();
    expect(asked).toEqual([]);
  });

  it('a yes for an account removed meanwhile too: no account', async () => {
    expect(await accountChosenWhenRemoved(REMOVED, [{ id: 'account-gone-meanwhile', name: 'Gone' }])).toBeUndefined();
    expect(used).toEqual(['account-gone-meanwhile']);
  });
});

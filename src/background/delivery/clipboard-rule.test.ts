import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, type Deferred } from '../../../test/support/deferred';
import { eventually } from '../../../test/support/eventually';

// storage.session, in memory: the rule keeps what it last copied there.
const session = new Map<string, unknown>();
vi.mock('../../platform/browser', async () => {
  const { fakeSessionArea } = await import('../../../test/support/fake-session-area');
  return { browser: { storage: { session: fakeSessionArea(session) } } };
});

const { copyIfStillWanted, LATE_AFTER_MS, nextClickOrder, offerLater, pageCopies, takeOffer } = await import('./clipboard-rule');

beforeEach(() => session.clear());

const click = (queuedAt = Date.now()) => ({ queuedAt, clickOrder: nextClickOrder(queuedAt) });
const offerOf = (code: string) => ({ payload: { text: `https://shrtnr.co/${code}` }, shortUrl: `https://shrtnr.co/${code}`, longUrl: `https://example.com/${code}` });

describe('the clipboard rule', () => {
  it('click orders only ever increase, even within one millisecond', () => {
    const orders = Array.from({ length: 5 }, () => nextClickOrder(1_000));
    expect(orders.toSorted((a, b) => a - b)).toEqual(orders);
    expect(new Set(orders).size).toBe(5);
  });

  it('of several clicks, the last one\'s link stays, whatever order the answers come in', async () => {
    const [first, second, third] = [click(), click(), click()];
    const copied: string[] = [];
    const copy = (name: string) => async () => {
      copied.push(name);
      return true;
    };
    // The answers arrive as: third, first, second.
    expect(await copyIfStillWanted(third, copy('third'))).toBe('copy');
    expect(await copyIfStillWanted(first, copy('first'))).toBe('superseded');
    expect(await copyIfStillWanted(second, copy('second'))).toBe('superseded');
    expect(copied).toEqual(['third']);
  });

  it('decides one answer at a time: two arriving together land in click order', async () => {
    const [first, second] = [click(), click()];
    const called: string[] = [];
    // A slow copy: the second click's is under way until the test lets it land.
    const secondLands = deferred<boolean>();
    const decisions = Promise.all([
      copyIfStillWanted(second, () => {
        called.push('second');
        return secondLands.promise;
      }),
      copyIfStillWanted(first, async () => {
        called.push('first');
        return true;
      }),
    ]);
    await eventually(() => expect(called.length).toBeGreaterThan(0));
    // The first click's answer waits for the second's copy to land, not beside it.
    expect(called).toEqual(['second']);
    secondLands.resolve(true);
    expect(await decisions).toEqual(['copy', 'superseded']);
    expect(called).toEqual(['second']);
  });

  it('a failed copy does not count as copied', async () => {
    const [first, second] = [click(), click()];
    expect(await copyIfStillWanted(second, async () => false)).toBe('copy');
    expect(await copyIfStillWanted(first, async () => true)).toBe('copy');
  });

  it('a link that comes long after its click is not copied, and is kept for its notification', async () => {
    const late = click(Date.now() - LATE_AFTER_MS - 1);
    const copy = vi.fn(async () => true);
    expect(await copyIfStillWanted(late, copy)).toBe('late');
    expect(copy).not.toHaveBeenCalled();
    const offer = { payload: { text: '[A page](https://shrtnr.co/Late1)' }, shortUrl: 'https://shrtnr.co/Late1', longUrl: 'https://example.com/page' };
    await offerLater(offer, async () => undefined);
    expect(await takeOffer()).toEqual(offer);
    expect(await takeOffer()).toBeUndefined();
  });

  it('offers one at a time: each notification is shown before the next offer is kept, so a click copies the link it shows', async () => {
    // What the offer notification's click would copy at the moment each notification is shown.
    const copiedOnClick: (string | undefined)[] = [];
    // A slow notification: shown once the test says so; the other offer must not be kept meanwhile.
    const notifications: Deferred<void>[] = [];
    const notify = async () => {
      const shown = deferred<void>();
      notifications.push(shown);
      await shown.promise;
      copiedOnClick.push((session.get('clipboard:offer') as { shortUrl?: string } | undefined)?.shortUrl);
    };
    const offered = Promise.all([offerLater(offerOf('A'), notify), offerLater(offerOf('B'), notify)]);
    await eventually(() => expect(notifications.length).toBeGreaterThan(0));
    expect(notifications).toHaveLength(1);
    notifications[0]?.resolve();
    await eventually(() => expect(notifications).toHaveLength(2));
    notifications[1]?.resolve();
    await offered;
    expect(copiedOnClick).toEqual(['https://shrtnr.co/A', 'https://shrtnr.co/B']);
  });

  it('the popup\'s own copy counts: an earlier click\'s link does not replace it', async () => {
    const [menu, popup] = [click(), click()];
    await pageCopies(popup);
    expect(await copyIfStillWanted(menu, async () => true)).toBe('superseded');
  });

  it('the popup copies after an earlier click\'s copy still on its way, which so cannot land over it', async () => {
    const [menu, popup] = [click(), click()];
    const landed: string[] = [];
    let finishMenuCopy: (() => void) | undefined;
    const menuCopy = copyIfStillWanted(menu, () => new Promise<boolean>((done) => (finishMenuCopy = () => done(landed.push('menu') > 0))));
    await Promise.resolve();
    const popupMayCopy = pageCopies(popup).then(() => landed.push('popup'));
    // The menu's copy is under way and has not landed: the popup waits for it.
    await eventually(() => expect(finishMenuCopy).toBeDefined());
    expect(landed).toEqual([]);
    finishMenuCopy?.();
    await Promise.all([menuCopy, popupMayCopy]);
    expect(landed).toEqual(['menu', 'popup']);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { acceptPageLinkHost, asAcceptedPageLinkHost, forgetPageLinkHost, isAccepted, MAX_PAGE_LINK_HOSTS, PAGE_LINK_HOSTS_KEY, readPageLinkHosts } from './page-link-hosts';
import { memoryArea } from '../../test/support/memory-area';

const area = (stored: Record<string, unknown> = {}) => memoryArea(stored);

const YOUTU = { page: 'www.youtube.com', link: 'youtu.be' };

describe('the short link hosts the user accepted for a page\'s host', () => {
  it('are none at first, and each accepted once, the newest last', async () => {
    const local = area();
    expect(await readPageLinkHosts(local)).toEqual([]);
    await acceptPageLinkHost(local, YOUTU);
    await acceptPageLinkHost(local, { page: 'blog.example', link: 'wp.me' });
    await acceptPageLinkHost(local, YOUTU);
    expect(local.items[PAGE_LINK_HOSTS_KEY]).toEqual([{ page: 'blog.example', link: 'wp.me' }, YOUTU]);
    expect(isAccepted(await readPageLinkHosts(local), YOUTU)).toBe(true);
    // For that page's host only.
    expect(isAccepted(await readPageLinkHosts(local), { page: 'phish.example', link: 'youtu.be' })).toBe(false);
  });

  it('keep the newest ones within their bound, and forget one on request', async () => {
    const local = area();
    for (let index = 0; index <= MAX_PAGE_LINK_HOSTS; index += 1) await acceptPageLinkHost(local, { page: `p${index}.example`, link: 'wp.me' });
    const kept = await readPageLinkHosts(local);
    expect(kept).toHaveLength(MAX_PAGE_LINK_HOSTS);
    expect(kept[0]).toEqual({ page: 'p1.example', link: 'wp.me' });
    await forgetPageLinkHost(local, { page: 'p1.example', link: 'wp.me' });
    expect(isAccepted(await readPageLinkHosts(local), { page: 'p1.example', link: 'wp.me' })).toBe(false);
    expect(await readPageLinkHosts(local)).toHaveLength(MAX_PAGE_LINK_HOSTS - 1);
  });

  it('read as none when what is stored is not such a list: nothing is used without asking', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const stored of ['youtu.be', [{ page: 'www.youtube.com' }], [{ page: 'WWW.YouTube.com', link: 'youtu.be' }], [{ page: 'a.example', link: 'b.example:8443' }]]) {
      expect(await readPageLinkHosts(area({ [PAGE_LINK_HOSTS_KEY]: stored }))).toEqual([]);
    }
    expect(warn).toHaveBeenCalledTimes(4);
    warn.mockRestore();
  });

  it('are hostnames as a URL writes them, whatever the popup sent', () => {
    expect(asAcceptedPageLinkHost({ page: 'xn--bcher-kva.test', link: 'youtu.be', extra: 1 })).toEqual({ page: 'xn--bcher-kva.test', link: 'youtu.be' });
    for (const sent of [undefined, 'youtu.be', { page: 'bücher.test', link: 'youtu.be' }, { page: 'a.example/path', link: 'youtu.be' }, { page: '', link: 'youtu.be' }, { page: 'a.example', link: 'user@b.example' }]) {
      expect(asAcceptedPageLinkHost(sent)).toBeUndefined();
    }
  });
});

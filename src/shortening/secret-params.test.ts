import { describe, expect, it } from 'vitest';
import { secretLookingParams } from './secret-params';

describe('parameters that look like they carry a secret', () => {
  it('are named, as written, once each, from the query and the fragment', () => {
    expect(secretLookingParams('https://bank.example/reset?token=abc&lang=en&token=def')).toEqual(['token']);
    expect(secretLookingParams('https://app.example/cb?code=4/0Ab&state=xyz#access_token=ya29')).toEqual(['code', 'access_token']);
    expect(secretLookingParams('https://s3.example/f?X-Amz-Credential=AK&X-Amz-Signature=9f')).toEqual(['X-Amz-Credential', 'X-Amz-Signature']);
    expect(secretLookingParams('https://x.example/?sessionId=1&api_key=2&Password=3&sig=4&auth=5')).toEqual(['sessionId', 'api_key', 'Password', 'sig', 'auth']);
    expect(secretLookingParams('https://x.example/?reset%5Ftoken=1')).toEqual(['reset_token']);
  });

  it('are none for ordinary addresses, and for words that merely contain a secret word', () => {
    expect(secretLookingParams('https://shop.example/search?q=keyboard&keyword=sig&page=2')).toEqual([]);
    expect(secretLookingParams('https://news.example/2024/05/story#section-2')).toEqual([]);
    expect(secretLookingParams('https://x.example/path/token/abc')).toEqual([]);
    expect(secretLookingParams('not a url')).toEqual([]);
    expect(secretLookingParams('ftp://x.example/?token=1')).toEqual([]);
  });
});

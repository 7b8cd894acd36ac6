import { describe, expect, it } from 'vitest';
import { hasDuplicateKeys } from './duplicate-keys';

describe('hasDuplicateKeys', () => {
  it.each([
    '{"a":1,"a":2}',
    '{"a":1,"b":2,"a":1}',
    '{"a":{},"a":{}}',
    '{"a":1,"\\u0061":2}',
    '{"\\u00E9":1,"\u00e9":2}',
    '{"\\u00e9":1,"\\u00E9":2}',
    '{"\\"":1,"\\u0022":2}',
    '{"\\/":1,"/":2}',
    '{"\\ud83d\\udd17":1,"\u{1f517}":2}',
    '{"\\ud800":1,"\\uD800":2}',
    '{"":1,"":2}',
    '{"__proto__":1,"__proto__":2}',
    ' { "a" : 1 ,\n\t"a" : 2 } ',
    '[1,{"x":[{"a":1,"a":2}]}]',
    '{"data":{"used":1,"urls":{"k":"v"},"urls":{"k":"w"}}}',
    '{"outer":{"a":1},"b":{"c":[{"d":{"e":1,"e":1}}]}}',
    '{"a":"x","b":{"a":"y"},"b":2}',
  ])('finds the duplicate in %s', (json) => {
    expect(() => JSON.parse(json)).not.toThrow();
    expect(hasDuplicateKeys(json)).toBe(true);
  });

  it.each([
    '{}',
    '[]',
    '"a"',
    '1',
    'null',
    '{"a":1,"b":1}',
    '{"a":1,"A":2}',
    '{"a":1,"a ":2}',
    '{"e\u0301":1,"\u00e9":2}',
    '{"a":{"a":{"a":1}}}',
    '[{"a":1},{"a":2}]',
    '{"a":"a","b":"a"}',
    '{"a":["a","a"]}',
    '{"k":"\\"a\\":1,\\"a\\":2"}',
    '{"k":"{\\"a\\":1,\\"a\\":2}"}',
    '{"\\\\":1,"\\\\\\\\":2}',
    '{"a\\\\":1,"a":2}',
    '{"x":{"a":1},"y":{"a":1}}',
    '{"a":[{"b":1},{"b":1}],"b":{"a":1}}',
    '["a","a",{"a":1}]',
    ' { "a" : [ 1 , "b" , { } ] , "b" : { "a" : "," } } ',
  ])('finds none in %s', (json) => {
    expect(() => JSON.parse(json)).not.toThrow();
    expect(hasDuplicateKeys(json)).toBe(false);
  });

  it('reads a string of millions of characters, escaped or not, without running out of stack', () => {
    expect(hasDuplicateKeys(JSON.stringify({ a: 'x'.repeat(10_000_000), b: '"\\'.repeat(1_000_000) }))).toBe(false);
    expect(hasDuplicateKeys(`{"a":${JSON.stringify('{"a":1,"a":2}'.repeat(100_000))},"a":0}`)).toBe(true);
  });

  it('reads a deeply nested text without recursion', () => {
    const depth = 20_000;
    expect(hasDuplicateKeys(`${'{"a":['.repeat(depth)}${']}'.repeat(depth)}`)).toBe(false);
    expect(hasDuplicateKeys(`${'['.repeat(depth)}{"a":1,"a":2}${']'.repeat(depth)}`)).toBe(true);
  });
});

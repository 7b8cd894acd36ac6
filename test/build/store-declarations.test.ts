// What the stores are told agrees with what is built: every permission of
// every built manifest (dist/, after `npm run build`) has its justification in
// docs/permissions.md, whose privacy-practices answers and docs/privacy.md
// name the same data categories as Firefox's manifest declares.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TARGETS } from '../../scripts/build/manifest-targets';

const ROOT = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

interface BuiltManifest {
  permissions?: string[];
  optional_permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
  browser_specific_settings?: { gecko?: { data_collection_permissions?: { required?: string[]; optional?: string[] } } };
}

const builtManifest = (target: string) => JSON.parse(read(`dist/${target}/manifest.json`)) as BuiltManifest;

/** The justification table's rows: `| <kind> \`permission\` | browsers | why |`, by their label as written. */
function justifications(): Map<string, string> {
  const doc = read('docs/permissions.md');
  const rows = [...doc.matchAll(/^\| ((?:host |optional host |optional )?`[^`]+`) \| [^|]+ \| ([^|\n]*) \|$/gm)];
  return new Map(rows.map((row) => [row[1] ?? '', (row[2] ?? '').trim()]));
}

describe.each(TARGETS)('the built %s manifest', (target) => {
  const manifest = builtManifest(target);
  const asked = [
    ...(manifest.permissions ?? []).map((permission) => `\`${permission}\``),
    ...(manifest.optional_permissions ?? []).map((permission) => `optional \`${permission}\``),
    ...(manifest.host_permissions ?? []).map((permission) => `host \`${permission}\``),
    ...(manifest.optional_host_permissions ?? []).map((permission) => `optional host \`${permission}\``),
  ];

  it('has a justification, in docs/permissions.md, for every permission it asks for', () => {
    const why = justifications();
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((label) => (why.get(label) ?? '').length < 20)).toEqual([]);
  });
});

describe('the data declared', () => {
  const firefox = builtManifest('firefox').browser_specific_settings?.gecko?.data_collection_permissions;

  it("is the same in Firefox's manifest, the privacy policy and the Chrome privacy-practices answers", () => {
    expect(firefox).toEqual({ required: ['browsingActivity'] });
    const privacy = read('docs/privacy.md');
    const categoriesInPolicy = [...privacy.matchAll(/^\| [^|]+ \| [^|]+ \| `(\w+)` \|$/gm)].map((row) => row[1]);
    expect(categoriesInPolicy).toEqual(firefox?.required);
    expect(read('docs/permissions.md')).toMatch(/\*\*Data usage\*\*: \*Web history\*: the addresses you shorten/);
    // Edge Add-ons' properties: the same answer, and the same policy.
    expect(read('docs/permissions.md')).toMatch(/\*\*Privacy policy requirements\*\*: yes, the extension transmits personal\s+information: the addresses you shorten/);
    expect(read('docs/permissions.md')).toMatch(/\*\*Privacy policy URL\*\*: \[privacy\.md\]\(privacy\.md\)/);
  });
});

// Draws the toolbar icons (two chain links on a blue tile) into public/icons/
// as PNGs, so the artwork is reproducible without an image editor:
//   npx tsx scripts/make-icons.ts
import { writeFileSync } from 'node:fs';
import { iconPng } from './lib/icon-art.ts';

const SIZES = [16, 32, 48, 128];

for (const size of SIZES) writeFileSync(new URL(`../public/icons/icon-${size}.png`, import.meta.url), iconPng(size));
console.log(`Wrote ${SIZES.length} icons to public/icons/.`);

// A phone's screen, for the pages a phone opens (Firefox for Android opens the popup as a page): 360 × 640
// CSS px, and a finger's pointer, under which every control is at least 44 × 44 CSS px (WCAG 2.5.5).
// The probe is an expression, so Playwright and Puppeteer both evaluate it as it is in the page.

export const PHONE = { width: 360, height: 640 } as const;
export const MIN_TARGET_PX = 44;

export interface PhoneLayout {
  /** The page's viewport width (a vertical scrollbar's included). */
  width: number;
  /** Its content is wider than the room beside the scrollbar: it scrolls sideways. */
  scrollsSideways: boolean;
  /** Every control shown that is smaller than MIN_TARGET_PX either way: "tag "name" W×H". */
  small: string[];
  /** Whether the page sees a finger's pointer (pointer: coarse). */
  coarse: boolean;
}

/**
 * Measures the page. A control's target is its own box, or for a checkbox or radio button its label's (the
 * label takes the tap); a link inside a sentence is left out (WCAG 2.5.5's exception for inline links).
 * No named helper inside: a bundler's keepNames would call a `__name` the page does not have.
 */
export const PHONE_LAYOUT_PROBE = `(() => {
  const min = ${MIN_TARGET_PX} - 0.5;
  const small = [];
  for (const control of document.querySelectorAll('button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="button"]')) {
    const box = control.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || getComputedStyle(control).visibility === 'hidden') continue;
    const parent = control.parentElement;
    if (control.tagName === 'A' && getComputedStyle(control).display === 'inline' && parent !== null && parent.textContent.trim() !== control.textContent.trim()) continue;
    const label = control.type === 'checkbox' || control.type === 'radio' ? control.closest('label') : null;
    const target = label === null ? box : label.getBoundingClientRect();
    if (target.width < min || target.height < min) {
      const name = (control.getAttribute('aria-label') || control.textContent || control.value || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
      small.push(control.tagName.toLowerCase() + ' "' + name + '" ' + Math.round(target.width) + '×' + Math.round(target.height));
    }
  }
  const root = document.documentElement;
  return { width: innerWidth, scrollsSideways: root.scrollWidth > root.clientWidth, small, coarse: matchMedia('(pointer: coarse)').matches };
})()`;

/** What a page at a phone's width must measure: its own width, no sideways scrolling, no control under a finger's size. */
export const FITS_A_PHONE: PhoneLayout = { width: PHONE.width, scrollsSideways: false, small: [], coarse: true };

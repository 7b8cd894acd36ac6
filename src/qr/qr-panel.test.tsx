// @vitest-environment happy-dom
// The QR panel as a person meets it: a picture with a name, two buttons that
// hand a file to the shell. happy-dom has no 2D canvas, so a recording
// context stands in where a test needs pixels, and is read by a QR reader.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { wordsIn } from '../../test/support/locale-catalogue';
import { decodeQr, RasterContext } from '../../test/support/qr-raster';
import { wordsInAnotherScript } from '../../test/support/untranslated-text';
import { WordsContext } from '../ui/words-context';
import { QrPanel } from './qr-panel';

const SHORT_URL = 'https://shrtnr.co/Ab3d';

/** Gives every canvas a recording 2D context, and `toBlob` a blob of the asked type. */
function withCanvas(): Map<HTMLCanvasElement, RasterContext> {
  const contexts = new Map<HTMLCanvasElement, RasterContext>();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    const context = new RasterContext(this.width, this.height);
    contexts.set(this, context);
    return context as unknown as CanvasRenderingContext2D;
  } as unknown as HTMLCanvasElement['getContext']);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, callback: BlobCallback, type?: string) {
    callback(new Blob([`${this.width}x${this.height}`], { type: type ?? 'image/png' }));
  });
  return contexts;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe.each(['en', 'de', 'ar'])('the QR panel in %s', (language) => {
  const words = wordsIn(language);
  const { t } = words;
  const renderPanel = (shortUrl = SHORT_URL) => {
    const onSave = vi.fn<(fileName: string, data: Blob) => void>();
    render(
      <WordsContext.Provider value={words}>
        <QrPanel shortUrl={shortUrl} onSave={onSave} />
      </WordsContext.Provider>,
    );
    return onSave;
  };

  it('shows the code as a picture named for the short link', () => {
    renderPanel();
    const picture = screen.getByRole('img', { name: t('qrCodeLabel', SHORT_URL) });
    expect(picture).toBe(screen.getByTestId('qr-canvas'));
    expect(picture.tagName).toBe('CANVAS');
    expect(wordsInAnotherScript(document.body, language)).toEqual([]);
  });

  it('draws a code a reader decodes to the short link, in whole pixels per module', () => {
    const contexts = withCanvas();
    renderPanel();
    const canvas = screen.getByTestId('qr-canvas') as HTMLCanvasElement;
    const drawn = contexts.get(canvas);
    if (drawn === undefined) throw new Error('Nothing was drawn on the canvas.');
    expect(drawn.width).toBe(canvas.width);
    expect(canvas.width).toBe(canvas.height);
    expect(decodeQr(drawn)).toBe(SHORT_URL);
    // A white quiet zone along the edges, whatever the page's colours.
    expect(drawn.pixel(0, 0)).toEqual([255, 255, 255, 255]);
    expect(drawn.pixel(canvas.width - 1, canvas.height - 1)).toEqual([255, 255, 255, 255]);
  });

  it('still shows the picture and buttons where there is no 2D context', () => {
    renderPanel();
    expect(screen.getByTestId('qr-canvas').tagName).toBe('CANVAS');
    expect(screen.getByRole('button', { name: t('qrDownloadPng') }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: t('qrDownloadSvg') }).hasAttribute('disabled')).toBe(false);
  });

  it('hands the shell a PNG named after the short code', async () => {
    withCanvas();
    const onSave = renderPanel();
    fireEvent.click(screen.getByRole('button', { name: t('qrDownloadPng') }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const [fileName, data] = onSave.mock.calls[0] ?? [];
    expect(fileName).toBe('Ab3d.png');
    expect(data?.type).toBe('image/png');
  });

  it('hands the shell an SVG named after the short code', async () => {
    const onSave = renderPanel('https://sho.rt/a-b_c');
    fireEvent.click(screen.getByRole('button', { name: t('qrDownloadSvg') }));
    expect(onSave).toHaveBeenCalledTimes(1);
    const [fileName, data] = onSave.mock.calls[0] ?? [];
    expect(fileName).toBe('a-b_c.svg');
    expect(data?.type).toBe('image/svg+xml');
    expect(await data?.text()).toMatch(/^<\?xml[^>]*\?>\s*<svg\b[\s\S]*<\/svg>\s*$/);
  });

  it('says so, and saves nothing, when the PNG cannot be made', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const onSave = renderPanel();
    fireEvent.click(screen.getByRole('button', { name: t('qrDownloadPng') }));
    expect((await screen.findByRole('alert')).textContent).toBe(t('qrFailed'));
    expect(onSave).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('PNG'), expect.any(String));
  });

  it('says so when the link cannot fit in a QR code', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderPanel(`https://shrtnr.co/${'x'.repeat(8000)}`);
    expect(screen.getByRole('alert').textContent).toBe(t('qrFailed'));
    expect(screen.queryByTestId('qr-canvas')).toBeNull();
    expect(warn).toHaveBeenCalled();
  });
});

import { errorText } from '../platform/error-text';
// Loaded only on demand (`import('../qr/qr-panel')`), with lean-qr and its
// styles, so a popup that never shows a code never pays for it.
import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useWords } from '../ui/words-context';
import { drawQr, qrModules, qrPngBlob, qrSide, qrSvg, shortCodeFileName } from './qr-code';
import './qr-panel.css';

/** About how wide the code shows, in CSS pixels; rounded so each module is whole device pixels. */
const DISPLAY_SIZE = 192;

export interface QrPanelProps {
  shortUrl: string;
  /** Saves a file the user asked for; the shell does the download. */
  onSave(fileName: string, data: Blob): void;
}

export function QrPanel({ shortUrl, onSave }: QrPanelProps) {
  const { t } = useWords();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  const code = useMemo(() => {
    try {
      return qrModules(shortUrl);
    } catch (error) {
      // Only a link far longer than any short link overflows a QR code.
      console.warn('Shrtnr: no QR code for this link.', errorText(error));
      return undefined;
    }
  }, [shortUrl]);

  const ratio = globalThis.devicePixelRatio > 0 ? globalThis.devicePixelRatio : 1;
  const side = code === undefined ? 0 : qrSide(code);
  const scale = Math.max(1, Math.round((DISPLAY_SIZE * ratio) / Math.max(side, 1)));

  useLayoutEffect(() => {
    // No 2D context where there is no real canvas (component tests): the rest still works.
    const context = canvas.current?.getContext('2d');
    if (code !== undefined && context) drawQr(context, code, scale);
  }, [code, scale]);

  if (code === undefined) {
    return (
      <p class="error-message" role="alert">
        {t('qrFailed')}
      </p>
    );
  }

  const savePng = () => {
    qrPngBlob(shortUrl).then(
      (blob) => onSave(shortCodeFileName(shortUrl, 'png'), blob),
      (error: unknown) => {
        console.warn('Shrtnr: the QR code could not be saved as PNG.', errorText(error));
        setFailed(true);
      },
    );
  };
  const saveSvg = () => onSave(shortCodeFileName(shortUrl, 'svg'), new Blob([qrSvg(shortUrl)], { type: 'image/svg+xml' }));

  return (
    <div class="qr-panel">
      <canvas
        ref={canvas}
        class="qr-canvas"
        role="img"
        aria-label={t('qrCodeLabel', shortUrl)}
        data-testid="qr-canvas"
        width={side * scale}
        height={side * scale}
        style={{ width: `${(side * scale) / ratio}px` }}
      />
      <div class="qr-actions">
        <button type="button" class="secondary-button" onClick={savePng}>
          {t('qrDownloadPng')}
        </button>
        <button type="button" class="secondary-button" onClick={saveSvg}>
          {t('qrDownloadSvg')}
        </button>
      </div>
      {failed && (
        <p class="error-message" role="alert">
          {t('qrFailed')}
        </p>
      )}
    </div>
  );
}

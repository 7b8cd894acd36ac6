import { useEffect, useRef } from 'preact/hooks';
import { useWords } from '../ui/words-context';
import type { QrState } from './view-types';

/** Under a row: the QR panel once its module has loaded, or word of the loading, or of its failure. */
export function QrSlot({ qr, onSave }: { qr: QrState; onSave(fileName: string, data: Blob): void }) {
  const { t } = useWords();
  switch (qr.phase) {
    case 'loading':
      return (
        <p class="hint" role="status">
          {t('qrLoading')}
        </p>
      );
    case 'failed':
      return (
        <p class="field-error" role="alert">
          {t('qrLoadFailed')}
        </p>
      );
    case 'ready':
      return <ShownQr qr={qr} onSave={onSave} />;
  }
}

/**
 * The panel, scrolled into full view as it appears: opened near the bottom of
 * the window it would sit under the sticky status bar (its Download buttons
 * covered); the row's scroll margin keeps it above the bar.
 */
function ShownQr({ qr, onSave }: { qr: Extract<QrState, { phase: 'ready' }>; onSave(fileName: string, data: Blob): void }) {
  const shown = useRef<HTMLDivElement>(null);
  useEffect(() => shown.current?.scrollIntoView?.({ block: 'nearest' }), [qr.shortUrl]);
  return (
    <div ref={shown}>
      <qr.Panel shortUrl={qr.shortUrl} onSave={onSave} />
    </div>
  );
}
